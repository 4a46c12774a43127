import type { ProgressUpdate } from '@boocode/mcp-server-kit/progress';

/** Public shapes of the hub: what hosts see of servers, tools and results. */

export type TransportKind = 'stdio' | 'streamableHttp';

export type ServerState = 'connecting' | 'connected' | 'disabled' | 'failed' | 'unavailable' | 'needs-login';

export interface RejectedTool {
  /** The tool's name as the server declared it. */
  name: string;
  reason: string;
}

export interface ServerStatus {
  name: string;
  transport: TransportKind | 'unknown';
  state: ServerState;
  error?: string;
  /** Set while a connected server misbehaves (junk on stdout, a notification storm): why. */
  degraded?: string;
  /** Protocol revision agreed with the server, e.g. `2026-07-28` or `2025-06-18`. */
  protocolVersion?: string;
  serverInfo?: { name: string; version: string };
  /** What a connected server offers besides tools (all false until it is connected). */
  features: ServerFeatures;
  /** A remote server the host can log in to (OAuth): `needs-login` until it is. */
  canLogin: boolean;
  toolCount: number;
  rejected: RejectedTool[];
  /** Most recent stderr lines of a stdio server (bounded). */
  stderrTail: string[];
  /** Name changes made to keep tool names unique and provider-safe. */
  renamed: { from: string; to: string; reason: string }[];
  pid?: number;
}

export interface ServerFeatures {
  resources: boolean;
  /** Resources can be subscribed to (`notifications/resources/updated`). */
  subscribe: boolean;
  prompts: boolean;
}

/** A directory the host lets servers work in, as a `file://` URI. */
export interface HubRoot {
  uri: string;
  name?: string;
}

export interface HubTool {
  /** Provider-safe prefixed name, `<server>_<tool>`, unique across the hub. */
  name: string;
  server: string;
  /** The tool's name on its server, used for dispatch. */
  originalName: string;
  description: string;
  /** JSON Schema of the arguments (always an object schema), exactly as the server sent it. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema of the structured result, when the server declares one; as sent. */
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A content block as the server sent it: `text`, `image`, `audio`, `resource`, `resource_link`… */
export type ContentBlock = { type: string } & Record<string, unknown>;

/** A tool result in host format: plain text the model can read. */
export interface ToolResult {
  error: boolean;
  output: string;
  /** Set when the output was cut to the size cap. */
  truncated?: boolean;
  /**
   * The server's own blocks and structured result, for a host that renders more than text (images,
   * links), when the call asked for them. Left out of results over the size cap: `output` then carries the capped text alone.
   */
  content?: ContentBlock[];
  structuredContent?: Record<string, unknown>;
}

export interface HubLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** A server's `notifications/progress` for a call: `progress` only grows; `total` may be unknown. */
export type ToolProgress = ProgressUpdate;

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Overrides the server's call timeout for this call. Each progress notification restarts it; a
   * call that keeps reporting progress still ends after ten times this long.
   */
  timeoutMs?: number;
  /** Receives the server's progress notifications for this call. */
  onProgress?: (progress: ToolProgress) => void;
  /** Also return the server's content blocks and structured result (a tool console renders them). */
  content?: boolean;
}
