import type { Node } from 'web-tree-sitter';
import { type Extraction, pushType, type Scope, typeNameOf } from './extraction.js';

/**
 * Swift's grammar (tree-sitter-swift) names a parameter's name and its type, and a function's return
 * type, all `name`; a call has no `function` field. The readers here find the parts by node type,
 * as the Kotlin ones do.
 */

const TYPES = new Set(['user_type', 'optional_type', 'array_type', 'dictionary_type', 'tuple_type']);

/** `(_ req: Request, id: Int)`: each parameter's own name (not its label) and declared type. */
export function swiftParameters(node: Node): [name: string, type: string][] {
  const out: [string, string][] = [];
  for (const param of node.namedChildren) {
    if (param?.type !== 'parameter') continue;
    const names = param.namedChildren.filter((c): c is Node => c?.type === 'simple_identifier');
    const type = param.namedChildren.find((c): c is Node => c !== null && TYPES.has(c.type));
    const name = names.at(-1);
    if (name && type) out.push([name.text, typeNameOf(type)]);
  }
  return out;
}

export const swiftParameterCount = (node: Node): number =>
  node.namedChildren.filter((c) => c?.type === 'parameter').length;

/** `: Base, Proto`: every type a class, struct or extension inherits from or conforms to. */
export const swiftInherits = (node: Node): string[] =>
  node.namedChildren
    .filter((c): c is Node => c?.type === 'inheritance_specifier')
    .map((c) => typeNameOf(c))
    .filter(Boolean);

/** `init(…)` has no name of its own. */
export const swiftName = (node: Node): string | undefined =>
  node.type === 'init_declaration' ? 'init' : node.childForFieldName('name')?.text.replace(/<.*$/s, '');

/** `f(x)`, `repo.find(x)`, `self.repo.save(u)`, `Article.query(on: db)`, `Foo(x)` (a construction). */
export function swiftCallee(node: Node): { callee: string; receiver?: string } | undefined {
  const fn = node.namedChild(0);
  if (fn?.type === 'simple_identifier') return { callee: fn.text };
  if (fn?.type !== 'navigation_expression') return undefined;
  const member = fn.childForFieldName('suffix')?.childForFieldName('suffix');
  const target = fn.childForFieldName('target');
  if (member?.type !== 'simple_identifier' || !target) return undefined;
  // `try await repo.all()`: the receiver is what is awaited, not the keywords.
  const receiver = target.text.replace(/^(?:(?:try[?!]?|await)\s+)+/, '');
  return { callee: member.text, receiver };
}

/**
 * `let repo: Repo`, `var cache = Cache()`: a type's stored property types `this.repo`; a function's
 * local types the name in that function (a call's callee stands for its result).
 */
export function swiftProperty(x: Extraction, node: Node, scope: Scope): void {
  const name = node.childForFieldName('name')?.descendantsOfType('simple_identifier')[0]?.text;
  if (!name) return;
  const annotation = node.namedChildren.find((c) => c?.type === 'type_annotation');
  const declared = annotation?.namedChildren.find((c): c is Node => c !== null && TYPES.has(c.type));
  let value = node.childForFieldName('value');
  while (value && (value.type === 'try_expression' || value.type === 'await_expression'))
    value = value.childForFieldName('expr');
  const callee = value?.type === 'call_expression' ? value.namedChild(0) : null;
  const type = declared
    ? typeNameOf(declared)
    : callee?.type === 'simple_identifier' && /^[A-Z]/.test(callee.text)
      ? callee.text
      : undefined;
  if (!type) return;
  if (scope.container && scope.qualified === null)
    pushType(x, { qualified: scope.container }, `this.${name}`, type);
  else pushType(x, scope, name, type);
}

/** Internal unless it says otherwise, and internal is the module's: only `private`/`fileprivate` hide. */
export function isSwiftExported(node: Node): boolean {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers');
  return !modifiers?.namedChildren.some(
    (m) => m?.type === 'visibility_modifier' && /^(private|fileprivate)\b/.test(m.text),
  );
}
