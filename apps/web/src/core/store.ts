/**
 * A value several features read, one feature sets, and some redraw on: the page's only shared
 * state. Everything else a feature keeps to itself.
 */
export class Store<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  set(value: T): void {
    this.value = value;
    for (const listener of this.listeners) listener(value);
  }

  /** Calls `listener` on every change from now on; returns what stops it. */
  subscribe(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
