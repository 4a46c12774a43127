import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { HubLogger, McpHub, RawCallToolResult, ServerEntry } from '@boocode/mcp-hub';
import {
  type ProgressReporter,
  type ProgressUpdate,
  packageInfo,
  percentOf,
  progressReporter,
  silentProgress,
  type ToolContext,
} from '@boocode/mcp-server-kit';
import type { BoocontextEnvironment } from '../config.js';
import { ToolFailure } from '../envelope.js';
import { ConfigError } from '../errors.js';

export type ChildName = 'code-graph' | 'ts-types';

/** A child's tools loaded into this process instead: what a one-shot command uses, sparing a process. */
export interface InProcessTools {
  call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<RawCallToolResult>;
  close(): void;
}

export interface ChildCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The same tools as a module of this install (the default code-graph has one); an override has none. */
  inProcess?: (env: NodeJS.ProcessEnv) => Promise<InProcessTools>;
}

/** More entry files than code-graph takes as a scope: the whole root is indexed ahead instead. */
const MAX_AHEAD_ENTRIES = 2_000;

/**
 * How long a served session goes without a deep call before the languages its entry points do not
 * need are indexed ahead: longer than the calls of one burst are apart, so they do not queue behind it.
 */
const REST_AHEAD_QUIET_MS = 3_000;

/** mcp-hub (and the MCP client SDK under it) loads with the first child, not with every command. */
const loadHub = () => import('@boocode/mcp-hub');

const CHILD_PACKAGES: Record<ChildName, string> = {
  'code-graph': '@boocode/code-graph',
  'ts-types': '@boocode/ts-types',
};

/**
 * The children are dependencies of this package: each is found by module resolution from here
 * (monorepo, npx cache or a global install alike) and started by its bin with this Node. A package
 * that cannot be resolved falls back to its bin name on PATH. Found when first started, not here:
 * resolving both packages' exports cost a one-shot `map`, which starts no child, ~6 ms of its ~200.
 */
export function defaultChildren(): Record<ChildName, ChildCommand> {
  const installed = (name: ChildName): ChildCommand => {
    let found: Pick<ChildCommand, 'command' | 'args'> | undefined;
    const resolved = () => (found ??= resolveInstalled(name));
    return {
      get command() {
        return resolved().command;
      },
      get args() {
        return resolved().args;
      },
    };
  };
  const codeGraph = installed('code-graph');
  codeGraph.inProcess = async (env) => (await import('@boocode/code-graph/tools')).codeGraphTools({ env });
  return { 'code-graph': codeGraph, 'ts-types': installed('ts-types') };
}

function resolveInstalled(name: ChildName): Pick<ChildCommand, 'command' | 'args'> {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${CHILD_PACKAGES[name]}/package.json`);
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
    const file = typeof bin === 'string' ? bin : bin?.[name];
    if (file) return { command: process.execPath, args: [path.resolve(path.dirname(manifest), file)] };
  } catch {
    // Not installed beside boocontext: PATH may still have it.
  }
  return { command: name, args: [] };
}

/**
 * Applies `BOOCONTEXT_CODE_GRAPH_CMD` / `BOOCONTEXT_TS_TYPES_CMD` and `--child name=cmd,arg,…`
 * overrides to the default child commands. Throws `ConfigError` naming the bad value.
 */
export function childCommands(
  env: Pick<BoocontextEnvironment, 'BOOCONTEXT_CODE_GRAPH_CMD' | 'BOOCONTEXT_TS_TYPES_CMD'>,
  flags: readonly string[],
): Record<ChildName, ChildCommand> {
  const children = defaultChildren();
  if (env.BOOCONTEXT_CODE_GRAPH_CMD) children['code-graph'] = env.BOOCONTEXT_CODE_GRAPH_CMD;
  if (env.BOOCONTEXT_TS_TYPES_CMD) children['ts-types'] = env.BOOCONTEXT_TS_TYPES_CMD;
  for (const flag of flags) {
    // Split at the first `=` only: an argument may hold one (`--max-old-space-size=4096`).
    const at = flag.indexOf('=');
    const name = at === -1 ? flag : flag.slice(0, at);
    const spec = at === -1 ? '' : flag.slice(at + 1);
    if ((name !== 'code-graph' && name !== 'ts-types') || !spec)
      throw new ConfigError(`--child ${flag}: expected code-graph=cmd,arg… or ts-types=cmd,arg…`);
    const [command = '', ...args] = spec.split(',');
    children[name] = { command, args };
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
  private readonly respawning = new Map<ChildName, Promise<unknown>>();
  private readonly spawned = new Set<McpHub>();
  private readonly indexedAhead = new Set<string>();
  /** The rest of a root's languages, indexed ahead once the session has gone quiet. */
  private readonly restAhead = new Map<string, NodeJS.Timeout>();
  private deepCallsInFlight = 0;
  private lastDeepCallAt = 0;
  private readonly inProcess = new Map<ChildName, Promise<InProcessTools | undefined>>();

  constructor(
    private readonly commands: Record<ChildName, ChildCommand>,
    private readonly options: {
      logger?: HubLogger;
      callTimeoutMs?: number;
      /**
       * For a client that takes no progress (its reporter is `silentProgress`): how long a call may
       * wait on a child (an index being built) before answering CAUTION with how far it got, the
       * work going on for the next call.
       */
      answerWithinMs?: number;
      /** A served session: code-graph indexes each root once the first call naming it has answered. */
      indexAhead?: boolean;
      /**
       * A one-shot command: a child whose tools load in this process runs here (no process to
       * start, no MCP SDK to load on either side: ~0.3 s of a cold `flows`), without the checker
       * pass, whose answers would come after the command has ended. Other node children run their
       * grammars' wasm as first compiled: V8 would otherwise optimise a hot parser function in the
       * background and hold the child's exit until it is done (3.4 s for the Swift grammar's
       * lexer), after the answer is already given.
       */
      oneShot?: boolean;
    } = {},
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
      args: this.options.oneShot && command === process.execPath ? ['--liftoff-only', ...args] : args,
      env,
      enabled: true,
      timeoutMs: 20_000,
      callTimeoutMs: this.options.callTimeoutMs ?? 120_000,
    };
    const { McpHub } = await loadHub();
    const hub = new McpHub([entry], {
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      clientInfo: { name: 'boocontext', version: packageInfo(import.meta.url).version },
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

  /**
   * Starts a child without asking it anything (a process to spawn, or a one-shot command's tools to
   * load), so that start-up overlaps the caller's own work before its first call. A failure here
   * is the first call's to report.
   */
  prepare(name: ChildName): void {
    const ready =
      this.options.oneShot && this.commands[name].inProcess ? this.inProcessTools(name) : this.hub(name);
    ready.catch(() => {});
  }

  /**
   * Has code-graph index a root in the background, once per root, after the first call naming it
   * (an overview, typically) has answered: while the host's model reads that answer, the child
   * starts and indexes, and the deep tools asked next (flows, callgraph, impact) find the index
   * built. Deferred past the answer so that call shares no CPU with it. Given the files the root's
   * entry points are declared in, it indexes first only what their flows need (a front end beside
   * a back end is most of a pair's parse, and flows never reach it), and the rest once no deep
   * call has been made for a while, so a flows call asked meanwhile does not queue behind it. A
   * failure here is no answer's: the tool that needs the child meets it and reports it.
   */
  indexAhead(root: string, entryFiles?: () => readonly string[] | undefined): void {
    if (!this.options.indexAhead || this.indexedAhead.has(root)) return;
    this.indexedAhead.add(root);
    const files = [...new Set(entryFiles?.())];
    const scoped = files.length > 0 && files.length <= MAX_AHEAD_ENTRIES;
    setImmediate(() =>
      this.ahead(root, scoped ? files : undefined).then(() => {
        if (scoped) this.indexRestWhenQuiet(root);
      }),
    );
  }

  private ahead(root: string, files?: readonly string[]): Promise<void> {
    const args = files ? { root, entries: files.map((file) => ({ file })) } : { root };
    return this.callChild('code-graph', 'index_status', args, undefined, () => {}).then(
      () => undefined,
      (error: Error) =>
        this.options.logger?.warn(`code-graph could not index ${root} ahead: ${error.message}`),
    );
  }

  private indexRestWhenQuiet(root: string): void {
    const quietFor = performance.now() - this.lastDeepCallAt;
    const wait = this.deepCallsInFlight > 0 ? REST_AHEAD_QUIET_MS : REST_AHEAD_QUIET_MS - quietFor;
    if (wait > 0) {
      const timer = setTimeout(() => this.indexRestWhenQuiet(root), wait);
      timer.unref();
      this.restAhead.set(root, timer);
      return;
    }
    this.restAhead.delete(root);
    void this.ahead(root);
  }

  status(name: ChildName) {
    return this.hubs.get(name)?.status()[0];
  }

  async call(
    name: ChildName,
    tool: string,
    args: Record<string, unknown>,
    { signal, progress }: { signal?: AbortSignal; progress?: ProgressReporter } = {},
  ): Promise<RawCallToolResult> {
    let last: ProgressUpdate | undefined;
    // The child's progress (an index being built) reaches our client and keeps its timer alive.
    const call = this.callChild(name, tool, args, signal, (update) => {
      last = update;
      progress?.relay(update);
    });
    if (name === 'code-graph') {
      this.deepCallsInFlight++;
      call
        .finally(() => {
          this.deepCallsInFlight--;
          this.lastDeepCallAt = performance.now();
        })
        .catch(() => {});
    }
    const waitMs = progress === silentProgress ? this.options.answerWithinMs : undefined;
    if (waitMs === undefined) return call;
    const timer = new AbortController();
    const result = await Promise.race([call, sleep(waitMs, undefined, { signal: timer.signal })]).finally(
      () => timer.abort(),
    );
    if (result) return result;
    // Not cancelled: the child keeps indexing, and the next call shares or reuses its work.
    call.catch(() => {});
    const percent = last && percentOf(last);
    throw new ToolFailure(
      'CAUTION',
      'BUSY',
      `${name} is still ${last?.message ?? 'starting'}${percent === undefined ? '' : ` (${percent}%)`} after ${waitMs / 1000} s; it goes on in the background: ask again shortly`,
      { child: name, progress: last ?? null },
    );
  }

  /** A one-shot command's in-process tools of a child, or undefined when it has none or they do not load. */
  private inProcessTools(name: ChildName): Promise<InProcessTools | undefined> {
    const load = this.commands[name].inProcess;
    if (!this.options.oneShot || !load) return Promise.resolve(undefined);
    let loading = this.inProcess.get(name);
    if (!loading) {
      // No checker pass: the command ends with its answer. The index it builds is the server's too.
      loading = load({ ...process.env, CODE_GRAPH_PRECISE: '0' }).catch(() => undefined);
      this.inProcess.set(name, loading);
    }
    return loading;
  }

  /**
   * One call to a child's tools in this process, bounded as a call to the child is: past
   * `callTimeoutMs` it is cancelled (the tools stop at their next check of the signal) and answers
   * TIMEOUT.
   */
  private async callInProcess(
    name: ChildName,
    local: InProcessTools,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onProgress: (update: ProgressUpdate) => void,
  ): Promise<RawCallToolResult> {
    const timeoutMs = this.options.callTimeoutMs ?? 120_000;
    const timer = AbortSignal.timeout(timeoutMs);
    const cancel = signal ? AbortSignal.any([signal, timer]) : timer;
    let onAbort = () => {};
    const late = new Promise<never>((_, reject) => {
      onAbort = () => reject(cancel.reason);
      cancel.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([
        local.call(tool, args, { signal: cancel, progress: progressReporter(onProgress) }),
        late,
      ]);
    } catch (error) {
      if (!timer.aborted || signal?.aborted) throw error;
      throw new ToolFailure(
        'CAUTION',
        'TIMEOUT',
        `${name} did not answer ${tool} within ${timeoutMs / 1000} s; try a narrower query`,
      );
    } finally {
      // Answered in time: the timer's abort, later, rejects nothing.
      cancel.removeEventListener('abort', onAbort);
    }
  }

  /** One call, the child spawned (or respawned once) as needed. */
  private async callChild(
    name: ChildName,
    tool: string,
    args: Record<string, unknown>,
    signal: AbortSignal | undefined,
    onProgress: (update: ProgressUpdate) => void,
  ): Promise<RawCallToolResult> {
    const local = await this.inProcessTools(name);
    if (local) return this.callInProcess(name, local, tool, args, signal, onProgress);
    for (let attempt = 0; ; attempt++) {
      const hub = await this.hub(name);
      const status = hub.status()[0];
      if (status?.state !== 'connected') {
        // Calls made while the child is being respawned wait for that respawn, not spend their own.
        const respawning = this.respawning.get(name);
        if (respawning) {
          await respawning;
          continue;
        }
        if (status?.state === 'unavailable' && (this.respawns.get(name) ?? 0) < 1) {
          this.respawns.set(name, (this.respawns.get(name) ?? 0) + 1);
          const respawn = hub.reconnect(status.name).finally(() => this.respawning.delete(name));
          this.respawning.set(name, respawn);
          await respawn;
          continue;
        }
        const how = this.commands[name];
        throw new ToolFailure(
          'UNSAFE',
          'UNAVAILABLE',
          `the ${name} child server is ${status?.state ?? 'not running'}${status?.error ? `: ${status.error}` : ''}. ` +
            `It was started as \`${[how.command, ...how.args].join(' ')}\`; build it (npm install) or point boocontext at another implementation with --child ${name}=cmd,args`,
          { child: name, state: status?.state, stderr: status?.stderrTail.slice(-5) },
        );
      }
      try {
        return await hub.callToolRaw(`${status.name}_${tool}`, args, {
          ...(signal ? { signal } : {}),
          onProgress,
        });
      } catch (error) {
        const { HubError } = await loadHub();
        const crashed = hub.status()[0]?.state === 'unavailable';
        if (crashed && attempt === 0) continue;
        if (error instanceof HubError && error.code === 'TIMEOUT') {
          throw new ToolFailure(
            'CAUTION',
            'TIMEOUT',
            `the ${name} child did not answer in time (${error.message}); try a narrower query`,
          );
        }
        if (error instanceof HubError && error.code === 'ABORTED') throw error;
        throw new ToolFailure(
          'UNSAFE',
          'UNAVAILABLE',
          `the ${name} child failed: ${(error as Error).message}`,
          {
            child: name,
          },
        );
      }
    }
  }

  async shutdown(): Promise<void> {
    for (const timer of this.restAhead.values()) clearTimeout(timer);
    this.restAhead.clear();
    for (const loading of this.inProcess.values()) (await loading)?.close();
    this.inProcess.clear();
    await Promise.all([...this.spawned].map((hub) => hub.close()));
    this.spawned.clear();
    this.hubs.clear();
  }
}
