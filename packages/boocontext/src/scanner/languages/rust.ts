import type { SyntaxNode as Node } from '@boocode/source-kit';
import { camelField, graphqlRoute } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import { emptyFacts, type FileFacts, joinPaths, UNKNOWN_PART } from '../types.js';
import { line, walk } from './syntax.js';

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Parameter types that hand a function the app to register routes on (`.configure(routes)`). */
const CONFIG_TYPE = /ServiceConfig\b/;
/** Owner of routes registered outside any configure function. */
const FILE_OWNER = '*rust*';
/**
 * A function that builds an axum router (`fn router() -> Router`, `-> Router<AppState>`), or
 * Rocket's routes to mount (`fn routes() -> Vec<Route>`).
 */
const ROUTER_TYPE = /(^|::|\s)Router\b|^Vec\s*<\s*(?:rocket::)?Route\s*>$/;
/** Builder links that register routes or routers: a chain holding one is read whole from its outermost call. */
const ROUTING_LINKS = new Set(['service', 'route', 'configure', 'nest', 'to', 'merge', 'mount']);

const stringOf = (node: Node | null | undefined): string | undefined =>
  node?.type === 'string_literal' || node?.type === 'raw_string_literal'
    ? (node.namedChildren.find((c) => c?.type === 'string_content')?.text ?? '')
    : undefined;

/**
 * A function named in a mount, as written (`routes::orders::config`, `comments::router`): the
 * route table resolves it by its module path where several functions share the last name.
 */
const namedTarget = (node: Node) => `named:${node.text.replace(/\s+/g, '')}`;

/** Rocket's path with its query part (`/articles?<params..>`) left out: the query is no part of the route. */
const withoutQuery = (routePath: string) => routePath.replace(/\?.*$/, '');

/** The last name of a path (`app::routes::api` → `api`). */
const lastName = (node: Node | null | undefined) => node?.text.split('::').pop()?.trim() ?? '';

/** A call's arguments, comments between them left out. */
const argsOf = (call: Node) =>
  (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
    (a): a is Node => !!a && a.type !== 'line_comment' && a.type !== 'block_comment',
  );

/** The method of `web::get().to(h)`, `get().to(h)`, `web::method(Method::PATCH).to(h)`, an axum `get(h).post(h2)`. */
function methodsOf(node: Node | undefined): { method: string; handler?: string }[] {
  const out: { method: string; handler?: string }[] = [];
  for (let call = node; call?.type === 'call_expression'; ) {
    const fn = call.childForFieldName('function');
    const name = fn?.type === 'field_expression' ? (fn.childForFieldName('field')?.text ?? '') : lastName(fn);
    const args = argsOf(call);
    if (VERBS.has(name))
      out.push({ method: name.toUpperCase(), ...(args[0] ? { handler: args[0].text } : {}) });
    else if (name === 'method') out.push({ method: lastName(args[0]).toUpperCase() });
    else if (name === 'to' && out.length === 0 && args[0]) out.push({ method: '', handler: args[0].text });
    call = fn?.type === 'field_expression' ? (fn.childForFieldName('value') ?? undefined) : undefined;
  }
  // `web::get().to(h)`: the handler is `to`'s, the method the innermost call's.
  const handler = out.find((o) => o.method === '')?.handler;
  return out
    .filter((o) => o.method !== '')
    .map((o) => ({ method: o.method, ...((handler ?? o.handler) ? { handler: handler ?? o.handler } : {}) }));
}

interface RustContext {
  rel: string;
  facts: FileFacts;
  owner: string;
  /** The file's framework, from what it imports; `http` when it imports none (the project's one stands in). */
  framework: string;
}

/** The framework a file's `use` declarations name, if any. */
function frameworkOf(imports: readonly { spec: string }[]): string {
  for (const { spec } of imports) {
    const crate = spec.replace(/^(pub(\([^)]*\))?\s+)?use\s+|^::/g, '').split('::')[0];
    if (crate === 'axum') return 'axum';
    if (crate === 'rocket') return 'rocket';
    if (crate === 'actix_web') return 'actix-web';
  }
  return 'http';
}

/**
 * A mount's prefix: a string, or one built at run time from a configured base (`[base, "/api"].concat()`,
 * `format!("{}/api", base)`), its written parts kept and the others `{unknown}`.
 */
function prefixOf(node: Node | undefined): string | undefined {
  const literal = stringOf(node);
  if (literal !== undefined || !node) return literal;
  const fn = node.type === 'call_expression' ? node.childForFieldName('function') : undefined;
  const array = fn?.type === 'field_expression' ? fn.childForFieldName('value') : undefined;
  if (fn?.childForFieldName('field')?.text === 'concat' && array?.type === 'array_expression')
    return array.namedChildren.map((part) => stringOf(part) ?? UNKNOWN_PART).join('');
  const format = node.type === 'macro_invocation' && lastName(node.namedChild(0)) === 'format';
  const template = format
    ? node.namedChildren
        .find((c) => c?.type === 'token_tree')
        ?.namedChildren.find((c) => c?.type === 'string_literal')
    : undefined;
  return template ? stringOf(template)?.replace(/\{[^{}]*\}/g, UNKNOWN_PART) : undefined;
}

/** Rocket's `routes![users::create, articles::list]`: each handler, as a target to mount. */
function routesListed(macro: Node): string[] {
  if (macro.type !== 'macro_invocation' || lastName(macro.namedChild(0)) !== 'routes') return [];
  return (macro.namedChildren.find((c) => c?.type === 'token_tree')?.text ?? '')
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
    .replace(/^[[({]|[\])}]$/g, '')
    .split(',')
    .map((n) => n.replace(/\s+/g, ''))
    .filter((n) => /^[\w:]+$/.test(n))
    .map((n) => `named:${n}`);
}

/** A mounted router or handler list: a builder chain read in place, a function by its name. */
function mountOrRead(arg: Node | undefined, prefix: string, call: Node, ctx: RustContext): void {
  if (!arg) return;
  if (arg.type === 'call_expression' && arg.childForFieldName('function')?.type === 'field_expression')
    readBuilder(arg, prefix, ctx);
  else if (arg.type === 'call_expression')
    ctx.facts.mounts.push({
      owner: ctx.owner,
      prefix,
      target: namedTarget(arg.childForFieldName('function') as Node),
      line: line(call),
    });
  else
    for (const target of routesListed(arg))
      ctx.facts.mounts.push({ owner: ctx.owner, prefix, target, line: line(call) });
}

/**
 * Inside `fn routes() -> Vec<Route>`: the handlers its `routes![…]` list and the route lists of
 * other modules it appends (`routes.append(&mut accounts::routes())`, `.extend(…)`), all the
 * function's, mounted where it is.
 */
function readRouteList(node: Node, ctx: RustContext): void {
  // What a list names first, the function around it only then: every call and macro of a file is
  // asked, and finding its function walks up the tree.
  let targets: string[];
  if (node.type === 'macro_invocation') targets = routesListed(node);
  else {
    const fn = node.childForFieldName('function');
    if (
      fn?.type !== 'field_expression' ||
      !/^(append|extend)$/.test(fn.childForFieldName('field')?.text ?? '')
    )
      return;
    let arg: Node | undefined = argsOf(node)[0];
    if (arg?.type === 'reference_expression') arg = arg.childForFieldName('value') ?? undefined;
    const callee = arg?.type === 'call_expression' ? arg.childForFieldName('function') : undefined;
    targets = callee && callee.type !== 'field_expression' ? [namedTarget(callee)] : [];
  }
  if (targets.length === 0) return;
  const owner = ownerOf(node);
  if (owner === FILE_OWNER) return;
  for (const target of targets) ctx.facts.mounts.push({ owner, prefix: '', target, line: line(node) });
}

/**
 * `pub use crate::api::core::routes as core_routes;` (also inside `{…}` lists): the name a router
 * function is mounted by elsewhere, standing for the function it renames.
 */
function readRenamedExport(node: Node, facts: FileFacts): void {
  if (!/^pub\b/.test(node.text)) return;
  for (const clause of node.descendantsOfType('use_as_clause')) {
    const alias = clause?.childForFieldName('alias')?.text;
    const original = clause?.childForFieldName('path')?.text;
    if (!clause || !alias || !original) continue;
    // The paths of the `{…}` lists around the clause come before its own.
    const outer: string[] = [];
    for (let up = clause.parent; up && up !== node; up = up.parent)
      if (up.type === 'scoped_use_list') {
        const listPath = up.childForFieldName('path')?.text;
        if (listPath) outer.unshift(listPath);
      }
    facts.exportedRouters[alias] = alias;
    facts.mounts.push({
      owner: alias,
      prefix: '',
      target: `named:${[...outer, original].join('::').replace(/\s+/g, '')}`,
      line: line(clause),
    });
  }
}

/**
 * A builder chain (`web::scope("/api").route(…).service(…)`, axum's `Router::new().route(…).nest(…)`):
 * the routes it registers under `prefix`.
 */
function readBuilder(node: Node, prefix: string, ctx: RustContext): void {
  const links: { name: string; call: Node }[] = [];
  let base: Node | undefined = node;
  while (base?.type === 'call_expression') {
    const fn = base.childForFieldName('function');
    if (fn?.type !== 'field_expression') break;
    links.unshift({ name: fn.childForFieldName('field')?.text ?? '', call: base });
    base = fn.childForFieldName('value') ?? undefined;
  }
  let at = prefix;
  let resource: string | undefined;
  if (base?.type === 'call_expression') {
    const kind = lastName(base.childForFieldName('function'));
    const first = stringOf(argsOf(base)[0]);
    if (kind === 'scope' && first !== undefined) at = joinPaths(prefix, first);
    else if (kind === 'resource' && first !== undefined) resource = joinPaths(prefix, first);
  }
  // A link's line is where its name is (`.route(` on line 12), not where the chain starts.
  const linkLine = (call: Node) =>
    line(call.childForFieldName('function')?.childForFieldName('field') ?? call);
  const route = (method: string, routePath: string, call: Node, handler?: string) =>
    ctx.facts.routes.push({
      method,
      path: routePath,
      line: linkLine(call),
      framework: ctx.framework,
      owner: ctx.owner,
      ...(handler ? { handler } : {}),
    });
  for (const { name, call } of links) {
    const args = argsOf(call);
    if (name === 'service' && args[0]) {
      if (args[0].type === 'call_expression') readBuilder(args[0], at, ctx);
      // `.service(index)`: a handler with a `#[get("/x")]` attribute, wherever it is defined.
      else
        ctx.facts.mounts.push({
          owner: ctx.owner,
          prefix: at,
          target: namedTarget(args[0]),
          line: line(call),
        });
    } else if (name === 'configure' && args[0])
      ctx.facts.mounts.push({ owner: ctx.owner, prefix: at, target: namedTarget(args[0]), line: line(call) });
    // `request.route()`, a getter: no route registered.
    else if (name === 'route' && args.length > 0) {
      const routePath = stringOf(args[0]);
      const verbs = methodsOf(routePath === undefined ? args[0] : args[1]);
      const target = resource ?? (routePath !== undefined ? joinPaths(at, routePath) : at);
      for (const { method, handler } of verbs.length ? verbs : [{ method: 'ALL' }])
        route(method, target, call, handler);
    } else if (name === 'to' && resource) route('ALL', resource, call, args[0]?.text);
    else if (name === 'nest' || name === 'mount') {
      // axum's `.nest("/api", api::router())`, Rocket's `.mount("/api", routes![…])`.
      const nested = prefixOf(args[0]);
      if (nested !== undefined) mountOrRead(args[1], joinPaths(at, nested), call, ctx);
    } else if (name === 'merge') mountOrRead(args[0], at, call, ctx);
  }
}

/** `#[get("/x")]` on a handler: its route, under whatever scope registers it with `.service(handler)`. */
function readAttributeRoute(node: Node, ctx: RustContext): void {
  const attribute = node.namedChild(0);
  const verb = attribute?.namedChild(0)?.text ?? '';
  if (!VERBS.has(verb)) return;
  const routePath = stringOf(attribute?.namedChild(1)?.namedChild(0));
  let fn = node.nextNamedSibling;
  while (fn?.type === 'attribute_item') fn = fn.nextNamedSibling;
  const name = fn?.type === 'function_item' ? fn.childForFieldName('name')?.text : undefined;
  if (routePath === undefined || !name) return;
  ctx.facts.exportedRouters[name] = name;
  ctx.facts.routes.push({
    method: verb.toUpperCase(),
    path: withoutQuery(routePath),
    line: line(node),
    framework: ctx.framework,
    owner: name,
  });
}

/** Diesel's `table! { users (id) { id -> Uuid, … } }`: a table and its columns. */
function readDieselTables(node: Node, { rel, facts }: RustContext): void {
  if (!/^(diesel::)?table$/.test(node.namedChild(0)?.text ?? '')) return;
  const body = node.namedChildren[node.namedChildren.length - 1]?.text ?? '';
  for (const m of body.matchAll(/(?:^|[\s{}])(?:[\w.]+\.)?(\w+)\s*(?:\([^)]*\))?\s*\{([^{}]*)\}/g)) {
    const fields = [...(m[2] ?? '').matchAll(/(\w+)\s*->/g)].map((f) => f[1] as string);
    if (m[1]) facts.models.push({ name: m[1], orm: 'diesel', file: rel, line: line(node), fields });
  }
}

/** The nodes the Rust reader looks at: the walk hands it no other. */
const RUST_READ = new Set([
  'mod_item',
  'use_declaration',
  'attribute_item',
  'macro_invocation',
  'function_item',
  'call_expression',
  'impl_item',
]);

/**
 * tonic: `impl greeter_server::Greeter for MyGreeter` (under `#[tonic::async_trait]`): each method
 * an RPC of the service the trait is generated for (`say_hello` serves `SayHello`).
 */
function readTonicService(node: Node, facts: FileFacts): void {
  const written = node.childForFieldName('trait')?.text ?? '';
  // `use …::history_server::{History as HistorySvc, …}` then `impl HistorySvc for …`: the service is
  // the name the alias stands for.
  const trait = /^\w+$/.test(written) ? (serverTraitAlias(node, written) ?? written) : written;
  let attribute = node.previousNamedSibling;
  while (attribute?.type === 'attribute_item' && !/tonic::async_trait/.test(attribute.text))
    attribute = attribute.previousNamedSibling;
  const service =
    /(?:^|::)\w+_server::(\w+)$/.exec(trait)?.[1] ??
    (attribute?.type === 'attribute_item' ? /(\w+)$/.exec(trait)?.[1] : undefined);
  if (!service) return;
  const typeName = node.childForFieldName('type')?.text ?? '';
  for (const item of node.childForFieldName('body')?.namedChildren ?? []) {
    const name = item?.type === 'function_item' ? item.childForFieldName('name')?.text : undefined;
    if (!item || !name) continue;
    facts.routes.push(
      rpcRoute(service, name, line(item), {
        endLine: item.endPosition.row + 1,
        handler: `${typeName}::${name}`,
      }),
    );
  }
}

/** The generated server trait a file's `use` renames to `alias`, as `greeter_server::Greeter`. */
function serverTraitAlias(node: Node, alias: string): string | undefined {
  for (const use of node.tree.rootNode.namedChildren) {
    if (use?.type !== 'use_declaration') continue;
    const text = use.text;
    const server = /(\w+_server)::/.exec(text)?.[1];
    const renamed = server && new RegExp(`\\b(\\w+)\\s+as\\s+${alias}\\b`).exec(text)?.[1];
    if (renamed) return `${server}::${renamed}`;
  }
  return undefined;
}

/** async-graphql's `#[Object]`/`#[Subscription]` and juniper's `#[graphql_object]` on an impl block. */
const GRAPHQL_IMPL =
  /^#\[\s*(?:async_graphql::|juniper::)?(Object|Subscription|graphql_object|graphql_subscription)\b/;

/**
 * A GraphQL root type's impl block (`#[Object] impl QueryRoot { async fn books(…) }`): each
 * method a root field, camel-cased as both libraries serve them unless `#[graphql(name = "x")]`.
 */
function readGraphqlImpl(node: Node, facts: FileFacts): void {
  let attribute = node.previousNamedSibling;
  while (attribute?.type === 'attribute_item' && !GRAPHQL_IMPL.test(attribute.text))
    attribute = attribute.previousNamedSibling;
  const kind = attribute?.type === 'attribute_item' ? GRAPHQL_IMPL.exec(attribute.text)?.[1] : undefined;
  if (!kind) return;
  const typeName = node.childForFieldName('type')?.text ?? '';
  const operation = /subscription/i.test(kind)
    ? 'SUBSCRIPTION'
    : /(Query|Mutation|Subscription)(?:Root)?$/.exec(typeName)?.[1]?.toUpperCase();
  if (!operation) return;
  let rename: string | undefined;
  for (const item of node.childForFieldName('body')?.namedChildren ?? []) {
    if (item?.type === 'attribute_item') {
      rename = /^#\[\s*graphql\s*\([^)]*\bname\s*=\s*"([^"]+)"/.exec(item.text)?.[1] ?? rename;
      continue;
    }
    const name = item?.type === 'function_item' ? item.childForFieldName('name')?.text : undefined;
    if (item && name && !/^#\[\s*graphql\s*\([^)]*\bskip\b/.test(item.previousNamedSibling?.text ?? '')) {
      facts.routes.push(
        graphqlRoute(operation, rename ?? camelField(name), line(item), 'graphql', {
          endLine: item.endPosition.row + 1,
          handler: `${typeName}::${name}`,
        }),
      );
    }
    rename = undefined;
  }
}

/** A function that registers routes of its own: actix's `fn config(cfg: &mut web::ServiceConfig)`, axum's `fn router() -> Router`. */
function routerFunction(node: Node): string | undefined {
  const params = node.childForFieldName('parameters')?.text ?? '';
  const returns = node.childForFieldName('return_type')?.text ?? '';
  return CONFIG_TYPE.test(params) || ROUTER_TYPE.test(returns)
    ? (node.childForFieldName('name')?.text ?? undefined)
    : undefined;
}

/** Who owns a chain's routes: the nearest function around it that registers routes, else the file. */
function ownerOf(node: Node): string {
  for (let up = node.parent; up; up = up.parent)
    if (up.type === 'function_item') {
      const name = routerFunction(up);
      if (name) return name;
    }
  return FILE_OWNER;
}

/** Whether a builder chain has a link that registers routes (`Router::new().route(…).layer(…)`). */
function registersRoutes(call: Node): boolean {
  for (let link: Node | undefined = call; link?.type === 'call_expression'; ) {
    const fn = link.childForFieldName('function');
    if (fn?.type !== 'field_expression') return false;
    if (ROUTING_LINKS.has(fn.childForFieldName('field')?.text ?? '')) return true;
    link = fn.childForFieldName('value') ?? undefined;
  }
  return false;
}

/**
 * Rust: actix-web builders, scopes, attribute routes and configure functions; axum routers, nested
 * and merged, and the functions that build them; Rocket's attribute routes mounted with `routes!`;
 * Diesel tables.
 */
/** `#[cfg(test)]` among the attributes just above a module. */
function isTestModule(mod: Node): boolean {
  for (
    let above = mod.previousNamedSibling;
    above?.type === 'attribute_item';
    above = above.previousNamedSibling
  )
    if (/^#\[\s*cfg\s*\(\s*test\s*\)\s*\]$/.test(above.text)) return true;
  return false;
}

export function scanRust(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('rust');
  for (const node of root.descendantsOfType('use_declaration'))
    if (node) facts.imports.push({ spec: node.text.replace(/^use\s+|;$/g, ''), line: line(node) });
  const ctx: RustContext = { rel, facts, owner: FILE_OWNER, framework: frameworkOf(facts.imports) };
  walk(
    root,
    (node) => {
      // A module built for tests only (`#[cfg(test)] mod tests`): its apps serve nothing.
      if (node.type === 'mod_item') return isTestModule(node) ? false : undefined;
      if (node.type === 'impl_item') {
        readGraphqlImpl(node, facts);
        readTonicService(node, facts);
      } else if (node.type === 'attribute_item') readAttributeRoute(node, ctx);
      else if (node.type === 'macro_invocation') {
        readDieselTables(node, ctx);
        readRouteList(node, ctx);
      } else if (node.type === 'use_declaration') readRenamedExport(node, facts);
      else if (node.type === 'function_item') {
        const name = routerFunction(node);
        if (name) facts.exportedRouters[name] = name;
      } else if (registersRoutes(node) && node.parent?.type !== 'field_expression') {
        // The outermost call of a chain reads the whole chain; its links are not read again.
        readBuilder(node, '', { ...ctx, owner: ownerOf(node) });
        return false;
      } else if (node.type === 'call_expression') readRouteList(node, ctx);
      return undefined;
    },
    RUST_READ,
  );
  const frameworks = new Set(facts.routes.map((r) => r.framework));
  if (facts.mounts.length && ctx.framework !== 'http') frameworks.add(ctx.framework);
  frameworks.delete('http');
  facts.frameworks = [...frameworks];
  return facts;
}
