// boocontext's scanner against codesight (npm, installed into bench/.work only) on the same
// checkouts, in one run: wall time and peak RSS of a cold scan (empty scan cache) as a separate
// process each, the median of alternating runs (goal: boocontext ≤ 0.5× codesight's time), a warm
// run (the scan cache the previous process left), route/model/import-edge
// counts side by side, and boocontext's re-scan after a one-file edit against its cold scan in
// the same process (goal ≤ 5%). BENCH_RUNS sets the number of runs (default 5).
// Corpora: rxjs 7.8.1's sources (a real mid-size TypeScript code base), react-admin's UI package
// (476 .tsx components), Medusa's admin dashboard (a React application), Etherpad's Express
// application, and a large generated service repository
// (Express routers mounted in routers, FastAPI routers, Prisma, SQL migrations, plus rxjs ×4 as
// bulk) whose true route and model counts are known by construction.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codesightArgs,
  installCodesight,
  parseCodesightOutput,
  removeCodesightOutput,
} from './lib-codesight.mjs';
import { fetchPackage, workDir } from './lib-fetch.mjs';
import { median, timed } from './lib-measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
installCodesight();
// Run as `npx boocontext` runs it: the bin, through its shebang.
const boocontextBin = path.join(here, '../packages/boocontext/bin/boocontext.js');

function generateLarge(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src/routes'), { recursive: true });
  mkdirSync(path.join(dir, 'py/app/routers'), { recursive: true });
  mkdirSync(path.join(dir, 'db/migrations'), { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'large', dependencies: { express: '4', '@prisma/client': '6' } }),
  );
  const services = 300;
  const imports = [];
  const mounts = [];
  for (let i = 0; i < services; i++) {
    writeFileSync(
      path.join(dir, `src/routes/svc${i}.ts`),
      `import { Router } from 'express';\nimport { helper } from '../util';\n\nconst router = Router();\nrouter.get('/', helper);\nrouter.get('/:id', helper);\nrouter.post('/', helper);\nrouter.delete('/:id', helper);\nexport default router;\n`,
    );
    imports.push(`import svc${i} from './routes/svc${i}';`);
    mounts.push(`api.use('/svc${i}', svc${i});`);
  }
  writeFileSync(
    path.join(dir, 'src/util.ts'),
    'export function helper(_req: unknown, res: { json: (x: unknown) => void }) {\n  res.json(process.env.API_KEY);\n}\n',
  );
  writeFileSync(
    path.join(dir, 'src/app.ts'),
    `import express, { Router } from 'express';\n${imports.join('\n')}\n\nconst app = express();\nconst api = Router();\n${mounts.join('\n')}\napp.use('/api', api);\n`,
  );
  writeFileSync(path.join(dir, 'py/app/__init__.py'), '');
  writeFileSync(path.join(dir, 'py/app/routers/__init__.py'), '');
  const pyMounts = [];
  for (let i = 0; i < 100; i++) {
    writeFileSync(
      path.join(dir, `py/app/routers/r${i}.py`),
      `from fastapi import APIRouter\n\nrouter = APIRouter(prefix="/r${i}")\n\n\n@router.get("/")\ndef list_items():\n    return []\n\n\n@router.post("/")\ndef create_item():\n    return {}\n`,
    );
    pyMounts.push(`from .routers import r${i}\napp.include_router(r${i}.router, prefix="/py")`);
  }
  writeFileSync(
    path.join(dir, 'py/app/main.py'),
    `from fastapi import FastAPI\n\napp = FastAPI()\n${pyMounts.join('\n')}\n`,
  );
  writeFileSync(
    path.join(dir, 'schema.prisma'),
    Array.from({ length: 50 }, (_, i) => `model M${i} {\n  id Int @id\n  name String\n}\n`).join('\n'),
  );
  for (let i = 0; i < 50; i++) {
    writeFileSync(
      path.join(dir, `db/migrations/${String(i).padStart(3, '0')}.sql`),
      `CREATE TABLE t${i} (id INT PRIMARY KEY, v TEXT);\n${i % 5 === 4 ? `DROP TABLE t${i - 1};\n` : ''}`,
    );
  }
  const rx = fetchPackage('rxjs@7.8.1');
  for (let i = 0; i < 4; i++)
    cpSync(path.join(rx, 'src'), path.join(dir, `vendor-free/rx${i}`), { recursive: true });
  // Known by construction: 300×4 Express routes, 100×2 FastAPI routes; 50 Prisma models, 40 SQL tables left.
  return { routes: services * 4 + 200, models: 50 + 40 };
}

function codesight(dir) {
  const m = timed(process.execPath, codesightArgs(dir), { cwd: workDir });
  removeCodesightOutput(dir);
  const json = parseCodesightOutput(m.stdout);
  return {
    ...m,
    routes: json.routes?.length ?? 0,
    models: (json.schemas ?? json.models ?? []).length,
    edges: json.graph?.edges?.length ?? json.dependencyGraph?.edges?.length ?? 0,
  };
}

/**
 * One boocontext process. Cold: its scan cache starts empty (and is written, as a first run's is).
 * Warm: the cache a previous run left, as a host's next session or the next CLI run finds it.
 */
function boocontext(dir, { warm = false } = {}) {
  const cache = path.join(workDir, 'boocontext-cache');
  if (!warm) rmSync(cache, { recursive: true, force: true });
  const m = timed(boocontextBin, ['overview', '--json', '--root', dir, '--allow', dir], {
    cwd: dir,
    env: { BOOCONTEXT_CACHE_DIR: cache },
  });
  const counts = JSON.parse(m.stdout).details.counts;
  return { ...m, routes: counts.routes, models: counts.models, edges: counts.importEdges };
}

/** Runs of both tools, alternating so drift on the machine hits both alike; medians. */
function compare(dir, runs) {
  codesight(dir);
  boocontext(dir);
  const cs = [];
  const bc = [];
  const bcWarm = [];
  for (let i = 0; i < runs; i++) {
    cs.push(codesight(dir));
    bc.push(boocontext(dir));
    bcWarm.push(boocontext(dir, { warm: true }));
  }
  const summary = (list) => ({
    ...list[0],
    ms: median(list.map((r) => r.ms)),
    rssMb: median(list.map((r) => r.rssMb)),
  });
  return { cs: summary(cs), bc: summary(bc), bcWarm: summary(bcWarm) };
}

/** A fresh process: one cold scan, then edit-and-rescan rounds; the median re-scan against the cold scan. */
function rescan(dir, editFile) {
  const run = spawnSync(
    process.execPath,
    [path.join(here, 'lib-boocontext-rescan.mjs'), dir, editFile, '9'],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`re-scan run failed: ${run.stderr.slice(-500)}`);
  const result = JSON.parse(run.stdout);
  return { ...result, warmMedian: median(result.warm) };
}

const runs = Number(process.env.BENCH_RUNS ?? 5);
const corpora = [];
/** A fresh copy of a package's `src/` under bench/.work, so a run's edits never touch the fetched package. */
function sourcesOf(spec, name) {
  const dir = path.join(workDir, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(fetchPackage(spec), 'src'), dir, { recursive: true });
  return dir;
}
corpora.push({
  name: 'rxjs 7.8.1 src (mid-size, real)',
  dir: sourcesOf('rxjs@7.8.1', 'bc-mid'),
  edit: 'internal/Observable.ts',
});
// Application-shaped code, where nearly every file needs a syntax tree: React components in
// .tsx (react-admin's UI package ships its sources), and Etherpad's Express server and browser JS.
corpora.push({
  name: 'ra-ui-materialui 5.9.2 src (React .tsx components)',
  dir: sourcesOf('ra-ui-materialui@5.9.2', 'bc-react'),
  edit: 'list/List.tsx',
});
// A React application rather than a component library: Medusa's admin dashboard (react-router
// routes, forms, data hooks; 1,128 .tsx files) ships its sources on npm.
corpora.push({
  name: '@medusajs/dashboard 2.21.2 src (React application, .tsx)',
  dir: sourcesOf('@medusajs/dashboard@2.21.2', 'bc-dashboard'),
  edit: 'routes/orders/order-list/order-list.tsx',
});
corpora.push({
  name: 'Etherpad 1.8.14 (Express app, JavaScript)',
  dir: fetchPackage('ep_etherpad-lite@1.8.14'),
  edit: 'node/hooks/express/admin.js',
});
const large = path.join(workDir, 'bc-large');
const truth = generateLarge(large);
corpora.push({ name: 'generated services + rxjs×4 (large)', dir: large, edit: 'src/routes/svc7.ts', truth });

for (const corpus of corpora) {
  const { cs, bc, bcWarm } = compare(corpus.dir, runs);
  const warm = rescan(corpus.dir, corpus.edit);
  console.log(`\n${corpus.name} (median of ${runs} alternating cold runs each)`);
  if (corpus.truth) console.log(`  truth:      routes ${corpus.truth.routes}, models ${corpus.truth.models}`);
  console.log(
    `  codesight:  ${cs.ms.toFixed(0)} ms, peak ${cs.rssMb.toFixed(0)} MB; routes ${cs.routes}, models ${cs.models}, import edges ${cs.edges}`,
  );
  console.log(
    `  boocontext: ${bc.ms.toFixed(0)} ms, peak ${bc.rssMb.toFixed(0)} MB; routes ${bc.routes}, models ${bc.models}, import edges ${bc.edges}`,
  );
  console.log(
    `  re-scan after a one-file edit: median ${warm.warmMedian} ms (${warm.warm.join(', ')}) vs the cold scan's ${warm.cold} ms in the same process = ${((warm.warmMedian / warm.cold) * 100).toFixed(1)}% (files re-read each time: ${[...new Set(warm.read)].join('/')}; goal <= 5%)`,
  );
  console.log(
    `  time ratio boocontext / codesight: ${(bc.ms / cs.ms).toFixed(2)}x cold (goal <= 0.5x); peak RSS ratio ${(bc.rssMb / cs.rssMb).toFixed(2)}x`,
  );
  console.log(
    `  warm (the scan cache a previous process left): ${bcWarm.ms.toFixed(0)} ms, peak ${bcWarm.rssMb.toFixed(0)} MB = ${(bcWarm.ms / cs.ms).toFixed(2)}x codesight's time, ${(bcWarm.rssMb / cs.rssMb).toFixed(2)}x its RSS`,
  );
}
