import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CodeCache } from '@boocode/mcp-server-kit/code-cache';
import type TypeScript from 'typescript';

const require = createRequire(import.meta.url);

/**
 * TypeScript, loaded as CommonJS (imported from an ES module, node would compile its 9 MB twice
 * and lex it for named exports) and compiled with V8's code cache when one is on disk: its top
 * level then takes ~60 ms instead of ~160, and the functions compiled by the time the cache was
 * written (parser, binder, checker) are not compiled again. Code-graph's checker process and the
 * ts-types server start node with different flags: each set has its own cache file (one file
 * between them, each rejected and rewrote the other's). Types come from
 * `import type * as TS from 'typescript'`.
 */
const file = require.resolve('typescript');
const { version } = require('typescript/package.json') as { version: string };
const cache = CodeCache.inHome();

/** Where the code cache of this TypeScript, node and set of flags is kept. */
export const codeCacheFile = cache.fileFor(file, version);

function load(): { ts: typeof TypeScript; fromCache: boolean } {
  try {
    const module = { exports: {} as typeof TypeScript };
    // The version vouches for the source: a checksum of 9 MB would cost each start ~5 ms.
    const fromCache = cache.run(module, file, readFileSync(file, 'utf8'), version);
    return { ts: module.exports, fromCache };
  } catch {
    return { ts: require('typescript') as typeof TypeScript, fromCache: false };
  }
}

const loaded = load();
const ts = loaded.ts;
export default ts;

/** Whether this process compiled TypeScript from the code cache on disk. */
export const usedCodeCache = (): boolean => loaded.fromCache;

/**
 * Writes the code cache, once per process, when none was used: call it after real work, so that
 * the functions that work compiled are in it. Best effort: a read-only home only costs the gain.
 */
export const saveCodeCache = (): void => cache.save();
