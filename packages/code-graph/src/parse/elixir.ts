import type { Node } from 'web-tree-sitter';
import type { Extraction, Scope } from './extraction.js';
import { line } from './syntax.js';

/**
 * Elixir's grammar reads every form as a `call`: `defmodule A do … end`, `def f(x) do … end`,
 * `alias A.{B, C}`, `Repo.all(q)` and `f(x)` alike. What a call is comes from its target's name.
 */

const MODULES = new Set(['defmodule', 'defprotocol', 'defimpl']);
const FUNCTIONS = new Set(['def', 'defp', 'defmacro', 'defmacrop', 'defdelegate', 'defguard', 'defguardp']);
/** Special forms and the macros every module uses: read through, never calls of the project. */
const FORMS = new Set([
  'import',
  'require',
  'if',
  'unless',
  'case',
  'cond',
  'with',
  'for',
  'fn',
  'try',
  'receive',
  'quote',
  'unquote',
  'raise',
  'reraise',
  'throw',
  'super',
  'defstruct',
  'defexception',
  'defoverridable',
  '__MODULE__',
]);

export type ElixirForm =
  | { kind: 'module'; name: string }
  | { kind: 'function'; name: string }
  | { kind: 'alias' }
  | { kind: 'use' }
  | { kind: 'form' }
  | { kind: 'call' };

const targetName = (node: Node): string | undefined => {
  const target = node.childForFieldName('target');
  return target?.type === 'identifier' ? target.text : undefined;
};

const argumentsOf = (node: Node): Node | undefined =>
  node.namedChildren.find((c): c is Node => c?.type === 'arguments');

/** `f(x)`, `f(x) when g(x)`, `f` (no parentheses): the name a `def` head declares. */
function headName(head: Node | null | undefined): string | undefined {
  if (!head) return undefined;
  if (head.type === 'identifier') return head.text;
  if (head.type === 'call') return targetName(head);
  if (head.type === 'binary_operator') return headName(head.childForFieldName('left'));
  return undefined;
}

/** What a `call` node is: a declaration, an alias, a special form, or a call. */
export function elixirForm(node: Node): ElixirForm {
  const name = targetName(node);
  if (!name) return { kind: 'call' };
  if (MODULES.has(name)) {
    const module = argumentsOf(node)?.namedChild(0);
    return module?.type === 'alias' ? { kind: 'module', name: module.text } : { kind: 'form' };
  }
  if (FUNCTIONS.has(name)) {
    const declared = headName(argumentsOf(node)?.namedChild(0));
    return declared ? { kind: 'function', name: declared } : { kind: 'form' };
  }
  if (name === 'alias') return { kind: 'alias' };
  if (name === 'use') return { kind: 'use' };
  return FORMS.has(name) ? { kind: 'form' } : { kind: 'call' };
}

/**
 * `alias A.B.C`, `alias A.B.C, as: D`, `alias A.{B, C}`: each name bound to the module it stands
 * for, as an import (`source` the module's full name).
 */
export function recordAlias(x: Extraction, node: Node): void {
  const args = argumentsOf(node);
  const first = args?.namedChild(0);
  if (!first) return;
  const as = args?.namedChildren
    .find((c) => c?.type === 'keywords')
    ?.namedChildren.find((p) => p?.childForFieldName('key')?.text.trim() === 'as:')
    ?.childForFieldName('value')?.text;
  const bind = (full: string, local?: string) => {
    const short = local ?? full.split('.').pop() ?? full;
    x.facts.imports.push({ local: short, imported: short, source: full, reexport: false });
  };
  if (first.type === 'alias') bind(first.text, as);
  else if (first.type === 'dot' && first.childForFieldName('right')?.type === 'tuple') {
    const base = first.childForFieldName('left')?.text ?? '';
    for (const part of first.childForFieldName('right')?.namedChildren ?? [])
      if (part?.type === 'alias') bind(`${base}.${part.text}`);
  }
}

/**
 * `use HexpmWeb, :controller`: a module whose `__using__` writes aliases into this one, kept as the
 * file's `::uses` list (module names have dots: not a type list).
 */
export function recordUse(x: Extraction, node: Node): void {
  const used = argumentsOf(node)?.namedChild(0);
  if (used?.type !== 'alias') return;
  const known = x.facts.types['::uses']?.split(',') ?? [];
  if (!known.includes(used.text)) x.facts.types['::uses'] = [...known, used.text].join(',');
}

/** A `def`'s head (`index(conn, params)`) or its guard (`when is_map(x)`), or a module attribute (`@limit 20`). */
function isHeadOrAttribute(node: Node): boolean {
  let up = node.parent;
  if (up?.type === 'unary_operator') return true;
  if (up?.type === 'binary_operator') up = up.parent;
  const def = up?.type === 'arguments' ? up.parent : null;
  const name = def?.type === 'call' ? targetName(def) : undefined;
  return name !== undefined && FUNCTIONS.has(name);
}

/**
 * `f(x)`, `Repo.all(q)`, `RealWorld.Blog.get!(s)`, `mod.f(x)`. A dot without arguments on a
 * variable (`user.id`) reads a field: no call.
 */
export function recordElixirCall(x: Extraction, node: Node, scope: Scope): void {
  const target = node.childForFieldName('target');
  const at = line(node);
  if (target?.type === 'identifier') {
    if (isHeadOrAttribute(node)) return;
    x.facts.calls.push({ caller: scope.qualified, callee: target.text, kind: 'call', line: at });
    return;
  }
  if (target?.type !== 'dot') return;
  const left = target.childForFieldName('left');
  const right = target.childForFieldName('right');
  if (!left || right?.type !== 'identifier') return;
  if (left.type !== 'alias' && !argumentsOf(node)) return;
  x.facts.calls.push({
    caller: scope.qualified,
    callee: right.text,
    receiver: left.text,
    kind: 'method',
    line: at,
  });
}
