import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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

/**
 * A server's resources and prompts: list, read (text capped), subscribe, get a prompt's messages.
 * Updates of subscribed resources reach the page on `/api/mcp/events`.
 */
export function registerMcpFeatureRoutes(app: FastifyInstance, deps: McpRouteDeps): void {
  const { hub } = deps;
  app.get('/api/mcp/:server/resources', async (request) => {
    const server = serverParam(request.params, deps);
    return hub.listResources(server);
  });

  app.get('/api/mcp/:server/resource', async (request) => {
    const server = serverParam(request.params, deps);
    const { uri } = parseInput(ReadQuery, request.query, 'query');
    const contents = await hub.readResource(server, uri);
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
    await hub.subscribeResource(server, uri, subscribed);
    return { uri, subscribed };
  });

  app.get('/api/mcp/:server/prompts', async (request) => {
    const server = serverParam(request.params, deps);
    return { prompts: await hub.listPrompts(server) };
  });

  app.post('/api/mcp/:server/prompts/:name', async (request) => {
    const server = serverParam(request.params, deps);
    const { name } = parseInput(PromptParams, request.params, 'path');
    const body = parseInput(PromptBody, request.body ?? undefined, 'body');
    return hub.getPrompt(server, name, body.arguments);
  });
}
