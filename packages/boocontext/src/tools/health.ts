import { z } from 'zod';
import { AllowedRoots } from '../roots.js';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const healthTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_health',
    'Code health grades A–F: per function complexity, length, nesting and parameters, duplicated code; for one file or the whole project with its worst hotspots.',
    z.object({
      root: rootArg,
      file: z.string().optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    async (args, root, ctx) => {
      const file = args.file ? AllowedRoots.inside(root, args.file) : undefined;
      const { data, verdict } = await viaChild(
        deps.children,
        'code-graph',
        'health',
        { root, ...(file ? { file } : {}), ...(args.limit ? { limit: args.limit } : {}) },
        ctx,
      );
      const hotspots = (data.hotspots ?? data.functions ?? []) as { name: string; grade: string }[];
      return {
        verdict,
        summary: `${file ?? 'project'} grade ${data.grade}${
          hotspots.length
            ? `; worst: ${hotspots
                .slice(0, 3)
                .map((h) => `${h.name} (${h.grade})`)
                .join(', ')}`
            : ''
        }`,
        details: data,
        source: 'code-graph',
        truncated: data.truncated === true,
      };
    },
  );
