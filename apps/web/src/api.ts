import { EventSourceParserStream } from 'eventsource-parser/stream';
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
  if (!response.ok) {
    throw new ApiError(
      response.status,
      data?.error?.code ?? 'HTTP',
      data?.error?.message ?? `HTTP ${response.status}`,
    );
  }
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

/** A running call's progress, as the server's `tool-progress` event carries it. */
export type ToolProgress = Pick<
  Extract<TurnEvent, { type: 'tool-progress' }>,
  'progress' | 'total' | 'message'
>;

/** A content block as an MCP server sent it (`text`, `image`, `resource_link`…). */
export type ContentBlock = { type: string } & Record<string, unknown>;

export interface ToolCallResult {
  error: boolean;
  output: string;
  durationMs: number;
  truncated?: boolean;
  /** An MCP tool's own blocks and structured result, when small enough to send. */
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
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

/** What the hub reports, as `/api/mcp` and its event stream carry it. */
export interface ServerStatus {
  name: string;
  state: string;
  transport: string;
  error?: string;
  degraded?: string;
  protocolVersion?: string;
  toolCount: number;
  rejected: { name: string; reason: string }[];
  stderrTail: string[];
  pid?: number;
}

export type McpEvent =
  | { type: 'servers'; servers: ServerStatus[] }
  | { type: 'server'; server: ServerStatus }
  | { type: 'tools' };

/** The MCP servers, live: a snapshot first (again after each reconnect), then each change. */
export const followMcp = (onEvent: (event: McpEvent) => void) =>
  followStream('/api/mcp/events', (data) => onEvent(data as McpEvent));

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
  createdAt: number;
  parts: Part[];
}

/** A turn: who answered (model and agent; null for turns stored before these were kept). */
export interface Turn {
  id: string;
  status: string;
  model: string | null;
  agent: string | null;
}

export interface SessionDetail {
  id: string;
  title: string;
  agent: string | null;
  messages: Message[];
  turns: Turn[];
  runningTurnId: string | null;
}

export type { TurnEvent } from '../../server/src/inference/events.js';
