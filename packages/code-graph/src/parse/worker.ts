import { parentPort } from 'node:worker_threads';
import type { LanguageId } from '@boocode/source-kit';
import { parseSource } from './parse-file.js';

export interface ParseJob {
  id: number;
  source: string;
  language: LanguageId;
}

// Jobs come in batches: one message per file made the workers wait on the main thread between files.
parentPort?.on('message', async (jobs: ParseJob[]) => {
  const results = [];
  for (const job of jobs) {
    try {
      results.push({ id: job.id, facts: await parseSource(job.source, job.language) });
    } catch (error) {
      results.push({ id: job.id, error: (error as Error).message });
    }
  }
  parentPort?.postMessage(results);
});
