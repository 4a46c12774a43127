import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
}

// Copies committed pages from the WAL into the database file on this thread, so the fsync that
// goes with it never stalls the server's event loop (it took 15-22 ms per checkpoint there).
const { file, intervalMs } = workerData as CheckpointWorkerData;
const db = new Database(file);
db.pragma('busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => checkpoint.run(), intervalMs);

parentPort?.on('message', (message: 'stop') => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
parentPort?.postMessage('ready');
