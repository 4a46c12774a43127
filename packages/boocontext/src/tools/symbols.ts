import { z } from 'zod';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const symbolsTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_symbols',
    'Find functions, methods, classes, interfaces and types by name parts (camelCase/snake_case aware), signature, doc and path; production code first.',
    z.object({
      root: rootArg,
      query: z.string().min(1),
      kind: z.string().optional(),
      language: z.string().optional(),
      path: z.string().optional(),
      limit: z.number().int().min(1).max(100).optional(),
      cursor: z.string().optional(),
    }),
    async ({ root: _r, ...args }, root, ctx) => {
      const { data, verdict } = await viaChild(
        deps.children,
        'code-graph',
        'symbol_search',
        { root, ...args },
        ctx,
      );
      const results = (data.results ?? []) as { name: string; file: string; line: number }[];
      return {
        verdict: results.length === 0 ? 'INFO' : verdict,
        summary: results.length
          ? `${data.total ?? results.length} matches for "${args.query}"; best: ${results
              .slice(0, 3)
              .map((r) => `${r.name} (${r.file}:${r.line})`)
              .join(', ')}`
          : `no symbol matches "${args.query}"; try fewer or other words`,
        details: data,
        source: 'code-graph',
      };
    },
  );
