/**
 * What one SQL statement touches: its main verb and the table that verb acts on, read at the
 * statement's own level — a subquery in a select list (`(SELECT username FROM users …) AS author`)
 * or a CTE's body (`WITH a AS (SELECT … FROM users) INSERT INTO articles …`) is inside brackets
 * and names neither.
 */
export interface SqlTarget {
  table: string;
  reads: boolean;
}

const VERBS = new Set(['select', 'insert', 'update', 'delete']);

/** A name, qualified or quoted (`"public"."users"`, `[dbo].[orders]`), a string, or a bracket. */
const NAME_OR_BRACKET =
  /(?:"[^"]*"|`[^`]*`|\[[^\]]*\]|[\w$]+)(?:\.(?:"[^"]*"|`[^`]*`|\[[^\]]*\]|[\w$]+))*|'(?:[^']|'')*'|[()]/g;

/** The words of a statement outside brackets; a bracketed part is one word, `(` and its text. */
function topLevelWords(sql: string): string[] {
  const words: string[] = [];
  const text = sql.replace(/--[^\n]*/g, ' ');
  let depth = 0;
  let opened = 0;
  for (const token of text.matchAll(NAME_OR_BRACKET)) {
    const word = token[0];
    if (word === '(') {
      if (depth++ === 0) opened = token.index ?? 0;
    } else if (word === ')') {
      if (depth > 0 && --depth === 0) words.push(text.slice(opened, token.index));
    } else if (depth === 0) words.push(word);
  }
  // A statement cut short (the lines read below a call end inside a subquery): what was read of it.
  if (depth > 0) words.push(text.slice(opened));
  return words;
}

/** A table's name as written, without its quotes or schema (`"public"."users"` → `users`). */
const tableName = (word: string | undefined) =>
  word && !word.startsWith('(') && !word.startsWith("'")
    ? (word.split('.').pop() ?? '').replace(/^["`[]|["`\]]$/g, '') || undefined
    : undefined;

/**
 * A statement whose own level names no table (`WITH views AS (SELECT … FROM campaign_views …) SELECT
 * JSON_AGG(v) …` selects from its CTEs only): the first table its bracketed parts act on.
 */
function bracketedTable(words: string[]): string | undefined {
  for (const word of words) {
    const table = word.startsWith('(') ? sqlTarget(word.slice(1))?.table : undefined;
    if (table) return table;
  }
  return undefined;
}

export function sqlTarget(sql: string): SqlTarget | undefined {
  const words = topLevelWords(sql);
  const lower = words.map((w) => w.toLowerCase());
  const at = lower.findIndex((w) => VERBS.has(w));
  if (at === -1) return undefined;
  const verb = lower[at] as string;
  const after = (keyword: string) => {
    const i = lower.indexOf(keyword, at);
    const next = i === -1 ? undefined : words[i + 1];
    // A derived table (`FROM (SELECT … FROM comments …) AS t`): the table it reads.
    return next?.startsWith('(') ? sqlTarget(next.slice(1))?.table : tableName(next);
  };
  const table =
    (verb === 'insert'
      ? after('into')
      : verb === 'update'
        ? tableName(words[at + 1])
        : (after('from') ?? after('join'))) ?? bracketedTable(words);
  return table ? { table, reads: verb === 'select' } : undefined;
}
