// Runs every bench script in this folder, one after another (they measure time; never in parallel).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const scripts = readdirSync(here).filter(
  (f) => f.endsWith('.mjs') && f !== 'run-all.mjs' && !f.startsWith('lib-') && (!only || f.includes(only)),
);
let failed = 0;
for (const script of scripts.sort()) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, ['--expose-gc', path.join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
