import { type LanguageId, maskUnsupportedSyntax, parserFor } from '@boocode/source-kit';
import { extractFacts } from './extract.js';
import type { FileFacts } from './facts.js';

/** Parses one source text; a file with syntax errors still yields what could be read. */
export async function parseSource(source: string, language: LanguageId): Promise<FileFacts> {
  const text = maskUnsupportedSyntax(source, language);
  const tree = (await parserFor(language)).parse(text);
  if (!tree) throw new Error('parser returned no tree');
  try {
    return extractFacts(tree, language, text);
  } finally {
    tree.delete();
  }
}
