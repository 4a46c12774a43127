import type { SyntaxNode as Node } from '@boocode/source-kit';

/** Small readers of tree-sitter nodes shared by the Python, Go, Java and Ruby readers. */
export const HTTP = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A string literal's value, quotes and Python prefixes (`r`, `b`, `f`…) removed. */
export const unquote = (node: Node | null | undefined): string | undefined => {
  if (!node) return undefined;
  if (!/string/.test(node.type)) return undefined;
  return node.text.replace(/^[rbuf]*("""|'''|"|'|`)/i, '').replace(/("""|'''|"|'|`)$/, '');
};

export const line = (node: Node) => node.startPosition.row + 1;

/** Pre-order walk over named nodes; `visit` returning `false` skips a node's children. */
export function walk(node: Node, visit: (n: Node) => boolean | undefined): void {
  if (visit(node) === false) return;
  for (const child of node.namedChildren) if (child) walk(child, visit);
}
