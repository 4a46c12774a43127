import type { ProgressReporter } from '@boocode/mcp-server-kit';
import { describe, expect, it } from 'vitest';
import { SharedRun } from './shared-run.js';

function recorder(): ProgressReporter & { steps: string[] } {
  const steps: string[] = [];
  return { steps, step: (phase, done) => steps.push(`${phase} ${done}`), relay: () => {} };
}

/** Work that reports one step, then waits to be finished or stopped from the test. */
function controllable() {
  let finish: (value: string) => void = () => {};
  let seen: AbortSignal | undefined;
  const run = new SharedRun<string>((signal, progress) => {
    seen = signal;
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        progress.step('reading', 1);
        resolve(value);
      };
      signal.addEventListener('abort', () => reject(new Error('stopped')));
    });
  });
  return { run, finish: (v: string) => finish(v), signal: () => seen };
}

describe('SharedRun', () => {
  it('gives every caller the one result and its progress', async () => {
    const { run, finish } = controllable();
    const [a, b] = [recorder(), recorder()];
    const waits = [run.wait(undefined, a), run.wait(undefined, b)];
    finish('facts');
    expect(await Promise.all(waits)).toEqual(['facts', 'facts']);
    expect([a.steps, b.steps]).toEqual([['reading 1'], ['reading 1']]);
  });

  it('lets one caller give up while the work goes on for the others', async () => {
    const { run, finish, signal } = controllable();
    const leaving = new AbortController();
    const left = run.wait(leaving.signal, recorder());
    const staying = run.wait(undefined, recorder());
    leaving.abort(new Error('client went away'));
    await expect(left).rejects.toThrow('client went away');
    expect(signal()?.aborted).toBe(false);
    finish('facts');
    expect(await staying).toBe('facts');
  });

  it('stops the work when the last caller gives up', async () => {
    const { run, signal } = controllable();
    const [one, two] = [new AbortController(), new AbortController()];
    const waits = [run.wait(one.signal, recorder()), run.wait(two.signal, recorder())];
    one.abort(new Error('gone'));
    expect(signal()?.aborted).toBe(false);
    two.abort(new Error('gone too'));
    await Promise.allSettled(waits);
    expect(signal()?.aborted).toBe(true);
    await expect(run.result).rejects.toThrow('stopped');
  });

  it('refuses a caller that has already given up, without touching the work', async () => {
    const { run, signal } = controllable();
    const gone = AbortSignal.abort(new Error('already gone'));
    await expect(run.wait(gone, recorder())).rejects.toThrow('already gone');
    expect(signal()?.aborted).toBe(false);
  });
});
