import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storedQueries, storedQueryKey } from './stored-queries.js';

describe('storedQueries', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads sqlc's and the yesql family's named queries, each name to its statement's table, read or write", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'named-sql-'));
    const file = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const files = [
      file(
        'books.sql',
        '-- name: ListBooks :many\n-- newest first\nSELECT * FROM books ORDER BY id DESC;\n\n-- name: AddBook :one\nINSERT INTO books (title) VALUES ($1) RETURNING *;\n',
      ),
      // goyesql's and aiosql's names, with aiosql's suffixes (`^` one row, `<!` returning, `!` write).
      file(
        'shelves.sql',
        'WITH t AS (SELECT 1) SELECT 1;\n-- name: get-shelf^\nSELECT * FROM shelves WHERE id = :id;\n-- name: rename-shelf<!\nUPDATE shelves SET label = :label WHERE id = :id RETURNING id;\n-- name: drop_shelf!\nDELETE FROM shelves WHERE id = :id;\n',
      ),
      // A migration: no names, nothing read from it.
      file('001_init.sql', 'CREATE TABLE shelves (id serial);\nINSERT INTO shelves DEFAULT VALUES;\n'),
    ];
    const queries = storedQueries([...files, path.join(dir, 'gone.sql')]);
    expect(Object.fromEntries(queries)).toEqual({
      listbooks: { table: 'books', reads: true },
      addbook: { table: 'books', reads: false },
      getshelf: { table: 'shelves', reads: true },
      renameshelf: { table: 'shelves', reads: false },
      dropshelf: { table: 'shelves', reads: false },
    });
    // Each language's code spells the names its way.
    expect(queries.get(storedQueryKey('add_book'))).toEqual({ table: 'books', reads: false });
    expect(queries.get(storedQueryKey('RenameShelf'))).toEqual({ table: 'shelves', reads: false });
  });
});
