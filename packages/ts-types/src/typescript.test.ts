import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cache = mkdtempSync(path.join(tmpdir(), 'ts-types-code-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Loads TypeScript (the built module) in a node started with `flags`; says whether the code cache served, then saves one. */
function start(flags: string[]): { used: boolean; file: string } {
  const script = `const m = await import('@boocode/ts-types/typescript');
console.log(JSON.stringify({ used: m.usedCodeCache(), file: m.codeCacheFile }));
m.saveCodeCache();`;
  const run = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
    cwd: path.dirname(new URL(import.meta.url).pathname),
    env: { ...process.env, XDG_CACHE_HOME: cache, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('TypeScript’s code cache', () => {
  it('keeps one per set of node flags, so processes started differently do not reject each other’s', () => {
    const checker = ['--max-semi-space-size=16'];
    const first = start(checker);
    const plain = start([]);
    expect(first.used).toBe(false);
    expect(plain.used).toBe(false);
    expect(plain.file).not.toBe(first.file);
    // Each finds its own again, whichever wrote last.
    expect(start(checker)).toEqual({ used: true, file: first.file });
    expect(start([])).toEqual({ used: true, file: plain.file });
  });
});
