#!/usr/bin/env node
import { runMcpCli } from '@boocode/mcp-hub';
import { serve } from './serve.js';

const USAGE = `usage:
  boocode [serve]                 start the BooCode server (configured by environment variables; see README)
  boocode mcp list|call …         inspect and call the MCP servers of mcp.json`;

const [command = 'serve', ...rest] = process.argv.slice(2);
switch (command) {
  case 'serve':
    await serve();
    break;
  case 'mcp':
    process.exitCode = await runMcpCli(rest);
    break;
  case '-h':
  case '--help':
  case 'help':
    console.log(USAGE);
    break;
  default:
    console.error(`unknown command "${command}"\n${USAGE}`);
    process.exitCode = 2;
}
