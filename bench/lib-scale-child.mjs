// Child process of scale.mjs and code-graph-speed.mjs: one measurement in a fresh process, so peak
// RSS and JIT state are its own.
//   overview DIR        boocontext's scan cold, then again with nothing changed (warm, same process)
//   index DIR CACHE     code-graph's index refresh into CACHE (cold when CACHE is empty, else warm)
//   parse DIR           read and tree-sitter parse DIR's source files on this one thread, grammars
//                       loaded on first use (what a parse worker does, with no facts extracted)
// Prints { ms, warmMs?, files, edges?, phases? } as JSON.
import { readFileSync } from 'node:fs';
import { Scanner } from '../packages/boocontext/dist/index.js';
import { CodeIndex } from '../packages/code-graph/dist/index.js';
import { languageOf, listRepoFiles, parserFor } from '../packages/source-kit/dist/index.js';

const [what, dir, cache] = process.argv.slice(2);
if (what === 'overview') {
  const scanner = new Scanner();
  const cold = await scanner.scan(dir);
  const warm = await scanner.scan(dir);
  console.log(JSON.stringify({ ms: cold.stats.ms, warmMs: warm.stats.ms, files: cold.files }));
} else if (what === 'parse') {
  const files = await listRepoFiles(dir, (rel) => languageOf(rel) !== undefined);
  const started = performance.now();
  for (const f of files) (await parserFor(languageOf(f.rel))).parse(readFileSync(f.abs, 'utf8')).delete();
  console.log(JSON.stringify({ ms: performance.now() - started, files: files.length }));
} else {
  const index = CodeIndex.open(dir, { ...process.env, CODE_GRAPH_CACHE_DIR: cache });
  const stats = await index.refresh();
  index.close();
  console.log(JSON.stringify({ ms: stats.ms, files: stats.files, edges: stats.edges, phases: stats.phases }));
}
