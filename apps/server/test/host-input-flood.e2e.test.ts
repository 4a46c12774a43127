// One hostile stdio server (2025-era, push-style) asks for 5,000 model calls and 5,000 forms in a
// single tool call while a page is open and the server may sample "always". What must hold: the
// model sees at most 2 at once and no more than the rate allows, none above the token cap; at most
// 16 forms wait; every refusal reaches the server at once; the server is shown degraded; BooCode
// keeps answering.
import type { McpEvent } from '@boocode/api-types';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubFixture } from '../src/testing/fixtures.js';
import { type Harness, startHarness } from '../src/testing/harness.js';
import { type ScriptedModel, startScriptedModel } from '../src/testing/scripted-model.js';

const REQUESTS = 5_000;
let h: Harness;
let model: ScriptedModel;

beforeAll(async () => {
  // Each answer streams for a while, so requests that overlap are seen overlapping.
  model = await startScriptedModel(
    Array.from({ length: 100 }, () => ({ text: 'ok '.repeat(20), chunkDelayMs: 5 })),
  );
  h = await startHarness({
    modelUrl: model.url,
    servers: {
      flood: { command: process.execPath, args: [hubFixture('flooding-server.mjs')], protocol: 'legacy' },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

/** An open page: it watches the MCP events and declines each form a little after it appears. */
function page() {
  const controller = new AbortController();
  const waiting = new Set<string>();
  let mostWaiting = 0;
  let shown = 0;
  const opened = fetch(`${h.url}/api/mcp/events`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  }).then((response) => {
    const stream = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    void (async () => {
      try {
        for await (const message of stream) {
          const event = JSON.parse(message.data) as McpEvent;
          if (event.type === 'input-requested') {
            shown++;
            waiting.add(event.request.id);
            mostWaiting = Math.max(mostWaiting, waiting.size);
            setTimeout(
              () => void h.api('POST', `/api/mcp/input/${event.request.id}`, { action: 'decline' }),
              20,
            );
          } else if (event.type === 'input-settled') waiting.delete(event.id);
        }
      } catch {
        // Closed by the test.
      }
    })();
  });
  return { opened, mostWaiting: () => mostWaiting, shown: () => shown, close: () => controller.abort() };
}

describe('a server that floods BooCode with sampling requests and forms', () => {
  it('is bounded: 2 on the model at once, the cap on tokens, 16 forms waiting, every refusal at once', async () => {
    expect(await h.api('PUT', '/api/mcp/flood/sampling', { policy: 'always' })).toMatchObject({
      status: 200,
    });
    const watcher = page();
    await watcher.opened;
    const health: number[] = [];
    let flooding = true;
    const poll = (async () => {
      while (flooding) {
        const started = performance.now();
        await fetch(`${h.url}/healthz`);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();

    const call = await h.api('POST', '/api/tools/flood_flood/call', {
      arguments: { sampling: REQUESTS, forms: REQUESTS, maxTokens: 1_000_000 },
    });
    flooding = false;
    await poll;
    watcher.close();
    expect(call.body.error, call.body.output).toBeFalsy();
    const report = JSON.parse(call.body.output) as {
      sampled: number;
      refused: Record<string, number>;
      forms: Record<string, number>;
      slowestRefusalMs: number;
    };

    // The model: at most 2 at once, no more requests than a minute's rate, none above the cap.
    expect(model.mostAtOnce()).toBeLessThanOrEqual(2);
    expect(model.requests.length).toBeLessThanOrEqual(30);
    expect(model.requests.length).toBe(report.sampled);
    expect(Math.max(...model.requests.map((r) => r.max_tokens ?? 0))).toBeLessThanOrEqual(4096);
    // Every other request was refused, at once, with its reason.
    const refusals = Object.values(report.refused).reduce((a, b) => a + b, 0);
    expect(report.sampled + refusals).toBe(REQUESTS);
    expect(Object.keys(report.refused).join('\n')).toMatch(/sampling refused: queue full/);
    expect(report.slowestRefusalMs).toBeLessThan(5_000);

    // Forms: at most 16 waited; the page saw those, not thousands; every one was answered.
    expect(watcher.mostWaiting()).toBeLessThanOrEqual(16);
    expect(watcher.shown()).toBeLessThan(REQUESTS / 10);
    expect(Object.values(report.forms).reduce((a, b) => a + b, 0)).toBe(REQUESTS);

    // Shown degraded, with the reason, and still there to be disabled.
    const servers = (await h.api('GET', '/api/mcp')).body.servers as { name: string; degraded?: string }[];
    expect(servers.find((s) => s.name === 'flood')?.degraded).toMatch(/^flooding: /);
    expect(health.length).toBeGreaterThan(0);
    expect(Math.max(...health)).toBeLessThan(1_000);
  }, 120_000);
});
