import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databasePermissionWarnings, openDatabase } from './database.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('the database at rest', () => {
  it('is created readable by its owner alone: folder 0700, the file and its -wal and -shm 0600', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-db-'));
    const file = path.join(dir, 'data', 'boocode.db');
    const db = openDatabase(file);
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES ('secret')");
    expect(mode(path.dirname(file))).toBe(0o700);
    for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(mode(each), each).toBe(0o600);
    expect(databasePermissionWarnings(file)).toEqual([]);
    db.close();
  });

  it('warns, naming the fix, when an existing file is readable by others', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-db-'));
    const file = path.join(dir, 'boocode.db');
    openDatabase(file).close();
    chmodSync(file, 0o644);
    expect(databasePermissionWarnings(file)).toEqual([
      `${file} is readable by other users (mode 644) and holds chats and OAuth tokens: run chmod 600 ${file}`,
    ]);
  });
});
