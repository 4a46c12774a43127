import type { SyntaxNode as Node } from '@boocode/source-kit';
import { isPascal } from '../types.js';
import { declarationLine, type JsDetector, lineOf } from './context.js';
import { field } from './syntax.js';

const JSX = ['jsx_element', 'jsx_self_closing_element'];
const containsJsx = (node: Node) => node.descendantsOfType(JSX).length > 0;

/** React components: PascalCase functions and constants whose body holds JSX. */
export const components: JsDetector = {
  on: {
    variable_declarator(node, ctx) {
      const name = field(node, 'name');
      const init = field(node, 'value');
      if (
        ctx.withComponents &&
        name?.type === 'identifier' &&
        init &&
        isPascal(name.text) &&
        /^(lexical|variable)_declaration$/.test(node.parent?.type ?? '') &&
        containsJsx(init)
      )
        ctx.facts.components.push({ name: name.text, framework: 'react', line: lineOf(node) });
    },
    function_declaration(node, ctx) {
      const name = field(node, 'name')?.text;
      if (ctx.withComponents && name && isPascal(name) && containsJsx(node))
        ctx.facts.components.push({
          name,
          framework: 'react',
          line: declarationLine(node),
        });
    },
  },
};
