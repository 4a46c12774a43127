/** Keeps the last `capacity` lines of a stream, so a chatty child can never grow memory without bound. */
export class LineRing {
  private readonly lines: string[] = [];
  private partial = '';

  /** Hears each line as it is kept (a host shows a server's stderr live). */
  onLine?: (line: string) => void;

  constructor(
    private readonly capacity = 50,
    private readonly maxLineLength = 1_000,
  ) {}

  /** Appends raw text; complete lines are kept, a trailing partial line waits for its newline. */
  write(chunk: string): void {
    const text = this.partial + chunk;
    const parts = text.split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxLineLength) {
      this.push(this.partial);
      this.partial = '';
    } else {
      this.partial = copyOf(this.partial);
    }
    for (const line of parts) if (line.length > 0) this.push(line);
  }

  push(line: string): void {
    // A copy, not a slice: V8 keeps a slice's whole parent string alive, and that parent may be a
    // line of many megabytes.
    const kept =
      line.length > this.maxLineLength ? `${copyOf(line.slice(0, this.maxLineLength))}…` : copyOf(line);
    this.lines.push(kept);
    this.onLine?.(kept);
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity);
  }

  tail(count = this.capacity): string[] {
    const all = this.partial ? [...this.lines, this.partial] : [...this.lines];
    return all.slice(-count);
  }
}

function copyOf(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
