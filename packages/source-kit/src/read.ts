import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';
import { looksBinary, MAX_FILE_BYTES } from './files.js';

export type FileRead =
  /** Gone, unreadable, too big, or binary (a NUL in the first 8 KB, git's own test): skip it. */
  | { kind: 'skip' }
  /** Same size and mtime as last time: reuse what was derived from it. */
  | { kind: 'unchanged'; info: Stats }
  /** `buffer` is a view the next read overwrites: use it (decode, hash) before reading again. */
  | { kind: 'read'; info: Stats; buffer: Buffer };

/**
 * One buffer for every read: a pass reads thousands of files once each, and a fresh buffer per
 * file leaves the allocator holding their memory. One byte past the cap tells a file that grew
 * beyond it since its stat.
 */
let shared: Buffer | undefined;

/** Reads the open file into the shared buffer; undefined when it holds more than the cap. */
function readWhole(fd: number): Buffer | undefined {
  shared ??= Buffer.allocUnsafe(MAX_FILE_BYTES + 1);
  let length = 0;
  for (;;) {
    const n = readSync(fd, shared, length, shared.length - length, null);
    if (n === 0) break;
    length += n;
    if (length > MAX_FILE_BYTES) return undefined;
  }
  return shared.subarray(0, length);
}

/**
 * One file of an incremental pass: a stat decides whether it can be skipped or reused, and only
 * otherwise is it read. Sync on purpose: for many small files it is faster than the async calls.
 */
export function readIfChanged(abs: string, known?: { size: number; mtimeMs: number }): FileRead {
  let fd: number;
  try {
    if (known) {
      const info = statSync(abs);
      if (known.size === info.size && known.mtimeMs === Math.floor(info.mtimeMs))
        return { kind: 'unchanged', info };
    }
    // Non-blocking: a named pipe with a source file's name must not hang the pass.
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { kind: 'skip' };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return { kind: 'skip' };
    const buffer = readWhole(fd);
    if (!buffer || looksBinary(buffer)) return { kind: 'skip' };
    return { kind: 'read', info, buffer };
  } catch {
    return { kind: 'skip' };
  } finally {
    closeSync(fd);
  }
}
