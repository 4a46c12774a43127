import { createHash } from 'node:crypto';
import {
  type LanguageId,
  type NotAppCode,
  notAppCode,
  type RepoFile,
  readIfChanged,
} from '@boocode/source-kit';
import type { FileFacts } from '../parse/facts.js';
import type { Outcome, ParsePool } from '../parse/pool.js';
import { indexedLanguageOf, indexedText } from './languages.js';
import type { Db, FileRow, IndexWriter } from './store.js';

/** Files read ahead of the parser, and facts written per transaction: bounds memory, not speed. */
const PARSE_WINDOW = 256;
const WRITE_BATCH = 500;

const EXCLUDED = Symbol('excluded');

export type KnownFile = Pick<FileRow, 'path' | 'hash' | 'size' | 'mtime_ms'>;

interface PendingFile {
  rel: string;
  hash: string;
  size: number;
  mtimeMs: number;
  language: LanguageId;
  outcome: Promise<Outcome>;
}

export interface Unparsed {
  file: string;
  lines?: number[];
  error?: string;
}

/**
 * One pass over the listed files: stat each, read those whose size or mtime changed, parse on the
 * pool those whose content hash changed (as soon as each is read, so reading and parsing overlap),
 * and write their facts in batches. A window of files in flight and a batch of facts to write keep
 * memory flat in the tree's size (holding every file's facts until the end took 2 GB on 50,000 files).
 */
export class FilePass {
  unchanged = 0;
  parsed = 0;
  readonly unparsed: Unparsed[] = [];
  /** Minified, bundled and generated files: not the app's code, so not indexed (source-kit's one rule). */
  readonly excluded: { file: string; reason: NotAppCode }[] = [];
  readonly ms = { read: 0, parse: 0, write: 0 };
  /** Files whose outcome is known: one count over reading and parsing, so a bar never jumps. */
  private handled = 0;
  private readonly inFlight: PendingFile[] = [];
  private readonly batch: { job: PendingFile; facts: FileFacts }[] = [];
  private readonly touch;
  private readonly markStale;

  constructor(
    private readonly db: Db,
    private readonly writer: IndexWriter,
    private readonly pool: ParsePool,
    private readonly report: (done: number) => void,
  ) {
    this.touch = db.prepare('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ?');
    this.markStale = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('edges_stale', '1')");
  }

  /** Every file of `sources` is taken out of `known`: what is left there is gone from the tree. */
  async run(sources: RepoFile[], known: Map<string, KnownFile>, signal?: AbortSignal): Promise<void> {
    let mark = performance.now();
    for (const file of sources) {
      if (signal?.aborted) throw new Error('indexing cancelled');
      const old = known.get(file.rel);
      known.delete(file.rel);
      const job = this.changed(file, old);
      // An excluded file leaves the index: it counts as gone, like a deleted one.
      if (job === EXCLUDED && old) known.set(file.rel, old);
      if (!job || job === EXCLUDED) this.handledOne();
      else {
        this.inFlight.push(job);
        if (this.inFlight.length >= PARSE_WINDOW) await this.settle(this.inFlight.shift() as PendingFile);
      }
    }
    this.ms.read = performance.now() - mark;
    mark = performance.now();
    while (this.inFlight.length > 0) {
      if (signal?.aborted) throw new Error('indexing cancelled');
      await this.settle(this.inFlight.shift() as PendingFile);
    }
    this.flush();
    this.ms.parse = performance.now() - mark;
  }

  /** Removes files gone from the tree, in one transaction. */
  remove(paths: string[]): void {
    if (paths.length === 0) return;
    const began = performance.now();
    this.db.transaction(() => {
      this.markStale.run();
      for (const rel of paths) this.writer.remove(rel);
    })();
    this.ms.write += performance.now() - began;
  }

  /** The file's parse started, or undefined when its facts stand (same stat or same content). */
  private changed(file: RepoFile, old: KnownFile | undefined): PendingFile | typeof EXCLUDED | undefined {
    const result = readIfChanged(file.abs, old && { size: old.size, mtimeMs: old.mtime_ms });
    if (result.kind === 'skip') return undefined;
    if (result.kind === 'unchanged') {
      this.unchanged++;
      return undefined;
    }
    const { info, buffer } = result;
    const reason = notAppCode(file.rel, buffer);
    if (reason) {
      this.excluded.push({ file: file.rel, reason });
      return EXCLUDED;
    }
    const hash = createHash('sha1').update(buffer).digest('hex');
    if (old?.hash === hash) {
      this.touch.run(info.size, Math.floor(info.mtimeMs), file.rel);
      this.unchanged++;
      return undefined;
    }
    const language = indexedLanguageOf(file.rel);
    if (!language) return undefined;
    this.parsed++;
    return {
      rel: file.rel,
      hash,
      size: info.size,
      mtimeMs: Math.floor(info.mtimeMs),
      language,
      outcome: this.pool.parse(indexedText(file.rel, buffer.toString('utf8')), language),
    };
  }

  private async settle(job: PendingFile): Promise<void> {
    const outcome = await job.outcome;
    if ('facts' in outcome) this.batch.push({ job, facts: outcome.facts });
    else this.unparsed.push({ file: job.rel, error: outcome.error });
    this.handledOne();
    if (this.batch.length >= WRITE_BATCH) this.flush();
  }

  private handledOne(): void {
    if (++this.handled % 32 === 0) this.report(this.handled);
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    const began = performance.now();
    this.db.transaction(() => {
      // Written before the edges are rebuilt: a refresh cut short must still rebuild them next time.
      this.markStale.run();
      for (const { job, facts } of this.batch)
        this.writer.write(
          { path: job.rel, hash: job.hash, size: job.size, mtime_ms: job.mtimeMs, language: job.language },
          facts,
        );
    })();
    this.batch.length = 0;
    this.ms.write += performance.now() - began;
  }
}
