import type { SyntaxNode as Node } from '@boocode/source-kit';

/** Small readers of tree-sitter nodes shared by the JS/TS detectors. */
export const field = (node: Node | null | undefined, name: string): Node | undefined =>
  node?.childForFieldName(name) ?? undefined;

/** Argument nodes of a call, comments left out. */
export function argsOf(call: Node): Node[] {
  const args = field(call, 'arguments');
  if (!args) return [];
  return args.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
}

/** The value of a string literal or of a template without substitutions. */
export function stringOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') return node.text.slice(1, -1);
  if (node.type === 'template_string' && !node.namedChildren.some((c) => c?.type === 'template_substitution'))
    return node.text.slice(1, -1);
  return undefined;
}
