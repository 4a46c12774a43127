/**
 * V8 keeps a substring of 13 characters or more as a view into the string it was cut from, so one
 * import specifier or component name kept in a file's facts would keep that file's whole text
 * alive: a scan would hold every file it read, and a long-running server every file it ever
 * scanned. Facts are rebuilt here with strings of their own, one copy per distinct value in a
 * scan (the specifiers `react` or `@/components/ui` repeat in most files).
 */
export class StringOwner {
  private readonly copies = new Map<string, string>();

  /** A copy of `value` that holds no other string alive: same content, its own storage. */
  string(value: string): string {
    if (value.length < 13) return value;
    let own = this.copies.get(value);
    if (own === undefined) {
      // Concatenation, then slicing, flattens into a new string of length + 1 and views that.
      own = ` ${value}`.slice(1);
      this.copies.set(own, own);
    }
    return own;
  }

  /** `facts` with every string in it (values, not keys: V8 interns those) replaced by its own copy. */
  owned<T>(facts: T): T {
    return this.walk(facts) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.string(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.walk(value[i]);
      return value;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = this.walk(record[key]);
    }
    return value;
  }
}
