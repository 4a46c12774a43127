import { mkdir } from 'node:fs/promises';
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
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, text, { fsync: true, ...(mode !== undefined ? { mode } : {}) });
}
