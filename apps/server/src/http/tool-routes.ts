import type { AgentInfo, ToolInfo } from '@boocode/api-types';
import { matchToolGlob, type ToolResult } from '@boocode/mcp-hub';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Agent } from '../agents/agents-md.js';
import { AppError } from '../errors.js';
import type { TurnManager } from '../inference/turns.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { ToolDef } from '../tools/types.js';
import { parseInput } from './parse.js';
import { openStream, wantsEventStream } from './sse.js';

export interface ToolRouteDeps {
  turns: TurnManager;
  tools: ToolRegistry;
  agents: () => Agent[];
  agentProblems: string[];
}

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

/** Agents and the tools each may use, and a direct tool call (the page's tool console, `boocode mcp call`). */
export function registerToolRoutes(app: FastifyInstance, deps: ToolRouteDeps): void {
  const { turns, tools } = deps;

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
    if (!wantsEventStream(request.headers.accept)) {
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
}
