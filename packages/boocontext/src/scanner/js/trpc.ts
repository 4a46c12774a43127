import type { SyntaxNode as Node } from '@boocode/source-kit';
import { calleeName, type JsContext, type JsDetector, lineOf, objectProperty } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

const procedureKind = (text: string) =>
  /\.mutation\s*\(/.test(text) ? 'MUTATION' : /\.subscription\s*\(/.test(text) ? 'SUBSCRIPTION' : 'QUERY';

/** The procedures and sub-routers of one `router({...})` object, keys joined with dots. */
function walkRouter(name: string, obj: Node, prefix: string, ctx: JsContext): void {
  for (const prop of obj.namedChildren) {
    if (prop?.type === 'shorthand_property_identifier') {
      // `router({ users })`: a router defined elsewhere, mounted under its own name.
      const key = prefix ? `${prefix}.${prop.text}` : prop.text;
      ctx.facts.mounts.push({ owner: name, prefix: key, target: prop.text, line: lineOf(prop) });
      continue;
    }
    const keyNode = prop?.type === 'pair' ? field(prop, 'key') : undefined;
    const value = field(prop, 'value');
    if (!prop || !value || (keyNode?.type !== 'property_identifier' && keyNode?.type !== 'string')) continue;
    const keyText = keyNode.type === 'string' ? (stringOf(keyNode) ?? '') : keyNode.text;
    const key = prefix ? `${prefix}.${keyText}` : keyText;
    const nested = value.type === 'call_expression' ? argsOf(value)[0] : undefined;
    if (calleeName(field(value, 'function')) === 'router' && nested?.type === 'object') {
      walkRouter(name, nested, key, ctx);
    } else if (value.type === 'object') {
      // tRPC 11's plain objects nest procedures as a router would (`group: { find, create }`).
      walkRouter(name, value, key, ctx);
    } else if (value.type === 'identifier') {
      // A router or a procedure defined elsewhere (`find: findGroupsRoute`): served under the key.
      ctx.facts.mounts.push({ owner: name, prefix: key, target: value.text, line: lineOf(prop) });
    } else {
      ctx.facts.routes.push({
        method: procedureKind(value.text),
        path: key,
        line: lineOf(prop),
        endLine: prop.endPosition.row + 1,
        framework: 'trpc',
        owner: name,
      });
    }
  }
}

/**
 * A ts-rest contract, `c.router({ getUser: { method: 'GET', path: '/users/:id', … } }, { pathPrefix })`:
 * each endpoint an HTTP route at its path (nested contracts under theirs), served wherever an
 * implementation of the contract is mounted, at these paths.
 */
function walkContract(name: string, call: Node, prefix: string, ctx: JsContext): void {
  const [endpoints, options] = argsOf(call);
  const base = `${prefix}${stringOf(objectProperty(options, 'pathPrefix')) ?? ''}`;
  for (const prop of endpoints?.type === 'object' ? endpoints.namedChildren : []) {
    const value = prop?.type === 'pair' ? field(prop, 'value') : undefined;
    if (!prop || !value) continue;
    if (value.type === 'call_expression' && calleeName(field(value, 'function')) === 'router') {
      walkContract(name, value, base, ctx);
      continue;
    }
    if (value.type === 'identifier') {
      ctx.facts.mounts.push({ owner: name, prefix: base, target: value.text, line: lineOf(prop) });
      continue;
    }
    const method = stringOf(objectProperty(value, 'method'));
    const routePath = stringOf(objectProperty(value, 'path'));
    if (!method || routePath === undefined) continue;
    ctx.facts.routes.push({
      method: method.toUpperCase(),
      path: `${base}${routePath}`,
      line: lineOf(prop),
      endLine: prop.endPosition.row + 1,
      framework: 'ts-rest',
      owner: name,
    });
  }
}

/**
 * `export const findGroupsRoute = authenticatedProcedure.input(…).query(…)`: a procedure in a module
 * of its own, served where a router lists it (`find: findGroupsRoute`), its path the router's key.
 */
function readProcedure(name: string, init: Node, ctx: JsContext): boolean {
  const link = field(field(init, 'function'), 'property')?.text ?? '';
  if (!/^(query|mutation|subscription)$/.test(link)) return false;
  let base: Node | undefined = field(field(init, 'function'), 'object');
  while (base?.type === 'call_expression' || base?.type === 'member_expression')
    base = base.type === 'call_expression' ? field(base, 'function') : field(base, 'object');
  if (base?.type !== 'identifier' || !/[pP]rocedure$/.test(base.text)) return false;
  ctx.facts.routes.push({
    method: link.toUpperCase(),
    path: '',
    line: lineOf(init),
    endLine: init.endPosition.row + 1,
    framework: 'trpc',
    owner: name,
  });
  return true;
}

/**
 * tRPC: `const appRouter = router({...})` (or `createTRPCRouter`) with its procedures and
 * sub-routers; ts-rest: a contract's `c.router({...})` (the file imports `@ts-rest/core`).
 */
export const trpc: JsDetector = {
  on: {
    variable_declarator(node, ctx) {
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (name?.type !== 'identifier' || init?.type !== 'call_expression') return;
      if (readProcedure(name.text, init, ctx)) {
        ctx.frameworks.add('trpc');
        return;
      }
      const callee = calleeName(field(init, 'function'));
      const routes = argsOf(init)[0];
      if (!callee || !/^(router|createTRPCRouter)$/.test(callee) || routes?.type !== 'object') return;
      if (ctx.facts.imports.some((i) => i.spec === '@ts-rest/core')) {
        ctx.frameworks.add('ts-rest');
        walkContract(name.text, init, '', ctx);
        return;
      }
      ctx.frameworks.add('trpc');
      walkRouter(name.text, routes, '', ctx);
    },
  },
};
