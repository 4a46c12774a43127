import type { ToolContext } from '@boocode/mcp-server-kit';
import { isTestFile } from '@boocode/source-kit';
import { z } from 'zod';
import type { ChildName, ChildServerManager } from '../children/manager.js';
import { type Metadata, ToolFailure, type Verdict } from '../envelope.js';
import { entryPointsReached, type ReachedSymbol, type Site, type Span } from '../impact/entry-points.js';
import { renderMap } from '../map/render.js';
import { AllowedRoots } from '../roots.js';
import { modelLabel } from '../scanner/models.js';
import { blastRadius, type Scanner } from '../scanner/scan.js';

export interface ToolDeps {
  roots: AllowedRoots;
  children: ChildServerManager;
  scanner: Scanner;
  mapTokens: number;
}

type Details = Record<string, unknown>;

/** What a tool found, before it is wrapped in the envelope. */
export interface Answer {
  verdict: Verdict;
  summary: string;
  details: Details;
  source: Metadata['source'];
  truncated?: boolean;
  notes?: Record<string, unknown>;
}

export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  schema: S;
  run: (args: z.infer<S>, root: string, ctx: ToolContext) => Promise<Answer>;
}

const rootArg = z
  .string()
  .optional()
  .describe('Repository root (absolute); defaults to the directory boocontext was started in');

/** The seven boocontext tools, independent of any transport: MCP and the command line both run these. */
export function toolCatalog(deps: ToolDeps): ToolDefinition[] {
  const { scanner, mapTokens } = deps;
  const tools: ToolDefinition[] = [];
  const tool = <S extends z.ZodObject>(
    name: string,
    description: string,
    schema: S,
    run: ToolDefinition<S>['run'],
  ) => {
    tools.push({ name, description, schema, run } as unknown as ToolDefinition);
  };

  /** Calls a child tool and turns its answer into an envelope verdict. */
  const viaChild = async (
    child: ChildName,
    name: string,
    args: Details,
    ctx: ToolContext,
  ): Promise<{ data: Details; verdict: Verdict; message?: string }> => {
    const result = await deps.children.call(child, name, args, ctx);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    if (result.isError) throw new ToolFailure('CAUTION', `${text} (from ${child})`);
    const data = (result.structuredContent ?? {}) as Details;
    const partial = data.partial === true || data.truncated === true;
    return { data, verdict: partial ? 'CAUTION' : 'SAFE' };
  };

  tool(
    'boocontext_overview',
    'Orientation for an unfamiliar repository in one call: languages, package managers, workspaces, frameworks, counts of routes/models/components/env vars, the most-imported files. Start here.',
    z.object({ root: rootArg }),
    async (_args, root, ctx) => {
      const scan = await scanner.scan(root, ctx);
      const details = {
        root,
        files: scan.files,
        languages: scan.languages,
        packageManagers: scan.packageManagers,
        workspaces: scan.workspaces,
        frameworks: scan.frameworks,
        counts: {
          routes: scan.routes.length,
          models: scan.models.length,
          components: scan.components.length,
          envVars: scan.env.length,
          importEdges: scan.edges.length,
        },
        routes: scan.routes.slice(0, 25),
        models: scan.models.slice(0, 25).map(modelLabel),
        hotFiles: scan.hotFiles.slice(0, 10),
        envVars: scan.env.map((e) => e.name),
        unparsed: scan.unparsed,
        testsAndFixtures: scan.auxiliary,
      };
      const partial = scan.unparsed.length > 0;
      return {
        verdict: partial ? 'CAUTION' : 'SAFE',
        summary: `${scan.files} files (${Object.keys(scan.languages).join(', ') || 'no code'}); ${scan.frameworks.join(', ') || 'no framework detected'}; ${scan.routes.length} routes, ${scan.models.length} models, ${scan.components.length} components.${partial ? ` ${scan.unparsed.length} file(s) could not be fully parsed.` : ''}${scan.auxiliary.files ? ` ${scan.auxiliary.files} test/fixture files counted apart.` : ''} Next: boocontext_map for the full map.`,
        details,
        source: 'scanner',
        truncated: scan.routes.length > 25 || scan.models.length > 25,
        notes: {
          scan_ms: scan.stats.ms,
          scan_phases_ms: scan.stats.phases,
          files_read: scan.stats.read,
          files_from_cache: scan.stats.reused,
        },
      };
    },
  );

  tool(
    'boocontext_map',
    'The full repository map as plain text: every route (method, full path, file:line), model, hot file, component, env var and import edge. Compressed losslessly, then by rank, above max_tokens (default 8000).',
    z.object({ root: rootArg, max_tokens: z.number().int().min(500).max(200_000).optional() }),
    async (args, root, ctx) => {
      const scan = await scanner.scan(root, ctx);
      const map = renderMap(scan, args.max_tokens ?? mapTokens);
      return {
        verdict: map.truncated || scan.unparsed.length > 0 ? 'CAUTION' : 'SAFE',
        summary: map.truncated
          ? `map of ${scan.files} files cut to ~${map.tokens} tokens (from ${map.originalTokens}); omitted: ${Object.entries(
              map.omitted,
            )
              .map(([k, v]) => `${v} ${k.toLowerCase()}`)
              .join(', ')}`
          : `map of ${scan.files} files, ${map.tokens} tokens${map.stage === 'structured' ? ` (grouped from ${map.originalTokens})` : ''}`,
        details: { map: map.text, omitted: map.omitted },
        source: 'scanner',
        truncated: map.truncated,
        notes: {
          compression_ratio: map.ratio,
          original_tokens: map.originalTokens,
          tokens: map.tokens,
          stage: map.stage,
          scan_ms: scan.stats.ms,
        },
      };
    },
  );

  tool(
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

  tool(
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
      const { data, verdict } = await viaChild('code-graph', 'symbol_search', { root, ...args }, ctx);
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

  tool(
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
        throw new ToolFailure('CAUTION', 'direction "paths" needs `to`, the symbol to find call paths to');
      const { data, verdict } =
        args.direction === 'paths'
          ? await viaChild('code-graph', 'call_paths', { root, from: args.symbol, to: args.to }, ctx)
          : await viaChild(
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

  tool(
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
        throw new ToolFailure('CAUTION', 'give symbol, file or diff (a git range such as HEAD~1..HEAD)');
      const file = args.file ? AllowedRoots.inside(root, args.file) : undefined;
      const depth = args.depth ?? 3;
      const [graph, scan] = await Promise.all([
        viaChild(
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
        scanner.scan(root, ctx),
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

  tool(
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
      const { data, verdict } = await viaChild('ts-types', tool, { root, ...args }, ctx);
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

  return tools;
}
