import { filterByGlobs, type HubTool, type McpHub, matchToolGlob } from '@boocode/mcp-hub';
import type { Agent } from '../agents/agents-md.js';
import type { ToolDef } from './types.js';

/** An error naming hundreds of tools would cost the model more than it helps. */
const MAX_NAMES_LISTED = 60;

type HubView = Pick<McpHub, 'listTools' | 'callTool' | 'on' | 'explainUnavailable'>;

/**
 * One list of every tool, native and MCP, alpha-sorted so the prompt prefix stays byte-stable
 * (provider prompt caches depend on it). Rebuilt whenever the hub's tool set changes, never a
 * snapshot taken at start-up.
 */
export class ToolRegistry {
  private tools: ToolDef[] = [];
  private byName = new Map<string, ToolDef>();

  constructor(
    private readonly native: readonly ToolDef[],
    private readonly hub?: HubView,
  ) {
    this.rebuild(hub?.listTools() ?? []);
    hub?.on('toolsChanged', (tools) => this.rebuild(tools));
  }

  get nativeNames(): string[] {
    return this.native.map((t) => t.name);
  }

  all(): ToolDef[] {
    return this.tools;
  }

  /** What an agent sees: its `tools:` globs applied, or everything when it has none. */
  forAgent(agent: Agent | undefined): ToolDef[] {
    if (!agent?.tools) return this.tools;
    return filterByGlobs(this.tools, agent.tools);
  }

  /** For a name the model asked for but may not call: why, in words it can act on. */
  explainMissing(name: string, allowed: readonly string[], agent: Agent | undefined): string {
    const mayUse = !agent?.tools || matchToolGlob(name, agent.tools);
    const gone = mayUse ? this.hub?.explainUnavailable(name) : undefined;
    if (gone)
      return `tool "${name}" cannot be called right now: ${gone}. Use another tool or answer without it.`;
    const listed = allowed.slice(0, MAX_NAMES_LISTED).join(', ');
    const more = allowed.length > MAX_NAMES_LISTED ? ` and ${allowed.length - MAX_NAMES_LISTED} more` : '';
    return `tool "${name}" is not available here; available tools: ${listed || '(none)'}${more}`;
  }

  get(name: string): ToolDef | undefined {
    return this.byName.get(name);
  }

  private rebuild(hubTools: readonly HubTool[]): void {
    const hub = this.hub;
    const mcp: ToolDef[] = hub
      ? hubTools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema,
          source: 'mcp' as const,
          server: tool.server,
          run: (args, ctx) =>
            hub.callTool(tool.name, args, {
              signal: ctx.signal,
              ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}),
              ...(ctx.content ? { content: true } : {}),
            }),
        }))
      : [];
    const tools = [...this.native, ...mcp].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.tools = tools;
    this.byName = new Map(tools.map((t) => [t.name, t]));
  }
}
