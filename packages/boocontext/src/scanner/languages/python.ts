import type { SyntaxNode as Node } from '@boocode/source-kit';
import { rpcRoute } from '../grpc.js';
import {
  type DjangoView,
  emptyFacts,
  type FileFacts,
  joinPaths,
  PATH_VALUE,
  UNKNOWN_PART,
  VIEWSET,
} from '../types.js';
import { wsRoute } from '../websocket.js';
import { ariadneBindable, readAriadneField, readGraphqlClass } from './python-graphql.js';
import { importsOf, keywordArg, methodList, positionalArgs } from './python-syntax.js';
import {
  decoratorFramework,
  readLitestarController,
  readLitestarDecorated,
  readWebAssignment,
  readWebCall,
} from './python-web.js';
import { HTTP, line, regexRoutePath, unquote, walk } from './syntax.js';

interface PythonContext {
  rel: string;
  /** Routers the module makes by name: their `register` calls are routes wherever the module is. */
  routersMade: Set<string>;
  facts: FileFacts;
  frameworks: Set<string>;
  env: Set<string>;
  /** Ariadne's bindables made in this file: variable → operation. */
  bindables: Map<string, string>;
  /** gRPC servicer classes of this file, a subclass of one serving the same service: class → service. */
  servicers: Map<string, string>;
  /** Each class's own fields, for SQLModel tables that inherit theirs from a base of the file. */
  classFields: Map<string, string[]>;
  /** gRPC stubs this file makes (`stub = pb2_grpc.CartServiceStub(channel)`): variable → service. */
  stubs: Map<string, string>;
  /**
   * `x.GetCart(…)` calls: RPC calls where `x` turns out to hold a stub (assigned anywhere in the
   * file). Collected only in a file that makes a stub at all: others have many `x.PascalCase(…)`.
   */
  stubCalls?: { receiver: string; method: string; line: number }[];
  /**
   * Methods of this file's Flask-RESTful `Api` subclasses that add resources (`add_org_resource`),
   * and whether they rewrite the paths they are given on the way (`urls = [scoped(u) for u in urls]`).
   */
  resourceAdders: Map<string, { rewrites: boolean }>;
}

/** A route's `methods=['GET', 'POST']`, upper-cased; Flask's default, `GET`, without one. */
/** Flask's `methods=['GET', 'POST']`, Bottle's `method='POST'` (or a list); GET when none is written. */
const methodsArg = (args: Node | null): string[] =>
  methodList(keywordArg(args, 'method')) ?? methodList(keywordArg(args, 'methods')) ?? ['GET'];

/**
 * A prefix argument: a string's value, or `{=name}` for a constant or settings attribute
 * (`settings.api_prefix`) that the aggregation resolves across files.
 */
function prefixOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  const text = unquote(node);
  if (text !== undefined) return text;
  return /^[A-Za-z_][\w.]*$/.test(node.text) ? `{=${node.text}}` : UNKNOWN_PART;
}

/** `API_PREFIX = "/api"` at the top of a module, `api_prefix: str = "/api"` in a (settings) class body. */
function readConstant(node: Node, facts: FileFacts, inClass: boolean): void {
  const name = node.childForFieldName('left');
  const value = unquote(node.childForFieldName('right'));
  if (name?.type !== 'identifier' || value === undefined || !PATH_VALUE.test(value)) return;
  facts.constants = { ...facts.constants, [inClass ? `.${name.text}` : name.text]: value };
}

function readImport(node: Node, { facts }: PythonContext): void {
  for (const name of node.childrenForFieldName('name')) {
    const module = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
    if (module) facts.imports.push({ spec: module, line: line(node) });
  }
}

function readImportFrom(node: Node, { facts }: PythonContext): void {
  const module = node.childForFieldName('module_name')?.text ?? '';
  facts.imports.push({ spec: module, line: line(node) });
  for (const name of node.childrenForFieldName('name')) {
    const imported = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
    const local = name?.type === 'aliased_import' ? name.childForFieldName('alias')?.text : imported;
    if (imported && local) facts.bindings[local] = { spec: module, name: imported };
    // `from .routers import users` may name a submodule; an unresolvable spec is simply dropped.
    if (imported)
      facts.imports.push({
        spec: `${module}${module.endsWith('.') ? '' : '.'}${imported}`,
        line: line(node),
      });
  }
}

/** `app = FastAPI()`, `router = APIRouter(prefix=…)`, `bp = Blueprint(…, url_prefix=…)`, Django's `urlpatterns`. */
function readAssignment(node: Node, { facts, frameworks, bindables, stubs }: PythonContext): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const scope = node.parent?.parent;
  if (
    node.parent?.type === 'expression_statement' &&
    (scope?.type === 'module' || scope?.parent?.type === 'class_definition')
  )
    readConstant(node, facts, scope?.type !== 'module');
  // `stub = pb2_grpc.CartServiceStub(channel)`, `self.cart = …Stub(channel)`: a gRPC client.
  const stub =
    right?.type === 'call'
      ? /(?:^|\.)(\w+)Stub$/.exec(right.childForFieldName('function')?.text ?? '')?.[1]
      : undefined;
  if (left && stub) stubs.set(left.text, stub);
  if (left?.type === 'identifier' && right?.type === 'call') {
    const fn = right.childForFieldName('function')?.text ?? '';
    const args = right.childForFieldName('arguments');
    const bindable = ariadneBindable(right);
    if (bindable) {
      bindables.set(left.text, bindable);
      frameworks.add('graphql');
    }
    // A project's own `APIRouter` subclass (`AdminAPIRouter(prefix="/users")`) takes its prefix as FastAPI's.
    const framework = fn === 'FastAPI' || fn.endsWith('APIRouter') ? 'fastapi' : undefined;
    const flask = /^(Flask|Blueprint)$/.test(fn) ? 'flask' : undefined;
    // Flask-RESTful's and Flask-RESTX's `Api(app_or_blueprint, prefix=…)`, RESTX's `Namespace('orders', path=…)`.
    const restful = /^(Api|Namespace)$/.test(fn) && importsOf(facts, /^flask_rest(ful|x|plus)\b/);
    // Django Ninja's `NinjaAPI()` and `Router()`.
    const ninja = (fn === 'NinjaAPI' || fn === 'Router') && importsOf(facts, /^ninja\b/);
    const kind = ninja
      ? 'django-ninja'
      : (framework ?? (flask || restful ? decoratorFramework(facts, 'flask') : undefined));
    if (kind) {
      frameworks.add(kind);
      const prefix =
        fn === 'Namespace'
          ? (prefixOf(keywordArg(args, 'path')) ?? `/${unquote(args?.namedChild(0)) ?? ''}`)
          : prefixOf(
              keywordArg(args, kind === 'fastapi' ? 'prefix' : fn === 'Api' ? 'prefix' : 'url_prefix'),
            );
      if (prefix)
        facts.mounts.push({ owner: `${left.text}#self`, prefix, target: left.text, line: line(node) });
      facts.exportedRouters[left.text] = left.text;
      // `Api(bp)`: the API's resources are served where the blueprint is.
      const host = args?.namedChild(0);
      if (fn === 'Api' && host?.type === 'identifier')
        facts.mounts.push({ owner: host.text, prefix: '', target: left.text, line: line(node) });
    }
  }
  if (left?.type === 'identifier' && right) readWebAssignment(left, right, facts, frameworks);
  if (left?.text === 'urlpatterns') frameworks.add('django');
  if (left?.type === 'identifier' && right) readRouterUrls(node, left.text, right, facts);
}

/**
 * `urlpatterns = router.urls` (or `router.urls + [...]`, `[*router.urls, …]`, `+=`) in a module:
 * the routes a DRF router registered, served where the list is. One inside a call is an include's
 * or a path's, read with it.
 */
function readRouterUrls(node: Node, list: string, right: Node, facts: FileFacts): void {
  if (node.parent?.parent?.type !== 'module') return;
  // `right` itself when it is the attribute: descendantsOfType counts the node it is called on.
  for (const urls of right.descendantsOfType('attribute')) {
    const router = urlsRouter(urls);
    if (router && !insideCall(urls, right))
      facts.mounts.push({ owner: list, prefix: '', target: router, line: line(node) });
  }
}

/**
 * The router whose routes `router.urls` lists (also `(*router).urls`, how the grammar reads a list's
 * lone `*router.urls`), or another module's (`api_routes.bookmark_router.urls`).
 */
function urlsRouter(attribute: Node | null | undefined): string | undefined {
  if (attribute?.type !== 'attribute' || attribute.childForFieldName('attribute')?.text !== 'urls')
    return undefined;
  const object = attribute.childForFieldName('object');
  const router = object?.type === 'list_splat' ? object.namedChild(0) : object;
  return router?.type === 'identifier' ||
    (router?.type === 'attribute' && /^\w+(?:\.\w+)+$/.test(router.text))
    ? router.text
    : undefined;
}

/** Whether a node sits in a call below `top` (an include's or a path's patterns, read with them). */
function insideCall(node: Node, top?: Node): boolean {
  for (let up = node.parent; up && up !== top; up = up.parent) if (up.type === 'call') return true;
  return false;
}

/** Django's decorators that limit the methods a function view answers, by name. */
const DJANGO_METHOD_DECORATORS: Record<string, string[]> = {
  require_GET: ['GET'],
  require_POST: ['POST'],
  require_safe: ['GET', 'HEAD'],
};

/**
 * The methods a Django function view answers when a decorator says (`@require_POST`,
 * `@require_http_methods(["GET", "POST"])`); undefined when none does (it answers any).
 */
function djangoViewMethods(node: Node): string[] | undefined {
  for (const decorator of node.namedChildren) {
    const inner = decorator?.type === 'decorator' ? decorator.namedChild(0) : undefined;
    if (!inner) continue;
    const name =
      (inner.type === 'call' ? inner.childForFieldName('function') : inner)?.text.split('.').pop() ?? '';
    const fixed = DJANGO_METHOD_DECORATORS[name];
    if (fixed) return fixed;
    if (name === 'require_http_methods' && inner.type === 'call') {
      const listed = [...(inner.childForFieldName('arguments')?.text ?? '').matchAll(/["'](\w+)["']/g)]
        .map((m) => (m[1] as string).toUpperCase())
        .filter((m) => HTTP.has(m));
      if (listed.length) return listed;
    }
  }
  return undefined;
}

/**
 * `@app.get('/x')` (FastAPI) and `@bp.route('/x', methods=[…])` (Flask) on a function; Flask-RESTX's
 * `@ns.route('/x')` on a resource class (served by the methods it defines).
 */
function readDecorated(node: Node, { facts, frameworks, bindables }: PythonContext): void {
  if (readLitestarDecorated(node, facts, frameworks)) return;
  const definition = node.childForFieldName('definition');
  const fnName = definition?.childForFieldName('name')?.text;
  // A module's function view: what it answers is read as a view class's is, by the routes naming it.
  const viewMethods =
    definition?.type === 'function_definition' &&
    node.parent?.type === 'module' &&
    importsOf(facts, /^django/)
      ? djangoViewMethods(node)
      : undefined;
  if (fnName && viewMethods) facts.views = { ...facts.views, [fnName]: { methods: viewMethods } };
  const handler = fnName ? { handler: fnName } : {};
  const resource = definition?.type === 'class_definition';
  for (const decorator of node.namedChildren.filter((c) => c?.type === 'decorator')) {
    const call = decorator?.namedChild(0);
    if (call?.type !== 'call' || readAriadneField(node, call, bindables, facts)) continue;
    const fn = call.childForFieldName('function');
    // Bottle's module-level `@route('/x')`, `@get('/x')`: the default app's, imported from bottle.
    const bottle = fn?.type === 'identifier' && facts.bindings[fn.text]?.spec === 'bottle';
    if (fn?.type !== 'attribute' && !bottle) continue;
    const owner = fn?.type === 'attribute' ? (fn.childForFieldName('object')?.text ?? '') : '*bottle*';
    const method = (fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : fn?.text) ?? '';
    const args = call.childForFieldName('arguments');
    const routePath = unquote(args?.namedChild(0)) ?? rewrittenPath(args?.namedChild(0));
    if (routePath === undefined) continue;
    if (HTTP.has(method.toUpperCase()) && method === method.toLowerCase()) {
      // The same decorators are Django Ninja's, Sanic's, aiohttp's where the file imports it.
      const framework = decoratorFramework(facts, 'fastapi');
      facts.routes.push({
        method: method.toUpperCase(),
        path: routePath,
        line: line(node),
        framework,
        owner,
        ...handler,
      });
      frameworks.add(framework);
    } else if (method === 'route') {
      const list = resource ? ['ALL'] : methodsArg(args);
      const framework = decoratorFramework(facts, 'flask');
      for (const m of list)
        facts.routes.push({
          method: m,
          path: routePath,
          line: line(node),
          framework,
          owner,
          ...handler,
        });
      frameworks.add(framework);
    }
  }
}

/**
 * A path a function of the code makes from the one written (Redash's
 * `@routes.route(org_scoped_rule("/api/session"))`): what it adds is not read, so its start is
 * unknown, as for a resource adder that rewrites its paths.
 */
function rewrittenPath(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'call') return undefined;
  const written = unquote(node.childForFieldName('arguments')?.namedChild(0));
  return written?.startsWith('/') ? joinPaths(UNKNOWN_PART, written) : undefined;
}

/** The paths of the `path('x/', include([...]))` calls a pattern is written inside, outermost first. */
function outerIncludes(node: Node): string[] {
  const out: string[] = [];
  for (let up = node.parent; up; up = up.parent) {
    if (up.type !== 'call' || !/^(path|re_path|url)$/.test(up.childForFieldName('function')?.text ?? ''))
      continue;
    const [route, view] = positionalArgs(up.childForFieldName('arguments'));
    const written = unquote(route);
    if (written !== undefined && /^include\(/.test(view?.text ?? ''))
      out.unshift(up.childForFieldName('function')?.text === 'path' ? written : regexRoutePath(written));
  }
  return out;
}

/**
 * Django's `path('x/', view)`, `re_path`/`url` with a regex, and `include('app.urls')` or
 * `include(router.urls)` in a urls.py.
 */
function readDjangoPath(
  node: Node,
  args: Node | null,
  regex: boolean,
  { facts, frameworks }: PythonContext,
): void {
  const [route, view] = positionalArgs(args);
  const written = unquote(route);
  if (written === undefined || !view) return;
  const own = regex ? regexRoutePath(written) : written;
  // Patterns listed inside an include (`path('session/', include(([path('login/', …)], 'session')))`)
  // are served under the paths of the includes around them.
  const outer = outerIncludes(node);
  const routePath = outer.length ? joinPaths(...outer, own) : own;
  const first = /^include\(/.test(view.text) ? view.childForFieldName('arguments')?.namedChild(0) : undefined;
  // `include(('app.urls', 'app'))`: the module and an app namespace, as a tuple.
  const included = first?.type === 'tuple' ? (first.namedChild(0) ?? undefined) : first;
  const module = unquote(included);
  // `include(router.urls)`: the routes a DRF router registered in this file; Django Ninja's
  // `path("api/", api.urls)`: the routes of the API object, here or imported.
  const urls = included ?? view;
  const router = urlsRouter(urls);
  // `include(uuid_urls)`: a list of patterns this module assigns (or imports) under that name.
  const list = included?.type === 'identifier' ? included.text : undefined;
  // A pattern in such a list is that list's, served where an include mounts it.
  const owner = patternList(node);
  if (module || router || list)
    facts.mounts.push({
      owner,
      prefix: routePath,
      target: module ? `module:${module}` : (router ?? (list as string)),
      line: line(node),
    });
  // Not a router's (a view, a library's site such as `admin.site.urls`): a route of its own; one
  // through a module (`m.router.urls`) only where that names none of the project's routers.
  if (!included && (!router || router.includes('.'))) {
    const handler = viewName(view);
    // Django Channels' `websocket_urlpatterns`: WebSocket consumers, served apart from the URLconf.
    if (inList(node, 'websocket_urlpatterns')) {
      frameworks.add('channels');
      facts.routes.push(wsRoute(joinPaths(routePath), line(node), 'channels', { handler }));
    } else
      facts.routes.push({
        method: 'ALL',
        path: routePath,
        line: line(node),
        framework: 'django',
        owner,
        handler,
        ...(router ? { unlessMounts: router } : {}),
      });
  }
}

/**
 * The view a pattern serves, by name: the class of `ArticleView.as_view(…)` (its arguments span
 * lines), the view a decorator called in place wraps (`login_required(IndexView.as_view())`).
 */
function viewName(view: Node): string {
  let at = view;
  for (;;) {
    if (at.type !== 'call') return at.text;
    const fn = at.childForFieldName('function');
    if (fn?.type === 'attribute' && /^as_(view|asgi)$/.test(fn.childForFieldName('attribute')?.text ?? ''))
      return fn.childForFieldName('object')?.text ?? at.text;
    const only = positionalArgs(at.childForFieldName('arguments'));
    if (only.length !== 1 || !only[0]) return at.text;
    at = only[0];
  }
}

/** The module-level list a pattern is written in: `urlpatterns`, or another an include names (`uuid_urls`). */
function patternList(node: Node): string {
  for (let up = node.parent; up; up = up.parent)
    if (up.type === 'assignment' && up.parent?.parent?.type === 'module') {
      const name = up.childForFieldName('left')?.text ?? '';
      return /^\w+$/.test(name) && name !== 'websocket_urlpatterns' ? name : 'urlpatterns';
    }
  return 'urlpatterns';
}

/** Whether a call sits in the list a module-level `name = [...]` assigns. */
function inList(node: Node, name: string): boolean {
  for (let up = node.parent; up; up = up.parent)
    if (up.type === 'assignment') return up.childForFieldName('left')?.text === name;
  return false;
}

/**
 * The routers a module makes (`router = routers.DefaultRouter(…)`, DRF's or a project's fork of it):
 * their `register` calls are routes wherever the module is (Taiga keeps them in `routers.py`, which
 * `urls.py` includes).
 */
const routersMade = (text: string) =>
  new Set([...text.matchAll(/^(\w+)\s*=\s*[\w.]*Router\s*\(/gm)].map((m) => m[1] as string));

/** DRF's `router.register(r'articles', ArticleViewSet)`: the viewset's routes, methods resolved with its class. */
function readRegister(node: Node, owner: string, args: Node | null, { facts }: PythonContext): void {
  const [route, view] = positionalArgs(args);
  const prefix = unquote(route);
  const viewset = view?.text;
  if (prefix === undefined || !viewset) return;
  facts.routes.push({
    method: VIEWSET,
    path: regexRoutePath(prefix),
    line: line(node),
    framework: 'django',
    owner,
    handler: viewset,
  });
}

/** An Alembic migration's `op.create_table("users", sa.Column("id", …), …)`: a table and its columns. */
function readAlembicTable(node: Node, args: Node | null, { rel, facts }: PythonContext): void {
  const [first, ...rest] = (args?.namedChildren ?? []).filter((a): a is Node => !!a && a.type !== 'comment');
  const table = unquote(first);
  if (!table) return;
  const fields = rest.flatMap((arg) => {
    if (arg.type !== 'call' || !/(^|\.)Column$/.test(arg.childForFieldName('function')?.text ?? ''))
      return [];
    const column = unquote(arg.childForFieldName('arguments')?.namedChild(0));
    return column ? [column] : [];
  });
  facts.models.push({ name: table, orm: 'sql', file: rel, line: line(node), fields });
}

/**
 * Flask-RESTful's `api.add_resource(OrderList, '/orders', '/o')` and Flask's
 * `app.add_url_rule('/x', view_func=OrderView.as_view('orders'))`: a route per path, served by the
 * class's methods (or the function's `methods=`).
 */
function readResourceRule(
  node: Node,
  kind: string,
  args: Node | null,
  { facts, frameworks }: PythonContext,
  /** Added by a method of the project's that rewrites the paths first: their start is unknown. */
  rewritten = false,
): void {
  const owner = node.childForFieldName('function')?.childForFieldName('object')?.text ?? '';
  const positional = positionalArgs(args);
  const view = kind === 'add_resource' ? positional[0] : (keywordArg(args, 'view_func') ?? positional[2]);
  const paths = (
    kind === 'add_resource' ? positional.slice(1).map((p) => unquote(p)) : [unquote(positional[0])]
  ).map((p) => (p !== undefined && rewritten ? joinPaths(UNKNOWN_PART, p) : p));
  const asView = view?.type === 'call' ? view.childForFieldName('function') : undefined;
  const handler =
    asView?.childForFieldName('attribute')?.text === 'as_view'
      ? asView.childForFieldName('object')?.text
      : view?.text;
  const list = kind === 'add_resource' || asView ? ['ALL'] : methodsArg(args);
  for (const routePath of paths)
    for (const method of routePath === undefined ? [] : list)
      facts.routes.push({
        method,
        path: routePath as string,
        line: line(node),
        framework: 'flask',
        owner,
        ...(handler && /^[\w.]+$/.test(handler) ? { handler } : {}),
      });
  frameworks.add('flask');
}

/** What `mount(path, app)` / `add_router(path, router)` serves: its second argument, or `app=`. */
const mountedApp = (args: Node | null): Node | undefined =>
  positionalArgs(args)[1] ?? keywordArg(args, 'app') ?? keywordArg(args, 'router');

/** Router mounts (`include_router`, `register_blueprint`), Django paths and `os.getenv`. */
function readCall(node: Node, ctx: PythonContext): void {
  const fn = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  const name = fn?.text ?? '';
  const attribute = fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : undefined;
  // gRPC methods keep the .proto's PascalCase in Python: a candidate, kept if its receiver is a stub.
  const receiver =
    ctx.stubCalls && fn?.type === 'attribute' ? fn.childForFieldName('object')?.text : undefined;
  if (receiver && attribute && /^[A-Z]\w*$/.test(attribute))
    ctx.stubCalls?.push({ receiver, method: attribute, line: line(node) });
  if (readWebCall(node, ctx.facts, ctx.frameworks)) return;
  if (attribute === 'add_resource' || attribute === 'add_url_rule')
    readResourceRule(node, attribute, args, ctx);
  else if (attribute && ctx.resourceAdders.has(attribute))
    readResourceRule(node, 'add_resource', args, ctx, ctx.resourceAdders.get(attribute)?.rewrites);
  else if (attribute === 'add_namespace') {
    const target = args?.namedChild(0)?.text;
    if (target)
      ctx.facts.mounts.push({
        owner: fn?.childForFieldName('object')?.text ?? '',
        prefix: '',
        target,
        line: line(node),
      });
  } else if (
    (attribute === 'add_router' || attribute === 'mount') &&
    mountedApp(args)?.type === 'identifier'
  ) {
    // Django Ninja's `api.add_router("/shop/", router)`, FastAPI/Starlette's `app.mount("/v1", v1_app)`
    // (or `app=v1_app`): the router's or sub-application's routes under the path.
    const prefix = unquote(args?.namedChild(0));
    if (prefix !== undefined)
      ctx.facts.mounts.push({
        owner: fn?.childForFieldName('object')?.text ?? '',
        prefix,
        target: mountedApp(args)?.text ?? '',
        line: line(node),
      });
  } else if (name.endsWith('.include_router') || name.endsWith('.register_blueprint')) {
    const owner = fn?.childForFieldName('object')?.text ?? '';
    const target = args?.namedChild(0)?.text;
    const given = keywordArg(args, name.endsWith('include_router') ? 'prefix' : 'url_prefix');
    const prefix = prefixOf(given) ?? '';
    // Flask's `register_blueprint(bp, url_prefix=…)` takes the place of the blueprint's own
    // `url_prefix`; FastAPI's `include_router(prefix=…)` goes before the router's.
    const replacesOwn = name.endsWith('register_blueprint') && given !== undefined;
    if (target)
      ctx.facts.mounts.push({
        owner,
        prefix,
        target,
        line: line(node),
        ...(replacesOwn ? { replacesOwn } : {}),
      });
  } else if (
    /^(path|re_path|url)$/.test(name) &&
    (/urls\.py$/.test(ctx.rel) || inList(node, 'websocket_urlpatterns'))
  ) {
    readDjangoPath(node, args, name !== 'path', ctx);
  } else if (
    name.endsWith('.register') &&
    (/urls\.py$/.test(ctx.rel) || ctx.routersMade.has(name.slice(0, -9)))
  ) {
    readRegister(node, fn?.childForFieldName('object')?.text ?? '', args, ctx);
  } else if (name === 'op.create_table') {
    readAlembicTable(node, args, ctx);
  } else if (/^os\.(getenv|environ\.get)$/.test(name)) {
    const key = unquote(args?.namedChild(0));
    if (key) ctx.env.add(key);
  }
}

/** What DRF's generic views and mixins answer, by class name. */
const GENERIC_VIEW_METHODS: Record<string, string[]> = {
  ListAPIView: ['GET'],
  CreateAPIView: ['POST'],
  RetrieveAPIView: ['GET'],
  DestroyAPIView: ['DELETE'],
  UpdateAPIView: ['PUT', 'PATCH'],
  ListCreateAPIView: ['GET', 'POST'],
  RetrieveUpdateAPIView: ['GET', 'PUT', 'PATCH'],
  RetrieveDestroyAPIView: ['GET', 'DELETE'],
  RetrieveUpdateDestroyAPIView: ['GET', 'PUT', 'PATCH', 'DELETE'],
  ListView: ['GET'],
  DetailView: ['GET'],
  TemplateView: ['GET'],
  CreateView: ['GET', 'POST'],
  UpdateView: ['GET', 'POST'],
  DeleteView: ['GET', 'POST'],
  FormView: ['GET', 'POST'],
};

/** A viewset's actions, from its mixins and base (DRF's router maps them to methods). */
const VIEWSET_ACTIONS: Record<string, string[]> = {
  CreateModelMixin: ['create'],
  ListModelMixin: ['list'],
  RetrieveModelMixin: ['retrieve'],
  UpdateModelMixin: ['update', 'partial_update'],
  DestroyModelMixin: ['destroy'],
  ModelViewSet: ['create', 'list', 'retrieve', 'update', 'partial_update', 'destroy'],
  ReadOnlyModelViewSet: ['list', 'retrieve'],
};
const LIST_ACTIONS: Record<string, string> = { list: 'GET', create: 'POST' };
const DETAIL_ACTIONS: Record<string, string> = {
  retrieve: 'GET',
  update: 'PUT',
  partial_update: 'PATCH',
  destroy: 'DELETE',
};
const HANDLER_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/**
 * A DRF `@action(detail=True, methods=['post'], url_path='x')` on a viewset method, or DRF 3's
 * older `@detail_route(…)` / `@list_route(…)` (kept by projects that forked DRF, such as Taiga).
 */
function readAction(stmt: Node): { methods: string[]; path: string; detail: boolean } | undefined {
  const fnName = stmt.childForFieldName('definition')?.childForFieldName('name')?.text;
  for (const decorator of stmt.namedChildren) {
    const call = decorator?.type === 'decorator' ? decorator.namedChild(0) : undefined;
    const kind = /(?:^|\.)(action|detail_route|list_route)$/.exec(
      call?.type === 'call' ? (call.childForFieldName('function')?.text ?? '') : '',
    )?.[1];
    if (!kind || !call) continue;
    const args = call.childForFieldName('arguments');
    return {
      methods: methodsArg(args),
      // A regex, as a viewset's prefix is (`versions/(?P<version_id>\d+)`).
      path: regexRoutePath(unquote(keywordArg(args, 'url_path')) ?? fnName ?? ''),
      detail: kind === 'action' ? keywordArg(args, 'detail')?.text === 'True' : kind === 'detail_route',
    };
  }
  return undefined;
}

/** Bases every view class may have that add no handler: no need to look for them in the project. */
const PLAIN_BASES = new Set(['object', 'Generic', 'ABC']);

/** Bases as written (`mixins.Audited`) the framework's tables do not know: the project's own. */
const ownBases = (written: string[]) =>
  written.filter((b) => {
    const name = b.split('.').pop() as string;
    return !(name in VIEWSET_ACTIONS) && !(name in GENERIC_VIEW_METHODS) && !PLAIN_BASES.has(name);
  });

/**
 * The methods a Django/DRF view class answers, from its bases and the handlers it defines; bases of
 * the project's own are kept by name (`inherits`), for the routes to add what they answer.
 */
function viewOf(bases: string[], written: string[], body: Node | null): DjangoView | undefined {
  const defined = new Set<string>();
  const actions: NonNullable<DjangoView['actions']> = [];
  const actionNamed = new Map<string, (typeof actions)[number]>();
  let lookup: string | undefined;
  for (const stmt of body?.namedChildren ?? []) {
    const fn = stmt?.type === 'decorated_definition' ? stmt.childForFieldName('definition') : stmt;
    const fnName = fn?.type === 'function_definition' ? (fn.childForFieldName('name')?.text ?? '') : '';
    if (fnName) defined.add(fnName);
    const action = stmt?.type === 'decorated_definition' ? readAction(stmt) : undefined;
    if (action) {
      actions.push(action);
      actionNamed.set(fnName, action);
    }
    // `@delete_version.mapping.patch`: one more method on an action above, served by this method.
    for (const decorator of stmt?.type === 'decorated_definition' ? stmt.namedChildren : []) {
      const mapping = /^(\w+)\.mapping\.(\w+)$/.exec(
        decorator?.type === 'decorator' ? (decorator.namedChild(0)?.text ?? '') : '',
      );
      const mapped = mapping && actionNamed.get(mapping[1] as string);
      const method = mapping?.[2]?.toUpperCase();
      if (mapped && method && HTTP.has(method) && !mapped.methods.includes(method))
        mapped.methods.push(method);
    }
    const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
    if (assign?.type === 'assignment' && assign.childForFieldName('left')?.text === 'lookup_field')
      lookup = unquote(assign.childForFieldName('right'));
  }
  if (bases.some((b) => /ViewSet$|ModelMixin$/.test(b))) {
    const names = new Set([...bases.flatMap((b) => VIEWSET_ACTIONS[b] ?? []), ...defined]);
    const pick = (table: Record<string, string>) =>
      Object.entries(table).flatMap(([action, method]) => (names.has(action) ? [method] : []));
    const inherits = ownBases(written);
    // Mixins on a plain view (`TrashView(ListModelMixin, APIView)`) route nothing themselves: its
    // handler methods answer, as a view's do.
    const handlers = bases.some((b) => /ViewSet$/.test(b))
      ? []
      : HANDLER_METHODS.filter((m) => defined.has(m)).map((m) => m.toUpperCase());
    return {
      methods: [...new Set([...pick(LIST_ACTIONS), ...handlers])],
      detail: pick(DETAIL_ACTIONS),
      lookup: lookup ?? 'pk',
      actions,
      ...(inherits.length ? { inherits } : {}),
    };
  }
  // Falcon's resources answer the methods their responders (`on_get`) handle, whatever their base.
  const responders = HANDLER_METHODS.filter((m) => defined.has(`on_${m}`));
  if (responders.length) return { methods: responders.map((m) => m.toUpperCase()) };
  // Django's views, Flask's `MethodView`, Flask-RESTful's and RESTX's `Resource`, Tornado's handlers;
  // or a class of the project's own base defining handlers (`AlertResource(BaseResource)`).
  const methods = new Set(bases.flatMap((b) => GENERIC_VIEW_METHODS[b] ?? []));
  for (const m of HANDLER_METHODS) if (defined.has(m)) methods.add(m.toUpperCase());
  if (!bases.some((b) => /View$|Handler$/.test(b) || b === 'Resource') && methods.size === 0)
    return undefined;
  const inherits = ownBases(written);
  return { methods: [...methods], ...(inherits.length ? { inherits } : {}) };
}

/**
 * Classes: SQLAlchemy declarative models (`__tablename__`), the classes of a Django models module
 * (joined into models across files), and Django/DRF views with the methods they answer.
 */
/**
 * A Flask-RESTful `Api` subclass's methods that add resources through `self.add_resource(…)`
 * (`def add_org_resource(self, resource, *urls, **kw)`): the file's calls of them add routes too.
 */
function readResourceAdders(node: Node, bases: string[], adders: PythonContext['resourceAdders']): void {
  if (!bases.includes('Api')) return;
  for (const stmt of node.childForFieldName('body')?.namedChildren ?? []) {
    const fn = stmt?.type === 'decorated_definition' ? stmt.childForFieldName('definition') : stmt;
    if (fn?.type !== 'function_definition' || !/\bself\.add_resource\s*\(/.test(fn.text)) continue;
    // The paths parameter (`*urls`) assigned again before it is passed on: rewritten.
    const paths = fn
      .childForFieldName('parameters')
      ?.namedChildren.find((p) => p?.type === 'list_splat_pattern')
      ?.namedChild(0)?.text;
    const rewrites =
      !!paths && new RegExp(`\\b${paths}\\s*=(?!=)`).test(fn.childForFieldName('body')?.text ?? '');
    adders.set(fn.childForFieldName('name')?.text ?? '', { rewrites });
  }
}

function readClass(node: Node, ctx: PythonContext): void {
  const { rel, facts, frameworks, servicers, classFields } = ctx;
  const name = node.childForFieldName('name')?.text ?? '';
  const superclasses = node.childForFieldName('superclasses')?.namedChildren ?? [];
  // Bases as written, a generic's type argument left out (`ModelViewSet[Tag]` is a ModelViewSet).
  const written = superclasses.flatMap((b) =>
    b && b.type !== 'keyword_argument' ? [b.text.replace(/\[[\s\S]*\]$/, '')] : [],
  );
  const bases = written.map((b) => b.split('.').pop() as string);
  const body = node.childForFieldName('body');
  let table: string | undefined;
  let abstract = false;
  const fields: string[] = [];
  const annotated: string[] = [];
  for (const stmt of body?.namedChildren ?? []) {
    if (stmt?.type === 'class_definition' && stmt.childForFieldName('name')?.text === 'Meta')
      abstract = /\babstract\s*=\s*True\b/.test(stmt.text);
    const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
    if (assign?.type !== 'assignment') continue;
    const target = assign.childForFieldName('left')?.text;
    if (target === '__tablename__') table = unquote(assign.childForFieldName('right'));
    else if (
      target &&
      /Column|Field|mapped_column|models\./.test(assign.childForFieldName('right')?.text ?? '')
    )
      fields.push(target);
    // SQLAlchemy 2's `id: Mapped[int]`; any other annotated attribute is a field in SQLModel only.
    else if (target && /^\w*\.?Mapped\[/.test(assign.childForFieldName('type')?.text ?? ''))
      fields.push(target);
    else if (target && assign.childForFieldName('type')) annotated.push(target);
  }
  classFields.set(name, [...fields, ...annotated]);
  const sqlmodelTable = superclasses.some(
    (b) => b?.type === 'keyword_argument' && /^table\s*=\s*True$/.test(b.text),
  );
  if (table)
    facts.models.push({
      name: table,
      orm: 'sqlalchemy',
      file: rel,
      line: line(node),
      fields,
      ...(name !== table ? { aliases: [name] } : {}),
    });
  // SQLModel's `class User(UserBase, table=True)`: a table, with the fields its bases here declare.
  else if (sqlmodelTable) {
    const inherited = bases.flatMap((b) => classFields.get(b) ?? []);
    const own = classFields.get(name) ?? [];
    facts.models.push({
      name,
      orm: 'sqlmodel',
      file: rel,
      line: line(node),
      fields: [...new Set([...inherited, ...own])],
    });
  }
  // Flask-SQLAlchemy names the table after the class when none is given: `db.Model` among the
  // bases, mixins before it (a bare `Model` only where flask_sqlalchemy is imported).
  else if (
    superclasses.some(
      (b) => b?.text === 'db.Model' || (b?.text === 'Model' && importsOf(facts, /^flask_sqlalchemy/)),
    )
  )
    facts.models.push({ name, orm: 'sqlalchemy', file: rel, line: line(node), fields });
  else if (bases.length && importsOf(facts, /^django/))
    facts.modelClasses = [...(facts.modelClasses ?? []), { name, bases, line: line(node), fields, abstract }];
  readLitestarController(node, bases, facts);
  readResourceAdders(node, bases, ctx.resourceAdders);
  const view = viewOf(bases, written, body);
  if (view) facts.views = { ...facts.views, [name]: view };
  if (readGraphqlClass(node, bases, facts)) frameworks.add('graphql');
  if (readRpcServicer(node, bases, servicers, facts)) frameworks.add('grpc');
}

/**
 * `class Greeter(helloworld_pb2_grpc.GreeterServicer)`: each public method an RPC it serves (the
 * generated servicer's methods are named as the .proto's).
 */
function readRpcServicer(
  node: Node,
  bases: string[],
  servicers: Map<string, string>,
  facts: FileFacts,
): boolean {
  const service =
    bases.map((b) => /^(\w+)Servicer$/.exec(b)?.[1]).find(Boolean) ??
    bases.map((b) => servicers.get(b)).find(Boolean);
  if (!service) return false;
  const className = node.childForFieldName('name')?.text ?? '';
  servicers.set(className, service);
  for (const stmt of node.childForFieldName('body')?.namedChildren ?? []) {
    const fn = stmt?.type === 'decorated_definition' ? stmt.childForFieldName('definition') : stmt;
    const method = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
    if (!stmt || !method || method.startsWith('_')) continue;
    facts.routes.push(
      rpcRoute(service, method, line(stmt), {
        endLine: stmt.endPosition.row + 1,
        handler: `${className}.${method}`,
      }),
    );
  }
  return true;
}

const READERS = new Map<string, (node: Node, ctx: PythonContext) => void>(
  Object.entries({
    import_statement: readImport,
    import_from_statement: readImportFrom,
    assignment: readAssignment,
    list_splat(node: Node, { rel, facts }: PythonContext) {
      // `include([..., *router.urls])`: a DRF router's routes spread into patterns an include lists
      // in place, served under the paths of the includes around them (a module's own list is read
      // with its assignment).
      const inner = node.namedChild(0);
      const router = urlsRouter(inner?.type === 'attribute' ? inner : node.parent);
      if (!router || !/urls\.py$/.test(rel) || !insideCall(node)) return;
      const outer = outerIncludes(node);
      facts.mounts.push({
        owner: patternList(node),
        prefix: outer.length ? joinPaths(...outer) : '',
        target: router,
        line: line(node),
      });
    },
    augmented_assignment(node: Node, { facts }: PythonContext) {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (left?.type === 'identifier' && right) readRouterUrls(node, left.text, right, facts);
    },
    decorated_definition: readDecorated,
    call: readCall,
    subscript(node: Node, { env }: PythonContext) {
      if (node.childForFieldName('value')?.text !== 'os.environ') return;
      const key = unquote(node.childForFieldName('subscript'));
      if (key) env.add(key);
    },
    class_definition: readClass,
  }),
);

/** The nodes a reader is registered for: the walk hands the readers no other. */
const READ_TYPES = new Set(READERS.keys());

/** Python: imports, FastAPI/Flask/Django routes with their prefixes, SQLAlchemy/Django models, env. */
export function scanPython(rel: string, root: Node): FileFacts {
  // The module's text, read once (each read crosses into wasm).
  const text = root.text;
  const ctx: PythonContext = {
    rel,
    facts: emptyFacts('python'),
    frameworks: new Set(),
    env: new Set(),
    bindables: new Map(),
    servicers: new Map(),
    classFields: new Map(),
    stubs: new Map(),
    resourceAdders: new Map(),
    routersMade: routersMade(text),
    ...(/Stub\s*\(/.test(text) ? { stubCalls: [] } : {}),
  };
  walk(
    root,
    (node) => {
      READERS.get(node.type)?.(node, ctx);
      return undefined;
    },
    READ_TYPES,
  );
  const rpcCalls = (ctx.stubCalls ?? []).flatMap(({ receiver, method, line }) => {
    const service = ctx.stubs.get(receiver);
    return service ? [{ service, method, line }] : [];
  });
  if (rpcCalls.length) ctx.facts.rpcCalls = rpcCalls;
  ctx.facts.env = [...ctx.env].sort();
  ctx.facts.frameworks = [...ctx.frameworks].sort();
  return ctx.facts;
}
