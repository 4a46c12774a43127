import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileFacts } from './facts.js';
import type { LanguageId } from './languages.js';
import { parseSource } from './parse-file.js';
import type { ParseJob } from './worker.js';

/** Below this many files, starting workers (each loads the wasm runtime) costs more than it saves. */
const WORKER_THRESHOLD = 40;

type Outcome = { facts: FileFacts } | { error: string };

/**
 * Parses many files over worker threads (one per core), each worker keeping its grammars warm
 * for the batch. Small batches are parsed on this thread.
 */
export async function parseMany(
  jobs: { source: string; language: LanguageId }[],
  onResult: (index: number, outcome: Outcome) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (jobs.length < WORKER_THRESHOLD) {
    for (const [index, job] of jobs.entries()) {
      if (signal?.aborted) return;
      try {
        onResult(index, { facts: await parseSource(job.source, job.language) });
      } catch (error) {
        onResult(index, { error: (error as Error).message });
      }
    }
    return;
  }
  const size = Math.max(1, Math.min(availableParallelism(), 8));
  const workers = Array.from({ length: size }, () => new Worker(new URL('./worker.js', import.meta.url)));
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (signal?.aborted || next >= jobs.length) return resolve();
              const id = next++;
              const job = jobs[id] as (typeof jobs)[number];
              worker.postMessage({ id, source: job.source, language: job.language } satisfies ParseJob);
            };
            worker.on('message', (message: { id: number } & Outcome) => {
              onResult(message.id, message);
              feed();
            });
            worker.on('error', reject);
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
