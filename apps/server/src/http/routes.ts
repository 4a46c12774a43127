import type { AgentInfo, SessionDetail, ToolInfo } from '@boocode/api-types';
import { type LoadedConfig, type McpHub, matchToolGlob, type ToolResult } from '@boocode/mcp-hub';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Agent } from '../agents/agents-md.js';
import type { Store } from '../db/store.js';
import { AppError } from '../errors.js';
import type { TurnManager } from '../inference/turns.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolDef } from '../tools/types.js';
import { registerMcpRoutes } from './mcp-routes.js';
import { parseInput } from './parse.js';
import { openEventStream, openStream } from './sse.js';

export interface RouteDeps {
  store: Store;
  turns: TurnManager;
  tools: ToolRegistry;
  hub: McpHub;
  mcpConfig: LoadedConfig;
  agents: () => Agent[];
  agentProblems: string[];
  modelConfigured: boolean;
}

const SessionParams = z.object({ id: z.string().min(1) });
const CreateSession = z.object({ agent: z.string().min(1).nullish() }).strict();
const PostMessage = z
  .object({ content: z.string().trim().min(1, 'must not be empty').max(200_000) })
  .strict();
const ToolCall = z
  .object({ arguments: z.record(z.string(), z.unknown()).default({}), agent: z.string().optional() })
  .strict();

const describeTool = (t: ToolDef): ToolInfo => ({
  name: t.name,
  description: t.description,
  source: t.source,
  server: t.server ?? null,
  inputSchema: t.inputSchema,
});

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, turns, tools } = deps;

  const requireSession = (id: string) => {
    const session = store.getSession(id);
    if (!session) throw new AppError('NOT_FOUND', `no session ${id}`);
    return session;
  };

  app.get('/healthz', async () => ({
    ok: true,
    model: deps.modelConfigured ? 'configured' : 'not configured',
    mcp: deps.hub.status().map((s) => ({ name: s.name, state: s.state })),
  }));

  app.post('/api/sessions', async (request, reply) => {
    const body = parseInput(CreateSession, request.body, 'body');
    const agent = body.agent ? turns.resolveAgent(body.agent) : undefined;
    reply.code(201);
    return store.createSession(agent?.name ?? null);
  });

  app.get('/api/sessions', async () => ({ sessions: store.listSessions() }));

  app.get('/api/sessions/:id', async (request) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    const session = requireSession(id);
    const detail: SessionDetail = {
      ...session,
      messages: store.messages(id),
      turns: store.turnsOf(id),
      runningTurnId: turns.running(id)?.id ?? null,
    };
    return detail;
  });

  app.delete('/api/sessions/:id', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    turns.forget(id);
    store.deleteSession(id);
    reply.code(204);
  });

  app.post('/api/sessions/:id/messages', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    const { content } = parseInput(PostMessage, request.body, 'body');
    const started = turns.start(id, content);
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      reply.code(202);
      return started;
    }
    // Streams this turn only; closing the stream leaves the turn running.
    const stream = openEventStream(reply);
    const { replay, unsubscribe } = turns.subscribe(id, (event) => {
      if (event.turnId !== started.turnId) return;
      stream.send(event);
      if (event.type === 'done') stream.end();
    });
    stream.onClose(unsubscribe);
    for (const event of replay) {
      if (event.turnId !== started.turnId) continue;
      stream.send(event);
      if (event.type === 'done') stream.end();
    }
    return reply;
  });

  app.get('/api/sessions/:id/events', async (request, reply) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    const lastEventId =
      (request.headers['last-event-id'] as string | undefined) ??
      (request.query as { lastEventId?: string }).lastEventId;
    const stream = openEventStream(reply);
    const { replay, unsubscribe } = turns.subscribe(id, (event) => stream.send(event), lastEventId);
    stream.onClose(unsubscribe);
    for (const event of replay) stream.send(event);
    return reply;
  });

  app.post('/api/sessions/:id/cancel', async (request) => {
    const { id } = parseInput(SessionParams, request.params, 'path');
    requireSession(id);
    return { cancelled: turns.cancel(id) };
  });

  app.get('/api/agents', async () => ({
    agents: deps.agents().map(
      (agent): AgentInfo => ({
        name: agent.name,
        description: agent.description,
        model: agent.model ?? null,
        tools: agent.tools ?? null,
        toolNames: tools.forAgent(agent).map((t) => t.name),
      }),
    ),
    problems: deps.agentProblems,
  }));

  app.get('/api/tools', async (request) => {
    const { agent: name } = parseInput(z.object({ agent: z.string().optional() }), request.query, 'query');
    const agent = name ? turns.resolveAgent(name) : undefined;
    return { tools: tools.forAgent(agent).map(describeTool) };
  });

  app.post('/api/tools/:name/call', async (request, reply) => {
    const { name } = parseInput(z.object({ name: z.string().min(1) }), request.params, 'path');
    const body = parseInput(ToolCall, request.body, 'body');
    const tool = tools.get(name);
    if (!tool) throw new AppError('UNKNOWN_TOOL', `no tool named "${name}"; GET /api/tools lists them`);
    if (body.agent) {
      const agent = turns.resolveAgent(body.agent);
      if (agent?.tools && !matchToolGlob(name, agent.tools)) {
        throw new AppError('TOOL_NOT_ALLOWED', `agent "${body.agent}" may not call ${name}`);
      }
    }
    const started = performance.now();
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const timed = (result: ToolResult) => ({
      ...result,
      durationMs: Math.round(performance.now() - started),
    });
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
      return timed(await tool.run(body.arguments, { signal: controller.signal, content: true }));
    }
    // Streamed: `progress` events while the call runs, then one `result`. Closing it cancels the call.
    const stream = openStream(reply);
    const result = await tool.run(body.arguments, {
      signal: controller.signal,
      content: true,
      onProgress: (progress) => stream.write({ type: 'progress', ...progress }),
    });
    stream.write({ type: 'result', ...timed(result) });
    stream.end();
    return reply;
  });

  registerMcpRoutes(app, deps);
}
