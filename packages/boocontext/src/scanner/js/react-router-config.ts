import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { ConfigRoute } from '../react-router.js';
import { joinPaths } from '../types.js';
import { argsOf, field, stringOf } from './syntax.js';

/** `[…] satisfies RouteConfig`, `(…)`, `await …`: the expression inside. */
function unwrap(node: Node | undefined): Node | undefined {
  let current = node;
  while (
    current &&
    [
      'satisfies_expression',
      'as_expression',
      'parenthesized_expression',
      'await_expression',
      'spread_element',
    ].includes(current.type)
  )
    current = current.namedChild(0) ?? undefined;
  return current;
}

/**
 * Reads React Router 7's `app/routes.ts`: `route(path, file, [children])`, `index(file)`,
 * `layout(file, [children])`, `prefix(path, [children])`, in the default-exported array, and
 * whether it spreads `flatRoutes()` (the file convention then routes `app/routes/` too).
 */
export function readRouteConfig(program: Node): { routes: ConfigRoute[]; flat: boolean } {
  const routes: ConfigRoute[] = [];
  let flat = false;
  const visit = (node: Node | undefined, prefix: string) => {
    const value = unwrap(node);
    if (value?.type === 'array') {
      for (const element of value.namedChildren) if (element) visit(element, prefix);
      return;
    }
    if (value?.type !== 'call_expression') return;
    const callee = field(value, 'function')?.text;
    const args = argsOf(value);
    const children = args.find((a, i) => i > 0 && unwrap(a)?.type === 'array');
    const line = value.startPosition.row + 1;
    if (callee === 'flatRoutes') flat = true;
    else if (callee === 'index') {
      const module = stringOf(args[0]);
      if (module) routes.push({ path: prefix || '/', module, line, index: true });
    } else if (callee === 'route') {
      const path = stringOf(args[0]);
      const module = stringOf(args[1]);
      if (path === undefined) return;
      const full = joinPaths(prefix, path);
      if (module) routes.push({ path: full, module, line, index: false });
      visit(children, full);
    } else if (callee === 'layout') visit(children, prefix);
    else if (callee === 'prefix') visit(args[1], joinPaths(prefix, stringOf(args[0]) ?? ''));
  };
  for (const top of program.namedChildren) {
    if (top?.type === 'export_statement' && top.children.some((c) => c?.type === 'default'))
      visit(field(top, 'value') ?? top.namedChild(0) ?? undefined, '');
  }
  return { routes, flat };
}
