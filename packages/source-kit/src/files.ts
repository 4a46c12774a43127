import path from 'node:path';

/**
 * What counts as a readable source file, and where a path may go: shared by the native tools and
 * the scanners, so every tool refuses and skips the same things.
 */

/** Files above this size are generated or data, not code worth reading or indexing. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A NUL byte in the first 8 KB is how git decides a file is binary; we do the same. */
export function looksBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 8192).includes(0);
}

/** Whether an absolute path is `root` or below it (both already resolved). */
export function isInside(root: string, abs: string): boolean {
  return abs === root || abs.startsWith(root + path.sep);
}
