import path from 'node:path';
import type { ToolContext } from '@boocode/mcp-server-kit';
import { z } from 'zod';
import { ToolFailure } from '../envelope.js';
import { linkCalls } from '../routemap/link.js';
import { SCREEN } from '../scanner/js/screens.js';
import type { Route } from '../scanner/types.js';
import { viaChild } from './child.js';
import { defineTool, RECENT_MS, rootArg, type ToolDeps } from './define.js';
import { linkableRoutes, sourcesOf } from './routemap.js';

/** Entry points sent to code-graph per call: its answers stay well under its size cap. */
const BATCH = 20;
/** A flow's steps and data kept when the whole answer would pass the token budget. */
const TRIMMED = 8;

const FlowStepShape = z.looseObject({
  symbol: z.string(),
  file: z.string(),
  line: z.number(),
  depth: z.number(),
  via: z.string().optional(),
});

const ChildFlow = z.looseObject({
  handler: FlowStepShape.optional(),
  steps: z.array(FlowStepShape),
  data: z.array(
    z.looseObject({
      entity: z.string(),
      op: z.enum(['read', 'write']),
      call: z.string(),
      file: z.string(),
      line: z.number(),
    }),
  ),
  cut: z.boolean().optional(),
  /** The route names a handler the code graph does not hold: a library serves it. */
  outside: z.boolean().optional(),
  /** The route's own lines are its handler. */
  inline: z.boolean().optional(),
  /** The route is in a language the code graph does not index. */
  unread: z.boolean().optional(),
  /** The route names an action its controller does not define: calling it fails. */
  missing: z.boolean().optional(),
});
type ChildFlow = z.infer<typeof ChildFlow>;
type EntryFlow = ChildFlow & { entry: Record<string, unknown> };

/** code-graph's `flows` answer, read once at the edge: per entry its flow, then what a diff reached. */
const FlowsAnswer = z.looseObject({
  flows: z.array(ChildFlow).default([]),
  others: z.array(ChildFlow.extend({ entry: z.record(z.string(), z.unknown()) })).default([]),
  reached: z.array(z.number()).default([]),
  changed: z.array(z.string()).default([]),
});

type FlowStep = z.infer<typeof FlowStepShape>;

/** A step a page's request reaches: the route's handler, `via` the call (`GET /api/teams/:param (…)`). */
const REQUEST_HOP = /^[A-Z]+ \/\S* \(/;

/**
 * A flow's steps cut to the budget: its first ones, and the routes its requests reach (at most half
 * of what is kept), in the flow's order — a page's own components would otherwise fill it.
 */
function trimmedSteps(steps: readonly FlowStep[]): FlowStep[] {
  const hops = steps.filter((s) => s.via !== undefined && REQUEST_HOP.test(s.via)).slice(0, TRIMMED / 2);
  const kept = new Set([...steps.filter((s) => !hops.includes(s)).slice(0, TRIMMED - hops.length), ...hops]);
  return steps.filter((s) => kept.has(s));
}

/** `:slug`, `{slug}`, `<slug>`, `<int:pk>` are one parameter; no trailing slash. */
const pathKey = (routePath: string) =>
  routePath
    .replace(/\/+$/, '')
    .split('/')
    .map((s) => (/^(:\w+|\{[^}]*\}|<[^>]*>|\*\w*)$/.test(s) ? ':' : s.toLowerCase()))
    .join('/') || '/';

/** `GET /api/articles/:slug` as the user types it, against a route as the scanner read it. */
function matchesEntry(route: Route, entry: string): boolean {
  const [first, ...rest] = entry.trim().split(/\s+/);
  const hasMethod = rest.length > 0;
  const method = hasMethod ? first?.toUpperCase() : undefined;
  const wanted = hasMethod ? rest.join(' ') : (first ?? '');
  if (method && route.method !== method && route.method !== 'ALL') return false;
  return pathKey(route.path) === pathKey(wanted);
}

/** A route as code-graph's flows take it: where it is declared, its handler, what it serves. */
const childEntry = (r: Route) => ({
  file: r.file,
  line: r.wholeFile ? 1 : r.line,
  ...(r.wholeFile ? { endLine: 1_000_000 } : r.endLine ? { endLine: r.endLine } : {}),
  ...(r.handler ? { handler: r.handler } : {}),
  method: r.method,
  path: r.path,
});

/**
 * The front end's calls the route map links to the project's routes, each with its route's entry:
 * a page's flow goes on through them into the back end's.
 */
async function requestsOf(deps: ToolDeps, root: string, routes: readonly Route[], ctx: ToolContext) {
  const { calls } = await sourcesOf(deps.scanner, root).calls(ctx.signal, RECENT_MS);
  // A link's route is the object it was handed: the scan's route, handler and lines included.
  return linkCalls(calls, linkableRoutes(routes)).links.map((link) => ({
    file: link.client.file,
    line: link.client.line,
    call: `${link.client.method} ${link.client.path}`,
    route: childEntry(link.route as Route),
  }));
}

/**
 * What code-graph needs to hear to index the routes' languages: one route file per extension (its
 * `index_status` takes at most 2,000, and a language is all a file says of the scope).
 */
const oneFilePerExtension = (routes: readonly Route[]) => [
  ...new Map(routes.map((r) => [path.extname(r.file), { file: r.file }])).values(),
];

export const flowsTool = (deps: ToolDeps) =>
  defineTool(
    'boocontext_flows',
    'What happens on a request: for each entry point — HTTP route, GraphQL operation, gRPC method, WebSocket event, a page or a single-page app\'s screen (through the requests it makes) (or one given as "METHOD /path" or "QUERY field", or a symbol; or those a git diff range reaches) — the chain of calls from its handler through services to the data access at the end — each step symbol, file and line, each data operation with its entity, read or write, the call, file and line. Framework wiring is followed (injected services, DRF serializers, MediatR, Rails callbacks).',
    z.object({
      root: rootArg,
      entry: z
        .string()
        .min(1)
        .max(1000)
        .optional()
        .describe(
          'One entry point: "METHOD /path", "/path", "QUERY field", "RPC /pkg.Service/Method", "WS event"',
        ),
      symbol: z.string().min(1).max(300).optional().describe('Start from this function or method instead'),
      depth: z.number().int().min(1).max(10).optional(),
      limit: z.number().int().min(1).max(500).optional().describe('Most entry points to answer (50)'),
      diff: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('A git range (HEAD~1..HEAD): only the entry points whose flow the change reaches'),
      max_tokens: z.number().int().min(500).max(100_000).optional(),
    }),
    async (args, root, ctx) => {
      // Served, code-graph indexes in its own process while this one scans for routes. A one-shot
      // command runs its tools in this process: they load meanwhile, and index once they hear the
      // routes, only the languages those are declared in (a front end beside them is not parsed).
      deps.children.indexAhead(root);
      deps.children.prepare('code-graph');
      const scan = await deps.scanner.scan(root, { ...ctx, maxAgeMs: RECENT_MS });
      const routes = args.entry
        ? scan.routes.filter((r) => matchesEntry(r, args.entry as string))
        : scan.routes;
      if (args.entry && routes.length === 0)
        throw new ToolFailure(
          'CAUTION',
          'NOT_FOUND',
          `no route "${args.entry}" in ${root}; boocontext_overview lists the routes (${scan.routes.length} found)`,
        );
      // With a diff every route is traced, then the reached ones kept: the limit applies after.
      const limit = args.diff ? Number.MAX_SAFE_INTEGER : (args.limit ?? 50);
      const entries = args.symbol
        ? [{ entry: { symbol: args.symbol }, child: { file: '', line: 1, handler: args.symbol } }]
        : routes.slice(0, limit).map((r) => ({
            entry: {
              method: r.method,
              path: r.path,
              file: r.file,
              line: r.line,
              ...(r.handler ? { handler: r.handler } : {}),
            },
            child: childEntry(r),
          }));
      // Pages' flows go on past the requests they make: only a tree with pages pays for the route
      // map, while code-graph indexes what the routes need (its parsing runs off this thread).
      const requests = routes.slice(0, limit).some((r) => r.method === 'PAGE' || r.method === SCREEN)
        ? (
            await Promise.all([
              requestsOf(deps, root, scan.routes, ctx),
              viaChild(
                deps.children,
                'code-graph',
                'index_status',
                { root, entries: oneFilePerExtension(scan.routes) },
                ctx,
              ),
            ])
          )[0]
        : [];
      const entities = scan.models.map((m) => m.name);
      // Other names code gives a model: a SQLAlchemy table's class (`select(User)`), an EF Core
      // DbSet's property (`context.Subscriptions`).
      const aliases = Object.fromEntries(
        scan.models.flatMap((m) => (m.aliases ?? []).map((alias) => [alias, m.name])),
      );
      let flows: EntryFlow[] = [];
      const others: EntryFlow[] = [];
      const changed = new Set<string>();
      let verdict: 'SAFE' | 'CAUTION' = 'SAFE';
      // Mains, CLI commands, jobs and event handlers come with the first batch, unless one route or
      // symbol was asked for.
      const withOthers = !args.entry && !args.symbol;
      type Entry = (typeof entries)[number];
      const ask = async (batch: Entry[], withOthersHere: boolean): Promise<void> => {
        const answer = await viaChild(
          deps.children,
          'code-graph',
          'flows',
          {
            root,
            entries: batch.map((e) => e.child),
            entities,
            ...(Object.keys(aliases).length ? { aliases } : {}),
            ...(requests.length ? { requests } : {}),
            ...(args.depth ? { depth: args.depth } : {}),
            ...(args.diff ? { diff: args.diff } : {}),
            ...(withOthersHere ? { others: true } : {}),
          },
          ctx,
        );
        // Long flows can pass code-graph's answer cap, which cuts the list: those entries are asked
        // again in halves rather than reported as having no handler.
        if (answer.data.truncated === true && batch.length > 1) {
          const half = Math.ceil(batch.length / 2);
          await ask(batch.slice(0, half), withOthersHere);
          await ask(batch.slice(half), false);
          return;
        }
        const read = FlowsAnswer.safeParse(answer.data);
        if (!read.success)
          throw new ToolFailure(
            'CAUTION',
            'INTERNAL',
            `code-graph answered flows in a shape this boocontext does not read (${z.prettifyError(read.error)}); reinstall so both come from one version`,
          );
        others.push(...read.data.others);
        if (answer.verdict === 'CAUTION') verdict = 'CAUTION';
        const got = read.data.flows;
        const reached = new Set(read.data.reached);
        for (const name of read.data.changed) changed.add(name);
        batch.forEach((e, i) => {
          if (args.diff && !reached.has(i)) return;
          const flow = got[i] ?? { steps: [], data: [] };
          flows.push({ entry: e.entry, ...flow });
        });
      };
      for (let at = 0; at < Math.max(entries.length, withOthers ? 1 : 0); at += BATCH)
        await ask(entries.slice(at, at + BATCH), withOthers && at === 0);
      flows.push(...others);
      const all = entries.length + others.length;
      if (args.diff || others.length) flows = flows.slice(0, args.limit ?? 50);
      const budget = (args.max_tokens ?? deps.mapTokens) * 4;
      let truncated = routes.length > limit;
      if (JSON.stringify(flows).length > budget) {
        truncated = true;
        for (const flow of flows) {
          if (flow.steps.length > TRIMMED || flow.data.length > TRIMMED) flow.cut = true;
          flow.steps = trimmedSteps(flow.steps);
          flow.data = flow.data.slice(0, TRIMMED);
        }
      }
      const reaching = flows.filter((f) => f.data.length > 0).length;
      // A route whose named handler is nowhere in the project is served by a library (Devise's
      // controllers, Django's admin site, a Swagger handler): said, not counted as a miss.
      const outside = flows.filter((f) => f.outside).length;
      const unread = flows.filter((f) => f.unread);
      const missing = flows.filter((f) => f.missing).length;
      const unresolved = flows.filter(
        (f) => f.steps.length === 0 && !f.outside && !f.inline && !f.unread && !f.missing,
      ).length;
      const unreadLanguages = [
        ...new Set(unread.map((f) => path.extname(String(f.entry.file ?? '')).slice(1))),
      ];
      const scope = args.diff
        ? `${flows.length} of ${all} entry points reached by ${args.diff} (${changed.size} changed symbols)`
        : `${flows.length} entry point${flows.length === 1 ? '' : 's'}${
            routes.length > limit ? ` (of ${routes.length}; raise limit for more)` : ''
          }`;
      return {
        verdict: truncated || unresolved > 0 || unread.length > 0 || missing > 0 ? 'CAUTION' : verdict,
        summary: `${scope}: ${reaching} reach data access, ${unresolved} with no handler found in the code graph${
          outside
            ? `, ${outside} served by a handler outside this repository (\`outside\`: the handler it names)`
            : ''
        }${
          missing
            ? `, ${missing} naming an action their controller does not define (\`missing\`: calling them fails)`
            : ''
        }${
          unread.length
            ? `, ${unread.length} in files the code graph does not index (${unreadLanguages.join(', ')}; \`unread\`): the route and its handler's name only`
            : ''
        }.`,
        details: { flows, ...(args.diff ? { changed: [...changed] } : {}) },
        source: 'merged',
        truncated,
      };
    },
  );
