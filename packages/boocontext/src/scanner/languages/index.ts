import { type LanguageId, parserFor, type SyntaxNode } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { scanCSharp } from './csharp.js';
import { scanGo } from './go.js';
import { scanJava } from './java.js';
import { scanPhp } from './php.js';
import { scanPython } from './python.js';
import { scanRuby } from './ruby.js';
import { scanRust } from './rust.js';

/** The languages read from a tree-sitter tree, and each one's reader. */
const READERS: Partial<Record<LanguageId, (rel: string, root: SyntaxNode) => FileFacts>> = {
  python: scanPython,
  go: scanGo,
  java: scanJava,
  ruby: scanRuby,
  php: scanPhp,
  c_sharp: scanCSharp,
  rust: scanRust,
};

/** Whether a language's facts come from its syntax tree (`scanLanguage`). */
export const readsTree = (language: LanguageId) => language in READERS;

/** Parses a file of a tree-read language and reads its facts; other languages count toward languages only. */
export async function scanLanguage(rel: string, text: string, language: LanguageId): Promise<FileFacts> {
  const reader = READERS[language];
  if (!reader) return emptyFacts(language);
  const tree = (await parserFor(language)).parse(text);
  if (!tree) return { ...emptyFacts(language), error: 'parser returned no tree' };
  try {
    const facts = reader(rel, tree.rootNode);
    if (tree.rootNode.hasError) facts.error = 'syntax errors; read as far as it parses';
    return facts;
  } finally {
    tree.delete();
  }
}
