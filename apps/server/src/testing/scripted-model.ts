import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one stand-in allowed in our tests: an OpenAI-compatible Chat Completions server on loopback
 * that answers from a script, speaking the real streaming wire format (SSE `data:` chunks with
 * `delta.content` and `delta.tool_calls` fragments, `finish_reason`, `data: [DONE]`).
 */
export interface ScriptStep {
  text?: string;
  toolCalls?: { name: string; arguments: unknown; id?: string }[];
  /** Pause between chunks, to make streams observable mid-flight. */
  chunkDelayMs?: number;
  /** Stream the text, then stay open without finishing (until the client goes away). */
  hang?: boolean;
  /** Answer with this HTTP error status instead of a stream. */
  status?: number;
}

export interface ModelRequest {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  stream: boolean;
  max_tokens?: number;
}

export type Responder = ScriptStep | ((request: ModelRequest) => ScriptStep);

export interface ScriptedModel {
  url: string;
  requests: ModelRequest[];
  /**
   * When the last byte of each response was written, by request index: `process.hrtime` in ms, one
   * monotonic clock across threads and processes (a worker's `performance.now()` is not).
   */
  lastByteAt: number[];
  /** Steps still to be served. */
  pending: () => number;
  /** The most requests that were being answered at one time. */
  mostAtOnce: () => number;
  close: () => Promise<void>;
}

function chunk(delta: object, finish: string | null = null): string {
  const body = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'scripted',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** Splits text into small pieces, as real models stream a few characters at a time. */
function pieces(text: string, size = 4): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * `host`: where it listens (loopback unless told); a BooCode in a container reaches it through the
 * engine's bridge, so the container tests listen on every interface.
 */
export async function startScriptedModel(
  script: Responder[],
  { host = '127.0.0.1' }: { host?: string } = {},
): Promise<ScriptedModel> {
  const queue = [...script];
  const requests: ModelRequest[] = [];
  const lastByteAt: number[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let atOnce = 0;
  let mostAtOnce = 0;
  const server = http.createServer(async (req, res) => {
    atOnce++;
    mostAtOnce = Math.max(mostAtOnce, atOnce);
    res.on('close', () => atOnce--);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const request = JSON.parse(Buffer.concat(chunks).toString()) as ModelRequest;
    requests.push(request);
    const index = requests.length - 1;
    const next = queue.shift();
    if (!next) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'script exhausted' } }));
      return;
    }
    const step = typeof next === 'function' ? next(request) : next;
    if (step.status) {
      res.writeHead(step.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `scripted failure ${step.status}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const send = async (data: string) => {
      if (closed) return;
      res.write(data);
      if (step.chunkDelayMs) await new Promise((r) => setTimeout(r, step.chunkDelayMs));
    };
    await send(chunk({ role: 'assistant', content: '' }));
    for (const piece of pieces(step.text ?? '')) await send(chunk({ content: piece }));
    for (const [index, call] of (step.toolCalls ?? []).entries()) {
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
      await send(
        chunk({
          tool_calls: [
            {
              index,
              id: call.id ?? `call_${requests.length}_${index}`,
              type: 'function',
              function: { name: call.name, arguments: '' },
            },
          ],
        }),
      );
      for (const piece of pieces(args, 7))
        await send(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
    if (step.hang) return;
    await send(chunk({}, step.toolCalls?.length ? 'tool_calls' : 'stop'));
    if (!closed) {
      // Node writes to the socket at once when it can, so the bytes are on their way on return.
      res.end('data: [DONE]\n\n');
      lastByteAt[index] = Number(process.hrtime.bigint()) / 1e6;
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/v1`,
    requests,
    lastByteAt,
    pending: () => queue.length,
    mostAtOnce: () => mostAtOnce,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
