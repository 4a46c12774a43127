import type {
  McpEvent,
  Message,
  PartData,
  ToolCallEvent,
  ToolCallResult,
  ToolProgress,
  TurnEvent,
} from '@boocode/api-types';
import { EventSourceParserStream } from 'eventsource-parser/stream';

export type {
  AgentInfo,
  ContentBlock,
  McpEvent,
  PartData,
  ServerStatus,
  SessionDetail,
  ToolCallResult,
  ToolInfo,
  ToolProgress,
  TurnEvent,
} from '@boocode/api-types';

/** A message as the page holds it: parts rebuilt from events have no stored id yet. */
export type ChatMessage = Omit<Message, 'parts'> & { parts: PartData[] };

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

/** What a failed call says to the user: the API's own message, else the error as text. */
export const errorText = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The server's `{ error: { code, message } }` as an ApiError; a body without one names the status. */
function refusal(
  status: number,
  body: { error?: { code?: string; message?: string } } | undefined,
): ApiError {
  return new ApiError(status, body?.error?.code ?? 'HTTP', body?.error?.message ?? `HTTP ${status}`);
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

/** One question for the token however many requests were refused at once (the page starts several). */
let asking: Promise<string> | undefined;

async function withToken(run: () => Promise<Response>): Promise<Response> {
  let response = await run();
  if (response.status === 401 && askToken) {
    const ask = askToken;
    asking ??= ask().finally(() => {
      asking = undefined;
    });
    localStorage.setItem(TOKEN_KEY, await asking);
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
  if (!response.ok) throw refusal(response.status, data);
  return data as T;
}

/** Reads a `text/event-stream` to its end: each event's JSON data and its id. */
async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onData: (data: unknown, id: string | undefined) => void,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (value.data) onData(JSON.parse(value.data), value.id);
  }
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
  if (!response.ok || !response.body)
    throw refusal(response.status, await response.json().catch(() => undefined));
  let result: ToolCallResult | undefined;
  await readEventStream(response.body, (data) => {
    const event = data as ToolCallEvent;
    if (event.type === 'progress') onProgress(event);
    else if (event.type === 'result') result = event;
  });
  if (!result) throw new ApiError(502, 'STREAM_ENDED', 'the call ended without a result; try again');
  return result;
}

/**
 * Follows an event stream with fetch (so the token header works), resuming from the last event id
 * when the connection drops. Returns a function that stops following.
 */
function followStream(path: string, onData: (data: unknown) => void): () => void {
  const controller = new AbortController();
  let lastId: string | undefined;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await withToken(() =>
          fetch(path, {
            headers: headers({ accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) }),
            signal: controller.signal,
          }),
        );
        if (!response.ok || !response.body) throw new Error(`${path}: HTTP ${response.status}`);
        await readEventStream(response.body, (data, id) => {
          if (id) lastId = id;
          onData(data);
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

/** A session's turn events, resumed exactly where a dropped connection left off. */
export const followEvents = (sessionId: string, onEvent: (event: TurnEvent) => void) =>
  followStream(`/api/sessions/${sessionId}/events`, (data) => onEvent(data as TurnEvent));

/** The MCP servers, live: a snapshot first (again after each reconnect), then each change. */
export const followMcp = (onEvent: (event: McpEvent) => void) =>
  followStream('/api/mcp/events', (data) => onEvent(data as McpEvent));
