import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
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
