import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import type TypeScript from 'typescript';

const require = createRequire(import.meta.url);

/**
 * TypeScript, loaded as CommonJS (imported from an ES module, node would compile its 9 MB twice
 * and lex it for named exports) and compiled with V8's code cache when one is on disk: its top
 * level then takes ~60 ms instead of ~160, and the functions compiled by the time the cache was
 * written (parser, binder, checker) are not compiled again. V8 refuses a cache made for other
 * source or another V8, and then the module is simply compiled. Types come from
 * `import type * as TS from 'typescript'`.
 */
const file = require.resolve('typescript');
const { version } = require('typescript/package.json') as { version: string };

/**
 * V8 also refuses a cache made under other flags (a heap size is one): code-graph's checker process
 * and the ts-types server start node differently, and with one file between them each rejected and
 * rewrote the other's, so every start compiled TypeScript afresh (~120 ms instead of ~25). One file
 * per set of flags.
 */
const flags = crc32([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0')).toString(36);

/** Where the code cache of this TypeScript, node and set of flags is kept. */
export const codeCacheFile = path.join(
  process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'),
  'boocode',
  'v8',
  `typescript-${version}-${process.version}-${process.arch}-${flags}.bin`,
);

function load(): { ts: typeof TypeScript; script?: vm.Script; fromCache: boolean } {
  try {
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(codeCacheFile);
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData });
    const module = { exports: {} as typeof TypeScript };
    script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
    return { ts: module.exports, script, fromCache: cachedData !== undefined && !script.cachedDataRejected };
  } catch {
    return { ts: require('typescript') as typeof TypeScript, fromCache: false };
  }
}

const loaded = load();
const ts = loaded.ts;
export default ts;

/** Whether this process compiled TypeScript from the code cache on disk. */
export const usedCodeCache = (): boolean => loaded.fromCache;
let saved = false;

/**
 * Writes the code cache, once per process, when none was used: call it after real work, so that
 * the functions that work compiled are in it. Best effort: a read-only home only costs the gain.
 */
export function saveCodeCache(): void {
  if (loaded.fromCache || saved || !loaded.script) return;
  saved = true;
  try {
    mkdirSync(path.dirname(codeCacheFile), { recursive: true });
    const temp = `${codeCacheFile}.${process.pid}`;
    writeFileSync(temp, loaded.script.createCachedData());
    renameSync(temp, codeCacheFile);
  } catch {
    // The cache is an optimisation only.
  }
}
