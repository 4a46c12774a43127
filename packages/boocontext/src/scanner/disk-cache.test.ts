import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScanDiskCache } from './disk-cache.js';
import { Scanner, type ScanResult } from './scan.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/repos');
const withoutStats = ({ stats: _stats, ...rest }: ScanResult) => rest;

let root: string;
let cacheDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'boocontext-disk-'));
  cpSync(fixtures, root, { recursive: true });
  cacheDir = mkdtempSync(path.join(tmpdir(), 'boocontext-cache-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(cacheDir, { recursive: true, force: true });
});

/** A scanner as a new process has it: nothing in memory, only what the disk cache holds. */
async function scanInNewProcess(cache = new ScanDiskCache(cacheDir, 'code-1')) {
  const scanner = new Scanner(cache);
  const result = await scanner.scan(root);
  scanner.persist();
  return result;
}

describe('the scan cache on disk', () => {
  it('lets the next process reuse every unchanged file and answer the same', async () => {
    const cold = await scanInNewProcess();
    expect(cold.stats.reused).toBe(0);
    const warm = await scanInNewProcess();
    expect(warm.stats).toMatchObject({ read: 0, reused: cold.stats.read });
    expect(withoutStats(warm)).toEqual(withoutStats(cold));
  });

  it('re-reads an edited file and forgets a deleted one', async () => {
    const cold = await scanInNewProcess();
    const routes = path.join(root, 'express/src/routes/users.ts');
    writeFileSync(
      routes,
      "import { Router } from 'express';\nconst router = Router();\nrouter.get('/only', f);\nexport default router;\n",
    );
    rmSync(path.join(root, 'express/src/app.ts'));
    const warm = await scanInNewProcess();
    expect(warm.stats.read).toBe(1);
    expect(withoutStats(warm)).toEqual(withoutStats(await new Scanner().scan(root)));
    expect(warm.files).toBe(cold.files - 1);
  });

  it('reuses a file whose mtime moved but whose bytes did not, and remembers the new mtime', async () => {
    const cold = await scanInNewProcess();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'express/src/routes/users.ts'), later, later);
    const touched = await scanInNewProcess();
    expect(touched.stats).toMatchObject({ read: 0, reused: cold.stats.read });
    expect(withoutStats(touched)).toEqual(withoutStats(cold));
    // Saved with its new mtime: the next process has nothing new to save.
    const [file] = readdirSync(cacheDir);
    const written = statSync(path.join(cacheDir, file as string)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await scanInNewProcess();
    expect(statSync(path.join(cacheDir, file as string)).mtimeMs).toBe(written);
  });

  it('ignores facts another version of the scanner wrote, and a file that is not a cache', async () => {
    const cold = await scanInNewProcess();
    const otherCode = await scanInNewProcess(new ScanDiskCache(cacheDir, 'code-2'));
    expect(otherCode.stats.reused).toBe(0);
    for (const name of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, name), 'not a cache');
    const corrupt = await scanInNewProcess();
    expect(corrupt.stats.reused).toBe(0);
    expect(withoutStats(corrupt)).toEqual(withoutStats(cold));
  });

  it('writes nothing with the cache off, and nothing into the repository with it on', async () => {
    expect(ScanDiskCache.at('off')).toBeUndefined();
    expect(ScanDiskCache.at(undefined, { XDG_CACHE_HOME: '/x/cache' })?.dir).toBe('/x/cache/boocontext');
    const before = readdirSync(root, { recursive: true }).length;
    await scanInNewProcess();
    expect(readdirSync(root, { recursive: true })).toHaveLength(before);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it('scans on when the cache cannot be written, also under a path that is a file', async () => {
    const blocker = path.join(cacheDir, 'a-file');
    writeFileSync(blocker, '');
    const cold = await scanInNewProcess(new ScanDiskCache(path.join(blocker, 'cache'), 'code-1'));
    expect(withoutStats(cold)).toEqual(withoutStats(await new Scanner().scan(root)));
    expect(readdirSync(cacheDir)).toEqual(['a-file']);
  });

  it('keeps the 64 most recently written roots', () => {
    const cache = new ScanDiskCache(cacheDir, 'code-1');
    const seen = new Set<string>();
    for (let i = 0; i < 66; i++) {
      cache.save(`/repo/${i}`, new Map());
      const file = readdirSync(cacheDir).find((name) => !seen.has(name)) as string;
      seen.add(file);
      // Older first, whatever the file system's time granularity.
      utimesSync(path.join(cacheDir, file), i, i);
    }
    const kept = readdirSync(cacheDir);
    expect(kept).toHaveLength(64);
    expect(cache.load('/repo/0')).toBeUndefined();
    expect(cache.load('/repo/65')).toEqual(new Map());
  });
});
