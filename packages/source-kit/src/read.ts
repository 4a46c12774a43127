import { readFileSync, type Stats, statSync } from 'node:fs';
import { looksBinary, MAX_FILE_BYTES } from './files.js';

export type FileRead =
  /** Gone, unreadable, too big, or binary (a NUL in the first 8 KB, git's own test): skip it. */
  | { kind: 'skip' }
  /** Same size and mtime as last time: reuse what was derived from it. */
  | { kind: 'unchanged'; info: Stats }
  | { kind: 'read'; info: Stats; buffer: Buffer };

/**
 * One file of an incremental pass: a stat decides whether it can be skipped or reused, and only
 * otherwise is it read. Sync on purpose: for many small files it is faster than the async calls.
 */
export function readIfChanged(abs: string, known?: { size: number; mtimeMs: number }): FileRead {
  let info: Stats;
  try {
    info = statSync(abs);
  } catch {
    return { kind: 'skip' };
  }
  if (info.size > MAX_FILE_BYTES) return { kind: 'skip' };
  if (known && known.size === info.size && known.mtimeMs === Math.floor(info.mtimeMs))
    return { kind: 'unchanged', info };
  let buffer: Buffer;
  try {
    buffer = readFileSync(abs);
  } catch {
    return { kind: 'skip' };
  }
  if (looksBinary(buffer)) return { kind: 'skip' };
  return { kind: 'read', info, buffer };
}
