export type { Node as SyntaxNode, Tree as SyntaxTree } from 'web-tree-sitter';
export { type LanguageId, languageOf, parserFor } from './languages.js';
export { ModuleResolver } from './modules.js';
export { type FileRead, readIfChanged } from './read.js';
export { listRepoFiles, MAX_FILE_BYTES, type RepoFile } from './walk.js';
