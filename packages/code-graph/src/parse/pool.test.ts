import { describe, expect, it } from 'vitest';
import { ParsePool } from './pool.js';

describe('ParsePool', () => {
  it('answers every job with the error when its worker dies, never leaving one waiting', async () => {
    // Run from the sources, the worker module (worker.js) does not exist: the worker fails to start.
    const pool = new ParsePool(1);
    const jobs = Array.from({ length: 40 }, () => pool.parse('export const a = 1;', 'typescript'));
    const outcomes = await Promise.all(jobs);
    for (const outcome of outcomes)
      expect(outcome).toMatchObject({ error: expect.stringMatching(/parse worker failed/) });
    expect(await pool.parse('x', 'typescript')).toMatchObject({
      error: expect.stringMatching(/parse worker failed/),
    });
    await pool.close();
  });
});
