import { type LanguageId, parserFor } from '@boocode/source-kit';
import { extractFacts } from './extract.js';
import type { FileFacts } from './facts.js';

const parsers = new Map<LanguageId, Awaited<ReturnType<typeof parserFor>>>();

/** Parses one source text; a file with syntax errors still yields what could be read. */
export async function parseSource(source: string, language: LanguageId): Promise<FileFacts> {
  let parser = parsers.get(language);
  if (!parser) {
    parser = await parserFor(language);
    parsers.set(language, parser);
  }
  const tree = parser.parse(source);
  if (!tree) throw new Error('parser returned no tree');
  try {
    return extractFacts(tree, language);
  } finally {
    tree.delete();
  }
}
