import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type HubLogger, type LoadedConfig, loadMcpConfig, McpHub } from '@boocode/mcp-hub';
import { packageInfo } from '@boocode/mcp-server-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadAgents } from './agents/agents-md.js';
import { prepareDataDir } from './config/data-dir.js';
import type { AppConfig } from './config/env.js';
import { startCheckpointer } from './db/checkpointer.js';
import { databasePermissionWarnings, openDatabase } from './db/database.js';
import { lockDataDir } from './db/lock.js';
import { Store } from './db/store.js';
import { AppError } from './errors.js';
import { registerAuth } from './http/auth.js';
import { registerGuard } from './http/guard.js';
import { asApiError } from './http/hub-errors.js';
import { loggerOptions } from './http/logger.js';
import { OAUTH_CALLBACK_PATH } from './http/mcp-host-routes.js';
import { registerRoutes } from './http/routes.js';
import { registerWeb } from './http/web.js';
import { TurnManager } from './inference/turns.js';
import { HostInputBroker } from './mcp/host-input.js';
import { SqliteOAuthStore } from './mcp/oauth-store.js';
import { sampleWithModel } from './mcp/sampling.js';
import { SamplingPolicies } from './mcp/sampling-policy.js';
import { nativeTools } from './tools/native/index.js';
import { NativeToolPool } from './tools/native/pool.js';
import { ToolRegistry } from './tools/registry.js';
import { TOOL_SEARCH } from './tools/search/tool-search.js';
import { Workspace } from './tools/workspace.js';

export interface BooCode {
  app: FastifyInstance;
  hub: McpHub;
  tools: ToolRegistry;
  store: Store;
  mcpConfig: LoadedConfig;
  /** Connects the MCP servers; call after `listen` so the API is usable at once. */
  connectMcp(): Promise<void>;
}

/** Wires storage, tools, agents, the hub and the HTTP API; nothing listens yet. */
export interface BooCodeOptions {
  logger?: boolean;
  /** The built page (`@boocode/web`'s dist) to serve at `/`; without it `/` says how to build one. */
  webRoot?: string;
}

export async function createBooCode(config: AppConfig, options: BooCodeOptions = {}): Promise<BooCode> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    bodyLimit: 4 * 1024 * 1024,
  });
  const log = app.log;
  const workspace = await Workspace.open(config.workspaceDir);
  const { seeded } = prepareDataDir(config.dataDir, config.dataDefaultsDir);
  if (seeded.length > 0)
    log.info(
      `${config.dataDir} had no ${seeded.join(' or ')}: copied the shipped defaults from ${config.dataDefaultsDir}`,
    );
  const unlock = lockDataDir(config.dataDir);
  const dbFile = path.join(config.dataDir, 'boocode.db');
  let db: ReturnType<typeof openDatabase>;
  try {
    db = openDatabase(dbFile);
  } catch (error) {
    unlock();
    throw error;
  }
  for (const warning of databasePermissionWarnings(dbFile)) log.warn(warning);
  const checkpointer = startCheckpointer(db, dbFile);
  const store = new Store(db);
  const interrupted = store.markRunningInterrupted();
  if (interrupted > 0)
    log.warn(`${interrupted} turn(s) were running when BooCode last stopped; marked interrupted`);

  const agentsFile = await loadAgents(path.join(config.dataDir, 'AGENTS.md'));
  for (const problem of agentsFile.problems) log.warn(`AGENTS.md: ${problem}`);

  const hubLogger: HubLogger = {
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
  };
  const mcpConfig = await loadMcpConfig({ path: config.mcpConfigPath, logger: hubLogger });
  const pool = new NativeToolPool({ root: workspace.root, timeLimitMs: config.toolTimeLimitMs });
  const native = nativeTools(workspace, pool);
  const sampling = new SamplingPolicies(db);
  const { model } = config;
  const input = new HostInputBroker({
    policies: sampling,
    ...(model ? { runModel: (request, signal) => sampleWithModel(model, request, signal) } : {}),
    warn: (message) => log.warn(message),
  });
  const hub = new McpHub(mcpConfig.entries, {
    reservedNames: [...native.map((t) => t.name), TOOL_SEARCH],
    logger: hubLogger,
    clientInfo: { name: 'boocode', version: packageInfo(import.meta.url).version },
    // Servers that ask where to work are given the workspace (boocontext needs no --root then).
    roots: [{ uri: pathToFileURL(workspace.root).href, name: path.basename(workspace.root) }],
    hostInput: input.hostInput(),
    hostInputLimits: {
      samplingPerMinute: config.sampling.perMinute,
      samplingMaxTokens: config.sampling.maxTokens,
    },
    oauth: {
      store: new SqliteOAuthStore(db, (message) => log.warn(message)),
      redirectUrl: () => `${config.publicUrl ?? listenOrigin(app, config.host)}${OAUTH_CALLBACK_PATH}`,
    },
  });
  const tools = new ToolRegistry(native, hub);
  const agents = () => agentsFile.agents;
  const turns = new TurnManager({ store, tools, agents, config, log });

  app.setErrorHandler((thrown, request, reply) => {
    const error = asApiError(thrown);
    if (error instanceof AppError) {
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: 'BAD_REQUEST', message: (error as Error).message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: { code: 'INTERNAL', message: 'internal error; the server log has details' } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: { code: 'NOT_FOUND', message: `no route ${request.method} ${request.url}` } }),
  );
  registerGuard(app, {
    listenHost: config.host,
    allowedHosts: config.allowedHosts,
    ...(config.publicUrl ? { publicOrigin: config.publicUrl } : {}),
  });
  registerAuth(app, config.token);
  registerRoutes(app, {
    store,
    turns,
    tools,
    hub,
    mcpConfig,
    agents,
    agentProblems: agentsFile.problems,
    modelConfigured: config.model !== undefined,
    input,
    sampling,
  });
  await registerWeb(app, options.webRoot);

  app.addHook('onClose', async () => {
    await turns.shutdown();
    await pool.close();
    await hub.close();
    await checkpointer.stop();
    db.close();
    unlock();
  });

  return { app, hub, tools, store, mcpConfig, connectMcp: () => hub.start() };
}

/** The origin a browser on this machine reaches BooCode at, once it listens (BOOCODE_PUBLIC_URL overrides). */
function listenOrigin(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
