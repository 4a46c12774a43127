/** The value `memo` holds for `key`, computed once on the first ask. */
export function remembered<K, V>(memo: Map<K, V>, key: K, compute: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    memo.set(key, value);
  }
  return value;
}

/** Values by key, the least recently asked dropped past `size`: a memo with a bound on what it holds. */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly size: number) {}

  get(key: string, compute: () => V): V {
    const known = this.values.get(key);
    if (known !== undefined) {
      this.values.delete(key);
      this.values.set(key, known);
      return known;
    }
    const value = compute();
    this.values.set(key, value);
    if (this.values.size > this.size) this.values.delete(this.values.keys().next().value as string);
    return value;
  }
}
