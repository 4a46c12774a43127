import type { Node } from 'web-tree-sitter';
import { type Extraction, pushType, type Scope, typeNameOf } from './extraction.js';
import type { ImportFact } from './facts.js';

/**
 * Kotlin's grammar names few fields (no `parameters`, `body`, `function` or `type`): its parts are
 * found by node type. Each reader here gives the extractor what another grammar's fields give it.
 */

const TYPES = new Set(['user_type', 'nullable_type', 'function_type', 'parenthesized_type']);

const childOfType = (node: Node, types: Set<string> | string): Node | undefined =>
  node.namedChildren.find(
    (c): c is Node => c !== null && (typeof types === 'string' ? c.type === types : types.has(c.type)),
  );

/** `interface Api { … }` is a class_declaration whose keyword says so. */
export const isKotlinInterface = (node: Node): boolean => node.children.some((c) => c?.type === 'interface');

/**
 * `: Base(), Api, Other<X>`: the one supertype constructed is the superclass; the others are
 * interfaces (`Api by delegate` too).
 */
export function kotlinHeritage(node: Node): { superclass?: string; interfaces: string[] } {
  const interfaces: string[] = [];
  let superclass: string | undefined;
  for (const spec of childOfType(node, 'delegation_specifiers')?.namedChildren ?? []) {
    const inner = spec?.namedChild(0);
    if (!inner) continue;
    if (inner.type === 'constructor_invocation') {
      const type = inner.namedChild(0);
      if (type) superclass = typeNameOf(type);
    } else if (inner.type === 'user_type') interfaces.push(typeNameOf(inner));
    else if (inner.type === 'explicit_delegation') {
      const type = childOfType(inner, TYPES);
      if (type) interfaces.push(typeNameOf(type));
    }
  }
  return { ...(superclass ? { superclass } : {}), interfaces: interfaces.filter(Boolean) };
}

/** A parameter list's names and declared types: `(id: Long, repo: Repo?)`. */
export function kotlinParameters(node: Node): [name: string, type: string][] {
  const list = childOfType(node, 'function_value_parameters');
  const out: [string, string][] = [];
  for (const param of list?.namedChildren ?? []) {
    if (param?.type !== 'parameter') continue;
    const name = childOfType(param, 'identifier');
    const type = childOfType(param, TYPES);
    if (name && type) out.push([name.text, typeNameOf(type)]);
  }
  return out;
}

export const kotlinParameterCount = (node: Node): number =>
  childOfType(node, 'function_value_parameters')?.namedChildren.filter((c) => c?.type === 'parameter')
    .length ?? 0;

/** A function's declared return type: the type written after its parameters. */
export function kotlinReturnType(node: Node): string | undefined {
  let afterParameters = false;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'function_value_parameters') afterParameters = true;
    else if (afterParameters && TYPES.has(child.type)) return typeNameOf(child);
  }
  return undefined;
}

/**
 * A primary constructor's parameters (`class Svc(private val repo: Repo)`): the class's properties
 * when `val`/`var`, in scope of its initialisers otherwise; either way `this.repo` has that type,
 * which is how constructor-injected services are reached.
 */
export function kotlinClassParameters(x: Extraction, node: Node, className: string): void {
  const list = childOfType(node, 'primary_constructor')?.namedChildren.find(
    (c) => c?.type === 'class_parameters',
  );
  for (const param of list?.namedChildren ?? []) {
    if (param?.type !== 'class_parameter') continue;
    const name = childOfType(param, 'identifier');
    const type = childOfType(param, TYPES);
    if (name && type) pushType(x, { qualified: className }, `this.${name.text}`, typeNameOf(type));
  }
}

/**
 * `val repo: Repo = …`, `val cache = Cache()`: a class body's property types `this.repo`; a
 * function's local types the name in that function. A call's callee stands for its result (a
 * class constructed, or a function whose declared return type is looked up later).
 */
/**
 * The type a delegated property holds: a dependency injector's type argument (Koin's
 * `by inject<UserRepository>()`, `by viewModel<…>()`) or what a `lazy` block builds
 * (`by lazy { UserRepository(db) }`).
 */
function delegatedType(delegate: string): string | undefined {
  const injected = /^by\s+\w+\s*<\s*([A-Z][\w.]*)\s*>/.exec(delegate)?.[1];
  return injected ?? /^by\s+lazy\s*(?:\([^)]*\))?\s*\{\s*([A-Z]\w*)\s*\(/.exec(delegate)?.[1];
}

export function kotlinProperty(x: Extraction, node: Node, scope: Scope): void {
  const declaration = childOfType(node, 'variable_declaration');
  const name = declaration && childOfType(declaration, 'identifier');
  if (!declaration || !name) return;
  const declared = childOfType(declaration, TYPES);
  const value = declaration.nextNamedSibling;
  const callee = value?.type === 'call_expression' ? value.namedChild(0) : null;
  const type = declared
    ? typeNameOf(declared)
    : callee?.type === 'identifier'
      ? callee.text
      : value?.type === 'property_delegate'
        ? delegatedType(value.text)
        : undefined;
  if (!type) return;
  if (scope.container && scope.qualified === null)
    pushType(x, { qualified: scope.container }, `this.${name.text}`, type);
  else pushType(x, scope, name.text, type);
}

/** `f(x)`, `repo.find(x)`, `repo?.find(x)`, `this.repo.save(u)`, `Foo(x)` (a construction, as in Python). */
export function kotlinCallee(node: Node): { callee: string; receiver?: string } | undefined {
  const fn = node.namedChild(0);
  if (fn?.type === 'identifier') return { callee: fn.text };
  if (fn?.type !== 'navigation_expression') return undefined;
  const member = fn.namedChild(fn.namedChildCount - 1);
  const object = fn.namedChild(0);
  if (member?.type !== 'identifier' || !object || object.id === member.id) return undefined;
  return { callee: member.text, receiver: object.text };
}

/**
 * `userRepository::save`, `::UserWrapper` handed to `let`/`map`: the function referenced runs, so
 * it is recorded as the call it becomes (a construction for a class).
 */
export function kotlinReference(x: Extraction, node: Node, scope: Scope): void {
  const at = node.startPosition.row + 1;
  if (node.type === 'callable_reference') {
    const name = node.namedChild(node.namedChildCount - 1);
    if (node.namedChildCount === 1 && name?.type === 'identifier')
      x.facts.calls.push({ caller: scope.qualified, callee: name.text, kind: 'call', line: at });
    return;
  }
  // A navigation_expression `a::b` (`a.b` is one too): its operator is the second child.
  if (node.child(1)?.type !== '::') return;
  const receiver = node.namedChild(0);
  const member = node.namedChild(1);
  if (
    member?.type !== 'identifier' ||
    (receiver?.type !== 'identifier' && receiver?.type !== 'this_expression')
  )
    return;
  x.facts.calls.push({
    caller: scope.qualified,
    callee: member.text,
    receiver: receiver.text,
    kind: 'method',
    line: at,
  });
}

/** `import a.b.UserService` and `import a.b.UserService as Users`; `import a.b.*` binds no name. */
export function kotlinImport(node: Node, push: (fact: ImportFact) => void): void {
  const qualified = childOfType(node, 'qualified_identifier');
  if (!qualified || node.text.trimEnd().endsWith('*')) return;
  const imported = qualified.text.split('.').pop() ?? '';
  const alias = qualified.nextNamedSibling?.type === 'identifier' ? qualified.nextNamedSibling.text : '';
  if (imported) push({ local: alias || imported, imported, source: qualified.text, reexport: false });
}

/** `package a.b`: the file's package, which Kotlin's imports and unqualified names go by (not its folder). */
export function kotlinPackage(x: Extraction, node: Node): void {
  const name = childOfType(node, 'qualified_identifier') ?? childOfType(node, 'identifier');
  if (name) x.facts.types['::package'] = name.text;
}

/** Public unless it says otherwise. */
export function isKotlinExported(node: Node): boolean {
  const modifiers = childOfType(node, 'modifiers');
  return !modifiers?.namedChildren.some(
    (m) => m?.type === 'visibility_modifier' && /^(private|internal|protected)$/.test(m.text),
  );
}
