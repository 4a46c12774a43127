import { readOnlyServer, readOnlyTool } from '@boocode/mcp-server-kit';
import type { McpServer } from '@modelcontextprotocol/server';
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

/** The seven boocontext tools as an MCP server; each answers one verdict envelope, never a protocol error. */
export function buildServer(deps: ServerDeps): McpServer {
  const tools = toolCatalog({
    roots: deps.roots,
    children: deps.children,
    scanner: deps.scanner ?? new Scanner(),
    mapTokens: deps.mapTokens ?? 8_000,
  });
  return readOnlyServer({
    name: 'boocontext',
    packageUrl: import.meta.url,
    tools: tools.map((tool) =>
      readOnlyTool({
        name: tool.name,
        description: tool.description,
        input: tool.schema,
        output: Envelope,
        run: (args, ctx) => runTool(tool, deps.roots, args, ctx),
      }),
    ),
  });
}
