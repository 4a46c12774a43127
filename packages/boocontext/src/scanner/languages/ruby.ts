import path from 'node:path';
import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts, joinPaths, ROUTES_FILE_OWNER } from '../types.js';
import { readCableChannel, readGraphqlRubyType } from './ruby-apis.js';
import { line, resourceRoutes, singular, upperFirst } from './syntax.js';

/** Devise's routes per module of the model (`devise :database_authenticatable, …`), by path name. */
const DEVISE_ROUTES: Record<string, [string, string, string][]> = {
  database_authenticatable: [
    ['GET', '{sign_in}', 'new'],
    ['POST', '{sign_in}', 'create'],
    ['DELETE', '{sign_out}', 'destroy'],
  ],
  recoverable: [
    ['GET', '{password}/new', 'new'],
    ['GET', '{password}/edit', 'edit'],
    ['PATCH', '{password}', 'update'],
    ['PUT', '{password}', 'update'],
    ['POST', '{password}', 'create'],
  ],
  registerable: [
    ['GET', '{registration}/{cancel}', 'cancel'],
    ['GET', '{registration}/{sign_up}', 'new'],
    ['GET', '{registration}/{edit}', 'edit'],
    ['PATCH', '{registration}', 'update'],
    ['PUT', '{registration}', 'update'],
    ['DELETE', '{registration}', 'destroy'],
    ['POST', '{registration}', 'create'],
  ],
  confirmable: [
    ['GET', '{confirmation}/new', 'new'],
    ['GET', '{confirmation}', 'show'],
    ['POST', '{confirmation}', 'create'],
  ],
  lockable: [
    ['GET', '{unlock}/new', 'new'],
    ['GET', '{unlock}', 'show'],
    ['POST', '{unlock}', 'create'],
  ],
};
const DEVISE_CONTROLLER: Record<string, string> = {
  database_authenticatable: 'sessions',
  recoverable: 'passwords',
  registerable: 'registrations',
  confirmable: 'confirmations',
  lockable: 'unlocks',
};
const DEVISE_PATH_NAMES: Record<string, string> = {
  sign_in: 'sign_in',
  sign_out: 'sign_out',
  password: 'password',
  registration: '',
  cancel: 'cancel',
  sign_up: 'sign_up',
  edit: 'edit',
  confirmation: 'confirmation',
  unlock: 'unlock',
};

/** The route a `devise_for` call stands for until the model's modules are known. */
export const DEVISE = 'DEVISE';

const symbolOrString = (n: Node | null | undefined) => n?.text.replace(/^:|^["']|["']$/g, '');

/** `key: value` pairs of a call's trailing hash (`only: [:show]`, `param: :slug`, `on: :collection`). */
function options(args: Node | null | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const arg of args?.namedChildren ?? []) {
    if (arg?.type !== 'pair') continue;
    const key = arg.childForFieldName('key')?.text.replace(/:$/, '').replace(/^:/, '');
    const value = arg.childForFieldName('value');
    if (key && value) out.set(key, value);
  }
  return out;
}

/** `[:show, :index]`, `%i[show index]`, `%w(show index)`, or one `:show`: the names listed. */
const symbols = (node: Node | undefined) =>
  node
    ? node.type === 'symbol_array' || node.type === 'string_array'
      ? node.namedChildren.map((n) => n?.text ?? '')
      : (node.type === 'array' ? node.namedChildren : [node]).map((n) => symbolOrString(n) ?? '')
    : undefined;

interface Scope {
  path: string;
  /** Inside a `resources` block: where its collection and its members are, and its controller. */
  resource?: { collection: string; member: string; controller?: string };
  /** Inside `member do … end` or `collection do … end`. */
  on?: 'member' | 'collection';
  /** The controllers' module a `namespace :admin` or `scope module: 'admin'` puts them in. */
  module?: string;
}

/** `articles#index` inside `namespace :admin`: `admin/articles#index` (Admin::ArticlesController). */
const inModule = (handler: string | undefined, module: string | undefined) =>
  handler && module && /^\w+#/.test(handler) ? `${module}/${handler}` : handler;

/** A routes file `draw(:admin)` loads: `config/routes/admin.rb`, read in the scope it is drawn in. */
export const DRAWN_ROUTES = /(^|\/)config\/routes\/.+\.rb$/;

/**
 * Ruby: Rails config/routes.rb and the files it draws (verbs, resources, scopes, namespaces,
 * concerns, Devise), ActiveRecord models, db/schema.rb tables.
 */
export function scanRuby(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('ruby');
  const drawn = DRAWN_ROUTES.test(rel);
  const routes = drawn || /routes\.rb$/.test(rel);
  // A drawn file's routes go where its `draw` puts them (a mount); routes.rb's are where they are.
  const owner = drawn ? ROUTES_FILE_OWNER : '*rails*';
  const route = (method: string, path: string, node: Node, handler?: string) =>
    facts.routes.push({
      method,
      path,
      line: line(node),
      framework: 'rails',
      owner,
      ...(handler ? { handler } : {}),
    });
  const draw = (name: string, prefix: string, node: Node) =>
    facts.mounts.push({
      owner,
      prefix,
      target: `file:${path.posix.join(drawn ? path.posix.dirname(rel) : `${path.posix.dirname(rel)}/routes`, `${name}.rb`)}`,
      line: line(node),
    });
  const concerns = new Map<string, Node>();
  // A Sinatra app (classic or modular): its routes are declared wherever its files say.
  const sinatra = !routes && SINATRA_FILE.test(root.text);
  const rackup = RACKUP.test(rel);
  const visit = (node: Node, scope: Scope) => {
    if (
      node.type === 'class' &&
      /ApplicationRecord|ActiveRecord::Base/.test(node.childForFieldName('superclass')?.text ?? '')
    )
      readModel(node, rel, facts);
    if (
      node.type === 'call' &&
      /schema\.rb$/.test(rel) &&
      node.childForFieldName('method')?.text === 'create_table'
    )
      readSchemaTable(node, rel, facts);
    if (node.type === 'class' && (readGraphqlRubyType(node, facts) || readCableChannel(node, facts))) return;
    if (node.type === 'class' && GRAPE_API.test(node.childForFieldName('superclass')?.text ?? '')) {
      readGrapeApi(node, facts);
      return;
    }
    if (node.type === 'call' && routes && readRoute(node, scope, { route, draw, concerns }, visit)) return;
    if (node.type === 'call' && sinatra && readSinatraRoute(node, scope, facts, visit)) return;
    if (node.type === 'call' && rackup && readRackMount(node, scope, facts, visit)) return;
    for (const child of node.namedChildren) if (child) visit(child, scope);
  };
  visit(root, { path: '' });
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))];
  return facts;
}

/** A Grape API class: it subclasses `Grape::API` (or `Grape::API::Instance`). */
export const GRAPE_API = /^<?\s*Grape::API(::Instance)?$/;
const GRAPE_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Blocks whose routes go under a path part: `resource :articles do`, `namespace :admin do`… */
const GRAPE_NAMESPACES = new Set(['resource', 'resources', 'namespace', 'group', 'segment']);

/** A class's name with the modules and classes it is written in: `Acme::Entities::API`. */
function qualifiedName(node: Node): string | undefined {
  const names: string[] = [];
  for (let at: Node | null = node; at; at = at.parent)
    if (at.type === 'class' || at.type === 'module') {
      const written = at.childForFieldName('name')?.text;
      if (!written) return undefined;
      names.unshift(written.replace(/^::/, ''));
    }
  return names.join('::') || undefined;
}

/** A call's arguments, comments left out. */
const callArgs = (call: Node) =>
  call.childForFieldName('arguments')?.namedChildren.filter((a): a is Node => !!a && a.type !== 'comment') ??
  [];

/**
 * A string's or symbol's value: `'v1'`, `":id"`, `:articles` — only a literal (where
 * `symbolOrString` takes any node's text, a constant's too), its first run of text.
 */
function literalOf(node: Node | null | undefined): string | undefined {
  if (node?.type === 'simple_symbol') return node.text.slice(1);
  if (node?.type !== 'string') return undefined;
  return node.namedChildren.find((c) => c?.type === 'string_content')?.text ?? '';
}

/**
 * A Grape API class: its routes (`get ':id' do`) under its namespaces (`resource :articles do`,
 * `route_param :id do`), the class's own `prefix` and path `version` before them; the APIs it
 * mounts (`mount API::Articles`, `mount Users => '/users'`) go under the same, by class name.
 */
function readGrapeApi(node: Node, facts: FileFacts): void {
  const name = qualifiedName(node);
  const body = node.childForFieldName('body');
  if (!name || !body) return;
  facts.exportedRouters[name] = name;
  const setting = (method: string) =>
    body.namedChildren.find(
      (c) =>
        c?.type === 'call' &&
        !c.childForFieldName('receiver') &&
        c.childForFieldName('method')?.text === method,
    );
  const prefix = setting('prefix');
  const version = setting('version');
  // Path versioning is Grape's default; a header or parameter version is not in the path.
  const strategy = version && /\busing:\s*:(\w+)|:using\s*=>\s*:(\w+)/.exec(version.text);
  const own = joinPaths(
    (prefix && literalOf(callArgs(prefix)[0])) ?? '',
    version && (!strategy || (strategy[1] ?? strategy[2]) === 'path')
      ? (literalOf(callArgs(version)[0]) ?? '')
      : '',
  );
  const visit = (n: Node, scope: string) => {
    const method =
      n.type === 'call' && !n.childForFieldName('receiver') ? n.childForFieldName('method')?.text : undefined;
    const block = n.childForFieldName('block');
    const [first] = method ? callArgs(n) : [];
    if (method && block && GRAPE_VERBS.has(method)) {
      facts.routes.push({
        method: method.toUpperCase(),
        path: joinPaths(own, scope, literalOf(first) ?? ''),
        line: line(n),
        endLine: n.endPosition.row + 1,
        framework: 'grape',
        owner: name,
      });
      return;
    }
    const part =
      method && block && first
        ? GRAPE_NAMESPACES.has(method)
          ? literalOf(first)
          : method === 'route_param'
            ? `:${literalOf(first) ?? ''}`
            : undefined
        : undefined;
    if (part !== undefined && block) {
      for (const child of block.namedChildren) if (child) visit(child, joinPaths(scope, part));
      return;
    }
    if (method === 'mount' && first) {
      // `mount Users => '/users'`: a hash of the API and its path.
      const pair = first.type === 'pair' ? first : undefined;
      const target = (pair ? pair.childForFieldName('key') : first)?.text.replace(/^::/, '');
      const at = pair ? (literalOf(pair.childForFieldName('value')) ?? '') : '';
      if (target && /^[A-Z][\w:]*$/.test(target))
        facts.mounts.push({
          owner: name,
          prefix: joinPaths(own, scope, at),
          target: `named:${target}`,
          line: line(n),
        });
      return;
    }
    for (const child of n.namedChildren) if (child) visit(child, scope);
  };
  visit(body, '');
}

/** A file of a Sinatra app: it requires Sinatra or subclasses its application. */
export const SINATRA_FILE = /\brequire\s+['"]sinatra|\bSinatra::(Base|Application)\b/;
const SINATRA_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'link', 'unlink']);

/**
 * Sinatra's `get '/items/:id' do … end` (or `{ … }`), under sinatra-contrib's `namespace '/api' do`;
 * each route's block its handler's lines. True when the call was one of these.
 */
function readSinatraRoute(
  node: Node,
  scope: Scope,
  facts: FileFacts,
  visit: (n: Node, s: Scope) => void,
): boolean {
  const method = node.childForFieldName('method')?.text ?? '';
  const block = node.childForFieldName('block');
  const written = literalOf(callArgs(node).find((a) => a.type === 'string'));
  if (!block || written === undefined || node.childForFieldName('receiver')) return false;
  if (method === 'namespace') {
    for (const child of block.namedChildren)
      if (child) visit(child, { path: joinPaths(scope.path, written) });
    return true;
  }
  if (!SINATRA_VERBS.has(method)) return false;
  // A modular app's routes are its class's: config.ru mounts it by name.
  let app: Node | null = node.parent;
  while (app && app.type !== 'class') app = app.parent;
  const owner = (app && qualifiedName(app)) ?? '*sinatra*';
  if (app) facts.exportedRouters[owner] = owner;
  facts.routes.push({
    method: method.toUpperCase(),
    path: joinPaths(scope.path, written),
    line: line(node),
    endLine: node.endPosition.row + 1,
    framework: 'sinatra',
    owner,
  });
  return true;
}

/** A Rack app's rackup file. */
export const RACKUP = /(^|\/)config\.ru$/;

/**
 * config.ru: the apps it runs, each under the `map` blocks around it (`map '/api' do run Api::App
 * end`) or at the paths a `Rack::URLMap` gives them — mounts of a Sinatra or Grape app by class name.
 * True when the call was one of these.
 */
function readRackMount(
  node: Node,
  scope: Scope,
  facts: FileFacts,
  visit: (n: Node, s: Scope) => void,
): boolean {
  const method = node.childForFieldName('method')?.text;
  const args = callArgs(node);
  const block = node.childForFieldName('block');
  if (node.childForFieldName('receiver')) return false;
  const mount = (target: Node | undefined, at: string) => {
    // `Api::App`, `Api::App.new`: the app's class.
    const name = target?.text.replace(/\.new$/, '').replace(/^::/, '');
    if (name && /^[A-Z][\w:]*$/.test(name))
      facts.mounts.push({ owner: '*rack*', prefix: at, target: `named:${name}`, line: line(node) });
  };
  if (method === 'map' && block) {
    const written = literalOf(args[0]);
    if (written === undefined) return false;
    for (const child of block.namedChildren)
      if (child) visit(child, { path: joinPaths(scope.path, written) });
    return true;
  }
  if (method !== 'run' || !args[0]) return false;
  const urlMap =
    args[0].type === 'call' &&
    args[0].childForFieldName('receiver')?.text === 'Rack::URLMap' &&
    args[0].childForFieldName('method')?.text === 'new';
  if (urlMap)
    for (const pair of args[0].descendantsOfType('pair'))
      mount(
        pair?.childForFieldName('value') ?? undefined,
        joinPaths(scope.path, literalOf(pair?.childForFieldName('key')) ?? ''),
      );
  else mount(args[0], scope.path);
  return true;
}

interface RouteFile {
  route: (method: string, path: string, node: Node, handler?: string) => void;
  /** `draw(:admin)`: the routes of `config/routes/admin.rb` under this prefix. */
  draw: (name: string, prefix: string, node: Node) => void;
  /** `concern :commentable do … end` blocks by name, for `concerns:` and `concerns` to read in place. */
  concerns: Map<string, Node>;
}

/** One routing call; true when it read the call's block itself. */
function readRoute(
  node: Node,
  scope: Scope,
  { route, draw, concerns }: RouteFile,
  visit: (n: Node, s: Scope) => void,
): boolean {
  const method = node.childForFieldName('method')?.text ?? '';
  const args = node.childForFieldName('arguments');
  const first = args?.namedChildren.find((a) => a?.type !== 'pair');
  // `get "/login" => "login#index"`: the path and the handler as a hash-rocket pair.
  const rocket = first
    ? undefined
    : args?.namedChildren.find((a) => a?.type === 'pair' && a.childForFieldName('key')?.type === 'string');
  const name = symbolOrString(first ?? rocket?.childForFieldName('key'));
  const opts = options(args);
  if (rocket?.childForFieldName('value')) opts.set('to', rocket.childForFieldName('value') as Node);
  const block = node.childForFieldName('block');
  const inBlock = (inner: Scope) => {
    for (const child of block?.namedChildren ?? []) if (child) visit(child, inner);
    return true;
  };
  if (['get', 'post', 'put', 'patch', 'delete', 'match'].includes(method) && name !== undefined) {
    const to = opts.get('to');
    const on = symbolOrString(opts.get('on')) ?? scope.on;
    const base = !scope.resource
      ? scope.path
      : on === 'collection'
        ? scope.resource.collection
        : on === 'member'
          ? scope.resource.member
          : nestedBase({ path: scope.path, resource: scope.resource });
    const path = opts.get('path') ? (symbolOrString(opts.get('path')) ?? name) : name;
    const verbs =
      method === 'match'
        ? (symbols(opts.get('via'))?.map((v) => v.toUpperCase()) ?? ['ALL'])
        : [method.toUpperCase()];
    // Rails' shorthand: with no `to:`, `post "/stories/fetch-title"` is served by
    // `stories#fetch_title`; inside `resources :articles do … end`, `get :feed` by `articles#feed`.
    const shorthand =
      !to && !opts.get('action') && /^\/?[-\w]+\/[-\w/]+$/.test(name)
        ? name
            .replace(/^\//, '')
            .replace(/\/([^/]*)$/, '#$1')
            .replaceAll('-', '_')
        : undefined;
    const handler =
      symbolOrString(to) ??
      shorthand ??
      (scope.resource?.controller && /^\w+$/.test(name) ? `${scope.resource.controller}#${name}` : undefined);
    for (const verb of verbs) route(verb, joinPaths(base, path), node, inModule(handler, scope.module));
    return false;
  }
  if (method === 'root') {
    // `root "home#index"`, `root to: "home#index"`.
    route('GET', scope.path || '/', node, inModule(symbolOrString(opts.get('to') ?? first), scope.module));
    return false;
  }
  const readConcerns = (names: string[] | undefined, inner: Scope) => {
    for (const concern of names ?? [])
      for (const child of concerns.get(concern)?.namedChildren ?? []) if (child) visit(child, inner);
  };
  if (method === 'concern' && name && block) {
    concerns.set(name, block);
    return true;
  }
  if (method === 'concerns') {
    readConcerns(
      args?.namedChildren.flatMap((a) => (a && a.type !== 'pair' ? (symbols(a) ?? []) : [])),
      scope,
    );
    return true;
  }
  if (method === 'draw' && name) {
    draw(name, nestedBase(scope), node);
    return true;
  }
  if ((method === 'resources' || method === 'resource') && name) {
    const singularResource = method === 'resource';
    const only = symbols(opts.get('only'));
    const except = symbols(opts.get('except')) ?? [];
    const param = symbolOrString(opts.get('param')) ?? 'id';
    const collection = joinPaths(nestedBase(scope), symbolOrString(opts.get('path')) ?? name);
    const member = singularResource ? collection : joinPaths(collection, `:${param}`);
    const controller = symbolOrString(opts.get('controller')) ?? name;
    for (const { role: action, method: verb, sub } of resourceRoutes(singularResource)) {
      if ((only && !only.includes(action)) || except.includes(action)) continue;
      const handler = inModule(`${controller}#${action}`, scope.module);
      route(verb, joinPaths(collection, sub.replace(':id', `:${param}`)), node, handler);
    }
    const inner: Scope = {
      path: collection,
      resource: { collection, member, controller },
      module: scope.module,
    };
    // `resources :messages, concerns: :commentable`: the concern's routes nested as if written in the block.
    readConcerns(symbols(opts.get('concerns')), inner);
    return block ? inBlock(inner) : true;
  }
  if ((method === 'member' || method === 'collection') && block && scope.resource)
    return inBlock({ ...scope, on: method });
  if ((method === 'namespace' || method === 'scope') && block) {
    // `scope module: 'admin'` adds no path; `scope :api`, `scope '/api'` and `scope path: 'api'` do.
    const path = name ?? (opts.get('path') ? symbolOrString(opts.get('path')) : undefined) ?? '';
    const sub = method === 'namespace' ? (symbolOrString(opts.get('path')) ?? name ?? '') : path;
    const own = symbolOrString(opts.get('module')) ?? (method === 'namespace' ? name : undefined);
    const module = [scope.module, own].filter(Boolean).join('/') || undefined;
    return inBlock({ path: joinPaths(nestedBase(scope), sub), ...(module ? { module } : {}) });
  }
  if (method === 'devise_for' && name) {
    const pathNames = new Map(
      [...options(opts.get('path_names'))].map(([k, v]) => [k, symbolOrString(v) ?? '']),
    );
    const skip = symbols(opts.get('skip')) ?? [];
    // `controllers: { sessions: :sessions }`: the app's own controller serves that part.
    const own = new Map([...options(opts.get('controllers'))].map(([k, v]) => [k, symbolOrString(v) ?? '']));
    const base = joinPaths(nestedBase(scope), symbolOrString(opts.get('path')) ?? name);
    // The model's modules decide which of these are served; the aggregation keeps those.
    for (const [module, list] of Object.entries(DEVISE_ROUTES)) {
      if (skip.includes(DEVISE_CONTROLLER[module] as string)) continue;
      const part = DEVISE_CONTROLLER[module] as string;
      const controller = own.get(part) || `devise/${part}`;
      for (const [verb, template, action] of list) {
        const sub = template.replace(
          /\{(\w+)\}/g,
          (_, key: string) => pathNames.get(key) ?? DEVISE_PATH_NAMES[key] ?? key,
        );
        route(
          `${DEVISE}:${verb}:${module}:${controller}#${action}`,
          joinPaths(base, sub),
          node,
          classify(name),
        );
      }
    }
    return true;
  }
  return false;
}

/** Where a nested resource's routes go: `/articles/:article_slug` inside `resources :articles, param: :slug`. */
function nestedBase(scope: Scope): string {
  if (!scope.resource || scope.on)
    return scope.on === 'member' ? (scope.resource?.member ?? scope.path) : scope.path;
  const { collection, member } = scope.resource;
  if (member === collection) return collection;
  const param = member.split(':').pop() as string;
  return joinPaths(collection, `:${singular(lastSegment(collection))}_${param}`);
}

const lastSegment = (p: string) => p.split('/').filter(Boolean).pop() ?? '';
/** `users` → `User`, the model `devise_for :users` maps. */
const classify = (plural: string) => singular(plural).split('_').map(upperFirst).join('');

/** An ActiveRecord model, and the Devise modules it enables; not an abstract base (`ApplicationRecord`'s `primary_abstract_class`). */
function readModel(node: Node, rel: string, facts: FileFacts): void {
  const name = node.childForFieldName('name')?.text ?? '';
  const body = node.childForFieldName('body')?.namedChildren ?? [];
  const abstract = (s: Node | null) =>
    (s?.type === 'assignment' && /^self\.abstract_class\s*=\s*true$/.test(s.text)) ||
    s?.text === 'primary_abstract_class';
  if (body.some(abstract)) return;
  facts.models.push({ name, orm: 'activerecord', file: rel, line: line(node) });
  for (const stmt of body) {
    if (stmt?.type !== 'call' || stmt.childForFieldName('method')?.text !== 'devise') continue;
    const modules = (stmt.childForFieldName('arguments')?.namedChildren ?? []).map(
      (a) => symbolOrString(a) ?? '',
    );
    facts.deviseModules = { ...facts.deviseModules, [name]: modules };
  }
}

/** `create_table "articles" do |t| t.string "title" … end` in db/schema.rb. */
function readSchemaTable(node: Node, rel: string, facts: FileFacts): void {
  const name = symbolOrString(node.childForFieldName('arguments')?.namedChild(0));
  if (!name) return;
  const fields: string[] = [];
  for (const stmt of node.childForFieldName('block')?.descendantsOfType('call') ?? []) {
    const column = symbolOrString(stmt?.childForFieldName('arguments')?.namedChild(0));
    if (stmt?.childForFieldName('receiver')?.text === 't' && column) fields.push(column);
  }
  facts.models.push({ name, orm: 'schema.rb', file: rel, line: line(node), fields });
}
