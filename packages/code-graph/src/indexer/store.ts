import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FileFacts } from '../parse/facts.js';
import { indexedWords } from '../search/words.js';

export type Db = Database.Database;

/** The tables' layout and what the extractor records in them: either changing rebuilds the index. */
const SCHEMA_VERSION = 45;

/**
 * The edges' lookup indexes: by caller, by callee, and by the lines of a file (the calls an inline
 * route handler's lines make; a refresh's removal of a file's edges). Edges are rebuilt whole:
 * building these once over the new rows is faster than updating them row by row (~15% of the
 * inserts' time on 250,000 edges).
 */
export const EDGE_INDEXES = {
  create: `CREATE INDEX IF NOT EXISTS edges_caller ON edges(caller_id);
CREATE INDEX IF NOT EXISTS edges_callee ON edges(callee_id);
CREATE INDEX IF NOT EXISTS edges_file_line ON edges(file, line);`,
  drop: 'DROP INDEX IF EXISTS edges_caller; DROP INDEX IF EXISTS edges_callee; DROP INDEX IF EXISTS edges_file_line;',
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY,
  hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  language TEXT NOT NULL,
  error_lines TEXT NOT NULL,
  types TEXT NOT NULL,
  default_export TEXT
);
CREATE TABLE IF NOT EXISTS symbols (
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  name TEXT NOT NULL,
  short TEXT NOT NULL,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  signature TEXT NOT NULL,
  doc TEXT,
  parent TEXT,
  exported INTEGER NOT NULL,
  local TEXT,
  metrics TEXT,
  body_hash TEXT
);
CREATE INDEX IF NOT EXISTS symbols_short ON symbols(short);
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file);
CREATE TABLE IF NOT EXISTS calls (
  file TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  caller TEXT,
  callee TEXT NOT NULL,
  receiver TEXT,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS calls_file ON calls(file);
CREATE TABLE IF NOT EXISTS imports (
  file TEXT NOT NULL REFERENCES files(path) ON DELETE CASCADE,
  local TEXT NOT NULL,
  imported TEXT NOT NULL,
  source TEXT NOT NULL,
  reexport INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file);
CREATE TABLE IF NOT EXISTS edges (
  caller_id INTEGER,
  callee_id INTEGER,
  callee_name TEXT NOT NULL,
  file TEXT NOT NULL,
  line INTEGER NOT NULL,
  kind TEXT NOT NULL,
  confidence REAL NOT NULL,
  -- 'syntax' (read from the tree) or 'checker' (the TypeScript checker's answer for the call).
  source TEXT NOT NULL DEFAULT 'syntax'
);
${EDGE_INDEXES.create}
-- The precise pass's answers. They hold while the calling file keeps the hash it had when asked;
-- a file with no row here was never asked.
CREATE TABLE IF NOT EXISTS checked_files (
  file TEXT PRIMARY KEY,
  hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS checker_calls (
  file TEXT NOT NULL REFERENCES checked_files(file) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  callee TEXT NOT NULL,
  -- NULL: the call reaches no declaration of the project (a library's, the runtime's).
  target_file TEXT,
  target_name TEXT,
  target_line INTEGER
);
CREATE INDEX IF NOT EXISTS checker_calls_file ON checker_calls(file);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS symbol_words USING fts5(name, signature, doc, path, prefix = '3 4 5');
`;

export function openIndex(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // SQLite's 2 MB default page cache made every index insert past ~10,000 files a disk read:
  // 64 MB keeps the indexes' hot pages in memory (it is a ceiling, used only as the index grows).
  db.pragma('cache_size = -65536');
  db.pragma('foreign_keys = ON');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== SCHEMA_VERSION) {
    // The index is a cache: an old layout is dropped and rebuilt, never migrated.
    for (const table of [
      'checker_calls',
      'checked_files',
      'symbol_words',
      'edges',
      'imports',
      'calls',
      'symbols',
      'files',
      'meta',
    ])
      db.exec(`DROP TABLE IF EXISTS ${table}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }
  db.exec(SCHEMA);
  // Ranked by BM25 with the name's words counting most (then signature and doc, then the path),
  // set as the table's own rank so that ORDER BY rank takes FTS5's top-N path.
  db.prepare(
    "INSERT INTO symbol_words (symbol_words, rank) VALUES ('rank', 'bm25(3.0, 1.0, 1.0, 0.5)')",
  ).run();
  return db;
}

export interface FileRow {
  path: string;
  hash: string;
  size: number;
  mtime_ms: number;
  language: string;
  error_lines: string;
  types: string;
  default_export: string | null;
}

/** Writes files' facts, replacing whatever the index had for each; statements prepared once. */
export class IndexWriter {
  private readonly s;

  constructor(db: Db) {
    this.s = {
      remove: db.prepare('DELETE FROM files WHERE path = ?'),
      // The full-text rows go with their symbols (a file's symbols go with the file, by cascade).
      removeWords: db.prepare(
        'DELETE FROM symbol_words WHERE rowid IN (SELECT id FROM symbols WHERE file = ?)',
      ),
      words: db.prepare(
        'INSERT INTO symbol_words (rowid, name, signature, doc, path) VALUES (?, ?, ?, ?, ?)',
      ),
      file: db.prepare(
        'INSERT INTO files (path, hash, size, mtime_ms, language, error_lines, types, default_export) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      symbol: db.prepare(
        'INSERT INTO symbols (file, name, short, kind, line, end_line, signature, doc, parent, exported, local, metrics, body_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      call: db.prepare(
        'INSERT INTO calls (file, caller, callee, receiver, kind, line) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      imp: db.prepare('INSERT INTO imports (file, local, imported, source, reexport) VALUES (?, ?, ?, ?, ?)'),
    };
  }

  remove(path: string): void {
    this.s.removeWords.run(path);
    this.s.remove.run(path);
  }

  write(row: Omit<FileRow, 'error_lines' | 'types' | 'default_export'>, facts: FileFacts): void {
    this.remove(row.path);
    this.s.file.run(
      row.path,
      row.hash,
      row.size,
      row.mtime_ms,
      row.language,
      JSON.stringify(facts.errorLines),
      JSON.stringify(facts.types),
      facts.defaultExport ?? null,
    );
    const words = indexedWords(row.path);
    for (const sym of facts.symbols) {
      const { lastInsertRowid } = this.s.symbol.run(
        row.path,
        sym.name,
        sym.name.split('.').pop() ?? sym.name,
        sym.kind,
        sym.line,
        sym.endLine,
        sym.signature,
        sym.doc ?? null,
        sym.parent ?? null,
        sym.exported ? 1 : 0,
        sym.local ?? null,
        sym.metrics ? JSON.stringify(sym.metrics) : null,
        sym.bodyHash ?? null,
      );
      this.s.words.run(
        lastInsertRowid,
        indexedWords(sym.name),
        indexedWords(sym.signature),
        indexedWords(sym.doc ?? ''),
        words,
      );
    }
    for (const c of facts.calls)
      this.s.call.run(row.path, c.caller, c.callee, c.receiver ?? null, c.kind, c.line);
    for (const i of facts.imports)
      this.s.imp.run(row.path, i.local, i.imported, i.source, i.reexport ? 1 : 0);
  }
}
