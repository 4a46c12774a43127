import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(path.join(tmpdir(), 'code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const here = path.dirname(fileURLToPath(import.meta.url));
/** In a file, not `node -e`: the script of `-e` is among node's arguments, which key the cache. */
const starter = path.join(work, 'start.mjs');
writeFileSync(
  starter,
  `import { CodeCache } from ${JSON.stringify(pathToFileURL(path.join(here, '../dist/code-cache.js')).href)};
import { createRequire } from 'node:module';
import v8 from 'node:v8';
const [cacheDir, main, flagList] = process.argv.slice(2);
const flags = JSON.parse(flagList);
for (const flag of flags) v8.setFlagsFromString(flag);
const cache = new CodeCache(cacheDir, flags, process.env.NODE_DISABLE_COMPILE_CACHE !== '1');
const served = [];
const run = cache.run.bind(cache);
cache.run = (...args) => { const hit = run(...args); if (hit) served.push(args[1].split('/').pop()); return hit; };
cache.hook((file) => file.startsWith(${JSON.stringify(work)}));
const answer = createRequire(import.meta.url)(main).answer();
cache.save();
console.log(JSON.stringify({ answer, served: served.sort() }));`,
);

/**
 * Requires `main` (CommonJS) in a fresh node, its files under `work` compiled through a CodeCache
 * kept in `cacheDir`; says what the module answered and which files the cache served.
 */
function start(cacheDir: string, main: string, options: { flags?: string[]; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(process.execPath, [starter, cacheDir, main, JSON.stringify(options.flags ?? [])], {
    env: { ...process.env, NODE_OPTIONS: '', ...options.env },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { answer: string; served: string[] };
}

/** A module `main.cjs` requiring `part.cjs`, which says `word`. */
function modules(dir: string, word: string): string {
  writeFileSync(path.join(dir, 'part.cjs'), `#!/usr/bin/env node\nexports.word = () => '${word}';\n`);
  const main = path.join(dir, 'main.cjs');
  writeFileSync(main, `const part = require('./part.cjs');\nexports.answer = () => 'said ' + part.word();\n`);
  return main;
}

describe('V8’s code cache for CommonJS files', () => {
  it('serves every hooked file from the second process on, and the answer stays the same', () => {
    const dir = mkdtempSync(path.join(work, 'same-'));
    const cache = path.join(dir, 'cache');
    const main = modules(dir, 'hello');
    expect(start(cache, main)).toEqual({ answer: 'said hello', served: [] });
    expect(readdirSync(cache)).toHaveLength(2);
    expect(start(cache, main)).toEqual({ answer: 'said hello', served: ['main.cjs', 'part.cjs'] });
  });

  it('never runs a cache made for other source of the same length (V8 checks only the length), and replaces it', () => {
    const dir = mkdtempSync(path.join(work, 'changed-'));
    const cache = path.join(dir, 'cache');
    start(cache, modules(dir, 'hello'));
    const before = readdirSync(cache).filter((f) => f.startsWith('part.cjs.'));
    const main = modules(dir, 'world');
    expect(start(cache, main)).toEqual({ answer: 'said world', served: ['main.cjs'] });
    const after = readdirSync(cache).filter((f) => f.startsWith('part.cjs.'));
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect(start(cache, main).served).toEqual(['main.cjs', 'part.cjs']);
  });

  it('keeps the caches of two installs apart, so using them in turn does not replace one with the other', () => {
    const dir = mkdtempSync(path.join(work, 'installs-'));
    const cache = path.join(dir, 'cache');
    const [old, current] = ['old', 'current'].map((name) => {
      const install = path.join(dir, name);
      mkdirSync(install);
      return modules(install, name);
    });
    start(cache, old as string);
    start(cache, current as string);
    expect(start(cache, old as string).served).toEqual(['main.cjs', 'part.cjs']);
    expect(start(cache, current as string)).toEqual({
      answer: 'said current',
      served: ['main.cjs', 'part.cjs'],
    });
  });

  it('removes a cache unused for 30 days when it writes one; a cache in use is kept, however old its file', () => {
    const dir = mkdtempSync(path.join(work, 'unused-'));
    const cache = path.join(dir, 'cache');
    const [gone, used, current] = ['gone', 'used', 'current'].map((name) => {
      const install = path.join(dir, name);
      mkdirSync(install);
      return modules(install, name) as string;
    });
    const installOf = (file: string) => file.split('.')[2];
    start(cache, gone as string);
    const goneInstall = installOf(readdirSync(cache)[0] as string);
    start(cache, used as string);
    const age = (prefix: string, days: number) => {
      const when = new Date(Date.now() - days * 86_400_000);
      for (const file of readdirSync(cache).filter((f) => f.startsWith(prefix)))
        utimesSync(path.join(cache, file), when, when);
    };
    expect(new Set(readdirSync(cache).map(installOf)).size).toBe(2);
    for (const file of readdirSync(cache)) age(file, 40);
    // Used today: its files are marked as in use again.
    expect(start(cache, used as string).served).toEqual(['main.cjs', 'part.cjs']);
    start(cache, current as string);
    const installs = new Set(readdirSync(cache).map(installOf));
    expect(installs.has(goneInstall)).toBe(false);
    expect(installs.size).toBe(2);
    expect(start(cache, used as string).served).toEqual(['main.cjs', 'part.cjs']);
  });

  it('refuses a damaged cache, compiles the file and writes it again', () => {
    const dir = mkdtempSync(path.join(work, 'damaged-'));
    const cache = path.join(dir, 'cache');
    const main = modules(dir, 'hello');
    start(cache, main);
    for (const file of readdirSync(cache)) writeFileSync(path.join(cache, file), 'not a cache');
    expect(start(cache, main)).toEqual({ answer: 'said hello', served: [] });
    expect(start(cache, main).served).toEqual(['main.cjs', 'part.cjs']);
  });

  it('keeps one cache per set of flags set at run time, so each finds its own', () => {
    const dir = mkdtempSync(path.join(work, 'flags-'));
    const cache = path.join(dir, 'cache');
    const main = modules(dir, 'hello');
    const liftoff = { flags: ['--liftoff-only'] };
    start(cache, main, liftoff);
    expect(start(cache, main).served).toEqual([]);
    expect(readdirSync(cache)).toHaveLength(4);
    expect(start(cache, main, liftoff).served).toEqual(['main.cjs', 'part.cjs']);
    expect(start(cache, main).served).toEqual(['main.cjs', 'part.cjs']);
  });

  it('writes nothing when NODE_DISABLE_COMPILE_CACHE=1, as node’s own cache', () => {
    const dir = mkdtempSync(path.join(work, 'off-'));
    const cache = path.join(dir, 'cache');
    const off = { env: { NODE_DISABLE_COMPILE_CACHE: '1' } };
    expect(start(cache, modules(dir, 'hello'), off)).toEqual({ answer: 'said hello', served: [] });
    expect(() => readdirSync(cache)).toThrow(/ENOENT/);
  });
});
