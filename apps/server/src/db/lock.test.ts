import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './lock.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.resolve(here, '../../dist/db/lock.js');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A separate process that tries to lock `dir`, says whether it won, and holds the lock `holdMs`. */
function contender(holdMs: number) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(built)});
       try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); setTimeout(() => {}, ${holdMs}); }
       catch (e) { console.log('lost: ' + e.message); }`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const said = new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve(out.trim());
    });
  });
  return { child, said };
}

describe('the data directory lock', () => {
  it('lets one BooCode in, names it to a second, and is free again once released', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-lock-'));
    const unlock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`another BooCode \\(pid ${process.pid}\\) is using DATA_DIR`),
    );
    unlock();
    lockDataDir(dir)();
  });

  it('gives exactly one of two servers started at once the lock, a stale pid file or not', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-lock-'));
    for (let round = 0; round < 5; round++) {
      // What a killed server of the old kind left: a pid that is gone.
      writeFileSync(path.join(dir, 'boocode.lock'), '999999999');
      // Each holds what it won longer than a loser keeps asking (2 s), then is stopped.
      const racers = [contender(10_000), contender(10_000)];
      const said = await Promise.all(racers.map((r) => r.said));
      expect(
        said.filter((s) => s === 'won'),
        said.join(' | '),
      ).toHaveLength(1);
      expect(said.find((s) => s !== 'won')).toMatch(/^lost: another BooCode .* is using DATA_DIR/);
      for (const r of racers) r.child.kill('SIGKILL');
      await Promise.all(racers.map((r) => new Promise((resolve) => r.child.once('exit', resolve))));
    }
  });

  it('is free at once when its owner was killed with SIGKILL', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-lock-'));
    const owner = contender(60_000);
    expect(await owner.said).toBe('won');
    owner.child.kill('SIGKILL');
    await new Promise((resolve) => owner.child.once('exit', resolve));
    lockDataDir(dir)();
  });
});
