import path from 'node:path';
import { type LanguageId, languageOf } from '@boocode/source-kit';
import { grammarOf, scanJs } from './js.js';
import { needsSyntaxTree } from './js-gate.js';
import { lexImports } from './js-imports.js';
import { scanWithTreeSitter } from './treesitter.js';
import { emptyFacts, type FileFacts } from './types.js';

export const JS_FILE = /\.(tsx?|jsx?|mjs|cjs|mts|cts)$/;
const SFC_FILE = /\.(vue|svelte)$/;
const TREE_LANGUAGES: readonly LanguageId[] = ['python', 'go', 'java', 'ruby'];

/** A Vue or Svelte single-file component: one component, and its <script> block's imports. */
function componentFile(rel: string, imports: FileFacts['imports']): FileFacts {
  const framework = rel.endsWith('.vue') ? 'vue' : 'svelte';
  const facts = emptyFacts(framework);
  facts.components.push({ name: path.posix.basename(rel).replace(/\.\w+$/, ''), framework, line: 1 });
  facts.imports = imports;
  return facts;
}

const scriptOf = (text: string) => /<script[^>]*>([\s\S]*?)<\/script>/.exec(text)?.[1];

/**
 * What a file says without a syntax tree, when that is everything it says: manifests and data
 * files, JS/TS files the gate finds nothing but imports in (read by the module lexer).
 * `undefined` means the file needs `treeFacts`.
 */
export function lexedFacts(rel: string, text: string): FileFacts | undefined {
  if (JS_FILE.test(rel)) return needsSyntaxTree(rel, text) ? undefined : lexImports(rel, text);
  if (SFC_FILE.test(rel)) {
    const script = scriptOf(text);
    if (!script) return componentFile(rel, []);
    const lexed = lexImports(`${rel}.ts`, script);
    return lexed && componentFile(rel, lexed.imports);
  }
  const language = languageOf(rel);
  if (language && TREE_LANGUAGES.includes(language)) return undefined;
  return emptyFacts(language ?? path.posix.extname(rel).slice(1));
}

/** The grammar `treeFacts` will parse `rel` with, so it can start loading early. */
export function grammarFor(rel: string, text: string): LanguageId | undefined {
  if (JS_FILE.test(rel)) return grammarOf(rel, text);
  return SFC_FILE.test(rel) ? 'typescript' : languageOf(rel);
}

/** A file's facts from its syntax tree (tree-sitter); a file that cannot be read says why. */
export async function treeFacts(rel: string, text: string): Promise<FileFacts> {
  try {
    if (JS_FILE.test(rel)) return await scanJs(rel, text);
    if (SFC_FILE.test(rel))
      return componentFile(rel, (await scanJs(`${rel}.ts`, scriptOf(text) ?? '')).imports);
    const language = languageOf(rel);
    if (language && TREE_LANGUAGES.includes(language)) return await scanWithTreeSitter(rel, text, language);
    return emptyFacts(language ?? path.posix.extname(rel).slice(1));
  } catch (error) {
    return { ...emptyFacts(languageOf(rel) ?? 'unknown'), error: (error as Error).message };
  }
}
