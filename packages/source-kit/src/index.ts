export type { Node as SyntaxNode, Tree as SyntaxTree } from 'web-tree-sitter';
export { topLevelParts } from './arguments.js';
export { COMPONENT_FILE, componentScript } from './component-script.js';
export { isInside, looksBinary, MAX_FILE_BYTES, type NotAppCode, notAppCode } from './files.js';
export { maskUnsupportedSyntax } from './grammar-compat.js';
export { type LanguageId, languageOf, parserFor, preloadGrammar } from './languages.js';
export { ModuleResolver } from './modules.js';
export { type NodeTypeTable, nodeTypeTable } from './node-types.js';
export { byCodeUnits, byNumbersInText } from './order.js';
export { type FileRead, readIfChanged } from './read.js';
export { isTestFile } from './test-files.js';
export {
  isPathHidden,
  ListingCache,
  listRepoFiles,
  NOT_SOURCE_DIRS,
  type RepoFile,
  VCS_AND_DEPENDENCY_DIRS,
  type WalkEntry,
  walkTree,
} from './walk.js';
