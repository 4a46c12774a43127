import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';

export type Db = Database.Database;

/** The database's files: the main one, and SQLite's write-ahead log and shared memory beside it. */
const DATABASE_FILES = ['', '-wal', '-shm'];

/**
 * Opens (creating if needed) the database in WAL mode and brings its schema up to date. It holds
 * every chat and remote servers' OAuth tokens, so a new one is its owner's alone: the folder 0700,
 * the file 0600, and SQLite gives the -wal and -shm files the main file's permissions.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `database schema version ${current} is newer than this BooCode knows (${MIGRATIONS.length}); upgrade BooCode`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] ?? '');
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** One line per database file that others on this machine can read, with the command that fixes it. */
export function databasePermissionWarnings(file: string): string[] {
  return DATABASE_FILES.flatMap((suffix) => {
    const each = `${file}${suffix}`;
    if (!existsSync(each)) return [];
    const mode = statSync(each).mode & 0o777;
    if ((mode & 0o077) === 0) return [];
    return [
      `${each} is readable by other users (mode ${mode.toString(8)}) and holds chats and OAuth tokens: run chmod 600 ${each}`,
    ];
  });
}
