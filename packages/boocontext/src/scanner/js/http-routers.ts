import type { SyntaxNode as Node } from '@boocode/source-kit';
import { resourceRoutes, STORE_ACTIONS } from '../languages/syntax.js';
import { type FileFacts, joinPaths, PATH_VALUE, UNKNOWN_PART } from '../types.js';
import {
  CONVENTIONAL_OWNERS,
  calleeName,
  type JsContext,
  type JsDetector,
  lineOf,
  objectProperty,
  ownerOf,
} from './context.js';
import { autoloadMount, isAutoload, recordPluginPrefix } from './fastify-autoload.js';
import { argsOf, declaredValue, enclosingClass, field, firstParam, pathsOf, stringOf } from './syntax.js';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'del', 'head', 'options', 'all']);

/** A route method's name as the HTTP method it answers: koa-router's `del` is DELETE. */
const httpMethod = (name: string) => (name === 'del' ? 'DELETE' : name.toUpperCase());
const ROUTER_FACTORIES = /^(express|Router|fastify|Fastify|Hono|Koa|KoaRouter|createRouter|Elysia)$/;

/**
 * Whether a call chain hangs off a router factory call rather than a name: `Router().use(a)`,
 * `express.Router().use(b)`, `new Elysia().get(…)`. Such a chain's owner is what it is assigned to (or `default` when
 * exported), not a receiver.
 */
function startsWithFactoryCall(expr: Node | undefined): boolean {
  let current = expr;
  for (;;) {
    if (current?.type === 'new_expression')
      return ROUTER_FACTORIES.test(calleeName(field(current, 'constructor')) ?? '');
    if (!current || (current.type !== 'call_expression' && current.type !== 'member_expression'))
      return false;
    if (
      current.type === 'call_expression' &&
      ROUTER_FACTORIES.test(calleeName(field(current, 'function')) ?? '')
    )
      return true;
    current = field(current, current.type === 'call_expression' ? 'function' : 'object');
  }
}

/**
 * The routers a `use`/`route` argument names: `users`, `users.routes`, koa-router's `users.routes()`, each of `[auth, users]`, a
 * module required in place (`use('/api', require('./routes/api'))`: what it exports), or the
 * function that builds one (`use(customerRoutes(controller))`).
 */
function mountTargets(arg: Node | undefined): string[] {
  if (!arg) return [];
  if (arg.type === 'identifier') return [arg.text];
  const fn = arg.type === 'call_expression' ? field(arg, 'function') : undefined;
  if (fn?.type === 'identifier' && fn.text === 'require') {
    const spec = stringOf(argsOf(arg)[0]);
    return spec ? [`import:${spec}`] : [];
  }
  if (fn?.type === 'identifier') return [fn.text];
  if (arg.type === 'array') return arg.namedChildren.flatMap((e) => mountTargets(e ?? undefined));
  // `users.routes` (Hono, hapi), `users.routes()` (koa-router's middleware of the router).
  const member = fn?.type === 'member_expression' && argsOf(arg).length === 0 ? fn : arg;
  if (
    member.type === 'member_expression' &&
    /^(routes|middleware)$/.test(field(member, 'property')?.text ?? '') &&
    field(member, 'object')?.type === 'identifier'
  )
    return [field(member, 'object')?.text ?? ''];
  return [];
}

/** An owner we did not see created (a plugin parameter, an app built elsewhere): the file's imports tell. */
function fileFramework(facts: FileFacts): string {
  const specs = facts.imports.map((i) => i.spec);
  if (specs.some((s) => s === 'fastify' || s.startsWith('@fastify/'))) return 'fastify';
  if (specs.some((s) => s === '@hapi/hapi' || s === 'hapi')) return 'hapi';
  if (specs.includes('hono')) return 'hono';
  if (specs.includes('elysia')) return 'elysia';
  if (specs.some((s) => s === '@adonisjs/core/services/router' || s === '@ioc:Adonis/Core/Route'))
    return 'adonis';
  if (specs.some((s) => s === 'koa' || s === '@koa/router' || s === 'koa-router')) return 'koa';
  if (specs.includes('restify')) return 'restify';
  if (specs.includes('express')) return 'express';
  return 'http';
}

/** Packages whose router factories route pages in a browser. */
const CLIENT_ROUTERS =
  /^(@tanstack\/[\w-]*router|vue-router|react-router(-dom)?|@solidjs\/router|@angular\/router|svelte-spa-router|wouter|@remix-run\/router)$/;

/** The framework a router factory is, by its name, or by the package it was imported from (koa-router's `Router`). */
function frameworkOfFactory(callee: string, from: string | undefined): string {
  if (/^(fastify|Fastify)$/.test(callee)) return 'fastify';
  if (callee === 'Hono') return 'hono';
  if (callee === 'Elysia') return 'elysia';
  return /Koa/.test(callee) || /^(koa-router|@koa\/router)$/.test(from ?? '') ? 'koa' : 'express';
}

/**
 * `name = Factory()…`: a router, with what its chain declares — Hono's `basePath`, `.use('/p', r)`
 * / `.use(r)` mounts (`Router().use(tags).use(articles)`), and routes declared on the chain
 * (`new Elysia().get('/x', h).post(…)`, `new Hono().get(…)`), whatever else the chain calls.
 */
function recordRouterVar(name: string, init: Node, ctx: JsContext): void {
  const { facts } = ctx;
  let call: Node | undefined = init;
  const mounts: FileFacts['mounts'] = [];
  const routeLinks: Node[] = [];
  while (call?.type === 'call_expression' && field(call, 'function')?.type === 'member_expression') {
    const link = field(field(call, 'function'), 'property')?.text ?? '';
    // `express.Router()`: the factory itself, the chain's base.
    if (ROUTER_FACTORIES.test(link)) break;
    const args = argsOf(call);
    if (HTTP_METHODS.has(link)) routeLinks.push(call);
    else if (link === 'basePath') {
      const base = stringOf(args[0]);
      if (base !== undefined)
        mounts.push({ owner: `${name}#self`, prefix: base, target: name, line: lineOf(call) });
    } else if (link === 'use' || link === 'route') {
      const prefix = stringOf(args[0]);
      for (const arg of prefix === undefined ? args : args.slice(1))
        for (const target of mountTargets(arg))
          mounts.push({ owner: name, prefix: prefix ?? '', target, line: lineOf(call) });
    }
    call = field(field(call, 'function'), 'object');
  }
  facts.mounts.push(...mounts);
  if (call?.type !== 'new_expression' && call?.type !== 'call_expression') return;
  const callee = calleeName(field(call, call.type === 'new_expression' ? 'constructor' : 'function'));
  if (!callee || !ROUTER_FACTORIES.test(callee)) return;
  // TanStack's, Vue's, Solid's `createRouter`/`Router`: a front end's page router, not a server's.
  if (CLIENT_ROUTERS.test(ctx.facts.bindings[callee]?.spec ?? '')) return;
  const framework = frameworkOfFactory(callee, ctx.facts.bindings[callee]?.spec);
  ctx.routers.set(name, framework);
  ctx.frameworks.add(framework);
  for (const link of routeLinks.reverse()) {
    const args = argsOf(link);
    const handler = args.at(-1);
    for (const routePath of args.length >= 2 ? (pathsOf(args[0]) ?? []) : [])
      facts.routes.push({
        method: httpMethod(field(field(link, 'function'), 'property')?.text ?? ''),
        path: routePath,
        line: lineOf(field(field(link, 'function'), 'property') ?? link),
        endLine: link.endPosition.row + 1,
        framework,
        owner: name,
        ...handlerOf(handler),
      });
  }
  const prefix = stringOf(objectProperty(argsOf(call)[0], 'prefix'));
  if (prefix) facts.mounts.push({ owner: `${name}#self`, prefix, target: name, line: lineOf(call) });
}

/** A method call on something that may be a router: `owner.method(args)`. */
interface RouterCall {
  call: Node;
  method: string;
  /** The receiver expression (`router`, `router.route('/x')`). */
  object: Node | undefined;
  owner: string;
  args: Node[];
  /** The first argument as a string, when it is one. */
  first: string | undefined;
  /** The paths the first argument spells (a template over a loop's strings: several). */
  paths: string[] | undefined;
  line: number;
}

/** The name a chain's router goes by: the variable the chain is assigned to, else its receiver. */
function chainOwner(call: Node): string | undefined {
  let top = call;
  for (let up = call.parent; up; up = up.parent) {
    if (up.type === 'member_expression' && field(up, 'object')?.id === top.id) top = up;
    else if (up.type === 'call_expression' && field(up, 'function')?.id === top.id) top = up;
    else break;
  }
  const holder = top.parent;
  if (holder?.type === 'variable_declarator' && field(holder, 'name')?.type === 'identifier')
    return field(holder, 'name')?.text;
  return ownerOf(field(call, 'function'));
}

/** The calls chained after a call (`.prefix('/api').use(auth)` after `router.group(…)`), in order. */
function* linksAfter(call: Node): Generator<{ name: string; args: Node[] }> {
  for (let link = call; ; ) {
    const member = link.parent;
    const next = member?.type === 'member_expression' ? member.parent : undefined;
    if (next?.type !== 'call_expression') return;
    yield { name: field(member as Node, 'property')?.text ?? '', args: argsOf(next) };
    link = next;
  }
}

/** AdonisJS's `router.group(() => { … }).prefix('/api')`: the prefix a group's chain gives it. */
function chainedPrefix(group: Node): string | undefined {
  for (const { name, args } of linksAfter(group)) if (name === 'prefix') return stringOf(args[0]);
  return undefined;
}

/**
 * Groups a route is declared in, outermost last: Elysia's `.group('/orders', (app) => app.get(…))`
 * (a route on the callback's parameter is the group's, and the group is the router it is called
 * on) and AdonisJS's `router.group(() => router.get(…)).prefix('/api')` (the same router, the
 * prefix after the group). `undefined` for a route in no group.
 */
function groupOf(call: Node, owner: string): { prefix: string; owner: string } | undefined {
  let prefix = '';
  let current = owner;
  let found = false;
  for (let up = call.parent; up; up = up.parent) {
    if (up.type !== 'arrow_function' && up.type !== 'function_expression') continue;
    const group = up.parent?.type === 'arguments' ? up.parent.parent : undefined;
    const fn = group?.type === 'call_expression' ? field(group, 'function') : undefined;
    if (fn?.type !== 'member_expression' || field(fn, 'property')?.text !== 'group') continue;
    const params = field(up, 'parameters')?.namedChildren.filter((p) => p?.type !== 'comment') ?? [];
    const param = field(up, 'parameter')?.text ?? params[0]?.text;
    const at = param === undefined ? chainedPrefix(group as Node) : stringOf(argsOf(group as Node)[0]);
    if (param === undefined ? ownerOf(field(fn, 'object')) !== current : param !== current) continue;
    if (at !== undefined) prefix = `${at.replace(/^(?!\/)/, '/').replace(/\/+$/, '')}${prefix}`;
    if (param !== undefined) current = chainOwner(group as Node) ?? current;
    found = true;
  }
  return found ? { prefix, owner: current } : undefined;
}

/** A group's route path as it follows the prefix: AdonisJS takes `posts` for `/posts`. */
const underPrefix = (routePath: string) =>
  routePath === '/' || routePath === '' ? '' : routePath.replace(/^(?!\/)/, '/');

/**
 * A route's handler by name: `list`, a controller's method `OngController.create`, or AdonisJS's
 * `[PostsController, 'index']` (a lone controller runs its `handle`) and v5's `'PostsController.index'`.
 */
function handlerOf(node: Node | undefined): { handler: string } | Record<string, never> {
  if (node?.type === 'identifier') return { handler: node.text };
  // `ctrl.get`, and a member of a member: `ctrl.comments.get` (an object or module under a name).
  if (node?.type === 'member_expression' && /^[\w$]+(?:\.[\w$]+)+$/.test(node.text)) {
    if (field(node, 'object')?.type === 'this') {
      // `this.getPost` in a controller class: the class's method.
      const owner = field(enclosingClass(node), 'name')?.text;
      return { handler: owner ? `${owner}.${field(node, 'property')?.text}` : node.text };
    }
    return node.text.startsWith('this.') ? {} : { handler: node.text };
  }
  if (node?.type === 'array') {
    const [controller, method, ...rest] = node.namedChildren;
    const action = method ? stringOf(method) : 'handle';
    if (controller?.type === 'identifier' && action && !rest.length)
      return { handler: `${controller.text}.${action}` };
  }
  const named = stringOf(node);
  if (named && /^[A-Z][\w$]*\.[\w$]+$/.test(named)) return { handler: named };
  return {};
}

/**
 * Fastify's route options kept in a constant of the file (`fastify.get('/users', getUsersOpts)` with
 * `const getUsersOpts = { schema, handler: getUsers }`): the route runs the options' handler.
 */
function optionsHandler(arg: Node | undefined): Node | undefined {
  if (arg?.type !== 'identifier') return arg;
  const value = declaredValue(arg, arg.text);
  return (value?.type === 'object' && objectProperty(value, 'handler')) || arg;
}

/** Whether a call's result is used: returned, awaited, assigned, passed on or chained with `.then`. */
function valueUsed(call: Node): boolean {
  const up = call.parent;
  if (!up) return false;
  if (
    /^(return_statement|await_expression|variable_declarator|assignment_expression|arguments|arrow_function)$/.test(
      up.type,
    )
  )
    return up.type !== 'arrow_function' || field(up, 'body')?.id === call.id;
  return up.type === 'member_expression' && /^(then|catch|finally)$/.test(field(up, 'property')?.text ?? '');
}

/** Whether `name` is the first parameter of the function a call is made in. */
function isParameter(call: Node, name: string): boolean {
  for (let up = call.parent; up; up = up.parent)
    if (/^(arrow_function|function_expression|function_declaration|method_definition)$/.test(up.type))
      return firstParam(up) === name;
  return false;
}

/** `router.get('/x', h)`, or `router.route('/x').get(h)` where the path is on the chain. */
function readRoute(rc: RouterCall, ctx: JsContext): void {
  const group = groupOf(rc.call, rc.owner);
  if (group)
    rc = { ...rc, owner: group.owner, paths: rc.paths?.map((p) => `${group.prefix}${underPrefix(p)}`) };
  const framework = ctx.routers.get(rc.owner) ?? fileFramework(ctx.facts);
  let chained: string | undefined;
  for (
    let link = rc.object;
    link?.type === 'call_expression' && field(link, 'function')?.type === 'member_expression';
    link = field(field(link, 'function'), 'object')
  ) {
    if (field(field(link, 'function'), 'property')?.text === 'route') {
      chained = stringOf(argsOf(link)[0]);
      break;
    }
  }
  const routePaths = chained !== undefined ? [chained] : rc.paths;
  if (routePaths === undefined || (rc.args.length < 2 && chained === undefined)) return;
  const handler = optionsHandler(rc.args.at(-1));
  // Each link of `routes\n  .get(…)\n  .post(…)` is a route of its own line, not the chain's first.
  const line = lineOf(field(field(rc.call, 'function'), 'property') ?? rc.call);
  // A route ends with its handler (Fastify's may sit in an options object); an HTTP client's call
  // ends with its config: `api.get('profile', { headers })`.
  if (handler?.type === 'object' && !objectProperty(handler, 'handler')) return;
  // An owner known only by its conventional name whose call's value is used (`return API.post(url,
  // payload)`, `await api.get(…)`, `const r = …`) is an HTTP client's: registering a route yields
  // nothing anyone reads. Not a plugin's parameter (`(app) => app.get('/x', h)`, Elysia's and
  // Fastify's functional plugins return the chain they register on).
  if (!ctx.routers.has(rc.owner) && valueUsed(rc.call) && !isParameter(rc.call, rc.owner)) return;
  for (const routePath of routePaths)
    ctx.facts.routes.push({
      method: httpMethod(rc.method),
      path: routePath,
      line,
      endLine: rc.call.endPosition.row + 1,
      framework,
      owner: rc.owner,
      ...handlerOf(handler),
    });
  if (framework !== 'http') ctx.frameworks.add(framework);
}

/** The full form: Fastify's `route({ method, url, handler })`, hapi's `route({ method, path })` or a list of them. */
function readRouteObject(owner: string, options: Node, ctx: JsContext): void {
  if (options.type === 'array') {
    for (const each of options.namedChildren) if (each?.type === 'object') readRouteObject(owner, each, ctx);
    return;
  }
  const urls = pathsOf(objectProperty(options, 'url') ?? objectProperty(options, 'path')) ?? [];
  const m = objectProperty(options, 'method');
  const handler = handlerOf(
    objectProperty(options, 'handler') ??
      objectProperty(objectProperty(options, 'config'), 'handler') ??
      objectProperty(objectProperty(options, 'options'), 'handler'),
  );
  const methods = m?.type === 'array' ? m.namedChildren.map((e) => stringOf(e ?? undefined)) : [stringOf(m)];
  // `http` when nothing in the file says which: the project's one HTTP framework stands in when joined.
  const framework = ctx.routers.get(owner) ?? fileFramework(ctx.facts);
  for (const each of methods)
    for (const url of each ? urls : [])
      ctx.facts.routes.push({
        method: each === '*' ? 'ALL' : (each as string).toUpperCase(),
        path: url,
        line: lineOf(options),
        endLine: options.endPosition.row + 1,
        framework,
        owner,
        ...handler,
      });
  if (framework !== 'http') ctx.frameworks.add(framework);
}

/** A route object as hapi writes one: a method, a path and a handler (its own or in `config`/`options`). */
const isRouteObject = (object: Node) =>
  !!objectProperty(object, 'method') &&
  !!(objectProperty(object, 'path') ?? objectProperty(object, 'url')) &&
  !!(
    objectProperty(object, 'handler') ??
    objectProperty(objectProperty(object, 'config'), 'handler') ??
    objectProperty(objectProperty(object, 'options'), 'handler')
  );

/** The arrays a function returns: an arrow's array body, or each `return [ … ]` of its own body. */
function returnedArrays(fn: Node | undefined): Node[] {
  if (!fn || !/^(arrow_function|function_expression|function)$/.test(fn.type)) return [];
  const body = field(fn, 'body');
  if (body?.type === 'array') return [body];
  return (body?.namedChildren ?? []).flatMap((stmt) =>
    stmt?.type === 'return_statement' && stmt.namedChild(0)?.type === 'array'
      ? [stmt.namedChild(0) as Node]
      : [],
  );
}

/**
 * hapi's route tables a module exports for a plugin to serve (`server.route(Routes(server))`):
 * `module.exports = [{ method, path, handler }, …]`, or the array the function it exports returns.
 * The table is the module's default router.
 */
function readExportedRouteTable(value: Node | undefined, ctx: JsContext): void {
  const tables = value?.type === 'array' ? [value] : returnedArrays(value);
  const routes = tables.flatMap((t) =>
    t.namedChildren.filter((e): e is Node => e?.type === 'object' && isRouteObject(e)),
  );
  for (const route of routes) readRouteObject('default', route, ctx);
  if (routes.length) ctx.facts.exportedRouters.default = 'default';
}

/** The array a name holds: a top-level `const routes = [ … ]` of the file, or an array in place. */
function arrayOf(node: Node | undefined, depth = 0): Node[] | undefined {
  if (node?.type === 'array') {
    // `[...defaultRoutes, ...devRoutes]`: the spread tables' elements in turn.
    const out: Node[] = [];
    for (const e of node.namedChildren) {
      if (e?.type === 'spread_element') out.push(...(arrayOf(e.namedChild(0) ?? undefined, depth + 1) ?? []));
      else if (e) out.push(e);
    }
    return out;
  }
  if (node?.type !== 'identifier' || depth > 3) return undefined;
  return arrayOf(declaredValue(node, node.text), depth + 1);
}

/**
 * The objects a loop variable takes: `table.forEach((route) => …)` or `for (const route of table)`
 * around `node`, over an array of object literals (`[{ path: '/auth', route: authRoute }, …]`).
 */
function loopObjects(node: Node, name: string): Node[] | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === 'for_in_statement' && field(up, 'left')?.text === name)
      return arrayOf(field(up, 'right'))?.filter((e) => e.type === 'object');
    if (!/^(arrow_function|function_expression)$/.test(up.type) || firstParam(up) !== name) continue;
    const call = up.parent?.parent;
    const callee = call?.type === 'call_expression' ? field(call, 'function') : undefined;
    if (callee?.type !== 'member_expression' || field(callee, 'property')?.text !== 'forEach')
      return undefined;
    return arrayOf(field(callee, 'object'))?.filter((e) => e.type === 'object');
  }
  return undefined;
}

/**
 * `router.use(route.path, route.route)` in a loop over a table of `{ path, route }` objects: one
 * mount per row, its prefix and router read from the row (the express-boilerplate layout).
 */
function readTableMounts(rc: RouterCall, ctx: JsContext): boolean {
  const [prefixArg, routerArg] = rc.args;
  if (prefixArg?.type !== 'member_expression' || routerArg?.type !== 'member_expression') return false;
  const row = field(prefixArg, 'object')?.text ?? '';
  if (!/^[\w$]+$/.test(row) || field(routerArg, 'object')?.text !== row) return false;
  const rows = loopObjects(rc.call, row);
  if (!rows) return false;
  const prefixKey = field(prefixArg, 'property')?.text ?? '';
  const routerKey = field(routerArg, 'property')?.text ?? '';
  for (const object of rows) {
    const prefix = stringOf(objectProperty(object, prefixKey)) ?? UNKNOWN_PART;
    for (const target of mountTargets(objectProperty(object, routerKey)))
      ctx.facts.mounts.push({ owner: rc.owner, prefix, target, line: rc.line });
  }
  return true;
}

/**
 * koa-mount's `mount('/api', api)` (or `mount(api)`): the Koa app or middleware it serves under its
 * prefix, as Express's `use('/api', api)` would.
 */
function koaMounted(arg: Node, ctx: JsContext): { prefix: string; target: Node | undefined } | undefined {
  const fn = arg.type === 'call_expression' ? field(arg, 'function') : undefined;
  if (fn?.type !== 'identifier' || ctx.facts.bindings[fn.text]?.spec !== 'koa-mount') return undefined;
  const args = argsOf(arg);
  if (args.length < 2) return { prefix: '', target: args[0] };
  return { prefix: stringOf(args[0]) ?? mountPrefixOf(args[0], ctx) ?? UNKNOWN_PART, target: args[1] };
}

function readMount(rc: RouterCall, prefix: string, arg: Node, ctx: JsContext): void {
  const mounted = koaMounted(arg, ctx);
  const full = mounted && mounted.prefix !== '' ? joinPaths(prefix, mounted.prefix) : prefix;
  for (const target of mountTargets(mounted ? mounted.target : arg))
    ctx.facts.mounts.push({ owner: rc.owner, prefix: full, target, line: rc.line });
}

/** Fastify plugins: `register(plugin, { prefix })`, the plugin named or imported in place. */
function readRegister(rc: RouterCall, ctx: JsContext): void {
  const [plugin, options] = rc.args;
  if (!plugin) return;
  if (isAutoload(plugin, ctx)) {
    ctx.facts.mounts.push(...autoloadMount(rc.owner, options, rc.call, ctx));
    ctx.frameworks.add('fastify');
    return;
  }
  for (const { target, prefix } of registeredPlugins(plugin, options))
    ctx.facts.mounts.push({ owner: rc.owner, prefix, target, line: rc.line });
  const framework = fileFramework(ctx.facts);
  if (framework !== 'http') ctx.frameworks.add(framework);
}

/** Fastify's `{ prefix }`, hapi's `{ routes: { prefix } }`. */
const registerPrefix = (options: Node | undefined) =>
  stringOf(objectProperty(options, 'prefix') ?? objectProperty(objectProperty(options, 'routes'), 'prefix'));

/**
 * What a `register` call mounts, each under its prefix: a plugin by name, `import('./x')` or
 * `require('./x')`, hapi's `{ plugin: …, routes: { prefix } }` (hapi 16's `{ register: …, options }`)
 * and lists of those; the call's own options give the prefix a plugin object does not.
 */
function registeredPlugins(plugin: Node, options: Node | undefined): { target: string; prefix: string }[] {
  if (plugin.type === 'array')
    return plugin.namedChildren.flatMap((p) => (p ? registeredPlugins(p, options) : []));
  if (plugin.type === 'object') {
    const inner = objectProperty(plugin, 'plugin') ?? objectProperty(plugin, 'register');
    const own = registerPrefix(plugin);
    return inner ? registeredPlugins(inner, own === undefined ? options : plugin) : [];
  }
  const fn = plugin.type === 'call_expression' ? field(plugin, 'function') : undefined;
  const spec = fn?.type === 'import' || fn?.text === 'require' ? stringOf(argsOf(plugin)[0]) : undefined;
  const target =
    plugin.type === 'identifier' ? plugin.text : spec !== undefined ? `import:${spec}` : undefined;
  return target ? [{ target, prefix: registerPrefix(options) ?? '' }] : [];
}

/** The call as a method call on a known or conventionally named router; `undefined` for any other call. */
function routerCallOf(
  call: Node,
  callee: Node,
  object: Node | undefined,
  ctx: JsContext,
): RouterCall | undefined {
  const owner = ownerOf(object);
  // AdonisJS 5's `Route.get(…)`: its router service, imported under that name.
  const adonis = owner === 'Route' && fileFramework(ctx.facts) === 'adonis';
  if (!owner || !(ctx.routers.has(owner) || CONVENTIONAL_OWNERS.test(owner) || adonis)) return undefined;
  // `import * as api from '$lib/api'`: a module's namespace, its `get`/`post` functions a client's.
  if (ctx.facts.bindings[owner]?.name === '*') return undefined;
  const method = field(callee, 'property')?.text ?? '';
  // `del` is koa-router's and restify's DELETE; on anything else it is some client's.
  if (method === 'del' && !/^(koa|restify)$/.test(ctx.routers.get(owner) ?? fileFramework(ctx.facts)))
    return undefined;
  const args = argsOf(call);
  return {
    call,
    method,
    object,
    owner,
    args,
    first: stringOf(args[0]),
    paths: pathsOf(args[0]),
    line: lineOf(call),
  };
}

/**
 * A mount's prefix written other than as a string: a template or concatenation, a constant
 * (`API_PREFIX`, or a path constant of this file) or `process.env.NAME` as `{=NAME}`. A
 * lowercase name is a middleware (`app.use(auth, router)`), not a prefix.
 */
function mountPrefixOf(arg: Node | undefined, ctx: JsContext): string | undefined {
  if (arg?.type === 'template_string' || arg?.type === 'binary_expression') return pathsOf(arg)?.[0];
  if (arg?.type === 'identifier' && (/^[A-Z][A-Z0-9_]*$/.test(arg.text) || ctx.facts.constants?.[arg.text]))
    return `{=${arg.text}}`;
  const env = arg?.type === 'member_expression' ? /^process\.env\.(\w+)$/.exec(arg.text) : null;
  return env ? `{=${env[1]}}` : undefined;
}

/** `const API_PREFIX = '/api'` at a module's top: a path a route or mount may be written with. */
function recordPathConstant(declarator: Node, name: string, init: Node, ctx: JsContext): void {
  const statement = declarator.parent;
  const top = statement?.parent?.type === 'export_statement' ? statement.parent.parent : statement?.parent;
  if (top?.type !== 'program') return;
  if (init.type === 'object') {
    recordObjectConstants(name, init, topLevelStrings(top), ctx);
    return;
  }
  const value = stringOf(init);
  if (value === undefined || !PATH_VALUE.test(value)) return;
  ctx.facts.constants = { ...ctx.facts.constants, [name]: value };
}

/** A module's top-level `const x = 'users'` strings, by name. */
function topLevelStrings(program: Node): Map<string, string> {
  const out = new Map<string, string>();
  for (const statement of program.namedChildren) {
    const declaration = statement?.type === 'export_statement' ? field(statement, 'declaration') : statement;
    if (declaration?.type !== 'lexical_declaration') continue;
    for (const declarator of declaration.namedChildren) {
      const value = stringOf(field(declarator, 'value') ?? undefined);
      const name = field(declarator, 'name');
      if (value !== undefined && name?.type === 'identifier') out.set(name.text, value);
    }
  }
  return out;
}

/**
 * `export const routesV1 = { version: v1, user: { root: usersRoot, delete: `/${usersRoot}/:id` } }`:
 * each string leaf is a constant by its dotted name (`routesV1.user.root`), written with strings,
 * the module's string constants and templates of them.
 */
function recordObjectConstants(
  name: string,
  object: Node,
  strings: Map<string, string>,
  ctx: JsContext,
): void {
  const leaf = (node: Node | null): string | undefined => {
    if (node?.type === 'identifier') return strings.get(node.text);
    if (node?.type !== 'template_string') return stringOf(node ?? undefined);
    let text = '';
    for (const part of node.namedChildren) {
      if (part?.type === 'string_fragment') text += part.text;
      else if (part?.type === 'template_substitution') {
        const value = leaf(part.namedChild(0));
        if (value === undefined) return undefined;
        text += value;
      }
    }
    return text;
  };
  const walkObject = (node: Node, prefix: string, depth: number) => {
    for (const pair of node.namedChildren) {
      if (pair?.type !== 'pair') continue;
      const key = field(pair, 'key');
      const value = field(pair, 'value');
      const keyName = key?.type === 'property_identifier' ? key.text : stringOf(key ?? undefined);
      if (!keyName || !value) continue;
      if (value.type === 'object' && depth < 3) walkObject(value, `${prefix}.${keyName}`, depth + 1);
      else {
        const text = leaf(value);
        // Path-like leaves only: a word or a path, no prose.
        if (text !== undefined && /^[\w\-./{}:]*$/.test(text))
          ctx.facts.constants = { ...ctx.facts.constants, [`${prefix}.${keyName}`]: text };
      }
    }
  };
  walkObject(object, name, 0);
}

/** The function a node is in, by the name it is declared or assigned with. */
function enclosingFunctionName(node: Node): string | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type === 'function_declaration' || up.type === 'method_definition') return field(up, 'name')?.text;
    if (up.type === 'arrow_function' || up.type === 'function_expression') {
      const holder = up.parent;
      return holder?.type === 'variable_declarator' ? field(holder, 'name')?.text : undefined;
    }
  }
  return undefined;
}

/**
 * A link of a chain on a factory call. The chain is read whole from its outermost call: where it
 * is assigned or exported (`recordRouterVar` from there), else here — built where it is returned or
 * passed (`return new Elysia().get(…)`, `(c) => new Hono().get(…)`), a router named by the function
 * that builds it (mounted where that function's result is), or the file's own.
 */
function readFactoryChain(call: Node, ctx: JsContext): void {
  const up = call.parent;
  if (
    up?.type === 'member_expression' ||
    up?.type === 'variable_declarator' ||
    up?.type === 'export_statement'
  )
    return;
  recordRouterVar(enclosingFunctionName(call) ?? '*chain*', call, ctx);
}

/** The roles an API-only resource leaves out: its HTML forms. */
const FORMS = new Set(['create', 'edit']);

/**
 * AdonisJS's `router.resource('posts', PostsController)`, narrowed by `.apiOnly()`, `.only([…])`
 * or `.except([…])` after it: a route per action, `:id` for the member.
 */
function readResource(rc: RouterCall, ctx: JsContext): void {
  const name = rc.first;
  if (name === undefined || fileFramework(ctx.facts) !== 'adonis') return;
  const dropped = new Set<string>();
  let only: (string | undefined)[] | undefined;
  for (const { name: modifier, args } of linksAfter(rc.call)) {
    const listed = args[0]?.namedChildren.map((e) => stringOf(e ?? undefined)) ?? [];
    if (modifier === 'apiOnly') for (const form of FORMS) dropped.add(form);
    else if (modifier === 'only') only = listed;
    else if (modifier === 'except') for (const action of listed) if (action) dropped.add(action);
  }
  const keep = (action: string) => !dropped.has(action) && (!only || only.includes(action));
  const controller = rc.args[1]?.text;
  const group = groupOf(rc.call, rc.owner);
  for (const { role, method, sub } of resourceRoutes(false)) {
    const action = STORE_ACTIONS[role] ?? role;
    if (!keep(action)) continue;
    ctx.facts.routes.push({
      method,
      path: `${group?.prefix ?? ''}/${[name, sub.replace('new', 'create')].filter(Boolean).join('/')}`,
      line: rc.line,
      framework: 'adonis',
      owner: group?.owner ?? rc.owner,
      ...(controller ? { handler: `${controller}.${action}` } : {}),
    });
  }
  ctx.frameworks.add('adonis');
}

/**
 * `require('./routes/messages')(messageRouter)`, `registerUsers(app)`: a router handed to a
 * function (a module's export, or one imported by name), which declares its routes on its
 * parameter: those routes are the router's.
 */
function readRouterHandedOver(call: Node, ctx: JsContext): void {
  const callee = field(call, 'function');
  const target =
    callee?.type === 'call_expression'
      ? mountTargets(callee)[0]
      : callee?.type === 'identifier'
        ? callee.text
        : undefined;
  const imported = target?.startsWith('import:') || (!!target && Object.hasOwn(ctx.facts.bindings, target));
  if (!target || !imported) return;
  // Only a router this file makes: a variable merely named `routes` may be anything.
  for (const arg of argsOf(call))
    if (arg.type === 'identifier' && ctx.routers.has(arg.text))
      ctx.facts.mounts.push({ owner: arg.text, prefix: '', target, line: lineOf(call) });
}

function readRouterCall(call: Node, ctx: JsContext): void {
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression') {
    readRouterHandedOver(call, ctx);
    return;
  }
  const object = field(callee, 'object');
  if (startsWithFactoryCall(object)) {
    readFactoryChain(call, ctx);
    return;
  }
  const rc = routerCallOf(call, callee, object, ctx);
  if (!rc) return;
  const { method, args } = rc;
  if (method === 'resource') {
    readResource(rc, ctx);
    return;
  }
  if (method === 'use' && readTableMounts(rc, ctx)) return;
  const first =
    rc.first ?? (method === 'use' || method === 'route' ? mountPrefixOf(args[0], ctx) : undefined);
  if (HTTP_METHODS.has(method.toLowerCase())) readRoute(rc, ctx);
  else if (
    method === 'route' &&
    args.length === 1 &&
    (args[0]?.type === 'object' || args[0]?.type === 'array')
  )
    readRouteObject(rc.owner, args[0], ctx);
  else if (method === 'route' && args.length === 1 && args[0]?.type === 'call_expression') {
    // hapi's `server.route(Routes(server))`, `server.route(require('./routes'))`: the route objects
    // another module exports (or returns from the function it exports), served on this server.
    for (const target of mountTargets(args[0]))
      ctx.facts.mounts.push({ owner: rc.owner, prefix: '', target, line: rc.line });
  } else if ((method === 'use' || method === 'route') && first !== undefined && args.length >= 2) {
    // Express/Koa `use('/p', router)` (or `[auth, router]`), Hono `route('/p', app)`.
    for (const arg of args.slice(1)) readMount(rc, first, arg, ctx);
  } else if (method === 'use' && first === undefined) {
    // `app.use(router)`: mounted without a path, it inherits every prefix above it.
    for (const arg of args) readMount(rc, '', arg, ctx);
  } else if (method === 'register') readRegister(rc, ctx);
}

/** Packages a front end calls its back end with: a file importing one is a client, not a server. */
const HTTP_CLIENTS =
  /^(axios|ky|ofetch|redaxios|superagent|got|node-fetch|cross-fetch|isomorphic-fetch|@angular\/common\/http)$/;

/**
 * Routes read off a receiver only by its conventional name (`api.get(…)`, no router made here) in
 * a client's file — one with JSX or importing an HTTP client — are that client's calls, not routes.
 */
function dropClientCalls(root: Node, ctx: JsContext): void {
  const guessed = (owner: string) => !ctx.routers.has(owner) && CONVENTIONAL_OWNERS.test(owner);
  if (!ctx.facts.routes.some((r) => guessed(r.owner))) return;
  const client =
    ctx.facts.imports.some((i) => HTTP_CLIENTS.test(i.spec)) ||
    root.descendantsOfType(['jsx_element', 'jsx_self_closing_element']).length > 0;
  if (client) ctx.facts.routes = ctx.facts.routes.filter((r) => !guessed(r.owner));
}

/**
 * Express, Fastify, Hono and Koa: routers made by their factories, routes declared on them (or on
 * conventionally named receivers), mounts with their prefixes, and the routers a file exports.
 */
export const httpRouters: JsDetector = {
  finish: dropClientCalls,
  on: {
    call_expression: readRouterCall,
    variable_declarator(node, ctx) {
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (name?.type === 'identifier' && init) {
        recordPluginPrefix(name.text, init, ctx);
        recordPathConstant(node, name.text, init, ctx);
        recordRouterVar(name.text, init, ctx);
      }
    },
    export_statement(node, ctx) {
      const value = field(node, 'value');
      readExportedRouteTable(value ?? undefined, ctx);
      if (value?.type === 'identifier') ctx.facts.exportedRouters.default = value.text;
      else if (value?.type === 'call_expression' && startsWithFactoryCall(value)) {
        // `export default Router().use('/api', api)`: a router with no name but `default`.
        recordRouterVar('default', value, ctx);
        if (ctx.routers.has('default')) ctx.facts.exportedRouters.default = 'default';
      }
    },
    assignment_expression(node, ctx) {
      const right = field(node, 'right');
      const left = field(node, 'left');
      const exported = left?.text === 'module.exports';
      if (exported) readExportedRouteTable(right ?? undefined, ctx);
      // koa-router's `module.exports = router.routes()`: the router's middleware is the router.
      const targets = exported && right?.type !== 'identifier' ? mountTargets(right ?? undefined) : [];
      if (exported && right?.type === 'identifier') ctx.facts.exportedRouters.default = right.text;
      else if (targets.length === 1) ctx.facts.exportedRouters.default = targets[0] as string;
      else if (left?.type === 'member_expression')
        recordPluginPrefix(field(left, 'property')?.text ?? '', right, ctx);
    },
  },
};
