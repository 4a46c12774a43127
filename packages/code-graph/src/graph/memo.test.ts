import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './memo.js';

describe('BoundedMemo', () => {
  it('computes once per key and drops the least recently asked past its size', () => {
    const memo = new BoundedMemo<number>(2);
    let computed = 0;
    const ask = (key: string) => memo.get(key, () => ++computed);
    expect([ask('a'), ask('b'), ask('a')]).toEqual([1, 2, 1]);
    ask('c'); // b is now the least recently asked
    expect(ask('a')).toBe(1);
    expect(ask('b')).toBe(4);
  });
});
