import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, tempDir } from '../../test/helpers.js';
import { type CliIo, runMcpCli } from './mcp-cli.js';

async function configFile(servers: Record<string, unknown>): Promise<string> {
  const dir = await tempDir('mcp-cli-');
  const file = path.join(dir, 'mcp.json');
  await writeFile(file, JSON.stringify({ mcpServers: servers }));
  return file;
}

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env: {} };
}

const modern = { command: process.execPath, args: [fixture('modern-server.mjs')] };

describe('boocode mcp list', () => {
  it('prints every server with state and tools as JSON, exiting 0 even when one failed', async () => {
    const file = await configFile({
      m: modern,
      dead: { command: 'boocode-no-such-cmd' },
      off: { url: 'https://x', enabled: false },
    });
    const io = capture();
    expect(await runMcpCli(['list', '--config', file, '--json'], io)).toBe(0);
    const { servers } = JSON.parse(io.stdout.join('\n'));
    expect(servers.map((s: { name: string; state: string }) => [s.name, s.state])).toEqual([
      ['m', 'connected'],
      ['dead', 'failed'],
      ['off', 'disabled'],
    ]);
    const m = servers[0];
    expect(m).toMatchObject({ transport: 'stdio', protocolVersion: '2026-07-28', error: null });
    expect(m.tools).toContainEqual({
      name: 'm_echo',
      server: 'm',
      originalName: 'echo',
      description: 'Echoes the message',
    });
    expect(m.rejected).toEqual([{ name: 'delete_everything', reason: expect.any(String) }]);
    expect(servers[1].error).toMatch(/command not found/);
  });

  it('prints a readable listing', async () => {
    const file = await configFile({ m: modern });
    const io = capture();
    await runMcpCli(['list', '--config', file], io);
    expect(io.stdout.join('\n')).toMatch(
      /^m: connected \(stdio, protocol 2026-07-28, fixture-modern 1.2.3, 6 tools\)/,
    );
    expect(io.stdout.join('\n')).toMatch(/rejected delete_everything/);
  });
});

describe('boocode mcp call', () => {
  it('calls one tool and prints the host-format result', async () => {
    const file = await configFile({ m: modern });
    const io = capture();
    expect(await runMcpCli(['call', 'm_echo', '{"message":"hi"}', '--config', file, '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout.join(''))).toEqual({ error: false, output: 'echo: hi' });
  });

  it('exits 1 on an error result and 2 on bad arguments', async () => {
    const file = await configFile({ m: modern });
    const failed = capture();
    expect(await runMcpCli(['call', 'm_fail', '--config', file, '--json'], failed)).toBe(1);
    expect(JSON.parse(failed.stdout.join(''))).toEqual({ error: true, output: 'no such file: nope.txt' });
    const bad = capture();
    expect(await runMcpCli(['call', 'm_echo', '[1]', '--config', file], bad)).toBe(2);
    expect(bad.stderr.join('')).toMatch(/must be a JSON object/);
  });

  it('rejects unknown commands with usage', async () => {
    const io = capture();
    expect(await runMcpCli(['frobnicate'], io)).toBe(2);
    expect(io.stderr.join('')).toMatch(/usage/);
  });
});
