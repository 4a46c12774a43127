import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';

export type LanguageId =
  | 'typescript'
  | 'tsx'
  | 'javascript'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'c_sharp'
  | 'ruby'
  | 'php'
  | 'cpp';

const BY_EXTENSION: Record<string, LanguageId> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.cs': 'c_sharp',
  '.rb': 'ruby',
  '.php': 'php',
  '.c': 'cpp',
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.hpp': 'cpp',
};

const GRAMMAR_FILE: Record<LanguageId, string> = {
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
  c_sharp: 'tree-sitter-c-sharp.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  php: 'tree-sitter-php.wasm',
  cpp: 'tree-sitter-cpp.wasm',
};

export function languageOf(file: string): LanguageId | undefined {
  if (file.endsWith('.d.ts')) return undefined;
  return BY_EXTENSION[path.extname(file).toLowerCase()];
}

const require = createRequire(import.meta.url);
// Grammars and runtime are pinned together in package.json: the grammar ABI must match the runtime.
const grammarDir = path.dirname(require.resolve('@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm'));

let ready: Promise<void> | undefined;
const loaded = new Map<LanguageId, Promise<Language>>();

/** One parser per language per thread; grammars load lazily, once. */
export async function parserFor(language: LanguageId): Promise<Parser> {
  ready ??= Parser.init();
  await ready;
  let grammar = loaded.get(language);
  if (!grammar) {
    grammar = Language.load(path.join(grammarDir, GRAMMAR_FILE[language]));
    loaded.set(language, grammar);
  }
  const parser = new Parser();
  parser.setLanguage(await grammar);
  return parser;
}
