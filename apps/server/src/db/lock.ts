import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from '@boocode/mcp-server-kit';
import { AppError } from '../errors.js';

/**
 * One BooCode per data directory: a second one would mark the first one's running turns
 * interrupted at start-up (and both would write the same sessions). The lock file holds the owner's
 * pid; a lock left by a process that is gone (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'boocode.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new AppError(
          'CONFLICT',
          `another BooCode (pid ${owner}) is using DATA_DIR ${dataDir}; stop it, or give this one its own DATA_DIR`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new AppError('CONFLICT', `cannot lock DATA_DIR ${dataDir} (${file} keeps reappearing)`);
}
