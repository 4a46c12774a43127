import { describe, expect, it } from 'vitest';
import { type ProgressUpdate, progressReporter, requestProgress } from './progress.js';

describe('progressReporter', () => {
  it('keeps progress rising across phases and names the phase, count and unit', () => {
    const sent: ProgressUpdate[] = [];
    const reporter = progressReporter((u) => sent.push(u), 0);
    reporter.step('listing', 0);
    reporter.step('listing', 1200);
    reporter.step('indexing', 0, 1000);
    reporter.step('indexing', 1000, 1000);
    reporter.step('resolving', 500, 4000, 'calls');
    reporter.step('resolving', 1_234_567, 12_345_678, 'calls');
    reporter.relay({ progress: 3, total: 10, message: 'loading program: 3 / 10 files' });
    expect(sent).toEqual([
      { progress: 0, message: 'listing: 0 files' },
      { progress: 1200, message: 'listing: 1,200 files' },
      { progress: 1200, total: 2200, message: 'indexing: 0 / 1,000 files' },
      { progress: 2200, total: 2200, message: 'indexing: 1,000 / 1,000 files' },
      { progress: 2700, total: 6200, message: 'resolving: 500 / 4,000 calls' },
      { progress: 1_236_767, total: 12_347_878, message: 'resolving: 1,234,567 / 12,345,678 calls' },
      { progress: 1_236_770, total: 1_236_777, message: 'loading program: 3 / 10 files' },
    ]);
  });

  it("drops updates inside the interval but never a phase's first or last", () => {
    const sent: ProgressUpdate[] = [];
    const reporter = progressReporter((u) => sent.push(u), 60_000);
    for (let i = 0; i <= 500; i++) reporter.step('parsing', i, 500);
    expect(sent.map((u) => u.progress)).toEqual([0, 500]);
  });

  it('sends nothing when the request carries no progress token', () => {
    let notified = 0;
    const notify = async () => {
      notified++;
    };
    requestProgress({ mcpReq: { notify } }).step('x', 1, 1);
    expect(notified).toBe(0);
    requestProgress({ mcpReq: { _meta: { progressToken: 7 }, notify } }).step('x', 1, 1);
    expect(notified).toBe(1);
  });
});
