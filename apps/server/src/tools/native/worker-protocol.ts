import type { ToolResult } from '@boocode/mcp-hub';

/**
 * What the pool and its workers say to each other, in a module of its own so that neither side
 * imports the other: the pool posts a call, the worker posts back the tool's result.
 */
export interface WorkerCall {
  name: string;
  args: Record<string, unknown>;
}

export type WorkerReply = ToolResult;
