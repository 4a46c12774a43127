import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type JsDetector, lineOf, objectProperty } from './context.js';
import { field, stringOf } from './syntax.js';

/** Sails' route table: `config/routes.js`. */
export const SAILS_ROUTES = /(^|\/)config\/routes\.js$/;

/** `'GET /api/users/:id'`, `'/'` (every method): a route address. */
const ADDRESS = /^\s*(?:(get|post|put|patch|delete|head|options|all)\s+)?(\/\S*)\s*$/i;

/** The table: `module.exports.routes = {…}` or `module.exports = { routes: {…} }`. */
function routeTable(root: Node): Node | undefined {
  for (const assignment of root.descendantsOfType('assignment_expression')) {
    const left = field(assignment ?? undefined, 'left')?.text.replace(/\s+/g, '');
    const right = field(assignment ?? undefined, 'right');
    if (left === 'module.exports.routes' && right?.type === 'object') return right;
    if (left === 'module.exports') return objectProperty(right, 'routes');
  }
  return undefined;
}

/** A target's handler: `'UserController.find'`, `{ controller: 'User', action: 'find' }`; an action path or a view names none. */
function handlerOf(target: Node | undefined): string | undefined {
  const written = stringOf(target);
  if (written !== undefined) return /^\w+\.\w+$/.test(written) ? written : undefined;
  const controller = stringOf(objectProperty(target, 'controller'));
  const action = stringOf(objectProperty(target, 'action'));
  if (!controller || !action || !/^\w+$/.test(action)) return undefined;
  return `${controller.endsWith('Controller') ? controller : `${controller}Controller`}.${action}`;
}

/** Sails: each address of `config/routes.js` a route, its controller action the handler. */
export const sails: JsDetector = {
  on: {},
  finish(root, ctx) {
    if (!SAILS_ROUTES.test(ctx.rel)) return;
    const table = routeTable(root);
    for (const pair of table?.namedChildren ?? []) {
      if (pair?.type !== 'pair') continue;
      const address = ADDRESS.exec(stringOf(field(pair, 'key')) ?? '');
      if (!address?.[2]) continue;
      const handler = handlerOf(field(pair, 'value'));
      ctx.facts.routes.push({
        method: (address[1] ?? 'ALL').toUpperCase(),
        path: address[2],
        line: lineOf(pair),
        framework: 'sails',
        owner: '*sails*',
        ...(handler ? { handler } : {}),
      });
    }
    if (table) ctx.frameworks.add('sails');
  },
};
