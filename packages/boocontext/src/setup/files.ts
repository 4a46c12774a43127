import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates `dir` and the parents it lacks; returns the folders it made, outermost first, so that
 * `setup --remove` can take out exactly those.
 */
export function ensureDir(dir: string): string[] {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at); at = path.dirname(at)) missing.unshift(at);
  if (missing.length) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return missing;
}

/**
 * Replaces the file in one rename, so an editor reading it at that moment sees the old text or
 * the new, never half. The file keeps its permissions (~/.claude.json is the user's alone); a
 * new one is the user's alone too, since MCP entries often carry tokens in `env`.
 */
export function writeAtomically(file: string, text: string): void {
  const mode = existsSync(file) ? statSync(file).mode & 0o777 : 0o600;
  const temporary = `${file}.boocontext-${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { mode });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** A copy of the file as it was, under `backupDir`, named after its path so two `settings.json` never meet. */
export function keepBackup(file: string, backupDir: string): string {
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const copy = path.join(
    backupDir,
    file
      .replace(/^[A-Za-z]:/, '')
      .replace(/[\\/]+/g, '__')
      .replace(/^_+/, ''),
  );
  copyFileSync(file, copy);
  return copy;
}
