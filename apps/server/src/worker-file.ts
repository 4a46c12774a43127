import { existsSync } from 'node:fs';

/**
 * A worker thread's module, beside the module that starts it. Run from TypeScript sources (the
 * test runner) there is no `.js` there: the built one in dist/ is used instead.
 */
export function workerFile(name: string, importer: string): URL {
  const beside = new URL(name, importer);
  if (existsSync(beside)) return beside;
  const at = beside.href.lastIndexOf('/src/');
  return new URL(`${beside.href.slice(0, at)}/dist/${beside.href.slice(at + '/src/'.length)}`);
}
