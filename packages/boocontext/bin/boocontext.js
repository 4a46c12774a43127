#!/usr/bin/env node
// Checked in so npm links this bin at install time: it links only files that exist, and dist/ is built later.
// CommonJS (bin/package.json): an ES module entry starts node's ES module loader, ~6 ms of every
// one-shot command (a map of a small app takes ~170 ms); the code cache comes as CommonJS too.
const { existsSync } = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');

const entry = path.join(__dirname, '..', 'dist', 'bundle', 'boocontext.cjs');
if (existsSync(entry)) {
  const { CodeCache } = require('@boocode/mcp-server-kit/code-cache');
  // A one-shot command (`boocontext map …`) runs with V8's wasm tier-up off (see cli.ts). Set here,
  // before anything compiles: V8 refuses a code cache made under other flags, and the cache is
  // written at exit, after the command has set it.
  const command = process.argv[2];
  const oneShot =
    command !== undefined && !command.startsWith('-') && command !== 'serve' && command !== 'setup';
  const flags = oneShot ? ['--liftoff-only'] : [];
  // Setting a V8 flag (here or on node's command line) makes node refuse the code cache its own
  // modules are built with: each one loaded after it compiles from source. Those a one-shot command
  // loads are loaded first (the output streams', option parsing, the file and timer promises,
  // performance's, node 22's `navigator`): a map of a small app took ~12 ms longer with them loaded after (node 20, 31
  // alternating runs); for that, no flag is given on the command line either.
  if (oneShot) {
    for (const lazy of [process.stdout, process.stderr, globalThis.navigator]) void lazy;
    void require('node:util').parseArgs;
    for (const builtin of ['node:fs/promises', 'node:timers/promises', 'node:perf_hooks']) require(builtin);
  }
  for (const flag of flags) v8.setFlagsFromString(flag);
  // The bundle's chunks, code-graph's (a one-shot command runs its tools in this process) and
  // web-tree-sitter's CommonJS build compile from V8's code cache: one-shot maps of small Rust and Go
  // apps took ~190-240 ms with it against ~250-290 without (node 20, medians of 7 alternating runs).
  // code-graph's folder is looked up (~2.5 ms) only when a file outside the bundle is compiled:
  // most commands never load it.
  let codeGraph;
  CodeCache.inHome(flags).runBundle(entry, (file) => {
    if (file.endsWith(`${path.sep}web-tree-sitter.cjs`)) return true;
    codeGraph ??=
      path.join(path.dirname(require.resolve('@boocode/code-graph/package.json')), 'dist', 'bundle') +
      path.sep;
    return file.startsWith(codeGraph);
  });
} else {
  console.error(`boocontext is not built yet (${entry} is missing): run \`npm run build\``);
  process.exitCode = 1;
}
