import { HubError } from '@boocode/mcp-hub';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, type AppErrorCode } from '../errors.js';
import { type McpRouteDeps, serverParam } from './mcp-routes.js';
import { parseInput } from './parse.js';

/** A read answers at most this much text: it is meant for a message, not for copying a database. */
export const MAX_RESOURCE_CHARS = 1_000_000;

const ReadQuery = z.object({ uri: z.string().min(1).max(8_192) });
const Subscribe = z
  .object({ uri: z.string().min(1).max(8_192), subscribed: z.boolean().default(true) })
  .strict();
const PromptParams = z.object({ name: z.string().min(1) }).loose();
const PromptBody = z
  .object({ arguments: z.record(z.string(), z.string().max(100_000)).default({}) })
  .strict()
  .default({ arguments: {} });

const HUB_CODES: Partial<Record<HubError['code'], AppErrorCode>> = {
  UNKNOWN_SERVER: 'NOT_FOUND',
  NOT_SUPPORTED: 'NOT_SUPPORTED',
  SERVER_UNAVAILABLE: 'MCP_UNAVAILABLE',
  TIMEOUT: 'MCP_TIMEOUT',
  ABORTED: 'MCP_UNAVAILABLE',
  NEEDS_LOGIN: 'MCP_NEEDS_LOGIN',
  LOGIN_FAILED: 'MCP_LOGIN_FAILED',
};

/** A hub failure as the API's error: the hub's message, a status that says whose fault it was. */
function asAppError(error: unknown): unknown {
  if (!(error instanceof HubError)) return error;
  return new AppError(HUB_CODES[error.code] ?? 'MCP_ERROR', error.message);
}

export async function viaHub<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asAppError(error);
  }
}

/**
 * A server's resources and prompts: list, read (text capped), subscribe, get a prompt's messages.
 * Updates of subscribed resources reach the page on `/api/mcp/events`.
 */
export function registerMcpFeatureRoutes(app: FastifyInstance, deps: McpRouteDeps): void {
  const { hub } = deps;
  app.get('/api/mcp/:server/resources', async (request) => {
    const server = serverParam(request.params, deps);
    return viaHub(() => hub.listResources(server));
  });

  app.get('/api/mcp/:server/resource', async (request) => {
    const server = serverParam(request.params, deps);
    const { uri } = parseInput(ReadQuery, request.query, 'query');
    const contents = await viaHub(() => hub.readResource(server, uri));
    let budget = MAX_RESOURCE_CHARS;
    let truncated = false;
    const capped = contents.map((item) => {
      const size = (item.text ?? item.blob ?? '').length;
      if (size <= budget) {
        budget -= size;
        return item;
      }
      truncated = true;
      const { blob: _dropped, ...rest } = item;
      return item.text !== undefined ? { ...rest, text: item.text.slice(0, Math.max(0, budget)) } : rest;
    });
    return { contents: capped, truncated };
  });

  app.post('/api/mcp/:server/resources/subscribe', async (request) => {
    const server = serverParam(request.params, deps);
    const { uri, subscribed } = parseInput(Subscribe, request.body, 'body');
    await viaHub(() => hub.subscribeResource(server, uri, subscribed));
    return { uri, subscribed };
  });

  app.get('/api/mcp/:server/prompts', async (request) => {
    const server = serverParam(request.params, deps);
    return { prompts: await viaHub(() => hub.listPrompts(server)) };
  });

  app.post('/api/mcp/:server/prompts/:name', async (request) => {
    const server = serverParam(request.params, deps);
    const { name } = parseInput(PromptParams, request.params, 'path');
    const body = parseInput(PromptBody, request.body ?? undefined, 'body');
    return viaHub(() => hub.getPrompt(server, name, body.arguments));
  });
}
