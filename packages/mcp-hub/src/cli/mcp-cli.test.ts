import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { everythingBin, fixture, tempDir } from '../../test/helpers.js';
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
    // Each tool's schemas as the server sent them (an x-mcp-header annotation kept).
    expect(m.tools).toContainEqual({
      name: 'm_echo',
      server: 'm',
      originalName: 'echo',
      description: 'Echoes the message',
      inputSchema: expect.objectContaining({ type: 'object', properties: { message: { type: 'string' } } }),
      outputSchema: null,
    });
    const where = m.tools.find((t: { name: string }) => t.name === 'm_where');
    expect(where.inputSchema.properties.region).toMatchObject({ 'x-mcp-header': 'Region' });
    expect(m.rejected).toEqual([{ name: 'delete_everything', reason: expect.any(String) }]);
    expect(servers[1].error).toMatch(/command not found/);
  });

  it('prints a readable listing', async () => {
    const file = await configFile({ m: modern });
    const io = capture();
    await runMcpCli(['list', '--config', file], io);
    expect(io.stdout.join('\n')).toMatch(
      /^m: connected \(stdio, protocol 2026-07-28, fixture-modern 1.2.3, 9 tools\)/,
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

  it("shows the server's progress as one line, cleared before the result", async () => {
    const file = await configFile({ m: modern });
    const lines: (string | undefined)[] = [];
    const io = { ...capture(), progress: (line: string | undefined) => lines.push(line) };
    expect(await runMcpCli(['call', 'm_sleep', '{"ms":400,"progressEvery":50}', '--config', file], io)).toBe(
      0,
    );
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[0]).toBe('m_sleep: working');
    expect(lines.at(-1)).toBeUndefined();
    expect(io.stdout.join('')).toBe('slept 400');
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

describe('boocode mcp with a config it cannot use', () => {
  it('exits 1 with the error on stderr and in --json output for invalid JSON', async () => {
    const dir = await tempDir('mcp-cli-');
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{\n  "mcpServers": {\n    "a": { "command": "x" \n');
    const io = capture();
    expect(await runMcpCli(['list', '--config', file, '--json'], io)).toBe(1);
    const out = JSON.parse(io.stdout.join('\n'));
    expect(out).toEqual({ error: expect.stringContaining(file), servers: [] });
    expect(out.error).toMatch(/line \d+, column \d+/);
    expect(io.stderr.join('')).toContain(file);
  });

  it('exits 1 naming the file when an explicit --config (or MCP_CONFIG_PATH) does not exist', async () => {
    const io = capture();
    expect(await runMcpCli(['list', '--config', '/nonexistent/mcp.json'], io)).toBe(1);
    expect(io.stderr.join('')).toMatch(/\/nonexistent\/mcp.json does not exist/);
    const viaEnv = { ...capture(), env: { MCP_CONFIG_PATH: '/nonexistent/x.json' } };
    expect(await runMcpCli(['list'], viaEnv)).toBe(1);
  });

  it('exits 1 for a file of no known shape, naming what it found', async () => {
    const dir = await tempDir('mcp-cli-');
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '{"editor.fontSize": 12}');
    const io = capture();
    expect(await runMcpCli(['list', '--config', file], io)).toBe(1);
    expect(io.stderr.join('')).toMatch(/no MCP servers block.*found "editor.fontSize"/);
  });
});

describe('boocode mcp add|remove|enable|disable', () => {
  it('edits the file: a stdio server after --, an HTTP one by URL, then disable, enable, remove', async () => {
    const dir = await tempDir('mcp-cli-');
    const file = path.join(dir, 'mcp.json');
    const run = async (...argv: string[]) => {
      const io = capture();
      return { code: await runMcpCli(['--config', file, ...argv], io), io };
    };
    expect((await run('add', 'fs', '--env', 'K=v=1', '--', 'npx', '-y', 'srv', '--flag')).code).toBe(0);
    expect(
      (await run('add', 'docs', 'https://docs.example/mcp', '--header', 'Authorization=Bearer x')).code,
    ).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      mcpServers: {
        fs: { command: 'npx', args: ['-y', 'srv', '--flag'], env: { K: 'v=1' } },
        docs: { type: 'http', url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer x' } },
      },
    });
    expect((await run('disable', 'fs')).code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.fs.enabled).toBe(false);
    expect((await run('enable', 'fs')).code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8')).mcpServers.fs.enabled).toBe(true);
    expect((await run('remove', 'docs')).io.stdout.join('')).toMatch(/removed "docs"/);
    expect(Object.keys(JSON.parse(await readFile(file, 'utf8')).mcpServers)).toEqual(['fs']);

    const dup = await run('add', 'fs', '--', 'x');
    expect(dup.code).toBe(1);
    expect(dup.io.stderr.join('')).toMatch(/already in .*remove it first/);
    expect((await run('enable', 'nope')).code).toBe(1);
    expect((await run('add', 'y')).code).toBe(2);
    expect((await run('add', 'y', '--env', 'NOEQUALS', '--', 'x')).code).toBe(2);
  });
});

describe('boocode mcp resources / read / prompts / prompt (server-everything)', () => {
  const everything = { command: process.execPath, args: [everythingBin, 'stdio'] };

  it('lists resources and templates, reads one, lists prompts and gets one with arguments', async () => {
    const file = await configFile({ everything });
    const run = async (...args: string[]) => {
      const io = capture();
      const code = await runMcpCli([...args, '--config', file], io);
      return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
    };
    const resources = await run('resources', 'everything');
    expect(resources.code).toBe(0);
    expect(resources.out).toMatch(/^demo:\/\/resource\/static\/document\/\S+ {2}/m);
    expect(resources.out).toContain('demo://resource/dynamic/text/{resourceId}');
    const read = await run('read', 'everything', 'demo://resource/dynamic/text/7');
    expect(read).toMatchObject({ code: 0, out: expect.stringContaining('7') });
    const blob = await run('read', 'everything', 'demo://resource/dynamic/blob/7');
    expect(blob.out).toMatch(/^\[binary .+, \d+ bytes: demo:\/\/resource\/dynamic\/blob\/7\]$/);
    const prompts = await run('prompts', 'everything');
    expect(prompts.out).toMatch(/^args-prompt city \[state\]/m);
    const prompt = await run('prompt', 'everything', 'args-prompt', '{"city":"Porto"}');
    expect(prompt).toMatchObject({ code: 0, out: expect.stringMatching(/^user: .*Porto/) });
    const bad = await run('prompt', 'everything', 'args-prompt', '[1]');
    expect(bad).toMatchObject({ code: 2, err: expect.stringMatching(/must be a JSON object/) });
    const missing = await run('read', 'everything');
    expect(missing).toMatchObject({ code: 2, err: 'mcp read needs a server name and a resource URI' });
    const unknown = await run('prompts', 'nope');
    expect(unknown).toMatchObject({ code: 1, err: expect.stringMatching(/no MCP server named "nope"/) });
  });

  it('gives servers WORKSPACE_DIR as their root', async () => {
    const dir = await tempDir('mcp-cli-root-');
    const file = await configFile({ everything });
    const io = { ...capture(), env: { WORKSPACE_DIR: dir } };
    expect(await runMcpCli(['call', 'everything_get-roots-list', '--config', file], io)).toBe(0);
    expect(io.stdout.join('\n')).toContain(pathToFileURL(dir).href);
  });
});

describe('boocode mcp call: a server asking the user or the model', () => {
  it('declines an elicitation and says why, or accepts the form defaults with --elicitation defaults', async () => {
    const file = await configFile({ m: modern });
    const declined = capture();
    expect(await runMcpCli(['call', 'm_ask', '{}', '--config', file], declined)).toBe(0);
    expect(declined.stdout.join('\n')).toBe('answer: {"action":"decline"}');
    expect(declined.stderr.join('\n')).toMatch(
      /m asked: Who is asking\? — declined: boocode mcp cannot show a form.*--elicitation defaults/,
    );

    const accepted = capture();
    const args = ['call', 'm_ask', '{}', '--config', file, '--elicitation', 'defaults'];
    expect(await runMcpCli(args, accepted)).toBe(0);
    // Every field was left out of the answer: the client filled in the schema's defaults.
    expect(JSON.parse(accepted.stdout.join('').replace('answer: ', ''))).toEqual({
      action: 'accept',
      content: { name: 'Ada', age: 36, role: 'dev' },
    });
  });

  it('refuses a sampling request with the reason the server reports back', async () => {
    const file = await configFile({ m: modern });
    const io = capture();
    const code = await runMcpCli(['call', 'm_summarize', '{"text":"hi"}', '--config', file], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /m asked for a model completion — declined: boocode mcp has no model/,
    );
    expect(io.stderr.join('\n')).toMatch(/error: .*sampling declined/);
  });

  it('rejects an unknown --elicitation mode', async () => {
    const io = capture();
    expect(await runMcpCli(['call', 'x_y', '--elicitation', 'always'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--elicitation takes decline or defaults/);
  });
});
