import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '@boocode/mcp-server-kit/write-atomically';
import {
  readSettings,
  SetupError,
  sameButWhitespace,
  serversIn,
  withEntry,
  withoutEntry,
} from './config-text.js';
import {
  type EditorId,
  type EditorTarget,
  editorTargets,
  type LaunchCommand,
  SERVER_NAME,
  type SetupPlace,
} from './editors.js';
import { ensureDir, keepBackup } from './files.js';
import { type HostFile, hostFiles, INSTALLED_MARK } from './host-files.js';
import { emptyState, loadState, type SetupState, saveState, setupStateDir } from './state.js';

export interface SetupOptions {
  place: SetupPlace;
  launch: LaunchCommand;
  /** The package's `skill/` folder: SKILL.md and agents/. */
  skillDir: string;
  only?: readonly EditorId[];
  remove?: boolean;
  dryRun?: boolean;
  /** Whether a command of that name is on PATH (an editor's CLI counts as the editor being there). */
  onPath: (command: string) => boolean;
  now?: Date;
}

export type SetupResult =
  | 'added'
  | 'updated'
  | 'already there'
  | 'removed'
  | 'not there'
  | 'skipped'
  | 'refused'
  | 'would add'
  | 'would update'
  | 'would remove';

export interface SetupRow {
  editor: string;
  file: string;
  result: SetupResult;
  why?: string;
}

/** One file's text before and after (null: the file does not exist on that side). */
export interface FileChange {
  file: string;
  before: string | null;
  after: string | null;
}

export interface SetupReport {
  rows: SetupRow[];
  changes: FileChange[];
  /** Where the files changed were copied first, when any existed. */
  backupDir?: string;
}

const readIfThere = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/** An editor counts as present when its config folder (or file) exists or its CLI is on PATH. */
function present(target: EditorTarget, onPath: SetupOptions['onPath']): boolean {
  return target.markers.some((m) => existsSync(m)) || (target.cli !== undefined && onPath(target.cli));
}

const PREVIEW = { added: 'would add', updated: 'would update', removed: 'would remove' } as const;
const verb = (dryRun: boolean | undefined, done: keyof typeof PREVIEW): SetupResult =>
  dryRun ? PREVIEW[done] : done;

/**
 * Registers boocontext in every editor present (or takes it out with `remove`), and puts the
 * skill and agents where Claude Code and opencode read them. Plans every file first; nothing is
 * written on a dry run. Each file it changes is copied to the backup folder first and written
 * atomically; what it had to create (files, folders, the servers table) is recorded so that
 * `remove` takes out exactly that and leaves everything else as it found it.
 */
export async function runSetup(options: SetupOptions): Promise<SetupReport> {
  const { place, onPath } = options;
  const stateDir = setupStateDir(place);
  const state = options.dryRun ? emptyState() : loadState(stateDir);
  const editors = editorTargets(place);
  const targets = editors.filter((t) => !options.only || options.only.includes(t.id));
  const opencodeDir = path.dirname(editors.find((t) => t.id === 'opencode')?.file ?? '');
  const guides = hostFiles(options.skillDir, place, opencodeDir);
  const rows: SetupRow[] = [];
  const changes: FileChange[] = [];

  for (const target of targets) {
    const row = { editor: target.name, file: target.file };
    const before = readIfThere(target.file);
    try {
      if (options.remove) {
        if (
          before === null ||
          serversIn(target.format, before, target.file, target.container)?.[SERVER_NAME] === undefined
        ) {
          rows.push({ ...row, result: 'not there' });
          continue;
        }
        const madeContainer = state.containers[target.file] === target.container;
        let after: string | null = withoutEntry(
          target.format,
          before,
          target.file,
          target.container,
          SERVER_NAME,
          madeContainer,
        );
        // A file setup created goes when nothing but its seed is left in it.
        const seed = JSON.stringify(readSettings(target.format, target.seed, target.file));
        const original = state.originals[target.file];
        if (
          state.files.includes(target.file) &&
          JSON.stringify(readSettings(target.format, after, target.file)) === seed
        )
          after = null;
        else if (original && existsSync(original)) {
          const was = readFileSync(original, 'utf8');
          if (sameButWhitespace(after, was)) after = was;
        }
        changes.push({ file: target.file, before, after });
        rows.push({ ...row, result: verb(options.dryRun, 'removed') });
        continue;
      }
      if (!present(target, onPath)) {
        rows.push({ ...row, result: 'skipped', why: `not installed (none of ${target.markers.join(', ')})` });
        continue;
      }
      const base = before ?? target.seed;
      const servers = serversIn(target.format, base, target.file, target.container);
      const after = withEntry(
        target.format,
        base,
        target.file,
        target.container,
        SERVER_NAME,
        target.entry(options.launch),
      );
      if (before !== null && after === before) {
        rows.push({ ...row, result: 'already there' });
        continue;
      }
      const had = before !== null && servers?.[SERVER_NAME] !== undefined;
      if (servers === undefined) state.containers[target.file] = target.container;
      changes.push({ file: target.file, before, after });
      rows.push({ ...row, result: verb(options.dryRun, had ? 'updated' : 'added') });
    } catch (error) {
      if (!(error instanceof SetupError)) throw error;
      rows.push({ ...row, result: 'refused', why: error.message });
    }
  }

  const chosen = new Set(targets.map((t) => t.id));
  const installedFor = new Set(
    rows.filter((r) => r.result !== 'skipped' && r.result !== 'refused').map((r) => r.editor),
  );
  for (const guide of guides.filter((g) => chosen.has(g.editor))) {
    const editor = editors.find((t) => t.id === guide.editor)?.name ?? guide.editor;
    planGuide(guide, editor, options.remove ? true : installedFor.has(editor), options, rows, changes);
  }

  const report: SetupReport = { rows, changes };
  if (options.dryRun || changes.length === 0) return report;
  report.backupDir = await applyChanges(
    changes,
    Boolean(options.remove),
    state,
    stateDir,
    options.now ?? new Date(),
  );
  await saveState(stateDir, state);
  return report;
}

/** One skill or agent file: written when its editor got boocontext, removed only if setup put it there. */
function planGuide(
  guide: HostFile,
  editor: string,
  wanted: boolean,
  options: SetupOptions,
  rows: SetupRow[],
  changes: FileChange[],
) {
  const before = readIfThere(guide.file);
  const ours = before === null || before.includes(INSTALLED_MARK);
  const row = { editor, file: guide.file };
  if (options.remove) {
    if (before === null || !ours) rows.push({ ...row, result: 'not there' });
    else {
      changes.push({ file: guide.file, before, after: null });
      rows.push({ ...row, result: verb(options.dryRun, 'removed') });
    }
    return;
  }
  if (!wanted) return;
  if (!ours) rows.push({ ...row, result: 'skipped', why: 'a file of your own is there; left as it is' });
  else if (before === guide.text) rows.push({ ...row, result: 'already there' });
  else {
    changes.push({ file: guide.file, before, after: guide.text });
    rows.push({ ...row, result: verb(options.dryRun, before === null ? 'added' : 'updated') });
  }
}

/** Writes every planned change, each existing file copied to one backup folder first; returns that folder. */
async function applyChanges(
  changes: FileChange[],
  removing: boolean,
  state: SetupState,
  stateDir: string,
  now: Date,
): Promise<string | undefined> {
  const backupDir = path.join(stateDir, 'backups', now.toISOString().replace(/[:.]/g, '-'));
  let backedUp = false;
  for (const { file, before, after } of changes) {
    if (before !== null) {
      const copy = keepBackup(file, backupDir);
      backedUp = true;
      if (!state.files.includes(file)) state.originals[file] ??= copy;
    }
    if (after === null || removing) {
      delete state.containers[file];
      delete state.originals[file];
      state.files = state.files.filter((f) => f !== file);
    }
    if (after === null) {
      rmSync(file, { force: true });
      continue;
    }
    state.dirs.push(...ensureDir(path.dirname(file)).filter((d) => !state.dirs.includes(d)));
    if (before === null && !state.files.includes(file)) state.files.push(file);
    // A new file holds the user's MCP settings (tokens often sit in an entry's env): theirs alone.
    await writeAtomically(file, after, before === null ? 0o600 : undefined);
  }
  // Folders setup made go once they are empty, deepest first.
  for (const dir of [...state.dirs].sort((a, b) => b.length - a.length)) {
    if (!existsSync(dir)) state.dirs = state.dirs.filter((d) => d !== dir);
    else if (removing) {
      try {
        rmdirSync(dir);
        state.dirs = state.dirs.filter((d) => d !== dir);
      } catch {
        // Not empty: something else lives there now.
      }
    }
  }
  return backedUp ? backupDir : undefined;
}
