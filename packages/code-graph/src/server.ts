import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageInfo, requestProgress, type ToolContext } from '@boocode/mcp-server-kit';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type Queries, QueryError } from './graph/queries.js';
import { CodeIndex, type RefreshStats } from './index/indexer.js';

const ro = { readOnlyHint: true, openWorldHint: false } as const;
const root = z.string().min(1).describe('Absolute path of the repository root to analyse');

/** Cap on one answer, in characters of JSON: big graphs page instead of flooding the context. */
const MAX_ANSWER = 60_000;

class RootError extends Error {}

export interface ServerOptions {
  env?: NodeJS.ProcessEnv;
}

/** The code-graph MCP server: every tool indexes its root lazily and incrementally, then answers. */
export function buildServer(options: ServerOptions = {}): McpServer {
  const env = options.env ?? process.env;
  const indexes = new Map<string, CodeIndex>();
  const server = new McpServer({ name: 'code-graph', version: packageInfo(import.meta.url).version });

  const open = async (
    rootDir: string,
    { signal, progress }: ToolContext,
  ): Promise<{ queries: Queries; stats: RefreshStats; root: string }> => {
    const abs = path.resolve(rootDir);
    if (!path.isAbsolute(rootDir)) throw new RootError(`root must be an absolute path, got "${rootDir}"`);
    if (!existsSync(abs) || !statSync(abs).isDirectory())
      throw new RootError(`root ${abs} is not a directory`);
    let index = indexes.get(abs);
    if (!index) {
      index = CodeIndex.open(abs, env);
      indexes.set(abs, index);
    }
    const stats = await index.ensureFresh(2_000, signal, progress);
    return { queries: index.queries(), stats, root: abs };
  };

  const answer = (stats: RefreshStats, body: Record<string, unknown>) => {
    const partial = stats.unparsed.length > 0;
    let structured: Record<string, unknown> = {
      ...body,
      ...(partial ? { partial: true, unparsed: stats.unparsed.slice(0, 50).map((u) => u.file) } : {}),
    };
    let json = JSON.stringify(structured);
    if (json.length > MAX_ANSWER) {
      structured = {
        ...structured,
        truncated: true,
        note: `answer cut to ${MAX_ANSWER} characters; lower limit or narrow the query`,
      };
      for (const key of ['edges', 'results', 'functions', 'hotspots', 'callers', 'paths', 'duplicates']) {
        const list = structured[key];
        if (Array.isArray(list)) structured[key] = list.slice(0, Math.max(1, Math.floor(list.length / 4)));
      }
      json = JSON.stringify(structured);
    }
    return { content: [{ type: 'text' as const, text: json }], structuredContent: structured };
  };

  const guarded =
    <A extends { root: string }>(fn: (args: A, ctx: ToolContext) => Promise<ReturnType<typeof answer>>) =>
    async (args: A, ctx: Parameters<typeof requestProgress>[0] & { mcpReq: { signal: AbortSignal } }) => {
      try {
        return await fn(args, { signal: ctx.mcpReq.signal, progress: requestProgress(ctx) });
      } catch (error) {
        const known = error instanceof QueryError || error instanceof RootError;
        const message = known ? (error as Error).message : `code-graph failed: ${(error as Error).message}`;
        return { content: [{ type: 'text' as const, text: message }], isError: true };
      }
    };

  server.registerTool(
    'symbol_search',
    {
      description:
        'Search symbols (functions, methods, classes, interfaces, types) by name parts, signature, doc and path with BM25 ranking. camelCase/snake_case are split, so "dispatch" finds DispatchQueue. Production code ranks above tests unless the query mentions tests.',
      inputSchema: z.object({
        root,
        query: z.string().min(1),
        kind: z
          .enum([
            'function',
            'method',
            'class',
            'interface',
            'type',
            'enum',
            'struct',
            'trait',
            'module',
            'variable',
          ])
          .optional(),
        language: z.string().optional(),
        path: z.string().optional().describe('Glob over file paths relative to root'),
        limit: z.number().int().min(1).max(100).optional(),
        cursor: z.string().optional(),
      }),
      annotations: ro,
    },
    guarded(async (args, ctx) => {
      const { queries, stats } = await open(args.root, ctx);
      return answer(stats, queries.search(args.query, args));
    }),
  );

  for (const [name, direction] of [
    ['callers', 'up'],
    ['callees', 'down'],
  ] as const) {
    server.registerTool(
      name,
      {
        description: `${direction === 'up' ? 'Who calls' : 'What is called by'} a symbol (name, Class.method, or file:name), breadth-first to a depth; each edge has a kind (direct, method, constructor, dynamic = matched by name only, unresolved) and a confidence.`,
        inputSchema: z.object({
          root,
          symbol: z.string().min(1),
          file: z.string().optional(),
          depth: z.number().int().min(1).max(5).optional(),
          limit: z.number().int().min(1).max(500).optional(),
        }),
        annotations: ro,
      },
      guarded(async (args, ctx) => {
        const { queries, stats } = await open(args.root, ctx);
        return answer(
          stats,
          queries.walk(args.symbol, args.file, direction, args.depth ?? 1, args.limit ?? 100),
        );
      }),
    );
  }

  server.registerTool(
    'call_paths',
    {
      description: 'Shortest call chains from one symbol to another through resolved call edges.',
      inputSchema: z.object({
        root,
        from: z.string().min(1),
        to: z.string().min(1),
        maxDepth: z.number().int().min(1).max(8).optional(),
      }),
      annotations: ro,
    },
    guarded(async (args, ctx) => {
      const { queries, stats } = await open(args.root, ctx);
      return answer(stats, queries.paths(args.from, args.to, args.maxDepth ?? 6));
    }),
  );

  server.registerTool(
    'health',
    {
      description:
        'Code health: per function cyclomatic and cognitive complexity, length, nesting, parameters, graded A-F by documented thresholds, plus duplicated function bodies. With `file`: that file; without: the project grade, distribution and worst hotspots.',
      inputSchema: z.object({
        root,
        file: z.string().optional(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
      annotations: ro,
    },
    guarded(async (args, ctx) => {
      const { queries, stats } = await open(args.root, ctx);
      return answer(stats, queries.health(args.file, args.limit ?? 20));
    }),
  );

  server.registerTool(
    'impact',
    {
      description:
        'What a change reaches: for a symbol, a file, or a git diff range, the transitive callers up to a depth with confidence, the affected entry points and the tests that reach it.',
      inputSchema: z.object({
        root,
        symbol: z.string().optional(),
        file: z.string().optional(),
        diff: z.string().optional().describe('git range, e.g. HEAD~1..HEAD'),
        depth: z.number().int().min(1).max(8).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      }),
      annotations: ro,
    },
    guarded(async (args, ctx) => {
      const { queries, stats } = await open(args.root, ctx);
      const result = await queries.impact({ ...args, depth: args.depth ?? 3, limit: args.limit ?? 100 });
      return answer(stats, result);
    }),
  );

  server.registerTool(
    'index_status',
    {
      description:
        'Index statistics for a root: files, symbols, edges, languages, last refresh time and files with syntax errors.',
      inputSchema: z.object({ root }),
      annotations: ro,
    },
    guarded(async (args, ctx) => {
      const { stats } = await open(args.root, ctx);
      const index = indexes.get(path.resolve(args.root)) as CodeIndex;
      const count = (table: string) =>
        (index.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
      const languages = Object.fromEntries(
        (
          index.db.prepare('SELECT language, COUNT(*) AS n FROM files GROUP BY language').all() as {
            language: string;
            n: number;
          }[]
        ).map((r) => [r.language, r.n]),
      );
      return answer(stats, {
        files: count('files'),
        symbols: count('symbols'),
        edges: count('edges'),
        resolvedEdges: (
          index.db.prepare('SELECT COUNT(*) AS n FROM edges WHERE callee_id IS NOT NULL').get() as {
            n: number;
          }
        ).n,
        languages,
        lastIndexedMs: stats.ms,
        parsedLastTime: stats.parsed,
      });
    }),
  );

  return server;
}
