// Child process of scale.mjs: one measurement in a fresh process, so peak RSS is its own.
//   overview DIR        boocontext's scan cold, then again with nothing changed (warm, same process)
//   index DIR CACHE     code-graph's index refresh into CACHE (cold when CACHE is empty, else warm)
// Prints { ms, warmMs?, files } as JSON.
import { Scanner } from '../packages/boocontext/dist/index.js';
import { CodeIndex } from '../packages/code-graph/dist/index.js';

const [what, dir, cache] = process.argv.slice(2);
if (what === 'overview') {
  const scanner = new Scanner();
  const cold = await scanner.scan(dir);
  const warm = await scanner.scan(dir);
  console.log(JSON.stringify({ ms: cold.stats.ms, warmMs: warm.stats.ms, files: cold.files }));
} else {
  const index = CodeIndex.open(dir, { ...process.env, CODE_GRAPH_CACHE_DIR: cache });
  const stats = await index.refresh();
  index.close();
  console.log(JSON.stringify({ ms: stats.ms, files: stats.files }));
}
