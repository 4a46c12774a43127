import { z } from 'zod';
import { ToolFailure } from '../envelope.js';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

const preciseSchema = z.object({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  done: z.number().optional(),
  total: z.number().optional(),
});

/**
 * How many of the answer's edges (or paths' hops) the TypeScript checker confirmed, and where its
 * pass is: an agent then knows how far to trust a name-matched edge.
 */
function checkerNote(data: Record<string, unknown>): string {
  const precise = preciseSchema.safeParse(data.precise);
  if (!precise.success) return '';
  const edges = z.array(z.object({ via: z.string().optional() })).safeParse(data.edges);
  const hops = z.array(z.number()).safeParse(data.checkerHops);
  const confirmed = edges.success
    ? `; ${edges.data.filter((e) => e.via === 'checker').length} of ${edges.data.length} edges checker-confirmed`
    : hops.success
      ? `; ${hops.data.reduce((a, b) => a + b, 0)} hops checker-confirmed`
      : '';
  const { state, done, total } = precise.data;
  const pass =
    state === 'running'
      ? ` (checker pass running: ${done ?? 0}/${total ?? '?'} files)`
      : state === 'failed'
        ? ' (checker pass failed: syntax edges only)'
        : '';
  return confirmed + pass;
}

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
        summary: `${count} ${args.direction === 'paths' ? 'call paths' : `${args.direction} edges`} for ${args.symbol}${args.to ? ` → ${args.to}` : ''}${checkerNote(data)}`,
        details: data,
        source: 'code-graph',
        truncated: data.truncated === true,
      };
    },
  );
