import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedBinDirs, withBinDirsFirst } from './bin-path.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('installedBinDirs', () => {
  it('lists every node_modules/.bin above the folder, nearest first', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bin-path-'));
    made.push(root);
    const nested = path.join(root, 'app', 'node_modules', '@boocode', 'server', 'dist', 'cli');
    mkdirSync(nested, { recursive: true });
    mkdirSync(path.join(root, 'node_modules', '.bin'), { recursive: true });
    mkdirSync(path.join(root, 'app', 'node_modules', '.bin'), { recursive: true });
    const dirs = installedBinDirs(nested).filter((d) => d.startsWith(root));
    expect(dirs).toEqual([
      path.join(root, 'app', 'node_modules', '.bin'),
      path.join(root, 'node_modules', '.bin'),
    ]);
  });

  it("finds this checkout's own bins, where npm linked boocontext", () => {
    const dirs = installedBinDirs(import.meta.dirname);
    expect(dirs[0]).toBe(path.resolve(import.meta.dirname, '../../../../node_modules/.bin'));
  });
});

describe('withBinDirsFirst', () => {
  it('puts the folders first and does not repeat one already on PATH', () => {
    const joined = withBinDirsFirst(['/usr/bin', '/a/.bin', '/bin'].join(path.delimiter), [
      '/a/.bin',
      '/b/.bin',
    ]);
    expect(joined.split(path.delimiter)).toEqual(['/a/.bin', '/b/.bin', '/usr/bin', '/bin']);
  });

  it('works without a PATH at all', () => {
    expect(withBinDirsFirst(undefined, ['/a/.bin'])).toBe('/a/.bin');
  });
});
