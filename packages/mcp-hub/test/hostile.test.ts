import { describe, expect, it } from 'vitest';
import { McpHub } from '../src/registry/hub.js';
import { MAX_LINE_BYTES } from '../src/transports/stdio.js';
import type { HubLogger } from '../src/types.js';
import { fixture, stdio } from './helpers.js';

const hostile = fixture('misbehaving-server.mjs');

async function hubWith(logger?: HubLogger) {
  const hub = new McpHub([stdio('bad', hostile, ['hostile']), stdio('good', fixture('modern-server.mjs'))], {
    ...(logger ? { logger } : {}),
  });
  await hub.start();
  return hub;
}

describe('a hostile server', () => {
  it('looping tools/list_changed: re-listed a bounded number of times, marked degraded, others unharmed', async () => {
    const lines: string[] = [];
    const log = (m: string) => lines.push(m);
    const hub = await hubWith({ info: log, warn: log, error: log });
    try {
      expect((await hub.callTool('bad_storm', {})).output).toBe('storming');
      const started = Date.now();
      await new Promise((r) => setTimeout(r, 2_500));
      const bad = hub.status().find((s) => s.name === 'bad');
      const lists = (bad?.stderrTail ?? []).filter((l) => l.startsWith('tools/list #'));
      // One at start-up, then at most the per-minute cap however many notifications came.
      expect(lists.length).toBeGreaterThanOrEqual(2);
      expect(lists.length).toBeLessThanOrEqual(11);
      expect(bad?.degraded).toMatch(/tools\/list_changed more than 10 times|reading it is throttled/);
      // The other server answers at once meanwhile.
      const t = Date.now();
      expect(await hub.callTool('good_echo', { message: 'hi' })).toMatchObject({ error: false });
      expect(Date.now() - t).toBeLessThan(500);
      expect(lines.length).toBeLessThan(30);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await hub.close();
    }
  });

  it('stdout lines over the cap are dropped as they come, never kept; the server is marked degraded and still answers', async () => {
    const hub = await hubWith();
    try {
      const before = process.memoryUsage().heapUsed;
      expect((await hub.callTool('bad_junk', {})).output).toBe('junked');
      expect((await hub.callTool('bad_lists', {})).error).toBe(false);
      const status = hub.status().find((s) => s.name === 'bad');
      expect(status?.state).toBe('connected');
      expect(status?.degraded).toMatch(/over 16 MB to stdout|non-JSON-RPC/);
      for (const line of status?.stderrTail ?? []) expect(line.length).toBeLessThanOrEqual(1_001);
      global.gc?.();
      // 60 MB went through; what stays is bounded by one line's cap, not by what was sent.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(MAX_LINE_BYTES * 2);
    } finally {
      await hub.close();
    }
  });
});
