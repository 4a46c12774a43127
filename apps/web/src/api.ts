import type { TurnEvent } from '../../server/src/inference/events.js';

/** The server's API, with the bearer token (asked for once on a 401, kept in localStorage). */

const TOKEN_KEY = 'boocode.token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let askToken: (() => Promise<string>) | undefined;

export function onTokenNeeded(ask: () => Promise<string>): void {
  askToken = ask;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  const token = localStorage.getItem(TOKEN_KEY);
  // The server refuses a state-changing request that a cross-site page could have sent; this
  // header (which such a page cannot send) marks ours, bodyless POSTs included.
  return { 'x-boocode-client': 'web', ...extra, ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function withToken(run: () => Promise<Response>): Promise<Response> {
  let response = await run();
  if (response.status === 401 && askToken) {
    localStorage.setItem(TOKEN_KEY, await askToken());
    response = await run();
  }
  return response;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await withToken(() =>
    fetch(path, {
      method,
      headers: headers(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  const text = await response.text();
  const data = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      data?.error?.code ?? 'HTTP',
      data?.error?.message ?? `HTTP ${response.status}`,
    );
  }
  return data as T;
}

/** Reads `text/event-stream` blocks to the end: each block's JSON `data:` line and its `id:`. */
async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onData: (data: unknown, id: string | undefined) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let split = buffer.indexOf('\n\n');
    while (split !== -1) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      split = buffer.indexOf('\n\n');
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) onData(JSON.parse(data), /^id: (.*)$/m.exec(block)?.[1]);
    }
  }
}

/** A running call's progress, as the server's `tool-progress` event carries it. */
export type ToolProgress = Pick<
  Extract<TurnEvent, { type: 'tool-progress' }>,
  'progress' | 'total' | 'message'
>;

export interface ToolCallResult {
  error: boolean;
  output: string;
  durationMs: number;
}

/** Calls a tool from the console, hearing its progress; aborting the signal cancels the call. */
export async function callToolStreaming(
  name: string,
  args: unknown,
  onProgress: (progress: ToolProgress) => void,
  signal: AbortSignal,
): Promise<ToolCallResult> {
  const response = await withToken(() =>
    fetch(`/api/tools/${encodeURIComponent(name)}/call`, {
      method: 'POST',
      headers: headers({ 'content-type': 'application/json', accept: 'text/event-stream' }),
      body: JSON.stringify({ arguments: args }),
      signal,
    }),
  );
  if (!response.ok || !response.body) {
    const data = await response.json().catch(() => undefined);
    throw new ApiError(
      response.status,
      data?.error?.code ?? 'HTTP',
      data?.error?.message ?? `HTTP ${response.status}`,
    );
  }
  let result: ToolCallResult | undefined;
  await readEventStream(response.body, (data) => {
    const event = data as { type: string } & ToolProgress & ToolCallResult;
    if (event.type === 'progress') onProgress(event);
    else if (event.type === 'result') result = event;
  });
  if (!result) throw new ApiError(502, 'STREAM_ENDED', 'the call ended without a result; try again');
  return result;
}

/**
 * Follows a session's event stream with fetch (so the token header works), resuming from the last
 * event id when the connection drops. Returns a function that stops following.
 */
export function followEvents(sessionId: string, onEvent: (event: TurnEvent) => void): () => void {
  const controller = new AbortController();
  let lastId: string | undefined;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await withToken(() =>
          fetch(`/api/sessions/${sessionId}/events`, {
            headers: headers({ accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) }),
            signal: controller.signal,
          }),
        );
        if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
        await readEventStream(response.body, (data, id) => {
          if (id) lastId = id;
          onEvent(data as TurnEvent);
        });
      } catch {
        if (controller.signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  void run();
  return () => controller.abort();
}

export type Part =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; callId: string; name: string; arguments: unknown; server?: string }
  | {
      type: 'tool_result';
      callId: string;
      name: string;
      output: string;
      error: boolean;
      durationMs: number;
      truncated?: boolean;
    }
  | { type: 'notice'; message: string }
  | { type: 'error'; code: string; message: string };

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  turnId: string | null;
  status: string;
  parts: Part[];
}

export interface SessionDetail {
  id: string;
  title: string;
  agent: string | null;
  messages: Message[];
  turns: { id: string; status: string }[];
  runningTurnId: string | null;
}

export type { TurnEvent } from '../../server/src/inference/events.js';
