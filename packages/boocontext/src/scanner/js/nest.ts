import type { SyntaxNode as Node } from '@boocode/source-kit';
import { CAPITALISED_VERBS } from '../languages/syntax.js';
import { joinPaths } from '../types.js';
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

/**
 * The decorator-controller families: the class decorator that makes a controller (its argument the
 * controller's path), the package it comes from, the method decorators, the framework named.
 */
const FAMILIES: readonly {
  classDecorators: readonly string[];
  from?: RegExp;
  methods: Record<string, string>;
  framework: string;
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
    if (controller) {
      family = candidate;
      break;
    }
  }
  if (!family || !controller) return;
  ctx.frameworks.add(family.framework);
  const className = field(node, 'name')?.text ?? 'anonymous';
  // A Nest controller is its own router: its module lists it, and `RouterModule` may prefix the module.
  const owner = family.framework === 'nestjs' ? className : `*${family.framework}*`;
  if (family.framework === 'nestjs') ctx.facts.exportedRouters[className] = className;
  for (const { method: member, name, decorators, line } of decoratedMethods(node))
    for (const call of decorators) {
      const method = family.methods[call.name];
      if (method && call.arg !== undefined)
        ctx.facts.routes.push({
          method,
          path: `/${[controller.arg ?? '', call.arg].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
          line,
          endLine: member.endPosition.row + 1,
          framework: family.framework,
          owner,
          handler: `${className}.${name}`,
        });
    }
}

/** Server factories taking an options object whose key is a prefix for every controller. */
const PREFIX_OPTIONS: Record<string, { key: string; framework: string; at: number }> = {
  useExpressServer: { key: 'routePrefix', framework: 'routing-controllers', at: 1 },
  useKoaServer: { key: 'routePrefix', framework: 'routing-controllers', at: 1 },
  createExpressServer: { key: 'routePrefix', framework: 'routing-controllers', at: 0 },
  createKoaServer: { key: 'routePrefix', framework: 'routing-controllers', at: 0 },
  InversifyExpressServer: { key: 'rootPath', framework: 'inversify-express-utils', at: 2 },
};

const addGlobalPrefix = (ctx: JsContext, framework: string, prefix: string) => {
  ctx.facts.globalPrefixes = [...(ctx.facts.globalPrefixes ?? []), { framework, prefix }];
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
    const prefix = stringOf(argsOf(node)[0]);
    if (prefix !== undefined) addGlobalPrefix(ctx, 'nestjs', prefix);
    return;
  }
  const options = name ? PREFIX_OPTIONS[name] : undefined;
  if (!options) return;
  const prefix = stringOf(objectProperty(argsOf(node)[options.at], options.key));
  if (prefix !== undefined) addGlobalPrefix(ctx, options.framework, prefix);
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
    },
    new_expression: readGlobalPrefix,
  },
};
