import type { Model } from './types.js';

/**
 * Tokens of a SQL script with their lines. Comments and string literals are blanked out first
 * (keeping every newline, so lines stay true) and keywords inside them are never read as statements.
 */
function sqlTokens(sql: string): { tokens: string[]; lines: number[] } {
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  const cleaned = sql
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, blank)
    .replace(/'(?:[^']|'')*'/g, (m) => `'${blank(m.slice(2))}'`);
  const tokens: string[] = [];
  const lines: number[] = [];
  let line = 1;
  let last = 0;
  for (const match of cleaned.matchAll(
    /[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)?|"[^"]+"|`[^`]+`|\[[^\]]+\]|[();,]/g,
  )) {
    for (let i = last; i < (match.index ?? 0); i++) if (cleaned[i] === '\n') line++;
    last = match.index ?? 0;
    tokens.push(match[0]);
    lines.push(line);
  }
  return { tokens, lines };
}

const bare = (name: string) =>
  name
    .replace(/^["`[]|["`\]]$/g, '')
    .split('.')
    .pop() ?? name;

/** Tables migration tools keep for themselves: Rails, Ecto, golang-migrate, Django, Knex, Flyway, Liquibase. */
const MIGRATION_TABLES =
  /^(schema_migrations|ar_internal_metadata|django_migrations|knex_migrations(_lock)?|flyway_schema_history|databasechangelog(lock)?|goose_db_version|__efmigrationshistory)$/i;

/**
 * Replays SQL migrations in order: CREATE TABLE adds, DROP TABLE removes, ALTER TABLE … RENAME TO
 * renames. What is left is the schema the migrations produce.
 */
export function replayMigrations(files: { rel: string; text: string }[]): Model[] {
  const tables = new Map<string, Model>();
  for (const { rel, text } of files) {
    const { tokens, lines } = sqlTokens(text);
    for (let i = 0; i < tokens.length; i++) {
      const word = tokens[i]?.toUpperCase();
      const next = (n: number) => tokens[i + n]?.toUpperCase();
      if (word === 'CREATE' && (next(1) === 'TABLE' || (next(1) === 'TEMP' && next(2) === 'TABLE'))) {
        let j = i + (next(1) === 'TABLE' ? 2 : 3);
        if (tokens[j]?.toUpperCase() === 'IF') j += 3;
        const raw = tokens[j];
        if (!raw) continue;
        const name = bare(raw);
        // A migration tool's own bookkeeping (a structure dump keeps it): no entity of the app.
        if (MIGRATION_TABLES.test(name)) continue;
        const fields: string[] = [];
        if (tokens[j + 1] === '(') {
          let depth = 0;
          let expectColumn = true;
          for (let k = j + 1; k < tokens.length; k++) {
            const t = tokens[k] as string;
            if (t === '(') depth++;
            else if (t === ')') {
              depth--;
              if (depth === 0) break;
            } else if (t === ',' && depth === 1) expectColumn = true;
            else if (expectColumn && depth === 1) {
              if (!/^(PRIMARY|FOREIGN|UNIQUE|CONSTRAINT|CHECK|KEY|INDEX)$/i.test(t)) fields.push(bare(t));
              expectColumn = false;
            }
          }
        }
        tables.set(name.toLowerCase(), { name, orm: 'sql', file: rel, line: lines[j] ?? 1, fields });
      } else if (word === 'DROP' && next(1) === 'TABLE') {
        let j = i + 2;
        if (tokens[j]?.toUpperCase() === 'IF') j += 2;
        for (; j < tokens.length && tokens[j] !== ';'; j++) {
          const t = tokens[j] as string;
          if (t === ',' || /^(CASCADE|RESTRICT)$/i.test(t)) continue;
          tables.delete(bare(t).toLowerCase());
        }
      } else if (word === 'ALTER' && next(1) === 'TABLE') {
        const from = tokens[i + 2];
        const renameAt = tokens
          .slice(i, i + 8)
          .findIndex((t, k) => t.toUpperCase() === 'RENAME' && tokens[i + k + 1]?.toUpperCase() === 'TO');
        if (from && renameAt !== -1) {
          const to = tokens[i + renameAt + 2];
          const old = tables.get(bare(from).toLowerCase());
          if (old && to) {
            tables.delete(bare(from).toLowerCase());
            tables.set(bare(to).toLowerCase(), { ...old, name: bare(to), file: rel, line: lines[i] ?? 1 });
          }
        }
      }
    }
  }
  return [...tables.values()];
}

/** Prisma models with their fields; the schema language is small enough to read by its blocks. */
export function readPrisma(rel: string, text: string): Model[] {
  const models: Model[] = [];
  const lines = text.split('\n');
  let current: Model | undefined;
  lines.forEach((raw, index) => {
    const lineText = raw.replace(/\/\/.*$/, '').trim();
    const open = /^(model|view)\s+(\w+)\s*\{/.exec(lineText);
    if (open?.[2]) {
      current = { name: open[2], orm: 'prisma', file: rel, line: index + 1, fields: [] };
      models.push(current);
      return;
    }
    if (lineText.startsWith('}')) {
      current = undefined;
      return;
    }
    const table = /^@@map\(\s*(?:name:\s*)?"([^"]+)"/.exec(lineText);
    if (current && table?.[1]) current.table = table[1];
    const field = /^(\w+)\s+\w/.exec(lineText);
    if (current && field?.[1] && !lineText.startsWith('@@')) current.fields?.push(field[1]);
  });
  return models;
}

/** SQL files that are migrations: under a folder whose name says so. */
export const isMigration = (rel: string) =>
  /\.sql$/i.test(rel) && /(^|\/)(migrations?|migrate|db|schema)(\/|$)/i.test(rel);

/** Another SQL file that makes tables: a dump beside the code, an `init.sql` a container runs. */
export const createsTables = (rel: string, text: string) =>
  /\.sql$/i.test(rel) && /\bcreate\s+table\b/i.test(text);
