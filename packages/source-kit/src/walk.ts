import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldNow } from 'node:timers/promises';
import ignore, { type Ignore } from 'ignore';
import { isInside } from './files.js';
import { byCodeUnits as byName } from './order.js';

/** What no reader of a repository should be shown: VCS metadata and installed dependencies. */
export const VCS_AND_DEPENDENCY_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Directories no index wants: those, plus vendored code, build output and caches. */
export const NOT_SOURCE_DIRS: ReadonlySet<string> = new Set([
  ...VCS_AND_DEPENDENCY_DIRS,
  '.hg',
  '.svn',
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

export type EntryKind = 'directory' | 'file' | 'link';

export interface WalkEntry {
  /** Relative to the walk's root, with `/` separators. */
  rel: string;
  abs: string;
  name: string;
  kind: EntryKind;
}

/** false stops the walk, 'skip' does not descend into that directory, anything else goes on. */
// biome-ignore lint/suspicious/noConfusingVoidType: a visitor that only collects entries returns nothing
export type WalkDecision = boolean | 'skip' | undefined | void;

export interface WalkOptions {
  /** Directory to start below (absolute, inside the root); .gitignore files above it still apply. */
  start?: string;
  /** Directory names never entered; default NOT_SOURCE_DIRS. */
  skipDirs?: ReadonlySet<string>;
  /**
   * Symbolic links are not reported unless this says so; they are never descended into (they could
   * lead out or loop). The server shows a link whose target it could show itself.
   */
  showLink?: (entry: WalkEntry) => boolean | Promise<boolean>;
  signal?: AbortSignal;
  cache?: ListingCache;
}

/** Directories listed between two yields to the event loop. */
const DIRS_PER_TURN = 64;

/**
 * A listing taken this soon after its directory last changed is not trusted next time: a change
 * within the same timestamp tick (coarse on some file systems) would leave the mtime as it was.
 */
const RACY_MS = 2_000;
const settled = (mtimeMs: number) => mtimeMs < Date.now() - RACY_MS;

const KINDS: readonly (EntryKind | undefined)[] = [undefined, 'directory', 'file', 'link'];

interface Listing {
  /** In name order. */
  names: string[];
  /** Index into KINDS: 1 directory, 2 file, 3 symbolic link, 0 anything else. */
  kinds: Uint8Array;
}

interface Rules {
  /** Directory (relative to the root, posix) the .gitignore lives in; '' for the root. */
  base: string;
  ig: Ignore;
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
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => byName(a.name, b.name));
    listing = {
      names: entries.map((e) => e.name),
      kinds: Uint8Array.from(entries, (e) =>
        e.isDirectory() ? 1 : e.isFile() ? 2 : e.isSymbolicLink() ? 3 : 0,
      ),
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

function readIgnore(dir: string, base: string, cache: ListingCache | undefined): Rules | undefined {
  const file = path.join(dir, '.gitignore');
  try {
    const info = cache && statSync(file);
    const known = cache?.ignores.get(file);
    if (info && known && known.mtimeMs === info.mtimeMs && known.size === info.size)
      return { base, ig: known.ig };
    const ig = ignore().add(readFileSync(file, 'utf8'));
    if (cache && info && settled(info.mtimeMs))
      cache.ignores.set(file, { mtimeMs: info.mtimeMs, size: info.size, ig });
    return { base, ig };
  } catch {
    return undefined;
  }
}

function ignoredBy(rules: readonly Rules[], rel: string, isDir: boolean): boolean {
  for (const { base, ig } of rules) {
    const sub = base === '' ? rel : rel.slice(base.length + 1);
    if (sub && ig.ignores(isDir ? `${sub}/` : sub)) return true;
  }
  return false;
}

/** An entry of any kind with a skipped name is skipped: a `.git` file marks a submodule's metadata too. */
const skips = (skipDirs: ReadonlySet<string>, name: string, parentRel: string) =>
  skipDirs.has(name) && !(name === 'vendor' && OWN_SOURCE.test(parentRel));

const relativeTo = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** .gitignore rules of the directories from the root down to `rel`'s parent. */
function rulesAbove(root: string, rel: string, cache?: ListingCache): Rules[] {
  const rules: Rules[] = [];
  if (rel === '') return rules;
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join('/');
    const loaded = readIgnore(path.join(root, base), base, cache);
    if (loaded) rules.push(loaded);
  }
  return rules;
}

/**
 * Whether a path (relative to `root`, posix) is one a walk with these skipped directories would
 * never show: inside a skipped directory or matched by a .gitignore on its way.
 */
export function isPathHidden(
  root: string,
  rel: string,
  isDir: boolean,
  skipDirs: ReadonlySet<string> = NOT_SOURCE_DIRS,
): boolean {
  if (rel === '' || rel === '.') return false;
  const parts = rel.split('/');
  if (parts.some((part, i) => skips(skipDirs, part, parts.slice(0, i).join('/')))) return true;
  return ignoredBy(rulesAbove(root, rel), rel, isDir);
}

/**
 * Walks the tree below `root` (or `options.start`) depth-first in name order, honouring every
 * .gitignore on the way and skipping `skipDirs`. Directories are listed synchronously (an awaited
 * readdir per directory spent more time queueing than listing), with a yield every few dozen so a
 * big tree never holds up the rest of the process. `visit` is awaited only when it returns a promise.
 */
export async function walkTree(
  root: string,
  visit: (entry: WalkEntry) => WalkDecision | Promise<WalkDecision>,
  options: WalkOptions = {},
): Promise<void> {
  const { skipDirs = NOT_SOURCE_DIRS, showLink, signal, cache } = options;
  let listed = 0;
  let stopped = false;
  const walkDir = async (dir: string, rel: string, rules: Rules[]): Promise<void> => {
    if (++listed % DIRS_PER_TURN === 0) await yieldNow();
    const listing = listDirectory(dir, cache);
    if (!listing) return;
    const { names, kinds } = listing;
    // Only read a .gitignore that is there: a failed read per directory costs more than the listing.
    const own = names.includes('.gitignore') ? readIgnore(dir, rel, cache) : undefined;
    const active = own ? [...rules, own] : rules;
    for (let i = 0; i < names.length; i++) {
      if (stopped || signal?.aborted) return;
      const kind = KINDS[kinds[i] ?? 0];
      if (!kind) continue;
      const name = names[i] as string;
      const isDir = kind === 'directory';
      if (skips(skipDirs, name, rel)) continue;
      const childRel = rel ? `${rel}/${name}` : name;
      if (ignoredBy(active, childRel, isDir)) continue;
      const entry: WalkEntry = { rel: childRel, abs: path.join(dir, name), name, kind };
      if (kind === 'link' && !(showLink && (await showLink(entry)))) continue;
      const answer = visit(entry);
      const decision = answer instanceof Promise ? await answer : answer;
      if (decision === false) {
        stopped = true;
        return;
      }
      if (isDir && decision !== 'skip') await walkDir(entry.abs, childRel, active);
    }
  };
  const start = options.start ?? root;
  const startRel = relativeTo(root, start);
  await walkDir(start, startRel, rulesAbove(root, startRel, cache));
}

export interface RepoFile {
  /** Relative to the root, with `/` separators. */
  rel: string;
  abs: string;
}

/**
 * Source files under `root` that `accept` wants (regular files, links not followed), skipping
 * vendored, build and VCS directories; sorted by path. Rejects when cancelled rather than return a
 * partial list (a caller would read it as deletions).
 */
export async function listRepoFiles(
  root: string,
  accept: (rel: string) => boolean = () => true,
  signal?: AbortSignal,
  cache?: ListingCache,
): Promise<RepoFile[]> {
  const files: RepoFile[] = [];
  await walkTree(
    root,
    (entry) => {
      if (entry.kind === 'file' && accept(entry.rel)) files.push({ rel: entry.rel, abs: entry.abs });
    },
    { signal, cache },
  );
  if (signal?.aborted) throw new Error('listing cancelled');
  return files.sort((a, b) => byName(a.rel, b.rel));
}

/** Where a symbolic link leads, if it resolves inside `root`. */
export function linkTargetInside(root: string, abs: string): { real: string; isDir: boolean } | undefined {
  try {
    const real = realpathSync(abs);
    if (!isInside(root, real)) return undefined;
    return { real, isDir: statSync(real).isDirectory() };
  } catch {
    return undefined;
  }
}
