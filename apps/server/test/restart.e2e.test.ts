import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processAlive } from '@boocode/mcp-server-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everythingBin } from '../src/testing/harness.js';
import { startScriptedModel } from '../src/testing/scripted-model.js';

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli/main.js');
const children: ChildProcess[] = [];
const cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const fn of cleanup.splice(0)) await fn();
});

/** Starts the real `boocode serve` binary and resolves with its URL once it listens. */
async function boot(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { ...process.env, ...env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`boocode exited (${code}): ${log}`)));
    setTimeout(() => reject(new Error(`boocode did not start: ${log}`)), 20_000);
  });
  return { url, child };
}

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json() as Promise<any>;

describe('boocode serve, killed mid-turn', () => {
  it('leaves the session readable and marks the turn interrupted on the next start', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'boocode-e2e-'));
    cleanup.push(() => rm(root, { recursive: true, force: true }));
    await mkdir(path.join(root, 'ws'));
    await writeFile(
      path.join(root, 'mcp.json'),
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [everythingBin, 'stdio'] } },
      }),
    );
    const model = await startScriptedModel([{ text: 'I was halfway through explaining', hang: true }]);
    cleanup.push(model.close);
    const env = {
      DATA_DIR: path.join(root, 'data'),
      WORKSPACE_DIR: path.join(root, 'ws'),
      MCP_CONFIG_PATH: path.join(root, 'mcp.json'),
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'scripted',
    };
    const first = await boot(env);
    const session = await json(`${first.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await fetch(`${first.url}/api/sessions/${session.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'explain everything' }),
    });
    // The partial answer must reach the database while the turn still runs (flushed ≤ 500 ms).
    await vi.waitFor(
      async () => {
        const now = await json(`${first.url}/api/sessions/${session.id}`);
        expect(now.messages[1]?.parts[0]?.text).toBe('I was halfway through explaining');
      },
      { timeout: 5_000 },
    );
    await new Promise((r) => setTimeout(r, 600));
    const mcp = await json(`${first.url}/api/mcp`);
    const mcpPid: number = mcp.servers[0].pid;
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await boot(env);
    const after = await json(`${second.url}/api/sessions/${session.id}`);
    expect(after.turns).toEqual([
      expect.objectContaining({ status: 'interrupted', error: expect.stringMatching(/server stopped/) }),
    ]);
    expect(after.messages[0].parts[0].text).toBe('explain everything');
    expect(after.messages[1]).toMatchObject({
      status: 'interrupted',
      parts: [expect.objectContaining({ text: 'I was halfway through explaining' })],
    });
    expect(after.runningTurnId).toBeNull();

    // A graceful stop reaps the MCP children it started.
    const mcp2 = await json(`${second.url}/api/mcp`);
    const pid2: number = mcp2.servers[0].pid;
    second.child.kill('SIGTERM');
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(0);
    expect(processAlive(pid2)).toBe(false);
    // The first server's child saw its stdin close when its parent was killed, and exited.
    await vi.waitFor(() => expect(processAlive(mcpPid)).toBe(false), { timeout: 5_000 });
  });
});
