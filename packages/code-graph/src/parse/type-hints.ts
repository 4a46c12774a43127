import type { Node } from 'web-tree-sitter';
import { addToTypeList, type Extraction, pushCallType, pushType, type Scope } from './extraction.js';
import { kotlinReturnType } from './kotlin.js';
import { text } from './syntax.js';

/**
 * What gives a receiver its type, so `x.method()` can be resolved to a class: annotations,
 * constructions, class fields, `self.x = X()` in a method, Go composite literals, typed
 * parameters of callbacks. Each reader records `scope::name → type` facts and nothing else.
 */

/** Class fields give `this.field.method()` a receiver type. */
export function fieldType(x: Extraction, node: Node, scope: Scope): void {
  if (!scope.container) return;
  // Java's `private final OwnerRepository owners;`: the name is its declarator's.
  const fieldName = text(
    node.childForFieldName('name') ??
      node.childForFieldName('property') ??
      node.childForFieldName('declarator')?.childForFieldName('name'),
  );
  const typeNode = node.childForFieldName('type');
  const value = node.childForFieldName('value');
  const type =
    typeNode?.text ?? (value?.type === 'new_expression' ? text(value.childForFieldName('constructor')) : '');
  if (fieldName && type) pushType(x, { qualified: scope.container }, `this.${fieldName}`, type);
  // Go's embedded field (`dbbase`, `*Base`, `pkg.Base`; the grammar leaves the `*` out of the
  // type): its methods are the struct's own too.
  else if (type && x.language === 'go')
    addToTypeList(x, `${scope.container}::mixins`, [type.split('.').pop() ?? '']);
}

/** `this.x = new X()` / `self.x = X()` inside a method types `this.x` for the whole class. */
function memberAssignmentType(x: Extraction, nameNode: Node, value: Node, scope: Scope): void {
  if (!scope.thisClass) return;
  const object = text(nameNode.childForFieldName('object'));
  const field = text(nameNode.childForFieldName('attribute') ?? nameNode.childForFieldName('property'));
  const ctor =
    value.type === 'call'
      ? text(value.childForFieldName('function'))
      : value.type === 'new_expression'
        ? text(value.childForFieldName('constructor'))
        : '';
  if ((object === 'self' || object === 'this') && field && ctor)
    pushType(x, { qualified: scope.thisClass }, `this.${field}`, ctor);
}

/**
 * PHP's `$this->repository = new TagRepository()` and `$this->mailer = $mailer` (a typed parameter)
 * in a method type `$this->x` for the whole class.
 */
export function phpMemberAssignment(x: Extraction, node: Node, scope: Scope): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!scope.thisClass || left?.type !== 'member_access_expression' || !right) return;
  if (text(left.childForFieldName('object')) !== '$this') return;
  const field = text(left.childForFieldName('name'));
  const type =
    right.type === 'object_creation_expression'
      ? right.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name')?.text
      : right.type === 'variable_name'
        ? x.facts.types[`${scope.qualified ?? ''}::${right.text}`]
        : undefined;
  if (field && type) pushType(x, { qualified: scope.thisClass }, `this.${field}`, type);
}

/**
 * JavaScript database clients made by a factory call rather than `new`: Knex's `knex(config)`,
 * Drizzle's `drizzle(pool)`, postgres.js's `postgres(url)`, mysql2's `createPool`/`createConnection`.
 * A local so made (`const client = knex({…})`) is a database handle whatever its name; typed by
 * the factory's name.
 */
export const DATABASE_FACTORIES: ReadonlySet<string> = new Set([
  'knex',
  'drizzle',
  'postgres',
  'createPool',
  'createConnection',
]);

/**
 * `const x: T = …`, `const x = new T()`, Python's `x = T()`, a JavaScript database client from its
 * factory, and the member assignments above.
 */
export function assignmentType(x: Extraction, node: Node, nameNode: Node, value: Node, scope: Scope): void {
  if (nameNode.type === 'attribute' || nameNode.type === 'member_expression')
    memberAssignmentType(x, nameNode, value, scope);
  if (nameNode.type !== 'identifier') return;
  const typeNode = node.childForFieldName('type');
  if (typeNode) pushType(x, scope, nameNode.text, typeNode.text);
  else if (value.type === 'new_expression')
    pushType(x, scope, nameNode.text, text(value.childForFieldName('constructor')));
  else if (value.type === 'call_expression' && x.tracksValues) {
    const factory = /([\w$]+)$/.exec(text(value.childForFieldName('function')))?.[1];
    if (factory && DATABASE_FACTORIES.has(factory)) pushType(x, scope, nameNode.text, factory);
  } else if (value.type === 'call' && x.language === 'python') {
    const fn = text(value.childForFieldName('function'));
    // `instance = cls(**kwargs)` in a classmethod builds the class the method is on.
    pushType(x, scope, nameNode.text, fn === 'cls' && scope.thisClass ? scope.thisClass : fn);
  }
}

/**
 * Go's `x := T{…}`, `x := &T{…}`, `x := new(T)`, `x := v.(T)`, and `x := pkg.New()` (typed by what
 * `New` returns, looked up when calls are resolved).
 */
export function goLiteralType(x: Extraction, node: Node, scope: Scope): void {
  const left = node.childForFieldName('left')?.namedChild(0);
  const right = node.childForFieldName('right')?.namedChild(0);
  const literal =
    right?.type === 'composite_literal'
      ? right.childForFieldName('type')
      : right?.type === 'unary_expression'
        ? right.namedChild(0)?.childForFieldName('type')
        : right?.type === 'type_assertion_expression'
          ? right.childForFieldName('type')
          : right?.type === 'call_expression' && right.childForFieldName('function')?.text === 'new'
            ? right.childForFieldName('arguments')?.namedChild(0)
            : right?.type === 'call_expression'
              ? right.childForFieldName('function')
              : undefined;
  if (!left || !literal) return;
  // `q := s.NewQuery(id).WithSort(c)`: a method called on a call's result, typed as the chain.
  if (
    literal.type === 'selector_expression' &&
    literal.childForFieldName('operand')?.type === 'call_expression'
  )
    pushCallType(x, scope, left.text, right?.text ?? '');
  else pushType(x, scope, left.text, literal.text);
}

/** A function's declared return type (`): Mux`, `-> Mux`, Go's result), as the `Fn::return` hint. */
export function returnType(x: Extraction, node: Node, qualified: string): void {
  if (x.language === 'kotlin') {
    const declared = kotlinReturnType(node);
    if (declared) pushType(x, { qualified }, 'return', declared);
    return;
  }
  const result = node.childForFieldName('return_type') ?? node.childForFieldName('result');
  if (result) pushType(x, { qualified }, 'return', result.text.replace(/^->\s*/, ''));
  // C#'s `public static ShoppingCart GetCart(…)`; an async method's `Task<T>` gives a T when awaited.
  const returns = x.language === 'c_sharp' ? node.childForFieldName('returns') : null;
  if (returns) pushType(x, { qualified }, 'return', returns.text.replace(/^(?:Value)?Task<(.*)>$/, '$1'));
}

/**
 * C#'s locals: `Cart c = …` by its declared type; `var c = new Cart()` by what it builds, `var c =
 * Cart.GetCart(…)` (awaited or not) by what the method returns, looked up when calls are resolved;
 * `var root = (IQueryable<CatalogItem>)context.CatalogItems` by the type it is cast to.
 */
export function csharpLocalType(x: Extraction, node: Node, scope: Scope): void {
  const name = node.childForFieldName('name');
  const declared =
    node.parent?.type === 'variable_declaration' ? node.parent.childForFieldName('type') : null;
  if (!name || !declared) return;
  if (declared.type !== 'implicit_type') {
    pushType(x, scope, name.text, declared.text);
    return;
  }
  let value = node.namedChildren.at(-1);
  if (value?.type === 'await_expression') value = value.namedChild(0) ?? undefined;
  const type =
    value?.type === 'object_creation_expression' || value?.type === 'cast_expression'
      ? value.childForFieldName('type')?.text
      : value?.type === 'invocation_expression'
        ? value.childForFieldName('function')?.text
        : undefined;
  if (type) pushType(x, scope, name.text, type);
}

/**
 * Parameters of anonymous callbacks type their receivers within the callback's lines only
 * (`name@from-to`): an outer `r` and a callback's `r chi.Router` are two variables.
 */
export function callbackParamTypes(x: Extraction, node: Node, scope: Scope): void {
  const lines = `@${node.startPosition.row + 1}-${node.endPosition.row + 1}`;
  for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
    const pname = param?.childForFieldName('pattern') ?? param?.childForFieldName('name');
    const ptype = param?.childForFieldName('type');
    if (pname && ptype) pushType(x, scope, `${pname.text}${lines}`, ptype.text);
  }
}

/** Go's `var m T` (and `var a, b T`): the declared type, as a parameter's would be. */
export function goVarType(x: Extraction, node: Node, scope: Scope): void {
  const typeNode = node.childForFieldName('type');
  if (!typeNode) return;
  for (const name of node.childrenForFieldName('name'))
    if (name) pushType(x, scope, name.text, typeNode.text);
}

/**
 * Ruby's `include AccountableResource` in a class body: the module's methods are the class's too
 * (a Rails controller's actions written in a concern).
 */
export function rubyInclude(x: Extraction, node: Node, scope: Scope): void {
  if (node.childForFieldName('receiver') || node.childForFieldName('method')?.text !== 'include') return;
  const names = (node.childForFieldName('arguments')?.namedChildren ?? [])
    .filter((c) => c?.type === 'constant' || c?.type === 'scope_resolution')
    .map((c) => c?.text.split('::').pop() ?? '')
    .filter(Boolean);
  if (names.length) addToTypeList(x, `${scope.container}::mixins`, names);
}

/** PHP's `use HasFavorite, Followable;` in a class body: the traits' methods are the class's too. */
export function phpTraitUse(x: Extraction, node: Node, scope: Scope): void {
  const names = node.namedChildren
    .filter((c) => c?.type === 'name' || c?.type === 'qualified_name')
    .map((c) => c?.text.split('\\').pop() ?? '')
    .filter(Boolean);
  addToTypeList(x, `${scope.container}::mixins`, names);
}
