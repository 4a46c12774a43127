import { z } from 'zod';
import { ToolFailure } from '../envelope.js';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const callgraphTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_callgraph',
    'Who calls a symbol, what it calls (to a depth), or the call paths between two symbols; each edge with its kind and confidence.',
    z.object({
      root: rootArg,
      symbol: z.string().min(1),
      direction: z.enum(['callers', 'callees', 'paths']).default('callers'),
      to: z.string().optional().describe('Target symbol for direction "paths"'),
      file: z.string().optional(),
      depth: z.number().int().min(1).max(5).optional(),
    }),
    async (args, root, ctx) => {
      if (args.direction === 'paths' && !args.to)
        throw new ToolFailure(
          'CAUTION',
          'BAD_INPUT',
          'direction "paths" needs `to`, the symbol to find call paths to',
        );
      const { data, verdict } =
        args.direction === 'paths'
          ? await viaChild(
              deps.children,
              'code-graph',
              'call_paths',
              { root, from: args.symbol, to: args.to },
              ctx,
            )
          : await viaChild(
              deps.children,
              'code-graph',
              args.direction,
              {
                root,
                symbol: args.symbol,
                ...(args.file ? { file: args.file } : {}),
                ...(args.depth ? { depth: args.depth } : {}),
              },
              ctx,
            );
      const count = ((data.edges ?? data.paths ?? []) as unknown[]).length;
      return {
        verdict,
        summary: `${count} ${args.direction === 'paths' ? 'call paths' : `${args.direction} edges`} for ${args.symbol}${args.to ? ` → ${args.to}` : ''}`,
        details: data,
        source: 'code-graph',
        truncated: data.truncated === true,
      };
    },
  );
