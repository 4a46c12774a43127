import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isPathHidden,
  ListingCache,
  listRepoFiles,
  VCS_AND_DEPENDENCY_DIRS,
  type WalkEntry,
  walkTree,
} from './walk.js';

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
put('dist/out.js');
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

describe('walkTree with the options a user-facing walk uses', () => {
  const seen = async (
    options: Parameters<typeof walkTree>[2],
    visit?: (e: WalkEntry) => boolean | 'skip',
  ) => {
    const entries: string[] = [];
    await walkTree(
      root,
      (entry) => {
        if (entry.rel.startsWith('many/')) return 'skip';
        entries.push(`${entry.rel}${entry.kind === 'directory' ? '/' : ''}`);
        return visit?.(entry);
      },
      options,
    );
    return entries;
  };

  it('starts below the root with the .gitignore rules above the start still applied', async () => {
    expect(await seen({ start: path.join(root, 'src') })).toEqual([
      'src/a.ts',
      'src/deep/',
      'src/deep/.gitignore',
      'src/deep/open.ts',
      'src/vendor/',
      'src/vendor/own.ts',
    ]);
  });

  it('shows build output and vendored code when only VCS and dependency folders are skipped', async () => {
    const entries = await seen({ skipDirs: VCS_AND_DEPENDENCY_DIRS });
    expect(entries).toContain('dist/out.js');
    expect(entries).toContain('vendor/lib/dep.go');
    expect(entries.some((e) => e.startsWith('node_modules'))).toBe(false);
  });

  it("stops at false and does not descend after 'skip'", async () => {
    expect(await seen({}, (e) => (e.rel === 'src' ? 'skip' : true))).toEqual(['.gitignore', 'many/', 'src/']);
    expect(await seen({}, (e) => e.rel !== 'src/a.ts')).toEqual(['.gitignore', 'many/', 'src/', 'src/a.ts']);
  });

  it('reports a symbolic link only when showLink accepts it, and never descends into one', async () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'source-kit-links-'));
    mkdirSync(path.join(tree, 'real'));
    writeFileSync(path.join(tree, 'real/f.ts'), 'x');
    symlinkSync(path.join(tree, 'real'), path.join(tree, 'alias'));
    symlinkSync(path.join(tree, 'real/f.ts'), path.join(tree, 'file-link.ts'));
    const rels = async (showLink?: (e: WalkEntry) => boolean) => {
      const out: string[] = [];
      await walkTree(tree, (e) => void out.push(`${e.rel}:${e.kind}`), { showLink });
      return out;
    };
    try {
      expect(await rels()).toEqual(['real:directory', 'real/f.ts:file']);
      expect(await rels((e) => e.name !== 'alias')).toEqual([
        'file-link.ts:link',
        'real:directory',
        'real/f.ts:file',
      ]);
      expect(await rels(() => true)).toEqual([
        'alias:link',
        'file-link.ts:link',
        'real:directory',
        'real/f.ts:file',
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});

describe('isPathHidden', () => {
  it('agrees with the walk: gitignored, nested-gitignored and skipped paths are hidden', () => {
    expect(isPathHidden(root, 'src/a.ts', false)).toBe(false);
    expect(isPathHidden(root, 'debug.log', false)).toBe(true);
    expect(isPathHidden(root, 'src/generated', true)).toBe(true);
    expect(isPathHidden(root, 'src/generated/b.ts', false)).toBe(true);
    expect(isPathHidden(root, 'src/deep/secret.ts', false)).toBe(true);
    expect(isPathHidden(root, 'node_modules/pkg/index.js', false, VCS_AND_DEPENDENCY_DIRS)).toBe(true);
    expect(isPathHidden(root, 'dist/out.js', false, VCS_AND_DEPENDENCY_DIRS)).toBe(false);
    expect(isPathHidden(root, 'dist/out.js', false)).toBe(true);
    expect(isPathHidden(root, 'src/vendor/own.ts', false)).toBe(false);
  });
});
