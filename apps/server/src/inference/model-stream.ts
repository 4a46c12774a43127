import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import type { ModelConfig } from '../config/env.js';
import type { ChatMessage, ChatTool, ChatToolCall } from './messages.js';

export interface ModelReply {
  text: string;
  toolCalls: ChatToolCall[];
  finishReason: string | null;
}

export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

/** One `data:` chunk of an OpenAI-compatible stream; loose, since servers differ in what else they send. */
const Chunk = z
  .object({
    choices: z
      .array(
        z
          .object({
            delta: z
              .object({
                content: z.string().nullish(),
                tool_calls: z
                  .array(
                    z.object({
                      index: z.number().optional(),
                      id: z.string().nullish(),
                      function: z
                        .object({ name: z.string().nullish(), arguments: z.string().nullish() })
                        .partial()
                        .nullish(),
                    }),
                  )
                  .nullish(),
              })
              .partial()
              .nullish(),
            finish_reason: z.string().nullish(),
          })
          .passthrough(),
      )
      .optional(),
    error: z.object({ message: z.string() }).passthrough().optional(),
  })
  .passthrough();

/**
 * POSTs a JSON body; resolves with the response once its headers are in. node:http rather than
 * fetch: fetch's web-stream body costs ~1 ms of the loop per model request on this path (measured
 * by bench/server-loop-overhead.mjs), and its errors hide the socket's code in `cause`.
 */
function post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal) {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    transport
      .request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, signal },
        resolve,
      )
      .on('error', reject)
      .end(body);
  });
}

async function textOf(response: IncomingMessage, limit: number): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const chunk of response) {
    text += chunk;
    if (text.length >= limit) break;
  }
  return text.slice(0, limit);
}

/**
 * Streams one Chat Completions request. Text deltas go to `onText` as they arrive; tool-call
 * fragments are stitched together by index. The request times out when the server is silent for
 * `timeoutMs`, and stops when `signal` aborts.
 */
export async function streamChat(
  config: ModelConfig,
  request: {
    model: string;
    messages: ChatMessage[];
    tools: ChatTool[];
    maxTokens?: number;
    temperature?: number;
  },
  onText: (delta: string) => void,
  signal: AbortSignal,
): Promise<ModelReply> {
  const idle = new AbortController();
  const idleTimer = setTimeout(() => idle.abort(), config.timeoutMs);
  const combined = AbortSignal.any([signal, idle.signal]);
  const url = `${config.baseUrl}/chat/completions`;
  try {
    let response: IncomingMessage;
    try {
      response = await post(
        new URL(url),
        {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        JSON.stringify({
          model: request.model,
          messages: request.messages,
          stream: true,
          ...(request.tools.length > 0 ? { tools: request.tools, tool_choice: 'auto' } : {}),
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        }),
        combined,
      );
    } catch (error) {
      throw explain(error, signal, idle.signal, config, url);
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      const body = await textOf(response, 500).catch(() => '');
      response.destroy();
      throw new ModelError(
        `the model endpoint ${url} answered HTTP ${status}${body ? `: ${body}` : ''}; check LLM_BASE_URL, LLM_MODEL and LLM_API_KEY`,
      );
    }
    const reply: ModelReply = { text: '', toolCalls: [], finishReason: null };
    const calls = new Map<number, ChatToolCall>();
    try {
      await readEvents(response, (data) => handleChunk(data, reply, calls, onText), idleTimer);
    } catch (error) {
      throw explain(error, signal, idle.signal, config, url);
    }
    reply.toolCalls = [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
    return reply;
  } finally {
    clearTimeout(idleTimer);
  }
}

/** How long a stream may go on after `[DONE]` before its connection is closed rather than reused. */
const DRAIN_AFTER_DONE_MS = 5_000;

/**
 * Feeds the stream's `data:` payloads to `onData` until it returns true (`[DONE]`) or the stream
 * ends. Resolves at `[DONE]` at once; the rest of the response drains in the background so its
 * keep-alive connection serves the next step (a TLS handshake saved per step on a remote endpoint).
 */
function readEvents(
  response: IncomingMessage,
  onData: (data: string) => boolean,
  idleTimer: NodeJS.Timeout,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (error?: unknown) => {
      if (done) return;
      done = true;
      if (error) {
        response.destroy();
        reject(error);
        return;
      }
      if (!response.complete) setTimeout(() => response.destroy(), DRAIN_AFTER_DONE_MS).unref();
      resolve();
    };
    const parser = createParser({
      onEvent: (event) => {
        // Servers that end each `data:` line with a single newline run their chunks together into
        // one event: each line of it is then a chunk of its own.
        if (!done && event.data.split('\n').some((line) => onData(line.trim()))) finish();
      },
    });
    const feed = (text: string) => {
      try {
        parser.feed(text);
      } catch (error) {
        finish(error);
      }
    };
    response.setEncoding('utf8');
    response.on('data', (text: string) => {
      if (done) return;
      idleTimer.refresh();
      feed(text);
    });
    response.on('end', () => {
      // A last event the server did not end with a blank line still counts: end it here.
      feed('\n\n');
      finish();
    });
    const cutShort = (cause?: NodeJS.ErrnoException) =>
      finish(
        new ModelError(
          `the model endpoint closed the stream before the answer ended${cause ? ` (${cause.code ?? cause.message})` : ''}; try again`,
        ),
      );
    response.on('error', cutShort);
    response.on('close', () => {
      if (!done) cutShort();
    });
  });
}

/** One chunk of the stream; true at `[DONE]`. */
function handleChunk(
  data: string,
  reply: ModelReply,
  calls: Map<number, ChatToolCall>,
  onText: (d: string) => void,
): boolean {
  if (data === '[DONE]') return true;
  if (data === '') return false;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ModelError(`the model endpoint sent a chunk that is not JSON: ${data.slice(0, 200)}`);
  }
  const chunk = Chunk.safeParse(json);
  if (!chunk.success) return false;
  if (chunk.data.error)
    throw new ModelError(`the model endpoint reported an error: ${chunk.data.error.message}`);
  for (const choice of chunk.data.choices ?? []) {
    const content = choice.delta?.content;
    if (content) {
      reply.text += content;
      onText(content);
    }
    for (const fragment of choice.delta?.tool_calls ?? []) {
      const index = fragment.index ?? calls.size;
      const call = calls.get(index) ?? {
        id: '',
        type: 'function' as const,
        function: { name: '', arguments: '' },
      };
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.function.name += fragment.function.name;
      if (fragment.function?.arguments) call.function.arguments += fragment.function.arguments;
      calls.set(index, call);
    }
    if (choice.finish_reason) reply.finishReason = choice.finish_reason;
  }
  return false;
}

function explain(
  error: unknown,
  signal: AbortSignal,
  idle: AbortSignal,
  config: ModelConfig,
  url: string,
): Error {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new ModelError('cancelled');
  if (idle.aborted)
    return new ModelError(
      `the model endpoint ${url} sent nothing for ${config.timeoutMs} ms (LLM_TIMEOUT_MS)`,
    );
  if (error instanceof ModelError) return error;
  const { code, message } = error as NodeJS.ErrnoException;
  return new ModelError(
    `cannot reach the model endpoint ${url}: ${code ?? message}; is LLM_BASE_URL right and the server running?`,
  );
}
