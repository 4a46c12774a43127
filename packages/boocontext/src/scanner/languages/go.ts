import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import {
  emptyFacts,
  type FileFacts,
  type HandedValue,
  joinPaths,
  PATH_VALUE,
  UNKNOWN_PART,
} from '../types.js';
import { HTTP, line, lowerFirst, unquote, walk } from './syntax.js';

/** Where a router variable's routes go: the router function (or `*go*`, the file) and the prefix inside it. */
interface Router {
  owner: string;
  prefix: string;
}

interface GoContext {
  facts: FileFacts;
  frameworks: Set<string>;
  env: Set<string>;
  /** Import path by the package name a file calls it by (`users` → `…/users`). */
  packages: Map<string, string>;
  /** Structs embedding a gRPC service's `Unimplemented…Server`: type → service. */
  rpcServers: Map<string, string>;
  /**
   * Exported methods, by receiver type, for the gRPC servers among them: collected only in a file
   * that declares a server or the health check (most files' methods are none).
   */
  methods?: { receiver: string; name: string; node: Node }[];
  /** Struct fields' types in this file (`Account *AccountResource` → `AccountResource`), for mounts through them. */
  fieldTypes: Map<string, string>;
}

/**
 * Parameter types that hand a function a router to register routes on: the frameworks' own, and
 * any package's `Router`/`RouterGroup`, generic or not (PocketBase's `*router.RouterGroup[*core.RequestEvent]`).
 */
const ROUTER_TYPE =
  /^\*?(gin\.(RouterGroup|Engine|IRouter|IRoutes)|echo\.(Group|Echo)|chi\.Router|chi\.Mux|mux\.Router|fiber\.(Router|App)|http\.ServeMux|huma\.(API|Group)|\w+\.(Router|RouterGroup)(\[[^\]]*\])?)$/;
/**
 * Huma's adapters make an API on a router (`humachi.New(r, config)`), or on a group of one
 * (`humaecho.NewWithGroup(e, g, config)`, `humagin.NewWithGroup(engine, group, config)`): its
 * operations land where that router's routes do.
 */
const HUMA_ADAPTER = /^huma\w+$/;
/** Huma's verb shorthands: `huma.Get(api, "/items/{id}", handler)`. */
const HUMA_VERBS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head']);
/** Calls that hand back the router they are called on, middleware bound or unbound (`g.Group("/x").Bind(auth)`, chi's `r.With(mw)`). */
const BINDS_MIDDLEWARE = new Set(['Bind', 'BindFunc', 'Unbind', 'With', 'Use']);

/**
 * The struct tags (`gorm:"…"`, `bun:"id,pk"`, `pg:"name"`, `xorm:"pk"`) or embedded bases
 * (`gorm.Model`, `bun.BaseModel`) that make a struct a table, named in the base's tag when it says
 * (`bun:"table:accounts"`). xorm's `-` (no column) and `extends` (another table's columns, in a
 * join's result) make no table of their own.
 */
const TAG_ORMS: { orm: string; tag: RegExp; base?: RegExp }[] = [
  { orm: 'gorm', tag: /`[^`]*\bgorm:"/, base: /^gorm\.Model\b/ },
  { orm: 'bun', tag: /`[^`]*\bbun:"/, base: /^bun\.BaseModel\b/ },
  { orm: 'go-pg', tag: /`[^`]*\bpg:"/, base: /^(?:pg|orm)\.BaseModel\b/ },
  { orm: 'xorm', tag: /`[^`]*\bxorm:"(?!-"|extends")/ },
];

const FILE_OWNER = '*go*';

function readImport(node: Node, { facts, frameworks, packages }: GoContext): void {
  const spec = unquote(node.childForFieldName('path'));
  if (!spec) return;
  facts.imports.push({ spec, line: line(node) });
  const alias = node.childForFieldName('name')?.text;
  packages.set(alias && alias !== '_' && alias !== '.' ? alias : (spec.split('/').pop() ?? spec), spec);
  if (/gin-gonic/.test(spec)) frameworks.add('gin');
  if (/labstack\/echo/.test(spec)) frameworks.add('echo');
  if (/go-chi/.test(spec)) frameworks.add('chi');
  if (/gofiber/.test(spec)) frameworks.add('fiber');
  if (/gorilla\/mux/.test(spec)) frameworks.add('gorilla/mux');
  if (/gorm/.test(spec)) frameworks.add('gorm');
  if (/^(?:xorm\.io\/xorm|github\.com\/go-xorm\/xorm)$/.test(spec)) frameworks.add('xorm');
  if (/^github\.com\/uptrace\/bun$/.test(spec)) frameworks.add('bun');
  if (/^github\.com\/go-pg\/pg(\/v\d+)?$/.test(spec)) frameworks.add('go-pg');
  if (BEEGO.test(spec)) frameworks.add('beego');
  if (/^github\.com\/cloudwego\/hertz\b/.test(spec)) frameworks.add('hertz');
}

/** Beego's web package, v1 and v2. */
const BEEGO = /^github\.com\/(?:astaxie\/beego|beego\/beego\/v2\/server\/web)$/;
const BEEGO_VERBS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options', 'Any']);

/**
 * Beego's routes (`beego.Router("/x", &controllers.C{}, "get:List;post,put:Save")`, without a
 * mapping every method by the controller's own `Get`/`Post`…; `beego.Get("/x", fn)`), and
 * namespaces (`beego.NewNamespace("/v1", beego.NSRouter(…), beego.NSNamespace("/shop", …))`),
 * whose routes go under their paths. True when the call was one of these.
 */
function readBeego(node: Node, prefix: string, ctx: GoContext): boolean {
  const fn = node.childForFieldName('function');
  const pkg = fn?.type === 'selector_expression' ? fn.childForFieldName('operand')?.text : undefined;
  if (!pkg || !BEEGO.test(ctx.packages.get(pkg) ?? '')) return false;
  const name = fn?.childForFieldName('field')?.text ?? '';
  const args =
    node
      .childForFieldName('arguments')
      ?.namedChildren.filter((a): a is Node => !!a && a.type !== 'comment') ?? [];
  const written = unquote(args[0]);
  if (written === undefined) return false;
  const at = joinPaths(prefix, written);
  const push = (method: string, handler?: string) =>
    ctx.facts.routes.push({
      method,
      path: at,
      line: line(node),
      framework: 'beego',
      owner: '*beego*',
      ...(handler ? { handler } : {}),
    });
  if (name === 'NewNamespace' || name === 'NSNamespace') {
    for (const inner of args.slice(1)) if (inner.type === 'call_expression') readBeego(inner, at, ctx);
  } else if (name === 'Router' || name === 'NSRouter') {
    const controller = /(\w+)\s*\{\s*\}$/.exec(args[1]?.text ?? '')?.[1];
    const mapping = unquote(args[2]);
    if (!mapping) push('ALL', controller);
    // `get:List;post,put:Save;*:Any`.
    for (const rule of mapping?.split(';') ?? []) {
      const [methods = '', method] = rule.split(':');
      const handler = controller && method ? `${controller}.${method.trim()}` : controller;
      for (const verb of methods.split(',').map((v) => v.trim()))
        if (verb) push(verb === '*' ? 'ALL' : verb.toUpperCase(), handler);
    }
  } else if (BEEGO_VERBS.has(name) || (name.startsWith('NS') && BEEGO_VERBS.has(name.slice(2)))) {
    const verb = name.replace(/^NS/, '');
    push(
      verb === 'Any' ? 'ALL' : verb.toUpperCase(),
      args[1]?.type === 'identifier' ? args[1].text : undefined,
    );
  } else return false;
  ctx.frameworks.add('beego');
  return true;
}

/**
 * `v1.Group("/v1")` (gin, echo, fiber), gorilla/mux's `r.PathPrefix("/api").Subrouter()`, or a
 * router variable: where routes on it land.
 */
function routerOf(node: Node | null | undefined, routers: Map<string, Router>): Router | undefined {
  if (!node) return undefined;
  if (node.type === 'identifier') return routers.get(node.text);
  const fn = node.type === 'call_expression' ? node.childForFieldName('function') : undefined;
  if (fn?.type !== 'selector_expression') return undefined;
  const field = fn.childForFieldName('field')?.text;
  const operand = fn.childForFieldName('operand');
  if (field === 'Subrouter') {
    const prefixed = operand?.type === 'call_expression' ? operand.childForFieldName('function') : undefined;
    if (
      prefixed?.type !== 'selector_expression' ||
      prefixed.childForFieldName('field')?.text !== 'PathPrefix'
    )
      return routerOf(prefixed?.childForFieldName('operand'), routers);
    const parent = routerOf(prefixed.childForFieldName('operand'), routers) ?? {
      owner: FILE_OWNER,
      prefix: '',
    };
    const prefix = unquote(operand?.childForFieldName('arguments')?.namedChild(0)) ?? '';
    return { owner: parent.owner, prefix: joinPaths(parent.prefix, prefix) };
  }
  if (field && BINDS_MIDDLEWARE.has(field)) return routerOf(operand, routers);
  // Only these calls make a router of another; most calls reach here with none of the names.
  if (field !== 'Group' && field !== 'New' && field !== 'NewWithGroup' && field !== 'NewGroup')
    return undefined;
  const args = (node.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => !!a);
  if ((field === 'New' || field === 'NewWithGroup') && HUMA_ADAPTER.test(operand?.text ?? ''))
    return routerOf(args[field === 'New' ? 0 : 1], routers) ?? { owner: FILE_OWNER, prefix: '' };
  // `huma.NewGroup(api, "/v1")`: the API's operations under a prefix.
  if (operand?.text === 'huma' && field === 'NewGroup') {
    const parent = routerOf(args[0], routers) ?? { owner: FILE_OWNER, prefix: '' };
    return {
      owner: parent.owner,
      prefix: joinPaths(parent.prefix, ...args.slice(1).map((a) => unquote(a) ?? UNKNOWN_PART)),
    };
  }
  if (field !== 'Group') return undefined;
  const parent = routerOf(operand, routers) ?? { owner: FILE_OWNER, prefix: '' };
  const prefix = unquote(args[0]) ?? '';
  return { owner: parent.owner, prefix: joinPaths(parent.prefix, prefix) };
}

/**
 * A path part: a string, a package constant or variable as `{=name}` (the route table reads it), a
 * parameter of the function around it as `{@index}` (bound at each call that hands the function a
 * router), `+` of those, `path.Join` of those, `fmt.Sprintf` filled with those. A part that is none
 * (a call, a computed value) is `{unknown}` inside a join or a format, whose written parts stand.
 */
function pathPart(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const text = unquote(node);
  if (text !== undefined) return text;
  if (node.type === 'identifier') {
    const index = parameterIndex(node);
    return index === undefined ? `{=${node.text}}` : `{@${index}}`;
  }
  if (node.type === 'selector_expression') return `{=${node.text}}`;
  if (node.type === 'call_expression') return calledPath(node);
  if (node.type !== 'binary_expression' || node.childForFieldName('operator')?.text !== '+') return undefined;
  const left = pathPart(node.childForFieldName('left'));
  const right = pathPart(node.childForFieldName('right'));
  return left !== undefined && right !== undefined ? left + right : undefined;
}

/**
 * The position among its function's parameters of the parameter a name is, if it is one (of the
 * nearest function around it that declares that name): `prefix` in `func (a *API) R(r chi.Router,
 * prefix string)` is 1.
 */
function parameterIndex(name: Node): number | undefined {
  return declaringParameter(name)?.index;
}

/** What a Go function is in the tree: declared, a method, or a literal (a closure). */
const FUNCTION_NODES = new Set(['function_declaration', 'method_declaration', 'func_literal']);

/** The function (a closure included) a node is inside of. */
function enclosingFunction(node: Node): Node | undefined {
  let up = node.parent;
  while (up && !FUNCTION_NODES.has(up.type)) up = up.parent;
  return up ?? undefined;
}

/** The nearest function around a name that declares it as a parameter, and the parameter's position. */
function declaringParameter(name: Node): { fn: Node; index: number } | undefined {
  for (let up = enclosingFunction(name); up; up = enclosingFunction(up)) {
    const names = (up.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) =>
      (p?.childrenForFieldName('name') ?? []).map((n) => n?.text),
    );
    const index = names.indexOf(name.text);
    if (index >= 0) return { fn: up, index };
  }
  return undefined;
}

/**
 * A handler that is a parameter of the function around it (`handle` in `func addHandler(r
 * chi.Router, path string, handle http.HandlerFunc)`), or a closure that calls one (`handle :=
 * func(w, r) { res, err := f(w, r); … }`, inline or through a local variable): the parameter's
 * position, bound at each call of the function as `{@index}` path parts are.
 */
function handlerParameter(node: Node | undefined): number | undefined {
  if (node?.type === 'func_literal') return calledParameter(node);
  if (node?.type !== 'identifier') return undefined;
  const index = parameterIndex(node);
  if (index !== undefined) return index;
  const closure = localClosure(node);
  return closure ? calledParameter(closure) : undefined;
}

/**
 * A route's handler as the registration `node` writes it: a function literal's lines (the call's,
 * from its start to its end), or the handler named (a local holding a call's result named by that call).
 */
const writtenHandler = (node: Node, handler: Node | undefined) =>
  handler?.type === 'func_literal'
    ? { endLine: node.endPosition.row + 1 }
    : handler
      ? { handler: madeHandler(handler).text }
      : {};

const handlerParamOf = (handler: Node | undefined) => {
  const index = handlerParameter(handler);
  return index === undefined ? {} : { handlerParam: index };
};

/** `handle := func(…) {…}` in the function around a name: the closure the name holds. */
function localClosure(name: Node): Node | undefined {
  const value = localValue(name);
  return value?.type === 'func_literal' ? value : undefined;
}

/** `probe := newReadinessProbe(store)` in the function around a name: the value the name is given. */
function localValue(name: Node): Node | undefined {
  for (const declaration of enclosingFunction(name)
    ?.childForFieldName('body')
    ?.descendantsOfType('short_var_declaration') ?? []) {
    const names = declaration?.childForFieldName('left')?.namedChildren ?? [];
    const at = names.findIndex((n) => n?.text === name.text);
    if (at >= 0) return declaration?.childForFieldName('right')?.namedChildren[at] ?? undefined;
  }
  return undefined;
}

/**
 * A handler named by a local variable that holds a call's result (`probe := newReadinessProbe(store)`):
 * the call, which flows start at as a factory's; any other handler as it is.
 */
function madeHandler(handler: Node): Node {
  if (handler.type !== 'identifier' || parameterIndex(handler) !== undefined) return handler;
  const value = localValue(handler);
  return value?.type === 'call_expression' && value.descendantsOfType('func_literal').length === 0
    ? value
    : handler;
}

/**
 * The one parameter of a function around a closure that the closure calls (a wrapper of a handler
 * it was handed); none where it calls none or several.
 */
function calledParameter(closure: Node): number | undefined {
  const called = new Set<number>();
  for (const call of closure.descendantsOfType('call_expression')) {
    const fn = call?.childForFieldName('function');
    const declared = fn?.type === 'identifier' ? declaringParameter(fn) : undefined;
    if (declared && declared.fn.startIndex < closure.startIndex) called.add(declared.index);
  }
  return called.size === 1 ? [...called][0] : undefined;
}

/** `&adm`, `&c.BitRate`: the address of a variable or field. */
function addressOfVariable(node: Node | undefined): boolean {
  if (node?.type !== 'unary_expression' || node.childForFieldName('operator')?.text !== '&') return false;
  const operand = node.childForFieldName('operand')?.type;
  return operand === 'identifier' || operand === 'selector_expression';
}

/** `path.Join(uriAdmin, "/login")`, `fmt.Sprintf("%s/users", prefix)`. */
function calledPath(call: Node): string | undefined {
  const callee = call.childForFieldName('function')?.text;
  const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter((a): a is Node => !!a);
  if (callee === 'path.Join') return joinPaths(...args.map((a) => pathPart(a) ?? UNKNOWN_PART));
  const format = callee === 'fmt.Sprintf' ? unquote(args[0]) : undefined;
  if (format === undefined) return undefined;
  let next = 1;
  return format.replace(/%[-+# 0-9.]*([a-zA-Z%])/g, (_, verb: string) =>
    verb === '%' ? '%' : (pathPart(args[next++]) ?? UNKNOWN_PART),
  );
}

/**
 * `baseUrl + "/cart"`, `path.Join(base, "/cart")`: a route path built by concatenation or a call, when
 * a written part is a path (a lone variable, `cache.Get(key)`, says nothing of a route).
 */
const builtPath = (node: Node | undefined) =>
  (node?.type === 'binary_expression' || node?.type === 'call_expression') && /"\//.test(node.text)
    ? pathPart(node)
    : undefined;

/** `const apiPrefix = "/api"` (or a `var`, alone or in a block) at a package's top: a path constant a route may be written with. */
function readPathConstant(node: Node, facts: FileFacts): void {
  const declaration = node.parent?.type === 'var_spec_list' ? node.parent.parent : node.parent;
  if (declaration?.parent?.type !== 'source_file') return;
  const names = node.childrenForFieldName('name').flatMap((n) => (n ? [n.text] : []));
  const values = node.childForFieldName('value')?.namedChildren ?? [];
  names.forEach((name, i) => {
    const value = unquote(values[i]);
    if (value !== undefined && PATH_VALUE.test(value))
      facts.constants = { ...facts.constants, [name]: value };
  });
}

/** The methods a `Match` lists (`[]string{"GET", http.MethodHead}`), when each is one. */
function matchMethods(list: Node | undefined): string[] | undefined {
  if (list?.type !== 'composite_literal') return undefined;
  const items = list.childForFieldName('body')?.namedChildren ?? [];
  const methods = items.map((item) => {
    const m = METHOD_CONSTANT.exec(item?.text ?? '');
    return (m?.[1] ?? m?.[2])?.toUpperCase();
  });
  return methods.length > 0 && methods.every((m) => m !== undefined && HTTP.has(m))
    ? (methods as string[])
    : undefined;
}

/** gorilla/mux's `r.HandleFunc("/x", h).Methods("GET", http.MethodHead)`: the methods after the route. */
function muxMethods(call: Node): string[] | undefined {
  const selector = call.parent;
  const outer = selector?.type === 'selector_expression' ? selector.parent : undefined;
  if (outer?.type !== 'call_expression' || selector?.childForFieldName('field')?.text !== 'Methods')
    return undefined;
  const methods = (outer.childForFieldName('arguments')?.namedChildren ?? []).flatMap((a) => {
    const written = unquote(a) ?? /^http\.Method(\w+)$/.exec(a?.text ?? '')?.[1];
    return written ? [written.toUpperCase()] : [];
  });
  return methods.length ? methods : undefined;
}

/** `v1 := r.Group("/v1")`: a group variable; `r := gin.Default()`: a router of the file. */
function readAssignment(node: Node, routers: Map<string, Router>): void {
  const left = node.childForFieldName('left')?.namedChild(0)?.text;
  const right = node.childForFieldName('right')?.namedChild(0);
  if (!left || !right) return;
  const router = routerOf(right, routers);
  if (router && right.type === 'call_expression') routers.set(left, router);
}

/**
 * Routes of net/http (`HandleFunc("GET /x", h)`), gin/echo/fiber (`r.GET`) and chi (`r.Get`),
 * `os.Getenv`, and a router handed to a function (`users.Register(v1.Group("/users"))`) as a
 * mount. A chi `r.Route("/api", func(r chi.Router) {…})` returns the routers its body sees; any
 * other call returns `undefined`.
 */
function readCall(
  node: Node,
  ctx: GoContext,
  routers: Map<string, Router>,
): [Node, Map<string, Router>] | undefined {
  const fn = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  const allArgs = (args?.namedChildren ?? []).filter((a): a is Node => !!a);
  readMount(node, fn, allArgs, ctx, routers);
  if (readHumaOperation(node, fn, allArgs, ctx, routers)) return undefined;
  if (fn?.type !== 'selector_expression') return undefined;
  const operand = fn.childForFieldName('operand');
  const field = fn.childForFieldName('field')?.text ?? '';
  // gin's and echo's `r.Match([]string{"GET", http.MethodHead}, "/health", h)`: a route per method,
  // read as the verbs are once the list is set aside.
  const matched = field === 'Match' ? matchMethods(allArgs[0]) : undefined;
  const method = matched?.[0] ?? field;
  const argList = matched ? allArgs.slice(1) : allArgs;
  const known = routerOf(operand, routers);
  // gin's and echo's `GET`/`POST` name a route whatever spells the path (`path.Join(uriAdmin, "")`),
  // and so do a verb on a known router (chi's `r.Get(p, h)` in a helper given `p`) and chi's `Route`.
  const namesPath =
    ((HTTP.has(method) || (known && HTTP.has(method.toUpperCase()))) && argList.length >= 2) ||
    (method === 'Route' && argList[1]?.type === 'func_literal');
  const first = unquote(argList[0]) ?? (namesPath ? pathPart(argList[0]) : builtPath(argList[0]));
  if (operand?.text === 'os' && method === 'Getenv' && first) ctx.env.add(first);
  // A URL is where a client sends (`http.Post("https://…", …)`), never a route's path.
  if (first === undefined || /^[a-z][a-z+.-]*:\/\//i.test(first)) return undefined;
  const router = known ?? { owner: FILE_OWNER, prefix: '' };
  // An inline handler (a func literal) has no name to give: the route's own lines are its body.
  const route = (verb: string, routePath: string, framework: string, handler?: Node) =>
    ctx.facts.routes.push({
      method: verb,
      path: joinPaths(router.prefix, routePath),
      line: line(node),
      framework,
      owner: router.owner,
      ...writtenHandler(node, handler),
      ...handlerParamOf(handler),
    });
  if (method === 'HandleFunc' || method === 'Handle') {
    const [maybeMethod, written] = first.includes(' ') ? first.split(/\s+/, 2) : ['ALL', first];
    // Go 1.22's `{$}` ends a pattern that matches its path only (`GET /{$}`: `/`, not the tree under it).
    const maybePath = written?.replace(/\{\$\}$/, '');
    const mux = ctx.frameworks.has('gorilla/mux');
    // A handler by name, or wrapped in a call (`withAuth(h.token)`, which flows unwrap), or inline.
    const given = argList[1];
    const handler =
      given?.type === 'identifier' ||
      given?.type === 'selector_expression' ||
      given?.type === 'func_literal' ||
      (given?.type === 'call_expression' && given.descendantsOfType('func_literal').length === 0)
        ? given
        : undefined;
    for (const verb of (mux ? muxMethods(node) : undefined) ?? [maybeMethod ?? 'ALL'])
      route(verb, maybePath ?? first, mux ? 'gorilla/mux' : 'net/http', handler);
    if (!mux) ctx.frameworks.add('net/http');
  } else if (HTTP.has(method.toUpperCase()) && argList.length >= 2) {
    const upper = method === method.toUpperCase();
    const framework = upper
      ? ctx.frameworks.has('echo')
        ? 'echo'
        : 'gin'
      : ctx.frameworks.has('fiber')
        ? 'fiber'
        : 'chi';
    // echo's route middleware comes after the handler (`e.GET(p, h, mw…)`); gin's and fiber's
    // handlers chain up to the last.
    const handler = framework === 'echo' ? argList[1] : argList[argList.length - 1];
    // Not a route: a value read into a variable (`token.Get("adm", &adm)`: a handler is a function,
    // never a variable's address), or a chi pattern not starting with `/` (chi refuses those).
    if (addressOfVariable(handler)) return undefined;
    if (framework === 'chi' && unquote(argList[0]) !== undefined && !first.startsWith('/')) return undefined;
    for (const verb of matched ?? [method.toUpperCase()]) route(verb, first, framework, handler);
  } else if (method === 'Mount' && ctx.frameworks.has('chi')) {
    readChiMount(node, router, first, argList[1], ctx);
  } else if (method === 'Route') {
    const fnLit = argList.find((a) => a.type === 'func_literal');
    const param = fnLit?.childForFieldName('parameters')?.namedChild(0)?.childForFieldName('name')?.text;
    if (fnLit && param)
      return [
        fnLit,
        new Map(routers).set(param, { owner: router.owner, prefix: joinPaths(router.prefix, first) }),
      ];
  }
  return undefined;
}

/** A router passed to a function: that function's routes land under the router's prefix. */
function readMount(
  node: Node,
  fn: Node | null,
  argList: Node[],
  { facts, packages }: GoContext,
  routers: Map<string, Router>,
): void {
  const handed = argList.map((a) => routerOf(a, routers));
  const router = handed.find((r) => r !== undefined);
  if (!router) return;
  let target: string | undefined;
  if (fn?.type === 'identifier') target = `go:#${fn.text}`;
  else if (fn?.type === 'selector_expression') {
    const spec = packages.get(fn.childForFieldName('operand')?.text ?? '');
    // `h.Register(v1)`: a method of a value whose type lives elsewhere; resolved by its name when unique.
    target = `go:${spec ?? '*'}#${fn.childForFieldName('field')?.text ?? ''}`;
  }
  if (!target) return;
  // The paths the call hands over, by position: the function's routes built from its parameters
  // (`{@1}`) take each call's own (`api.R(r, "/album", …)`).
  const args = argList.map((a, i) => (handed[i] ? null : (pathPart(a) ?? null)));
  // And the handlers it hands over, for routes whose handler is the function's parameter.
  const handlers = argList.map((a, i) => (handed[i] ? null : handedValue(a)));
  facts.mounts.push({
    owner: router.owner,
    prefix: router.prefix,
    target,
    line: line(node),
    ...(args.some((a) => a !== null) ? { args } : {}),
    ...(handlers.some((h) => h !== null) ? { handlers } : {}),
  });
}

/** A function value a call hands over (`api.GetAlbum`, `withAuth(h.token)`, a closure); `null` for anything else. */
function handedValue(arg: Node): HandedValue | null {
  const param = handlerParameter(arg);
  if (param !== undefined) return { param };
  const closure =
    arg.type === 'func_literal' ? arg : arg.type === 'identifier' ? localClosure(arg) : undefined;
  if (closure) return { closure: { line: line(closure), endLine: closure.endPosition.row + 1 } };
  if (arg.type === 'identifier') return { written: madeHandler(arg).text };
  return arg.type === 'selector_expression' ||
    (arg.type === 'call_expression' && arg.descendantsOfType('func_literal').length === 0)
    ? { written: arg.text }
    : null;
}

/**
 * Huma operations, on the router its API was made on: `huma.Get(api, "/items/{id}", h)` and the
 * other verbs, and any call handed a `huma.Operation{Method: http.MethodPut, Path: "/items/{id}"}`
 * (`huma.Register`, or the project's wrapper of it). Says whether the call was one.
 */
function readHumaOperation(
  node: Node,
  fn: Node | null,
  args: Node[],
  ctx: GoContext,
  routers: Map<string, Router>,
): boolean {
  const verb =
    fn?.type === 'selector_expression' && fn.childForFieldName('operand')?.text === 'huma'
      ? fn.childForFieldName('field')?.text
      : undefined;
  let method: string | undefined;
  let routePath: string | undefined;
  let handler: Node | undefined;
  if (verb && HUMA_VERBS.has(verb)) {
    method = verb.toUpperCase();
    routePath = unquote(args[1]) ?? pathPart(args[1]);
    handler = args[2];
  } else {
    // The first argument that is an operation literal, read once.
    let at = -1;
    let fields: Map<string, Node> | undefined;
    while (!fields && ++at < args.length) fields = humaOperation(args[at] as Node);
    if (!fields) return false;
    const written = fields.get('Method');
    const constant = written ? METHOD_CONSTANT.exec(written.text) : null;
    method = (constant?.[1] ?? constant?.[2])?.toUpperCase();
    const pathNode = fields.get('Path');
    routePath = pathNode ? (unquote(pathNode) ?? pathPart(pathNode)) : undefined;
    handler = args[at + 1];
  }
  if (!method || !HTTP.has(method) || routePath === undefined) return false;
  const router = routerOf(args[0], routers) ?? { owner: FILE_OWNER, prefix: '' };
  ctx.facts.routes.push({
    method,
    path: joinPaths(router.prefix, routePath),
    line: line(node),
    framework: 'huma',
    owner: router.owner,
    ...writtenHandler(
      node,
      handler && ['func_literal', 'identifier', 'selector_expression'].includes(handler.type)
        ? handler
        : undefined,
    ),
  });
  ctx.frameworks.add('huma');
  return true;
}

/** `huma.Operation{Method: …, Path: …}` (or its address): its fields by name. */
function humaOperation(node: Node): Map<string, Node> | undefined {
  const literal = node.type === 'unary_expression' ? node.childForFieldName('operand') : node;
  if (literal?.type !== 'composite_literal' || literal.childForFieldName('type')?.text !== 'huma.Operation')
    return undefined;
  const fields = new Map<string, Node>();
  for (const element of literal.childForFieldName('body')?.namedChildren ?? []) {
    if (element?.type !== 'keyed_element') continue;
    const [key, value] = element.namedChildren.map((c) =>
      c?.type === 'literal_element' ? (c.namedChild(0) ?? c) : c,
    );
    if (key && value) fields.set(key.text, value);
  }
  return fields;
}

/** Router factories: `chi.NewRouter()`, `gin.New()`, `echo.New()`, `mux.NewRouter()`… */
const ROUTER_FACTORY =
  /\b(\w+)\s*:?=\s*(?:chi\.NewRouter|gin\.(?:New|Default)|echo\.New|mux\.NewRouter|http\.NewServeMux|fiber\.New)\(/g;

/**
 * `func (a *API) Router() *chi.Mux { r := chi.NewRouter(); …; return r }`: a function that makes a
 * router and returns it; its routes are the function's, mounted where its result is
 * (`r.Mount("/admin", adminAPI.Router())`). The variable it returns, if any, read in the function's text.
 */
function returnedRouter(text: string): string | undefined {
  for (const m of text.matchAll(ROUTER_FACTORY))
    if (new RegExp(`\\breturn\\s+${m[1]}\\b`).test(text)) return m[1];
  return undefined;
}

/**
 * chi's `r.Mount("/admin", adminAPI.Router())`: the routes of the function whose result is mounted,
 * under the prefix. The function is named by a package (`admin.Router()`), by the package a value
 * was made from (`adminAPI, err := admin.NewAPI(db)`), or else in this package first (`a.router()`).
 */
function readChiMount(
  node: Node,
  router: Router,
  prefix: string,
  mounted: Node | undefined,
  ctx: GoContext,
): void {
  const fn = mounted?.type === 'call_expression' ? mounted.childForFieldName('function') : undefined;
  let target: string | undefined;
  if (fn?.type === 'identifier') target = `go:#${fn.text}`;
  else if (fn?.type === 'selector_expression') {
    const operand = fn.childForFieldName('operand')?.text ?? '';
    const field = fn.childForFieldName('field')?.text ?? '';
    const spec = ctx.packages.get(operand) ?? ctx.packages.get(madeFrom(node, operand) ?? '');
    // `a.Account.router()`: the method of the field's type, when this file declares the field.
    const typed = ctx.fieldTypes.get(operand.split('.').pop() ?? '');
    target = spec ? `go:${spec}#${field}` : `go:~#${typed ? `${typed}.` : ''}${field}`;
  }
  if (target)
    ctx.facts.mounts.push({
      owner: router.owner,
      prefix: joinPaths(router.prefix, prefix),
      target,
      line: line(node),
    });
}

/** `type API struct { Account *AccountResource }`: each field's type name. */
function readFieldTypes(node: Node, fieldTypes: Map<string, string>): void {
  const struct = node.childForFieldName('type');
  if (struct?.type !== 'struct_type') return;
  for (const field of struct.descendantsOfType('field_declaration')) {
    const type = /^\*?(?:\w+\.)?(\w+)$/.exec(field?.childForFieldName('type')?.text ?? '')?.[1];
    for (const name of field?.childrenForFieldName('name') ?? [])
      if (name && type) fieldTypes.set(name.text, type);
  }
}

/** The package a local value was made by: `adminAPI, err := admin.NewAPI(db)` → `admin`. */
function madeFrom(node: Node, value: string): string | undefined {
  let fn: Node | null = node;
  while (fn && fn.type !== 'function_declaration' && fn.type !== 'method_declaration') fn = fn.parent;
  const body = fn?.childForFieldName('body')?.text ?? '';
  return new RegExp(`\\b${value}\\b(?:\\s*,\\s*\\w+)*\\s*:?=\\s*&?(\\w+)\\.\\w+\\(`).exec(body)?.[1];
}

/** `func Register(r *gin.RouterGroup)`: routes on `r` belong to the function, mounted where it is called. */
function routerParams(node: Node): Map<string, Router> {
  const name = node.childForFieldName('name')?.text ?? '';
  const routers = new Map<string, Router>();
  for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
    const type = param?.childForFieldName('type')?.text ?? '';
    const paramName = param?.childForFieldName('name')?.text;
    if (paramName && ROUTER_TYPE.test(type)) routers.set(paramName, { owner: name, prefix: '' });
  }
  return routers;
}

/**
 * A folder of migrations: a struct there is a table as one migration saw it (`task20190920185205`),
 * copied so the migration keeps working after the model changes, not a table of the app.
 */
const MIGRATIONS_FOLDER = /(?:^|\/)(?:migrations?|migrate)\//i;

/** A struct with an ORM's tags or an embedded `gorm.Model`: a table, with its fields. */
function readStruct(node: Node, rel: string, facts: FileFacts): void {
  const name = node.childForFieldName('name')?.text;
  const struct = node.childForFieldName('type');
  if (!name || struct?.type !== 'struct_type' || MIGRATIONS_FOLDER.test(rel)) return;
  const fields = struct.namedChild(0)?.namedChildren ?? [];
  const names = fields.flatMap((f) => {
    const fieldName = f?.childForFieldName('name')?.text;
    return fieldName ? [fieldName] : [];
  });
  const orm = TAG_ORMS.find(({ tag, base }) =>
    fields.some((f) => f && (tag.test(f.text) || base?.test(f.text))),
  );
  const table =
    orm && orm.orm !== 'gorm'
      ? fields.map((f) => /\btable:([\w.]+)/.exec(f?.text ?? '')?.[1]).find(Boolean)
      : undefined;
  if (orm)
    facts.models.push({
      name,
      orm: orm.orm,
      file: rel,
      line: line(node),
      fields: names,
      ...(table ? { table } : {}),
    });
  // Only GORM's packages make tables of structs embedding one of their models.
  if (orm ? orm.orm !== 'gorm' : !facts.imports.some((i) => /gorm/.test(i.spec))) return;
  // `type Tag struct { Model; Name string }` in a GORM package: a table when it embeds one of the
  // package's models, which is then a base (joined across the package's files with the models).
  const embedded = fields.flatMap((f) =>
    f?.type === 'field_declaration' && !f.childForFieldName('name')
      ? [(f.childForFieldName('type')?.text ?? '').replace(/^\*/, '').split('.').pop() ?? '']
      : [],
  );
  if (embedded.length)
    facts.modelClasses = [
      ...(facts.modelClasses ?? []),
      { name, bases: embedded, line: line(node), fields: names, abstract: false },
    ];
}

/**
 * Text a statement, call or function holds when anything in it can be read here: a route, a group,
 * a chi sub-router, a handler mounted, an env read, a gRPC client's call. Without it (and without a router in scope named
 * in it), nothing below it is either: the walk does not go in (most of a file is handler bodies).
 */
const MAY_REGISTER =
  /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Get|Post|Put|Patch|Delete|Head|Options|Handle|HandleFunc|Group|Route|Subrouter|Router|NSRouter|NewNamespace|Getenv|New\w+Client)\s*\(|\bMatch\s*\(\s*\[\]string\b|\bhuma\.Operation\s*\{|\bhuma\w*\.New/;

function mayRegister(text: string, routers: ReadonlyMap<string, Router>): boolean {
  if (MAY_REGISTER.test(text)) return true;
  for (const name of routers.keys()) if (text.includes(name)) return true;
  return false;
}

/** A handler that picks its route by comparing the request's path itself (ntfy's server). */
export const DISPATCHES_ON_PATH = /\.URL\.Path\s*==|==\s*\w+\.URL\.Path\b|\bswitch\s+\w+\.URL\.Path\s*\{/;

const METHOD_CONSTANT = /^(?:http\.Method(\w+)|"([A-Z]+)")$/;
/** `r.URL.Path`: the request's name. */
const REQUEST_PATH = /^(\w+)\.URL\.Path$/;

interface DispatchBranch {
  paths: (string | undefined)[];
  methods: string[];
  body: Node | null | undefined;
  at: Node;
  request: string;
}

/**
 * Routes a function dispatches by hand: `if r.Method == http.MethodGet && r.URL.Path == apiHealthPath
 * { return s.handleHealth(w, r) }` (methods ORed in brackets each one; no method compared, any), and
 * `switch r.URL.Path { case "/a", "/b": h(w, r) }`. Each branch's handler is what `branchHandler`
 * picks; a call of a call (`s.ensureAdmin(s.handleUsers)(w, r)`) names the wrapper, which flows
 * unwrap; a middleware passing the request on (`next.ServeHTTP`) serves no route of its own. A
 * function comparing the path with one value only checks it (a CSRF middleware's `== "/login"`
 * redirecting): a dispatcher tells two paths apart at least.
 */
function readPathDispatch(fn: Node, ctx: GoContext): void {
  const branches: DispatchBranch[] = [];
  for (const node of fn.descendantsOfType(['if_statement', 'expression_switch_statement'])) {
    if (node?.type === 'if_statement') {
      const paths: (string | undefined)[] = [];
      const methods: string[] = [];
      let request = '';
      for (const cmp of node.childForFieldName('condition')?.descendantsOfType('binary_expression') ?? []) {
        if (cmp?.childForFieldName('operator')?.text !== '==') continue;
        const [left, right] = [cmp.childForFieldName('left'), cmp.childForFieldName('right')];
        const onLeft = REQUEST_PATH.exec(left?.text ?? '');
        const onRight = REQUEST_PATH.exec(right?.text ?? '');
        if (onLeft || onRight) {
          paths.push(pathPart(onLeft ? right : left));
          request ||= (onLeft ?? onRight)?.[1] ?? '';
        }
        const method = /\.Method$/.test(left?.text ?? '')
          ? METHOD_CONSTANT.exec(right?.text ?? '')
          : undefined;
        if (method) methods.push((method[1] ?? method[2] ?? '').toUpperCase());
      }
      if (paths.length)
        branches.push({ paths, methods, body: node.childForFieldName('consequence'), at: node, request });
    } else if (node) {
      const request = REQUEST_PATH.exec(node.childForFieldName('value')?.text ?? '')?.[1];
      if (!request) continue;
      for (const clause of node.namedChildren)
        if (clause?.type === 'expression_case')
          branches.push({
            paths: (clause.childForFieldName('value')?.namedChildren ?? []).map((v) => pathPart(v)),
            methods: [],
            body: clause,
            at: clause,
            request,
          });
    }
  }
  if (new Set(branches.flatMap((b) => b.paths).filter((p) => p !== undefined)).size < 2) return;
  for (const branch of branches) {
    const handler = branchHandler(branch.body, branch.request);
    if (handler === null) continue;
    for (const routePath of branch.paths)
      for (const method of branch.methods.length ? branch.methods : ['ALL'])
        if (routePath !== undefined)
          ctx.facts.routes.push({
            method,
            path: joinPaths(routePath),
            line: line(branch.at),
            framework: 'net/http',
            owner: FILE_OWNER,
            ...(handler ? { handler } : {}),
          });
  }
}

/**
 * The handler a dispatch branch runs: of its statements' calls, the one handed the request
 * (`s.handleHealth(w, r)`, not a `log.Printf` before it), else the one it returns, else its first;
 * the called expression's text. `undefined` when it calls nothing, `null` when it passes the
 * request on to the next handler.
 */
function branchHandler(body: Node | null | undefined, request: string): string | null | undefined {
  // A block's statements sit in a `statement_list` (newer grammars) or right in it.
  const statements = (body?.namedChildren ?? []).flatMap((n) =>
    n?.type === 'statement_list' ? n.namedChildren : [n],
  );
  const calls = statements.flatMap((statement) => {
    const call = statement?.namedChild(0);
    return call?.type === 'call_expression' &&
      (statement?.type === 'return_statement' || statement?.type === 'expression_statement')
      ? [{ call, returned: statement.type === 'return_statement' }]
      : [];
  });
  const handed = calls.find(({ call }) =>
    (call.childForFieldName('arguments')?.namedChildren ?? []).some((a) => a?.text === request),
  );
  const chosen = (handed ?? calls.find((c) => c.returned) ?? calls[0])?.call;
  const callee = chosen?.childForFieldName('function');
  if (!callee) return undefined;
  return /^next\b/.test(callee.text) ? null : callee.text;
}

/** Node types the Go reader acts on; the walk materialises no other node (each read crosses into wasm). */
const READ = new Set([
  'import_spec',
  'const_spec',
  'var_spec',
  'type_spec',
  'short_var_declaration',
  'assignment_statement',
  'function_declaration',
  'method_declaration',
  'call_expression',
]);

/**
 * gqlgen's resolvers (`func (r *queryResolver) Articles(ctx context.Context, …)`, value receivers too): a route of the
 * operation, its field the method's name with a lower-case first letter (the schema's spelling,
 * `bookById` for `BookByID`, is taken where the schema declares it).
 */
function readGqlgenResolver(node: Node, ctx: GoContext): void {
  const receiver = node.childForFieldName('receiver')?.text ?? '';
  const kind = /[\s*(](query|mutation|subscription)Resolver\s*\)$/.exec(receiver)?.[1];
  const name = node.childForFieldName('name')?.text;
  if (!kind || !name) return;
  ctx.frameworks.add('graphql');
  ctx.facts.routes.push(
    graphqlRoute(kind.toUpperCase(), lowerFirst(name), line(node), 'graphql', {
      endLine: node.endPosition.row + 1,
      handler: `${kind}Resolver.${name}`,
    }),
  );
}

/** Go: imports, net/http (incl. Go 1.22 "GET /x" patterns), gin, echo, fiber, chi and gorilla/mux routes with groups and subrouters, GORM models, env. */
export function scanGo(rel: string, root: Node): FileFacts {
  const ctx: GoContext = {
    facts: emptyFacts('go'),
    frameworks: new Set(),
    env: new Set(),
    packages: new Map(),
    rpcServers: new Map(),
    fieldTypes: new Map(),
    ...(servesRpcs(root.text) ? { methods: [] } : {}),
  };
  /** The routers each enclosing function or chi sub-router sees, innermost last, with where it ends. */
  const scopes: { end: number; routers: Map<string, Router> }[] = [
    { end: Number.POSITIVE_INFINITY, routers: new Map() },
  ];
  walk(
    root,
    (node) => {
      const type = node.type;
      /** Nothing below this node is read: the walk goes on past it. */
      let done = false;
      while (node.startIndex >= (scopes[scopes.length - 1] as { end: number }).end) scopes.pop();
      const routers = (scopes[scopes.length - 1] as { routers: Map<string, Router> }).routers;
      if (type === 'import_spec') readImport(node, ctx);
      else if (type === 'const_spec' || type === 'var_spec') readPathConstant(node, ctx.facts);
      else if (type === 'type_spec') {
        readStruct(node, rel, ctx.facts);
        readFieldTypes(node, ctx.fieldTypes);
        readRpcServer(node, ctx);
        done = true;
      } else if (type === 'function_declaration' || type === 'method_declaration') {
        if (type === 'method_declaration') {
          readGqlgenResolver(node, ctx);
          if (ctx.methods) {
            const name = node.childForFieldName('name')?.text ?? '';
            const receiver = /(\w+)\s*\)$/.exec(node.childForFieldName('receiver')?.text ?? '')?.[1];
            if (receiver && /^[A-Z]/.test(name)) ctx.methods.push({ receiver, name, node });
          }
        }
        const params = routerParams(node);
        const name = node.childForFieldName('name')?.text ?? '';
        // The function's text is read once (each read crosses into wasm) for both tests below.
        const text = node.text;
        const made = returnedRouter(text);
        if (made) params.set(made, { owner: name, prefix: '' });
        if (params.size) ctx.facts.exportedRouters[name] = name;
        // A method also by its receiver's type: two types of a package may each have a `router()`.
        const receiverType = /(\w+)\s*\)$/.exec(node.childForFieldName('receiver')?.text ?? '')?.[1];
        if (params.size && type === 'method_declaration' && receiverType)
          ctx.facts.exportedRouters[`${receiverType}.${name}`] = name;
        if (DISPATCHES_ON_PATH.test(text)) readPathDispatch(node, ctx);
        const inner = new Map([...routers, ...params]);
        if (params.size === 0 && !mayRegister(text, inner)) done = true;
        else scopes.push({ end: node.endIndex, routers: inner });
      } else if (type === 'call_expression' && (readGraphqlGoObject(node, ctx) || readBeego(node, '', ctx)))
        done = true;
      else if (!mayRegister(node.text, routers)) done = true;
      else if (type === 'short_var_declaration' || type === 'assignment_statement')
        readAssignment(node, routers);
      else {
        readRpcClientCall(node, ctx);
        // A chi sub-router's body is read with its prefix instead of the outer ones.
        const sub = readCall(node, ctx, routers);
        if (sub) scopes.push({ end: sub[0].endIndex, routers: sub[1] });
      }
      return done ? false : undefined;
    },
    READ,
  );
  return finish(ctx);
}

/**
 * graphql-go's root objects: `graphql.NewObject(graphql.ObjectConfig{Name: "RootQuery", Fields:
 * graphql.Fields{"todos": fields.GetTodos}})` — each field of an object named for an operation a
 * route, its value (the `*graphql.Field` with its `Resolve`) the handler.
 */
function readGraphqlGoObject(node: Node, ctx: GoContext): boolean {
  if (!/^\w+\.NewObject$/.test(node.childForFieldName('function')?.text ?? '')) return false;
  const config = node.childForFieldName('arguments')?.namedChild(0);
  if (
    config?.type !== 'composite_literal' ||
    !/ObjectConfig$/.test(config.childForFieldName('type')?.text ?? '')
  )
    return false;
  const entries = (literal: Node | null | undefined) =>
    (literal?.namedChildren ?? []).flatMap((e) => {
      if (e?.type !== 'keyed_element') return [];
      const [key, value] = e.namedChildren.map((c) => (c?.type === 'literal_element' ? c.namedChild(0) : c));
      return key && value ? [{ element: e, key, value }] : [];
    });
  const fields = entries(config.childForFieldName('body'));
  const name = unquote(fields.find((f) => f.key.text === 'Name')?.value);
  const operation = /(Query|Mutation|Subscription)$/.exec(name ?? '')?.[1]?.toUpperCase();
  const list = fields.find((f) => f.key.text === 'Fields')?.value;
  if (!operation || list?.type !== 'composite_literal') return false;
  for (const { element, key, value } of entries(list.childForFieldName('body'))) {
    const field = unquote(key);
    if (!field) continue;
    ctx.frameworks.add('graphql');
    ctx.facts.routes.push(
      graphqlRoute(operation, field, line(element), 'graphql', {
        endLine: element.endPosition.row + 1,
        handler:
          value.type === 'composite_literal' || value.type === 'unary_expression'
            ? `${name}.${field}`
            : value.text,
      }),
    );
  }
  return true;
}

/**
 * `pb.NewCartServiceClient(conn).GetCart(ctx, …)`: a call of the CartService's GetCart RPC, when the
 * constructor comes from generated protobuf code (its package named `…pb`, or imported from a path
 * of protos or gRPC) — `redis.NewFooClient(…).Do()` is no RPC.
 */
function readRpcClientCall(node: Node, { facts, packages }: GoContext): void {
  const fn = node.childForFieldName('function');
  const client = fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : undefined;
  const factory = client?.type === 'call_expression' ? client.childForFieldName('function')?.text : undefined;
  const [, alias = '', service] = /^(?:(\w+)\.)?New(\w+)Client$/.exec(factory ?? '') ?? [];
  const method = fn?.childForFieldName('field')?.text;
  if (!service || !method) return;
  if (!/pb$/i.test(alias) && !/proto|pb\b|grpc/i.test(packages.get(alias) ?? '')) return;
  facts.rpcCalls ??= [];
  facts.rpcCalls.push({ service, method, line: line(node) });
}

/** `type server struct { pb.UnimplementedGreeterServer }`: the struct serves Greeter. */
function readRpcServer(node: Node, ctx: GoContext): void {
  const name = node.childForFieldName('name')?.text;
  const struct = node.childForFieldName('type');
  if (!name || struct?.type !== 'struct_type') return;
  const service = /\bUnimplemented(\w+)Server\b/.exec(struct.text)?.[1];
  if (service) ctx.rpcServers.set(name, service);
}

/** The standard health-checking service's methods, told by their request type (`healthpb.HealthCheckRequest`). */
const HEALTH_SERVICE = 'grpc.health.v1.Health';
const servesHealth = (name: string, node: Node) =>
  (name === 'Check' || name === 'Watch') &&
  /\bHealthCheckRequest\b/.test(node.childForFieldName('parameters')?.text ?? '');

/**
 * A method shaped like a gRPC handler, `(ctx context.Context, req *pb.XRequest) (*pb.Y, error)` (the
 * request named as protobuf style guides and linters have it): in a file of its own, apart from the
 * struct embedding `Unimplemented…Server` (a file per RPC), it serves the RPC of its name if a
 * .proto declares exactly one (the service is matched across files), and is no route otherwise.
 */
export const RPC_SHAPE =
  /\(\s*\w+\s+context\.Context\s*,\s*\w+\s+\*\w+\.\w+Request\s*\)\s*\(\s*\*\w+\.\w+\s*,\s*error\s*\)/;

/** A file that declares a gRPC server, serves the health check or has a method shaped like an RPC's. */
const servesRpcs = (text: string) =>
  /\bUnimplemented\w+Server\b|\bHealthCheckRequest\b/.test(text) || RPC_SHAPE.test(text);

/** A gRPC server struct's exported methods in this file: the RPCs it serves. */
function rpcRoutes(ctx: GoContext): void {
  for (const { receiver, name, node } of ctx.methods ?? []) {
    const service = servesHealth(name, node)
      ? HEALTH_SERVICE
      : (ctx.rpcServers.get(receiver) ?? (RPC_SHAPE.test(signatureOf(node)) ? UNKNOWN_PART : undefined));
    if (!service || name.startsWith('mustEmbed')) continue;
    // One whose service is yet to be matched names no framework: it may be no RPC.
    if (service !== UNKNOWN_PART) ctx.frameworks.add('grpc');
    ctx.facts.routes.push(
      rpcRoute(service, name, line(node), {
        endLine: node.endPosition.row + 1,
        handler: `${receiver}.${name}`,
      }),
    );
  }
}

/** A method's parameters and results, as written. */
const signatureOf = (node: Node) =>
  `${node.childForFieldName('parameters')?.text ?? ''} ${node.childForFieldName('result')?.text ?? ''}`;

function finish(ctx: GoContext): FileFacts {
  rpcRoutes(ctx);
  ctx.facts.env = [...ctx.env].sort();
  ctx.facts.frameworks = [...ctx.frameworks].sort();
  return ctx.facts;
}
