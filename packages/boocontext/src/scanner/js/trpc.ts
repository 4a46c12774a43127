import type { SyntaxNode as Node } from '@boocode/source-kit';
import { calleeName, type JsContext, type JsDetector, lineOf } from './context.js';
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
    } else if (value.type === 'identifier') {
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

/** tRPC: `const appRouter = router({...})` (or `createTRPCRouter`) with its procedures and sub-routers. */
export const trpc: JsDetector = {
  on: {
    variable_declarator(node, ctx) {
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (name?.type !== 'identifier' || init?.type !== 'call_expression') return;
      const callee = calleeName(field(init, 'function'));
      const routes = argsOf(init)[0];
      if (!callee || !/^(router|createTRPCRouter)$/.test(callee) || routes?.type !== 'object') return;
      ctx.frameworks.add('trpc');
      walkRouter(name.text, routes, '', ctx);
    },
  },
};
