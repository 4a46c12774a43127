#!/usr/bin/env node
// Checked in so npm links this bin at install time: it links only files that exist, and dist/ is built later.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later keep V8's compiled code of the bundle between runs (see boocontext's bin).
module.enableCompileCache?.();

const entry = new URL('../dist/bundle/code-graph.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else {
  console.error(`code-graph is not built yet (${entry.pathname} is missing): run \`npm run build\``);
  process.exitCode = 1;
}
