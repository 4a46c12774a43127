import type { SyntaxNode as Node } from '@boocode/source-kit';
import { CAPITALISED_VERBS } from '../languages/syntax.js';
import { joinPaths, NEST_DEFAULT_VERSION, NEST_URI_VERSION, UNKNOWN_PART } from '../types.js';
import {
  classDecorators,
  decoratedMethods,
  type JsContext,
  type JsDetector,
  lineOf,
  objectProperty,
} from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

/** `@Get('x')`: NestJS's, routing-controllers' and tsoa's method decorators (and `@All`). */
const VERB_DECORATORS: Record<string, string> = { ...CAPITALISED_VERBS, All: 'ALL' };

/** inversify-express-utils' method decorators (`@httpGet('/x')`). */
const INVERSIFY_DECORATORS: Record<string, string> = {
  httpGet: 'GET',
  httpPost: 'POST',
  httpPut: 'PUT',
  httpPatch: 'PATCH',
  httpDelete: 'DELETE',
  httpHead: 'HEAD',
  all: 'ALL',
};

/** LoopBack 4's method decorators (`@get('/todos/{id}')`, `@del`). */
const LOOPBACK_DECORATORS: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  del: 'DELETE',
  head: 'HEAD',
  options: 'OPTIONS',
};

/**
 * The decorator-controller families: the class decorator that makes a controller (its argument the
 * controller's path, or its options' `pathKey`), the package it comes from, the method decorators,
 * the framework named. `anyClass`: a class with none of those decorators is a controller too
 * (LoopBack's `@api` is optional).
 */
const FAMILIES: readonly {
  classDecorators: readonly string[];
  from?: RegExp;
  methods: Record<string, string>;
  framework: string;
  pathKey?: string;
  anyClass?: boolean;
}[] = [
  { classDecorators: ['Controller'], from: /^@nestjs\//, methods: VERB_DECORATORS, framework: 'nestjs' },
  {
    classDecorators: ['Controller', 'JsonController'],
    from: /^routing-controllers$/,
    methods: VERB_DECORATORS,
    framework: 'routing-controllers',
  },
  { classDecorators: ['Route'], from: /^tsoa$/, methods: VERB_DECORATORS, framework: 'tsoa' },
  {
    classDecorators: ['controller'],
    from: /^inversify-express-utils$/,
    methods: INVERSIFY_DECORATORS,
    framework: 'inversify-express-utils',
  },
  {
    classDecorators: ['api'],
    from: /^@loopback\/rest$/,
    methods: LOOPBACK_DECORATORS,
    framework: 'loopback',
    pathKey: 'basePath',
    anyClass: true,
  },
  // A `@Controller` whose import this file does not show (a barrel re-exporting Nest's): Nest's.
  { classDecorators: ['Controller'], methods: VERB_DECORATORS, framework: 'nestjs' },
];

/**
 * Decorated controller classes (NestJS `@Controller('users')`, routing-controllers'
 * `@JsonController`, tsoa's `@Route`, inversify-express-utils' `@controller`): each decorated
 * method is a route under the controller's path.
 */
function readController(node: Node, ctx: JsContext): void {
  const decorators = classDecorators(node);
  const specs = ctx.facts.imports.map((i) => i.spec);
  let family: (typeof FAMILIES)[number] | undefined;
  let controller: (typeof decorators)[number] | undefined;
  for (const candidate of FAMILIES) {
    if (candidate.from && !specs.some((spec) => candidate.from?.test(spec))) continue;
    controller = decorators.find((d) => candidate.classDecorators.includes(d.name));
    if (controller || candidate.anyClass) {
      family = candidate;
      break;
    }
  }
  if (!family) return;
  const methods = [...decoratedMethods(node)];
  const routed = family.methods;
  // A class is LoopBack's controller by its routes alone: one with none is not.
  if (!controller && !methods.some((m) => m.decorators.some((d) => Object.hasOwn(routed, d.name)))) return;
  ctx.frameworks.add(family.framework);
  const className = field(node, 'name')?.text ?? 'anonymous';
  // A Nest controller is its own router: its module lists it, and `RouterModule` may prefix the module.
  const owner = family.framework === 'nestjs' ? className : `*${family.framework}*`;
  if (family.framework === 'nestjs') ctx.facts.exportedRouters[className] = className;
  // `@Controller({ path: 'users', version: '1' })`: NestJS's options form.
  const options = controller?.args[0]?.type === 'object' ? controller.args[0] : undefined;
  const bases = options
    ? stringsOf(objectProperty(options, family.pathKey ?? 'path'))
    : [controller?.arg ?? writtenPath(controller?.args[0])];
  const classVersions = versionsOf(objectProperty(options, 'version'));
  for (const { method: member, name, decorators, line } of methods) {
    const own = decorators.find((d) => d.name === 'Version');
    const versions = own ? versionsOf(own.args[0]) : classVersions;
    for (const call of decorators) {
      const method = family.methods[call.name];
      if (method)
        for (const base of bases.length ? bases : [''])
          ctx.facts.routes.push({
            method,
            path: `/${[base, call.arg ?? writtenPath(call.args[0])].filter(Boolean).join('/')}`.replace(
              /\/+/g,
              '/',
            ),
            line,
            endLine: member.endPosition.row + 1,
            framework: family.framework,
            owner,
            handler: `${className}.${name}`,
            ...(versions ? { versions } : {}),
          });
    }
  }
}

/**
 * A path written as an expression: a constant's name or member (`routesV1.user.root`) the route
 * table resolves against the project's constants, anything else `{unknown}` — never no route.
 */
function writtenPath(node: Node | undefined): string {
  if (!node) return '';
  return node.type === 'identifier' || (node.type === 'member_expression' && /^[\w$.]+$/.test(node.text))
    ? `{=${node.text}}`
    : UNKNOWN_PART;
}

/** A string or an array of strings: `'users'`, `['users', 'people']`. */
function stringsOf(node: Node | undefined): string[] {
  if (node?.type === 'array') return node.namedChildren.flatMap((e) => stringOf(e ?? undefined) ?? []);
  const one = stringOf(node);
  return one === undefined ? [] : [one];
}

/** `'1'`, `['1', '2']`; `VERSION_NEUTRAL` answers with no version (`''`). */
function versionsOf(node: Node | undefined): string[] | undefined {
  if (!node) return undefined;
  const items = node.type === 'array' ? node.namedChildren : [node];
  return items.map((e) =>
    /VERSION_NEUTRAL$/.test(e?.text ?? '') ? '' : (stringOf(e ?? undefined) ?? UNKNOWN_PART),
  );
}

/** Server factories taking an options object whose key is a prefix for every controller. */
const PREFIX_OPTIONS: Record<string, { key: string; framework: string; at: number }> = {
  useExpressServer: { key: 'routePrefix', framework: 'routing-controllers', at: 1 },
  useKoaServer: { key: 'routePrefix', framework: 'routing-controllers', at: 1 },
  createExpressServer: { key: 'routePrefix', framework: 'routing-controllers', at: 0 },
  createKoaServer: { key: 'routePrefix', framework: 'routing-controllers', at: 0 },
  InversifyExpressServer: { key: 'rootPath', framework: 'inversify-express-utils', at: 2 },
};

const addGlobalPrefix = (ctx: JsContext, framework: string, prefix: string, exclude: string[] = []) => {
  ctx.facts.globalPrefixes = [
    ...(ctx.facts.globalPrefixes ?? []),
    { framework, prefix, ...(exclude.length ? { exclude } : {}) },
  ];
};

/**
 * `app.setGlobalPrefix('api')` (NestJS), `useExpressServer(app, { routePrefix: '/api' })`
 * (routing-controllers), `new InversifyExpressServer(c, null, { rootPath: '/api' })`: every
 * controller's routes are served under it.
 */
function readGlobalPrefix(node: Node, ctx: JsContext): void {
  const fn = field(node, node.type === 'new_expression' ? 'constructor' : 'function');
  const name = fn?.type === 'member_expression' ? field(fn, 'property')?.text : fn?.text;
  if (name === 'setGlobalPrefix' && fn?.type === 'member_expression') {
    const [first, options] = argsOf(node);
    const prefix = stringOf(first) ?? configKey(first) ?? (first ? UNKNOWN_PART : undefined);
    const exclude = stringsOf(objectProperty(options, 'exclude'));
    if (prefix !== undefined) addGlobalPrefix(ctx, 'nestjs', prefix, exclude);
    return;
  }
  // `app.enableVersioning({ type: VersioningType.URI })`: a controller's version is a path segment
  // (`/v1`), after the global prefix; `prefix` renames the `v`, `defaultVersion` versions the rest.
  if (name === 'enableVersioning' && fn?.type === 'member_expression') {
    const options = argsOf(node)[0];
    const type = objectProperty(options, 'type')?.text ?? '';
    if (!/\bURI$/.test(type)) return;
    const prefix = objectProperty(options, 'prefix');
    addGlobalPrefix(ctx, NEST_URI_VERSION, prefix?.type === 'false' ? '' : (stringOf(prefix) ?? 'v'));
    const fallback = versionsOf(objectProperty(options, 'defaultVersion'));
    if (fallback?.[0]) addGlobalPrefix(ctx, NEST_DEFAULT_VERSION, fallback[0]);
  }
  const options = name ? PREFIX_OPTIONS[name] : undefined;
  if (!options) return;
  const prefix = stringOf(objectProperty(argsOf(node)[options.at], options.key));
  if (prefix !== undefined) addGlobalPrefix(ctx, options.framework, prefix);
}

/**
 * `configService.get('app.apiPrefix')`, `getOrThrow(…)`: a value of the app's configuration, as a
 * `{=app.apiPrefix}` part the route table reads from the config objects (`registerAs`).
 */
function configKey(node: Node | undefined): string | undefined {
  const fn = node?.type === 'call_expression' ? field(node, 'function') : undefined;
  if (fn?.type !== 'member_expression' || !/^get(OrThrow)?$/.test(field(fn, 'property')?.text ?? ''))
    return undefined;
  const key = stringOf(argsOf(node as Node)[0]);
  return key && /^[\w.]+$/.test(key) ? `{=${key}}` : undefined;
}

/**
 * `registerAs('app', () => ({ apiPrefix: process.env.API_PREFIX || 'api' }))`: @nestjs/config's
 * namespaced configuration; each string a key defaults to is a constant `.apiPrefix` for prefixes
 * read through ConfigService.
 */
function readConfigNamespace(node: Node, ctx: JsContext): void {
  if (field(node, 'function')?.text !== 'registerAs') return;
  const factory = argsOf(node)[1];
  let body = field(factory, 'body');
  while (body?.type === 'parenthesized_expression') body = body.namedChild(0) ?? undefined;
  const returned =
    body?.type === 'object'
      ? body
      : body?.namedChildren.find((c) => c?.type === 'return_statement')?.namedChild(0);
  if (returned?.type !== 'object') return;
  for (const pair of returned.namedChildren) {
    if (pair?.type !== 'pair') continue;
    const key = field(pair, 'key')?.text;
    const value = field(pair, 'value');
    // `process.env.X || 'api'`, `?? 'api'`: the default the app runs with when nothing is set.
    const fallback = value?.type === 'binary_expression' ? field(value, 'right') : value;
    const text = stringOf(fallback ?? undefined);
    if (key && text !== undefined) ctx.facts.constants = { ...ctx.facts.constants, [`.${key}`]: text };
  }
}

/** `@Module({ controllers: [UsersController] })`: the module serves its controllers (mounted under it). */
function readModule(node: Node, ctx: JsContext): void {
  const module = classDecorators(node).find((d) => d.name === 'Module');
  if (!module) return;
  const name = field(node, 'name')?.text;
  const controllers = objectProperty(module.args[0], 'controllers');
  if (!name || controllers?.type !== 'array') return;
  ctx.facts.exportedRouters[name] = name;
  for (const c of controllers.namedChildren)
    if (c?.type === 'identifier')
      ctx.facts.mounts.push({ owner: name, prefix: '', target: c.text, line: lineOf(c) });
}

/**
 * `RouterModule.register([{ path: 'admin', module: AdminModule, children: [...] }])`: each module's
 * controllers under its path, children under their parent's.
 */
function readRouterModule(node: Node, ctx: JsContext): void {
  const fn = field(node, 'function');
  if (fn?.type !== 'member_expression' || field(fn, 'property')?.text !== 'register') return;
  if (field(fn, 'object')?.text !== 'RouterModule') return;
  const walkRoutes = (list: Node | undefined, above: string) => {
    if (list?.type !== 'array') return;
    for (const entry of list.namedChildren) {
      const module = objectProperty(entry ?? undefined, 'module');
      const at = joinPaths(above, stringOf(objectProperty(entry ?? undefined, 'path')) ?? '');
      if (module?.type === 'identifier')
        ctx.facts.mounts.push({
          owner: '*nest-router*',
          prefix: at,
          target: module.text,
          line: lineOf(entry as Node),
        });
      walkRoutes(objectProperty(entry ?? undefined, 'children'), at);
    }
  };
  walkRoutes(argsOf(node)[0], '');
}

/** Decorated controllers and their routes, and NestJS's global prefix they are served under. */
export const nest: JsDetector = {
  on: {
    class_declaration(node, ctx) {
      readController(node, ctx);
      readModule(node, ctx);
    },
    abstract_class_declaration: readController,
    call_expression(node, ctx) {
      readGlobalPrefix(node, ctx);
      readRouterModule(node, ctx);
      readConfigNamespace(node, ctx);
    },
    new_expression: readGlobalPrefix,
  },
};
