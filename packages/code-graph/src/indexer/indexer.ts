import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ProgressReporter } from '@boocode/mcp-server-kit';
import { type LanguageId, ListingCache, languageOf, listRepoFiles, readIfChanged } from '@boocode/source-kit';
import { Queries } from '../graph/queries.js';
import { rebuildEdges } from '../graph/resolve.js';
import type { FileFacts } from '../parse/facts.js';
import { type Outcome, ParsePool } from '../parse/pool.js';
import { type Db, type FileRow, IndexWriter, openIndex } from './store.js';

export interface RefreshStats {
  files: number;
  parsed: number;
  unchanged: number;
  removed: number;
  /** Files with syntax errors (indexed partially) or that could not be parsed at all. */
  unparsed: { file: string; lines?: number[]; error?: string }[];
  edges: number;
  ms: number;
  /** Where the time went, in ms: walk, read (stat, read, hash), parse, write, resolve. */
  phases: Record<'walk' | 'read' | 'parse' | 'write' | 'resolve', number>;
}

/** Where the index of `root` lives: outside the repository, keyed by a hash of its path. */
export function cacheFileFor(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const base =
    env.CODE_GRAPH_CACHE_DIR ?? path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'code-graph');
  const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return path.join(base, key, 'code-graph.db');
}

/** Files read ahead of the parser, and facts written per transaction: bounds memory, not speed. */
const PARSE_WINDOW = 256;
const WRITE_BATCH = 500;

interface PendingFile {
  rel: string;
  hash: string;
  size: number;
  mtimeMs: number;
  language: LanguageId;
  outcome: Promise<Outcome>;
}

/**
 * One repository's index. `refresh` stats every source file, re-reads only those whose size or
 * mtime changed, re-parses only those whose content hash changed, and rebuilds call edges when
 * anything did.
 */
export class CodeIndex {
  lastRefresh?: RefreshStats;
  /** Bumped by every refresh that changed the index. */
  generation = 0;
  private refreshing?: Promise<RefreshStats>;
  /** Everyone waiting on the refresh in progress hears how far it is. */
  private readonly listeners = new Set<ProgressReporter>();
  private refreshedAt = 0;
  private readonly writer: IndexWriter;
  /** Re-walks stat unchanged directories instead of listing them again. */
  private readonly listings = new ListingCache();

  private constructor(
    readonly root: string,
    readonly db: Db,
  ) {
    this.writer = new IndexWriter(db);
  }

  static open(root: string, env: NodeJS.ProcessEnv = process.env): CodeIndex {
    return new CodeIndex(root, openIndex(cacheFileFor(root, env)));
  }

  /** Refreshes unless one finished less than `maxAgeMs` ago; concurrent callers share one pass. */
  async ensureFresh(
    maxAgeMs = 2_000,
    signal?: AbortSignal,
    progress?: ProgressReporter,
  ): Promise<RefreshStats> {
    if (this.lastRefresh && Date.now() - this.refreshedAt < maxAgeMs) return this.lastRefresh;
    this.refreshing ??= this.refresh(signal).finally(() => {
      this.refreshing = undefined;
    });
    if (!progress) return this.refreshing;
    this.listeners.add(progress);
    try {
      return await this.refreshing;
    } finally {
      this.listeners.delete(progress);
    }
  }

  private report(phase: string, done: number, total?: number): void {
    for (const listener of this.listeners) listener.step(phase, done, total);
  }

  async refresh(signal?: AbortSignal): Promise<RefreshStats> {
    const started = performance.now();
    const sources = await listRepoFiles(
      this.root,
      (rel) => languageOf(rel) !== undefined,
      signal,
      this.listings,
    );
    const phases = { walk: performance.now() - started, read: 0, parse: 0, write: 0, resolve: 0 };
    let mark = performance.now();
    const known = new Map(
      (
        this.db.prepare('SELECT path, hash, size, mtime_ms FROM files').all() as Pick<
          FileRow,
          'path' | 'hash' | 'size' | 'mtime_ms'
        >[]
      ).map((r) => [r.path, r]),
    );
    // Workers start now, so their start-up overlaps reading; each changed file is parsed as soon as it is read.
    const pool = ParsePool.forFileCount(known.size === 0 ? sources.length : 0);
    const touch = this.db.prepare('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?');
    const markStale = this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('edges_stale', '1')");
    let unchanged = 0;
    let parsed = 0;
    // Reading and parsing overlap in the window: one phase, counting files whose outcome is known,
    // so a client's bar never jumps between two interleaved counts.
    let handled = 0;
    const handledOne = () => {
      if (++handled % 32 === 0) this.report('indexing', handled, sources.length);
    };
    const unparsed: RefreshStats['unparsed'] = [];
    // A window of files in flight and a batch of facts to write: memory stays flat in the tree's
    // size (holding every file's facts until the end took 2 GB on 50,000 files).
    const inFlight: PendingFile[] = [];
    const batch: { job: PendingFile; facts: FileFacts }[] = [];
    const flush = () => {
      if (batch.length === 0) return;
      const began = performance.now();
      this.db.transaction(() => {
        // Written before the edges are rebuilt: a refresh cut short must still rebuild them next time.
        markStale.run();
        for (const { job, facts } of batch)
          this.writer.write(
            { path: job.rel, hash: job.hash, size: job.size, mtime_ms: job.mtimeMs, language: job.language },
            facts,
          );
      })();
      batch.length = 0;
      phases.write += performance.now() - began;
    };
    const settle = async (job: PendingFile) => {
      const outcome = await job.outcome;
      if ('facts' in outcome) batch.push({ job, facts: outcome.facts });
      else unparsed.push({ file: job.rel, error: outcome.error });
      handledOne();
      if (batch.length >= WRITE_BATCH) flush();
    };
    try {
      for (const file of sources) {
        if (signal?.aborted) throw new Error('indexing cancelled');
        const old = known.get(file.rel);
        known.delete(file.rel);
        const result = readIfChanged(file.abs, old && { size: old.size, mtimeMs: old.mtime_ms });
        if (result.kind === 'skip') {
          handledOne();
          continue;
        }
        if (result.kind === 'unchanged') {
          unchanged++;
          handledOne();
          continue;
        }
        const { info, buffer } = result;
        const hash = createHash('sha1').update(buffer).digest('hex');
        if (old?.hash === hash) {
          touch.run(info.size, Math.floor(info.mtimeMs), file.rel);
          unchanged++;
          handledOne();
          continue;
        }
        const language = languageOf(file.rel);
        if (!language) {
          handledOne();
          continue;
        }
        parsed++;
        inFlight.push({
          rel: file.rel,
          hash,
          size: info.size,
          mtimeMs: Math.floor(info.mtimeMs),
          language,
          outcome: pool.parse(buffer.toString('utf8'), language),
        });
        if (inFlight.length >= PARSE_WINDOW) await settle(inFlight.shift() as PendingFile);
      }
      phases.read = performance.now() - mark;
      mark = performance.now();
      while (inFlight.length > 0) {
        if (signal?.aborted) throw new Error('indexing cancelled');
        await settle(inFlight.shift() as PendingFile);
      }
      flush();
    } finally {
      await pool.close();
    }
    phases.parse = performance.now() - mark;
    this.report('indexing', sources.length, sources.length);
    mark = performance.now();
    const removed = [...known.keys()];
    if (removed.length > 0)
      this.db.transaction(() => {
        markStale.run();
        for (const rel of removed) this.writer.remove(rel);
      })();
    phases.write += performance.now() - mark;
    mark = performance.now();
    const changed = parsed > 0 || removed.length > 0 || this.edgesStale();
    if (changed) this.generation++;
    const edges = changed || !this.lastRefresh ? this.countOrRebuild(changed) : this.lastRefresh.edges;
    for (const row of this.db
      .prepare("SELECT path, error_lines FROM files WHERE error_lines != '[]'")
      .all() as { path: string; error_lines: string }[]) {
      unparsed.push({ file: row.path, lines: JSON.parse(row.error_lines) as number[] });
    }
    phases.resolve = performance.now() - mark;
    const stats: RefreshStats = {
      files: sources.length,
      parsed,
      unchanged,
      removed: removed.length,
      unparsed,
      edges,
      ms: Math.round(performance.now() - started),
      phases: Object.fromEntries(
        Object.entries(phases).map(([k, v]) => [k, Math.round(v)]),
      ) as RefreshStats['phases'],
    };
    this.lastRefresh = stats;
    this.refreshedAt = Date.now();
    return stats;
  }

  private countOrRebuild(changed: boolean): number {
    if (!changed) return (this.db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n;
    const edges = rebuildEdges(this.db, this.root);
    this.db.prepare("DELETE FROM meta WHERE key = 'edges_stale'").run();
    return edges;
  }

  private edgesStale(): boolean {
    return this.db.prepare("SELECT 1 FROM meta WHERE key = 'edges_stale'").get() !== undefined;
  }

  /** Queries over the index as it is now. */
  queries(): Queries {
    return new Queries(this.db, this.root, this.generation);
  }

  close(): void {
    this.db.close();
  }
}
