/**
 * Named queries kept in .sql files, under a `-- name:` line each: sqlc's (`-- name: CreateAccount
 * :one`), and the yesql family's — goyesql and dotsql in Go, aiosql and PugSQL in Python, HugSQL —
 * (`-- name: delete-bounces`, `-- name: get-user^`). Code runs such a query by its name: sqlc's and
 * aiosql's generated method (`store.CreateAccount(ctx, arg)`, `queries.get_user(conn)`), or goyesql's
 * prepared statement in a struct field named after it (`c.q.DeleteBounces.Exec(…)`). So such a
 * call is the access: a read or a write of the statement's table.
 */
import { readFileSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES } from '@boocode/source-kit';
import { type SqlTarget, sqlTarget } from './sql-target.js';

export type StoredQuery = SqlTarget;

/** Files read for queries, at most: a tree of thousands of migrations still answers quickly. */
const MAX_SQL_FILES = 2_000;

/** What names a query however code spells it: `CreateAccount`, `create_account`, `delete-bounces`. */
export const storedQueryKey = (name: string) => name.replace(/[_-]/g, '').toLowerCase();

/** A `-- name:` line: the name, then a yesql suffix (`!`, `<!`, `*!`, `^`, `$`, `#`) or sqlc's `:one`. */
const NAME_LINE = /^--\s*name:\s*([A-Za-z_][\w-]*)[^\S\n]*[!<*#$^]*(?:[^\S\n]+:\w+)?[^\S\n]*$/m;

/** Every `-- name:` line, to split a file at (the captured name kept between the parts). */
const NAME_LINES = new RegExp(NAME_LINE.source, 'gm');

function parseQueries(text: string, into: Map<string, StoredQuery>): void {
  const parts = text.split(NAME_LINES);
  // split keeps the captured names: [before, name, body, name, body, …]
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const target = sqlTarget(parts[i + 1] ?? '');
    const name = parts[i];
    if (name && target && !into.has(storedQueryKey(name))) into.set(storedQueryKey(name), target);
  }
}

/** The named queries of the tree's .sql files (absolute paths), by `storedQueryKey`. */
export function storedQueries(sqlFiles: readonly string[]): Map<string, StoredQuery> {
  const queries = new Map<string, StoredQuery>();
  for (const file of sqlFiles.slice(0, MAX_SQL_FILES)) {
    let text: string;
    try {
      if (statSync(file).size > MAX_FILE_BYTES) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (NAME_LINE.test(text)) parseQueries(text, queries);
  }
  return queries;
}
