import {
  callToolByName,
  type ReadOnlyTool,
  readOnlyTool,
  rootDirectory,
  type ToolCallResult,
  type ToolContext,
} from '@boocode/mcp-server-kit';
import { z } from 'zod';
import { entryScope, otherEntryPoints } from './flows/entries.js';
import { type Flow, type FlowEntry, FlowTracer } from './flows/flows.js';
import { type StoredQuery, storedQueries } from './flows/stored-queries.js';
import { BoundedMemo } from './graph/memo.js';
import type { Queries } from './graph/queries.js';
import { CodeIndex, type RefreshStats } from './indexer/indexer.js';
import type { IndexScope } from './indexer/scope.js';

const root = z.string().min(1).describe('Absolute path of the repository root to analyse');

/** An entry point as a route reader knows it: where it is declared, its handler as written. */
const FlowEntryArg = z.object({
  file: z.string().describe('Where the route is declared; empty when only the handler is known'),
  line: z.number().int().min(1),
  endLine: z.number().int().min(1).optional(),
  handler: z.string().max(300).optional(),
  method: z.string().max(16).optional(),
  path: z.string().max(1000).optional(),
});

/** Cap on one answer, in characters of JSON: big graphs page instead of flooding the context. */
const MAX_ANSWER = 60_000;
/** The lists an over-long answer is cut in. */
const LISTS = ['edges', 'results', 'functions', 'hotspots', 'callers', 'paths', 'duplicates', 'flows'];

export interface ToolsOptions {
  env?: NodeJS.ProcessEnv;
}

/** The code-graph tools, independent of any transport, and the indexes they opened. */
export interface CodeGraphTools {
  tools: ReadOnlyTool[];
  /** One call as an MCP client would make it, answered as the server answers it, in this process. */
  call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolCallResult>;
  /** Closes every index the tools opened (its database, parse workers and checker process). */
  close(): void;
}

/** Marks an answer made from a partial index, and cuts one that would flood the context. */
function answer(stats: RefreshStats, body: Record<string, unknown>): Record<string, unknown> {
  const partial = stats.unparsed.length > 0;
  const structured: Record<string, unknown> = {
    ...body,
    ...(partial ? { partial: true, unparsed: stats.unparsed.slice(0, 50).map((u) => u.file) } : {}),
    ...(stats.excluded.length
      ? { notAppCode: { files: stats.excluded.length, first: stats.excluded.slice(0, 10) } }
      : {}),
  };
  if (JSON.stringify(structured).length <= MAX_ANSWER) return structured;
  const cut: Record<string, unknown> = {
    ...structured,
    truncated: true,
    note: `answer cut to ${MAX_ANSWER} characters; lower limit or narrow the query`,
  };
  for (const key of LISTS) {
    const list = cut[key];
    if (Array.isArray(list)) cut[key] = list.slice(0, Math.max(1, Math.floor(list.length / 4)));
  }
  return cut;
}

/** What the answer's edges rest on: the checker's pass, how far it is, how many edges it gave. */
function preciseSummary(
  status: NonNullable<ReturnType<CodeIndex['preciseStatus']>>,
): Record<string, unknown> {
  return {
    state: status.state,
    checkerEdges: status.checkerEdges,
    ...(status.state === 'running' ? { done: status.done, total: status.total } : {}),
    ...(status.error ? { error: status.error } : {}),
  };
}

/**
 * Which flows a change reaches: one whose steps run a changed symbol, or whose route's own lines
 * (an inline handler) overlap one.
 */
function reachedBy<O extends Flow>(
  changed: { name: string; file: string; line: number; end_line: number }[],
  entries: FlowEntry[],
  flows: Flow[],
  others: O[] | undefined,
): { changed: string[]; reached: number[]; others?: O[] } {
  const touches = (file: string, from: number, to: number) =>
    changed.some((c) => c.file === file && c.line <= to && c.end_line >= from);
  const runsChanged = (flow: Flow) => flow.steps.some((s) => touches(s.file, s.line, s.line));
  const reached = flows.flatMap((flow, i) => {
    const entry = entries[i];
    const inline = entry && touches(entry.file, entry.line, entry.endLine ?? entry.line);
    return inline || runsChanged(flow) ? [i] : [];
  });
  return {
    changed: changed.map((c) => `${c.name} (${c.file}:${c.line})`),
    reached,
    ...(others ? { others: others.filter(runsChanged) } : {}),
  };
}

/** The index's own figures: how much it holds and how the last refresh went. */
function indexStatus(index: CodeIndex, stats: RefreshStats): Record<string, unknown> {
  const count = (sql: string) => (index.db.prepare(sql).get() as { n: number }).n;
  const languages = index.db.prepare('SELECT language, COUNT(*) AS n FROM files GROUP BY language').all() as {
    language: string;
    n: number;
  }[];
  return {
    files: count('SELECT COUNT(*) AS n FROM files'),
    symbols: count('SELECT COUNT(*) AS n FROM symbols'),
    edges: count('SELECT COUNT(*) AS n FROM edges'),
    resolvedEdges: count('SELECT COUNT(*) AS n FROM edges WHERE callee_id IS NOT NULL'),
    languages: Object.fromEntries(languages.map((r) => [r.language, r.n])),
    lastIndexedMs: stats.ms,
    parsedLastTime: stats.parsed,
  };
}

const SYMBOL_KINDS = [
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
] as const;

type IndexedQuery<A> = (queries: Queries, args: A, index: CodeIndex, stats: RefreshStats) => unknown;
/** The languages a tool's question needs indexed; every language when absent or undefined. */
type ScopeOf<A> = (args: A) => IndexScope | undefined;

/**
 * Runs tools over an index per root, opened on first use and refreshed (at most every 2 s) before
 * each query; the answer carries the refresh's stats.
 */
function indexedRunner(env: NodeJS.ProcessEnv, indexes: Map<string, CodeIndex>) {
  return <A extends { root: string }>(query: IndexedQuery<A>, scopeOf?: ScopeOf<A>) =>
    async (args: A, { signal, progress }: ToolContext) => {
      const abs = rootDirectory(args.root);
      let index = indexes.get(abs);
      if (!index) {
        index = CodeIndex.open(abs, env);
        if (env.CODE_GRAPH_PRECISE !== '0')
          index.enablePrecise(Number(env.CODE_GRAPH_PRECISE_HEAP_MB) || undefined);
        indexes.set(abs, index);
      }
      const stats = await index.ensureFresh(2_000, signal, progress, scopeOf?.(args));
      const precise = index.preciseStatus();
      // The checker's pass runs behind the answers: the caller hears how far it is, and gets what the index has now.
      if (precise?.state === 'running') progress?.step('checking', precise.done, precise.total, 'files');
      const body = (await query(index.queries(), args, index, stats)) as Record<string, unknown>;
      return answer(stats, precise ? { ...body, precise: preciseSummary(precise) } : body);
    };
}

/**
 * The code-graph tools: each indexes its root lazily and incrementally, then answers. Longer than
 * most functions here: it is the declarative list of the eight tools, each a schema and one query
 * over the index.
 */
export function codeGraphTools(options: ToolsOptions = {}): CodeGraphTools {
  const indexes = new Map<string, CodeIndex>();
  const withIndex = indexedRunner(options.env ?? process.env, indexes);
  // Flows asked again of an index that has not changed since: the same answer (a host asks per route).
  const flowAnswers = new BoundedMemo<{ flows: Flow[]; others?: (Flow & { entry: unknown })[] }>(32);
  // A tracer keeps what it read of each symbol: the same routes asked again in parts (an answer
  // over the cap is asked for in halves) or one by one go through the same services. Per index
  // object: a closed and reopened index is a new one, its generations counted from zero again.
  const tracersOf = new WeakMap<CodeIndex, BoundedMemo<FlowTracer>>();
  // The tree's named SQL queries, read again when the index changes, as the answers are.
  const queriesOf = new WeakMap<
    CodeIndex,
    { generation: number; queries: Promise<Map<string, StoredQuery>> }
  >();
  const namedQueries = (index: CodeIndex): Promise<Map<string, StoredQuery>> => {
    const known = queriesOf.get(index);
    if (known?.generation === index.generation) return known.queries;
    const queries = index
      .listFiles((rel) => /\.sql$/i.test(rel))
      .then((files) => storedQueries(files.map((f) => f.abs)))
      // A tree that cannot be walked now has flows still, without its named queries.
      .catch(() => new Map<string, StoredQuery>());
    queriesOf.set(index, { generation: index.generation, queries });
    return queries;
  };

  const walkTool = (name: string, direction: 'up' | 'down') =>
    readOnlyTool({
      name,
      description: `${direction === 'up' ? 'Who calls' : 'What is called by'} a symbol (name, Class.method, or file:name), breadth-first to a depth; each edge has a kind (direct, method, constructor, dynamic = matched by name only, unresolved) and a confidence.`,
      input: z.object({
        root,
        symbol: z.string().min(1),
        file: z.string().optional(),
        depth: z.number().int().min(1).max(5).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      }),
      run: withIndex((q, args) =>
        q.walk(args.symbol, args.file, direction, args.depth ?? 1, args.limit ?? 100),
      ),
    });

  const tools = [
    readOnlyTool({
      name: 'symbol_search',
      description:
        'Search symbols (functions, methods, classes, interfaces, types) by name parts, signature, doc and path with BM25 ranking. camelCase/snake_case are split, so "dispatch" finds DispatchQueue. Production code ranks above tests unless the query mentions tests.',
      input: z.object({
        root,
        query: z.string().min(1),
        kind: z.enum(SYMBOL_KINDS).optional(),
        language: z.string().optional(),
        path: z.string().optional().describe('Glob over file paths relative to root'),
        limit: z.number().int().min(1).max(100).optional(),
        cursor: z.string().optional(),
      }),
      run: withIndex((q, args) => q.search(args.query, args)),
    }),
    walkTool('callers', 'up'),
    walkTool('callees', 'down'),
    readOnlyTool({
      name: 'call_paths',
      description: 'Shortest call chains from one symbol to another through resolved call edges.',
      input: z.object({
        root,
        from: z.string().min(1),
        to: z.string().min(1),
        maxDepth: z.number().int().min(1).max(8).optional(),
      }),
      run: withIndex((q, args) => q.paths(args.from, args.to, args.maxDepth ?? 6)),
    }),
    readOnlyTool({
      name: 'health',
      description:
        'Code health: per function cyclomatic and cognitive complexity, length, nesting, parameters, graded A-F by documented thresholds, plus duplicated function bodies. With `file`: that file; without: the project grade, distribution and worst hotspots.',
      input: z.object({
        root,
        file: z.string().optional(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
      run: withIndex((q, args) => q.health(args.file, args.limit ?? 20)),
    }),
    readOnlyTool({
      name: 'impact',
      description:
        'What a change reaches: for a symbol, a file, or a git diff range, the transitive callers up to a depth with confidence, the affected entry points and the tests that reach it.',
      input: z.object({
        root,
        symbol: z.string().optional(),
        file: z.string().optional(),
        diff: z.string().optional().describe('git range, e.g. HEAD~1..HEAD'),
        depth: z.number().int().min(1).max(8).optional(),
        limit: z.number().int().min(1).max(500).optional(),
      }),
      run: withIndex((q, args) => q.impact({ ...args, depth: args.depth ?? 3, limit: args.limit ?? 100 })),
    }),
    readOnlyTool({
      name: 'flows',
      description:
        "Execution flows: from each entry point (a route's file and line, with its handler as the framework names it) through the resolved call graph to the data operations at the end (entity, read or write, the call, file and line). Framework wiring no call expresses is followed (DRF serializer save, MediatR Send).",
      input: z.object({
        root,
        entries: z.array(FlowEntryArg).max(2000),
        requests: z
          .array(
            z.object({
              file: z.string(),
              line: z.number().int().min(1),
              call: z.string().max(1100),
              route: FlowEntryArg,
            }),
          )
          .max(5000)
          .optional()
          .describe(
            "Front-end calls linked to the routes they reach (a route map's links): a page's flow goes on into each route's flow",
          ),
        others: z
          .boolean()
          .optional()
          .describe(
            'Also trace the entry points that are not routes: mains, CLI commands, jobs, event handlers',
          ),
        entities: z.array(z.string().min(1).max(200)).max(5000).optional(),
        aliases: z
          .record(z.string().min(1).max(200), z.string().min(1).max(200))
          .optional()
          .describe('Other names code gives an entity (a DbSet property, the class of a table) → the entity'),
        depth: z.number().int().min(1).max(10).optional(),
        maxSteps: z.number().int().min(1).max(200).optional(),
        diff: z
          .string()
          .optional()
          .describe('A git range (HEAD~1..HEAD): mark each flow that runs a symbol the change touches'),
      }),
      run: withIndex(
        async (q, args, index) => {
          const { root: _root, diff, ...asked } = args;
          const stored = await namedQueries(index);
          const answer = flowAnswers.get(
            `${index.root}\u0000${index.generation}\u0000${JSON.stringify(asked)}`,
            () => {
              const options = { depth: args.depth ?? 6, maxSteps: args.maxSteps ?? 40, maxData: 40 };
              let tracers = tracersOf.get(index);
              if (!tracers) {
                tracers = new BoundedMemo<FlowTracer>(2);
                tracersOf.set(index, tracers);
              }
              const tracer = tracers.get(
                `${index.generation}\u0000${JSON.stringify([args.entities, args.aliases, options, args.requests])}`,
                () =>
                  new FlowTracer(
                    index.db,
                    index.root,
                    args.entities ?? [],
                    args.aliases ?? {},
                    options,
                    stored,
                    args.requests,
                  ),
              );
              const others = args.others
                ? otherEntryPoints(index.db, index.root).map(({ trace, ...entry }) => ({
                    entry,
                    ...tracer.trace(trace),
                  }))
                : undefined;
              return {
                flows: args.entries.map((entry) => tracer.trace(entry)),
                ...(others ? { others } : {}),
              };
            },
          );
          if (!diff) return answer;
          // The change is read every time: the same index may sit under a different git state.
          const changed = await q.changedByDiff(diff);
          return { ...answer, ...reachedBy(changed, args.entries, answer.flows, answer.others) };
        },
        // A page's requests go on into their routes: those routes' languages are indexed too.
        (args) =>
          entryScope([...args.entries, ...(args.requests ?? []).map((r) => r.route)], args.others === true),
      ),
    }),
    readOnlyTool({
      name: 'index_status',
      description:
        'Index statistics for a root: files, symbols, edges, languages, last refresh time and files with syntax errors.',
      input: z.object({
        root,
        entries: z
          .array(z.object({ file: z.string() }))
          .max(2000)
          .optional()
          .describe(
            "Index only what flows from these entry points' files need (their languages, and any file that may hold another entry point); every language when absent",
          ),
      }),
      run: withIndex(
        (_q, _args, index, stats) => indexStatus(index, stats),
        (args) => (args.entries ? entryScope(args.entries, true) : undefined),
      ),
    }),
  ];
  return {
    tools,
    call: (name, args, ctx) => callToolByName('code-graph', tools, name, args, ctx),
    close: () => {
      for (const index of indexes.values()) index.close();
      indexes.clear();
    },
  };
}
