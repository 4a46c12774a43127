import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storedQueries, storedQueryKey } from './stored-queries.js';

describe('storedQueries', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads sqlc's named queries from the files and folders its config lists, never outside the project", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlc-'));
    const root = path.join(dir, 'app');
    mkdirSync(path.join(root, 'service/queries'), { recursive: true });
    writeFileSync(path.join(dir, 'outside.sql'), '-- name: DropAll :exec\nDELETE FROM secrets;\n');
    // A config in a folder below the root, listing a folder, a file and a path out of the project.
    writeFileSync(
      path.join(root, 'service/sqlc.json'),
      JSON.stringify({ version: '2', sql: [{ queries: ['queries', 'extra.sql', '../../outside.sql'] }] }),
    );
    writeFileSync(
      path.join(root, 'service/queries/books.sql'),
      '-- name: ListBooks :many\n-- newest first\nSELECT * FROM books ORDER BY id DESC;\n\n-- name: AddBook :one\nINSERT INTO books (title) VALUES ($1) RETURNING *;\n',
    );
    writeFileSync(
      path.join(root, 'service/extra.sql'),
      'WITH t AS (SELECT 1) SELECT 1;\n-- name: RenameShelf :exec\nUPDATE shelves SET label = $2 WHERE id = $1;\n',
    );
    const queries = storedQueries(root);
    expect(Object.fromEntries(queries)).toEqual({
      listbooks: { table: 'books', reads: true },
      addbook: { table: 'books', reads: false },
      renameshelf: { table: 'shelves', reads: false },
    });
    // Python's and Kotlin's generated code spell the names their way.
    expect(queries.get(storedQueryKey('add_book'))).toEqual({ table: 'books', reads: false });
  });
});
