import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HubLogger, McpHub, RawCallToolResult, ServerEntry } from '@boocode/mcp-hub';
import { ToolFailure } from '../envelope.js';

export type ChildName = 'code-graph' | 'ts-types';

export interface ChildCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** mcp-hub (and the MCP client SDK under it) loads with the first child, not with every command. */
const loadHub = () => import('@boocode/mcp-hub');

/** In this monorepo the children are sibling packages; elsewhere, their bins on PATH. */
export function defaultChildren(): Record<ChildName, ChildCommand> {
  const sibling = (pkg: string, bin: string): ChildCommand => {
    const cli = path.resolve(here, '../../..', pkg, 'dist/cli.js');
    return existsSync(cli) ? { command: process.execPath, args: [cli] } : { command: bin, args: [] };
  };
  return { 'code-graph': sibling('code-graph', 'code-graph'), 'ts-types': sibling('ts-types', 'ts-types') };
}

/**
 * Parses `BOOCONTEXT_CODE_GRAPH_CMD` / `BOOCONTEXT_TS_TYPES_CMD` (a JSON array, or a command line
 * split on spaces) and `--child name=cmd,arg,…` overrides into child commands.
 */
export function childCommands(
  env: NodeJS.ProcessEnv,
  flags: readonly string[],
): Record<ChildName, ChildCommand> {
  const children = defaultChildren();
  const parse = (value: string): ChildCommand => {
    const parts = value.trim().startsWith('[')
      ? (JSON.parse(value) as string[])
      : value.split(/\s+/).filter(Boolean);
    const [command = '', ...args] = parts;
    return { command, args };
  };
  if (env.BOOCONTEXT_CODE_GRAPH_CMD) children['code-graph'] = parse(env.BOOCONTEXT_CODE_GRAPH_CMD);
  if (env.BOOCONTEXT_TS_TYPES_CMD) children['ts-types'] = parse(env.BOOCONTEXT_TS_TYPES_CMD);
  for (const flag of flags) {
    const [name, spec] = flag.split('=', 2);
    if ((name === 'code-graph' || name === 'ts-types') && spec) {
      const [command = '', ...args] = spec.split(',');
      children[name] = { command, args };
    }
  }
  return children;
}

function inheritedEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * The child MCP servers behind the deep tools (design D2/D3), on mcp-hub's connection code: each
 * spawned on the first call that needs it and kept for the session; a child that dies is respawned
 * once, and if it dies again the tool answers UNSAFE. `shutdown` reaps them all.
 */
export class ChildServerManager {
  private readonly hubs = new Map<ChildName, McpHub>();
  private readonly starting = new Map<ChildName, Promise<McpHub>>();
  private readonly respawns = new Map<ChildName, number>();
  private readonly spawned = new Set<McpHub>();

  constructor(
    private readonly commands: Record<ChildName, ChildCommand>,
    private readonly options: { logger?: HubLogger; callTimeoutMs?: number } = {},
  ) {}

  private async hub(name: ChildName): Promise<McpHub> {
    const existing = this.hubs.get(name);
    if (existing) return existing;
    let pending = this.starting.get(name);
    if (!pending) {
      pending = this.spawn(name);
      this.starting.set(name, pending);
      pending.finally(() => this.starting.delete(name)).catch(() => {});
    }
    return pending;
  }

  private async spawn(name: ChildName): Promise<McpHub> {
    const { command, args, env: extra } = this.commands[name];
    // Children are boocontext's own helpers: they inherit its environment (cache locations,
    // XDG_CACHE_HOME, PATH), unlike third-party MCP servers, which get a minimal one.
    const env = { ...inheritedEnvironment(), ...extra };
    const entry: ServerEntry = {
      name: name.replace('-', '_'),
      transport: 'stdio',
      command,
      args,
      env,
      enabled: true,
      timeoutMs: 20_000,
      callTimeoutMs: this.options.callTimeoutMs ?? 120_000,
    };
    const { McpHub } = await loadHub();
    const hub = new McpHub([entry], {
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      clientInfo: { name: 'boocontext', version: '0.1.0' },
    });
    // Tracked before it starts, so a shutdown during start-up still reaps its process.
    this.spawned.add(hub);
    await hub.start();
    this.hubs.set(name, hub);
    return hub;
  }

  /** Starts every child now (the `--warm` flag), so the first deep call pays no start-up. */
  async warm(): Promise<void> {
    await Promise.all((Object.keys(this.commands) as ChildName[]).map((name) => this.hub(name)));
  }

  status(name: ChildName) {
    return this.hubs.get(name)?.status()[0];
  }

  async call(
    name: ChildName,
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RawCallToolResult> {
    for (let attempt = 0; ; attempt++) {
      const hub = await this.hub(name);
      const status = hub.status()[0];
      if (status?.state !== 'connected') {
        if (status?.state === 'unavailable' && (this.respawns.get(name) ?? 0) < 1) {
          this.respawns.set(name, (this.respawns.get(name) ?? 0) + 1);
          await hub.reconnect(status.name);
          continue;
        }
        const how = this.commands[name];
        throw new ToolFailure(
          'UNSAFE',
          `the ${name} child server is ${status?.state ?? 'not running'}${status?.error ? `: ${status.error}` : ''}. ` +
            `It was started as \`${[how.command, ...how.args].join(' ')}\`; build it (npm install) or point boocontext at another implementation with --child ${name}=cmd,args`,
          { child: name, state: status?.state, stderr: status?.stderrTail.slice(-5) },
        );
      }
      try {
        return await hub.callToolRaw(`${status.name}_${tool}`, args, signal ? { signal } : {});
      } catch (error) {
        const { HubError } = await loadHub();
        const crashed = hub.status()[0]?.state === 'unavailable';
        if (crashed && attempt === 0) continue;
        if (error instanceof HubError && error.code === 'TIMEOUT') {
          throw new ToolFailure(
            'CAUTION',
            `the ${name} child did not answer in time (${error.message}); try a narrower query`,
          );
        }
        if (error instanceof HubError && error.code === 'ABORTED') throw error;
        throw new ToolFailure('UNSAFE', `the ${name} child failed: ${(error as Error).message}`, {
          child: name,
        });
      }
    }
  }

  async shutdown(): Promise<void> {
    await Promise.all([...this.spawned].map((hub) => hub.close()));
    this.spawned.clear();
    this.hubs.clear();
  }
}
