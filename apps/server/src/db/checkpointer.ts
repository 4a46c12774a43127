import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { workerFile } from '../worker-file.js';
import type { CheckpointWorkerData } from './checkpoint-worker.js';
import type { Db } from './database.js';

/** SQLite's own default: the committing connection checkpoints once the WAL holds this many pages. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface Checkpointer {
  /** Settles once the worker checkpoints (true) or could not start (false, `db` keeps checkpointing). */
  ready: Promise<boolean>;
  stop: () => Promise<void>;
}

/**
 * Moves WAL checkpoints off the event loop: a worker thread with its own connection checkpoints
 * every `intervalMs`, and `db` stops checkpointing on commit once the worker is up. Start-up does
 * not wait for it (loading SQLite on a thread takes ~80 ms): until then `db` checkpoints as before.
 * Should the worker die, `db` takes checkpoints back, so the WAL never grows without bound.
 */
export function startCheckpointer(db: Db, file: string, intervalMs = 500): Checkpointer {
  const data: CheckpointWorkerData = { file, intervalMs };
  const worker = new Worker(workerFile('./checkpoint-worker.js', import.meta.url), { workerData: data });
  let stopping = false;
  const exited = once(worker, 'exit').then(
    () => undefined,
    () => undefined,
  );
  const takeBack = () => {
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  // Its error (a failed checkpoint, a connection that would not open) is followed by its exit.
  worker.on('error', () => {});
  void exited.then(takeBack);
  const ready = Promise.race([once(worker, 'message'), exited]).then(
    (message) => {
      const up = message?.[0] === 'ready' && !stopping;
      if (up) {
        db.pragma('wal_autocheckpoint = 0');
        // Held only by the server once up: it never keeps a process alive by itself.
        worker.unref();
      }
      return up;
    },
    () => false,
  );
  return {
    ready,
    async stop() {
      stopping = true;
      takeBack();
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
