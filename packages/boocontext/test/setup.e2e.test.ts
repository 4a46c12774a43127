// `boocontext setup` as a user runs it, in a throwaway HOME with seven editors' folders, then
// checked by what reads those files: a real MCP client started from each entry, and the real
// Claude Code and opencode command-line tools (from npm) listing boocontext as connected.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEditorFolders, treeOf, writeIn } from './editor-home.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.join(here, '..');
const CLAUDE = '@anthropic-ai/claude-code@2.1.332';
const OPENCODE = 'opencode-ai@1.18.33';
// Kept between runs: the two CLIs are a few hundred MB from the registry.
const clis = path.join(tmpdir(), 'boocode-editor-clis-2.1.332-1.18.33');
const work = mkdtempSync(path.join(tmpdir(), 'boocontext-setup-e2e-'));
const home = path.join(work, 'home');
const pristine = path.join(work, 'pristine');

/** The environment each command runs in: this HOME, no telemetry, and the CLIs on PATH. */
const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: '',
  XDG_STATE_HOME: '',
  PATH: `${path.join(clis, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_AUTOUPDATER: '1',
  OPENCODE_DISABLE_AUTOUPDATE: '1',
};

/** `npx boocontext …` from the repository, as the README says to run it. */
const boocontext = (...args: string[]) =>
  spawnSync('npx', ['boocontext', ...args], {
    cwd: path.join(packageDir, '../..'),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });

const write = (rel: string, text: string) => writeIn(home, rel, text);

beforeAll(() => {
  if (
    !existsSync(path.join(clis, 'node_modules/.bin/opencode')) ||
    !existsSync(path.join(clis, 'node_modules/.bin/claude'))
  ) {
    mkdirSync(clis, { recursive: true });
    execFileSync(
      'npm',
      ['install', '--prefix', clis, '--no-audit', '--no-fund', '--loglevel=error', CLAUDE, OPENCODE],
      {
        stdio: 'inherit',
        timeout: 600_000,
      },
    );
  }
  makeEditorFolders(home);
  write(
    '.cursor/mcp.json',
    '{\n  // servers of mine\n  "mcpServers": {\n    "other": { "command": "other-mcp" }\n  }\n}\n',
  );
  write('.codex/config.toml', '# mine\nmodel = "o3"\n\n[profiles.fast]\nmodel = "o4-mini"\n');
  write('.gemini/settings.json', '{\n  "theme": "Dracula"\n}\n');
  cpSync(home, pristine, { recursive: true });
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Each editor's entry as the command and arguments it will start. */
function entries(): Record<string, { command: string; args: string[] }> {
  const json = (rel: string) => parseJsonc(readFileSync(path.join(home, rel), 'utf8'));
  const opencode = json('.config/opencode/opencode.json').mcp.boocontext.command as string[];
  return {
    'claude-code': json('.claude.json').mcpServers.boocontext,
    cursor: json('.cursor/mcp.json').mcpServers.boocontext,
    vscode: json('.config/Code/User/mcp.json').servers.boocontext,
    windsurf: json('.codeium/windsurf/mcp_config.json').mcpServers.boocontext,
    opencode: { command: opencode[0] ?? '', args: opencode.slice(1) },
    codex: parseToml(readFileSync(path.join(home, '.codex/config.toml'), 'utf8')).mcp_servers.boocontext,
    gemini: json('.gemini/settings.json').mcpServers.boocontext,
  };
}

describe('boocontext setup in a real HOME', () => {
  it('registers an entry in all seven editors whose command serves boocontext’s tools', async () => {
    const run = boocontext('setup');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Cursor\s+~\/\.cursor\/mcp\.json\s+added/);
    const found = entries();
    expect(Object.keys(found)).toHaveLength(7);
    for (const [editor, { command, args }] of Object.entries(found)) {
      const client = new Client({ name: `setup-e2e-${editor}`, version: '1' });
      await client.connect(new StdioClientTransport({ command, args, cwd: packageDir, stderr: 'pipe' }));
      const { tools } = await client.listTools();
      await client.close();
      expect(tools.map((t) => t.name).sort(), editor).toEqual([
        'boocontext_callgraph',
        'boocontext_flows',
        'boocontext_health',
        'boocontext_impact',
        'boocontext_map',
        'boocontext_overview',
        'boocontext_routemap',
        'boocontext_symbols',
        'boocontext_types',
      ]);
    }
    expect(readFileSync(path.join(home, '.cursor/mcp.json'), 'utf8')).toContain('// servers of mine');
  });

  it('is idempotent: a second run changes no byte', () => {
    const before = treeOf(home, /^(\.cache|\.npm|\.local\/share)/);
    const run = boocontext('setup');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/\badded\b|\bupdated\b/);
    expect(treeOf(home, /^(\.cache|\.npm|\.local\/share)/)).toEqual(before);
  });

  it('is seen by the real Claude Code and opencode: connected, with the agents in place', () => {
    const claude = spawnSync('claude', ['mcp', 'list'], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(claude.stdout, claude.stderr).toMatch(/boocontext: .*Connected/);
    const opencode = spawnSync('opencode', ['mcp', 'list'], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(opencode.stdout, opencode.stderr).toMatch(/boocontext\S*\s+\S*connected/);
    const agents = spawnSync('opencode', ['agent', 'list'], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    for (const agent of ['context-cartographer', 'dependency-analyst', 'health-auditor'])
      expect(agents.stdout).toContain(`${agent} (subagent)`);
    for (const agent of ['context-cartographer', 'dependency-analyst', 'health-auditor'])
      expect(existsSync(path.join(home, `.claude/agents/${agent}.md`))).toBe(true);
    expect(existsSync(path.join(home, '.claude/skills/boocontext/SKILL.md'))).toBe(true);
  });

  it('setup --remove leaves what was there before', () => {
    const run = boocontext('setup', '--remove');
    expect(run.status, run.stderr).toBe(0);
    // What Claude Code and opencode wrote of their own while they ran is theirs, not setup's.
    const theirs =
      /^(\.cache|\.npm|\.local|\.claude\/(backups|telemetry|projects|statsig|shell-snapshots|todos)|\.claude\.json|\.config\/opencode\/(\.gitignore|package\.json|bun\.lock|node_modules))/;
    expect(treeOf(home, theirs)).toEqual(treeOf(pristine, theirs));
    expect(JSON.parse(readFileSync(path.join(home, '.claude.json'), 'utf8')).mcpServers ?? {}).toEqual({});
  });
});
