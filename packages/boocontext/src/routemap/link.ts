/**
 * Links each client call to the back-end route it reaches: same method (a route for every method
 * takes any), the same number of path segments, each segment the same text or a parameter on the
 * route's side (a parameter among literal text too: `results.<filetype>`), a leading part the code
 * does not tell possibly none; a parameter on the client's side fits only a route parameter. Of several routes
 * that fit, the one with the most literal segments in common wins (`/articles/feed` over
 * `/articles/:slug`).
 */
import { rpcKey } from '../scanner/grpc.js';
import { UNKNOWN_PART } from '../scanner/types.js';
import type { ClientCall } from './client-calls.js';

export interface RouteRef {
  method: string;
  path: string;
  file: string;
  line: number;
}

export interface RouteLink {
  client: Pick<ClientCall, 'method' | 'path' | 'file' | 'line'>;
  route: RouteRef;
  /**
   * Literal segments of the call that only a route parameter takes (`/articles/feed` reaching
   * `/articles/:slug`): the router serves it so, but a missing literal route is the likelier story.
   */
  fills?: string[];
}

const ROUTE_PARAM = /^(:\w+\??|\{[^}]*\}|<[^>]*>|\*\w*|\[[^\]]*\])$/;

const segments = (p: string) => p.split('/').filter(Boolean);

/** Parameters inside a segment, as Flask's `<id>.<filetype>` or Express's `:name.:ext`. */
const EMBEDDED_PARAM = /<[^>]*>|\{[^}]*\}|:\w+/g;

/** Segments' patterns, made once each: every call is fitted to every route. */
const patterns = new Map<string, RegExp | undefined>();

/** A segment with parameters among literal text (`results.<filetype>`) as a pattern; none without. */
function embeddedParams(segment: string): RegExp | undefined {
  if (patterns.has(segment)) return patterns.get(segment);
  const literals = segment.split(EMBEDDED_PARAM);
  const pattern =
    literals.length < 2
      ? undefined
      : new RegExp(`^${literals.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`, 'i');
  patterns.set(segment, pattern);
  return pattern;
}

/**
 * A route's segments as they line up with a call's: a prefix the code does not tell (a base path
 * set at deploy time, `[base, "/api"].concat()`, Redash's optional org slug) may be empty, so the
 * call may reach the route without it.
 */
function alignedSegments(call: readonly string[], route: string[]): string[] {
  return route.length === call.length + 1 && route[0] === UNKNOWN_PART ? route.slice(1) : route;
}

/** How well a route fits a call: undefined when it does not; higher is more literal agreement. */
function fit(call: ClientCall, route: RouteRef): number | undefined {
  // A gRPC client names the service without its package: `/CartService/GetCart` reaches
  // `/hipstershop.CartService/GetCart`.
  if (call.method === 'RPC' || route.method === 'RPC')
    return call.method === route.method && rpcKey(call.path) === rpcKey(route.path) ? 1 : undefined;
  // A tRPC server caller (`api.post.hello()`) does not say whether the procedure queries or mutates.
  const trpc = call.method === 'TRPC' && ['QUERY', 'MUTATION', 'SUBSCRIPTION'].includes(route.method);
  if (route.method !== call.method && route.method !== 'ALL' && route.method !== '*' && !trpc)
    return undefined;
  const a = segments(call.path);
  const all = segments(route.path);
  const b = alignedSegments(a, all);
  if (a.length !== b.length) return undefined;
  // Less than a fit with the prefix written out.
  let score = b === all ? 0 : -1;
  for (let i = 0; i < a.length; i++) {
    const c = a[i] as string;
    const r = b[i] as string;
    const routeParam = ROUTE_PARAM.test(r);
    if (c === ':param') {
      if (!routeParam) return undefined;
    } else if (routeParam) score += 0;
    else if (c.toLowerCase() === r.toLowerCase()) score += 2;
    else if (embeddedParams(r)?.test(c)) score += 1;
    else return undefined;
  }
  return score;
}

export function linkCalls(
  calls: readonly ClientCall[],
  routes: readonly RouteRef[],
): { links: RouteLink[]; unmatched: ClientCall[]; uncalled: RouteRef[] } {
  const links: RouteLink[] = [];
  const unmatched: ClientCall[] = [];
  const called = new Set<RouteRef>();
  for (const call of calls) {
    let best: RouteRef | undefined;
    let bestScore = -1;
    for (const route of routes) {
      const score = fit(call, route);
      if (score !== undefined && score > bestScore) {
        best = route;
        bestScore = score;
      }
    }
    const client = { method: call.method, path: call.path, file: call.file, line: call.line };
    if (best) {
      const callSegments = segments(call.path);
      const routeSegments = alignedSegments(callSegments, segments(best.path));
      const fills = callSegments.filter(
        (c, i) => c !== ':param' && ROUTE_PARAM.test(routeSegments[i] ?? '') && /^[a-z][a-z-]*$/i.test(c),
      );
      links.push({ client, route: best, ...(fills.length ? { fills } : {}) });
      called.add(best);
    } else unmatched.push(call);
  }
  return { links, unmatched, uncalled: routes.filter((r) => !called.has(r)) };
}
