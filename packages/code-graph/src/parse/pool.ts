import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LanguageId } from '@boocode/source-kit';
import type { FileFacts } from './facts.js';
import { parseSource } from './parse-file.js';
import type { ParseJob } from './worker.js';

/**
 * Below this much source, the caller's thread parses it sooner than workers would: each worker
 * loads the wasm runtime and grammars and warms up its own JIT. Measured cold (one-shot `flows`, 7 alternating
 * runs): a 110-file Laravel app (~470 KB) 489 ms inline against 612 ms with two workers, a 122-file
 * Kotlin app 814 against 921, rxjs (800 KB) even; Etherpad (2.4 MB) and a 1,900-file dashboard
 * (4.3 MB) 10% and 28% faster with workers.
 */
export const WORKER_THRESHOLD_BYTES = 1_000_000;

const BATCH = 16;

export type Outcome = { facts: FileFacts } | { error: string };

/**
 * Parses files over worker threads, one per core, each keeping its grammars warm. Workers start
 * at construction so their start-up overlaps the caller's file reading; jobs are queued and handed
 * to whichever worker is free. With no workers, parsing happens on this thread.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { job: ParseJob; resolve: (o: Outcome) => void }[] = [];
  private readonly pending = new Map<number, (o: Outcome) => void>();
  private nextId = 0;
  private failure?: string;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./worker.js', import.meta.url));
      worker.on('message', (results: ({ id: number } & Outcome)[]) => {
        for (const result of results) {
          const resolve = this.pending.get(result.id);
          this.pending.delete(result.id);
          resolve?.(result);
        }
        this.release(worker);
      });
      // A worker that dies takes the pool with it: every job waiting or queued, and every later
      // one, gets the error instead of a promise that never settles.
      worker.on('error', (error) => {
        this.failure = `parse worker failed: ${error.message}`;
        for (const resolve of this.pending.values()) resolve({ error: this.failure });
        this.pending.clear();
        for (const { resolve } of this.queue.splice(0)) resolve({ error: this.failure });
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** Workers for this much source to parse (bytes, counted up to the threshold), or none. */
  static forSize(bytes: number, threshold: number): ParsePool {
    return new ParsePool(
      bytes > 0 && bytes >= threshold ? Math.max(1, Math.min(availableParallelism(), 8)) : 0,
    );
  }

  parse(source: string, language: LanguageId): Promise<Outcome> {
    if (this.workers.length === 0) {
      return parseSource(source, language).then(
        (facts) => ({ facts }),
        (error: Error) => ({ error: error.message }),
      );
    }
    if (this.failure) return Promise.resolve({ error: this.failure });
    return new Promise((resolve) => {
      this.queue.push({ job: { id: this.nextId++, source, language }, resolve });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      // A fair share of what is queued, so no worker sits idle at the end.
      const size = Math.max(1, Math.min(BATCH, Math.ceil(this.queue.length / this.workers.length)));
      const batch = this.queue.splice(0, size);
      for (const { job, resolve } of batch) this.pending.set(job.id, resolve);
      worker.postMessage(batch.map((b) => b.job));
    }
  }

  private release(worker: Worker): void {
    this.idle.push(worker);
    this.dispatch();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
