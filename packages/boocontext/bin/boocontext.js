#!/usr/bin/env -S node --max-semi-space-size=4
// A one-shot scan allocates fast enough for V8 to grow its young generation to 2 x 16 MB; capped at
// 2 x 4 MB, peak memory is 6-8 MB lower on application-sized trees at the same speed (measured with
// bench/boocontext-vs-codesight.mjs). Only a flag at start-up does this: set at run time it is ignored.
// Checked in so npm links this bin at install time: it links only files that exist, and dist/ is built later.
import { existsSync } from 'node:fs';
import module from 'node:module';

// Node 22.1 and later keep V8's compiled code of the bundle on disk between runs (in the system's
// temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a one-shot map of a small Go app
// took 172 ms with it against 187 ms without (medians of 7 alternating runs, node 22.23). Node 20
// has no such cache and goes on as before.
module.enableCompileCache?.();

const entry = new URL('../dist/bundle/boocontext.js', import.meta.url);
if (existsSync(entry)) await import(entry.href);
else {
  console.error(`boocontext is not built yet (${entry.pathname} is missing): run \`npm run build\``);
  process.exitCode = 1;
}
