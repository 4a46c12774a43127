// The scanner's answers without a syntax tree (the gate, then the JSX-aware lexer) against the full
// tree-sitter reader, file by file, on real code: React components (ra-ui-materialui's .tsx
// sources, the T3 app), a React application (Medusa's admin dashboard), an Express app in CommonJS (Etherpad), library
// TypeScript (rxjs, tRPC, Redux Toolkit) and this repository. For every JS-family file read without
// a tree, its imports, components and env reads must equal the full reader's. Also printed: how
// many files still get a full parse.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexedFacts } from '../packages/boocontext/dist/scanner/file-facts.js';
import { scanJs } from '../packages/boocontext/dist/scanner/js/scan.js';
import { fetchPackage, workDir } from './lib-fetch.mjs';
import { realApps } from './lib-real-apps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const JS = /\.(tsx?|jsx?|mjs|cjs|mts|cts)$/;

function filesOf(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (['node_modules', 'dist', '.git', '.work'].includes(entry.name)) continue;
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (JS.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  walk(dir);
  return found;
}

const key = (facts) => ({
  imports: facts.imports.map((i) => `${i.spec}:${i.line}`).sort(),
  components: facts.components.map((c) => `${c.name}:${c.line}`),
  env: facts.env,
});

const [t3, etherpad] = realApps(path.join(workDir, 'real-apps'));
const corpora = [
  {
    name: 'ra-ui-materialui 5.9.2 (React .tsx)',
    dir: path.join(fetchPackage('ra-ui-materialui@5.9.2'), 'src'),
  },
  { name: 'T3 app (Next.js, tRPC, Prisma)', dir: t3.root },
  {
    name: '@medusajs/dashboard 2.21.2 (React application)',
    dir: path.join(fetchPackage('@medusajs/dashboard@2.21.2'), 'src'),
  },
  { name: 'Etherpad 1.8.14 (Express, CommonJS)', dir: etherpad.root },
  { name: 'rxjs 7.8.1', dir: path.join(fetchPackage('rxjs@7.8.1'), 'src') },
  { name: '@trpc/server 11.0.0', dir: fetchPackage('@trpc/server@11.0.0') },
  { name: '@reduxjs/toolkit 2.5.0', dir: fetchPackage('@reduxjs/toolkit@2.5.0') },
  { name: 'this repository', dir: path.join(here, '..') },
];

let disagreements = 0;
for (const { name, dir } of corpora) {
  const files = filesOf(dir);
  let lexed = 0;
  let agree = 0;
  let parsed = 0;
  const differing = [];
  for (const file of files) {
    const rel = path.relative(dir, file);
    const text = readFileSync(file, 'utf8');
    const quick = lexedFacts(rel, text);
    if (!quick) {
      parsed++;
      continue;
    }
    lexed++;
    const full = await scanJs(rel, text);
    if (full.error) continue; // a file the parser cannot read either has no answer to hold to
    if (JSON.stringify(key(quick)) === JSON.stringify(key(full))) agree++;
    else differing.push(rel);
  }
  disagreements += differing.length;
  console.log(`\n${name}: ${files.length} JS/TS files`);
  console.log(
    `  read without a tree ${lexed}; equal to the full reader on ${agree}; differing ${differing.length}`,
  );
  for (const rel of differing.slice(0, 10)) console.log(`    differs: ${rel}`);
  console.log(
    `  the scanner parses ${parsed} of ${files.length} files (${((parsed / files.length) * 100).toFixed(0)}%)`,
  );
}
console.log(`\nfiles where the tree-free answer and the full reader's differ: ${disagreements} (goal 0)`);
process.exitCode = disagreements ? 1 : 0;
