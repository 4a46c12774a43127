import { OPERATIONS } from './graphql.js';
import { rpcKey } from './grpc.js';
import { type Route, UNKNOWN_PART } from './types.js';

/** GraphQL's operation types, which tRPC procedures share. */
const OPERATION_METHODS = new Set(OPERATIONS.values());

/**
 * What a route declares or serves, for interfaces declared in one file and served in another: a
 * GraphQL schema's root fields and their resolvers (`QUERY articles`, case aside: Go's resolvers are
 * exported names, `BookByID` serves `bookById`), a .proto file's RPCs and the methods implementing
 * them. Undefined for any other route. A declaration has no handler, a server names one.
 */
const keyOf = (r: Route) =>
  OPERATION_METHODS.has(r.method) && r.framework !== 'trpc'
    ? `${r.method} ${r.path.toLowerCase()}`
    : r.method === 'RPC'
      ? `RPC ${rpcKey(r.path)}`
      : undefined;

/** The service part of an RPC's key (`RPC greeter/sayhello` → `RPC greeter`). */
const serviceOf = (key: string) => (key.startsWith('RPC ') ? key.slice(0, key.indexOf('/')) : undefined);

/**
 * An RPC's HTTP binding (a .proto's `google.api.http` option, named `Service.Method`) is served by
 * the RPC's implementation: the route is that method's, declared at the option.
 */
function httpBinding(r: Route, served: ReadonlyMap<string, Route>): Route | undefined {
  if (!r.file.endsWith('.proto') || !r.handler) return undefined;
  const server = served.get(`RPC ${rpcKey(`/${r.handler.replace('.', '/')}`)}`);
  return server
    ? {
        ...r,
        file: server.file,
        line: server.line,
        handler: server.handler,
        declaredIn: `${r.file}:${r.line}`,
      }
    : undefined;
}

/**
 * Servers whose service their file cannot tell (a Go method apart from its struct) serve the RPC of
 * their name when exactly one declared service has one (then counted as served), and are no route
 * otherwise.
 */
function placeByName(
  unplaced: readonly Route[],
  declared: ReadonlyMap<string, Route>,
  served: Map<string, Route>,
): Map<Route, Route | undefined> {
  const placed = new Map<Route, Route | undefined>();
  for (const r of unplaced) {
    const method = `/${rpcKey(r.path).split('/').pop()}`;
    const candidates = [...declared].filter(([key]) => key.endsWith(method) && !served.has(key));
    const only = candidates.length === 1 ? candidates[0] : undefined;
    const route = only ? { ...r, path: only[1].path } : undefined;
    placed.set(r, route);
    if (only && route) served.set(only[0], route);
  }
  return placed;
}

/**
 * A declaration and its server are one route, the server's (where the work is done), spelled and
 * placed as declared (`declaredIn`). A declaration nothing here serves stays at its own line, once
 * (services keep copies of a shared .proto): its server may be generated, or a library's default.
 * A declared service's implementation serves only the methods declared: its other methods (a
 * health check's, helpers) are no RPC of that service, unless it names the service's package.
 */
export function withServedDeclarations(routes: Route[]): Route[] {
  const declared = new Map<string, Route>();
  const declaredServices = new Set<string>();
  const served = new Map<string, Route>();
  const unplaced: Route[] = [];
  for (const r of routes) {
    const key = keyOf(r);
    if (!key) continue;
    if (r.handler && r.path.startsWith(`/${UNKNOWN_PART}/`)) unplaced.push(r);
    else if (r.handler) served.set(key, r);
    else {
      if (!declared.has(key)) declared.set(key, r);
      const service = serviceOf(key);
      if (service) declaredServices.add(service);
    }
  }
  const placed = placeByName(unplaced, declared, served);
  const located = routes.flatMap((r) =>
    placed.has(r) ? [placed.get(r)].filter((p) => p !== undefined) : [r],
  );
  return located.flatMap((r) => {
    const key = keyOf(r);
    if (!key) return [httpBinding(r, served) ?? r];
    if (!r.handler) return served.has(key) || declared.get(key) !== r ? [] : [r];
    const declaration = declared.get(key);
    const service = serviceOf(key);
    // An implementation that names its service's package knows what it serves (the health check).
    const certain = /^\/\w+\.[\w.]+\//.test(r.path);
    if (!declaration && service && declaredServices.has(service) && !certain) return [];
    return [
      declaration
        ? { ...r, path: declaration.path, declaredIn: `${declaration.file}:${declaration.line}` }
        : r,
    ];
  });
}
