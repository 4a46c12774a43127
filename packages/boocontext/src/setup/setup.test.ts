import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { makeEditorFolders, treeOf, writeIn } from '../../test/editor-home.js';
import { editorTargets, launchCommand, type SetupPlace } from './editors.js';
import { INSTALLED_MARK } from './host-files.js';
import { runSetup, type SetupOptions } from './setup.js';

const skillDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../skill');
const launch = { command: '/opt/node/bin/node', args: ['/opt/boocontext/bin/boocontext.js'] };

let home: string;
let place: SetupPlace;
const run = (extra: Partial<SetupOptions> = {}) =>
  runSetup({ place, launch, skillDir, onPath: () => false, now: new Date(Date.UTC(2026, 0, 2)), ...extra });

const write = (rel: string, text: string) => writeIn(home, rel, text);
const read = (rel: string) => readFileSync(path.join(home, rel), 'utf8');

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'boocontext-setup-'));
  place = { home, platform: 'linux', env: {} };
  // Seven editors present, three files already holding something of the user's.
  makeEditorFolders(home);
  write(
    '.claude.json',
    '{\n  "numStartups": 4,\n  "mcpServers": {\n    "github": { "command": "gh-mcp" }\n  }\n}\n',
  );
  write(
    '.cursor/mcp.json',
    '{\n    // my servers\n    "mcpServers": {\n        "db": { "command": "db-mcp", "args": [] }\n    }\n}\n',
  );
  write(
    '.codex/config.toml',
    '# codex settings\nmodel = "o3"\n\n[profiles.fast]\nmodel = "o4-mini"   # the quick one\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n',
  );
});

afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('boocontext setup', () => {
  it('registers boocontext in all seven editors, keeps what was there, and a second run changes nothing', async () => {
    const before = treeOf(home);
    const report = await run();
    expect(report.rows.filter((r) => r.result === 'added').map((r) => r.editor)).toEqual(
      expect.arrayContaining([
        'Claude Code',
        'Cursor',
        'VS Code',
        'Windsurf',
        'opencode',
        'Codex',
        'Gemini CLI',
      ]),
    );
    expect(report.rows.find((r) => r.editor === 'Zed')).toMatchObject({ result: 'skipped' });

    const claude = JSON.parse(read('.claude.json'));
    expect(claude.numStartups).toBe(4);
    expect(claude.mcpServers.github).toEqual({ command: 'gh-mcp' });
    expect(claude.mcpServers.boocontext).toEqual({ type: 'stdio', ...launch, env: {} });

    const cursor = read('.cursor/mcp.json');
    expect(cursor).toContain('// my servers');
    expect(cursor).toContain('"db": { "command": "db-mcp", "args": [] },');
    expect(parseJsonc(cursor).mcpServers.boocontext).toEqual(launch);

    expect(JSON.parse(read('.config/Code/User/mcp.json')).servers.boocontext).toEqual({
      type: 'stdio',
      ...launch,
    });
    expect(JSON.parse(read('.codeium/windsurf/mcp_config.json')).mcpServers.boocontext).toEqual(launch);
    expect(JSON.parse(read('.gemini/settings.json')).mcpServers.boocontext).toEqual(launch);
    const opencode = JSON.parse(read('.config/opencode/opencode.json'));
    expect(opencode.$schema).toBe('https://opencode.ai/config.json');
    expect(opencode.mcp.boocontext).toEqual({
      type: 'local',
      command: [launch.command, ...launch.args],
      enabled: true,
    });

    const codex = read('.codex/config.toml');
    expect(codex).toContain('model = "o4-mini"   # the quick one');
    expect(parseToml(codex).mcp_servers).toEqual({ docs: { command: 'docs-mcp' }, boocontext: launch });

    // The skill and the agents, each in its host's own frontmatter.
    const skill = read('.claude/skills/boocontext/SKILL.md');
    expect(skill).toContain(INSTALLED_MARK);
    expect(parseYaml(skill.split('---')[1] ?? '')['allowed-tools']).toContain(
      'mcp__boocontext__boocontext_overview',
    );
    for (const agent of ['context-cartographer', 'dependency-analyst', 'health-auditor']) {
      const claudeAgent = parseYaml(read(`.claude/agents/${agent}.md`).split('---')[1] ?? '');
      expect(claudeAgent.name).toBe(agent);
      expect(claudeAgent.tools).toMatch(
        /^mcp__boocontext__boocontext_\w+(, mcp__boocontext__boocontext_\w+)*$/,
      );
      const opencodeAgent = parseYaml(read(`.config/opencode/agent/${agent}.md`).split('---')[1] ?? '');
      expect(opencodeAgent.mode).toBe('subagent');
      expect(opencodeAgent.tools['*']).toBe(false);
      expect(
        Object.keys(opencodeAgent.tools)
          .slice(1)
          .every((t) => t.startsWith('boocontext_boocontext_')),
      ).toBe(true);
    }
    // Files it created hold the user's MCP settings: theirs alone.
    expect(statSync(path.join(home, '.gemini/settings.json')).mode & 0o777).toBe(0o600);

    const afterFirst = treeOf(home);
    const again = await run();
    expect(again.changes).toEqual([]);
    expect(again.rows.every((r) => r.result === 'already there' || r.result === 'skipped')).toBe(true);
    expect(treeOf(home)).toEqual(afterFirst);

    // --remove leaves exactly what was there before (the backups are its only trace, in its own folder).
    await run({ remove: true });
    expect(treeOf(home, /^\.local/)).toEqual(before);
    expect(readdirSync(path.join(home, '.local/state/boocontext'))).toEqual(['backups']);
  });

  it('gives a one-line file back byte for byte on --remove, though the entry went in on lines of its own', async () => {
    write('.gemini/settings.json', '{"theme": "dark", "mcpServers": {}}');
    await run();
    expect(read('.gemini/settings.json')).toContain('\n');
    await run({ remove: true });
    expect(read('.gemini/settings.json')).toBe('{"theme": "dark", "mcpServers": {}}');
  });

  it('changes nothing on a dry run and says what it would do', async () => {
    const before = treeOf(home);
    const report = await run({ dryRun: true });
    expect(treeOf(home)).toEqual(before);
    expect(report.rows.find((r) => r.editor === 'Cursor')).toMatchObject({ result: 'would add' });
    const cursor = report.changes.find((c) => c.file.endsWith('mcp.json') && c.file.includes('.cursor'));
    expect(cursor?.after).toContain('"boocontext"');
  });

  it('touches only the editors named with --only', async () => {
    const report = await run({ only: ['cursor', 'codex'] });
    expect(report.rows.map((r) => r.editor)).toEqual(['Cursor', 'Codex']);
    expect(existsSync(path.join(home, '.gemini/settings.json'))).toBe(false);
    expect(existsSync(path.join(home, '.claude/agents'))).toBe(false);
  });

  it('refuses a file it cannot parse, leaves it untouched, and still does the others', async () => {
    write('.gemini/settings.json', '{ "theme": "dark", ');
    const report = await run();
    const gemini = report.rows.find((r) => r.editor === 'Gemini CLI');
    expect(gemini?.result).toBe('refused');
    expect(gemini?.why).toMatch(/settings\.json is not valid JSON .* line 1, column \d+/);
    expect(read('.gemini/settings.json')).toBe('{ "theme": "dark", ');
    expect(JSON.parse(read('.config/Code/User/mcp.json')).servers.boocontext).toBeDefined();
  });

  it('refuses a servers key that is not a table', async () => {
    write('.gemini/settings.json', '{ "mcpServers": [] }');
    expect((await run()).rows.find((r) => r.editor === 'Gemini CLI')).toMatchObject({ result: 'refused' });
  });

  it('updates only the launch keys of an entry the user extended, and keeps the rest of it', async () => {
    write(
      '.gemini/settings.json',
      '{ "mcpServers": { "boocontext": { "command": "old", "env": { "X": "1" } } } }',
    );
    expect((await run()).rows.find((r) => r.editor === 'Gemini CLI')).toMatchObject({ result: 'updated' });
    expect(JSON.parse(read('.gemini/settings.json')).mcpServers.boocontext).toEqual({
      ...launch,
      env: { X: '1' },
    });
  });

  it('never overwrites or removes an agent file of the user that has the same name', async () => {
    write('.claude/agents/health-auditor.md', '---\nname: health-auditor\n---\nmine\n');
    const report = await run();
    expect(report.rows.find((r) => r.file.endsWith('.claude/agents/health-auditor.md'))).toMatchObject({
      result: 'skipped',
    });
    await run({ remove: true });
    expect(read('.claude/agents/health-auditor.md')).toBe('---\nname: health-auditor\n---\nmine\n');
  });

  it('counts an editor as present when only its command is on PATH', async () => {
    rmSync(path.join(home, '.config/opencode'), { recursive: true });
    const report = await run({ onPath: (command) => command === 'opencode' });
    expect(report.rows.find((r) => r.editor === 'opencode')).toMatchObject({ result: 'added' });
    await run({ remove: true });
    expect(existsSync(path.join(home, '.config/opencode'))).toBe(false);
  });
});

describe('editor files per platform', () => {
  const files = (platform: NodeJS.Platform, env: Record<string, string> = {}) =>
    Object.fromEntries(
      editorTargets({ home: platform === 'win32' ? 'C:\\Users\\ann' : '/home/ann', platform, env }).map(
        (t) => [t.id, t.file],
      ),
    );

  it('uses each editor’s documented place on Linux, macOS and Windows', () => {
    expect(files('linux', { XDG_CONFIG_HOME: '/cfg' })).toMatchObject({
      'claude-code': '/home/ann/.claude.json',
      vscode: '/cfg/Code/User/mcp.json',
      opencode: '/cfg/opencode/opencode.json',
      zed: '/cfg/zed/settings.json',
      codex: '/home/ann/.codex/config.toml',
    });
    expect(files('darwin')).toMatchObject({
      vscode: '/home/ann/Library/Application Support/Code/User/mcp.json',
      opencode: '/home/ann/.config/opencode/opencode.json',
      zed: '/home/ann/.config/zed/settings.json',
    });
    expect(
      files('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming', CODEX_HOME: 'D:\\codex' }),
    ).toMatchObject({
      cursor: 'C:\\Users\\ann\\.cursor\\mcp.json',
      vscode: 'C:\\Users\\ann\\AppData\\Roaming\\Code\\User\\mcp.json',
      windsurf: 'C:\\Users\\ann\\.codeium\\windsurf\\mcp_config.json',
      zed: 'C:\\Users\\ann\\AppData\\Roaming\\Zed\\settings.json',
      codex: 'D:\\codex\\config.toml',
      gemini: 'C:\\Users\\ann\\.gemini\\settings.json',
    });
  });
});

describe('the command setup registers', () => {
  it('runs this very boocontext: by absolute path from a checkout or an install, by npx at this version from npx', () => {
    expect(
      launchCommand('/home/ann/src/boocode/packages/boocontext/bin/boocontext.js', '0.1.0', '/usr/bin/node'),
    ).toEqual({
      command: '/usr/bin/node',
      args: ['/home/ann/src/boocode/packages/boocontext/bin/boocontext.js'],
    });
    expect(
      launchCommand(
        '/home/ann/.npm/_npx/0a1b2c/node_modules/boocontext/bin/boocontext.js',
        '0.3.1',
        '/usr/bin/node',
      ),
    ).toEqual({ command: 'npx', args: ['-y', 'boocontext@0.3.1'] });
    expect(
      launchCommand(
        'C:\\Users\\ann\\AppData\\Local\\npm-cache\\_npx\\9f\\node_modules\\boocontext\\bin\\boocontext.js',
        '0.3.1',
        'C:\\node.exe',
      ),
    ).toEqual({ command: 'npx', args: ['-y', 'boocontext@0.3.1'] });
  });
});
