import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type JsContext, type JsDetector, lineOf } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

const addImport = (ctx: JsContext, spec: string, node: Node) =>
  ctx.facts.imports.push({ spec, line: lineOf(node) });

function readImport(node: Node, ctx: JsContext): void {
  const { bindings } = ctx.facts;
  const spec = stringOf(field(node, 'source'));
  for (const part of node.namedChildren) {
    if (part?.type === 'import_require_clause') {
      // TypeScript's `import x = require('y')`.
      const required = stringOf(field(part, 'source'));
      const name = part.namedChild(0);
      if (required !== undefined) {
        addImport(ctx, required, node);
        if (name?.type === 'identifier') bindings[name.text] = { spec: required, name: 'default' };
      }
    }
    if (part?.type !== 'import_clause' || spec === undefined) continue;
    for (const binding of part.namedChildren) {
      if (binding?.type === 'identifier') bindings[binding.text] = { spec, name: 'default' };
      else if (binding?.type === 'namespace_import') {
        const name = binding.namedChild(0);
        if (name) bindings[name.text] = { spec, name: '*' };
      } else if (binding?.type === 'named_imports') {
        for (const el of binding.namedChildren) {
          if (el?.type !== 'import_specifier') continue;
          const imported = field(el, 'name');
          const local = field(el, 'alias') ?? imported;
          if (imported && local) bindings[local.text] = { spec, name: imported.text };
        }
      }
    }
  }
  if (spec !== undefined) addImport(ctx, spec, node);
}

/** Import specifiers and the names they bind: `import`, `export … from`, `import()`, `require()`. */
export const imports: JsDetector = {
  on: {
    import_statement: readImport,
    export_statement(node, ctx) {
      const source = stringOf(field(node, 'source'));
      if (source === undefined) return;
      addImport(ctx, source, node);
      // `export { default } from './users'` (a folder's index.ts), `export { users as default } from …`:
      // the name this module exports is bound to the other module's, as an import would bind it.
      const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
      for (const spec of clause?.namedChildren ?? []) {
        const name = spec?.type === 'export_specifier' ? field(spec, 'name')?.text : undefined;
        if (name)
          ctx.facts.bindings[field(spec ?? undefined, 'alias')?.text ?? name] = { spec: source, name };
      }
    },
    call_expression(node, ctx) {
      const callee = field(node, 'function');
      if (callee?.type === 'import' || (callee?.type === 'identifier' && callee.text === 'require')) {
        const spec = stringOf(argsOf(node)[0]);
        if (spec !== undefined) addImport(ctx, spec, node);
      }
    },
    variable_declarator(node, ctx) {
      // `const users = require('./users')` binds a name the way an import does.
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (name?.type !== 'identifier' || init?.type !== 'call_expression') return;
      if (field(init, 'function')?.text !== 'require') return;
      const required = stringOf(argsOf(init)[0]);
      if (required) ctx.facts.bindings[name.text] = { spec: required, name: 'default' };
    },
  },
};
