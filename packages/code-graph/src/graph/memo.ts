/** The value `memo` holds for `key`, computed once on the first ask. */
export function remembered<K, V>(memo: Map<K, V>, key: K, compute: () => V): V {
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    memo.set(key, value);
  }
  return value;
}
