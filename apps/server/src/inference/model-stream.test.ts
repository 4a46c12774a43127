import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelConfig } from '../config/env.js';
import { startScriptedModel } from '../testing/scripted-model.js';
import { ModelError, streamChat } from './model-stream.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function model(
  script: Parameters<typeof startScriptedModel>[0],
  timeoutMs = 5_000,
): Promise<ModelConfig> {
  const server = await startScriptedModel(script);
  closers.push(server.close);
  return { baseUrl: server.url, model: 'm', contextWindow: 8000, maxSteps: 5, timeoutMs };
}

/** A model endpoint written by hand, for wire-level cases the scripted model does not produce. */
async function handWritten(handler: RequestListener): Promise<{ config: ModelConfig; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    config: {
      baseUrl: `http://127.0.0.1:${port}`,
      model: 'm',
      contextWindow: 8000,
      maxSteps: 5,
      timeoutMs: 5_000,
    },
  };
}

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };

describe('streamChat', () => {
  it('streams text deltas and stitches tool-call fragments by index', async () => {
    const config = await model([
      {
        text: 'Looking.',
        toolCalls: [
          { name: 'grep', arguments: { pattern: 'a.b' }, id: 'c1' },
          { name: 'view_file', arguments: { path: 'x' } },
        ],
      },
    ]);
    const deltas: string[] = [];
    const reply = await streamChat(config, request, (d) => deltas.push(d), new AbortController().signal);
    expect(deltas.join('')).toBe('Looking.');
    expect(deltas.length).toBeGreaterThan(1);
    expect(reply.finishReason).toBe('tool_calls');
    expect(reply.toolCalls).toEqual([
      { id: 'c1', type: 'function', function: { name: 'grep', arguments: '{"pattern":"a.b"}' } },
      {
        id: expect.any(String),
        type: 'function',
        function: { name: 'view_file', arguments: '{"path":"x"}' },
      },
    ]);
  });

  it('reads the stream however a server frames it: CRLF, comments, single newlines, split writes, no blank line at the end', async () => {
    const chunk = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });
    const writes = [
      ': keep-alive\r\n\r\n',
      `data: ${chunk('a')}\r\n\r\n`,
      // Two chunks ended by single newlines, then one cut in the middle of its JSON.
      `data: ${chunk('b')}\ndata: ${chunk('c')}\n\ndata: {"choices":[{"del`,
      `ta":{"content":"d"}}]}\n\n`,
      `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}`,
    ];
    const { config } = await handWritten(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const write of writes) {
        res.write(write);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      res.end();
    });
    const deltas: string[] = [];
    const reply = await streamChat(config, request, (d) => deltas.push(d), new AbortController().signal);
    expect(deltas).toEqual(['a', 'b', 'c', 'd']);
    expect(reply).toMatchObject({ text: 'abcd', finishReason: 'stop' });
  });

  it('explains HTTP errors, silence and unreachable endpoints', async () => {
    const failing = await model([{ status: 401 }]);
    await expect(streamChat(failing, request, () => {}, new AbortController().signal)).rejects.toThrow(
      /answered HTTP 401.*check LLM_BASE_URL/,
    );
    const silent = await model([{ text: 'x', hang: true }], 300);
    await expect(streamChat(silent, request, () => {}, new AbortController().signal)).rejects.toThrow(
      /sent nothing for 300 ms/,
    );
    const nowhere: ModelConfig = {
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      contextWindow: 1,
      maxSteps: 1,
      timeoutMs: 2000,
    };
    await expect(streamChat(nowhere, request, () => {}, new AbortController().signal)).rejects.toThrow(
      ModelError,
    );
  });

  it('reuses one connection for consecutive requests, also when the server writes after [DONE]', async () => {
    const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    let connections = 0;
    const { config, server } = await handWritten(async (req, res) => {
      for await (const _ of req);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`${chunk('a')}data: [DONE]\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.end(': trailing comment\n\n');
    });
    server.on('connection', () => connections++);
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const reply = await streamChat(config, request, () => {}, new AbortController().signal);
      expect(reply.text).toBe('a');
      // The answer is complete at [DONE]: it does not wait for the rest of the response.
      expect(performance.now() - started).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(connections).toBe(1);
  });

  it("quotes an error body's text whole, also a character split between two writes", async () => {
    const { config } = await handWritten(async (req, res) => {
      for await (const _ of req);
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      const bytes = Buffer.from('modèle surchargé');
      res.write(bytes.subarray(0, 4));
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.end(bytes.subarray(4));
    });
    await expect(streamChat(config, request, () => {}, new AbortController().signal)).rejects.toThrow(
      'answered HTTP 503: modèle surchargé;',
    );
  });

  it('explains a stream that ends before the answer does', async () => {
    const { config } = await handWritten(async (req, res) => {
      for await (const _ of req);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'half' } }] })}\n\n`);
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await expect(streamChat(config, request, () => {}, new AbortController().signal)).rejects.toThrow(
      /closed the stream before the answer ended/,
    );
  });

  it('stops when aborted', async () => {
    const config = await model([{ text: 'forever', hang: true }]);
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    setTimeout(() => controller.abort(reason), 100);
    await expect(streamChat(config, request, () => {}, controller.signal)).rejects.toBe(reason);
  });
});
