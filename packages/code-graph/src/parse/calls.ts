import type { Node } from 'web-tree-sitter';
import { dartCallee } from './dart.js';
import type { Extraction, Scope } from './extraction.js';
import { kotlinCallee } from './kotlin.js';
import { swiftCallee } from './swift.js';
import { line, text } from './syntax.js';

/** `new X()` (JS/TS) and `new X()` (Java, C#): a construction of the class named. */
function constructionOf(node: Node): string | undefined {
  if (node.type !== 'new_expression' && node.type !== 'object_creation_expression') return undefined;
  const ctor = node.childForFieldName('constructor') ?? node.childForFieldName('type');
  return text(ctor).replace(/<.*$/, '').split('.').pop() ?? '';
}

/** Java/PHP name the method and object directly; Ruby calls them method and receiver. */
function namedCallOf(node: Node, x: Extraction): { name: Node | null; receiver: Node | null } | undefined {
  if (
    node.type === 'method_invocation' ||
    node.type === 'member_call_expression' ||
    node.type === 'nullsafe_member_call_expression'
  )
    return { name: node.childForFieldName('name'), receiver: node.childForFieldName('object') };
  // PHP's `Article::create()`, `parent::boot()`: the class (or parent/self/static) is the receiver.
  if (node.type === 'scoped_call_expression')
    return { name: node.childForFieldName('name'), receiver: node.childForFieldName('scope') };
  if (x.language === 'ruby' && node.type === 'call')
    return { name: node.childForFieldName('method'), receiver: node.childForFieldName('receiver') };
  return undefined;
}

/** C#'s `Set<User>`: `Set`. */
const genericName = (node: Node): string => node.text.slice(0, node.text.indexOf('<')).trim();

/** `f()`, `obj.m()`, `pkg::f()` in any grammar: the callee's member and the object it is called on. */
function calleeOf(fn: Node): { callee: string; receiver?: string } | undefined {
  if (fn.type === 'identifier' || fn.type === 'name' || fn.type === 'super') return { callee: fn.text };
  // Type arguments name no callee: Rust's turbofish (`rows.load::<Tag>(conn)`), C#'s generic
  // names (`Helper<int>()`, `db.Set<User>()`).
  if (fn.type === 'generic_function') {
    const named = fn.childForFieldName('function');
    return named ? calleeOf(named) : undefined;
  }
  if (fn.type === 'generic_name') return { callee: genericName(fn) };
  // TypeScript's grammar reads `await x.m<T>(a)` as a call of `await x.m`: the call is of `x.m`.
  if (fn.type === 'await_expression') {
    const awaited = fn.namedChild(0);
    return awaited ? calleeOf(awaited) : undefined;
  }
  const member =
    fn.childForFieldName('property') ??
    fn.childForFieldName('attribute') ??
    fn.childForFieldName('field') ??
    fn.childForFieldName('name');
  const object =
    fn.childForFieldName('object') ??
    fn.childForFieldName('operand') ??
    fn.childForFieldName('value') ??
    fn.childForFieldName('expression') ??
    fn.childForFieldName('path');
  if (member && object)
    return {
      callee: member.type === 'generic_name' ? genericName(member) : member.text,
      receiver: object.text,
    };
  if (fn.type === 'scoped_identifier' || fn.type === 'qualified_identifier') {
    const parts = fn.text.split('::');
    return { callee: parts.at(-1) ?? fn.text, receiver: parts.slice(0, -1).join('::') };
  }
  return undefined;
}

/**
 * A Python attribute read or written on a name or `self.x` (`ctx.request`, `self.app.name`,
 * `self.static_folder = f`): a `property` fact, an edge only if it names a `@property` (whose getter
 * or setter then runs). A call's function is the call's, not a read.
 */
export function recordAttributeRead(x: Extraction, node: Node, scope: Scope): void {
  // The text first: most reads are on longer chains or calls and end here, before any other
  // crossing into the parser.
  const read = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)\.([A-Za-z_]\w*)$/.exec(node.text);
  if (!read) return;
  const parent = node.parent;
  // A call's function starts where the call does.
  if (parent && parent.startIndex === node.startIndex && parent.type === 'call') return;
  x.facts.calls.push({
    caller: scope.qualified,
    callee: read[2] as string,
    receiver: read[1] as string,
    kind: 'property',
    line: line(node),
  });
}

/** Records one call node as a `call`, `method` or `new` fact of the symbol it sits in. */
export function recordCall(x: Extraction, node: Node, scope: Scope): void {
  const at = line(node);
  const caller = scope.qualified;
  const constructed = constructionOf(node);
  if (constructed !== undefined) {
    if (constructed) x.facts.calls.push({ caller, callee: constructed, kind: 'new', line: at });
    return;
  }
  const named = namedCallOf(node, x);
  if (named) {
    const name = text(named.name);
    if (name)
      x.facts.calls.push({
        caller,
        callee: name,
        ...(named.receiver ? { receiver: named.receiver.text } : {}),
        kind: named.receiver ? 'method' : 'call',
        line: at,
      });
    return;
  }
  const fn = node.childForFieldName('function');
  const found =
    x.language === 'kotlin'
      ? kotlinCallee(node)
      : x.language === 'swift'
        ? swiftCallee(node)
        : x.language === 'dart'
          ? dartCallee(node)
          : fn && calleeOf(fn);
  if (!found) return;
  x.facts.calls.push(
    found.receiver === undefined
      ? { caller, callee: found.callee, kind: 'call', line: at }
      : { caller, callee: found.callee, receiver: found.receiver, kind: 'method', line: at },
  );
}
