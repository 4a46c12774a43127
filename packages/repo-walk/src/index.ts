export { listRepoFiles, MAX_FILE_BYTES, type RepoFile } from './walk.js';
