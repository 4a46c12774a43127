import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language, Node, Parser } from 'web-tree-sitter';

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
  | 'cpp'
  | 'kotlin'
  | 'elixir'
  | 'swift'
  | 'dart';

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
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.cs': 'c_sharp',
  '.rb': 'ruby',
  // A Rack app's rackup file (config.ru) is Ruby.
  '.ru': 'ruby',
  '.php': 'php',
  '.c': 'cpp',
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.hpp': 'cpp',
  '.kt': 'kotlin',
  '.kts': 'kotlin',
  '.ex': 'elixir',
  '.exs': 'elixir',
  '.swift': 'swift',
  '.dart': 'dart',
};

/**
 * Where each grammar's wasm is: VS Code's set; Kotlin's own package (VS Code ships none); Elixir's
 * and Swift's copied into this package's dist/grammars at build (scripts/grammars.mjs says why).
 */
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
  kotlin: '@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm',
  elixir: 'grammars/tree-sitter-elixir.wasm',
  swift: 'grammars/tree-sitter-swift.wasm',
  dart: 'grammars/tree-sitter-dart.wasm',
};

export function languageOf(file: string): LanguageId | undefined {
  if (file.endsWith('.d.ts')) return undefined;
  return BY_EXTENSION[path.extname(file).toLowerCase()];
}

const require = createRequire(import.meta.url);
// Grammars and runtime are pinned together in package.json: the grammar ABI must match the runtime.
const grammarDir = path.dirname(require.resolve('@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm'));

interface TreeSitterState {
  runtime?: Promise<typeof import('web-tree-sitter')>;
  grammars: Map<LanguageId, Promise<Language>>;
  parsers: Map<LanguageId, Promise<Parser>>;
}

/**
 * One state per thread, however many copies of this module it loads (boocontext's bundle and
 * code-graph's tools each hold one, and one process runs both): web-tree-sitter's runtime is one
 * module instance, and initialising it a second time would pull the memory from under the parsers
 * the first made.
 */
const shared = globalThis as Record<symbol, TreeSitterState | undefined>;
const STATE = Symbol.for('@boocode/source-kit/tree-sitter');
shared[STATE] ??= { grammars: new Map(), parsers: new Map() };
const state: TreeSitterState = shared[STATE];

/** The runtime loads on the first parser asked for: a run that parses nothing never pays for it. */
function loadRuntime(): Promise<typeof import('web-tree-sitter')> {
  state.runtime ??= import('web-tree-sitter').then(async (module) => {
    await module.Parser.init();
    fieldIdsByMap(module.Node.prototype);
    return module;
  });
  return state.runtime;
}

/**
 * web-tree-sitter finds a field's id with `Array.indexOf` over the grammar's field names on every
 * `childForFieldName` — the call our readers make most (~470 places): about half of the call's
 * time on a JavaScript file. A Map per grammar instead; same answers (null/[] for a field the
 * grammar lacks).
 */
function fieldIdsByMap(node: Node): void {
  const ids = new WeakMap<Language, Map<string | null, number>>();
  const idOf = (language: Language, name: string): number => {
    let byName = ids.get(language);
    if (!byName) {
      byName = new Map(language.fields.map((field, id) => [field, id]));
      ids.set(language, byName);
    }
    return byName.get(name) ?? 0;
  };
  node.childForFieldName = function (this: Node, name: string) {
    const id = idOf(this.tree.language, name);
    return id > 0 ? this.childForFieldId(id) : null;
  };
  node.childrenForFieldName = function (this: Node, name: string) {
    const id = idOf(this.tree.language, name);
    return id > 0 ? this.childrenForFieldId(id) : [];
  };
}

function grammarPath(language: LanguageId): string {
  const file = GRAMMAR_FILE[language];
  if (file.startsWith('grammars/'))
    return path.join(path.dirname(require.resolve('@boocode/source-kit/package.json')), 'dist', file);
  return file.includes('/') ? require.resolve(file) : path.join(grammarDir, file);
}

function grammar(language: LanguageId): Promise<Language> {
  let pending = state.grammars.get(language);
  if (!pending) {
    // Given the bytes, not the path: web-tree-sitter reads a path with a dynamic `import()`, which
    // fails in code compiled from V8's code cache (boocontext's bin compiles web-tree-sitter so).
    // Read while the runtime loads.
    const bytes = Promise.resolve(language).then((id) => readFile(grammarPath(id)));
    pending = Promise.all([loadRuntime(), bytes]).then(([{ Language }, wasm]) => Language.load(wasm));
    state.grammars.set(language, pending);
  }
  return pending;
}

/**
 * Starts loading `language`'s grammar without waiting: wasm compiles off the main thread, so a
 * caller with other work to do first gets the parser for free later.
 */
export function preloadGrammar(language: LanguageId): void {
  grammar(language).catch(() => {});
}

/**
 * The thread's parser for `language` (callers share it and never delete it: parse() is
 * synchronous, so two callers never interleave inside it). Runtime and grammar load lazily, once.
 */
export function parserFor(language: LanguageId): Promise<Parser> {
  let parser = state.parsers.get(language);
  if (!parser) {
    parser = Promise.all([grammar(language), loadRuntime()]).then(([loadedGrammar, { Parser }]) => {
      const created = new Parser();
      created.setLanguage(loadedGrammar);
      return created;
    });
    state.parsers.set(language, parser);
  }
  return parser;
}
