/** camelCase, PascalCase, snake_case, kebab-case and paths all split into lower-case words. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 || /\d/.test(t));
}

/** A field as the full-text index stores it: its words, split as `tokenize` splits them. */
export const indexedWords = (text: string): string => tokenize(text).join(' ');

/**
 * A user's query as an FTS5 expression: each word quoted (so no word is taken for FTS5 syntax),
 * three letters or more also as a prefix (`dispatch` finds `DispatchQueue`); every word must match
 * (`all`), or any of them.
 */
export function matchExpression(query: string, all = true): string | undefined {
  const words = [...new Set(tokenize(query))];
  if (words.length === 0) return undefined;
  return words.map((w) => (w.length >= 3 ? `"${w}"*` : `"${w}"`)).join(all ? ' AND ' : ' OR ');
}
