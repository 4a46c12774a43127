export { Projects } from './project/projects.js';
export { declarations, shape, signature, typeAt } from './query/queries.js';
export { buildServer } from './server.js';
