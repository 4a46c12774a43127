import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers.js';
import { loadMcpConfig, normalizeEntry, parseConfigText, resolveConfigPath } from './load.js';

async function tempFile(content: string): Promise<string> {
  const dir = await tempDir('mcp-config-');
  const file = path.join(dir, 'mcp.json');
  await writeFile(file, content);
  return file;
}

describe('resolveConfigPath', () => {
  it('prefers MCP_CONFIG_PATH, then DATA_DIR/mcp.json, then ./data/mcp.json', () => {
    expect(resolveConfigPath({ MCP_CONFIG_PATH: '/x/y.json', DATA_DIR: '/d' })).toBe('/x/y.json');
    expect(resolveConfigPath({ DATA_DIR: '/d' })).toBe('/d/mcp.json');
    expect(resolveConfigPath({})).toBe(path.resolve('data/mcp.json'));
  });
});

describe('loadMcpConfig', () => {
  it('treats a missing file as MCP off, with one info line', async () => {
    const lines: string[] = [];
    const logger = { info: (m: string) => lines.push(m), warn: () => {}, error: () => {} };
    const loaded = await loadMcpConfig({ path: '/nonexistent/mcp.json', logger });
    expect(loaded).toMatchObject({ found: false, entries: [] });
    expect(loaded.error).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/no config at .*MCP is off/)]);
  });

  it('reports invalid JSON with file, line and column', async () => {
    const file = await tempFile('{\n  "mcpServers": {\n    "a": { "command": "x" "args": [] }\n  }\n}');
    const loaded = await loadMcpConfig({ path: file });
    expect(loaded.entries).toEqual([]);
    expect(loaded.error).toContain(file);
    expect(loaded.error).toMatch(/line 3, column \d+/);
  });

  it('loads the valid entries and fails only the invalid one, naming the field', async () => {
    const file = await tempFile(
      JSON.stringify({
        mcpServers: {
          good: { command: 'node', args: ['s.js'] },
          bad: { command: 'node', args: 'not-a-list' },
          empty: {},
        },
      }),
    );
    const { entries } = await loadMcpConfig({ path: file });
    expect(entries.find((e) => e.name === 'good')).toMatchObject({
      transport: 'stdio',
      command: 'node',
      args: ['s.js'],
    });
    expect(entries.find((e) => e.name === 'good')?.invalid).toBeUndefined();
    expect(entries.find((e) => e.name === 'bad')?.invalid).toMatch(/server "bad": field "args"/);
    expect(entries.find((e) => e.name === 'empty')?.invalid).toMatch(/needs "command".*or "url"/);
  });
});

describe('MCP_CONFIG_DIR', () => {
  it('expands to the directory holding the config file', async () => {
    const file = await tempFile(
      JSON.stringify({ mcpServers: { s: { command: 'node', args: ['${MCP_CONFIG_DIR}/srv.js'] } } }),
    );
    const { entries } = await loadMcpConfig({ path: file, env: {} });
    expect(entries[0]?.args).toEqual([path.join(path.dirname(file), 'srv.js')]);
  });
});

describe('normalizeEntry', () => {
  const env = { env: { TOKEN: 't0k', HOME: '/home/u' }, workspaceFolder: '/w', userHome: '/home/u' };

  it('accepts Claude Code and Cursor shapes unchanged', () => {
    expect(normalizeEntry('a', { type: 'http', url: 'https://x/mcp' }, env)).toMatchObject({
      transport: 'streamableHttp',
    });
    expect(normalizeEntry('b', { url: 'https://x/mcp' }, env)).toMatchObject({ transport: 'streamableHttp' });
    expect(normalizeEntry('c', { command: 'npx', args: ['-y', 'pkg'] }, env)).toMatchObject({
      transport: 'stdio',
    });
    expect(normalizeEntry('d', { type: 'streamableHttp', url: 'https://x' }, env).invalid).toBeUndefined();
  });

  it('expands ${VAR} and ${VAR:-default} in url, headers, env, args and command', () => {
    const http = normalizeEntry(
      'h',
      { url: 'https://${HOST:-example.com}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
      env,
    );
    expect(http).toMatchObject({ url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t0k' } });
    const local = normalizeEntry(
      's',
      { command: '${HOME}/bin/srv', args: ['--key=${TOKEN}'], env: { K: '${TOKEN}' } },
      env,
    );
    expect(local).toMatchObject({ command: '/home/u/bin/srv', args: ['--key=t0k'], env: { K: 't0k' } });
  });

  it('fails only that server when a variable is unset, naming server and variable', () => {
    const entry = normalizeEntry('ctx', { url: 'https://x', headers: { K: '${CTX_KEY}' } }, env);
    expect(entry.invalid).toMatch(/server "ctx".*CTX_KEY/);
  });

  it('does not expand disabled servers, so their variables need not be set', () => {
    const entry = normalizeEntry(
      'off',
      { url: 'https://x', headers: { K: '${CTX_KEY}' }, enabled: false },
      env,
    );
    expect(entry).toMatchObject({ enabled: false });
    expect(entry.invalid).toBeUndefined();
  });

  it('refuses names that cannot prefix a tool name, and non-http URLs', () => {
    expect(normalizeEntry('bad name!', { command: 'x' }, env).invalid).toMatch(/name must be/);
    expect(normalizeEntry('f', { url: 'file:///etc/passwd' }, env).invalid).toMatch(/not an http\(s\) URL/);
  });

  it('reads grants that need no person, their secrets from the environment', () => {
    const cc = normalizeEntry(
      'cc',
      {
        url: 'https://x/mcp',
        oauth: { grant: 'client_credentials', clientId: 'svc', privateKey: '${TOKEN}', algorithm: 'ES256' },
      },
      env,
    );
    expect(cc.invalid).toBeUndefined();
    expect(cc.oauth).toMatchObject({ grant: 'client_credentials', privateKey: 't0k' });
    const wif = normalizeEntry(
      'wif',
      { url: 'https://x/mcp', oauth: { grant: 'jwt_bearer', clientId: 'w', assertionFile: '${HOME}/token' } },
      env,
    );
    expect(wif.oauth).toMatchObject({ assertionFile: '/home/u/token' });
  });

  it.each([
    [{ grant: 'client_credentials', clientSecret: 's' }, /needs clientId/],
    [{ grant: 'client_credentials', clientId: 'c' }, /needs clientSecret or privateKey/],
    [{ grant: 'client_credentials', clientId: 'c', clientSecret: 's', privateKey: 'k' }, /one of them/],
    [{ grant: 'client_credentials', clientId: 'c', privateKey: 'k' }, /privateKey needs algorithm/],
    [{ grant: 'jwt_bearer', clientId: 'c' }, /needs assertion or assertionFile/],
    [{ grant: 'password', clientId: 'c' }, /grant/],
  ])('refuses an incomplete grant %j, naming what is missing', (oauth, reason) => {
    expect(normalizeEntry('g', { url: 'https://x/mcp', oauth }, env).invalid).toMatch(reason);
  });

  it('reads timeouts', () => {
    expect(normalizeEntry('t', { command: 'x', timeout: 1500, callTimeout: 9000 }, env)).toMatchObject({
      timeoutMs: 1500,
      callTimeoutMs: 9000,
    });
  });
});

describe('parseConfigText', () => {
  it('rejects a top level that is not an mcpServers object', () => {
    expect(parseConfigText('{"mcpServers": []}', 'f.json').error).toMatch(
      /invalid f.json: field "mcpServers"/,
    );
  });

  it('names what it found in a file of no known shape', () => {
    expect(parseConfigText('{"servers2": {}, "x": 1}', 'f.json').error).toMatch(
      /invalid f.json: no MCP servers block: expected "mcpServers" .* "servers" .* "mcp" .*found "servers2", "x"/,
    );
    expect(parseConfigText('[]', 'f.json').error).toMatch(/top level must be a JSON object/);
  });

  it('reads comments and trailing commas, as VS Code writes them', () => {
    const text = '{\n  // mine\n  "servers": { "a": { "type": "stdio", "command": "x", }, },\n}';
    expect(parseConfigText(text, 'f.json', {})).toMatchObject({
      dialect: 'vscode',
      entries: [{ name: 'a', command: 'x', transport: 'stdio' }],
    });
  });

  it('refuses the legacy SSE transport by name', () => {
    const { entries } = parseConfigText('{"mcpServers":{"s":{"type":"sse","url":"http://x/sse"}}}', 'f', {});
    expect(entries[0]?.invalid).toMatch(/legacy SSE transport is not supported/);
  });

  it("reads opencode's local and remote entries: command array, environment, {env:VAR}, enabled", () => {
    const text = JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        local: { type: 'local', command: ['node', 'srv.js', '--x'], environment: { K: '{env:TOKEN}' } },
        remote: { type: 'remote', url: 'https://h/mcp', headers: { A: 'Bearer {env:TOKEN}' }, enabled: true },
        off: { type: 'local', command: ['x'], enabled: false },
      },
    });
    const { dialect, entries } = parseConfigText(text, 'opencode.json', { TOKEN: 't' });
    expect(dialect).toBe('opencode');
    expect(entries).toEqual([
      expect.objectContaining({
        name: 'local',
        transport: 'stdio',
        command: 'node',
        args: ['srv.js', '--x'],
        env: { K: 't' },
      }),
      expect.objectContaining({
        name: 'remote',
        transport: 'streamableHttp',
        url: 'https://h/mcp',
        headers: { A: 'Bearer t' },
      }),
      expect.objectContaining({ name: 'off', enabled: false }),
    ]);
  });
});
