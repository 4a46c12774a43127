import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { FileFacts } from '../types.js';
import type { JsDetector } from './context.js';
import { field } from './syntax.js';

/** First parameter's name of a function, when it is a plain identifier. */
function firstParam(fn: Node | undefined): string | undefined {
  const single = field(fn, 'parameter');
  if (single?.type === 'identifier') return single.text;
  const first = field(fn, 'parameters')?.namedChildren.find((c) => c && c.type !== 'comment');
  const name = first && (first.type === 'identifier' ? first : field(first, 'pattern'));
  return name?.type === 'identifier' ? name.text : undefined;
}

/** Exported routers by name, for mounts made in other files. */
function readExports(program: Node, facts: FileFacts): void {
  let defaultFunction: Node | undefined;
  for (const top of program.namedChildren) {
    if (!top) continue;
    const exported = top.type === 'export_statement';
    const isDefault = exported && top.children.some((c) => c?.type === 'default');
    const statement = exported ? (field(top, 'declaration') ?? top) : top;
    if (exported && /^(lexical|variable)_declaration$/.test(statement.type)) {
      for (const decl of statement.namedChildren) {
        const name = decl?.type === 'variable_declarator' ? field(decl, 'name') : undefined;
        if (name?.type === 'identifier') facts.exportedRouters[name.text] = name.text;
        // `export const { GET, POST } = handlers` (Auth.js route files).
        if (name?.type === 'object_pattern')
          for (const part of name.namedChildren) {
            const bound =
              part?.type === 'shorthand_property_identifier_pattern'
                ? part
                : field(part ?? undefined, 'value');
            if (bound?.type === 'identifier' || bound?.type === 'shorthand_property_identifier_pattern')
              facts.exportedRouters[bound.text] = bound.text;
          }
      }
    }
    // `export { handler as GET, handler as POST }`: exported under the alias.
    const clause =
      exported && !field(top, 'source')
        ? top.namedChildren.find((c) => c?.type === 'export_clause')
        : undefined;
    for (const spec of clause?.namedChildren ?? []) {
      if (spec?.type !== 'export_specifier') continue;
      const local = field(spec, 'name')?.text;
      const alias = field(spec, 'alias')?.text ?? local;
      if (local && alias) facts.exportedRouters[alias] = facts.exportedRouters[local] ?? local;
    }
    if (statement.type === 'function_declaration' || statement.type === 'generator_function_declaration') {
      const name = field(statement, 'name')?.text ?? '';
      // A Fastify plugin is a function whose routes are declared on its first parameter.
      const param = firstParam(statement);
      if (param && facts.routes.some((r) => r.owner === param))
        facts.exportedRouters[isDefault ? 'default' : name] = param;
      else if (exported) facts.exportedRouters[isDefault ? 'default' : name] = name;
    }
    const value = exported ? field(top, 'value') : undefined;
    if (value && /^(arrow_function|function_expression|function)$/.test(value.type)) defaultFunction = value;
  }
  const param = firstParam(defaultFunction);
  if (param) facts.exportedRouters.default = param;
}

/** What a file exports under which name, for mounts and route handlers read in other files. */
export const exportedRouters: JsDetector = {
  on: {},
  finish: (root, ctx) => readExports(root, ctx.facts),
};
