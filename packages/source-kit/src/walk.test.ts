import { mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ListingCache, listRepoFiles } from './walk.js';

const root = mkdtempSync(path.join(tmpdir(), 'source-kit-walk-'));
const put = (rel: string, text = 'x') => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
put('.gitignore', 'generated/\n*.log\n');
put('src/a.ts');
put('src/generated/b.ts');
put('src/deep/.gitignore', 'secret.ts\n');
put('src/deep/secret.ts');
put('src/deep/open.ts');
put('debug.log');
put('node_modules/pkg/index.js');
put('vendor/lib/dep.go');
put('src/vendor/own.ts');
for (let i = 0; i < 150; i++) put(`many/d${i}/f.ts`);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('listRepoFiles', () => {
  it('honours root and nested .gitignore files and skips vendored directories, sorted', async () => {
    const files = (await listRepoFiles(root, (rel) => !rel.startsWith('many/'))).map((f) => f.rel);
    // A `vendor/` inside `src/` is the package's own code; at the top it is someone else's.
    expect(files).toEqual([
      '.gitignore',
      'src/a.ts',
      'src/deep/.gitignore',
      'src/deep/open.ts',
      'src/vendor/own.ts',
    ]);
  });

  it('lists trees larger than one turn of the event loop completely', async () => {
    const files = await listRepoFiles(root, (rel) => rel.startsWith('many/'));
    expect(files).toHaveLength(150);
  });

  it('rejects when cancelled instead of returning a partial list (a caller would read it as deletions)', async () => {
    const controller = new AbortController();
    const listing = listRepoFiles(root, () => true, controller.signal);
    controller.abort();
    await expect(listing).rejects.toThrow(/cancelled/);
  });

  describe('with a listing cache', () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'source-kit-listing-'));
    const dir = path.join(tree, 'src');
    const age = (target: string, seconds: number) => {
      const when = new Date(Date.now() - seconds * 1000);
      utimesSync(target, when, when);
    };
    const rels = async (cache: ListingCache) =>
      (await listRepoFiles(tree, () => true, undefined, cache)).map((f) => f.rel);
    afterAll(() => rmSync(tree, { recursive: true, force: true }));

    it('sees files added and removed since the last walk', async () => {
      mkdirSync(dir);
      writeFileSync(path.join(dir, 'a.ts'), 'a');
      age(dir, 3600);
      age(tree, 3600);
      const cache = new ListingCache();
      expect(await rels(cache)).toEqual(['src/a.ts']);
      writeFileSync(path.join(dir, 'b.ts'), 'b');
      expect(await rels(cache)).toEqual(['src/a.ts', 'src/b.ts']);
      unlinkSync(path.join(dir, 'a.ts'));
      expect(await rels(cache)).toEqual(['src/b.ts']);
    });

    it('reuses an old listing while the mtime is unchanged, but never one taken right after a change', async () => {
      const cache = new ListingCache();
      age(dir, 3600);
      expect(await rels(cache)).toEqual(['src/b.ts']);
      // A change that leaves the directory's mtime as it was: only a cached listing misses it.
      const { mtime } = statSync(dir);
      writeFileSync(path.join(dir, 'c.ts'), 'c');
      utimesSync(dir, mtime, mtime);
      expect(await rels(cache)).toEqual(['src/b.ts']);
      expect(await rels(new ListingCache())).toEqual(['src/b.ts', 'src/c.ts']);
      // Listed within the racy window: read again next time, whatever the mtime says.
      const fresh = new ListingCache();
      const now = new Date();
      utimesSync(dir, now, now);
      expect(await rels(fresh)).toEqual(['src/b.ts', 'src/c.ts']);
      writeFileSync(path.join(dir, 'd.ts'), 'd');
      utimesSync(dir, now, now);
      expect(await rels(fresh)).toEqual(['src/b.ts', 'src/c.ts', 'src/d.ts']);
    });
  });
});
