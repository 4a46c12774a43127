import type { Node } from 'web-tree-sitter';

/**
 * Dart's grammar (tree-sitter-dart) has no call node: a call is a chain, a primary then selectors,
 * the one that calls holding `argument_part` (`repo.all(x)`: identifier `repo`, selector `.all`,
 * selector `(x)`). A method's or a top-level function's body is the node after its signature, not
 * inside it (the extractor walks it in the signature's scope). The readers here find the parts.
 */

/** What a `method_signature` wraps; a method written without a return type parses as a constructor's. */
const SIGNATURES = new Set([
  'function_signature',
  'constructor_signature',
  'getter_signature',
  'setter_signature',
  'operator_signature',
]);
const MEMBER_ACCESS = new Set(['unconditional_assignable_selector', 'conditional_assignable_selector']);

/** A method's name is its signature's (`method_signature` wraps a function, getter, setter or constructor signature). */
export function dartName(node: Node): string | undefined {
  const signature =
    node.type === 'method_signature'
      ? node.namedChildren.find((c) => c !== null && SIGNATURES.has(c.type))
      : node;
  return signature?.childForFieldName('name')?.text;
}

/** A `function_signature` inside a `method_signature` is the method's own: declared once, as the method. */
export const isMethodsSignature = (node: Node): boolean => node.parent?.type === 'method_signature';

/** `f(x)`, `repo.all(x)`, `this.save(u)`, `a?.b(c)`, `Router()` (a construction): a calling selector's callee. */
export function dartCallee(selector: Node): { callee: string; receiver?: string } | undefined {
  if (selector.firstNamedChild?.type !== 'argument_part') return undefined;
  const before = selector.previousNamedSibling;
  if (before?.type === 'identifier') return { callee: before.text };
  const access = before?.type === 'selector' ? before.firstNamedChild : null;
  const member = access && MEMBER_ACCESS.has(access.type) ? access.firstNamedChild : null;
  if (member?.type !== 'identifier' || !before) return undefined;
  // The receiver: the chain back to its primary (`this`, a name, a call's result).
  const parts: string[] = [];
  let at = before.previousNamedSibling;
  while (at?.type === 'selector') {
    parts.unshift(at.text);
    at = at.previousNamedSibling;
  }
  if (!at) return undefined;
  return { callee: member.text, receiver: `${at.text}${parts.join('')}` };
}
