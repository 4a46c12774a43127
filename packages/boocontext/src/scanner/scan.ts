import { statSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldNow } from 'node:timers/promises';
import { type ProgressReporter, silentProgress } from '@boocode/mcp-server-kit';
import {
  ListingCache,
  languageOf,
  listRepoFiles,
  ModuleResolver,
  type NotAppCode,
  notAppCode,
  preloadGrammar,
  type RepoFile,
  readIfChanged,
} from '@boocode/source-kit';
import { Aggregator, type ScanChange, type ScanResult } from './aggregate.js';
import { SPRING_CONFIG } from './app-config.js';
import { contentHash, type ScanDiskCache } from './disk-cache.js';
import {
  declaresFrameworks,
  generatedFacts,
  grammarFor,
  lexedFacts,
  MANIFESTS,
  textLanguageOf,
  treeFacts,
} from './file-facts.js';
import { GRAPHQL_FILE } from './graphql.js';
import { PROTO_FILE } from './grpc.js';
import { StringOwner } from './own-strings.js';
import { PLAY_ROUTES } from './play-routes.js';
import { SharedRun } from './shared-run.js';
import { SYMFONY_ROUTING } from './symfony-routing.js';
import { type CachedFile, ENV_FILE, emptyFacts, type FileFacts, SFC_FILE } from './types.js';

const LOCKFILE = /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock|bun\.lockb?|poetry\.lock)$/;

export { blastRadius, type ScanResult } from './aggregate.js';

const WANTED = (rel: string) =>
  languageOf(rel) !== undefined ||
  /\.(vue|svelte|sql|prisma)$/.test(rel) ||
  GRAPHQL_FILE.test(rel) ||
  PROTO_FILE.test(rel) ||
  path.posix.basename(rel) in MANIFESTS ||
  ENV_FILE.test(rel) ||
  SPRING_CONFIG.test(rel) ||
  SYMFONY_ROUTING.test(rel) ||
  PLAY_ROUTES.test(rel) ||
  declaresFrameworks(rel) ||
  textLanguageOf(rel) !== undefined ||
  /(^|\/)(package\.json|pnpm-workspace\.yaml|go\.work|tsconfig[^/]*\.json|jsconfig\.json)$/.test(rel);

/** Files whose content the module resolver reads: a change to one means a new resolver. */
const RESOLVER_CONFIG = /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json|go\.mod)$/;

/** Files whose text later steps read again (schemas, migrations, workspace lists). */
const keepText = (rel: string) =>
  /\.(sql|prisma)$/.test(rel) || /(^|\/)(pnpm-workspace\.yaml|go\.work|Cargo\.toml)$/.test(rel);

const SAVE_DELAY_MS = 2_000;

/** What a generated file keeps of its facts: its models (a schema dump is the app's schema), nothing else. */
function keptOf(facts: FileFacts, excluded: NotAppCode | undefined): FileFacts {
  return excluded ? { ...emptyFacts(facts.language), models: facts.models, excluded } : facts;
}

interface RootState {
  listings: ListingCache;
  files: Map<string, CachedFile>;
  modules?: ModuleResolver;
  aggregator: Aggregator;
}

/** One scan's work over one root's cache: what was read, reused, changed and still needs a tree. */
class ScanPass {
  read = 0;
  reused = 0;
  /** Reused files whose mtime moved while their bytes stayed the same. */
  retimed = 0;
  readonly change: ScanChange;
  private readonly seen = new Set<string>();
  /** Files that need a syntax tree wait until the rest is read: their grammars compile meanwhile. */
  private readonly needTrees: {
    rel: string;
    stored: Omit<CachedFile, 'facts'>;
    text: string;
    excluded?: NotAppCode;
  }[] = [];
  private readonly cache: Map<string, CachedFile>;
  private readonly strings = new StringOwner();

  constructor(
    state: RootState,
    private readonly signal: AbortSignal | undefined,
    private readonly progress: ProgressReporter,
  ) {
    this.cache = state.files;
    this.change = { files: new Map(), resolverChanged: !state.modules };
  }

  /** Files read with a syntax tree. */
  get parsed(): number {
    return this.needTrees.length;
  }

  async readAll(files: RepoFile[]): Promise<void> {
    for (const [i, file] of files.entries()) {
      if (this.signal?.aborted) throw new Error('scan cancelled');
      if (i % 64 === 0) this.progress.step('reading', i, files.length);
      const old = this.cache.get(file.rel);
      const wasRead = LOCKFILE.test(file.rel) ? this.statLockfile(file, old) : this.readFile(file, old);
      // Yield between files so a slow scan never holds up other requests on this process.
      if (wasRead && this.read % 50 === 0) await yieldNow();
    }
    this.progress.step('reading', files.length, files.length);
  }

  /** A file is cached only once its facts are in: a cancelled scan leaves nothing half-read. */
  async parseDeferred(): Promise<void> {
    const { needTrees } = this;
    for (const [i, { rel, stored, text, excluded }] of needTrees.entries()) {
      if (this.signal?.aborted) throw new Error('scan cancelled');
      this.cache.set(rel, {
        ...stored,
        facts: this.strings.owned(keptOf(await treeFacts(rel, text), excluded)),
      });
      if (i % 20 === 19) {
        this.progress.step('parsing', i + 1, needTrees.length);
        await yieldNow();
      }
    }
    if (needTrees.length) this.progress.step('parsing', needTrees.length, needTrees.length);
  }

  /** Drops files no longer listed from the cache, as changes. */
  forgetGone(): void {
    for (const [rel, entry] of this.cache) {
      if (this.seen.has(rel)) continue;
      this.cache.delete(rel);
      this.noteChange(rel, entry, true);
    }
  }

  /** `fileSetChanged`: the file was added or removed, so imports may resolve differently. */
  private noteChange(rel: string, before: CachedFile | undefined, fileSetChanged: boolean): void {
    this.change.files.set(rel, before);
    if (fileSetChanged || RESOLVER_CONFIG.test(rel)) this.change.resolverChanged = true;
  }

  /**
   * A lockfile names its package manager by existing; its content (often megabytes, past the read
   * cap) is never needed.
   */
  private statLockfile(file: RepoFile, old: CachedFile | undefined): boolean {
    const info = statSync(file.abs, { throwIfNoEntry: false });
    if (!info?.isFile()) return false;
    this.seen.add(file.rel);
    if (old && old.size === info.size && old.mtimeMs === info.mtimeMs) return false;
    this.noteChange(file.rel, old, !old);
    this.cache.set(file.rel, { mtimeMs: info.mtimeMs, size: info.size, facts: emptyFacts('') });
    return false;
  }

  /** Reads a changed file's facts by the lexer, or queues it for a tree; true when it was read. */
  private readFile(file: RepoFile, old: CachedFile | undefined): boolean {
    const result = readIfChanged(file.abs, old && { size: old.size, mtimeMs: Math.floor(old.mtimeMs) });
    if (result.kind === 'skip') return false;
    this.seen.add(file.rel);
    if (result.kind === 'unchanged') {
      this.reused++;
      return false;
    }
    const { info, buffer } = result;
    const hash = contentHash(buffer);
    // Touched but not changed (a branch switch and back, a formatter that rewrote nothing).
    if (old?.hash === hash && old.size === info.size) {
      old.mtimeMs = info.mtimeMs;
      this.reused++;
      this.retimed++;
      return false;
    }
    this.read++;
    this.noteChange(file.rel, old, !old);
    const excluded = notAppCode(file.rel, buffer);
    if (excluded && excluded !== 'generated') {
      this.cache.set(file.rel, {
        mtimeMs: info.mtimeMs,
        size: info.size,
        hash,
        facts: { ...emptyFacts(''), excluded },
      });
      return true;
    }
    const text = buffer.toString('utf8');
    const lexed = (excluded === 'generated' && generatedFacts(file.rel, text)) || lexedFacts(file.rel, text);
    const stored = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      hash,
      ...(keepText(file.rel) ? { text } : {}),
    };
    if (lexed) this.cache.set(file.rel, { ...stored, facts: this.strings.owned(keptOf(lexed, excluded)) });
    else {
      const grammar = grammarFor(file.rel, text);
      if (grammar) preloadGrammar(grammar);
      this.needTrees.push({ rel: file.rel, stored, text, ...(excluded ? { excluded } : {}) });
    }
    return true;
  }
}

/**
 * Scans a repository into routes, models, components, env vars and its import graph. Results are
 * cached per file by mtime and size, so a re-scan after one edit re-reads one file and derives
 * again only what that file can change. Nothing is written inside the repository; with a disk
 * cache, the per-file facts are kept outside it for the next process.
 */
export class Scanner {
  private readonly roots = new Map<string, RootState>();
  private readonly running = new Map<string, SharedRun<ScanResult>>();
  /** Each root's last finished scan and when it finished. */
  private readonly finished = new Map<string, { at: number; result: ScanResult }>();
  /** How many times a root was read from nothing (no facts in memory or in the disk cache). */
  coldScans = 0;
  /** Roots whose files changed since they were last saved to the disk cache. */
  private readonly unsaved = new Set<string>();
  private saveTimer?: NodeJS.Timeout;

  constructor(
    private readonly diskCache?: ScanDiskCache,
    /** Told each time a root was read from nothing, once that read is done (a shared server logs it). */
    private readonly onIndexed?: (root: string, stats: ScanResult['stats']) => void,
  ) {}

  /** Writes what changed to the disk cache now (the one-shot CLI before it exits, a server as it stops). */
  persist(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    for (const root of this.unsaved) {
      const state = this.roots.get(root);
      if (state) this.diskCache?.save(root, state.files);
    }
    this.unsaved.clear();
  }

  /** The files the routes of `root`'s last finished scan are declared in; undefined before one has finished. */
  entryFiles(root: string): string[] | undefined {
    return this.finished.get(root)?.result.routes.map((route) => route.file);
  }

  /**
   * The repository's facts, brought up to date with what changed on disk. Callers asking for the
   * same root while a scan runs wait for that one (a server shared by many clients builds each
   * index once); each hears its progress and may cancel alone.
   */
  scan(
    root: string,
    {
      signal,
      progress = silentProgress,
      maxAgeMs = 0,
    }: {
      signal?: AbortSignal;
      progress?: ProgressReporter;
      /**
       * A scan finished this recently is answer enough (tools that read only routes and models,
       * called in a burst, as code-graph answers from an index refreshed within 2 s).
       */
      maxAgeMs?: number;
    } = {},
  ): Promise<ScanResult> {
    const last = this.finished.get(root);
    if (maxAgeMs > 0 && last && performance.now() - last.at < maxAgeMs && !this.running.has(root))
      return Promise.resolve(last.result);
    let run = this.running.get(root);
    if (!run) {
      const started = new SharedRun((shared, fanOut) => this.scanNow(root, shared, fanOut));
      this.running.set(root, started);
      void started.result
        .then((result) => this.finished.set(root, { at: performance.now(), result }))
        .finally(() => this.running.delete(root))
        .catch(() => {});
      run = started;
    }
    return run.wait(signal, progress);
  }

  private async scanNow(root: string, signal: AbortSignal, progress: ProgressReporter): Promise<ScanResult> {
    const started = performance.now();
    let state = this.roots.get(root);
    if (!state) {
      state = {
        listings: new ListingCache(),
        files: this.diskCache?.load(root) ?? new Map(),
        aggregator: new Aggregator(),
      };
      this.roots.set(root, state);
    }
    const cold = state.files.size === 0 && !state.modules;
    const files = await listRepoFiles(root, WANTED, signal, state.listings);
    const listed = performance.now();
    const pass = new ScanPass(state, signal, progress);
    await pass.readAll(files);
    const lexed = performance.now();
    await pass.parseDeferred();
    const parsed = performance.now();
    pass.forgetGone();
    if (pass.change.resolverChanged || !state.modules) {
      const sourceFiles = [...state.files.keys()].filter((rel) => languageOf(rel) || SFC_FILE.test(rel));
      const known = state.files;
      state.modules = new ModuleResolver(root, sourceFiles, (rel) => known.has(rel));
    }
    const result = state.aggregator.join(root, state.files, state.modules, pass.change);
    if (pass.change.files.size || pass.retimed) this.saveSoon(root);
    const done = performance.now();
    const ms = (from: number, to: number) => Math.round(to - from);
    const scanned = {
      ...result,
      stats: {
        ms: ms(started, done),
        read: pass.read,
        parsed: pass.parsed,
        reused: pass.reused,
        phases: {
          walk: ms(started, listed),
          read: ms(listed, lexed),
          parse: ms(lexed, parsed),
          link: ms(parsed, done),
        },
      },
    };
    if (cold) {
      this.coldScans++;
      this.onIndexed?.(root, scanned.stats);
    }
    return scanned;
  }

  /** A server saves a while after its last change, off the answer's path; edits in a burst cost one write. */
  private saveSoon(root: string): void {
    if (!this.diskCache) return;
    this.unsaved.add(root);
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.persist(), SAVE_DELAY_MS);
    this.saveTimer.unref();
  }
}
