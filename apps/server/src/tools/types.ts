import type { ToolProgress, ToolResult } from '@boocode/mcp-hub';

export interface ToolContext {
  signal: AbortSignal;
  /** Hears an MCP server's progress notifications for this call. */
  onProgress?: (progress: ToolProgress) => void;
  /** Also return an MCP server's content blocks (images, links) beside the text: the console shows them. */
  content?: boolean;
}

/** A tool as the model and the API see it, native or MCP alike. */
export interface ToolDef {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
  source: 'native' | 'mcp';
  server?: string;
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}
