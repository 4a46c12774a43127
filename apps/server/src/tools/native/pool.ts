import { Worker } from 'node:worker_threads';
import type { ToolResult } from '@boocode/mcp-hub';
import { workerFile } from '../../worker-file.js';
import type { WorkerCall } from './worker-protocol.js';

interface Slot {
  worker: Worker;
  settle?: (result: ToolResult) => void;
}

export interface PoolOptions {
  root: string;
  /** A call still running after this long is stopped (its worker terminated). */
  timeLimitMs: number;
  /** Heap cap of one worker: a call that needs more fails alone. */
  maxHeapMb?: number;
  /** Workers kept warm between calls. */
  keepIdle?: number;
}

/**
 * Runs the native tools on worker threads, one call per worker at a time, so no pattern or tree
 * size can stall the event loop: a call over its time budget, or cancelled, has its worker
 * terminated (which stops even a regular expression mid-backtrack) and answers an error at once.
 */
export class NativeToolPool {
  private readonly idle: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  async run(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> {
    if (this.closed) return { error: true, output: `${name} is unavailable: BooCode is shutting down` };
    if (signal.aborted) return { error: true, output: `${name} was cancelled` };
    const slot = this.idle.pop() ?? this.spawn();
    this.busy.add(slot);
    const call: WorkerCall = { name, args };
    const seconds = Math.round(this.options.timeLimitMs / 100) / 10;
    return new Promise<ToolResult>((resolve) => {
      const finish = (result: ToolResult, keep: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        slot.settle = undefined;
        this.busy.delete(slot);
        if (keep && !this.closed && this.idle.length < (this.options.keepIdle ?? 2)) this.idle.push(slot);
        else void slot.worker.terminate();
        resolve(result);
      };
      const onAbort = () => finish({ error: true, output: `${name} was cancelled` }, false);
      const timer = setTimeout(
        () =>
          finish(
            {
              error: true,
              output: `${name} did not finish within ${seconds} s and was stopped; narrow the pattern, path or glob`,
            },
            false,
          ),
        this.options.timeLimitMs,
      );
      signal.addEventListener('abort', onAbort, { once: true });
      slot.settle = (result) => finish(result, true);
      slot.worker.postMessage(call);
    });
  }

  private spawn(): Slot {
    const worker = new Worker(workerFile('./worker.js', import.meta.url), {
      workerData: { root: this.options.root },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512 },
    });
    const slot: Slot = { worker };
    // One call per worker at a time: whatever it answers answers the call it holds.
    worker.on('message', (result: ToolResult) => slot.settle?.(result));
    worker.on('error', (error) =>
      slot.settle?.({ error: true, output: `native tool failed: ${error.message}` }),
    );
    worker.on('exit', () => {
      const index = this.idle.indexOf(slot);
      if (index >= 0) this.idle.splice(index, 1);
      slot.settle?.({ error: true, output: 'native tool worker stopped unexpectedly' });
    });
    worker.unref();
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle, ...this.busy];
    this.idle.length = 0;
    await Promise.all(all.map((slot) => slot.worker.terminate()));
  }
}
