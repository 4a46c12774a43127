import { z } from 'zod';
import { AllowedRoots } from '../roots.js';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const typesTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_types',
    'TypeScript types from the compiler: the type at a position or of a symbol (aliases unfolded, generics instantiated at a call), a resolved signature, the shape of a type with inherited members, or where a symbol is declared.',
    z.object({
      root: rootArg,
      query: z.enum(['type', 'signature', 'shape', 'declarations']).default('type'),
      file: z.string().optional(),
      line: z.number().int().min(1).optional(),
      column: z.number().int().min(1).optional(),
      symbol: z.string().optional(),
    }),
    async ({ query, root: _r, ...args }, root, ctx) => {
      if (args.file) AllowedRoots.inside(root, args.file);
      const tool = { type: 'type_at', signature: 'signature', shape: 'shape', declarations: 'declarations' }[
        query
      ];
      const { data, verdict } = await viaChild(deps.children, 'ts-types', tool, { root, ...args }, ctx);
      const notes = (data.notes ?? []) as string[];
      return {
        verdict: notes.some((n) => /error|no tsconfig/.test(n)) ? 'CAUTION' : verdict,
        summary:
          query === 'type'
            ? `${data.symbol}: ${String(data.type).slice(0, 300)}`
            : `${query} of ${data.symbol}${notes.length ? `; ${notes.join('; ')}` : ''}`,
        details: data,
        source: 'ts-types',
        truncated: data.truncated === true,
      };
    },
  );
