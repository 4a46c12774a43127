import { z } from 'zod';
import type { RejectedTool } from '../types.js';
import { type ParamHeader, paramHeaders } from './param-headers.js';

/** One entry of a `tools/list` page, parsed alone so one malformed tool never hides the others. */
const ListedTool = z
  .object({
    name: z.string().min(1),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.unknown(),
    outputSchema: z.record(z.string(), z.unknown()).optional(),
    annotations: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export const ToolsListPage = z
  .object({
    tools: z.array(z.unknown()),
    nextCursor: z.string().optional(),
  })
  .passthrough();

export interface DiscoveredTool {
  originalName: string;
  description: string;
  /** As the server sent it: nothing dereferenced or normalised (`$ref`, 2020-12 keywords kept). */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** Parameters mirrored into `Mcp-Param-*` headers on each call over HTTP. */
  paramHeaders: ParamHeader[];
}

export interface Discovery {
  accepted: DiscoveredTool[];
  rejected: RejectedTool[];
}

function inputSchemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return 'inputSchema is not an object';
  const record = schema as Record<string, unknown>;
  if (record.type !== 'object')
    return `inputSchema.type must be "object", got ${JSON.stringify(record.type)}`;
  if (
    record.properties !== undefined &&
    (typeof record.properties !== 'object' || record.properties === null)
  ) {
    return 'inputSchema.properties is not an object';
  }
  if (
    record.required !== undefined &&
    !(Array.isArray(record.required) && record.required.every((r) => typeof r === 'string'))
  ) {
    return 'inputSchema.required is not a list of names';
  }
  return undefined;
}

/**
 * Applies the read-only invariant and schema sanity to a server's tool list. Tools that declare
 * `readOnlyHint: false` are refused outright; tools without annotations are accepted, since most
 * servers do not annotate yet and refusing them would make MCP useless.
 */
export function screenTools(rawTools: readonly unknown[]): Discovery {
  const accepted: DiscoveredTool[] = [];
  const rejected: RejectedTool[] = [];
  const seen = new Set<string>();
  for (const raw of rawTools) {
    const parsed = ListedTool.safeParse(raw);
    if (!parsed.success) {
      const name =
        typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name : '(unnamed)';
      rejected.push({
        name,
        reason: `malformed tool definition: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      });
      continue;
    }
    const tool = parsed.data;
    if (seen.has(tool.name)) {
      rejected.push({ name: tool.name, reason: 'duplicate tool name on this server' });
      continue;
    }
    seen.add(tool.name);
    if (tool.annotations?.readOnlyHint === false) {
      rejected.push({
        name: tool.name,
        reason: 'declares readOnlyHint: false; BooCode only offers read-only tools',
      });
      continue;
    }
    const problem = inputSchemaProblem(tool.inputSchema);
    if (problem) {
      rejected.push({ name: tool.name, reason: `invalid input schema: ${problem}` });
      continue;
    }
    const inputSchema = tool.inputSchema as Record<string, unknown>;
    const mirrored = paramHeaders(inputSchema);
    if ('problem' in mirrored) {
      rejected.push({ name: tool.name, reason: `invalid x-mcp-header: ${mirrored.problem}` });
      continue;
    }
    accepted.push({
      originalName: tool.name,
      description: tool.description ?? tool.title ?? '',
      inputSchema,
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
      paramHeaders: mirrored.headers,
    });
  }
  return { accepted, rejected };
}
