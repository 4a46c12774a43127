import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type FileFacts, joinPaths, UNKNOWN_PART } from '../types.js';
import { HTTP, line, unquote } from './syntax.js';

/**
 * Java routes registered by calls rather than declared by annotations: Spring's functional
 * endpoints, Javalin and Vert.x Web. Each reads the calls in method bodies, which the annotation
 * reader never walks into.
 */

/**
 * A path written as an expression: a string, a constant (`LOGIN_URL`, `Paths.API`) as `{=NAME}`
 * for the route table to read from the project's constants, `+` of those; else `{unknown}`.
 */
export function pathExpression(node: Node): string {
  const text = unquote(node);
  if (text !== undefined) return text;
  if (node.type === 'identifier' || node.type === 'field_access') return `{=${node.text}}`;
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '+') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left && right) return pathExpression(left) + pathExpression(right);
  }
  return UNKNOWN_PART;
}

/** Combinators of a request predicate: `GET("/x").and(accept(JSON))` is still `GET /x`. */
const PREDICATE_LINKS = new Set(['and', 'or', 'negate']);
/** Calls that put routes under a path: the builder's `path("/api", b -> …)`, `nest(path("/api"), …)`. */
const NESTING = new Set(['nest', 'andNest', 'path']);

const argumentsOf = (call: Node) =>
  call
    .childForFieldName('arguments')
    ?.namedChildren.filter(
      (c): c is Node => !!c && c.type !== 'line_comment' && c.type !== 'block_comment',
    ) ?? [];

/** The path a nesting call's first argument gives: a string (the builder's) or a `path("/api")` predicate. */
function nestedPath(first: Node | undefined): string | undefined {
  if (!first) return undefined;
  if (first.type !== 'method_invocation') return pathExpression(first);
  if (first.childForFieldName('name')?.text !== 'path') return undefined;
  const [value] = argumentsOf(first);
  return value ? pathExpression(value) : undefined;
}

/** The prefixes the nesting calls around a route give it, outermost first. */
function nestingPrefixes(route: Node, stop: Node): string[] {
  const prefixes: string[] = [];
  for (let up = route.parent; up && up.id !== stop.id; up = up.parent) {
    if (up.type !== 'method_invocation' || !NESTING.has(up.childForFieldName('name')?.text ?? '')) continue;
    const [first, ...rest] = argumentsOf(up);
    // Routes inside the nested part (a lambda, a router), not inside the path predicate or the call's object.
    if (!rest.some((arg) => arg.startIndex <= route.startIndex && route.endIndex <= arg.endIndex)) continue;
    prefixes.unshift(nestedPath(first) ?? UNKNOWN_PART);
  }
  return prefixes;
}

/** `handler::getPerson` as `PersonHandler.getPerson` when the name's type is known (a parameter, a field). */
function handlerName(
  node: Node | undefined,
  types: Map<string, string>,
  className: string,
): string | undefined {
  if (node?.type !== 'method_reference') return undefined;
  const [target, method] = node.namedChildren;
  if (!target || !method) return undefined;
  const owner = target.type === 'this' ? className : (types.get(target.text) ?? target.text);
  return `${owner}.${method.text}`;
}

/** The type `new T(…)` creates. */
const createdType = (node: Node | null | undefined) =>
  node?.type === 'object_creation_expression' ? node.childForFieldName('type') : null;

/** The types of a class's fields, a method's parameters and its local variables (`var x = new T()` too), by name. */
function declaredTypes(classBody: Node, method: Node): Map<string, string> {
  const types = new Map<string, string>();
  const add = (type: Node | null | undefined, name: Node | null | undefined) => {
    if (type && name) types.set(name.text, type.text.replace(/<.*$/, ''));
  };
  for (const member of classBody.namedChildren)
    if (member?.type === 'field_declaration')
      for (const declarator of member.childrenForFieldName('declarator'))
        add(member.childForFieldName('type'), declarator?.childForFieldName('name'));
  for (const param of method.childForFieldName('parameters')?.namedChildren ?? [])
    add(param?.childForFieldName('type'), param?.childForFieldName('name'));
  for (const local of method.descendantsOfType('local_variable_declaration')) {
    const type = local?.childForFieldName('type');
    for (const declarator of local?.childrenForFieldName('declarator') ?? []) {
      const value = declarator?.childForFieldName('value');
      add(type?.text === 'var' ? createdType(value) : type, declarator?.childForFieldName('name'));
    }
  }
  return types;
}

/**
 * Spring's functional endpoints (WebFlux, WebMvc.fn): each method returning a `RouterFunction`,
 * written with the builder (`route().GET("/x", h::get).path("/api", b -> b.POST(…)).build()`) or
 * the static functions (`route(GET("/x").and(accept(JSON)), h::get).andRoute(…)`, `nest(path("/api"), …)`).
 */
function readRouterFunctions(node: Node, facts: FileFacts): void {
  const body = node.childForFieldName('body');
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration' || !body) continue;
    if (!/\bRouterFunction\b/.test(member.childForFieldName('type')?.text ?? '')) continue;
    const types = declaredTypes(body, member);
    for (const call of member.descendantsOfType('method_invocation')) {
      const method = call?.childForFieldName('name')?.text ?? '';
      if (!call || !HTTP.has(method)) continue;
      const args = argumentsOf(call);
      const object = call.childForFieldName('object');
      let path: string;
      let handler: Node | undefined;
      if (args.length === 1 && (!object || object.text.endsWith('RequestPredicates'))) {
        // A predicate: the route is the `route`/`andRoute` call it (with its combinators) is the first argument of.
        let predicate: Node = call;
        while (
          predicate.parent?.type === 'method_invocation' &&
          predicate.parent.childForFieldName('object')?.id === predicate.id &&
          PREDICATE_LINKS.has(predicate.parent.childForFieldName('name')?.text ?? '')
        )
          predicate = predicate.parent;
        const routeCall = predicate.parent?.parent;
        if (
          routeCall?.type !== 'method_invocation' ||
          !/^(route|andRoute)$/.test(routeCall.childForFieldName('name')?.text ?? '')
        )
          continue;
        const [first, second] = argumentsOf(routeCall);
        if (first?.id !== predicate.id) continue;
        path = pathExpression(args[0] as Node);
        handler = second;
      } else {
        // The builder's verb: an optional path, optional predicates, the handler last.
        if (!object || args.length === 0) continue;
        const first = args[0] as Node;
        path =
          args.length > 1 && /string|identifier|field_access|binary_expression/.test(first.type)
            ? pathExpression(first)
            : '';
        handler = args.at(-1);
      }
      const name = handlerName(handler, types, className);
      addFramework(facts, 'spring');
      facts.routes.push({
        method,
        path: joinPaths(...nestingPrefixes(call, member), path),
        // A chain starts where its first call does: the route is on its verb's line.
        line: line(call.childForFieldName('name') ?? call),
        framework: 'spring',
        owner: '*spring*',
        ...(name ? { handler: name } : {}),
      });
    }
  }
}

/** Javalin's and Vert.x Web's verbs, as their methods are named. */
const CALL_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Javalin's `crud("users/{id}", controller)`: the routes a `CrudHandler` answers. */
const CRUD: [string, string, boolean][] = [
  ['GET', 'getAll', false],
  ['POST', 'create', false],
  ['GET', 'getOne', true],
  ['PATCH', 'update', true],
  ['DELETE', 'delete', true],
];

/**
 * Routes registered by calls in method bodies: Javalin (`app.get("/x", h)`, ApiBuilder's
 * `path("api", () -> { get("users", C::all); crud("users/{id}", c); })`) and Vert.x Web
 * (`router.get("/x").handler(this::h)`, `router.route(HttpMethod.POST, "/x")`, `router.route("/x")`
 * for every method). Handlers by method reference, named by the reference's declared type.
 */
function readCallRoutes(node: Node, facts: FileFacts, framework: 'javalin' | 'vertx'): void {
  const body = node.childForFieldName('body');
  const className = node.childForFieldName('name')?.text ?? '';
  if (!body) return;
  for (const member of body.namedChildren) {
    if (member?.type !== 'method_declaration' && member?.type !== 'constructor_declaration') continue;
    const types = declaredTypes(body, member);
    const calls = member.descendantsOfType('method_invocation').filter((c): c is Node => !!c);
    // Vert.x sub-routers: `router.route("/admin/*").subRouter(admin)`, `router.mountSubRouter("/admin", admin)`.
    const mounted = new Map<string, string>();
    for (const call of calls) {
      const name = call.childForFieldName('name')?.text;
      const [first, second] = argumentsOf(call);
      const route = call.childForFieldName('object');
      if (name === 'subRouter' && first && route?.type === 'method_invocation') {
        const at = unquote(argumentsOf(route).at(-1));
        if (at !== undefined) mounted.set(first.text, at.replace(/\/?\*$/, ''));
      } else if (name === 'mountSubRouter' && second)
        mounted.set(second.text, unquote(first) ?? UNKNOWN_PART);
    }
    const push = (call: Node, method: string, written: string, name: string | undefined) => {
      const router = call.childForFieldName('object')?.text ?? '';
      addFramework(facts, framework);
      facts.routes.push({
        method,
        path: joinPaths(mounted.get(router) ?? '', ...nestingPrefixes(call, member), written),
        line: line(call.childForFieldName('name') ?? call),
        framework,
        owner: `*${framework}*`,
        ...(name ? { handler: name } : {}),
      });
    };
    for (const call of calls) {
      const name = call.childForFieldName('name')?.text ?? '';
      const args = argumentsOf(call);
      const object = call.childForFieldName('object');
      const first = args[0] && unquote(args[0]) !== undefined ? pathExpression(args[0]) : undefined;
      if (framework === 'vertx') {
        // The handler is the `.handler(…)` chained on the route.
        const chained =
          call.parent?.type === 'method_invocation' &&
          call.parent.childForFieldName('name')?.text === 'handler'
            ? argumentsOf(call.parent)[0]
            : undefined;
        if (!object) continue;
        if (CALL_VERBS.has(name) && args.length === 1 && first !== undefined)
          push(call, name.toUpperCase(), first, handlerName(chained, types, className));
        else if (name === 'route') {
          const verb = args.length === 2 ? /(\w+)$/.exec(args[0]?.text ?? '')?.[1] : 'ALL';
          const written = args.length === 2 && args[1] ? unquote(args[1]) : first;
          if (verb && written !== undefined && (args.length === 2 || !/\*$/.test(written)))
            push(call, verb.toUpperCase(), written, handlerName(chained, types, className));
        }
        continue;
      }
      if (name === 'crud' && !object && first !== undefined) {
        const collection = first.replace(/\/?\{[^}]*\}\/?$/, '');
        const controller = args[1] && (createdType(args[1])?.text ?? types.get(args[1].text) ?? args[1].text);
        for (const [method, action, item] of CRUD)
          push(call, method, item ? first : collection, controller && `${controller}.${action}`);
        continue;
      }
      if (!CALL_VERBS.has(name)) continue;
      // `app.get("/x", h)` on the app, or ApiBuilder's static `get("x", h)` / `get(h)` inside `path(…)`.
      if (object ? first === undefined || args.length < 2 : args.length === 0) continue;
      push(call, name.toUpperCase(), first ?? '', handlerName(args.at(-1), types, className));
    }
  }
}

const addFramework = (facts: FileFacts, framework: string) => {
  if (!facts.frameworks.includes(framework)) facts.frameworks = [...facts.frameworks, framework];
};

/** A class's call-registered routes: Spring's router functions, and Javalin's or Vert.x's where the file imports them. */
export function readCallRegisteredRoutes(node: Node, facts: FileFacts): void {
  readRouterFunctions(node, facts);
  const imports = (prefix: string) => facts.imports.some((i) => i.spec.startsWith(prefix));
  if (imports('io.javalin')) readCallRoutes(node, facts, 'javalin');
  else if (imports('io.vertx.ext.web')) readCallRoutes(node, facts, 'vertx');
}
