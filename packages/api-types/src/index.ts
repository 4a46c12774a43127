import type {
  ContentBlock,
  HubResource,
  HubResourceContents,
  HubResourceTemplate,
  ServerStatus,
  ToolProgress,
} from '@boocode/mcp-hub';
import { z } from 'zod';

/**
 * The shapes of BooCode's HTTP API: what the server stores and sends, what the page reads. One
 * place, so the two cannot drift; the server parses stored parts with `PartData`, the page imports
 * types only (nothing here reaches its bundle).
 */

/** What the API passes through from the hub as it is. */
export type {
  ContentBlock,
  HubPrompt,
  HubPromptResult,
  HubResource,
  HubResourceContents,
  HubResourceTemplate,
  ServerStatus,
  ToolProgress,
} from '@boocode/mcp-hub';

export type TurnStatus = 'running' | 'done' | 'cancelled' | 'interrupted' | 'failed';
export type MessageStatus = 'complete' | 'streaming' | 'interrupted' | 'cancelled';

export const PartData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('tool_call'),
    callId: z.string(),
    name: z.string(),
    arguments: z.unknown(),
    /** The MCP server of the tool, when it has one (absent in parts stored before it was kept). */
    server: z.string().optional(),
  }),
  z.object({
    type: z.literal('tool_result'),
    callId: z.string(),
    name: z.string(),
    output: z.string(),
    error: z.boolean(),
    durationMs: z.number(),
    /** Only in `messages(…, { outputCap })`: the stored output's full length when it was cut. */
    outputLength: z.number().int().optional(),
    /** Only in parts rebuilt from `tool-result` events: the streamed output was cut (stored whole). */
    truncated: z.boolean().optional(),
  }),
  z.object({ type: z.literal('notice'), message: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type PartData = z.infer<typeof PartData>;
export type Part = PartData & { id: number };

export interface Session {
  id: string;
  title: string;
  agent: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant';
  turnId: string | null;
  status: MessageStatus;
  createdAt: number;
  parts: Part[];
}

export interface Turn {
  id: string;
  sessionId: string;
  status: TurnStatus;
  error: string | null;
  startedAt: number;
  endedAt: number | null;
  model: string | null;
  agent: string | null;
}

/** `GET /api/sessions/:id`: a session with its messages, its turns and the one running, if any. */
export interface SessionDetail extends Session {
  messages: Message[];
  turns: Turn[];
  runningTurnId: string | null;
}

/** What watchers of a session receive, over SSE; `seq` orders events within a turn. */
export type TurnEvent = { turnId: string; seq: number } & (
  | {
      type: 'turn-start';
      sessionId: string;
      userMessageId: string;
      messageId: string;
      agent: string | null;
      /** The model asked for this turn's answer (the agent's own, else LLM_MODEL). */
      model: string;
    }
  | { type: 'text-delta'; messageId: string; delta: string }
  | {
      type: 'tool-call';
      messageId: string;
      callId: string;
      name: string;
      arguments: unknown;
      server?: string;
    }
  | {
      type: 'tool-result';
      messageId: string;
      callId: string;
      name: string;
      output: string;
      error: boolean;
      durationMs: number;
      truncated: boolean;
    }
  | {
      /** A server's progress on a call still running; not stored, only streamed. */
      type: 'tool-progress';
      messageId: string;
      callId: string;
      progress: number;
      total?: number;
      message?: string;
    }
  | { type: 'notice'; message: string }
  | { type: 'error'; code: string; message: string }
  | { type: 'done'; status: 'done' | 'cancelled' | 'interrupted' | 'failed' }
);

type Distribute<T> = T extends unknown ? Omit<T, 'turnId' | 'seq'> : never;
export type TurnEventBody = Distribute<TurnEvent>;

/** `GET /api/tools`: a tool as the model and the console see it. */
export interface ToolInfo {
  name: string;
  description: string;
  source: 'native' | 'mcp';
  server: string | null;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

/** `GET /api/agents`: an agent of AGENTS.md with its globs and the tools they resolve to. */
export interface AgentInfo {
  name: string;
  description: string;
  model: string | null;
  tools: string[] | null;
  toolNames: string[];
}

/** `POST /api/tools/:name/call`: the answer, or the stream's last event (`type: 'result'`). */
export interface ToolCallResult {
  error: boolean;
  output: string;
  durationMs: number;
  truncated?: boolean;
  /** An MCP tool's own blocks and structured result, when under the size cap. */
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
}

/** The call endpoint's event stream: progress while the call runs, then its result. */
export type ToolCallEvent = ({ type: 'progress' } & ToolProgress) | ({ type: 'result' } & ToolCallResult);

/** `GET /api/mcp/events`: everything at once, then each server change and tool-set change. */
export type McpEvent =
  | { type: 'servers'; servers: ServerStatus[] }
  | { type: 'server'; server: ServerStatus }
  | { type: 'tools' }
  | { type: 'resource-updated'; server: string; uri: string }
  | { type: 'list-changed'; server: string; list: 'resources' | 'prompts' }
  | { type: 'input-requested'; request: McpInputRequest }
  | { type: 'input-settled'; id: string };

/**
 * A server waiting on the user: a form to fill (`elicitation/create`) or a request to run
 * BooCode's model for it (`sampling/createMessage`). `GET /api/mcp/input` lists them,
 * `POST /api/mcp/input/:id` answers one.
 */
export type McpInputRequest =
  | {
      id: string;
      kind: 'elicitation';
      server: string;
      message: string;
      requestedSchema: Record<string, unknown>;
      createdAt: number;
    }
  | {
      id: string;
      kind: 'sampling';
      server: string;
      systemPrompt?: string;
      messages: { role: 'user' | 'assistant'; text: string }[];
      /** What the model may answer with: the server's ask, lowered to the host's cap. */
      maxTokens: number;
      /** What the server asked for, when the cap lowered it. */
      requestedMaxTokens?: number;
      createdAt: number;
    };

/** The body of `POST /api/mcp/input/:id`: a form's answer, or a sampling approval. */
export type McpInputAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' }
  | { approve: boolean; remember?: 'always' | 'never' };

/** `GET /api/mcp/:server/resources`. */
export interface ResourceListing {
  resources: HubResource[];
  templates: HubResourceTemplate[];
}

/** `GET /api/mcp/:server/resource?uri=`: text items cut to the cap (then `truncated`), binary as base64. */
export interface ResourceRead {
  contents: HubResourceContents[];
  truncated: boolean;
}
