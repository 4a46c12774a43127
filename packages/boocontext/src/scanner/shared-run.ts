import type { ProgressReporter, ProgressUpdate } from '@boocode/mcp-server-kit';

/**
 * One piece of work many callers wait on (a repository's scan, asked for by several clients of one
 * server at once): each caller hears its progress and may give up alone; the work itself stops
 * only when every caller has given up.
 */
export class SharedRun<T> {
  private readonly controller = new AbortController();
  private readonly listeners = new Set<ProgressReporter>();
  private waiting = 0;
  readonly result: Promise<T>;

  constructor(work: (signal: AbortSignal, progress: ProgressReporter) => Promise<T>) {
    const fanOut: ProgressReporter = {
      step: (phase, done, total, unit) => {
        for (const listener of this.listeners) listener.step(phase, done, total, unit);
      },
      relay: (update: ProgressUpdate) => {
        for (const listener of this.listeners) listener.relay(update);
      },
    };
    this.result = work(this.controller.signal, fanOut);
    // A run every caller left still settles; nobody is there to hear a failure.
    this.result.catch(() => {});
  }

  wait(signal: AbortSignal | undefined, progress: ProgressReporter): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.waiting++;
    this.listeners.add(progress);
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        signal?.removeEventListener('abort', onAbort);
        this.listeners.delete(progress);
        this.waiting--;
      };
      const onAbort = () => {
        leave();
        if (this.waiting === 0) this.controller.abort(signal?.reason);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.result.then(
        (value) => {
          leave();
          resolve(value);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }
}
