import { isTestFile } from '@boocode/source-kit';
import { z } from 'zod';
import { ToolFailure } from '../envelope.js';
import { entryPointsReached, type ReachedSymbol, type Site, type Span } from '../impact/entry-points.js';
import { AllowedRoots } from '../roots.js';
import { blastRadius } from '../scanner/scan.js';
import { viaChild } from './child.js';
import { defineTool, rootArg, type ToolDeps } from './define.js';

export const impactTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_impact',
    'What a change reaches: for a symbol, a file or a git diff range, the callers (with confidence), entry points and tests (symbol level, from the code graph) and the files that import it (file level, with depth).',
    z.object({
      root: rootArg,
      symbol: z.string().optional(),
      file: z.string().optional(),
      diff: z.string().optional(),
      depth: z.number().int().min(1).max(6).optional(),
    }),
    async (args, root, ctx) => {
      if (!args.symbol && !args.file && !args.diff)
        throw new ToolFailure(
          'CAUTION',
          'BAD_INPUT',
          'give symbol, file or diff (a git range such as HEAD~1..HEAD)',
        );
      const file = args.file ? AllowedRoots.inside(root, args.file) : undefined;
      const depth = args.depth ?? 3;
      const [graph, scan] = await Promise.all([
        viaChild(
          deps.children,
          'code-graph',
          'impact',
          {
            root,
            ...(args.symbol ? { symbol: args.symbol } : {}),
            ...(file ? { file } : {}),
            ...(args.diff ? { diff: args.diff } : {}),
            depth,
          },
          ctx,
        ),
        deps.scanner.scan(root, ctx),
      ]);
      const spans = (graph.data.changedRanges ?? []) as Span[];
      const files = [...new Set([...(file ? [file] : []), ...spans.map((c) => c.file)])];
      const radius = files.flatMap((f) => blastRadius(scan, f, depth));
      const importers = [...new Map(radius.map((r) => [r.file, r])).values()];
      const tests = (graph.data.tests ?? []) as string[];
      const entryPoints = entryPointsReached(
        scan.routes,
        {
          // A file's own routes are reached by a change to it, wherever in the file they sit.
          changed: [...spans, ...(file ? [{ file, line: 1, endLine: Number.MAX_SAFE_INTEGER }] : [])],
          callers: (graph.data.callers ?? []) as ReachedSymbol[],
          moduleSites: (graph.data.moduleSites ?? []) as Site[],
          tests,
        },
        isTestFile,
      );
      const routes = entryPoints.filter((e) => e.kind === 'route');
      const { changedRanges: _spans, moduleSites: _sites, ...graphDetails } = graph.data;
      return {
        verdict: graph.verdict,
        summary: `${((graph.data.callers ?? []) as unknown[]).length} callers, ${routes.length} routes${
          routes.length
            ? ` (${routes
                .slice(0, 3)
                .map((r) => r.name)
                .join(', ')}${routes.length > 3 ? ', …' : ''})`
            : ''
        }, ${entryPoints.length - routes.length - tests.length} other entry points, ${tests.length} tests reach it; ${importers.length} files import the changed files (depth ${depth})`,
        details: { ...graphDetails, entryPoints, importers },
        source: 'merged',
        truncated: graph.data.truncated === true,
      };
    },
  );
