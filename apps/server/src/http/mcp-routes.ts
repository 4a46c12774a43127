import type { McpInputRequest } from '@boocode/api-types';
import { editMcpConfig, HubError, type LoadedConfig, type McpHub, type ServerStatus } from '@boocode/mcp-hub';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { HostInputBroker } from '../mcp/host-input.js';
import { parseInput } from './parse.js';
import { openStream } from './sse.js';

export interface McpRouteDeps {
  hub: McpHub;
  mcpConfig: LoadedConfig;
  /** Servers' questions to the user; each open event stream counts as someone who can answer. */
  input?: HostInputBroker;
}

/** A noisy server's stderr reaches watchers at most this often (its status carries the tail). */
const STDERR_COALESCE_MS = 250;

const ServerParams = z.object({ server: z.string().min(1) });

/**
 * The MCP panel's API: status, a live stream of changes, and per-server reconnect, enable and
 * disable. Enable and disable write `mcp.json` first (the same atomic writer as `boocode mcp
 * enable`), so the choice survives a restart and a failed write changes nothing.
 */
/** The `:server` of a route, which must name a configured server (404 names the file otherwise). */
export function serverParam(params: unknown, { hub, mcpConfig }: McpRouteDeps): string {
  const { server } = parseInput(ServerParams, params, 'path');
  if (!hub.status().some((s) => s.name === server))
    throw new AppError('NOT_FOUND', `no MCP server named "${server}" in ${mcpConfig.path}`);
  return server;
}

export function registerMcpRoutes(app: FastifyInstance, deps: McpRouteDeps): void {
  const { hub, mcpConfig, input } = deps;
  const requireServer = (params: unknown) => serverParam(params, deps);

  app.get('/api/mcp', async () => ({
    configPath: mcpConfig.path,
    configFound: mcpConfig.found,
    configError: mcpConfig.error ?? null,
    servers: hub.status(),
  }));

  // `servers` first (everything as it is now), then `server` for each change, `tools` when the
  // offered tool set changed, `resource-updated` for a subscribed resource and `list-changed` when a
  // server's resources or prompts changed, and `input-requested` / `input-settled` for a server's
  // form or sampling request (the ones already waiting come first), so a page never polls.
  app.get('/api/mcp/events', async (_request, reply) => {
    const stream = openStream(reply);
    stream.write({ type: 'servers', servers: hub.status() });
    const onInput = (request: McpInputRequest) => stream.write({ type: 'input-requested', request });
    const onSettled = (id: string) => stream.write({ type: 'input-settled', id });
    if (input) {
      input.watchers++;
      for (const request of input.list()) onInput(request);
      input.on('requested', onInput);
      input.on('settled', onSettled);
    }
    const sendServer = (status: ServerStatus) => stream.write({ type: 'server', server: status });
    const onTools = () => stream.write({ type: 'tools' });
    const pending = new Map<string, NodeJS.Timeout>();
    const onStderr = (server: string) => {
      if (pending.has(server)) return;
      pending.set(
        server,
        setTimeout(() => {
          pending.delete(server);
          const status = hub.status().find((s) => s.name === server);
          if (status) sendServer(status);
        }, STDERR_COALESCE_MS),
      );
    };
    const onResource = (server: string, uri: string) =>
      stream.write({ type: 'resource-updated', server, uri });
    const onList = (server: string, list: 'resources' | 'prompts') =>
      stream.write({ type: 'list-changed', server, list });
    hub.on('statusChanged', sendServer);
    hub.on('toolsChanged', onTools);
    hub.on('stderr', onStderr);
    hub.on('resourceUpdated', onResource);
    hub.on('listChanged', onList);
    stream.onClose(() => {
      if (input) {
        input.watchers--;
        input.off('requested', onInput);
        input.off('settled', onSettled);
      }
      hub.off('statusChanged', sendServer);
      hub.off('toolsChanged', onTools);
      hub.off('stderr', onStderr);
      hub.off('resourceUpdated', onResource);
      hub.off('listChanged', onList);
      for (const timer of pending.values()) clearTimeout(timer);
    });
    return reply;
  });

  app.post('/api/mcp/:server/reconnect', async (request) => hub.reconnect(requireServer(request.params)));

  for (const op of ['enable', 'disable'] as const) {
    app.post(`/api/mcp/:server/${op}`, async (request) => {
      const server = requireServer(request.params);
      try {
        await editMcpConfig(mcpConfig.path, { op, name: server });
      } catch (error) {
        throw asAppError(error, mcpConfig.path);
      }
      return hub.setEnabled(server, op === 'enable');
    });
  }
}

function asAppError(error: unknown, file: string): AppError {
  if (!(error instanceof HubError)) {
    return new AppError('CONFIG_INVALID', `cannot write ${file}: ${(error as Error).message}`);
  }
  // The server is running but no longer in the file: someone edited it since start-up.
  if (error.code === 'UNKNOWN_SERVER' || error.code === 'CONFIG_NOT_FOUND')
    return new AppError('CONFLICT', `${error.message}; restart BooCode to load the file as it is now`);
  return new AppError('CONFIG_INVALID', error.message);
}
