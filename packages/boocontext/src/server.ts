import { readOnlyTool } from '@boocode/mcp-server-kit';
import { readOnlyServer } from '@boocode/mcp-server-kit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import type { ChildServerManager } from './children/manager.js';
import { Envelope } from './envelope.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
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

/**
 * The boocontext tools as an MCP server (each answers one verdict envelope, never a protocol
 * error), its overview and map as resources, and the skill's three flows as prompts.
 */
export function buildServer(deps: ServerDeps): McpServer {
  const scanner = deps.scanner ?? new Scanner();
  const tools = toolCatalog({
    roots: deps.roots,
    children: deps.children,
    scanner,
    mapTokens: deps.mapTokens ?? 8_000,
  });
  const server = readOnlyServer({
    name: 'boocontext',
    packageUrl: import.meta.url,
    clientRoots: deps.roots,
    tools: tools.map((tool) =>
      readOnlyTool({
        name: tool.name,
        description: tool.description,
        input: tool.schema,
        output: Envelope,
        run: (args, ctx) =>
          runTool(tool, deps.roots, args, ctx, (root) =>
            // Asked for only the first time: every later answer on the root returns at once.
            deps.children.indexAhead(root, () => scanner.entryFiles(root)),
          ),
      }),
    ),
  });
  registerResources(server, tools, deps.roots);
  registerPrompts(server);
  return server;
}
