import type { McpServer } from '@modelcontextprotocol/server';
import { cliArgs } from './cli.js';
import { packageInfo } from './version.js';

/**
 * The whole bin of an MCP server that takes no flags: `--help`/`--version` answer before the SDK
 * or the server's code loads, then one server instance is served over stdio for the session.
 */
export async function runServerBin(name: string, moduleUrl: string, build: () => Promise<McpServer>) {
  const { version } = packageInfo(moduleUrl);
  cliArgs({
    name,
    version,
    usage: `usage: ${name}              serve MCP over stdio (every tool takes an absolute \`root\`)\n       ${name} --help | --version`,
    options: {},
  });
  const [{ serveUntilClosed }, server] = await Promise.all([import('./stdio.js'), build()]);
  return serveUntilClosed(server);
}
