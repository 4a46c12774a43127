import { describe, expect, it } from 'vitest';
import { Store } from './store.js';

describe('Store', () => {
  it('hands each new value to its subscribers until they stop listening', () => {
    const store = new Store<number[]>([]);
    const seen: number[][] = [];
    const stop = store.subscribe((v) => seen.push(v));
    store.set([1]);
    stop();
    store.set([1, 2]);
    expect(seen).toEqual([[1]]);
    expect(store.get()).toEqual([1, 2]);
  });
});
