import { readOnlyServer } from '@boocode/mcp-server-kit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { codeGraphTools, type ToolsOptions } from './tools.js';

/** The code-graph MCP server: its tools over stdio, one index per root kept for the session. */
export function buildServer(options: ToolsOptions = {}): McpServer {
  return readOnlyServer({
    name: 'code-graph',
    packageUrl: import.meta.url,
    tools: codeGraphTools(options).tools,
  });
}
