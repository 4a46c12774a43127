import { callgraphTool } from './callgraph.js';
import type { ToolDefinition, ToolDeps } from './define.js';
import { flowsTool } from './flows.js';
import { healthTool } from './health.js';
import { impactTool } from './impact.js';
import { mapTool } from './map.js';
import { overviewTool } from './overview.js';
import { routemapTool } from './routemap.js';
import { symbolsTool } from './symbols.js';
import { typesTool } from './types.js';

/** Each boocontext tool by its command-line name, made on demand: a one-shot command makes only its own. */
export const TOOLS: Record<string, (deps: ToolDeps) => ToolDefinition> = {
  overview: overviewTool,
  map: mapTool,
  health: healthTool,
  symbols: symbolsTool,
  callgraph: callgraphTool,
  impact: impactTool,
  types: typesTool,
  flows: flowsTool,
  routemap: routemapTool,
};

/** The boocontext tools, independent of any transport: MCP and the command line both run these. */
export const toolCatalog = (deps: ToolDeps): ToolDefinition[] =>
  Object.values(TOOLS).map((make) => make(deps));
