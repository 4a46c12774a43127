// The one folder walker (source-kit's walkTree), both ways it is used, against node's own recursive
// readdir of the same tree as the floor (no .gitignore, no skipping, no order): the index listing
// (`listRepoFiles`: build/vendor folders skipped, sorted) and the server's user-facing walk
// (`Workspace.walk`: only .git/node_modules skipped, links checked, a visit per entry). Prints the
// median of 7 alternating runs (each the mean of repeated calls) per corpus and walk / floor. Goal: each walk ≤ 3× the floor (matching .gitignore rules per entry is the difference).
// The ASP.NET app carries Visual Studio's .gitignore template (290 lines, ~160 patterns), as many
// .NET and Unity repositories do.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Workspace } from '../apps/server/dist/tools/workspace.js';
import { listRepoFiles } from '../packages/source-kit/dist/walk.js';
import { fetchPackage, workDir } from './lib-fetch.mjs';
import { median } from './lib-measure.mjs';
import { materialize, stackApps } from './lib-stacks.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpora = [
  ['Etherpad 1.8.14 (Express app)', fetchPackage('ep_etherpad-lite@1.8.14')],
  ['ra-ui-materialui 5.9.2 (React)', fetchPackage('ra-ui-materialui@5.9.2')],
  ['rxjs 7.8.1 (library)', fetchPackage('rxjs@7.8.1')],
  ['this repository (packages/)', path.join(repo, 'packages')],
  [
    'ASP.NET Core app (Visual Studio .gitignore)',
    materialize(
      stackApps.find((a) => a.name === 'aspnetcore-efcore'),
      path.join(workDir, 'stacks'),
    ).dir,
  ],
].filter(([name, root]) => root || console.log(`${name}: skipped, source not here`));
const RUNS = 7;
/** Mean time of one call, repeated for at least 100 ms: one walk of a small tree takes a few ms. */
const timed = async (fn) => {
  const start = performance.now();
  let count;
  let calls = 0;
  do {
    count = await fn();
    calls++;
  } while (performance.now() - start < 100);
  return { ms: (performance.now() - start) / calls, count };
};

let worst = 0;
for (const [name, root] of corpora) {
  const workspace = await Workspace.open(root);
  const times = { floor: [], index: [], user: [] };
  const counts = {};
  for (let run = 0; run < RUNS; run++) {
    for (const [key, fn] of [
      ['floor', () => readdirSync(root, { recursive: true, withFileTypes: true }).length],
      ['index', async () => (await listRepoFiles(root)).length],
      [
        'user',
        async () => {
          let entries = 0;
          await workspace.walk(workspace.root, () => void entries++);
          return entries;
        },
      ],
    ]) {
      const { ms, count } = await timed(fn);
      times[key].push(ms);
      counts[key] = count;
    }
  }
  const floor = median(times.floor);
  const ratio = (key) => median(times[key]) / floor;
  worst = Math.max(worst, ratio('index'), ratio('user'));
  console.log(
    `${name}: floor ${floor.toFixed(1)} ms (${counts.floor} entries) | index ${median(times.index).toFixed(1)} ms ` +
      `(${counts.index} files) ${ratio('index').toFixed(2)}x | user walk ${median(times.user).toFixed(1)} ms ` +
      `(${counts.user} entries) ${ratio('user').toFixed(2)}x`,
  );
}
console.log(`worst walk / floor: ${worst.toFixed(2)}x (goal ≤ 3x)`);
