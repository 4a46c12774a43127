import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type FileFacts, joinPaths } from '../types.js';
import { importsOf, keywordArg, methodList, positionalArgs } from './python-syntax.js';
import { HTTP, line, regexRoutePath, unquote } from './syntax.js';

/**
 * Python web frameworks beside FastAPI, Flask and Django: aiohttp, Sanic, Quart, Litestar,
 * Tornado and Falcon. Quart and Sanic write routes as Flask does, aiohttp's `RouteTableDef` as
 * FastAPI does: the Flask/FastAPI reader reads those decorators, named here by what the file
 * imports; what each framework routes with on its own is read here.
 */

/** The framework a Flask- or FastAPI-style route decorator belongs to, by what its file imports. */
export function decoratorFramework(facts: FileFacts, written: 'flask' | 'fastapi'): string {
  if (importsOf(facts, /^quart\b/)) return 'quart';
  if (importsOf(facts, /^sanic\b/)) return 'sanic';
  if (importsOf(facts, /^aiohttp\b/)) return 'aiohttp';
  if (importsOf(facts, /^bottle$/)) return 'bottle';
  if (written === 'fastapi' && importsOf(facts, /^ninja\b/)) return 'django-ninja';
  return written;
}

/** What this file assigns to `name` (its first assignment), for lists and objects routed by name. */
const assignedTo = (root: Node, name: string) =>
  root
    .descendantsOfType('assignment')
    .find((a) => a?.childForFieldName('left')?.text === name)
    ?.childForFieldName('right') ?? undefined;

/** `ThingsResource()`, or `things` where this file assigns it a `ThingsResource(…)`: the class. */
function classOf(node: Node | undefined): string | undefined {
  const made =
    node?.type === 'identifier' && !/^[A-Z]/.test(node.text)
      ? assignedTo(node.tree.rootNode, node.text)
      : node;
  if (made?.type === 'call') return made.childForFieldName('function')?.text.split('.').pop();
  return made?.type === 'identifier' ? made.text : undefined;
}

/**
 * The router a value names: a variable (`admin`), or the variable a function of this file returns
 * when the value is its call (`make_admin()` ending in `return admin`).
 */
function madeBy(value: Node): string | undefined {
  if (value.type === 'identifier') return value.text;
  const fn = value.type === 'call' ? value.childForFieldName('function') : undefined;
  if (fn?.type !== 'identifier') return undefined;
  const maker = value.tree.rootNode
    .descendantsOfType('function_definition')
    .find((d) => d?.childForFieldName('name')?.text === fn.text);
  const returned = maker?.descendantsOfType('return_statement').at(-1)?.namedChild(0);
  return returned?.type === 'identifier' ? returned.text : undefined;
}

type Route = (
  framework: string,
  method: string,
  path: string,
  at: Node,
  handler?: string,
  owner?: string,
) => void;

/** A route call's method and path: `add_get('/x', h)`, `web.post('/x', h)`, `add_route('GET', '/x', h)`, `view('/x', V)`. */
function verbCall(verb: string, args: Node[]): { method: string; path?: string; handler?: Node } | undefined {
  const explicit = verb === 'route';
  if (!explicit && verb !== 'view' && !HTTP.has(verb.toUpperCase())) return undefined;
  const written = explicit ? unquote(args[0])?.toUpperCase() : verb === 'view' ? '*' : verb.toUpperCase();
  return {
    method: !written || written === '*' ? 'ALL' : written,
    path: unquote(args[explicit ? 1 : 0]),
    handler: args[explicit ? 2 : 1],
  };
}

/** aiohttp: `app.router.add_get(…)`, `app.add_routes([web.get(…), …])` or of a `RouteTableDef`, `add_subapp`. */
function readAiohttp(node: Node, attribute: string, object: string, facts: FileFacts, route: Route): boolean {
  const args = positionalArgs(node.childForFieldName('arguments'));
  const added = /^add_(\w+)$/.exec(attribute)?.[1];
  if (added && object.endsWith('.router')) {
    const call = verbCall(added, args);
    if (call?.path?.startsWith('/'))
      route('aiohttp', call.method, call.path, node, call.handler?.text, object.replace(/\.router$/, ''));
    return !!call;
  }
  if (attribute === 'add_routes') {
    const list = args[0];
    if (list?.type === 'identifier')
      facts.mounts.push({ owner: object, prefix: '', target: list.text, line: line(node) });
    for (const entry of list?.type === 'list' ? list.namedChildren : []) {
      if (entry?.type !== 'call') continue;
      const verb = entry.childForFieldName('function')?.text.split('.').pop() ?? '';
      const call = verbCall(verb, positionalArgs(entry.childForFieldName('arguments')));
      if (call?.path !== undefined) route('aiohttp', call.method, call.path, entry, call.handler?.text);
    }
    return true;
  }
  if (attribute === 'add_subapp') {
    const prefix = unquote(args[0]);
    const target = args[1] && madeBy(args[1]);
    if (prefix !== undefined && target)
      facts.mounts.push({ owner: object, prefix, target, line: line(node) });
    return true;
  }
  return false;
}

/**
 * Tornado's handler list: `(r"/story/([0-9]+)", StoryHandler)` tuples and `url(…)` calls, written
 * in place or in a list this file assigns; each path a regex the whole URL must match, each route
 * answering the methods its handler class defines.
 */
function readTornado(list: Node | undefined, route: Route): void {
  const rules = list?.type === 'identifier' ? assignedTo(list.tree.rootNode, list.text) : list;
  for (const rule of rules?.type === 'list' ? rules.namedChildren : []) {
    const parts =
      rule?.type === 'tuple'
        ? rule.namedChildren
        : rule?.type === 'call' && /(^|\.)url$/.test(rule.childForFieldName('function')?.text ?? '')
          ? positionalArgs(rule.childForFieldName('arguments'))
          : [];
    const pattern = unquote(parts[0]);
    const handler =
      parts[1]?.type === 'identifier' || parts[1]?.type === 'attribute' ? parts[1].text : undefined;
    if (rule && pattern !== undefined && handler)
      route('tornado', 'ALL', regexRoutePath(pattern), rule, handler.split('.').pop(), '*tornado*');
  }
}

const nonEmpty = (list: string[] | undefined) => (list?.length ? list : undefined);

/** Whether `name` is bound from Starlette's routing module (`from starlette.routing import Route`). */
const starlette = (facts: FileFacts, name: string) =>
  /^starlette\.routing$/.test(facts.bindings[name]?.spec ?? '');

/** The paths of the Starlette `Mount('/api', routes=[…])`s a route is listed in, outermost first. */
function starletteMounts(node: Node): string[] {
  const out: string[] = [];
  for (let up = node.parent; up; up = up.parent) {
    if (up.type !== 'call' || up.childForFieldName('function')?.text !== 'Mount') continue;
    const args = up.childForFieldName('arguments');
    const written = unquote(positionalArgs(args)[0] ?? keywordArg(args, 'path'));
    if (written !== undefined) out.unshift(written);
  }
  return out;
}

/**
 * A call that routes: aiohttp's; Sanic's `app.blueprint(bp, url_prefix=…)` (its prefix in place of
 * the blueprint's own); Tornado's `Application([…])`; Pyramid's `config.add_route(name, pattern)`;
 * Falcon's `app.add_route('/x', Resource())`, answering the methods its responders (`on_get`)
 * handle. True when the call was one of these.
 */
export function readWebCall(node: Node, facts: FileFacts, frameworks: Set<string>): boolean {
  const fn = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  const attribute = fn?.type === 'attribute' ? (fn.childForFieldName('attribute')?.text ?? '') : '';
  const object = fn?.type === 'attribute' ? (fn.childForFieldName('object')?.text ?? '') : '';
  const route: Route = (framework, method, path, at, handler, owner = object) => {
    facts.routes.push({ method, path, line: line(at), framework, owner, ...(handler ? { handler } : {}) });
    frameworks.add(framework);
  };
  // `app.router.add_get('/x', h)` in a `setup_routes(app)` module (aiohttp's layout, importing only
  // its views) is aiohttp's by its shape; the rest where the file imports aiohttp.
  const routerAdd = object.endsWith('.router') && /^add_\w+$/.test(attribute);
  if ((routerAdd || importsOf(facts, /^aiohttp\b/)) && readAiohttp(node, attribute, object, facts, route))
    return true;
  if (attribute === 'blueprint' && importsOf(facts, /^sanic\b/)) {
    const first = positionalArgs(args)[0];
    const prefix = unquote(keywordArg(args, 'url_prefix'));
    for (const target of first?.type === 'list' || first?.type === 'tuple' ? first.namedChildren : [first])
      if (target)
        facts.mounts.push({
          owner: object,
          prefix: prefix ?? '',
          target: target.text,
          line: line(node),
          ...(prefix !== undefined ? { replacesOwn: true } : {}),
        });
    return true;
  }
  if (/(^|\.)Application$/.test(fn?.text ?? '') && importsOf(facts, /^tornado\b/)) {
    readTornado(positionalArgs(args)[0] ?? keywordArg(args, 'handlers'), route);
    return true;
  }
  if (fn?.type === 'identifier' && facts.bindings[fn.text]?.name === 'Route' && starlette(facts, fn.text)) {
    // Starlette's `Route('/users/{id:int}', user, methods=['POST'])`, under the `Mount('/api', routes=[…])`s around it.
    const [path, endpoint] = positionalArgs(args);
    // Convertors (`{id:int}`) name the parameter `{id}`.
    const routePath = unquote(path ?? keywordArg(args, 'path'))?.replace(/\{(\w+):\w+\}/g, '{$1}');
    const handler = (endpoint ?? keywordArg(args, 'endpoint'))?.text;
    if (routePath !== undefined)
      for (const method of nonEmpty(methodList(keywordArg(args, 'methods'))) ?? ['GET'])
        route(
          'starlette',
          method,
          joinPaths(...starletteMounts(node), routePath),
          node,
          handler,
          '*starlette*',
        );
    return true;
  }
  if (attribute === 'add_route' && importsOf(facts, /^pyramid\b/)) {
    // Pyramid's `config.add_route('article', '/articles/{id}')`: the views named for it serve it,
    // by whichever methods they ask (`request_method=`); the route alone answers them all.
    const [, pattern] = positionalArgs(args);
    const routePath = unquote(pattern ?? keywordArg(args, 'pattern'));
    if (routePath !== undefined)
      for (const method of nonEmpty(methodList(keywordArg(args, 'request_method'))) ?? ['ALL'])
        route('pyramid', method, routePath.replace(/^(?!\/)/, '/'), node, undefined, '*pyramid*');
    return true;
  }
  if (attribute === 'add_route' && importsOf(facts, /^falcon\b/)) {
    const [path, resource] = positionalArgs(args);
    const routePath = unquote(path);
    if (routePath !== undefined) route('falcon', 'ALL', routePath, node, classOf(resource));
    return true;
  }
  return false;
}

/**
 * An assignment that makes a router: Sanic's `api = Blueprint.group(a, b, url_prefix='/api')`,
 * Litestar's `Router(path='/api', route_handlers=[…])` and `Litestar(route_handlers=[…])`: the
 * group's prefix its own, the blueprints or handlers it lists mounted on it.
 */
export function readWebAssignment(left: Node, right: Node, facts: FileFacts, frameworks: Set<string>): void {
  if (right.type !== 'call') return;
  const fn = right.childForFieldName('function')?.text ?? '';
  const args = right.childForFieldName('arguments');
  const group = fn === 'Blueprint.group' && importsOf(facts, /^sanic\b/);
  const litestar = /^(Router|Litestar|Starlite)$/.test(fn) && importsOf(facts, /^(litestar|starlite)\b/);
  if (!group && !litestar) return;
  const prefix = unquote(keywordArg(args, group ? 'url_prefix' : 'path'));
  if (prefix) facts.mounts.push({ owner: `${left.text}#self`, prefix, target: left.text, line: line(right) });
  const members = group ? positionalArgs(args) : (keywordArg(args, 'route_handlers')?.namedChildren ?? []);
  for (const member of members)
    if (member?.type === 'identifier' || member?.type === 'attribute')
      facts.mounts.push({ owner: left.text, prefix: '', target: member.text, line: line(right) });
  facts.exportedRouters[left.text] = left.text;
  frameworks.add(group ? 'sanic' : 'litestar');
}

const LITESTAR_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'route']);

/**
 * Litestar's handler decorators (`@get("/users/{id:int}")`, `@post()`, `@route(…, http_method=[…])`)
 * on a function, its own router, or on a `Controller`'s method, under the class's `path`.
 */
export function readLitestarDecorated(node: Node, facts: FileFacts, frameworks: Set<string>): boolean {
  if (!importsOf(facts, /^(litestar|starlite)\b/)) return false;
  const definition = node.childForFieldName('definition');
  const name = definition?.childForFieldName('name')?.text;
  if (definition?.type !== 'function_definition' || !name) return false;
  const inClass = node.parent?.parent?.type === 'class_definition' ? node.parent.parent : undefined;
  const className = inClass?.childForFieldName('name')?.text;
  let found = false;
  for (const decorator of node.namedChildren) {
    const call = decorator?.type === 'decorator' ? decorator.namedChild(0) : undefined;
    const verb = call?.type === 'call' ? call.childForFieldName('function')?.text : undefined;
    if (!call || !verb || !LITESTAR_VERBS.has(verb)) continue;
    const args = call.childForFieldName('arguments');
    const written = positionalArgs(args)[0] ?? keywordArg(args, 'path');
    const paths =
      written?.type === 'list' ? written.namedChildren.map((p) => unquote(p)) : [unquote(written) ?? ''];
    const methods =
      verb === 'route'
        ? [
            ...(keywordArg(args, 'http_method')?.text.matchAll(
              /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/gi,
            ) ?? []),
          ].map((m) => (m[1] as string).toUpperCase())
        : [verb.toUpperCase()];
    for (const path of paths)
      for (const method of methods)
        if (path !== undefined)
          facts.routes.push({
            method,
            path,
            line: line(node),
            endLine: node.endPosition.row + 1,
            framework: 'litestar',
            owner: className ?? name,
            handler: className ? `${className}.${name}` : name,
          });
    found = true;
  }
  if (found) {
    frameworks.add('litestar');
    // A handler function is a router of its own, mounted where a route_handlers list names it.
    if (!className) facts.exportedRouters[name] = name;
  }
  return found;
}

/** A Litestar `Controller`: its `path = "/users"` goes before its handlers'. */
export function readLitestarController(node: Node, bases: string[], facts: FileFacts): void {
  if (!bases.includes('Controller') || !importsOf(facts, /^(litestar|starlite)\b/)) return;
  const name = node.childForFieldName('name')?.text ?? '';
  for (const stmt of node.childForFieldName('body')?.namedChildren ?? []) {
    const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
    if (assign?.type !== 'assignment' || assign.childForFieldName('left')?.text !== 'path') continue;
    const prefix = unquote(assign.childForFieldName('right'));
    if (prefix) facts.mounts.push({ owner: `${name}#self`, prefix, target: name, line: line(assign) });
  }
  facts.exportedRouters[name] = name;
}
