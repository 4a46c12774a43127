import { packageInfo, requestProgress } from '@boocode/mcp-server-kit';
import { McpServer } from '@modelcontextprotocol/server';
import type { ChildServerManager } from './children/manager.js';
import { Envelope } from './envelope.js';
import type { AllowedRoots } from './roots.js';
import { Scanner } from './scanner/scan.js';
import { toolCatalog } from './tools/catalog.js';
import { runTool } from './tools/run.js';

export interface ServerDeps {
  roots: AllowedRoots;
  children: ChildServerManager;
  scanner?: Scanner;
  mapTokens?: number;
}

type RequestContext = Parameters<typeof requestProgress>[0] & { mcpReq: { signal: AbortSignal } };

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

/** The seven boocontext tools as an MCP server; each answers one verdict envelope, never a protocol error. */
export function buildServer(deps: ServerDeps): McpServer {
  const server = new McpServer({ name: 'boocontext', version: packageInfo(import.meta.url).version });
  const tools = toolCatalog({
    roots: deps.roots,
    children: deps.children,
    scanner: deps.scanner ?? new Scanner(),
    mapTokens: deps.mapTokens ?? 8_000,
  });
  // One generic registration for seven tools: the SDK's overloads cannot follow a generic schema.
  const registerTool = server.registerTool.bind(server) as unknown as (
    name: string,
    config: object,
    cb: (args: Record<string, unknown>, ctx: RequestContext) => Promise<unknown>,
  ) => void;
  for (const tool of tools) {
    registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.schema,
        outputSchema: Envelope,
        annotations: readOnly,
      },
      async (args, ctx) => {
        const envelope = await runTool(tool, deps.roots, args, {
          signal: ctx.mcpReq.signal,
          progress: requestProgress(ctx),
        });
        return {
          content: [{ type: 'text' as const, text: JSON.stringify(envelope) }],
          structuredContent: envelope,
        };
      },
    );
  }
  return server;
}
