import path from 'node:path';
import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute } from '../graphql.js';
import { emptyFacts, type FileFacts, joinPaths, ROUTES_FILE_OWNER, UNKNOWN_PART } from '../types.js';
import { phpString } from './php-attributes.js';
import { controllerName, readSymfonyClass, SYMFONY_MARKERS } from './symfony.js';
import { line, lowerFirst, resourceRoutes, STORE_ACTIONS, singular } from './syntax.js';

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'any', 'match']);
/** Base classes that make an Eloquent model. */
const ELOQUENT_BASE = /^(Model|Authenticatable|Pivot|MorphPivot|User)$/;

/** Arguments of a call: positional values, and named ones (`apiPrefix: 'api'`) by name. */
function argumentsOf(call: Node): { values: Node[]; named: Map<string, Node> } {
  const values: Node[] = [];
  const named = new Map<string, Node>();
  for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
    if (arg?.type !== 'argument') continue;
    const value = arg.namedChildren[arg.namedChildren.length - 1];
    if (!value) continue;
    const name =
      arg.childForFieldName('name')?.text ??
      (arg.namedChildren.length > 1 ? arg.namedChild(0)?.text : undefined);
    if (name) named.set(name, value);
    else values.push(value);
  }
  return { values, named };
}

/** `['prefix' => 'v1', 'except' => ['create']]`: an array's string keys and their values. */
function arrayEntries(node: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  if (node?.type !== 'array_creation_expression') return out;
  for (const el of node.namedChildren) {
    if (el?.type !== 'array_element_initializer' || el.namedChildren.length < 2) continue;
    const key = phpString(el.namedChild(0));
    const value = el.namedChild(1);
    if (key !== undefined && value) out.set(key, value);
  }
  return out;
}

const stringList = (node: Node | undefined): string[] | undefined =>
  node?.type === 'array_creation_expression'
    ? node.namedChildren.flatMap((el) => {
        const s = phpString(el?.namedChild(0));
        return s === undefined ? [] : [s];
      })
    : node
      ? [phpString(node) ?? ''].filter(Boolean)
      : undefined;

interface Link {
  name: string;
  call: Node;
}

/** `Route::prefix('api')->middleware('api')->group(…)` as its links in order, or nothing when the chain does not start at `Route::`. */
function routeChain(node: Node): Link[] | undefined {
  if (node.type === 'scoped_call_expression')
    return node.childForFieldName('scope')?.text === 'Route'
      ? [{ name: node.childForFieldName('name')?.text ?? '', call: node }]
      : undefined;
  if (node.type !== 'member_call_expression') return undefined;
  const inner = node.childForFieldName('object');
  const chain = inner ? routeChain(inner) : undefined;
  return chain && [...chain, { name: node.childForFieldName('name')?.text ?? '', call: node }];
}

/** Where a routes file passed to `group()` lives: `base_path('routes/api.php')`, `__DIR__.'/../routes/api.php'`. */
function routesFileOf(rel: string, node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'function_call_expression' && node.childForFieldName('function')?.text === 'base_path') {
    const file = phpString(argumentsOf(node).values[0]);
    return file ? `file:@/${file.replace(/^\//, '')}` : undefined;
  }
  if (node.type === 'binary_expression' && node.namedChild(0)?.text === '__DIR__') {
    const file = phpString(node.namedChild(1));
    return file ? `file:${path.posix.normalize(path.posix.join(path.posix.dirname(rel), file))}` : undefined;
  }
  const literal = phpString(node);
  return literal?.endsWith('.php') ? `file:@/${literal}` : undefined;
}

/** `ArticleController::class`: the class a `::class` constant names. */
const classOf = (node: Node | null | undefined): string | undefined =>
  node?.type === 'class_constant_access_expression' && node.namedChild(1)?.text === 'class'
    ? node.namedChild(0)?.text.split('\\').pop()
    : undefined;

/**
 * A route's action as Laravel names it (`Controller@method`): written so (`'ArticleController@index'`),
 * as a callable array (`[ArticleController::class, 'index']`), or an invokable controller
 * (`ShowProfile::class`, its `__invoke`).
 */
function handlerOf(node: Node | undefined): string | undefined {
  const written = phpString(node);
  if (written !== undefined) return written || undefined;
  if (node?.type === 'array_creation_expression') {
    const [target, method] = node.namedChildren.map((el) => el?.namedChild(0));
    const owner = classOf(target);
    const action = phpString(method);
    return owner && action ? `${owner}@${action}` : undefined;
  }
  const invokable = classOf(node);
  return invokable ? `${invokable}@__invoke` : undefined;
}

interface PhpContext {
  rel: string;
  facts: FileFacts;
  /** `Route::controller(OrderController::class)->group(…)`: the controller a group's actions are methods of. */
  controller?: string;
}

/** One `Route::…` statement, its group closures read under the prefix (and controller) it adds. */
function readRouteChain(
  chain: Link[],
  node: Node,
  prefix: string,
  ctx: PhpContext,
  visit: (n: Node, p: string) => void,
): void {
  let at = prefix;
  let resource:
    | { path: string; handler: string; only?: string[]; except?: string[]; api: boolean }
    | undefined;
  const owner = /(^|\/)routes\/[^/]+\.php$/.test(ctx.rel) ? ROUTES_FILE_OWNER : '*laravel*';
  let controller = ctx.controller;
  for (const { name, call } of chain) {
    const { values } = argumentsOf(call);
    if (name === 'prefix') at = joinPaths(at, phpString(values[0]) ?? UNKNOWN_PART);
    else if (name === 'controller') controller = classOf(values[0]) ?? phpString(values[0]) ?? controller;
    else if (name === 'group') {
      const options = arrayEntries(values[0]);
      const groupPrefix = options.get('prefix');
      const inner = groupPrefix ? joinPaths(at, phpString(groupPrefix) ?? UNKNOWN_PART) : at;
      const body = values.find((v) => v.type === 'anonymous_function' || v.type === 'arrow_function');
      const outer = ctx.controller;
      ctx.controller = controller;
      if (body) visit(body, inner);
      ctx.controller = outer;
      const file = routesFileOf(ctx.rel, values[values.length - 1]);
      if (file) ctx.facts.mounts.push({ owner, prefix: inner, target: file, line: line(node) });
    } else if (VERBS.has(name)) {
      const methods =
        name === 'match'
          ? (stringList(values[0])?.map((m) => m.toUpperCase()) ?? [])
          : [name === 'any' ? 'ALL' : name.toUpperCase()];
      const routePath = phpString(values[name === 'match' ? 1 : 0]);
      if (routePath === undefined) continue;
      const action = handlerOf(values[name === 'match' ? 2 : 1]);
      // A method name alone is the group's controller's (`Route::controller(…)->group(…)`).
      const handler = action && controller && !action.includes('@') ? `${controller}@${action}` : action;
      for (const method of methods)
        ctx.facts.routes.push({
          method,
          path: joinPaths(at, routePath),
          line: line(node),
          framework: 'laravel',
          owner,
          ...(handler ? { handler } : {}),
        });
    } else if (name === 'view' || name === 'redirect' || name === 'permanentRedirect') {
      // `Route::view('rules', 'rules')` answers GET with a view; a redirect answers every method.
      const routePath = phpString(values[0]);
      if (routePath !== undefined)
        ctx.facts.routes.push({
          method: name === 'view' ? 'GET' : 'ALL',
          path: joinPaths(at, routePath),
          line: line(node),
          framework: 'laravel',
          owner,
        });
    } else if (name === 'resource' || name === 'apiResource') {
      const options = arrayEntries(values[2]);
      resource = {
        path: phpString(values[0]) ?? '',
        handler: values[1]?.text.replace(/::class$/, '').replace(/^['"]|['"]$/g, '') ?? '',
        ...(options.has('only') ? { only: stringList(options.get('only')) } : {}),
        ...(options.has('except') ? { except: stringList(options.get('except')) } : {}),
        api: name === 'apiResource',
      };
    } else if (resource && (name === 'only' || name === 'except')) resource[name] = stringList(values[0]);
  }
  if (!resource) return;
  const last = resource.path.split('/').filter(Boolean).pop() ?? '';
  const param = `{${singular(last)}}`;
  for (const { role, method, sub: written } of resourceRoutes(false)) {
    const action = STORE_ACTIONS[role] ?? role;
    const sub = written.replace('new', 'create').replace(':id', '{}');
    if (resource.api && (action === 'create' || action === 'edit')) continue;
    if (resource.only && !resource.only.includes(action)) continue;
    if (resource.except?.includes(action)) continue;
    ctx.facts.routes.push({
      method,
      path: joinPaths(at, resource.path, sub.replace('{}', param)),
      line: line(node),
      framework: 'laravel',
      owner,
      handler: `${resource.handler}@${action}`,
    });
  }
}

/** A file of a Slim app: it uses Slim's classes. */
const SLIM_FILE = /\buse\s+Slim\\/;
const SLIM_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'any', 'map']);

/**
 * Slim's routes on the app or a group's collector (`$app->get('/x', Action::class)`, `->map(['GET',
 * 'POST'], …)`, `->any(…)`), and `$app->group('/users', function (RouteCollectorProxy $group) {…})`,
 * whose closure's routes go under its prefix. True when the call was one of these.
 */
function readSlimCall(
  node: Node,
  prefix: string,
  ctx: PhpContext,
  visit: (n: Node, p: string) => void,
): boolean {
  if (node.childForFieldName('object')?.type !== 'variable_name') return false;
  const name = node.childForFieldName('name')?.text ?? '';
  const { values } = argumentsOf(node);
  if (name === 'group') {
    const groupPrefix = phpString(values[0]);
    const body = values[1];
    if (groupPrefix === undefined || (body?.type !== 'anonymous_function' && body?.type !== 'arrow_function'))
      return false;
    visit(body, joinPaths(prefix, groupPrefix));
    return true;
  }
  if (!SLIM_VERBS.has(name)) return false;
  const mapped = name === 'map';
  const pattern = phpString(values[mapped ? 1 : 0]);
  // A route's pattern starts with `/` (or is empty inside a group): `$settings->get('logError')` is none.
  if (pattern === undefined || (pattern === '' ? prefix === '' : !pattern.startsWith('/'))) return false;
  // FastRoute's `{id:[0-9]+}`, `{routes:.*}`: the parameter `{id}`, `{routes}`.
  const routePath = pattern.replace(/\{(\w+):[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '{$1}');
  const methods = mapped
    ? (stringList(values[0])?.map((m) => m.toUpperCase()) ?? [])
    : [name === 'any' ? 'ALL' : name.toUpperCase()];
  const action = values[mapped ? 2 : 1];
  // `Action::class` (invokable), `'App\Action\Home:index'` (Slim's callable string), `[Home::class, 'index']`.
  const handler =
    classOf(action) ?? controllerName(phpString(action)) ?? handlerOf(action)?.replace('@', '::');
  for (const method of methods)
    ctx.facts.routes.push({
      method,
      path: joinPaths(prefix, routePath),
      line: line(node),
      endLine: node.endPosition.row + 1,
      framework: 'slim',
      owner: '*slim*',
      ...(handler ? { handler } : {}),
    });
  return true;
}

/** Laravel 11's `->withRouting(api: __DIR__.'/../routes/api.php', apiPrefix: 'api', health: '/up')`. */
function readWithRouting(call: Node, ctx: PhpContext): void {
  const { named } = argumentsOf(call);
  for (const [kind, prefix] of [
    ['web', ''],
    ['api', phpString(named.get('apiPrefix')) ?? 'api'],
  ] as const) {
    const file = routesFileOf(ctx.rel, named.get(kind));
    if (file) ctx.facts.mounts.push({ owner: '*laravel*', prefix, target: file, line: line(call) });
  }
  const health = phpString(named.get('health'));
  if (health)
    ctx.facts.routes.push({
      method: 'GET',
      path: health,
      line: line(call),
      framework: 'laravel',
      owner: '*laravel*',
    });
}

/** An Eloquent model (`extends Model`), named by its class, its `$table` when it sets one. */
function readClass(node: Node, { rel, facts }: PhpContext): void {
  const base =
    node.namedChildren
      .find((c) => c?.type === 'base_clause')
      ?.namedChild(0)
      ?.text.split('\\')
      .pop() ?? '';
  if (!ELOQUENT_BASE.test(base)) return;
  const table = node.descendantsOfType('property_element').find((p) => p?.namedChild(0)?.text === '$table');
  const tableName = phpString(
    table?.namedChildren.find((c) => c?.type === 'string' || c?.type === 'encapsed_string'),
  );
  facts.models.push({
    name: node.childForFieldName('name')?.text ?? '',
    orm: 'eloquent',
    file: rel,
    line: line(node),
    ...(tableName ? { table: tableName } : {}),
  });
}

/** A migration's `Schema::create('users', function (Blueprint $table) { $table->string('email'); … })`. */
function readSchemaCreate(call: Node, { rel, facts }: PhpContext): void {
  const { values } = argumentsOf(call);
  const name = phpString(values[0]);
  if (!name) return;
  const fields = (values[1]?.descendantsOfType('member_call_expression') ?? []).flatMap((c) => {
    if (c?.childForFieldName('object')?.text !== '$table') return [];
    const column = phpString(argumentsOf(c).values[0]);
    return column ? [column] : [];
  });
  facts.models.push({ name, orm: 'migration', file: rel, line: line(call), fields });
}

/** Lighthouse's resolver classes: `app/GraphQL/Queries/Hello.php` serves the field `hello` of `Query`. */
export const LIGHTHOUSE_RESOLVER = /(^|\/)GraphQL\/(Queries|Mutations|Subscriptions)\/(\w+)\.php$/;

/** A Lighthouse resolver class: its `__invoke` (or `resolve`) a route of the field the file is named for. */
function readLighthouseResolver(node: Node, { rel, facts }: PhpContext): void {
  const [, , folder = '', file = ''] = LIGHTHOUSE_RESOLVER.exec(rel) ?? [];
  const className = node.childForFieldName('name')?.text;
  if (!folder || className !== file) return;
  const method = node
    .childForFieldName('body')
    ?.namedChildren.find(
      (m) =>
        m?.type === 'method_declaration' &&
        /^(__invoke|resolve)$/.test(m.childForFieldName('name')?.text ?? ''),
    );
  if (!method) return;
  facts.routes.push(
    graphqlRoute(
      folder === 'Queries' ? 'QUERY' : folder === 'Mutations' ? 'MUTATION' : 'SUBSCRIPTION',
      lowerFirst(file),
      line(method),
      'graphql',
      {
        endLine: method.endPosition.row + 1,
        handler: `${className}.${method.childForFieldName('name')?.text}`,
      },
    ),
  );
}

/**
 * PHP: Laravel routes (groups, prefixes, resources, route files mounted by the provider), Eloquent
 * models, migrations; Symfony's attribute and annotation routes, Doctrine entities.
 */
export function scanPhp(rel: string, root: Node): FileFacts {
  const ctx: PhpContext = { rel, facts: emptyFacts('php') };
  // The text once (each read copies it out of wasm); the Symfony reader only where its markers are.
  const text = root.text;
  const fosRest = text.includes('FOS\\RestBundle');
  const symfony = SYMFONY_MARKERS.test(text);
  const slim = SLIM_FILE.test(text);
  const visit = (node: Node, prefix: string) => {
    if (slim && node.type === 'member_call_expression' && readSlimCall(node, prefix, ctx, visit)) return;
    if (node.type === 'namespace_use_clause') ctx.facts.imports.push({ spec: node.text, line: line(node) });
    if (node.type === 'class_declaration') {
      readClass(node, ctx);
      readLighthouseResolver(node, ctx);
      if (symfony) readSymfonyClass(node, rel, ctx.facts, fosRest);
    }
    if (node.type === 'member_call_expression' || node.type === 'scoped_call_expression') {
      const chain = routeChain(node);
      if (chain) return readRouteChain(chain, node, prefix, ctx, visit);
      const name = node.childForFieldName('name')?.text;
      if (name === 'withRouting') readWithRouting(node, ctx);
      if (name === 'create' && node.childForFieldName('scope')?.text === 'Schema')
        readSchemaCreate(node, ctx);
    }
    for (const child of node.namedChildren) if (child) visit(child, prefix);
  };
  visit(root, '');
  const frameworks = new Set(ctx.facts.routes.map((r) => r.framework));
  if (ctx.facts.mounts.length) frameworks.add('laravel');
  ctx.facts.frameworks = [...frameworks].sort();
  return ctx.facts;
}
