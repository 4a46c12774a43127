import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../errors.js';

/**
 * One BooCode per data directory: a second one would mark the first one's running turns
 * interrupted at start-up (and both would write the same sessions).
 *
 * The lock is SQLite's own: an exclusive lock on `boocode.lock.db`, taken in one step and held by
 * an open connection for the server's life. The operating system drops it when the process ends,
 * however it ends (kill -9 included), so there is no stale lock to take over, and two servers
 * started at once cannot both win: a pid file taken over by whoever saw it stale let both remove
 * it and both start. `boocode.lock` beside it only names the owner in the refusal.
 */
/** How long a server keeps asking before it takes the lock as held for good. */
const LOCK_WAIT_MS = 2_000;

/**
 * One try at the lock: the connection that holds it, or undefined when another one does. Under
 * EXCLUSIVE locking mode a connection keeps every lock it got, the read lock of a failed try
 * included, so two servers trying at the same instant can each block the other until both give
 * up: a loser closes its connection at once, and tries again after a random pause.
 */
function tryLock(file: string): Database.Database | undefined {
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // A write under EXCLUSIVE locking mode takes the exclusive lock and keeps it until close.
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS owner (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER)');
    db.prepare('INSERT OR REPLACE INTO owner (id, pid) VALUES (1, ?)').run(process.pid);
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    return undefined;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function lockDataDir(dataDir: string): () => void {
  const pidFile = path.join(dataDir, 'boocode.lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  let db = tryLock(path.join(dataDir, 'boocode.lock.db'));
  while (!db && Date.now() < deadline) {
    pause(10 + Math.random() * 40);
    db = tryLock(path.join(dataDir, 'boocode.lock.db'));
  }
  if (!db) {
    let owner = 'another process';
    try {
      owner = `pid ${Number(readFileSync(pidFile, 'utf8').trim())}`;
    } catch {
      // Not written yet: the owner is starting this very moment.
    }
    throw new AppError(
      'CONFLICT',
      `another BooCode (${owner}) is using DATA_DIR ${dataDir}; stop it, or give this one its own DATA_DIR`,
    );
  }
  writeFileSync(pidFile, String(process.pid));
  const held = db;
  return () => {
    rmSync(pidFile, { force: true });
    held.close();
  };
}
