import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpHub } from '../src/registry/hub.js';
import { SAFE_TOOL_NAME } from '../src/tools/names.js';
import type { HubTool } from '../src/types.js';
import {
  everythingBin,
  filesystemBin,
  fixture,
  freePort,
  isAlive,
  startHttpServer,
  stdio,
  tempDir,
} from './helpers.js';

const modern = fixture('modern-server.mjs');
const misbehaving = fixture('misbehaving-server.mjs');
const hubs: McpHub[] = [];

function track(hub: McpHub): McpHub {
  hubs.push(hub);
  return hub;
}

afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});

const stateOf = (hub: McpHub, name: string) => hub.status().find((s) => s.name === name);

describe('McpHub against a 2026-07-28 server over stdio', () => {
  it('negotiates the current protocol, names tools safely and applies the read-only invariant', async () => {
    const hub = track(new McpHub([stdio('modern', modern)]));
    await hub.start();
    const status = stateOf(hub, 'modern');
    expect(status).toMatchObject({
      state: 'connected',
      transport: 'stdio',
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'fixture-modern', version: '1.2.3' },
    });
    const names = hub.listTools().map((t) => t.name);
    expect(names).toContain('modern_echo');
    expect(names).not.toContain('modern_delete_everything');
    expect(status?.rejected).toEqual([
      { name: 'delete_everything', reason: expect.stringMatching(/readOnlyHint: false/) },
    ]);
    for (const name of names) expect(name).toMatch(SAFE_TOOL_NAME);
    expect(names).toEqual([...names].sort());
    const long = hub.listTools().find((t) => t.originalName.length > 64);
    expect(long?.name.length).toBeLessThanOrEqual(64);
    expect(status?.renamed[0]).toMatchObject({ from: long?.originalName, to: long?.name });
    expect(await hub.callTool(long?.name ?? '', {})).toEqual({ error: false, output: 'long' });
  });

  it('routes calls back and turns error results into { error: true }', async () => {
    const hub = track(new McpHub([stdio('modern', modern)]));
    await hub.start();
    expect(await hub.callTool('modern_echo', { message: 'hi' })).toEqual({
      error: false,
      output: 'echo: hi',
    });
    expect(await hub.callTool('modern_fail', {})).toEqual({ error: true, output: 'no such file: nope.txt' });
    const unknown = await hub.callTool('modern_nope', {});
    expect(unknown.error).toBe(true);
    expect(unknown.output).toMatch(/unknown tool "modern_nope"/);
  });

  it('caps a 10 MB result at 5 MB with a truncation marker', async () => {
    const hub = track(new McpHub([stdio('modern', modern)]));
    await hub.start();
    const result = await hub.callTool('modern_big', { mb: 10 });
    expect(result.error).toBe(false);
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.output)).toBeLessThan(5 * 1024 * 1024 + 200);
    expect(result.output).toMatch(/\[truncated: 5242880 of 10485760 bytes cut/);
  });

  it('times a call out, cancels it, and keeps the server usable', async () => {
    const hub = track(new McpHub([stdio('modern', modern, [], { callTimeoutMs: 300 })]));
    await hub.start();
    const started = Date.now();
    const result = await hub.callTool('modern_sleep', { ms: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result).toEqual({ error: true, output: expect.stringMatching(/did not answer within 300 ms/) });
    await vi.waitFor(() =>
      expect(stateOf(hub, 'modern')?.stderrTail).toContain('sleep 5000 cancelled by client'),
    );
    expect(await hub.callTool('modern_echo', { message: 'still here' })).toEqual({
      error: false,
      output: 'echo: still here',
    });
  });

  it('lets progress notifications extend the timer', async () => {
    const hub = track(new McpHub([stdio('modern', modern, [], { callTimeoutMs: 400 })]));
    await hub.start();
    const result = await hub.callTool('modern_sleep', { ms: 1_200, progressEvery: 100 });
    expect(result).toEqual({ error: false, output: 'slept 1200' });
  });

  it('ends a call that reports progress forever at ten times its timeout', async () => {
    const hub = track(new McpHub([stdio('modern', modern, [], { callTimeoutMs: 60 })]));
    await hub.start();
    const started = performance.now();
    const result = await hub.callTool('modern_sleep', { ms: 5_000, progressEvery: 20 });
    expect(result.error).toBe(true);
    expect(result.output).toMatch(/kept reporting progress but did not finish within 600 ms/);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('stops a call when the caller aborts', async () => {
    const hub = track(new McpHub([stdio('modern', modern)]));
    await hub.start();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const result = await hub.callTool('modern_sleep', { ms: 5_000 }, { signal: controller.signal });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result).toEqual({ error: true, output: expect.stringMatching(/cancelled/) });
    await vi.waitFor(() =>
      expect(stateOf(hub, 'modern')?.stderrTail).toContain('sleep 5000 cancelled by client'),
    );
  });

  it('connects a current server too slow to answer the version probe in time (a busy machine)', async () => {
    // It starts 3.5 s late: the probe (3 s) gives up, the 2025 `initialize` that follows is refused
    // by a server that took 2026-07-28 meanwhile; the hub tries once more, waiting for the probe.
    const args = ['stdio', '--startup-delay', '3500', '--one-instance'];
    const hub = track(new McpHub([stdio('slow', modern, args, { timeoutMs: 20_000 })]));
    await hub.start();
    expect(stateOf(hub, 'slow'), JSON.stringify(stateOf(hub, 'slow'))).toMatchObject({
      state: 'connected',
      protocolVersion: '2026-07-28',
    });
    expect(await hub.callTool('slow_echo', { message: 'late' })).toEqual({
      error: false,
      output: 'echo: late',
    });
  }, 30_000);

  it('survives a server that prints noise on stdout, keeping it out of results', async () => {
    const hub = track(new McpHub([stdio('noisy', modern, ['stdio', '--noise'])]));
    await hub.start();
    expect(stateOf(hub, 'noisy')?.state).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await hub.callTool('noisy_echo', { message: 'x' })).toEqual({ error: false, output: 'echo: x' });
    expect(stateOf(hub, 'noisy')?.stderrTail.join('\n')).toMatch(/not json at all/);
  });
});

describe('McpHub degradation per server', () => {
  it('connects concurrently: a hung and a dead server cost one timeout, not the sum, and block nobody', async () => {
    const hub = track(
      new McpHub([
        stdio('hangs', misbehaving, ['hang'], { timeoutMs: 1_500 }),
        stdio('hangs2', misbehaving, ['hang'], { timeoutMs: 1_500 }),
        stdio('garbage', misbehaving, ['garbage-only'], { timeoutMs: 1_500 }),
        stdio('exits', misbehaving, ['exit']),
        { name: 'missing', transport: 'stdio', command: 'boocode-no-such-command', args: [], enabled: true },
        stdio('modern', modern),
      ]),
    );
    const started = Date.now();
    await hub.start();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(3_500);
    expect(stateOf(hub, 'hangs')).toMatchObject({ state: 'failed', error: 'timed out after 1500 ms' });
    expect(stateOf(hub, 'garbage')).toMatchObject({ state: 'failed', error: 'timed out after 1500 ms' });
    expect(stateOf(hub, 'garbage')?.stderrTail.join('\n')).toMatch(/not JSON-RPC/);
    expect(stateOf(hub, 'exits')?.state).toBe('failed');
    expect(stateOf(hub, 'exits')?.error).toMatch(/exit code 3.*missing API key FOO_TOKEN/);
    expect(stateOf(hub, 'missing')).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/command not found: boocode-no-such-command/),
    });
    expect(stateOf(hub, 'modern')?.state).toBe('connected');
    expect(await hub.callTool('modern_echo', { message: 'ok' })).toEqual({
      error: false,
      output: 'echo: ok',
    });
  });

  it('marks a server that crashes mid-call unavailable, answers its tools at once, and reconnects', async () => {
    const hub = track(new McpHub([stdio('modern', modern), stdio('other', modern)]));
    await hub.start();
    const pid = stateOf(hub, 'modern')?.pid;
    expect(pid).toBeTypeOf('number');
    const changes: HubTool[][] = [];
    hub.on('toolsChanged', (tools) => changes.push(tools));
    const crashed = await hub.callTool('modern_crash', {});
    expect(crashed.error).toBe(true);
    expect(crashed.output).toMatch(/unavailable/);
    const status = stateOf(hub, 'modern');
    expect(status?.state).toBe('unavailable');
    expect(status?.error).toMatch(/exit code 7/);
    expect(status?.error).toMatch(/about to crash on purpose/);
    const started = Date.now();
    const after = await hub.callTool('modern_echo', { message: 'x' });
    expect(after.error).toBe(true);
    expect(after.output).toMatch(/MCP server "modern" is unavailable.*exit code 7.*reconnect/);
    expect(Date.now() - started).toBeLessThan(100);
    expect(hub.listTools().every((t) => t.server === 'other')).toBe(true);
    expect(changes.length).toBeGreaterThan(0);
    expect(await hub.callTool('other_echo', { message: 'fine' })).toEqual({
      error: false,
      output: 'echo: fine',
    });
    const again = await hub.reconnect('modern');
    expect(again.state).toBe('connected');
    expect(await hub.callTool('modern_echo', { message: 'back' })).toEqual({
      error: false,
      output: 'echo: back',
    });
  });

  it('turns a server on and off while running: its tools come and go, its process is reaped', async () => {
    const hub = track(new McpHub([stdio('modern', modern, [], { enabled: false }), stdio('other', modern)]));
    await hub.start();
    expect(stateOf(hub, 'modern')?.state).toBe('disabled');
    expect(hub.listTools().some((t) => t.server === 'modern')).toBe(false);
    const on = await hub.setEnabled('modern', true);
    expect(on.state).toBe('connected');
    expect(await hub.callTool('modern_echo', { message: 'on' })).toEqual({
      error: false,
      output: 'echo: on',
    });
    const pid = on.pid as number;
    const lines: [string, string][] = [];
    hub.on('stderr', (server, line) => lines.push([server, line]));
    await hub.callTool('modern_crash', {});
    expect(lines).toContainEqual(['modern', 'about to crash on purpose']);
    await hub.reconnect('modern');
    const off = await hub.setEnabled('modern', false);
    expect(off).toMatchObject({ state: 'disabled', toolCount: 0 });
    expect(off.error).toBeUndefined();
    expect(isAlive(pid)).toBe(false);
    expect(hub.listTools().every((t) => t.server === 'other')).toBe(true);
    const late = await hub.callTool('modern_echo', { message: 'x' });
    expect(late.output).toMatch(/MCP server "modern" is disabled/);
    await expect(hub.setEnabled('nope', true)).rejects.toMatchObject({ code: 'UNKNOWN_SERVER' });
  });

  it('walks tools/list pages, skips an invalid schema alone, and re-lists on list_changed', async () => {
    const hub = track(new McpHub([stdio('paged', misbehaving, ['paged'])]));
    await hub.start();
    expect(stateOf(hub, 'paged')).toMatchObject({ state: 'connected', protocolVersion: '2025-06-18' });
    expect(hub.listTools().map((t) => t.name)).toEqual(['paged_alpha', 'paged_beta']);
    expect(stateOf(hub, 'paged')?.rejected).toEqual([
      { name: 'broken', reason: expect.stringMatching(/invalid input schema/) },
    ]);
    const changed = new Promise<HubTool[]>((resolve) => hub.once('toolsChanged', resolve));
    await hub.callTool('paged_alpha', {});
    const tools = await changed;
    expect(tools.map((t) => t.name)).toEqual(['paged_alpha', 'paged_gamma']);
  });

  it('renames a tool that would shadow a native tool', async () => {
    const hub = track(new McpHub([stdio('modern', modern)], { reservedNames: ['modern_echo'] }));
    await hub.start();
    const echo = hub.listTools().find((t) => t.originalName === 'echo');
    expect(echo?.name).toMatch(/^modern_echo_[0-9a-f]{8}$/);
    expect(await hub.callTool(echo?.name ?? '', { message: 'r' })).toEqual({
      error: false,
      output: 'echo: r',
    });
  });

  it('leaves no process behind after close()', async () => {
    const hub = new McpHub([
      stdio('a', modern),
      stdio('b', misbehaving, ['paged']),
      stdio('c', everythingBin, ['stdio']),
    ]);
    await hub.start();
    const pids = hub.status().map((s) => s.pid);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    await hub.close();
    for (const pid of pids) expect(isAlive(pid as number)).toBe(false);
    expect(hub.listTools()).toEqual([]);
  });

  it('escalates to SIGKILL for a server that ignores SIGTERM', async () => {
    const hub = new McpHub([stdio('stubborn', modern, ['stdio', '--stubborn'])], { killGraceMs: 300 });
    await hub.start();
    const pid = stateOf(hub, 'stubborn')?.pid as number;
    const started = Date.now();
    await hub.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(isAlive(pid)).toBe(false);
  });
});

describe('McpHub against real npm servers', () => {
  it('falls back to the 2025 handshake with server-everything over stdio', async () => {
    const hub = track(new McpHub([stdio('everything', everythingBin, ['stdio'])]));
    await hub.start();
    const status = stateOf(hub, 'everything');
    expect(status?.state).toBe('connected');
    expect(status?.protocolVersion).toMatch(/^2025-/);
    expect(status?.rejected.map((r) => r.name)).toContain('toggle-simulated-logging');
    expect(await hub.callTool('everything_echo', { message: 'hello' })).toEqual({
      error: false,
      output: 'Echo: hello',
    });
    const image = await hub.callTool('everything_get-tiny-image', {});
    expect(image.output).toMatch(/\[image: image\/png, [\d.]+ (KB|B)\]/);
    expect(image.output).not.toMatch(/iVBORw0KGgo/);
    const sum = await hub.callTool('everything_get-sum', { a: 2, b: 3 });
    expect(sum.output).toMatch(/5/);
  });

  it("passes server-everything's progress notifications to the caller and as hub events", async () => {
    const hub = track(new McpHub([stdio('everything', everythingBin, ['stdio'])]));
    await hub.start();
    const seen: number[] = [];
    const events: string[] = [];
    hub.on('toolProgress', (e) => events.push(`${e.server} ${e.tool} ${e.progress}/${e.total}`));
    const result = await hub.callTool(
      'everything_trigger-long-running-operation',
      { duration: 0.6, steps: 3 },
      { onProgress: (p) => seen.push(p.progress / (p.total ?? 1)) },
    );
    expect(result.error).toBe(false);
    // The last step's notification races the result (the SDK may settle the call first).
    expect(seen.slice(0, 2)).toEqual([1 / 3, 2 / 3]);
    expect(events.slice(0, 2)).toEqual(
      [1, 2].map((n) => `everything everything_trigger-long-running-operation ${n}/3`),
    );
  });

  it('reads files through server-filesystem and refuses its write tools', async () => {
    const dir = await tempDir('hub-fs-');
    await writeFile(path.join(dir, 'hello.txt'), 'hello from disk');
    const hub = track(new McpHub([stdio('fs', filesystemBin, [dir])]));
    await hub.start();
    const names = hub.listTools().map((t) => t.name);
    expect(names).toContain('fs_read_text_file');
    expect(names).not.toContain('fs_write_file');
    expect(stateOf(hub, 'fs')?.rejected.map((r) => r.name)).toEqual(
      expect.arrayContaining(['write_file', 'edit_file']),
    );
    const read = await hub.callTool('fs_read_text_file', { path: path.join(dir, 'hello.txt') });
    expect(read).toEqual({ error: false, output: 'hello from disk' });
    const outside = await hub.callTool('fs_read_text_file', { path: '/etc/hostname' });
    expect(outside.error).toBe(true);
  });

  it('speaks Streamable HTTP to server-everything (2025) and to a 2026-07-28 server on loopback', async () => {
    const everything = await startHttpServer(
      [everythingBin, 'streamableHttp'],
      { PORT: String(await freePort()) },
      /port (\d+)/,
    );
    const current = await startHttpServer([modern, 'http', '0']);
    try {
      const hub = track(
        new McpHub([
          { name: 'ehttp', transport: 'streamableHttp', url: everything.url, enabled: true },
          { name: 'mhttp', transport: 'streamableHttp', url: current.url, enabled: true },
          {
            name: 'down',
            transport: 'streamableHttp',
            url: 'http://127.0.0.1:9/mcp',
            enabled: true,
            timeoutMs: 2_000,
          },
        ]),
      );
      await hub.start();
      expect(stateOf(hub, 'ehttp')).toMatchObject({
        state: 'connected',
        protocolVersion: expect.stringMatching(/^2025-/),
      });
      expect(stateOf(hub, 'mhttp')).toMatchObject({ state: 'connected', protocolVersion: '2026-07-28' });
      expect(stateOf(hub, 'down')?.state).toBe('failed');
      expect(await hub.callTool('ehttp_echo', { message: 'over http' })).toEqual({
        error: false,
        output: 'Echo: over http',
      });
      expect(await hub.callTool('mhttp_echo', { message: 'modern http' })).toEqual({
        error: false,
        output: 'echo: modern http',
      });
      // SEP-2243: x-mcp-header parameters ride along as Mcp-Param-* headers, unsafe text in base64,
      // a missing one omitted; the schema is listed as the server sent it, annotations included.
      const where = hub.listTools().find((t) => t.name === 'mhttp_where');
      expect(where?.inputSchema).toMatchObject({ properties: { region: { 'x-mcp-header': 'Region' } } });
      const seen = await hub.callTool('mhttp_where', { region: 'Zürich', note: null });
      expect(JSON.parse(seen.output)).toEqual({
        'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
      });
      const plain = await hub.callTool('mhttp_where', { region: 'us-west1', tier: 2 });
      expect(JSON.parse(plain.output)).toEqual({ 'mcp-param-region': 'us-west1', 'mcp-param-tier': '2' });
    } finally {
      await everything.stop();
      await current.stop();
    }
  });
});
