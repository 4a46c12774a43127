import {
  Client,
  type OAuthClientProvider,
  type RequestOptions,
  SdkError,
  SdkErrorCode,
  StreamableHTTPClientTransport,
  type Transport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { guardedFetch } from '../auth/guarded-fetch.js';
import { type HubOAuthOptions, ServerLogin } from '../auth/login.js';
import { isMachineGrant, machineGrantProvider } from '../auth/machine-grants.js';
import type { ServerEntry } from '../config/schema.js';
import { describeError, HubError } from '../errors.js';
import { type HostInput, hostInputCapabilities, registerHostInput } from '../features/host-input.js';
import {
  DEFAULT_HOST_INPUT_LIMITS,
  HostInputGate,
  type HostInputLimits,
} from '../features/host-input-limits.js';
import { type DiscoveredTool, screenTools, ToolsListPage } from '../tools/discovery.js';
import { headersFor } from '../tools/param-headers.js';
import { RawCallToolResult } from '../tools/result.js';
import { withDefaultResultType } from '../transports/default-result-type.js';
import { ManagedStdioTransport } from '../transports/stdio.js';
import type {
  CallOptions,
  HubLogger,
  HubRoot,
  RejectedTool,
  ServerFeatures,
  ServerState,
  ServerStatus,
  ToolProgress,
} from '../types.js';
import { rateLimited } from '../util/rate-limited-logger.js';

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** Progress notifications keep extending a call's timer, but never past this many call timeouts. */
const PROGRESS_HARD_MAX_FACTOR = 10;

/** The parts of a progress notification a host may show, bounded (the SDK has checked the types). */
function progressOf(p: { progress: number; total?: number; message?: string }): ToolProgress {
  return {
    progress: p.progress,
    ...(typeof p.total === 'number' ? { total: p.total } : {}),
    ...(typeof p.message === 'string' ? { message: p.message.slice(0, 300) } : {}),
  };
}
/** A server whose `nextCursor` never converges is cut off here. */
const MAX_LIST_PAGES = 100;
/** `tools/list_changed` notifications arriving this close together cause one re-list. */
const RELIST_DEBOUNCE_MS = 100;
/** More re-lists than this in a minute is a storm: the server is marked degraded and not re-listed. */
const MAX_RELISTS_PER_MINUTE = 10;
/** Calls waiting on one server at once; past this, new calls fail at once instead of queueing. */
export const MAX_CALLS_IN_FLIGHT = 64;

function newRelistState() {
  return {
    timer: undefined as NodeJS.Timeout | undefined,
    running: false,
    again: false,
    frozen: false,
    times: [] as number[],
  };
}

export interface ConnectionOptions {
  clientInfo: { name: string; version: string };
  logger?: HubLogger;
  /** Called after every state or tool-list change. */
  onChange: () => void;
  /** Hears each stderr line of a stdio server as it comes. */
  onStderr?: (line: string) => void;
  killGraceMs?: number;
  /** The host's roots: when set, the client declares `roots` and answers `roots/list` with them. */
  roots?: () => HubRoot[];
  /** A subscribed resource changed (`notifications/resources/updated`). */
  onResourceUpdated?: (uri: string) => void;
  /** The server's resource or prompt list changed. */
  onListChanged?: (list: 'resources' | 'prompts') => void;
  /** Answers the server's elicitation and sampling requests; each handler given is declared. */
  hostInput?: HostInput;
  /** What this server may ask through `hostInput`; past a bound it is refused and shown degraded. */
  hostInputLimits?: HostInputLimits;
  /** Lets remote servers that answer 401 be logged in to (OAuth 2.1); without it they fail. */
  oauth?: HubOAuthOptions;
}

function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError || (error instanceof Error && error.cause instanceof UnauthorizedError)
  );
}

/** One configured MCP server: its transport, its client, its state and its screened tools. */
export class ServerConnection {
  state: ServerState;
  error?: string;
  /** Why a connected server is misbehaving, if it is. */
  degraded?: string;
  tools: DiscoveredTool[] = [];
  rejected: RejectedTool[] = [];
  private client?: Client;
  private transport?: Transport;
  private stdio?: ManagedStdioTransport;
  private lastStderr: string[] = [];
  private generation = 0;
  private readonly log: HubLogger | undefined;
  /** `frozen`: the server sent list_changed past the cap; its tool list stays as is until reconnect. */
  private relist = newRelistState();
  private inFlight = 0;
  /** Starts as configured; `setEnabled` turns it on or off while the host runs. */
  private enabled: boolean;
  /** The OAuth login of a remote server, when the host allows logins. */
  readonly login?: ServerLogin;
  /** A grant that needs no person (client credentials, a workload's identity token): tokens on demand. */
  private readonly machineAuth?: OAuthClientProvider;
  /** One per server for its whole life: reconnecting does not reset what it may still ask. */
  private readonly hostInput?: HostInput;

  constructor(
    readonly entry: ServerEntry,
    private readonly options: ConnectionOptions,
  ) {
    this.log = rateLimited(options.logger);
    this.enabled = entry.enabled;
    this.hostInput = new HostInputGate(
      entry.name,
      options.hostInputLimits ?? DEFAULT_HOST_INPUT_LIMITS,
      (reason) => this.markDegraded(`flooding: ${reason}`),
    ).wrap(options.hostInput);
    if (entry.transport === 'streamableHttp' && entry.url) {
      if (isMachineGrant(entry.oauth)) this.machineAuth = machineGrantProvider(entry.oauth ?? {});
      else if (options.oauth)
        this.login = new ServerLogin(entry.name, entry.url, options.oauth, entry.oauth, options.logger);
    }
    if (entry.invalid) {
      this.state = 'failed';
      this.error = entry.invalid;
    } else {
      this.state = entry.enabled ? 'connecting' : 'disabled';
    }
  }

  get connectTimeoutMs(): number {
    return this.entry.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  get callTimeoutMs(): number {
    return this.entry.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  }

  status(): ServerStatus {
    const client = this.state === 'connected' ? this.client : undefined;
    const info = client?.getServerVersion();
    return {
      name: this.entry.name,
      transport: this.entry.transport,
      state: this.state,
      ...(this.error ? { error: this.error } : {}),
      ...(this.degraded && this.state === 'connected' ? { degraded: this.degraded } : {}),
      ...(client?.getNegotiatedProtocolVersion()
        ? { protocolVersion: client.getNegotiatedProtocolVersion() }
        : {}),
      ...(info ? { serverInfo: { name: info.name, version: info.version } } : {}),
      features: this.features(),
      canLogin: this.login !== undefined,
      toolCount: this.tools.length,
      rejected: this.rejected,
      stderrTail: this.stdio?.stderr.tail(20) ?? this.lastStderr,
      renamed: [],
      ...(this.stdio?.pid !== undefined && this.state === 'connected' ? { pid: this.stdio.pid } : {}),
    };
  }

  /** What the server offers besides tools, as it declared at start-up. */
  features(): ServerFeatures {
    const caps = this.state === 'connected' ? this.client?.getServerCapabilities() : undefined;
    return {
      resources: caps?.resources !== undefined,
      subscribe: caps?.resources?.subscribe === true,
      prompts: caps?.prompts !== undefined,
    };
  }

  /**
   * Runs one request on the connected server within the call timeout; failures are explained as a
   * call's are. `feature` names what the server must have declared, so a host hears "offers no
   * resources" rather than a JSON-RPC "method not found".
   */
  async request<T>(
    feature: 'resources' | 'subscribe' | 'prompts',
    run: (client: Client, options: RequestOptions) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const client = this.connectedClient();
    if (!this.features()[feature]) {
      const what = feature === 'subscribe' ? 'resource subscriptions' : feature;
      throw new HubError('NOT_SUPPORTED', `MCP server "${this.entry.name}" offers no ${what}`);
    }
    const timeout = this.callTimeoutMs;
    try {
      return await run(client, { timeout, ...(signal ? { signal } : {}) });
    } catch (error) {
      throw this.explainCallFailure(error, timeout, signal);
    }
  }

  /** Tells the server the host's roots changed (it asks for them again). */
  async rootsChanged(): Promise<void> {
    if (this.state !== 'connected' || !this.options.roots) return;
    await this.client?.sendRootsListChanged().catch((error: unknown) => {
      this.log?.warn(`mcp: ${this.entry.name}: roots/list_changed not sent: ${describeError(error)}`);
    });
  }

  /**
   * Connects and lists tools within the connect timeout. Never throws: failure is a state. A server
   * that wants a login is `needs-login`, unless the host logs in headless: then that runs once first.
   */
  async connect(logins = 0): Promise<void> {
    if (this.entry.invalid || !this.enabled) return;
    const generation = ++this.generation;
    this.setState('connecting');
    this.tools = [];
    this.rejected = [];
    this.degraded = undefined;
    this.relist = newRelistState();
    const timeoutMs = this.connectTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HubError('TIMEOUT', `timed out after ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.open(generation, timeoutMs), timedOut]);
      if (generation !== this.generation) return;
      this.error = undefined;
      await this.login?.resume();
      this.setState('connected');
      const version = this.client?.getNegotiatedProtocolVersion();
      this.log?.info(`mcp: ${this.entry.name} connected`, {
        tools: this.tools.length,
        rejected: this.rejected.length,
        protocolVersion: version,
      });
    } catch (error) {
      if (generation !== this.generation) return;
      if (this.login && isUnauthorized(error)) {
        await this.teardown();
        clearTimeout(timer);
        if (await this.loggedInHeadless(this.login, logins)) return this.connect(logins + 1);
        this.setState('needs-login');
        this.log?.warn(`mcp: ${this.entry.name}: ${this.error}`);
        return;
      }
      this.error = this.explainConnectFailure(error);
      await this.teardown();
      this.setState('failed');
      this.log?.warn(`mcp: ${this.entry.name} failed: ${this.error}`);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A headless host logs in when a server asks; anyone else is told how to log in. Twice at most
   * per connect: a server that refuses the tokens of a fresh login may have moved to another
   * authorization server (SEP-2352), which the second login discovers and registers with.
   */
  private async loggedInHeadless(login: ServerLogin, logins: number): Promise<boolean> {
    if (!login.headless || logins >= 2) {
      this.error = `needs a login: run "boocode mcp login ${this.entry.name}", or use Log in in BooCode's MCP panel`;
      return false;
    }
    // A second login is for a server that refused the first one's tokens: not the authorization URL
    // its 401 left pending (built on the discovery kept from the first), but a fresh discovery.
    if (logins > 0) login.provider.pendingAuthorization = undefined;
    try {
      await login.completeHeadless();
      return true;
    } catch (failure) {
      this.error = `login failed: ${describeError(failure)}`;
      return false;
    }
  }

  private async open(generation: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const mode = this.entry.protocol ?? 'auto';
    try {
      await this.handshake(mode, timeoutMs);
    } catch (error) {
      if (generation !== this.generation) throw error;
      if (mode === 'auto' && isMethodNotFound(error)) {
        // The 2026-07-28 probe gave up on a server that was only slow to answer it (a stdio server
        // starting on a busy machine): it answered the probe late, took that revision, and refused
        // the 2025 `initialize` that followed. Once more, fresh, waiting the whole budget for the probe.
        await this.teardown();
        const left = Math.max(1, deadline - Date.now());
        await this.handshake('auto', left, left);
      } else if (this.stdio?.exitedOnItsOwn) {
        // Some 2025-era stdio servers exit on any request before `initialize`, which is how the
        // 2026-07-28 probe begins; such a server deserves one plain legacy attempt on a fresh process.
        await this.teardown();
        await this.handshake('legacy', timeoutMs);
      } else throw error;
    }
    // A server that offers only resources or prompts has no tools/list to ask.
    if (this.client?.getServerCapabilities()?.tools !== undefined) await this.refreshTools();
  }

  private async handshake(
    mode: 'auto' | 'legacy',
    timeoutMs: number,
    probeMs = Math.min(3_000, Math.ceil(timeoutMs / 2)),
  ): Promise<void> {
    const transport = withDefaultResultType(this.createTransport());
    const { roots, onResourceUpdated, onListChanged } = this.options;
    const { hostInput } = this;
    const client = new Client(this.options.clientInfo, {
      capabilities: {
        ...(roots ? { roots: { listChanged: true } } : {}),
        ...hostInputCapabilities(hostInput),
      },
      versionNegotiation: { mode, probe: { timeoutMs: probeMs } },
    });
    this.client = client;
    this.transport = transport;
    const current = () => this.state === 'connected' && this.client === client;
    client.onerror = (error) => this.log?.warn(`mcp: ${this.entry.name}: ${describeError(error)}`);
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (current()) this.scheduleRelist();
    });
    if (roots) client.setRequestHandler('roots/list', async () => ({ roots: roots() }));
    registerHostInput(client, this.entry.name, hostInput);
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      if (current()) onResourceUpdated?.(notification.params.uri);
    });
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      if (current()) onListChanged?.('resources');
    });
    client.setNotificationHandler('notifications/prompts/list_changed', () => {
      if (current()) onListChanged?.('prompts');
    });
    const generation = this.generation;
    const previousOnClose = transport.onclose;
    transport.onclose = () => {
      previousOnClose?.();
      if (generation === this.generation && this.client === client) this.onTransportClosed();
    };
    await client.connect(transport, { timeout: timeoutMs });
  }

  private createTransport(): Transport {
    const entry = this.entry;
    if (entry.transport === 'stdio') {
      this.stdio = new ManagedStdioTransport({
        command: entry.command ?? '',
        args: entry.args ?? [],
        ...(entry.env ? { env: entry.env } : {}),
        ...(entry.cwd ? { cwd: entry.cwd } : {}),
        ...(this.options.killGraceMs !== undefined ? { killGraceMs: this.options.killGraceMs } : {}),
      });
      this.stdio.onjunk = (reason) => this.markDegraded(reason);
      this.stdio.stderr.onLine = this.options.onStderr;
      return this.stdio;
    }
    this.stdio = undefined;
    // The SDK's OAuth discovery and token requests after a 401 go through this fetch too, so
    // every address a server names is checked before it is reached.
    const url = new URL(entry.url ?? '');
    const base: typeof fetch = this.login?.fetch ?? (this.machineAuth ? guardedFetch(url) : fetch);
    const authProvider = this.login?.provider ?? this.machineAuth;
    return new StreamableHTTPClientTransport(url, {
      requestInit: { headers: entry.headers ?? {} },
      fetch: (target, init) => base(target, this.withParamHeaders(init)),
      ...(authProvider ? { authProvider } : {}),
    });
  }

  /** A `tools/call` POST carries the tool's `x-mcp-header` parameters as `Mcp-Param-*` headers too. */
  private withParamHeaders(init: RequestInit | undefined): RequestInit | undefined {
    const body = init?.body;
    // Most servers mirror nothing: their requests are not read back at all.
    if (!this.tools.some((t) => t.paramHeaders.length > 0)) return init;
    if (typeof body !== 'string' || !body.includes('"tools/call"')) return init;
    let message: { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
    try {
      message = JSON.parse(body);
    } catch {
      return init;
    }
    if (message.method !== 'tools/call') return init;
    const tool = this.tools.find((t) => t.originalName === message.params?.name);
    if (!tool || tool.paramHeaders.length === 0) return init;
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(headersFor(tool.paramHeaders, message.params?.arguments)))
      headers.set(name, value);
    return { ...init, headers };
  }

  /** Walks every `tools/list` page, screening each tool on its own. */
  async refreshTools(): Promise<void> {
    const client = this.requireClient();
    const raw: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const result = await client.request(
        { method: 'tools/list', params: cursor ? { cursor } : {} },
        ToolsListPage,
        { timeout: this.connectTimeoutMs },
      );
      raw.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const { accepted, rejected } = screenTools(raw);
    this.tools = accepted;
    this.rejected = rejected;
    for (const r of rejected) this.log?.warn(`mcp: ${this.entry.name}: rejected tool ${r.name}: ${r.reason}`);
  }

  /**
   * Coalesces `tools/list_changed`: notifications within the debounce window, or while a re-list
   * runs, cause one re-list after it; past the per-minute cap the server is marked degraded and its
   * notifications are ignored until it is reconnected.
   */
  private scheduleRelist(): void {
    const relist = this.relist;
    if (relist.frozen) return;
    if (relist.running) {
      relist.again = true;
      return;
    }
    if (relist.timer) return;
    relist.timer = setTimeout(() => {
      relist.timer = undefined;
      void this.runRelist(relist);
    }, RELIST_DEBOUNCE_MS);
    relist.timer.unref?.();
  }

  private async runRelist(relist: typeof this.relist): Promise<void> {
    if (relist !== this.relist || this.state !== 'connected') return;
    const now = Date.now();
    relist.times = relist.times.filter((t) => now - t < 60_000);
    if (relist.times.length >= MAX_RELISTS_PER_MINUTE) {
      relist.frozen = true;
      this.markDegraded(
        `sent tools/list_changed more than ${MAX_RELISTS_PER_MINUTE} times a minute; its tool list is frozen until reconnect`,
      );
      return;
    }
    relist.times.push(now);
    relist.running = true;
    try {
      await this.refreshTools();
    } catch (error) {
      this.log?.warn(`mcp: ${this.entry.name}: re-listing tools failed: ${describeError(error)}`);
    } finally {
      relist.running = false;
    }
    if (relist !== this.relist) return;
    this.options.onChange();
    if (relist.again) {
      relist.again = false;
      this.scheduleRelist();
    }
  }

  private markDegraded(reason: string): void {
    if (this.degraded === reason) return;
    this.degraded = reason;
    this.log?.warn(`mcp: ${this.entry.name} degraded: ${reason}`);
    this.options.onChange();
  }

  async callTool(
    originalName: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<RawCallToolResult> {
    const client = this.connectedClient();
    if (this.inFlight >= MAX_CALLS_IN_FLIGHT) {
      throw new HubError(
        'CALL_FAILED',
        `MCP server "${this.entry.name}" already has ${MAX_CALLS_IN_FLIGHT} calls waiting; try again when some have answered`,
      );
    }
    const timeout = options.timeoutMs ?? this.callTimeoutMs;
    this.inFlight++;
    try {
      return await this.requestTool(client, originalName, args, options, timeout);
    } catch (error) {
      // A server may ask for more scopes mid-session (403 insufficient_scope): a headless host
      // grants them once and calls again; anyone else hears how to log in.
      if (!this.login || !isUnauthorized(error))
        throw this.explainCallFailure(error, timeout, options.signal);
      if (!this.login.headless) {
        throw new HubError(
          'NEEDS_LOGIN',
          `MCP server "${this.entry.name}" wants a new login (more permissions): log in again`,
          { cause: error },
        );
      }
      try {
        await this.login.completeHeadless();
        return await this.requestTool(client, originalName, args, options, timeout);
      } catch (retryError) {
        throw this.explainCallFailure(retryError, timeout, options.signal);
      }
    } finally {
      this.inFlight--;
    }
  }

  private requestTool(
    client: Client,
    originalName: string,
    args: Record<string, unknown>,
    options: CallOptions,
    timeout: number,
  ): Promise<RawCallToolResult> {
    return client.request(
      { method: 'tools/call', params: { name: originalName, arguments: args } },
      RawCallToolResult,
      {
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: timeout * PROGRESS_HARD_MAX_FACTOR,
        // Asking for progress is what makes the server's progress notifications extend the timer.
        onprogress: (progress) => options.onProgress?.(progressOf(progress)),
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
  }

  private explainCallFailure(error: unknown, timeout: number, signal?: AbortSignal): HubError {
    const name = this.entry.name;
    if (signal?.aborted) return new HubError('ABORTED', `call to "${name}" was cancelled`, { cause: error });
    if (
      error instanceof SdkError &&
      error.code === SdkErrorCode.RequestTimeout &&
      /total/i.test(error.message)
    ) {
      return new HubError(
        'TIMEOUT',
        `MCP server "${name}" kept reporting progress but did not finish within ${timeout * PROGRESS_HARD_MAX_FACTOR} ms (ten times the call timeout); the call was cancelled`,
        { cause: error },
      );
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return new HubError(
        'TIMEOUT',
        `MCP server "${name}" did not answer within ${timeout} ms; the call was cancelled`,
        {
          cause: error,
        },
      );
    }
    if (
      this.state === 'unavailable' ||
      (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)
    ) {
      return new HubError(
        'SERVER_UNAVAILABLE',
        `MCP server "${name}" is unavailable${this.error ? `: ${this.error}` : ''}`,
        {
          cause: error,
        },
      );
    }
    return new HubError(
      'CALL_FAILED',
      `MCP server "${name}" answered with an error: ${describeError(error)}`,
      {
        cause: error,
      },
    );
  }

  private onTransportClosed(): void {
    if (this.state !== 'connected' && this.state !== 'connecting') return;
    if (!this.stdio?.exitedOnItsOwn && this.stdio) return;
    const exit = this.stdio?.exitInfo;
    const how = exit
      ? exit.signal
        ? `killed by ${exit.signal}`
        : `exit code ${exit.code}`
      : 'connection closed';
    const tail = summarizeStderr(this.stdio?.stderr.tail(20) ?? []);
    this.error = `server process ended (${how})${tail ? `; stderr: ${tail}` : ''}; use reconnect to start it again`;
    if (this.state === 'connected') {
      this.tools = [];
      this.setState('unavailable');
      this.log?.warn(`mcp: ${this.entry.name} unavailable: ${this.error}`);
    }
  }

  /** Starts a login: the URL to visit, or `undefined` once logged in (refreshed, or headless). */
  async beginLogin(): Promise<URL | undefined> {
    const login = this.requireLogin();
    if (login.headless) {
      await login.completeHeadless();
      await this.connect(LOGGED_IN);
      return undefined;
    }
    const url = await login.begin();
    if (!url) await this.connect(LOGGED_IN);
    return url;
  }

  /** Finishes a login with the authorization server's answer, then connects. */
  async completeLogin(params: URLSearchParams): Promise<void> {
    await this.requireLogin().complete(params);
    await this.connect(LOGGED_IN);
  }

  /** Revokes and forgets the login; the server then needs a new one. */
  async logout(): Promise<void> {
    const login = this.requireLogin();
    await this.close();
    await login.logout();
    await this.connect(NO_AUTOMATIC_LOGIN);
  }

  private requireLogin(): ServerLogin {
    if (!this.login) {
      throw new HubError(
        'NOT_SUPPORTED',
        `MCP server "${this.entry.name}" is not a remote server this host can log in to`,
      );
    }
    return this.login;
  }

  /** Closes the client and transport; for stdio that is SIGTERM, then SIGKILL after 5 s. */
  async close(): Promise<void> {
    this.generation++;
    clearTimeout(this.relist.timer);
    this.login?.close();
    await this.teardown();
    if (this.state === 'connected' || this.state === 'connecting') {
      this.state = 'unavailable';
      this.error = 'closed';
    }
  }

  /** Turns the server on (connecting it) or off (closing it, its process reaped) at run time. */
  async setEnabled(enabled: boolean): Promise<void> {
    this.enabled = enabled;
    if (enabled) {
      if (this.state === 'disabled') await this.connect();
      return;
    }
    await this.close();
    this.error = undefined;
    this.degraded = undefined;
    this.tools = [];
    if (!this.entry.invalid) this.setState('disabled');
  }

  private async teardown(): Promise<void> {
    const client = this.client;
    const transport = this.transport;
    const stdio = this.stdio;
    this.client = undefined;
    this.transport = undefined;
    if (stdio) this.lastStderr = stdio.stderr.tail(20);
    await client?.close().catch(() => {});
    // Client.close() may not reach a transport that never finished connecting.
    await (stdio ?? transport)?.close().catch(() => {});
  }

  private explainConnectFailure(error: unknown): string {
    const exit = this.stdio?.exitInfo;
    if (error instanceof HubError) return error.message;
    const message = describeError(error);
    if (exit && this.stdio?.exitedOnItsOwn) {
      const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
      const tail = summarizeStderr(this.stdio?.stderr.tail(20) ?? this.lastStderr);
      if (exit.code === null && exit.signal === null) return message;
      return `server process exited during start-up (${how})${tail ? `; stderr: ${tail}` : ''}`;
    }
    return message;
  }

  /** The client of a connected server, or the refusal a caller can act on. */
  private connectedClient(): Client {
    if (this.state !== 'connected' || !this.client) {
      throw new HubError(
        'SERVER_UNAVAILABLE',
        `MCP server "${this.entry.name}" is ${this.state}${this.error ? `: ${this.error}` : ''}`,
      );
    }
    return this.client;
  }

  private requireClient(): Client {
    if (!this.client)
      throw new HubError('SERVER_UNAVAILABLE', `MCP server "${this.entry.name}" is not connected`);
    return this.client;
  }

  private setState(state: ServerState): void {
    this.state = state;
    this.options.onChange();
  }
}

/**
 * The line that explains a crash is rarely the last one (Node prints its version after the stack),
 * so the most recent line that looks like an error leads, followed by the very last line.
 */
export function summarizeStderr(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  const last = lines.at(-1) ?? '';
  const telling = [...lines]
    .reverse()
    .find((l) => /error|fatal|cannot|not found|denied|missing|invalid/i.test(l));
  return telling && telling !== last ? `${telling.trim()} … ${last.trim()}` : last.trim();
}

/** `connect`'s count of logins made for it: one just made, or none to be made (after a logout). */
const LOGGED_IN = 1;
const NO_AUTOMATIC_LOGIN = 2;

/** JSON-RPC's "Method not found" (-32601), as the SDK reports a request the peer does not know. */
function isMethodNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === -32601;
}
