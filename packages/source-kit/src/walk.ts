import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldNow } from 'node:timers/promises';
import ignore, { type Ignore } from 'ignore';

/** Directories no index wants: vendored code, build output, VCS metadata, caches. */
const SKIPPED_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'vendor',
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  'coverage',
  '.cache',
]);

/** A `vendor/` under a source folder is the package's own code (bundled helpers), not a dependency. */
const OWN_SOURCE = /(^|\/)(src|lib)(\/|$)/;

export interface RepoFile {
  /** Relative to the root, with `/` separators. */
  rel: string;
  abs: string;
}

/** Directories listed between two yields to the event loop. */
const DIRS_PER_TURN = 64;

/**
 * A listing taken this soon after its directory last changed is not trusted next time: a change
 * within the same timestamp tick (coarse on some file systems) would leave the mtime as it was.
 */
const RACY_MS = 2_000;
const settled = (mtimeMs: number) => mtimeMs < Date.now() - RACY_MS;

interface Listing {
  names: string[];
  /** 1 directory, 2 file, 0 anything else (symlinks are not followed). */
  kinds: Uint8Array;
}

/**
 * Directory listings and .gitignore rules kept between walks of one tree: a directory whose mtime
 * is unchanged has the same entries (adding, removing or renaming one changes it; editing a file
 * does not), so a re-walk stats it instead of reading it.
 */
export class ListingCache {
  readonly listings = new Map<string, { mtimeMs: number; listing: Listing }>();
  readonly ignores = new Map<string, { mtimeMs: number; size: number; ig: Ignore }>();
}

function listDirectory(dir: string, cache: ListingCache | undefined): Listing | undefined {
  const before = cache && statSync(dir, { throwIfNoEntry: false });
  const known = cache?.listings.get(dir);
  if (known && before && known.mtimeMs === before.mtimeMs) return known.listing;
  let listing: Listing;
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    listing = {
      names: entries.map((e) => e.name),
      kinds: Uint8Array.from(entries, (e) => (e.isDirectory() ? 1 : e.isFile() ? 2 : 0)),
    };
  } catch {
    return undefined;
  }
  // The mtime from before the read: a change during the read makes the next walk read again.
  if (cache && before && settled(before.mtimeMs))
    cache.listings.set(dir, { mtimeMs: before.mtimeMs, listing });
  else cache?.listings.delete(dir);
  return listing;
}

/**
 * Files under `root` that `accept` wants, honouring nested .gitignore files and skipping vendored,
 * build and VCS directories; sorted by path. Symlinks are not followed. Directories are listed
 * synchronously (an awaited readdir per directory spent more time queueing than listing), with a
 * yield every few dozen so a big tree never holds up the rest of the process.
 */
export async function listRepoFiles(
  root: string,
  accept: (rel: string) => boolean = () => true,
  signal?: AbortSignal,
  cache?: ListingCache,
): Promise<RepoFile[]> {
  const files: RepoFile[] = [];
  let listed = 0;
  const walk = async (dir: string, rel: string, rules: { base: string; ig: Ignore }[]) => {
    if (signal?.aborted) return;
    if (++listed % DIRS_PER_TURN === 0) await yieldNow();
    const listing = listDirectory(dir, cache);
    if (!listing) return;
    const { names, kinds } = listing;
    // Only read a .gitignore that is there: a failed read per directory costs more than the listing.
    const own = names.includes('.gitignore') ? readIgnore(dir, rel, cache) : undefined;
    const active = own ? [...rules, own] : rules;
    for (const [i, name] of names.entries()) {
      const childRel = rel ? `${rel}/${name}` : name;
      const isDir = kinds[i] === 1;
      if (isDir && SKIPPED_DIRS.has(name) && !(name === 'vendor' && OWN_SOURCE.test(rel))) continue;
      if (
        active.some(({ base, ig }) =>
          ig.ignores(`${base ? childRel.slice(base.length + 1) : childRel}${isDir ? '/' : ''}`),
        )
      )
        continue;
      if (isDir) await walk(path.join(dir, name), childRel, active);
      else if (kinds[i] === 2 && accept(childRel)) files.push({ rel: childRel, abs: path.join(dir, name) });
    }
  };
  await walk(root, '', []);
  if (signal?.aborted) throw new Error('listing cancelled');
  return files.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

function readIgnore(
  dir: string,
  rel: string,
  cache: ListingCache | undefined,
): { base: string; ig: Ignore } | undefined {
  const file = path.join(dir, '.gitignore');
  try {
    const info = cache && statSync(file);
    const known = cache?.ignores.get(file);
    if (info && known && known.mtimeMs === info.mtimeMs && known.size === info.size)
      return { base: rel, ig: known.ig };
    const ig = ignore().add(readFileSync(file, 'utf8'));
    if (cache && info && settled(info.mtimeMs))
      cache.ignores.set(file, { mtimeMs: info.mtimeMs, size: info.size, ig });
    return { base: rel, ig };
  } catch {
    return undefined;
  }
}
