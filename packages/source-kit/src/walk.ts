import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as yieldNow } from 'node:timers/promises';
import ignore, { type Ignore } from 'ignore';
import { parse as parseIni } from 'ini';
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

/**
 * The longest run of plain characters a path must hold, lowercased (the `ignore` package matches
 * without regard to case), for this pattern to match it or one of its folders; none when the
 * pattern has no such run or escapes a character.
 */
function literalOf(pattern: string): string | undefined {
  const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
  if (body.includes('\\')) return undefined;
  // A bracket expression matches one character of many: no part of it is literal.
  const outsideBrackets = body.replace(/\[[^\]]*\]/g, ' ');
  if (/[[\]]/.test(outsideBrackets)) return undefined;
  let longest = '';
  for (const run of outsideBrackets.toLowerCase().split(/[^a-z0-9._-]+/))
    if (run.length > longest.length) longest = run;
  return longest || undefined;
}

/**
 * Every ignore pattern that applies in a directory, as one list relative to the walk's root in
 * git's order of precedence (lowest first: the global excludes file, the repository's info/exclude,
 * then each .gitignore from the root down), so the last pattern that matches wins as in git: a
 * deeper `!keep.ts` or `!out/` re-includes what a parent's pattern excluded.
 *
 * `ignore` tries a path against every pattern in turn, a regular expression each: with the 160 of
 * a Visual Studio .gitignore that was most of a small repository's walk. A path is tried here only
 * against the patterns whose literal it holds (a pattern that cannot match the path cannot match its
 * folders either: they are its prefixes), in their order, so which one wins is unchanged. Few
 * distinct sets occur in a tree; each gets its own `ignore`, made when first met. A walk of the same
 * tree again finds each path's answer kept.
 */
class Rules {
  /** Each distinct literal once, with the patterns that hold it. */
  private readonly words: { word: string; patterns: number[] }[] = [];
  /** Patterns with no literal: tried on every path. */
  private readonly always: number[] = [];
  private readonly bySet = new Map<string, Ignore>();
  /** Each path's answer (a directory's with its `/`): a walk of the same tree again looks it up. */
  private readonly answers = new Map<string, boolean>();

  private constructor(readonly lines: readonly string[]) {
    const byWord = new Map<string, number[]>();
    lines.forEach((line, i) => {
      const word = literalOf(line);
      if (word === undefined) this.always.push(i);
      else if (byWord.has(word)) byWord.get(word)?.push(i);
      else byWord.set(word, [i]);
    });
    for (const [word, patterns] of byWord) this.words.push({ word, patterns });
  }

  /** The same patterns give the same matcher, whose sets are made already: walks of one tree share it. */
  static of(lines: readonly string[]): Rules {
    const key = lines.join('\n');
    let rules = madeRules.get(key);
    if (rules) madeRules.delete(key);
    else rules = new Rules(lines);
    madeRules.set(key, rules);
    if (madeRules.size > MADE_RULES_KEPT) madeRules.delete(madeRules.keys().next().value as string);
    return rules;
  }

  with(lines: readonly string[]): Rules {
    return lines.length === 0 ? this : Rules.of([...this.lines, ...lines]);
  }

  ignores(rel: string, isDir: boolean): boolean {
    if (this.lines.length === 0) return false;
    const tested = isDir ? `${rel}/` : rel;
    let answer = this.answers.get(tested);
    if (answer === undefined) {
      answer = this.test(tested);
      if (this.answers.size >= ANSWERS_KEPT) this.answers.clear();
      this.answers.set(tested, answer);
    }
    return answer;
  }

  private test(tested: string): boolean {
    // `includes` per literal, a builtin: as fast in a one-shot run's cold code as later (looking the
    // path's characters up in an index of literals was faster warm and twice as slow cold).
    const lower = tested.toLowerCase();
    let set = '';
    for (let w = 0; w < this.words.length; w++)
      if (lower.includes((this.words[w] as { word: string }).word)) set += `${w},`;
    if (set === '' && this.always.length === 0) return false;
    let ig = this.bySet.get(set);
    if (!ig) {
      const patterns = [...this.always];
      for (const w of set.split(',')) if (w) patterns.push(...(this.words[Number(w)]?.patterns ?? []));
      ig = ignore().add(patterns.sort((x, y) => x - y).map((i) => this.lines[i] as string));
      if (this.bySet.size >= SETS_KEPT) this.bySet.clear();
      this.bySet.set(set, ig);
    }
    return ig.ignores(tested);
  }
}

/** Matchers kept for the pattern lists last used (one per folder with its own .gitignore, per tree). */
const MADE_RULES_KEPT = 32;
/** Sets of patterns kept per matcher, each an `ignore` of its own. */
const SETS_KEPT = 1024;
/**
 * Paths whose answer a matcher keeps: the entries below its folder (each path is answered by the
 * matcher of the nearest folder with a .gitignore), so all matchers together hold about one tree.
 */
const ANSWERS_KEPT = 100_000;
const madeRules = new Map<string, Rules>();

const noRules = Rules.of([]);

/**
 * A pattern of the ignore file in `base` as the same pattern from the root: one with a slash
 * before its end is anchored to its file's folder, one without matches at any depth below it.
 */
function rebased(line: string, base: string): string | undefined {
  if (!line.trim() || line.startsWith('#')) return undefined;
  if (base === '') return line;
  const negated = line.startsWith('!');
  const body = negated ? line.slice(1) : line;
  const anchored = body.replace(/\/+\s*$/, '').includes('/');
  const rooted = anchored ? `${base}/${body.replace(/^\//, '')}` : `${base}/**/${body}`;
  return negated ? `!${rooted}` : rooted;
}

/**
 * Directory listings and .gitignore rules kept between walks of one tree: a directory whose mtime
 * is unchanged has the same entries (adding, removing or renaming one changes it; editing a file
 * does not), so a re-walk stats it instead of reading it.
 */
export class ListingCache {
  readonly listings = new Map<string, { mtimeMs: number; listing: Listing }>();
  readonly ignores = new Map<string, { mtimeMs: number; size: number; lines: readonly string[] }>();
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

/** An ignore file's patterns as seen from the root (the file is in `base`); none when there is no file. */
function readPatterns(file: string, base: string, cache: ListingCache | undefined): readonly string[] {
  try {
    const info = cache && statSync(file);
    const known = cache?.ignores.get(file);
    if (info && known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.lines;
    const lines = readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map((line) => rebased(line, base))
      .filter((line): line is string => line !== undefined);
    if (cache && info && settled(info.mtimeMs))
      cache.ignores.set(file, { mtimeMs: info.mtimeMs, size: info.size, lines });
    return lines;
  } catch {
    return [];
  }
}

const gitignoreIn = (root: string, base: string, cache: ListingCache | undefined) =>
  readPatterns(path.join(root, base, '.gitignore'), base, cache);

const excludesFiles = new Map<string, { stamp: string; file: string }>();

/**
 * The user's global excludes file as git finds it: `core.excludesFile`, else
 * `$XDG_CONFIG_HOME/git/ignore`. Every walk and every path check asks, so the answer is kept
 * while git's two config files keep their modification times (two stats instead of two reads).
 */
export function globalExcludesFile(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  const xdg = env.XDG_CONFIG_HOME || path.join(home, '.config');
  // git reads the XDG config, then ~/.gitconfig: the later one wins.
  const configs = [path.join(xdg, 'git', 'config'), path.join(home, '.gitconfig')];
  const stamp = configs.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? '-').join('|');
  const key = `${xdg}\0${home}`;
  const known = excludesFiles.get(key);
  if (known?.stamp === stamp) return known.file;
  let configured: string | undefined;
  for (const file of configs) {
    try {
      const config = parseIni(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
      const core = Object.entries(config).find(([name]) => name.toLowerCase() === 'core')?.[1] ?? {};
      const value = Object.entries(core).find(([k]) => k.toLowerCase() === 'excludesfile')?.[1];
      if (typeof value === 'string' && value) configured = value;
    } catch {
      // No such file, or not one git would read either.
    }
  }
  const file = configured
    ? configured.startsWith('~/')
      ? path.join(home, configured.slice(2))
      : configured
    : path.join(xdg, 'git', 'ignore');
  excludesFiles.set(key, { stamp, file });
  return file;
}

/** The base rules' files are read again only when they change, whether or not the caller keeps a cache. */
const baseFiles = new ListingCache();

/** The rules under every .gitignore: the global excludes file, then the repository's info/exclude. */
function baseRules(root: string, cache: ListingCache = baseFiles): Rules {
  return noRules.with([
    ...readPatterns(globalExcludesFile(), '', cache),
    ...readPatterns(path.join(root, '.git', 'info', 'exclude'), '', cache),
  ]);
}

/** An entry of any kind with a skipped name is skipped: a `.git` file marks a submodule's metadata too. */
const skips = (skipDirs: ReadonlySet<string>, name: string, parentRel: string) =>
  skipDirs.has(name) && !(name === 'vendor' && OWN_SOURCE.test(parentRel));

const relativeTo = (root: string, abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** The rules that apply to `rel`: the base ones, then the .gitignore of each directory from the root down to its parent. */
function rulesAbove(root: string, rel: string, cache?: ListingCache): Rules {
  const rules = baseRules(root, cache);
  if (rel === '') return rules;
  const parts = rel.split('/');
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i++) lines.push(...gitignoreIn(root, parts.slice(0, i).join('/'), cache));
  return rules.with(lines);
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
  return rulesAbove(root, rel).ignores(rel, isDir);
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
  const walkDir = async (dir: string, rel: string, rules: Rules): Promise<void> => {
    if (++listed % DIRS_PER_TURN === 0) await yieldNow();
    const listing = listDirectory(dir, cache);
    if (!listing) return;
    const { names, kinds } = listing;
    // Only read a .gitignore that is there: a failed read per directory costs more than the listing.
    const active = names.includes('.gitignore') ? rules.with(gitignoreIn(root, rel, cache)) : rules;
    for (let i = 0; i < names.length; i++) {
      if (stopped || signal?.aborted) return;
      const kind = KINDS[kinds[i] ?? 0];
      if (!kind) continue;
      const name = names[i] as string;
      const isDir = kind === 'directory';
      if (skips(skipDirs, name, rel)) continue;
      const childRel = rel ? `${rel}/${name}` : name;
      if (active.ignores(childRel, isDir)) continue;
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
