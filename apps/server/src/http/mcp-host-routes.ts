import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HostInputBroker } from '../mcp/host-input.js';
import { SAMPLING_POLICIES, type SamplingPolicies } from '../mcp/sampling-policy.js';
import { type McpRouteDeps, serverParam } from './mcp-routes.js';
import { parseInput } from './parse.js';

export interface McpHostRouteDeps extends McpRouteDeps {
  input: HostInputBroker;
  sampling: SamplingPolicies;
}

/** Where an authorization server sends the browser back; outside /api so no BooCode token is needed. */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

const InputParams = z.object({ id: z.string().uuid() });
const FormValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
const InputAnswer = z.union([
  z.object({ action: z.literal('accept'), content: z.record(z.string(), FormValue) }).strict(),
  z.object({ action: z.enum(['decline', 'cancel']) }).strict(),
  z.object({ approve: z.boolean(), remember: z.enum(['always', 'never']).optional() }).strict(),
]);
const PolicyBody = z.object({ policy: z.enum(SAMPLING_POLICIES) }).strict();
const CallbackQuery = z.record(z.string(), z.string());

/**
 * What servers ask of the user: OAuth logins (start, the browser's return, logout), forms and
 * sampling approvals waiting on an answer, and who may sample the model.
 */
export function registerMcpHostRoutes(app: FastifyInstance, deps: McpHostRouteDeps): void {
  const { hub, input, sampling } = deps;

  app.post('/api/mcp/:server/login', async (request) => {
    const server = serverParam(request.params, deps);
    return hub.login(server);
  });

  app.post('/api/mcp/:server/logout', async (request) => {
    const server = serverParam(request.params, deps);
    return hub.logout(server);
  });

  app.get(OAUTH_CALLBACK_PATH, async (request, reply) => {
    const query = new URLSearchParams(parseInput(CallbackQuery, request.query, 'query'));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    try {
      const status = await hub.completeLogin(query);
      return page(
        `Logged in to ${status.name}`,
        `BooCode is logged in to the MCP server "${status.name}" (${status.state}).`,
      );
    } catch (error) {
      reply.code(400);
      return page('Login failed', (error as Error).message);
    }
  });

  app.get('/api/mcp/input', async () => ({ requests: input.list() }));

  app.post('/api/mcp/input/:id', async (request) => {
    const { id } = parseInput(InputParams, request.params, 'path');
    input.answer(id, parseInput(InputAnswer, request.body, 'body'));
    return { ok: true };
  });

  app.get('/api/mcp/:server/sampling', async (request) => ({
    policy: sampling.get(serverParam(request.params, deps)),
  }));

  app.put('/api/mcp/:server/sampling', async (request) => {
    const server = serverParam(request.params, deps);
    const { policy } = parseInput(PolicyBody, request.body, 'body');
    sampling.set(server, policy);
    return { policy };
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The small page a browser lands on after the authorization server, with the way back. */
function page(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · BooCode</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to BooCode</a></p></main></body></html>`;
}
