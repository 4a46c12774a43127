import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { line } from './syntax.js';

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Parameter types that hand a function the app to register routes on (`.configure(routes)`). */
const CONFIG_TYPE = /ServiceConfig\b/;
/** Owner of routes registered outside any configure function. */
const FILE_OWNER = '*rust*';

const stringOf = (node: Node | null | undefined): string | undefined =>
  node?.type === 'string_literal' || node?.type === 'raw_string_literal'
    ? (node.namedChildren.find((c) => c?.type === 'string_content')?.text ?? '')
    : undefined;

/** The last name of a path (`app::routes::api` → `api`). */
const lastName = (node: Node | null | undefined) => node?.text.split('::').pop()?.trim() ?? '';

const argsOf = (call: Node) =>
  (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => !!a);

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
      framework: 'actix-web',
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
          target: `named:${lastName(args[0])}`,
          line: line(call),
        });
    } else if (name === 'configure' && args[0])
      ctx.facts.mounts.push({
        owner: ctx.owner,
        prefix: at,
        target: `named:${lastName(args[0])}`,
        line: line(call),
      });
    else if (name === 'route') {
      const routePath = stringOf(args[0]);
      const verbs = methodsOf(routePath === undefined ? args[0] : args[1]);
      const target = resource ?? (routePath !== undefined ? joinPaths(at, routePath) : at);
      for (const { method, handler } of verbs.length ? verbs : [{ method: 'ALL' }])
        route(method, target, call, handler);
    } else if (name === 'to' && resource) route('ALL', resource, call, args[0]?.text);
    else if (name === 'nest' && args[1]) {
      const nested = stringOf(args[0]);
      if (nested !== undefined && args[1].type === 'call_expression')
        readBuilder(args[1], joinPaths(at, nested), ctx);
    }
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
    path: routePath,
    line: line(node),
    framework: 'actix-web',
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

/** Rust: actix-web builders, scopes, attribute routes and configure functions; axum routers; Diesel tables. */
export function scanRust(rel: string, root: Node): FileFacts {
  const ctx: RustContext = { rel, facts: emptyFacts('rust'), owner: FILE_OWNER };
  const visit = (node: Node, owner: string) => {
    if (node.type === 'use_declaration')
      ctx.facts.imports.push({ spec: node.text.replace(/^use\s+|;$/g, ''), line: line(node) });
    if (node.type === 'attribute_item') readAttributeRoute(node, ctx);
    if (node.type === 'macro_invocation') readDieselTables(node, ctx);
    let inner = owner;
    if (node.type === 'function_item') {
      const params = node.childForFieldName('parameters')?.text ?? '';
      const name = node.childForFieldName('name')?.text ?? '';
      if (CONFIG_TYPE.test(params)) {
        ctx.facts.exportedRouters[name] = name;
        inner = name;
      }
    }
    if (node.type === 'call_expression') {
      const fn = node.childForFieldName('function');
      const field = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
      // The outermost call of a chain reads the whole chain; its links are not read again.
      if (
        field &&
        /^(service|route|configure|nest|to)$/.test(field) &&
        node.parent?.type !== 'field_expression'
      ) {
        readBuilder(node, '', { ...ctx, owner: inner });
        return;
      }
    }
    for (const child of node.namedChildren) if (child) visit(child, inner);
  };
  visit(root, FILE_OWNER);
  ctx.facts.frameworks = ctx.facts.routes.length ? ['actix-web'] : [];
  return ctx.facts;
}
