import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { editMcpConfig } from './edit.js';
import { parseConfigText } from './load.js';

async function file(text: string, name = 'mcp.json') {
  const dir = await tempDir('mcp-edit-');
  const at = path.join(dir, name);
  await writeFile(at, text);
  return at;
}

const commented = `{
  // servers for this repo
  "theme": "dark",
  "mcpServers": {
    "docs": { "url": "https://docs.example/mcp" }, // keep me
    "old": { "command": "old-srv", "disabled": true }
  }
}
`;

describe('editMcpConfig', () => {
  it('adds a server and keeps every other key, comment and the formatting', async () => {
    const at = await file(commented);
    await editMcpConfig(at, {
      op: 'add',
      name: 'files',
      server: { command: 'npx', args: ['-y', 'srv', '.'] },
    });
    const text = await readFile(at, 'utf8');
    expect(text).toContain('// servers for this repo');
    expect(text).toContain('// keep me');
    expect(text).toContain('"theme": "dark"');
    expect(parseConfigText(text, at, {}).entries.map((e) => [e.name, e.command ?? e.url])).toEqual([
      ['docs', 'https://docs.example/mcp'],
      ['old', 'old-srv'],
      ['files', 'npx'],
    ]);
    // Nothing but the file itself is left behind.
    expect(await readdir(path.dirname(at))).toEqual(['mcp.json']);
  });

  it('enables a server disabled the Claude Code way, disables and removes one', async () => {
    const at = await file(commented);
    await editMcpConfig(at, { op: 'enable', name: 'old' });
    await editMcpConfig(at, { op: 'disable', name: 'docs' });
    let entries = parseConfigText(await readFile(at, 'utf8'), at, {}).entries;
    expect(entries.map((e) => [e.name, e.enabled])).toEqual([
      ['docs', false],
      ['old', true],
    ]);
    expect(await readFile(at, 'utf8')).not.toContain('"disabled"');
    await editMcpConfig(at, { op: 'remove', name: 'docs' });
    entries = parseConfigText(await readFile(at, 'utf8'), at, {}).entries;
    expect(entries.map((e) => e.name)).toEqual(['old']);
    expect(await readFile(at, 'utf8')).toContain('// servers for this repo');
  });

  it("writes new entries in the file's own dialect (opencode, VS Code)", async () => {
    const opencode = await file(
      '{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {}\n}\n',
      'opencode.json',
    );
    await editMcpConfig(opencode, {
      op: 'add',
      name: 'x',
      server: { command: 'node', args: ['s.js'], env: { K: 'v' } },
    });
    expect(JSON.parse(await readFile(opencode, 'utf8')).mcp.x).toEqual({
      type: 'local',
      command: ['node', 's.js'],
      environment: { K: 'v' },
      enabled: true,
    });
    const vscode = await file('{ "servers": {} }');
    await editMcpConfig(vscode, {
      op: 'add',
      name: 'h',
      server: { url: 'http://127.0.0.1:1/mcp', headers: { A: 'b' } },
    });
    expect(JSON.parse(await readFile(vscode, 'utf8')).servers.h).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:1/mcp',
      headers: { A: 'b' },
    });
  });

  it('creates a missing file on add only, and refuses with a stable code otherwise', async () => {
    const dir = await tempDir('mcp-edit-');
    const at = path.join(dir, 'sub', 'mcp.json');
    await expect(editMcpConfig(at, { op: 'remove', name: 'a' })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
    });
    await editMcpConfig(at, { op: 'add', name: 'a', server: { url: 'https://a/mcp' } });
    expect(JSON.parse(await readFile(at, 'utf8'))).toEqual({
      mcpServers: { a: { type: 'http', url: 'https://a/mcp' } },
    });
    await expect(
      editMcpConfig(at, { op: 'add', name: 'a', server: { url: 'https://b' } }),
    ).rejects.toMatchObject({
      code: 'SERVER_EXISTS',
    });
    await expect(editMcpConfig(at, { op: 'enable', name: 'zz' })).rejects.toMatchObject({
      code: 'UNKNOWN_SERVER',
    });
    await expect(
      editMcpConfig(at, { op: 'add', name: 'bad name', server: { url: 'https://b' } }),
    ).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    const broken = await file('{"other": 1}');
    await expect(editMcpConfig(broken, { op: 'enable', name: 'a' })).rejects.toThrow(/no MCP servers block/);
    expect(await readFile(broken, 'utf8')).toBe('{"other": 1}');
  });
});
