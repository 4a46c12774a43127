import { accessSync, constants, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageInfo } from '@boocode/mcp-server-kit';
import { EDITOR_IDS, type EditorId, launchCommand, type SetupPlace } from './editors.js';
import { type FileChange, runSetup, type SetupReport } from './setup.js';

export const SETUP_USAGE = `usage: boocontext setup [--dry-run] [--only ${EDITOR_IDS.join(',')}] [--remove]`;

/** Whether an executable of that name is in one of PATH's folders (with PATHEXT's endings on Windows). */
export function onPath(command: string, env = process.env, platform = process.platform): boolean {
  const endings = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean))
    for (const ending of endings) {
      try {
        accessSync(path.join(dir, command + ending), constants.X_OK);
        return true;
      } catch {
        // Not in this folder.
      }
    }
  return false;
}

/** `--only cursor,vscode` as editor ids; an unknown name is a usage error naming the known ones. */
export function parseOnly(value: string | undefined): EditorId[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !EDITOR_IDS.includes(n as EditorId));
  if (unknown.length || !names.length)
    throw new Error(
      `--only ${value}: unknown editor ${unknown.join(', ') || '(none named)'}; one of ${EDITOR_IDS.join(', ')}`,
    );
  return names as EditorId[];
}

const tilde = (file: string, home: string) => (file.startsWith(home) ? `~${file.slice(home.length)}` : file);

/** The lines that differ between two texts, as `-`/`+` lines with a few lines of context around them. */
export function lineChange({ before, after }: FileChange): string[] {
  const a = before === null ? [] : before.split('\n');
  const b = after === null ? [] : after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const context = (lines: string[]) => lines.map((l) => `  ${l}`);
  return [
    ...context(a.slice(Math.max(0, head - 2), head)),
    ...a.slice(head, a.length - tail).map((l) => `- ${l}`),
    ...b.slice(head, b.length - tail).map((l) => `+ ${l}`),
    ...context(a.slice(a.length - tail, a.length - tail + 2)),
  ];
}

function print(report: SetupReport, home: string, dryRun: boolean): void {
  const out: string[] = [];
  if (dryRun)
    for (const change of report.changes) {
      const what = change.before === null ? 'new file' : change.after === null ? 'deleted' : 'changed';
      out.push(`${tilde(change.file, home)} (${what}):`, ...lineChange(change), '');
    }
  const rows = report.rows.map((r) => [
    r.editor,
    tilde(r.file, home),
    r.why ? `${r.result}: ${r.why}` : r.result,
  ]);
  const widths = [0, 1].map((i) =>
    Math.max(...[['editor', 'file'][i] ?? '', ...rows.map((r) => r[i] ?? '')].map((c) => c.length)),
  );
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c)).join('  ');
  out.push(line(['editor', 'file', 'result']), ...rows.map(line));
  if (report.backupDir) out.push('', `backups of the files changed: ${tilde(report.backupDir, home)}`);
  if (dryRun) out.push('', 'dry run: nothing was written');
  process.stdout.write(`${out.join('\n')}\n`);
}

/** `boocontext setup`: exit 0 when every editor found took the change, 1 when a file was refused, 2 on bad usage. */
export async function setupCommand(flags: {
  'dry-run'?: boolean;
  only?: string;
  remove?: boolean;
}): Promise<number> {
  let only: EditorId[] | undefined;
  try {
    only = parseOnly(flags.only);
  } catch (error) {
    console.error(`boocontext: ${(error as Error).message}\n${SETUP_USAGE}`);
    return 2;
  }
  const { dir: packageRoot, version } = packageInfo(import.meta.url);
  const place: SetupPlace = { home: os.homedir(), platform: process.platform, env: process.env };
  const report = await runSetup({
    place,
    launch: launchCommand(
      realpathSync(path.join(packageRoot, 'bin', 'boocontext.js')),
      version,
      process.execPath,
    ),
    skillDir: path.join(packageRoot, 'skill'),
    only,
    remove: flags.remove,
    dryRun: flags['dry-run'],
    onPath: (command) => onPath(command),
  });
  print(report, place.home, Boolean(flags['dry-run']));
  return report.rows.some((r) => r.result === 'refused') ? 1 : 0;
}
