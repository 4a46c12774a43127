import { silentProgress } from '@boocode/mcp-server-kit';
import type { McpServer } from '@modelcontextprotocol/server';
import type { AllowedRoots } from './roots.js';
import type { ToolDefinition } from './tools/define.js';
import { runTool } from './tools/run.js';

/**
 * The default root's overview and map as resources, for a host to attach to a message: the same
 * tools the model calls, answered for the first allowed root (the client's first root when it gave
 * them).
 */
export function registerResources(
  server: McpServer,
  tools: readonly ToolDefinition[],
  roots: AllowedRoots,
): void {
  const entries = [
    {
      name: 'overview',
      tool: 'boocontext_overview',
      title: 'Repository overview',
      mimeType: 'application/json',
    },
    { name: 'map', tool: 'boocontext_map', title: 'Repository map', mimeType: 'text/markdown' },
  ];
  for (const entry of entries) {
    const tool = tools.find((t) => t.name === entry.tool);
    if (!tool) continue;
    server.registerResource(
      entry.name,
      `boocontext://${entry.name}`,
      { title: entry.title, description: tool.description, mimeType: entry.mimeType },
      async (uri, ctx) => {
        const envelope = await runTool(tool, roots, tool.schema.parse({}), {
          signal: ctx.mcpReq.signal,
          progress: silentProgress,
        });
        const map = envelope.details.map;
        const text =
          entry.mimeType === 'text/markdown' && typeof map === 'string'
            ? `${envelope.verdict}: ${envelope.summary}\n\n${map}`
            : JSON.stringify(envelope, null, 2);
        return { contents: [{ uri: uri.href, mimeType: entry.mimeType, text }] };
      },
    );
  }
}
