import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.js';
import { openDatabase } from './database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDb() {
  const dir = mkdtempSync(path.join(tmpdir(), 'boocode-ckpt-'));
  dirs.push(dir);
  const file = path.join(dir, 'boocode.db');
  return { db: openDatabase(file), file };
}

describe('startCheckpointer', () => {
  it('checkpoints the WAL on its own thread instead of on commit, and hands checkpoints back on stop', async () => {
    const { db, file } = freshDb();
    const checkpointer = startCheckpointer(db, file, 50);
    await checkpointer.ready;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    db.exec('CREATE TABLE blobs (data BLOB)');
    const insert = db.prepare('INSERT INTO blobs (data) VALUES (?)');
    // 3 MB in 300 commits: under SQLite's own 1,000-page threshold, so only the worker copies it.
    for (let i = 0; i < 300; i++) insert.run(Buffer.alloc(10_000, i));
    const deadline = Date.now() + 5_000;
    while (statSync(file).size < 3_000_000 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(statSync(file).size).toBeGreaterThanOrEqual(3_000_000);
    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect((db.prepare('SELECT COUNT(*) AS n FROM blobs').get() as { n: number }).n).toBe(300);
    db.close();
  });

  it('leaves checkpoints with the connection when its worker cannot open the database', async () => {
    const { db } = freshDb();
    const checkpointer = startCheckpointer(db, path.join(tmpdir(), 'no-such-dir', 'x', 'boocode.db'));
    await checkpointer.ready;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpointer.stop();
    db.close();
  });
});
