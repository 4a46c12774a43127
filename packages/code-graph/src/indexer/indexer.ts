import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ProgressReporter } from '@boocode/mcp-server-kit';
import { type LanguageId, ListingCache, listRepoFiles, type RepoFile } from '@boocode/source-kit';
import { Queries } from '../graph/queries.js';
import { rebuildEdges } from '../graph/resolve.js';
import { ParsePool, WORKER_THRESHOLD_BYTES } from '../parse/pool.js';
import { PrecisePass } from '../precise/precise-pass.js';
import { FilePass, type KnownFile, type Unparsed } from './file-pass.js';
import { indexedLanguageOf } from './languages.js';
import {
  type Coverage,
  coverageOf,
  covers,
  EVERY_LANGUAGE,
  type IndexScope,
  languagesToRead,
  readsFile,
} from './scope.js';
import { type Db, IndexWriter, openIndex } from './store.js';

export interface RefreshStats {
  files: number;
  parsed: number;
  unchanged: number;
  removed: number;
  /** Files with syntax errors (indexed partially) or that could not be parsed at all. */
  unparsed: Unparsed[];
  /** Minified, bundled and generated files, left out of the index with the reason. */
  excluded: { file: string; reason: string }[];
  edges: number;
  ms: number;
  /** Where the time went, in ms: walk, read (stat, read, hash), parse, write, resolve. */
  phases: Record<'walk' | 'read' | 'parse' | 'write' | 'resolve', number>;
  /** A refresh scoped to some languages: those it read (`files` counts theirs). */
  languages?: LanguageId[];
}

/** Where the index of `root` lives: outside the repository, keyed by a hash of its path. */
export function cacheFileFor(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.CODE_GRAPH_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'code-graph');
  const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(base, key, 'code-graph.db');
}

/**
 * One repository's index. `refresh` stats every source file, re-reads only those whose size or
 * mtime changed, re-parses only those whose content hash changed, and rebuilds call edges when
 * anything did.
 */
export class CodeIndex {
  lastRefresh?: RefreshStats;
  /** Rises whenever a refresh changes what the index holds: answers made at one generation stay true within it. */
  generation = 0;
  private refreshing?: { pass: Promise<RefreshStats>; coverage: Coverage };
  /** What the last refresh read. */
  private coverage: Coverage = EVERY_LANGUAGE;
  /** Everyone waiting on the refresh in progress hears how far it is. */
  private readonly listeners = new Set<ProgressReporter>();
  private refreshedAt = 0;
  private readonly writer: IndexWriter;
  /** Re-walks stat unchanged directories instead of listing them again. */
  private readonly listings = new ListingCache();
  /** Writes to the edges, one at a time: a refresh's and the precise pass's. */
  private writes: Promise<unknown> = Promise.resolve();
  /** The TypeScript checker's pass, when enabled: it follows every refresh that changed something. */
  private precise?: PrecisePass;
  private checkerEdges?: { generation: number; count: number };

  private constructor(
    readonly root: string,
    readonly db: Db,
    /** Source size from which a first index parses on worker threads (`CODE_GRAPH_WORKER_BYTES`). */
    private readonly workerBytes: number,
  ) {
    this.writer = new IndexWriter(db);
  }

  static open(root: string, env: NodeJS.ProcessEnv = process.env): CodeIndex {
    const workerBytes = Number(env.CODE_GRAPH_WORKER_BYTES);
    return new CodeIndex(
      root,
      openIndex(cacheFileFor(root, env)),
      Number.isInteger(workerBytes) && workerBytes >= 0 ? workerBytes : WORKER_THRESHOLD_BYTES,
    );
  }

  /**
   * Refreshes unless one that read what `scope` needs (every language when it is absent) finished
   * less than `maxAgeMs` ago; concurrent callers share one pass when it reads what they need, and
   * wait for it to end before their own otherwise.
   */
  async ensureFresh(
    maxAgeMs = 2_000,
    signal?: AbortSignal,
    progress?: ProgressReporter,
    scope?: IndexScope,
  ): Promise<RefreshStats> {
    for (;;) {
      if (this.lastRefresh && Date.now() - this.refreshedAt < maxAgeMs && covers(this.coverage, scope))
        return this.lastRefresh;
      if (this.refreshing && !covers(this.refreshing.coverage, scope)) {
        await this.refreshing.pass.catch(() => undefined);
        continue;
      }
      this.refreshing ??= {
        pass: this.refresh(signal, scope).finally(() => {
          this.refreshing = undefined;
        }),
        coverage: coverageOf(scope),
      };
      if (!progress) return this.refreshing.pass;
      this.listeners.add(progress);
      try {
        return await this.refreshing.pass;
      } finally {
        this.listeners.delete(progress);
      }
    }
  }

  /**
   * Starts the precise pass (TypeScript checker edges in a worker thread) after this and every
   * later refresh that changes the index. Tools keep answering from the syntax edges meanwhile.
   */
  enablePrecise(heapMb?: number): void {
    this.precise ??= new PrecisePass(this.root, this.db, {
      heapMb,
      exclusive: (write) => this.exclusive(write),
      rebuild: async (files) => {
        await rebuildEdges(this.db, this.root, { files });
        this.generation++;
      },
      onProgress: (done, total) => this.report('checking', done, total, 'files'),
    });
    if (this.lastRefresh) this.precise.schedule();
  }

  /** The precise pass's state (undefined when it is not enabled) and how many edges the checker gave. */
  preciseStatus(): (PrecisePass['status'] & { checkerEdges: number }) | undefined {
    if (!this.precise) return undefined;
    // Every answer carries it: counted once per index generation, not per call (a scan of the edges).
    if (this.checkerEdges?.generation !== this.generation) {
      const { n } = this.db.prepare("SELECT COUNT(*) AS n FROM edges WHERE source = 'checker'").get() as {
        n: number;
      };
      this.checkerEdges = { generation: this.generation, count: n };
    }
    return { ...this.precise.status, checkerEdges: this.checkerEdges.count };
  }

  /** Resolves when the precise pass has nothing running or queued. */
  async preciseSettled(): Promise<void> {
    await this.precise?.settled();
  }

  private exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writes.then(write, write);
    this.writes = run.catch(() => undefined);
    return run;
  }

  private report(phase: string, done: number, total?: number, unit?: string): void {
    for (const listener of this.listeners) listener.step(phase, done, total, unit);
  }

  /** The tree's files `accept` takes (not only indexed ones), walked with the index's own listings. */
  listFiles(accept: (rel: string) => boolean, signal?: AbortSignal): Promise<RepoFile[]> {
    return listRepoFiles(this.root, accept, signal, this.listings);
  }

  async refresh(signal?: AbortSignal, scope?: IndexScope): Promise<RefreshStats> {
    const generation = this.generation;
    const stats = await this.exclusive(() => this.refreshNow(signal, scope));
    if (this.generation !== generation) this.precise?.schedule();
    return stats;
  }

  private async refreshNow(signal?: AbortSignal, scope?: IndexScope): Promise<RefreshStats> {
    const started = performance.now();
    const listed = await listRepoFiles(
      this.root,
      (rel) => indexedLanguageOf(rel) !== undefined,
      signal,
      this.listings,
    );
    const languages = scope && languagesToRead(listed, scope);
    const sources = languages
      ? listed.filter((file) => readsFile(scope, languages, file.rel, indexedLanguageOf(file.rel)))
      : listed;
    const walk = performance.now() - started;
    // A scoped refresh neither reads nor removes the files outside it.
    const rows = this.db
      .prepare('SELECT path, hash, size, mtime_ms, language FROM files')
      .all() as (KnownFile & {
      language: LanguageId;
    })[];
    const known = new Map(
      rows.filter((r) => readsFile(scope, languages, r.path, r.language)).map((r) => [r.path, r]),
    );
    // Workers start now, so their start-up overlaps reading.
    const pool = ParsePool.forSize(
      known.size === 0 ? sourceBytes(sources, this.workerBytes) : 0,
      this.workerBytes,
    );
    const pass = new FilePass(this.db, this.writer, pool, (done) =>
      this.report('indexing', done, sources.length),
    );
    try {
      await pass.run(sources, known, signal);
    } finally {
      await pool.close();
    }
    this.report('indexing', sources.length, sources.length);
    const removed = [...known.keys()];
    pass.remove(removed);
    const mark = performance.now();
    const changed = pass.parsed > 0 || removed.length > 0 || this.edgesStale();
    if (changed || !this.lastRefresh) this.generation++;
    const edges =
      changed || !this.lastRefresh ? await this.countOrRebuild(changed, signal) : this.lastRefresh.edges;
    const unparsed = [...pass.unparsed, ...this.filesWithSyntaxErrors()];
    const phases = { walk, ...pass.ms, resolve: performance.now() - mark };
    const stats: RefreshStats = {
      files: sources.length,
      parsed: pass.parsed,
      unchanged: pass.unchanged,
      removed: removed.length,
      unparsed,
      excluded: pass.excluded,
      edges,
      ms: Math.round(performance.now() - started),
      phases: Object.fromEntries(
        Object.entries(phases).map(([k, v]) => [k, Math.round(v)]),
      ) as RefreshStats['phases'],
      ...(languages ? { languages: [...languages].sort() } : {}),
    };
    this.coverage = languages
      ? { all: false, languages, admitted: scope?.admits !== undefined, tests: scope?.withoutTests !== true }
      : EVERY_LANGUAGE;
    this.lastRefresh = stats;
    this.refreshedAt = Date.now();
    return stats;
  }

  private filesWithSyntaxErrors(): Unparsed[] {
    const rows = this.db.prepare("SELECT path, error_lines FROM files WHERE error_lines != '[]'").all() as {
      path: string;
      error_lines: string;
    }[];
    return rows.map((row) => ({ file: row.path, lines: JSON.parse(row.error_lines) as number[] }));
  }

  private async countOrRebuild(changed: boolean, signal?: AbortSignal): Promise<number> {
    if (!changed) return (this.db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n;
    // On a 50,000-file tree this is ~20 s after the last file: a bar held at 100% looks hung.
    const edges = await rebuildEdges(this.db, this.root, {
      signal,
      onProgress: (done, total) => this.report('resolving', done, total, 'calls'),
    });
    this.db.prepare("DELETE FROM meta WHERE key = 'edges_stale'").run();
    return edges;
  }

  private edgesStale(): boolean {
    return this.db.prepare("SELECT 1 FROM meta WHERE key = 'edges_stale'").get() !== undefined;
  }

  /** Queries over the index as it is now. */
  queries(): Queries {
    return new Queries(this.db, this.root);
  }

  close(): void {
    void this.precise?.close();
    this.db.close();
  }
}

/** The files' total size, counted until it reaches `enough` (a big tree is not stat'ed whole for this). */
function sourceBytes(files: readonly RepoFile[], enough: number): number {
  let total = 0;
  for (const file of files) {
    total += statSync(file.abs, { throwIfNoEntry: false })?.size ?? 0;
    if (total >= enough) break;
  }
  return total;
}
