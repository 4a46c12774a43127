import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../workspace.js';
import { NativeToolPool } from './pool.js';

let root: string;
let pool: NativeToolPool;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pool-test-'));
  // The attack from the review: a line of `a`s that `(a+)+$` backtracks over for minutes.
  await writeFile(path.join(root, 'aaa.txt'), `${'a'.repeat(40)}b\nplain line\n`);
  pool = new NativeToolPool({ root: (await Workspace.open(root)).root, timeLimitMs: 1_500 });
});
afterAll(async () => {
  await pool.close();
  await rm(root, { recursive: true, force: true });
});

/** The longest the event loop went without a turn while `work` ran. */
async function worstLoopLag<T>(work: Promise<T>): Promise<{ value: T; lagMs: number }> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  try {
    return { value: await work, lagMs: worst };
  } finally {
    clearInterval(timer);
  }
}

const signal = () => new AbortController().signal;

describe('NativeToolPool', () => {
  it('answers a catastrophic pattern without stalling the event loop', async () => {
    const { value, lagMs } = await worstLoopLag(pool.run('grep', { pattern: '(a+)+$' }, signal()));
    expect(value).toEqual({ error: false, output: expect.stringMatching(/^no matches/) });
    expect(lagMs).toBeLessThan(50);
  });

  it('stops a call over its time budget (a backreference the linear engine cannot take) and keeps serving', async () => {
    const started = performance.now();
    const { value, lagMs } = await worstLoopLag(pool.run('grep', { pattern: '^(a+)+\\1$' }, signal()));
    expect(value).toEqual({
      error: true,
      output: expect.stringMatching(/did not finish within 1.5 s and was stopped/),
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(lagMs).toBeLessThan(50);
    expect(await pool.run('grep', { pattern: 'plain' }, signal())).toEqual({
      error: false,
      output: 'aaa.txt:2: plain line',
    });
  });

  it('honours cancellation mid-call', async () => {
    const cancel = new AbortController();
    const call = pool.run('grep', { pattern: '^(a+)+\\1$' }, cancel.signal);
    setTimeout(() => cancel.abort(), 100);
    const started = performance.now();
    expect(await call).toEqual({ error: true, output: 'grep was cancelled' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
