import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import type { ServerEntry } from '../src/config/schema.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const fixture = (name: string) => path.join(here, 'fixtures', name);
export const everythingBin = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
export const filesystemBin = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

export function stdio(
  name: string,
  script: string,
  args: string[] = [],
  extra: Partial<ServerEntry> = {},
): ServerEntry {
  return {
    name,
    transport: 'stdio',
    command: process.execPath,
    args: [script, ...args],
    enabled: true,
    ...extra,
  };
}

export { processAlive as isAlive } from '@boocode/mcp-server-kit';

/** Starts an HTTP MCP server that prints `{"port":N}` (our fixture) or listens on PORT (server-everything). */
export async function startHttpServer(
  args: string[],
  env: Record<string, string> = {},
  readyPattern = /"port":(\d+)/,
) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = readyPattern.exec(seen);
      if (match?.[1]) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`HTTP server exited early (${code}): ${seen}`)));
    setTimeout(() => reject(new Error(`HTTP server did not start: ${seen}`)), 15_000);
  });
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A port that was free a moment ago, for servers that cannot be told to pick one themselves. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A fresh directory removed when the current test finishes. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
