// boocontext's scanner against codesight (npm, installed into bench/.work only) on the same
// checkouts, in one run: wall time and peak RSS of a cold scan as a separate process each
// (goal: boocontext ≤ 0.5× codesight's time), route/model/import-edge counts side by side, and
// boocontext's warm re-scan after a one-file edit (goal ≤ 5% of its cold scan).
// Corpora: rxjs 7.8.1's sources (a real mid-size TypeScript code base) and a large generated
// service repository (Express routers mounted in routers, FastAPI routers, Prisma, SQL migrations,
// plus rxjs ×4 as bulk) whose true route and model counts are known by construction.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scanner } from '../packages/boocontext/dist/index.js';
import { fetchPackage, workDir } from './lib-fetch.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const codesightDir = path.join(workDir, 'codesight');
const codesightBin = path.join(codesightDir, 'node_modules/codesight/dist/index.js');
if (!existsSync(codesightBin)) {
  mkdirSync(codesightDir, { recursive: true });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', codesightDir, 'codesight@1.13.1'], {
    stdio: 'inherit',
  });
}
const boocontextBin = path.join(here, '../packages/boocontext/dist/bundle/boocontext.js');

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

/** Runs a command as its own process under /usr/bin/time for wall time and peak RSS. */
function measure(command, args, cwd) {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr.slice(-500)}`);
  const rssKb = Number(run.stderr.trim().split('\n').pop());
  return { ms, rssMb: rssKb / 1024, stdout: run.stdout };
}

function codesight(dir) {
  const out = path.join(workDir, 'codesight-out');
  rmSync(out, { recursive: true, force: true });
  const m = measure(process.execPath, [codesightBin, '--json', '-o', out, dir], workDir);
  const json = JSON.parse(m.stdout.slice(m.stdout.indexOf('\n{') + 1));
  return {
    ...m,
    routes: json.routes?.length ?? 0,
    models: (json.schemas ?? json.models ?? []).length,
    edges: json.graph?.edges?.length ?? json.dependencyGraph?.edges?.length ?? 0,
  };
}

function boocontext(dir) {
  const m = measure(
    process.execPath,
    [boocontextBin, 'overview', '--json', '--root', dir, '--allow', dir],
    dir,
  );
  const envelope = JSON.parse(m.stdout);
  const counts = envelope.details.counts;
  return { ...m, routes: counts.routes, models: counts.models, edges: counts.importEdges };
}

async function warmRatio(dir, editFile) {
  const scanner = new Scanner();
  const cold = await scanner.scan(dir);
  const file = path.join(dir, editFile);
  writeFileSync(file, `${'// edited\n'}${(await import('node:fs')).readFileSync(file, 'utf8')}`);
  utimesSync(file, new Date(), new Date(Date.now() + 2000));
  const warm = await scanner.scan(dir);
  return { cold: cold.stats.ms, warm: warm.stats.ms, read: warm.stats.read };
}

const corpora = [];
const mid = path.join(workDir, 'bc-mid');
rmSync(mid, { recursive: true, force: true });
cpSync(path.join(fetchPackage('rxjs@7.8.1'), 'src'), mid, { recursive: true });
corpora.push({ name: 'rxjs 7.8.1 src (mid-size, real)', dir: mid, edit: 'internal/Observable.ts' });
const large = path.join(workDir, 'bc-large');
const truth = generateLarge(large);
corpora.push({ name: 'generated services + rxjs×4 (large)', dir: large, edit: 'src/routes/svc7.ts', truth });

for (const corpus of corpora) {
  const cs = codesight(corpus.dir);
  const bc = boocontext(corpus.dir);
  const warm = await warmRatio(corpus.dir, corpus.edit);
  console.log(`\n${corpus.name}`);
  if (corpus.truth) console.log(`  truth:      routes ${corpus.truth.routes}, models ${corpus.truth.models}`);
  console.log(
    `  codesight:  ${cs.ms.toFixed(0)} ms, peak ${cs.rssMb.toFixed(0)} MB; routes ${cs.routes}, models ${cs.models}, import edges ${cs.edges}`,
  );
  console.log(
    `  boocontext: ${bc.ms.toFixed(0)} ms, peak ${bc.rssMb.toFixed(0)} MB; routes ${bc.routes}, models ${bc.models}, import edges ${bc.edges}`,
  );
  console.log(
    `  warm re-scan after one edit: ${warm.warm} ms vs cold ${warm.cold} ms in-process = ${((warm.warm / warm.cold) * 100).toFixed(1)}% (files re-read: ${warm.read}; goal <= 5%)`,
  );
  console.log(
    `  time ratio boocontext / codesight: ${(bc.ms / cs.ms).toFixed(2)}x (goal <= 0.5x); peak RSS ratio ${(bc.rssMb / cs.rssMb).toFixed(2)}x`,
  );
}
