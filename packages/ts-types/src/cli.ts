#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer } from './server.js';

// One server for the session keeps every language service warm between calls.
const server = buildServer();
const handle = serveStdio(() => server, { legacy: 'serve' });
const stop = () => {
  void handle.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('close', stop);
