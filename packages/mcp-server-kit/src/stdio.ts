import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/**
 * Serves one server instance over stdio for the whole session (so its caches stay warm) until
 * the host closes stdin or sends SIGTERM/SIGINT; `beforeExit` runs once, first (children to reap).
 */
export function serveUntilClosed(server: McpServer, beforeExit: () => Promise<void> = async () => {}) {
  const handle = serveStdio(() => server, { legacy: 'serve' });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await beforeExit().catch(() => {});
    await handle.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('close', () => void stop());
  return handle;
}
