import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '@boocode/mcp-server-kit/write-atomically';
import type { SetupPlace } from './editors.js';

/** What setup had to create, so `--remove` takes out that and nothing the user had before. */
export interface SetupState {
  /** Config and guide files that did not exist before setup wrote them. */
  files: string[];
  /** Folders setup made. */
  dirs: string[];
  /** Per config file, the servers table setup added to it (it goes again when left empty). */
  containers: Record<string, string>;
  /** Per config file setup changed, the backup of it as it was before setup's first change. */
  originals: Record<string, string>;
}

export const emptyState = (): SetupState => ({ files: [], dirs: [], containers: {}, originals: {} });

/** `%LOCALAPPDATA%\boocontext` on Windows, `$XDG_STATE_HOME/boocontext` (or ~/.local/state) elsewhere. */
export function setupStateDir({ home, platform, env }: SetupPlace): string {
  if (platform === 'win32')
    return path.win32.join(env.LOCALAPPDATA ?? path.win32.join(home, 'AppData', 'Local'), 'boocontext');
  return path.posix.join(env.XDG_STATE_HOME || path.posix.join(home, '.local', 'state'), 'boocontext');
}

const stateFile = (dir: string) => path.join(dir, 'setup.json');

export function loadState(dir: string): SetupState {
  const file = stateFile(dir);
  if (!existsSync(file)) return emptyState();
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<SetupState>) };
  } catch {
    // A damaged record only costs exactness on removal (an empty table may stay); setup goes on.
    return emptyState();
  }
}

/** Saved while it records anything; deleted once `--remove` has taken everything out. */
export async function saveState(dir: string, state: SetupState): Promise<void> {
  const file = stateFile(dir);
  const empty =
    !state.files.length &&
    !state.dirs.length &&
    !Object.keys(state.containers).length &&
    !Object.keys(state.originals).length;
  if (empty) {
    rmSync(file, { force: true });
    return;
  }
  // boocontext's own folder, not recorded in the state: it is not the user's.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  await writeAtomically(file, `${JSON.stringify(state, null, 2)}\n`, 0o600);
}
