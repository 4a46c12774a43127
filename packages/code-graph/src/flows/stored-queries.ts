/**
 * sqlc's named queries: `-- name: CreateAccount :one` over an `INSERT INTO accounts …`, in the
 * files the project's sqlc config lists under `queries:`. The code sqlc generates is called by the
 * query's name (`store.CreateAccount(ctx, arg)` in Go, `querier.create_account(…)` in Python), so
 * such a call is the access: a read or a write of the statement's table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface StoredQuery {
  table: string;
  reads: boolean;
}

const CONFIGS = ['sqlc.yaml', 'sqlc.yml', 'sqlc.json'];

/** What names a query however the generated code spells it: `CreateAccount`, `create_account`. */
export const storedQueryKey = (name: string) => name.replace(/_/g, '').toLowerCase();

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The .sql files a `queries:` entry names: a file, or the .sql files of a folder. */
function sqlFiles(at: string): string[] {
  try {
    if (!statSync(at).isDirectory()) return at.endsWith('.sql') ? [at] : [];
    return readdirSync(at)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => path.join(at, f));
  } catch {
    return [];
  }
}

/** Every `queries:` path of a config (YAML or JSON, one path or a list), relative to its folder. */
function queryPaths(config: string): string[] {
  const out: string[] = [];
  for (const m of config.matchAll(/\bqueries"?\s*:\s*(?:\[([^\]]*)\]|["']?([^"'\n,#}]+)["']?)/g))
    for (const entry of (m[1] ?? m[2] ?? '').split(','))
      if (entry.trim()) out.push(entry.trim().replace(/^["']|["']$/g, ''));
  return out;
}

function parseQueries(text: string, into: Map<string, StoredQuery>): void {
  const parts = text.split(/^--\s*name:\s*(\w+)\s+:\w+.*$/m);
  // split keeps the captured names: [before, name, body, name, body, …]
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const body = (parts[i + 1] ?? '').replace(/--.*$/gm, '').trim();
    const table = /\b(?:from|into|update)\s+["`]?(\w+)/i.exec(body)?.[1];
    const name = parts[i];
    if (name && table && !into.has(storedQueryKey(name)))
      into.set(storedQueryKey(name), { table, reads: /^(select|with)\b/i.test(body) });
  }
}

/** The project's sqlc queries by name, from a config at the root or in a folder just below it. */
export function storedQueries(root: string): Map<string, StoredQuery> {
  const queries = new Map<string, StoredQuery>();
  let dirs: string[] = [root];
  try {
    dirs = [
      root,
      ...readdirSync(root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
        .map((d) => path.join(root, d.name)),
    ];
  } catch {
    // An unreadable root has no config either.
  }
  for (const dir of dirs)
    for (const name of CONFIGS) {
      const config = read(path.join(dir, name));
      if (!config) continue;
      for (const entry of queryPaths(config)) {
        const at = path.resolve(dir, entry);
        // A config is the project's: what it names outside the tree is not read.
        if (at !== root && !at.startsWith(`${root}${path.sep}`)) continue;
        for (const file of sqlFiles(at)) parseQueries(read(file) ?? '', queries);
      }
    }
  return queries;
}
