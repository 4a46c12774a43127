import path from 'node:path';

/** How an editor starts boocontext: one executable and its arguments. */
export interface LaunchCommand {
  command: string;
  args: string[];
}

/** Where setup looks and writes: the user's home, the platform, and the variables editors honour. */
export interface SetupPlace {
  home: string;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
}

export type EditorId =
  | 'claude-code'
  | 'cursor'
  | 'vscode'
  | 'windsurf'
  | 'opencode'
  | 'codex'
  | 'gemini'
  | 'zed';
export const EDITOR_IDS: readonly EditorId[] = [
  'claude-code',
  'cursor',
  'vscode',
  'windsurf',
  'opencode',
  'codex',
  'gemini',
  'zed',
];

/** One editor's user-level MCP configuration: the file, the key that holds servers, the entry's shape. */
export interface EditorTarget {
  id: EditorId;
  name: string;
  file: string;
  format: 'json' | 'toml';
  /** The key holding every MCP server in that file; boocontext's entry is one key below it. */
  container: string;
  /** A new file starts as this (JSON) before the entry goes in. */
  seed: string;
  entry: (launch: LaunchCommand) => Record<string, unknown>;
  /** Any of these existing says the editor is installed for this user. */
  markers: string[];
  /** Its command-line tool, when finding it on PATH also says the editor is there. */
  cli?: string;
}

export const SERVER_NAME = 'boocontext';

const plain = ({ command, args }: LaunchCommand) => ({ command, args });
const stdio = ({ command, args }: LaunchCommand) => ({ type: 'stdio', command, args });

/** `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` or `~/.config` elsewhere. */
function userConfigDir({ home, platform, env }: SetupPlace): string {
  if (platform === 'win32') return env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || path.posix.join(home, '.config');
}

/** opencode and Zed keep their config under XDG's folder on every Unix, macOS included. */
function xdgConfigDir({ home, platform, env }: SetupPlace): string {
  if (platform === 'win32') return path.win32.join(home, '.config');
  return env.XDG_CONFIG_HOME || path.posix.join(home, '.config');
}

/**
 * Every editor setup knows, with the file each documents for user-level MCP servers on this
 * platform. Paths are built with the platform's own separators so a table for Windows can be
 * checked on Linux.
 */
export function editorTargets(place: SetupPlace): EditorTarget[] {
  const p = place.platform === 'win32' ? path.win32 : path.posix;
  const { home, env } = place;
  const xdg = xdgConfigDir(place);
  const vscodeUser = p.join(userConfigDir(place), 'Code', 'User');
  const zedDir = place.platform === 'win32' ? p.join(userConfigDir(place), 'Zed') : p.join(xdg, 'zed');
  const codexHome = env.CODEX_HOME || p.join(home, '.codex');
  const opencodeDir = p.join(xdg, 'opencode');
  return [
    {
      id: 'claude-code',
      name: 'Claude Code',
      file: p.join(home, '.claude.json'),
      format: 'json',
      container: 'mcpServers',
      seed: '{}',
      entry: (launch) => ({ ...stdio(launch), env: {} }),
      markers: [p.join(home, '.claude'), p.join(home, '.claude.json')],
      cli: 'claude',
    },
    {
      id: 'cursor',
      name: 'Cursor',
      file: p.join(home, '.cursor', 'mcp.json'),
      format: 'json',
      container: 'mcpServers',
      seed: '{}',
      entry: plain,
      markers: [p.join(home, '.cursor')],
    },
    {
      id: 'vscode',
      name: 'VS Code',
      file: p.join(vscodeUser, 'mcp.json'),
      format: 'json',
      container: 'servers',
      seed: '{}',
      entry: stdio,
      markers: [vscodeUser],
      cli: 'code',
    },
    {
      id: 'windsurf',
      name: 'Windsurf',
      file: p.join(home, '.codeium', 'windsurf', 'mcp_config.json'),
      format: 'json',
      container: 'mcpServers',
      seed: '{}',
      entry: plain,
      markers: [p.join(home, '.codeium', 'windsurf')],
    },
    {
      id: 'opencode',
      name: 'opencode',
      file: p.join(opencodeDir, 'opencode.json'),
      format: 'json',
      container: 'mcp',
      seed: '{\n  "$schema": "https://opencode.ai/config.json"\n}',
      entry: ({ command, args }) => ({ type: 'local', command: [command, ...args], enabled: true }),
      markers: [opencodeDir],
      cli: 'opencode',
    },
    {
      id: 'codex',
      name: 'Codex',
      file: p.join(codexHome, 'config.toml'),
      format: 'toml',
      container: 'mcp_servers',
      seed: '',
      entry: plain,
      markers: [codexHome],
      cli: 'codex',
    },
    {
      id: 'gemini',
      name: 'Gemini CLI',
      file: p.join(home, '.gemini', 'settings.json'),
      format: 'json',
      container: 'mcpServers',
      seed: '{}',
      entry: plain,
      markers: [p.join(home, '.gemini')],
      cli: 'gemini',
    },
    {
      id: 'zed',
      name: 'Zed',
      file: p.join(zedDir, 'settings.json'),
      format: 'json',
      container: 'context_servers',
      seed: '{}',
      entry: (launch) => ({ source: 'custom', ...plain(launch), env: {} }),
      markers: [zedDir],
      cli: 'zed',
    },
  ];
}

/**
 * The command that runs this very boocontext: through npx at this version when npx is what ran
 * it (its cache is not a place to point at), otherwise this Node and this bin by absolute path,
 * so an editor started from a desktop launcher, with a PATH of its own, still finds both.
 */
export function launchCommand(binPath: string, version: string, nodePath: string): LaunchCommand {
  if (/[\\/]_npx[\\/]/.test(binPath)) return { command: 'npx', args: ['-y', `${SERVER_NAME}@${version}`] };
  return { command: nodePath, args: [binPath] };
}
