import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** mcp-hub's fixture servers (real MCP SDK servers), shared with BooCode's and the page's tests. */
export const hubFixture = (name: string) =>
  fileURLToPath(new URL(`../../../../packages/mcp-hub/test/fixtures/${name}`, import.meta.url));

/**
 * The OAuth-protected MCP server fixture on loopback (the SDK's auth router, approving every
 * login at once). Its URL names `localhost`, as its metadata does; `stop` kills it.
 */
export async function startOAuthServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [hubFixture('oauth-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
    child.once('exit', (code) => reject(new Error(`the OAuth fixture exited (${code})`)));
  });
  return { url: `http://localhost:${port}/mcp`, stop: () => child.kill('SIGKILL') };
}
