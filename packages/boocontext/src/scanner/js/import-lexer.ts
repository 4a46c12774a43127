import { init, parse } from 'es-module-lexer';
import { emptyFacts, type FileFacts, jsLanguage } from '../types.js';

/** Compiles the lexer's wasm once per process; `lexImports` needs it done. */
export const lexerReady: Promise<void> = init();

/**
 * The facts of a JS/TS file that holds nothing but imports (the gate decides which): its import
 * specifiers with their line, read by es-module-lexer, which lexes JavaScript and TypeScript
 * without building a tree. `undefined` when the lexer cannot read the file (JSX, syntax errors):
 * the caller parses it fully instead.
 */
export function lexImports(rel: string, text: string): FileFacts | undefined {
  let imports: ReturnType<typeof parse>[0];
  try {
    [imports] = parse(text, rel);
  } catch {
    return undefined;
  }
  const facts = emptyFacts(jsLanguage(rel));
  let line = 1;
  let counted = 0;
  for (const imp of imports) {
    if (imp.type === 'import-meta' || imp.specifier === undefined || (imp.type === 'dynamic' && imp.glob))
      continue;
    // Imports come in source order: count the newlines between one and the next.
    for (
      let i = text.indexOf('\n', counted);
      i !== -1 && i < imp.importStart;
      i = text.indexOf('\n', i + 1)
    ) {
      line++;
      counted = i + 1;
    }
    facts.imports.push({ spec: imp.specifier, line });
  }
  return facts;
}
