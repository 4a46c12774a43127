import { type LanguageId, parserFor } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { scanCSharp } from './csharp.js';
import { scanGo } from './go.js';
import { scanJava } from './java.js';
import { scanPhp } from './php.js';
import { scanPython } from './python.js';
import { scanRuby } from './ruby.js';
import { scanRust } from './rust.js';

/** Parses Python, Go, Java and Ruby with tree-sitter; other languages count toward languages only. */
export async function scanLanguage(rel: string, text: string, language: LanguageId): Promise<FileFacts> {
  const tree = (await parserFor(language)).parse(text);
  if (!tree) return { ...emptyFacts(language), error: 'parser returned no tree' };
  try {
    const root = tree.rootNode;
    const facts =
      language === 'python'
        ? scanPython(rel, root)
        : language === 'go'
          ? scanGo(rel, root)
          : language === 'java'
            ? scanJava(rel, root)
            : language === 'ruby'
              ? scanRuby(rel, root)
              : language === 'php'
                ? scanPhp(rel, root)
                : language === 'c_sharp'
                  ? scanCSharp(rel, root)
                  : language === 'rust'
                    ? scanRust(rel, root)
                    : emptyFacts(language);
    if (root.hasError) facts.error = 'syntax errors; read as far as it parses';
    return facts;
  } finally {
    tree.delete();
  }
}
