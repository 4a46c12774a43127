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

/** The boocontext tools, independent of any transport: MCP and the command line both run these. */
export const toolCatalog = (deps: ToolDeps): ToolDefinition[] =>
  [
    overviewTool,
    mapTool,
    healthTool,
    symbolsTool,
    callgraphTool,
    impactTool,
    typesTool,
    flowsTool,
    routemapTool,
  ].map((make) => make(deps));
