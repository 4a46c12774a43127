import { EventEmitter } from 'node:events';
import { packageInfo } from '@boocode/mcp-server-kit/version';
import type { HubOAuthOptions } from '../auth/login.js';
import { serverOfLoginState } from '../auth/provider.js';
import type { ServerEntry } from '../config/schema.js';
import { describeError, HubError } from '../errors.js';
import type { HostInput } from '../features/host-input.js';
import { DEFAULT_HOST_INPUT_LIMITS, type HostInputLimits } from '../features/host-input-limits.js';
import {
  type HubPrompt,
  type HubPromptResult,
  type HubResource,
  type HubResourceContents,
  type HubResourceTemplate,
  toContents,
  toPromptResult,
  toPrompts,
  toResources,
  toTemplates,
} from '../features/shapes.js';
import { assignToolNames } from '../tools/names.js';
import { type RawCallToolResult, toHostResult } from '../tools/result.js';
import type {
  CallOptions,
  HubLogger,
  HubRoot,
  HubTool,
  ServerStatus,
  ToolProgress,
  ToolResult,
} from '../types.js';
import { ServerConnection } from './connection.js';

export interface HubOptions {
  /** The host's own tool names: an MCP tool is renamed rather than shadow one of them. */
  reservedNames?: Iterable<string>;
  logger?: HubLogger;
  clientInfo?: { name: string; version: string };
  /** Grace between SIGTERM and SIGKILL when closing stdio servers (default 5 s). */
  killGraceMs?: number;
  /**
   * The directories servers may work in (`file://` URIs). When given, the hub declares the `roots`
   * capability and answers `roots/list`; `setRoots` changes them and tells every server.
   */
  roots?: HubRoot[];
  /** Answers servers' elicitation and sampling requests; without it servers are not offered them. */
  hostInput?: HostInput;
  /** Bounds on what each server may ask through `hostInput` (defaults: DEFAULT_HOST_INPUT_LIMITS). */
  hostInputLimits?: Partial<HostInputLimits>;
  /** Lets remote servers that answer 401 be logged in to (OAuth 2.1 through the MCP SDK). */
  oauth?: HubOAuthOptions;
}

interface HubEvents {
  toolsChanged: [tools: HubTool[]];
  statusChanged: [status: ServerStatus];
  /** A progress notification for a call in flight, under the tool's hub name. */
  toolProgress: [event: ToolProgress & { tool: string; server: string }];
  /** A line a stdio server wrote to stderr (or to stdout that was not JSON-RPC). */
  stderr: [server: string, line: string];
  /** A resource the host subscribed to changed on its server. */
  resourceUpdated: [server: string, uri: string];
  /** A server's list of resources or prompts changed. */
  listChanged: [server: string, list: 'resources' | 'prompts'];
}

interface Route {
  connection: ServerConnection;
  originalName: string;
  tool: HubTool;
}

/**
 * The registry of every configured MCP server: connects them concurrently, names their tools
 * `<server>_<tool>`, routes calls back, and keeps each server's failure to itself.
 */
export class McpHub extends EventEmitter<HubEvents> {
  private readonly connections = new Map<string, ServerConnection>();
  private readonly reserved: Set<string>;
  private readonly logger?: HubLogger;
  private tools: HubTool[] = [];
  private routes = new Map<string, Route>();
  /** Names once offered by servers that are gone now, so a late call learns why instead of "unknown". */
  private formerRoutes = new Map<string, Route>();
  private renames = new Map<string, { from: string; to: string; reason: string }[]>();
  private closed = false;
  private roots: HubRoot[];

  constructor(entries: readonly ServerEntry[], options: HubOptions = {}) {
    super();
    // A host listens once per watcher (each open page's event stream): a dozen tabs is no leak.
    this.setMaxListeners(0);
    this.reserved = new Set(options.reservedNames ?? []);
    this.logger = options.logger;
    this.roots = options.roots ?? [];
    const clientInfo = options.clientInfo ?? {
      name: 'boocode-mcp-hub',
      version: packageInfo(import.meta.url).version,
    };
    for (const entry of entries) {
      if (this.connections.has(entry.name)) continue;
      const connection: ServerConnection = new ServerConnection(entry, {
        clientInfo,
        ...(this.logger ? { logger: this.logger } : {}),
        ...(options.killGraceMs !== undefined ? { killGraceMs: options.killGraceMs } : {}),
        onChange: () => this.onConnectionChange(connection),
        onStderr: (line) => this.emit('stderr', entry.name, line),
        ...(options.roots ? { roots: () => this.roots } : {}),
        onResourceUpdated: (uri) => this.emit('resourceUpdated', entry.name, uri),
        onListChanged: (list) => this.emit('listChanged', entry.name, list),
        ...(options.hostInput ? { hostInput: options.hostInput } : {}),
        hostInputLimits: {
          ...DEFAULT_HOST_INPUT_LIMITS,
          ...options.hostInputLimits,
          ...(entry.samplingPerMinute ? { samplingPerMinute: entry.samplingPerMinute } : {}),
        },
        ...(options.oauth ? { oauth: options.oauth } : {}),
      });
      this.connections.set(entry.name, connection);
    }
    for (const connection of this.connections.values()) {
      if (connection.entry.invalid) this.logger?.error(`mcp: ${connection.entry.invalid}`);
    }
  }

  /** Connects every enabled server at once; resolves when each is connected or failed. Never throws. */
  async start(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.connect()));
  }

  listTools(): HubTool[] {
    return this.tools;
  }

  getTool(name: string): HubTool | undefined {
    return this.routes.get(name)?.tool;
  }

  /** Why a tool name that was once offered is gone (its server failed or went away), if it was. */
  explainUnavailable(name: string): string | undefined {
    if (this.routes.has(name)) return undefined;
    const route = this.formerRoutes.get(name);
    if (!route) return undefined;
    const { state, error } = route.connection;
    return `MCP server "${route.connection.entry.name}" is ${state}${error ? `: ${error}` : ''}`;
  }

  status(): ServerStatus[] {
    return [...this.connections.values()].map((c) => this.statusOf(c));
  }

  /** Calls a tool and answers in host format. Never throws: failures are `{ error: true }` results. */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<ToolResult> {
    try {
      return toHostResult(await this.callToolRaw(name, args, options), undefined, {
        content: options.content === true,
      });
    } catch (error) {
      return { error: true, output: describeError(error) };
    }
  }

  /** Calls a tool and returns the server's result as sent; failures throw a `HubError`. */
  async callToolRaw(
    name: string,
    args: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<RawCallToolResult> {
    const route = this.routes.get(name) ?? this.formerRoutes.get(name);
    if (!route) {
      throw new HubError(
        'UNKNOWN_TOOL',
        `unknown tool "${name}"; it is not offered by any connected MCP server`,
      );
    }
    const server = route.connection.entry.name;
    return route.connection.callTool(route.originalName, args, {
      ...options,
      onProgress: (progress) => {
        options.onProgress?.(progress);
        this.emit('toolProgress', { ...progress, tool: name, server });
      },
    });
  }

  /** Replaces the roots every server is told about, and tells the connected ones they changed. */
  async setRoots(roots: HubRoot[]): Promise<void> {
    this.roots = roots;
    await Promise.all([...this.connections.values()].map((c) => c.rootsChanged()));
  }

  /** A server's resources and resource templates (every page of each). */
  async listResources(
    server: string,
    signal?: AbortSignal,
  ): Promise<{ resources: HubResource[]; templates: HubResourceTemplate[] }> {
    return this.requireConnection(server).request(
      'resources',
      async (client, options) => {
        const [resources, templates] = await Promise.all([
          client.listResources(undefined, options),
          // Templates are optional: a server with none may not know the method at all.
          client.listResourceTemplates(undefined, options).catch((error: unknown) => {
            this.logger?.warn(`mcp: ${server}: resources/templates/list failed: ${describeError(error)}`);
            return { resourceTemplates: [] };
          }),
        ]);
        return { resources: toResources(resources), templates: toTemplates(templates) };
      },
      signal,
    );
  }

  async readResource(server: string, uri: string, signal?: AbortSignal): Promise<HubResourceContents[]> {
    return this.requireConnection(server).request(
      'resources',
      async (client, options) =>
        toContents(await client.readResource({ uri }, { ...options, cacheMode: 'bypass' })),
      signal,
    );
  }

  /** Asks the server for `resourceUpdated` events about `uri` (or to stop sending them). */
  async subscribeResource(server: string, uri: string, subscribed = true): Promise<void> {
    await this.requireConnection(server).request('subscribe', (client, options) =>
      subscribed ? client.subscribeResource({ uri }, options) : client.unsubscribeResource({ uri }, options),
    );
  }

  async listPrompts(server: string, signal?: AbortSignal): Promise<HubPrompt[]> {
    return this.requireConnection(server).request(
      'prompts',
      async (client, options) => toPrompts(await client.listPrompts(undefined, options)),
      signal,
    );
  }

  async getPrompt(
    server: string,
    name: string,
    args: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<HubPromptResult> {
    return this.requireConnection(server).request(
      'prompts',
      async (client, options) => toPromptResult(await client.getPrompt({ name, arguments: args }, options)),
      signal,
    );
  }

  /**
   * Turns a server on or off while the host runs: off closes it (its tools leave the list), on
   * connects it. Resolves once it is connected, failed or disabled. The config file is the
   * caller's to change (`editMcpConfig`), so a restart keeps the choice.
   */
  async setEnabled(name: string, enabled: boolean): Promise<ServerStatus> {
    const connection = this.requireConnection(name);
    await connection.setEnabled(enabled);
    return this.statusOf(connection);
  }

  /** Drops the server's current connection (killing its process) and connects afresh. */
  async reconnect(name: string): Promise<ServerStatus> {
    const connection = this.requireConnection(name);
    await connection.close();
    await connection.connect();
    return this.statusOf(connection);
  }

  /**
   * Starts logging in to a remote server: the authorization URL a person must open (its answer
   * comes back through `completeLogin`), or none when the login completed on its own (stored
   * tokens refreshed, or a headless host).
   */
  async login(name: string): Promise<{ authorizationUrl?: string; status: ServerStatus }> {
    const connection = this.requireConnection(name);
    const url = await connection.beginLogin();
    return { ...(url ? { authorizationUrl: url.href } : {}), status: this.statusOf(connection) };
  }

  /**
   * Finishes a login with the query the authorization server sent to the host's callback; the
   * `state` names the server. Connects the server once logged in.
   */
  async completeLogin(params: URLSearchParams): Promise<ServerStatus> {
    const connection = this.connections.get(serverOfLoginState(params.get('state') ?? ''));
    if (!connection?.login) {
      throw new HubError(
        'LOGIN_FAILED',
        'the login answer names no server waiting for a login; start the login again',
      );
    }
    await connection.completeLogin(params);
    return this.statusOf(connection);
  }

  /** Revokes and forgets a remote server's login. */
  async logout(name: string): Promise<ServerStatus> {
    const connection = this.requireConnection(name);
    await connection.logout();
    return this.statusOf(connection);
  }

  /** Closes every server; stdio children get SIGTERM, then SIGKILL after 5 s. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.connections.values()].map((c) => c.close()));
    this.rebuild();
  }

  private requireConnection(name: string): ServerConnection {
    const connection = this.connections.get(name);
    if (!connection)
      throw new HubError('UNKNOWN_SERVER', `no MCP server named "${name}" in the configuration`);
    if (this.closed) throw new HubError('SERVER_UNAVAILABLE', 'the hub is closed');
    return connection;
  }

  private statusOf(connection: ServerConnection): ServerStatus {
    return { ...connection.status(), renamed: this.renames.get(connection.entry.name) ?? [] };
  }

  private onConnectionChange(connection: ServerConnection): void {
    this.rebuild();
    this.emit('statusChanged', this.statusOf(connection));
  }

  /** Recomputes names over every connected server's tools; emits only when the offered set changed. */
  private rebuild(): void {
    const offered = [...this.connections.values()].filter((c) => c.state === 'connected' && !this.closed);
    const byKey = new Map<string, { connection: ServerConnection; index: number }>();
    const inputs = offered.flatMap((connection) =>
      connection.tools.map((tool, index) => {
        byKey.set(`${connection.entry.name}\u0000${tool.originalName}`, { connection, index });
        return { server: connection.entry.name, originalName: tool.originalName };
      }),
    );
    const routes = new Map<string, Route>();
    const renames = new Map<string, { from: string; to: string; reason: string }[]>();
    const tools: HubTool[] = [];
    for (const named of assignToolNames(inputs, this.reserved)) {
      const found = byKey.get(`${named.server}\u0000${named.originalName}`);
      const tool = found?.connection.tools[found.index];
      if (!found || !tool) continue;
      const hubTool: HubTool = {
        name: named.name,
        server: named.server,
        originalName: named.originalName,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
      };
      routes.set(named.name, {
        connection: found.connection,
        originalName: named.originalName,
        tool: hubTool,
      });
      tools.push(hubTool);
      if (named.renamed) {
        const list = renames.get(named.server) ?? [];
        list.push({ from: named.originalName, to: named.name, reason: named.renamed });
        renames.set(named.server, list);
      }
    }
    tools.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const changed =
      tools.length !== this.tools.length ||
      tools.some((t, i) => {
        const old = this.tools[i];
        return (
          !old ||
          old.name !== t.name ||
          old.description !== t.description ||
          old.inputSchema !== t.inputSchema
        );
      });
    for (const [name, route] of this.routes) if (!routes.has(name)) this.formerRoutes.set(name, route);
    for (const name of routes.keys()) this.formerRoutes.delete(name);
    this.tools = tools;
    this.routes = routes;
    this.renames = renames;
    if (changed) this.emit('toolsChanged', tools);
  }
}
