// Scale: trees of ~1k, ~10k and ~50k files built from real npm sources (TypeScript libraries,
// Medusa's React admin dashboard and Etherpad's JavaScript application, copied side by side), each measured in a fresh process:
// boocontext's overview scan (cold, and warm: again with nothing changed) and code-graph's index
// (cold into an empty cache, warm from the cache in a new process). Prints time, peak RSS and
// files/s per size, then the growth exponent between sizes (1.0 = linear; goal ≤ 1 for time, and
// memory growing slower than the file count). SCALE_SIZES=1000,10000 picks sizes.
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fetchPackage, workDir } from './lib-fetch.mjs';
import { inChild } from './lib-measure.mjs';

const SIZES = (process.env.SCALE_SIZES ?? '1000,10000,50000').split(',').map(Number);
const SOURCES = [
  ['rxjs@7.8.1', 'src'],
  ['ep_etherpad-lite@1.8.14', 'node'],
  ['@reduxjs/toolkit@2.5.0', 'src'],
  ['mobx@6.13.5', 'src'],
  ['ep_etherpad-lite@1.8.14', 'static/js'],
  ['@trpc/server@11.0.0', 'src'],
  ['@tanstack/query-core@5.62.0', 'src'],
  // Last: at ~2,000 files it would otherwise make the 1k tree twice its size.
  ['@medusajs/dashboard@2.21.2', 'src'],
];

const countFiles = (dir) =>
  readdirSync(dir, { recursive: true }).filter((f) => statSync(path.join(dir, f)).isFile()).length;

/** Copies the sources round-robin, a whole folder at a time, until the tree holds `size` files. */
function buildTree(size) {
  const dir = path.join(workDir, `scale-${size}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const folders = SOURCES.map(([spec, sub]) => {
    const from = path.join(fetchPackage(spec), sub);
    return { from, name: `${spec.replace(/[@/]/g, '_')}-${sub.replace('/', '_')}`, files: countFiles(from) };
  });
  let total = 0;
  for (let copy = 0; total < size; copy++) {
    for (const folder of folders) {
      if (total >= size) break;
      cpSync(folder.from, path.join(dir, `c${copy}`, folder.name), { recursive: true });
      total += folder.files;
    }
  }
  return dir;
}

const rows = [];
for (const size of SIZES) {
  const dir = buildTree(size);
  const cache = path.join(workDir, `scale-cache-${size}`);
  rmSync(cache, { recursive: true, force: true });
  const overview = inChild('overview', dir);
  const indexCold = inChild('index', dir, cache);
  const indexWarm = inChild('index', dir, cache);
  rows.push({ size, overview, indexCold, indexWarm });
  rmSync(cache, { recursive: true, force: true });
  const fmt = (m) =>
    `${String(Math.round(m.ms)).padStart(6)} ms ${String(Math.round(m.rssMb)).padStart(4)} MB`;
  console.log(
    `${String(overview.files).padStart(6)} files | overview cold ${fmt(overview)} (${Math.round((overview.files / overview.ms) * 1000)} files/s), warm ${Math.round(overview.warmMs)} ms | index cold ${fmt(indexCold)} (${Math.round((indexCold.files / indexCold.ms) * 1000)} files/s), warm ${fmt(indexWarm)}`,
  );
}

const exponent = (a, b, pick) => Math.log(pick(b) / pick(a)) / Math.log(b.overview.files / a.overview.files);
for (let i = 1; i < rows.length; i++) {
  const [a, b] = [rows[i - 1], rows[i]];
  const e = (pick) => exponent(a, b, pick).toFixed(2);
  console.log(
    `growth ${a.overview.files} → ${b.overview.files} files: overview time ^${e((r) => r.overview.ms)}, RSS ^${e((r) => r.overview.rssMb)}; index time ^${e((r) => r.indexCold.ms)}, RSS ^${e((r) => r.indexCold.rssMb)}, warm ^${e((r) => r.indexWarm.ms)}`,
  );
}
console.log('goal: time exponent ≤ 1.0 (linear or better); RSS exponent < 1.0 (sub-linear)');
