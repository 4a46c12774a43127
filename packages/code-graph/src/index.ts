export { Queries } from './graph/queries.js';
export { gradeFunction, THRESHOLDS } from './health/grade.js';
export { CodeIndex, cacheFileFor, type RefreshStats } from './indexer/indexer.js';
export { buildServer } from './server.js';
