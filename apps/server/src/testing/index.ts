/**
 * For tests of BooCode and of what is built on it (the page's browser tests): a real server on
 * loopback and a scripted model. Needs the server's devDependencies (server-everything).
 */
export * from './fixtures.js';
export * from './harness.js';
export * from './scripted-model.js';
