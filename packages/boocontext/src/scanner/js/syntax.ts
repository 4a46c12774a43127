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
 * What an expression inside a path stands for: a loop variable's strings; a name as `{=NAME}` and
 * `process.env.NAME` as `{=NAME}`, which the route table reads from the project's constants and
 * dotenv defaults (or says `{unknown}`); anything else `{unknown}`.
 */
function partValues(expression: Node | undefined): string[] {
  const literal = stringOf(expression) ?? classFieldString(expression);
  if (literal !== undefined) return [literal];
  if (expression?.type === 'identifier') return loopValues(expression) ?? [`{=${expression.text}}`];
  const env = expression?.type === 'member_expression' ? /^process\.env\.(\w+)$/.exec(expression.text) : null;
  return [env ? `{=${env[1]}}` : '{unknown}'];
}

/** The class (declaration or expression) a node is written in. */
export function enclosingClass(node: Node): Node | undefined {
  for (let up = node.parent; up; up = up.parent)
    if (up.type === 'class_declaration' || up.type === 'class') return up;
  return undefined;
}

/**
 * `this.path` where the class around declares `path = '/posts'` (a field with a string value): the
 * controller classes Express apps written in TypeScript keep their base path in.
 */
function classFieldString(node: Node | undefined): string | undefined {
  if (node?.type !== 'member_expression' || field(node, 'object')?.type !== 'this') return undefined;
  const name = field(node, 'property')?.text;
  for (const member of field(enclosingClass(node), 'body')?.namedChildren ?? [])
    if (
      (member?.type === 'public_field_definition' || member?.type === 'field_definition') &&
      (field(member, 'name') ?? field(member, 'property'))?.text === name
    )
      return stringOf(field(member, 'value'));
  return undefined;
}

/** The operands of `a + b + c`, left to right. */
function concatenated(node: Node): Node[] {
  if (node.type !== 'binary_expression' || field(node, 'operator')?.text !== '+') return [node];
  const left = field(node, 'left');
  const right = field(node, 'right');
  return left && right ? [...concatenated(left), ...concatenated(right)] : [node];
}

/**
 * `prefix` + `articles`: an expression part and the literal after it are two segments (a prefix
 * variable says `/api` or `/api/`; the route writes `articles` or `/articles`).
 */
const joinPart = (path: string, part: string) =>
  path.endsWith('}') && part !== '' && !/^[/?#{]/.test(part) ? `${path}/${part}` : path + part;

/**
 * The paths a route's argument spells: a string; a template or a `+` concatenation whose
 * expressions are a loop's variable over literal strings (one path each), a constant or an
 * environment variable (`{=NAME}`); any other expression is `{unknown}` — the route is served,
 * its path is not known statically. A concatenation with no literal part is no path.
 */
export function pathsOf(node: Node | undefined): string[] | undefined {
  const plain = stringOf(node) ?? classFieldString(node);
  if (plain !== undefined) return [plain];
  if (!node) return undefined;
  let parts: string[][];
  if (node.type === 'template_string')
    parts = node.children.flatMap((part) =>
      !part || part.type === '`'
        ? []
        : part.type === 'template_substitution'
          ? [partValues(part.namedChild(0) ?? undefined)]
          : [[part.text]],
    );
  else if (node.type === 'binary_expression') {
    const operands = concatenated(node);
    if (!operands.some((o) => o.type === 'string' || o.type === 'template_string')) return undefined;
    parts = operands.map((o) => pathsOf(o) ?? partValues(o));
  } else return undefined;
  let paths = [''];
  for (const values of parts) {
    paths = paths.flatMap((p) => values.map((v) => joinPart(p, v)));
    if (paths.length > MAX_PATHS)
      return [
        parts
          .map((values) => (values.length === 1 ? (values[0] as string) : '{unknown}'))
          .reduce(joinPart, ''),
      ];
  }
  return paths;
}

/** First parameter's name of a function, when it is a plain identifier (typed or not). */
export function firstParam(fn: Node | undefined): string | undefined {
  const single = field(fn, 'parameter');
  if (single?.type === 'identifier') return single.text;
  const first = field(fn, 'parameters')?.namedChildren.find((c) => c && c.type !== 'comment');
  const name = first && (first.type === 'identifier' ? first : field(first, 'pattern'));
  return name?.type === 'identifier' ? name.text : undefined;
}

/** A top-level `const name = …`'s value in the file `node` is in (exported or not). */
export function declaredValue(node: Node, name: string): Node | undefined {
  let program: Node | null = node;
  while (program?.parent) program = program.parent;
  for (const top of program?.namedChildren ?? []) {
    const declaration = top?.type === 'export_statement' ? field(top, 'declaration') : top;
    if (!declaration || !/^(lexical|variable)_declaration$/.test(declaration.type)) continue;
    for (const decl of declaration.namedChildren)
      if (decl?.type === 'variable_declarator' && field(decl, 'name')?.text === name)
        return field(decl, 'value');
  }
  return undefined;
}

/** The value of a string literal or of a template without substitutions. */
export function stringOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') return node.text.slice(1, -1);
  if (node.type === 'template_string' && !node.namedChildren.some((c) => c?.type === 'template_substitution'))
    return node.text.slice(1, -1);
  return undefined;
}
