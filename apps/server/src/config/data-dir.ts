import { accessSync, constants, copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';

/** The files a data folder is given from the shipped defaults when it has none of its own. */
const DEFAULT_FILES = ['mcp.json', 'AGENTS.md'] as const;

/**
 * Makes the data folder ready, or says in one line why it cannot be and what to run: an
 * unwritable folder (a bind mount owned by another user, typically) is caught here, before the
 * database would fail on it with a stack trace.
 */
export function prepareDataDir(dataDir: string, defaultsDir?: string): { seeded: string[] } {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw error;
    throw new AppError('DATA_DIR_NOT_WRITABLE', notWritable(dataDir, code));
  }
  return { seeded: defaultsDir ? seedDefaults(dataDir, defaultsDir) : [] };
}

function notWritable(dataDir: string, code: string): string {
  if (code === 'EROFS') return `DATA_DIR ${dataDir} is on a read-only file system: mount it read-write`;
  const who = process.getuid?.();
  const owner = who === undefined ? 'this user' : `uid ${who}`;
  const chown =
    who === undefined ? '' : `: run \`chown -R ${who}:${process.getgid?.() ?? who} <that folder>\``;
  return `DATA_DIR ${dataDir} is not writable by ${owner} (BooCode keeps its database there); give the folder to that user${chown} (for a container, the host folder mounted there)`;
}

/** Copies each default file the data folder lacks; a file already there is never touched. */
function seedDefaults(dataDir: string, defaultsDir: string): string[] {
  if (path.resolve(defaultsDir) === path.resolve(dataDir)) return [];
  const seeded: string[] = [];
  for (const name of DEFAULT_FILES) {
    try {
      copyFileSync(path.join(defaultsDir, name), path.join(dataDir, name), constants.COPYFILE_EXCL);
      seeded.push(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // EEXIST: the user's own file; ENOENT: nothing shipped under that name.
      if (code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
  }
  return seeded;
}
