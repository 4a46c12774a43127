import path from 'node:path';
import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute } from '../graphql.js';
import {
  emptyFacts,
  type FileFacts,
  joinPaths,
  type ModelClass,
  ROUTES_FILE_OWNER,
  UNKNOWN_PART,
} from '../types.js';
import { phpString } from './php-attributes.js';
import { controllerName, readSymfonyClass, SYMFONY_MARKERS } from './symfony.js';
import {
  line,
  lineIndex,
  lowerFirst,
  resourceRoutes,
  STORE_ACTIONS,
  singular,
  upperFirst,
} from './syntax.js';

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'any', 'match']);
/** Base classes that make an Eloquent model. */
export const ELOQUENT_BASE = /^(Model|Authenticatable|Pivot|MorphPivot|User)$/;

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

/** The facade routes are declared on, under whatever name a file imports it (`use …\\Route as Facade`). */
const ROUTE_FACADE = 'Illuminate\\Support\\Facades\\Route';

/** `Route::prefix('api')->middleware('api')->group(…)` as its links in order, or nothing when the chain does not start at `Route::`. */
function routeChain(node: Node, aliases: ReadonlyMap<string, string>): Link[] | undefined {
  if (node.type === 'scoped_call_expression') {
    const scope = node.childForFieldName('scope')?.text ?? '';
    return scope === 'Route' || aliases.get(scope) === ROUTE_FACADE
      ? [{ name: node.childForFieldName('name')?.text ?? '', call: node }]
      : undefined;
  }
  if (node.type !== 'member_call_expression') return undefined;
  const inner = node.childForFieldName('object');
  const chain = inner ? routeChain(inner, aliases) : undefined;
  return chain && [...chain, { name: node.childForFieldName('name')?.text ?? '', call: node }];
}

/**
 * A prefix as written: a string, `env('API_PREFIX', 'api')`'s default, or `config('api.prefix')` as
 * the expression `{=config.api.prefix}`, which the value in `config/api.php` replaces.
 */
function prefixOf(node: Node | undefined): string {
  const literal = phpString(node);
  if (literal !== undefined) return literal;
  if (node?.type !== 'function_call_expression') return UNKNOWN_PART;
  const { values } = argumentsOf(node);
  const fn = node.childForFieldName('function')?.text;
  const key = phpString(values[0]);
  if (fn === 'config' && key && /^[\w.-]+$/.test(key)) return `{=config.${key}}`;
  return (fn === 'env' && phpString(values[1])) || UNKNOWN_PART;
}

/** A Laravel config file: `config/api.php` returns the array `config('api.…')` reads. */
export const LARAVEL_CONFIG = /(^|\/)config\/[\w-]+\.php$/;

/**
 * The string values of a config file's array, as `config.<file>.<key>` constants (nested arrays by
 * their dotted keys): a string, or an `env()`'s default.
 */
function readConfigValues(rel: string, root: Node, facts: FileFacts): void {
  const returned = root.descendantsOfType('return_statement')[0]?.namedChild(0) ?? undefined;
  const constants: Record<string, string> = {};
  const read = (array: Node | undefined, key: string, depth: number) => {
    for (const [name, value] of arrayEntries(array)) {
      if (value.type === 'array_creation_expression' && depth < 3) read(value, `${key}.${name}`, depth + 1);
      const text = value.type === 'function_call_expression' ? prefixOf(value) : phpString(value);
      if (text !== undefined && text !== UNKNOWN_PART && !text.startsWith('{='))
        constants[`${key}.${name}`] = text;
    }
  };
  read(returned, `config.${path.posix.basename(rel, '.php')}`, 0);
  if (Object.keys(constants).length > 0) facts.constants = { ...facts.constants, ...constants };
}

/** A routes file read into a group's closure. */
const REQUIRES = [
  'require_expression',
  'require_once_expression',
  'include_expression',
  'include_once_expression',
];

/** The closure a node is in, by its id: a nested group's `require` is that group's. */
function closureOf(node: Node): number | undefined {
  for (let up = node.parent; up; up = up.parent)
    if (up.type === 'anonymous_function' || up.type === 'arrow_function') return up.id;
  return undefined;
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

/**
 * `ArticleController::class`: the class a `::class` constant names. One imported under another name
 * (`use App\Http\Controllers\Admin\ArticlesController as AdminArticlesController`) by its full name,
 * which says which of two classes of one name it is.
 */
const classOf = (
  node: Node | null | undefined,
  aliases?: ReadonlyMap<string, string>,
): string | undefined => {
  if (node?.type !== 'class_constant_access_expression' || node.namedChild(1)?.text !== 'class')
    return undefined;
  const name = node.namedChild(0)?.text;
  return name === undefined ? undefined : (aliases?.get(name) ?? name.split('\\').pop());
};

/** `use A\B\C as D;`: D names A\B\C in this file. */
function readUseAlias(node: Node, aliases: Map<string, string>): void {
  const alias = node.childForFieldName('alias')?.text;
  const name = node.namedChildren.find((c) => c?.type === 'qualified_name' || c?.type === 'name')?.text;
  if (alias && name && alias !== name.split('\\').pop()) aliases.set(alias, name.replace(/^\\/, ''));
}

/**
 * A route's action as Laravel names it (`Controller@method`): written so (`'ArticleController@index'`),
 * as a callable array (`[ArticleController::class, 'index']`), or an invokable controller
 * (`ShowProfile::class`, its `__invoke`).
 */
function handlerOf(node: Node | undefined, aliases?: ReadonlyMap<string, string>): string | undefined {
  const written = phpString(node);
  if (written !== undefined) return written || undefined;
  if (node?.type === 'array_creation_expression') {
    const [target, method] = node.namedChildren.map((el) => el?.namedChild(0));
    const owner = classOf(target, aliases);
    const action = phpString(method);
    return owner && action ? `${owner}@${action}` : undefined;
  }
  const invokable = classOf(node, aliases);
  return invokable ? `${invokable}@__invoke` : undefined;
}

interface PhpContext {
  rel: string;
  facts: FileFacts;
  /** `Route::controller(OrderController::class)->group(…)`: the controller a group's actions are methods of. */
  controller?: string;
  /** The file's `use … as Alias` imports: alias → full class name. */
  aliases: Map<string, string>;
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
    if (name === 'prefix') at = joinPaths(at, prefixOf(values[0]));
    else if (name === 'controller')
      controller = classOf(values[0], ctx.aliases) ?? phpString(values[0]) ?? controller;
    else if (name === 'group') {
      const options = arrayEntries(values[0]);
      const groupPrefix = options.get('prefix');
      const inner = groupPrefix ? joinPaths(at, prefixOf(groupPrefix)) : at;
      const body = values.find((v) => v.type === 'anonymous_function' || v.type === 'arrow_function');
      const outer = ctx.controller;
      ctx.controller = controller;
      if (body) visit(body, inner);
      ctx.controller = outer;
      // `group(base_path('routes/api.php'))`, or a closure requiring it (`require base_path(…)`).
      const required = body
        ? body
            .descendantsOfType(REQUIRES)
            .filter((r) => r && closureOf(r) === body.id)
            .map((r) => r?.namedChild(0) ?? undefined)
        : [values[values.length - 1]];
      for (const written of required) {
        const file = routesFileOf(ctx.rel, written);
        if (file) ctx.facts.mounts.push({ owner, prefix: inner, target: file, line: line(node) });
      }
    } else if (VERBS.has(name)) {
      const methods =
        name === 'match'
          ? (stringList(values[0])?.map((m) => m.toUpperCase()) ?? [])
          : [name === 'any' ? 'ALL' : name.toUpperCase()];
      const routePath = phpString(values[name === 'match' ? 1 : 0]);
      if (routePath === undefined) continue;
      const action = handlerOf(values[name === 'match' ? 2 : 1], ctx.aliases);
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
        handler: classOf(values[1], ctx.aliases) ?? values[1]?.text.replace(/^['"]|['"]$/g, '') ?? '',
        ...(options.has('only') ? { only: stringList(options.get('only')) } : {}),
        ...(options.has('except') ? { except: stringList(options.get('except')) } : {}),
        api: name === 'apiResource',
      };
    } else if (resource && (name === 'only' || name === 'except')) resource[name] = stringList(values[0]);
  }
  if (!resource) return;
  // A nested resource, `albums.songs`: `albums/{album}/songs/{song}`.
  const parents = resource.path.split('.');
  const leaf = parents.pop() ?? '';
  const lastOf = (segment: string) => segment.split('/').filter(Boolean).pop() ?? '';
  const base = joinPaths(...parents.map((p) => `${p}/{${singular(lastOf(p))}}`), leaf);
  const param = `{${singular(lastOf(leaf))}}`;
  for (const { role, method, sub: written } of resourceRoutes(false)) {
    const action = STORE_ACTIONS[role] ?? role;
    const sub = written.replace('new', 'create').replace(':id', '{}');
    if (resource.api && (action === 'create' || action === 'edit')) continue;
    if (resource.only && !resource.only.includes(action)) continue;
    if (resource.except?.includes(action)) continue;
    ctx.facts.routes.push({
      method,
      path: joinPaths(at, base, sub.replace('{}', param)),
      line: line(node),
      framework: 'laravel',
      owner,
      handler: `${resource.handler}@${action}`,
    });
  }
}

/** A file of a Slim app: it uses Slim's classes. */
const SLIM_FILE = /\buse\s+Slim\\/;
/** CodeIgniter 4's route files: the app's and each module's `Config/Routes.php`, and files naming its router. */
export const CODEIGNITER_ROUTES = /(^|\/)Config\/Routes\.php$/;
export const CODEIGNITER_ROUTER = /\bCodeIgniter\\Router\\RouteCollection\b/;

/**
 * A router whose routes are method calls on a variable, grouped by closures: Slim's app or group
 * collector, CodeIgniter 4's `$routes`. What differs: the verbs, the call that takes a list of
 * methods and the one that takes any, whether a pattern must start with `/`, how parameters are
 * written.
 */
interface CallRouter {
  framework: string;
  /** The prefix a group call's first argument gives: a string, or Lumen's `['prefix' => 'api']`. */
  groupPrefix: (first: Node | undefined) => string | undefined;
  verbs: ReadonlySet<string>;
  listed: string;
  any: string;
  relative: boolean;
  /** A pattern's parameters as `{name}`. */
  params: (pattern: string) => string;
}

const SLIM: CallRouter = {
  framework: 'slim',
  groupPrefix: phpString,
  verbs: new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'any', 'map']),
  listed: 'map',
  any: 'any',
  relative: false,
  // FastRoute's `{id:[0-9]+}`, `{routes:.*}`: the parameter `{id}`, `{routes}`.
  params: (pattern) => pattern.replace(/\{(\w+):[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '{$1}'),
};

const CODEIGNITER: CallRouter = {
  framework: 'codeigniter',
  groupPrefix: phpString,
  verbs: new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'add', 'match']),
  listed: 'match',
  any: 'add',
  relative: true,
  // Placeholders `(:num)`, `(:segment)`: a parameter each.
  params: (pattern) => pattern.replace(/\(:(\w+)\)/g, '{$1}'),
};

/** A callable written as a string, or as `Home::class . '::index'` (a class constant joined to its method). */
function callableString(node: Node | undefined): string | undefined {
  if (node?.type !== 'binary_expression') return phpString(node);
  const owner = classOf(node.childForFieldName('left'));
  const method = phpString(node.childForFieldName('right'));
  return owner && method ? `${owner}${method}` : undefined;
}

/** Lumen's router (`$router->get('authors', 'AuthorController@index')`), grouped by an options array. */
const LUMEN: CallRouter = {
  framework: 'lumen',
  groupPrefix: (first) =>
    first?.type === 'array_creation_expression'
      ? (phpString(arrayEntries(first).get('prefix')) ?? '')
      : undefined,
  verbs: new Set(['get', 'post', 'put', 'patch', 'delete', 'options']),
  listed: '',
  any: '',
  relative: true,
  params: (pattern) => pattern.replace(/\{(\w+):[^{}]*\}/g, '{$1}'),
};
/** A Lumen routes file: it names Lumen's router or is a `routes/*.php` file calling `$router->`. */
const LUMEN_FILE = /Laravel\\Lumen\\Routing\\Router/;
export const LUMEN_ROUTES = /\$router\s*->\s*(?:get|post|put|patch|delete|options|group)\s*\(/;

/**
 * Routes on a call router (`$app->get('/x', Action::class)`, `$routes->get('x', 'Home::index')`,
 * `->map(['GET', 'POST'], …)`, `->any(…)`) and its groups (`->group('/users', function ($group)
 * {…})`, options before the closure allowed), whose closure's routes go under the prefix;
 * CodeIgniter's `resource('photos')`. True when the call was one of these.
 */
function readRouterCall(
  node: Node,
  prefix: string,
  ctx: PhpContext,
  visit: (n: Node, p: string) => void,
  router: CallRouter,
): boolean {
  if (node.childForFieldName('object')?.type !== 'variable_name') return false;
  const name = node.childForFieldName('name')?.text ?? '';
  const { values } = argumentsOf(node);
  if (name === 'group') {
    const groupPrefix = router.groupPrefix(values[0]);
    const body = values.at(-1);
    if (groupPrefix === undefined || (body?.type !== 'anonymous_function' && body?.type !== 'arrow_function'))
      return false;
    visit(body, joinPaths(prefix, router.params(groupPrefix)));
    return true;
  }
  if (name === 'resource' && router === CODEIGNITER) return readCodeIgniterResource(node, prefix, ctx);
  if (!router.verbs.has(name)) return false;
  const listed = name === router.listed;
  const pattern = phpString(values[listed ? 1 : 0]);
  // A route's pattern starts with `/` (or is empty inside a group): `$settings->get('logError')` is none.
  if (
    pattern === undefined ||
    (!router.relative && (pattern === '' ? prefix === '' : !pattern.startsWith('/')))
  )
    return false;
  const methods = listed
    ? (stringList(values[0])?.map((m) => m.toUpperCase()) ?? [])
    : [name === router.any ? 'ALL' : name.toUpperCase()];
  const written = values[listed ? 2 : 1];
  // Lumen's `['uses' => 'C@m', 'as' => 'name']`.
  const action =
    written?.type === 'array_creation_expression' ? (arrayEntries(written).get('uses') ?? written) : written;
  // `Action::class` (invokable), `'App\Action\Home:index'` (Slim's callable string),
  // `'Home::show/$1'` (CodeIgniter's, with the segments it passes), `[Home::class, 'index']`.
  const handler =
    classOf(action) ??
    controllerName(callableString(action)?.replace(/\/\$\d.*$/, '')) ??
    handlerOf(action)?.replace('@', '::');
  for (const method of methods)
    ctx.facts.routes.push({
      method,
      path: joinPaths(prefix, router.params(pattern)),
      line: line(node),
      endLine: node.endPosition.row + 1,
      framework: router.framework,
      owner: `*${router.framework}*`,
      ...(handler ? { handler } : {}),
    });
  return true;
}

/** `$routes->resource('photos', ['controller' => 'Gallery', 'only' => […]])`: a RESTful controller's routes. */
function readCodeIgniterResource(node: Node, prefix: string, ctx: PhpContext): boolean {
  const { values } = argumentsOf(node);
  const name = phpString(values[0]);
  if (!name) return false;
  const options = arrayEntries(values[1]);
  const only = stringList(options.get('only'));
  const except = new Set(stringList(options.get('except')) ?? []);
  const controller =
    controllerName(phpString(options.get('controller'))) ??
    upperFirst(name.replace(/[-_/](\w)/g, (_, c: string) => c.toUpperCase()));
  const param = CODEIGNITER.params(phpString(options.get('placeholder')) ?? '{id}');
  for (const { role, method, sub } of resourceRoutes(false)) {
    // CodeIgniter names the resource's actions as Rails does, but for `delete`.
    const action = role === 'destroy' ? 'delete' : role;
    if ((only && !only.includes(action)) || except.has(action)) continue;
    ctx.facts.routes.push({
      method,
      path: joinPaths(prefix, name, sub.replace(':id', param)),
      line: line(node),
      framework: 'codeigniter',
      owner: '*codeigniter*',
      handler: `${controller}::${action}`,
    });
  }
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

/**
 * Every class of a file with the class it extends, from the text: what the project's models extend
 * is known only once every file is read (BookStack's `Bookshelf extends Entity`, `abstract class
 * Entity extends Model`). The same on both sides of the tree gate.
 */
export function phpClasses(text: string): ModelClass[] {
  const found = [...text.matchAll(PHP_CLASS)];
  if (found.length === 0) return [];
  const lineOf = lineIndex(text);
  return found.map((m, i) => {
    const table = PHP_TABLE.exec(text.slice(m.index, found[i + 1]?.index ?? text.length))?.[1];
    return {
      name: m[2] as string,
      bases: [(m[3] as string).split('\\').pop() as string],
      line: lineOf(m.index + m[0].indexOf('class')),
      fields: [],
      abstract: /\babstract\b/.test(m[1] ?? ''),
      ...(table ? { table } : {}),
    };
  });
}

const PHP_TABLE = /\$table\s*=\s*['"]([\w.]+)['"]/;

const PHP_CLASS = /^[ \t]*((?:(?:abstract|final|readonly)\s+)*)class\s+(\w+)\s+extends\s+\\?([\w\\]+)/gm;

/** An Eloquent model (`extends Model`), named by its class, its `$table` when it sets one; an abstract one is a base. */
function readClass(node: Node, { rel, facts }: PhpContext): void {
  const written = node.namedChildren.find((c) => c?.type === 'base_clause')?.namedChild(0)?.text ?? '';
  const base = written.split('\\').pop() ?? '';
  if (!ELOQUENT_BASE.test(base)) return;
  if (node.namedChildren.some((c) => c?.type === 'abstract_modifier')) return;
  // CodeIgniter's models extend its own `Model`, as Eloquent's do theirs.
  const codeigniter =
    base === 'Model' &&
    (/^\\?CodeIgniter\\/.test(written) || facts.imports.some((i) => /^\\?CodeIgniter\\Model$/.test(i.spec)));
  const table = node.descendantsOfType('property_element').find((p) => p?.namedChild(0)?.text === '$table');
  const tableName = phpString(
    table?.namedChildren.find((c) => c?.type === 'string' || c?.type === 'encapsed_string'),
  );
  facts.models.push({
    name: node.childForFieldName('name')?.text ?? '',
    orm: codeigniter ? 'codeigniter' : 'eloquent',
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
  const ctx: PhpContext = { rel, facts: emptyFacts('php'), aliases: new Map() };
  // The text once (each read copies it out of wasm); the Symfony reader only where its markers are.
  const text = root.text;
  const fosRest = text.includes('FOS\\RestBundle');
  const symfony = SYMFONY_MARKERS.test(text);
  const callRouter = SLIM_FILE.test(text)
    ? SLIM
    : CODEIGNITER_ROUTES.test(rel) || CODEIGNITER_ROUTER.test(text)
      ? CODEIGNITER
      : LUMEN_FILE.test(text) || (/(^|\/)routes\/[^/]+\.php$/.test(rel) && LUMEN_ROUTES.test(text))
        ? LUMEN
        : undefined;
  const visit = (node: Node, prefix: string) => {
    if (
      callRouter &&
      node.type === 'member_call_expression' &&
      readRouterCall(node, prefix, ctx, visit, callRouter)
    )
      return;
    if (node.type === 'namespace_use_clause') {
      ctx.facts.imports.push({ spec: node.text, line: line(node) });
      readUseAlias(node, ctx.aliases);
    }
    if (node.type === 'class_declaration') {
      readClass(node, ctx);
      readLighthouseResolver(node, ctx);
      if (symfony) readSymfonyClass(node, rel, ctx.facts, fosRest);
    }
    if (node.type === 'member_call_expression' || node.type === 'scoped_call_expression') {
      const chain = routeChain(node, ctx.aliases);
      if (chain) return readRouteChain(chain, node, prefix, ctx, visit);
      const name = node.childForFieldName('name')?.text;
      if (name === 'withRouting') readWithRouting(node, ctx);
      if (name === 'create' && node.childForFieldName('scope')?.text === 'Schema')
        readSchemaCreate(node, ctx);
    }
    for (const child of node.namedChildren) if (child) visit(child, prefix);
  };
  visit(root, '');
  const classes = phpClasses(text);
  if (classes.length) ctx.facts.modelClasses = classes;
  if (LARAVEL_CONFIG.test(rel)) readConfigValues(rel, root, ctx.facts);
  const frameworks = new Set(ctx.facts.routes.map((r) => r.framework));
  if (ctx.facts.mounts.length) frameworks.add('laravel');
  ctx.facts.frameworks = [...frameworks].sort();
  return ctx.facts;
}
