export { type LanguageId, languageOf, parserFor } from './languages.js';
export { listRepoFiles, MAX_FILE_BYTES, type RepoFile } from './walk.js';
export { ModuleResolver } from './modules.js';
