// .proto's comments and strings are C's: the route map's JavaScript text helpers read them.
import { blankComments, closing } from '../routemap/js-text.js';
import { lineIndex } from './languages/syntax.js';
import { emptyFacts, type FileFacts, type LocalRoute, UNMOUNTED } from './types.js';

/**
 * gRPC methods as routes: `RPC /helloworld.Greeter/SayHello`, the path a call is sent to. A .proto
 * file declares them; a class implementing the service's generated base serves them, and where
 * both are found the route is the implementation's method, declared at the .proto's line.
 */
export const PROTO_FILE = /\.proto$/;

/** A served RPC: its service and method as the implementing code names them. */
export const rpcRoute = (
  service: string,
  method: string,
  line: number,
  extra: Partial<LocalRoute> = {},
): LocalRoute => ({
  method: 'RPC',
  path: `/${service}/${method}`,
  line,
  framework: 'grpc',
  owner: UNMOUNTED,
  handler: `${service}.${method}`,
  ...extra,
});

/**
 * What names an RPC whoever writes it: the service without its package (an implementation or a
 * client does not say it) and the method as each language spells it (`sayHello`, `say_hello`).
 */
export const rpcKey = (path: string) =>
  path
    .replace(/^\/(?:[\w.]*\.)?/, '')
    .replace(/_/g, '')
    .toLowerCase();

/**
 * An RPC's HTTP bindings, as grpc-gateway, Envoy's transcoder and Google's API gateways serve it:
 * `option (google.api.http) = { post: "/v1/users" body: "*" additional_bindings { get: … } }` in
 * the rpc's body; a path template's `{name=projects/*}` is the parameter `{name}`.
 */
function httpBindings(
  proto: string,
  rpcAt: number,
  handler: string,
  lineAt: (offset: number) => number,
): LocalRoute[] {
  const open = /^\brpc\s+\w+\s*\([^)]*\)\s*returns\s*\([^)]*\)\s*\{/.exec(proto.slice(rpcAt));
  if (!open) return [];
  const start = rpcAt + open[0].length - 1;
  const body = proto.slice(start, (closing(proto, start) ?? start) + 1);
  const option = /\boption\s*\(\s*google\.api\.http\s*\)\s*=\s*\{/.exec(body);
  if (!option) return [];
  const ruleAt = option.index + option[0].length - 1;
  const rule = body.slice(0, (closing(body, ruleAt) ?? body.length - 1) + 1);
  const routes: LocalRoute[] = [];
  for (const binding of rule.slice(ruleAt).matchAll(/\b(get|put|post|delete|patch)\s*:\s*"([^"]*)"/g))
    routes.push({
      method: (binding[1] as string).toUpperCase(),
      path: (binding[2] as string).replace(/\{([\w.]+)=[^}]*\}/g, '{$1}'),
      line: lineAt(start + ruleAt + (binding.index ?? 0)),
      framework: 'grpc',
      owner: UNMOUNTED,
      handler,
    });
  return routes;
}

/**
 * A .proto file's services: each `rpc Name (…) returns (…)` a route under the file's package, and
 * each HTTP binding its options give it a route of its own.
 */
export function protoFileFacts(text: string): FileFacts {
  const facts = emptyFacts('protobuf');
  const proto = blankComments(text);
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(proto)?.[1];
  const lineAt = lineIndex(proto);
  for (const service of proto.matchAll(/\bservice\s+(\w+)\s*\{/g)) {
    const name = service[1] as string;
    const from = (service.index ?? 0) + service[0].length;
    const body = proto.slice(0, (closing(proto, from - 1) ?? proto.length) + 1);
    const rpc = /\brpc\s+(\w+)\s*\(/g;
    rpc.lastIndex = from;
    for (let m = rpc.exec(body); m; m = rpc.exec(body)) {
      facts.routes.push({
        method: 'RPC',
        path: `/${pkg ? `${pkg}.` : ''}${name}/${m[1]}`,
        line: lineAt(m.index),
        framework: 'grpc',
        owner: UNMOUNTED,
      });
      for (const route of httpBindings(proto, m.index, `${name}.${m[1]}`, lineAt)) facts.routes.push(route);
    }
  }
  if (facts.routes.length) facts.frameworks = ['grpc'];
  return facts;
}
