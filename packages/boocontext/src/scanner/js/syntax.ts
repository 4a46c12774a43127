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

/** Past this many paths from one template (loops over loops), the route keeps one with `{unknown}`. */
const MAX_PATHS = 16;

/** The strings a loop variable takes: `for (const op of ['enable', 'disable'])` around `node`. */
function loopValues(identifier: Node): string[] | undefined {
  for (let up = identifier.parent; up; up = up.parent) {
    if (up.type !== 'for_in_statement' || field(up, 'left')?.text !== identifier.text) continue;
    let list = field(up, 'right');
    while (
      list &&
      (list.type === 'as_expression' ||
        list.type === 'satisfies_expression' ||
        list.type === 'parenthesized_expression')
    )
      list = list.namedChild(0) ?? undefined;
    if (list?.type !== 'array') return undefined;
    const values = list.namedChildren.map((e) => stringOf(e ?? undefined));
    return values.every((v): v is string => v !== undefined) ? values : undefined;
  }
  return undefined;
}

/**
 * The paths a route's argument spells: a string, or a template whose substitutions are a loop's
 * variable over literal strings (one path each); any other substitution is `{unknown}` — the
 * route is served, its path is not known statically.
 */
export function pathsOf(node: Node | undefined): string[] | undefined {
  const plain = stringOf(node);
  if (plain !== undefined) return [plain];
  if (node?.type !== 'template_string') return undefined;
  let paths = [''];
  for (const part of node.children) {
    if (!part || part.type === '`') continue;
    const expression = part.type === 'template_substitution' ? part.namedChild(0) : undefined;
    const values =
      part.type !== 'template_substitution'
        ? [part.text]
        : ((expression?.type === 'identifier' ? loopValues(expression) : undefined) ?? ['{unknown}']);
    paths = paths.flatMap((p) => values.map((v) => p + v));
  }
  return paths.length <= MAX_PATHS ? paths : [node.text.slice(1, -1).replace(/\$\{[^}]*\}/g, '{unknown}')];
}

/** The value of a string literal or of a template without substitutions. */
export function stringOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') return node.text.slice(1, -1);
  if (node.type === 'template_string' && !node.namedChildren.some((c) => c?.type === 'template_substitution'))
    return node.text.slice(1, -1);
  return undefined;
}
