import { mkdirSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';

/**
 * Replaces a file whole through npm's write-file-atomic: a temporary file beside the real one,
 * fsynced, then renamed over it, so an interrupted write never leaves half a file; a path that is
 * a symlink (an mcp.json kept in a dotfiles repository) stays a link and its target is written;
 * writes to one file from this process are done one after another. The file keeps its permissions
 * and owner unless `mode` says what they must be.
 */
export async function writeAtomically(file: string, text: string, mode?: number): Promise<void> {
  // Synchronously, so that calls reach write-file-atomic in the order they were made: it queues
  // writes to one path as they come, and an awaited mkdir could let a later one pass an earlier.
  mkdirSync(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, text, { fsync: true, ...(mode !== undefined ? { mode } : {}) });
}
