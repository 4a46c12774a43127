import { parentPort } from 'node:worker_threads';
import type { LanguageId } from '@boocode/source-kit';
import { parseSource } from './parse-file.js';

export interface ParseJob {
  id: number;
  source: string;
  language: LanguageId;
}

parentPort?.on('message', async (job: ParseJob) => {
  try {
    parentPort?.postMessage({ id: job.id, facts: await parseSource(job.source, job.language) });
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: (error as Error).message });
  }
});
