import type { FastifyInstance } from 'fastify';
import { registerMcpFeatureRoutes } from './mcp-feature-routes.js';
import { type McpHostRouteDeps, registerMcpHostRoutes } from './mcp-host-routes.js';
import { registerMcpRoutes } from './mcp-routes.js';
import { registerSessionRoutes, type SessionRouteDeps } from './session-routes.js';
import { registerToolRoutes, type ToolRouteDeps } from './tool-routes.js';

export interface RouteDeps extends SessionRouteDeps, ToolRouteDeps, McpHostRouteDeps {
  modelConfigured: boolean;
}

/** The whole HTTP API: health here, then sessions, tools, MCP servers and their resources and prompts. */
export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  app.get('/healthz', async () => ({
    ok: true,
    model: deps.modelConfigured ? 'configured' : 'not configured',
    mcp: deps.hub.status().map((s) => ({ name: s.name, state: s.state })),
  }));
  registerSessionRoutes(app, deps);
  registerToolRoutes(app, deps);
  registerMcpRoutes(app, deps);
  registerMcpFeatureRoutes(app, deps);
  registerMcpHostRoutes(app, deps);
}
