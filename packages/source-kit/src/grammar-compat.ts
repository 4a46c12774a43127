import type { LanguageId } from './languages.js';

const TS_FAMILY = new Set<LanguageId>(['typescript', 'tsx']);
/** `export type * from './x'` (TypeScript 5.0): the newest published grammar reads it as an error. */
const EXPORT_TYPE_STAR = /\bexport(\s+)type(\s+\*)/g;
/** Variance annotations `<in T>`, `<out T>`, `<in out T>` (TypeScript 4.7), likewise. */
const VARIANCE = /([<,]\s*)((?:in|out|in\s+out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))/g;

/**
 * Blanks the few TypeScript constructs the grammar does not know yet, keeping every other
 * character where it was, so lines, columns and byte offsets in the tree stay those of the file.
 * Without it, one `export type *` makes a valid file look broken ("syntax errors").
 */
export function maskUnsupportedSyntax(source: string, language: LanguageId): string {
  if (!TS_FAMILY.has(language)) return source;
  let text = source;
  if (text.includes('type')) text = text.replace(EXPORT_TYPE_STAR, (_m, a, b) => `export${a}    ${b}`);
  if (/\b(in|out)\s/.test(text))
    text = text.replace(VARIANCE, (_m, lead, mod) => lead + ' '.repeat(mod.length));
  return text;
}
