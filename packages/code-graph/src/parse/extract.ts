import { type LanguageId, nodeTypeTable } from '@boocode/source-kit';
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import { recordAttributeRead, recordCall } from './calls.js';
import { isMethodsSignature } from './dart.js';
import { elixirForm, recordAlias, recordElixirCall, recordUse } from './elixir.js';
import type { Extraction, Read, Scope } from './extraction.js';
import { addToTypeList, pushType } from './extraction.js';
import type { FileFacts, FunctionMetrics } from './facts.js';
import { recordImport, recordLaterExport, recordModuleExports, recordRequire } from './imports.js';
import { isKotlinInterface, kotlinPackage, kotlinProperty, kotlinReference } from './kotlin.js';
import { countNode, countOperator } from './metrics.js';
import {
  CALLS,
  DECLARATIONS,
  FUNCTION_VALUES,
  IMPORTS,
  INTERESTING,
  JS_FAMILY,
  JSX_ELEMENTS,
  NOT_A_READ,
  NOT_A_READ_IN,
  OPAQUE,
  UNNAMED_BODIES,
} from './node-types.js';
import { swiftProperty } from './swift.js';
import { declare, declareVariable } from './symbols.js';
import { nameOf, text } from './syntax.js';
import {
  assignmentType,
  callbackParamTypes,
  csharpLocalType,
  fieldType,
  goLiteralType,
  goVarType,
  phpMemberAssignment,
  phpTraitUse,
  rubyInclude,
} from './type-hints.js';

/** `x = …` / `const x = …`: a named function, a module-level value, or a typed variable. */
function handleBinding(x: Extraction, node: Node, scope: Scope): Scope {
  const nameNode = node.childForFieldName('name') ?? node.childForFieldName('left');
  const value = node.childForFieldName('value') ?? node.childForFieldName('right');
  // Python's `queries: Queries` (a stub's, a class body's) declares a type with no value; in a
  // class body it types the instances' attribute (`json: JSONProvider` → `self.json`).
  const typeNode = x.language === 'python' ? node.childForFieldName('type') : null;
  if (nameNode?.type === 'identifier' && typeNode) {
    if (scope.container && scope.qualified === null)
      pushType(x, { qualified: scope.container }, `this.${nameNode.text}`, typeNode.text);
    else if (!value) pushType(x, scope, nameNode.text, typeNode.text);
  }
  if (!nameNode || !value) return scope;
  if (x.tracksValues && node.type === 'variable_declarator') recordRequire(x, nameNode, value);
  // A function bound to a name is that name: its whole subtree lives in its scope.
  if (nameNode.type === 'identifier' && FUNCTION_VALUES.has(value.type))
    return declare(x, value, 'function', nameNode.text, scope);
  // `const login = catchAsync(async (req, res) => …)`: Express's async-handler wrappers; the name
  // is the function it wraps (its body is what a route that names it runs).
  const wrapped = x.tracksValues && nameNode.type === 'identifier' ? wrappedFunction(value) : undefined;
  if (wrapped) return declare(x, wrapped, 'function', nameNode.text, scope);
  // A module-level value (a client, a router, a schema) is a symbol a refactor needs; what its
  // initialiser calls is credited to it. Values never exported are dropped at the end.
  const inner =
    x.tracksValues && nameNode.type === 'identifier' && scope.qualified === null && !scope.container
      ? declareVariable(x, node, nameNode.text)
      : scope;
  assignmentType(x, node, nameNode, value, scope);
  // `const Articles = { get: (slug) => requests.get(…) }`: an API module's calls are its members'.
  if (inner !== scope && value.type === 'object')
    return { ...inner, container: nameNode.text, objectLiteral: true };
  return inner;
}

/**
 * A property of a module-level object literal: a function value is a member of the object (its
 * scope); any other value is walked as the object's own, a nested object's functions no members of
 * it (`Mutation: { createUser() {…} }` in a resolver map is `createUser`).
 */
function objectProperty(x: Extraction, node: Node, scope: Scope): Scope {
  const value = node.childForFieldName('value');
  const key = node.childForFieldName('key');
  if (value && FUNCTION_VALUES.has(value.type) && key && /^(property_identifier|identifier)$/.test(key.type))
    return declare(x, value, 'function', key.text, scope);
  return { ...scope, container: null, objectLiteral: false };
}

/**
 * CommonJS's `exports.getAccount = (req, res) => {…}` (or `module.exports.x = function …`, or a
 * wrapper's `catchAsync(…)`): a function of the module by that name, exported.
 */
function commonJsExport(x: Extraction, node: Node, scope: Scope): Scope | undefined {
  const name = /^(?:module\.)?exports\.([\w$]+)$/.exec(node.childForFieldName('left')?.text ?? '')?.[1];
  const value = node.childForFieldName('right');
  if (!name || !value) return undefined;
  const fn = FUNCTION_VALUES.has(value.type) ? value : wrappedFunction(value);
  if (!fn) return undefined;
  x.exportedLater.add(name);
  return declare(x, fn, 'function', name, scope);
}

/** The function a call wraps as its only argument: `asyncHandler(async (req, res) => {…})`. */
function wrappedFunction(value: Node): Node | undefined {
  if (value.type !== 'call_expression') return undefined;
  const list = value.childForFieldName('arguments');
  // Most calls bound to names are no wrapper: their arguments are only materialised for a lone one.
  if (!list || list.namedChildCount === 0) return undefined;
  const args =
    list.namedChildCount === 1
      ? [list.namedChild(0)]
      : list.namedChildren.filter((a) => a?.type !== 'comment');
  const only = args.length === 1 ? args[0] : undefined;
  return only && FUNCTION_VALUES.has(only.type) ? only : undefined;
}

/**
 * `getPost = async (req, res) => {…}` in a class body (TypeScript, JavaScript): a method of the
 * class, as callers and routes name it (`this.getPost`), its body its own scope.
 */
function classFieldMethod(x: Extraction, node: Node, scope: Scope): Scope | undefined {
  if (!x.tracksValues || !scope.container || scope.qualified !== null) return undefined;
  const name = node.childForFieldName('name') ?? node.childForFieldName('property');
  const value = node.childForFieldName('value');
  if (name?.type !== 'property_identifier' || !value || !FUNCTION_VALUES.has(value.type)) return undefined;
  return declare(x, value, 'method', name.text, scope);
}

/** A declaration node of any grammar: the scope its subtree lives in. */
function handleDeclaration(x: Extraction, node: Node, type: string, scope: Scope): Scope {
  if (type === 'function_signature' && (x.language !== 'dart' || isMethodsSignature(node))) return scope;
  const kind =
    x.language === 'kotlin' && type === 'class_declaration' && isKotlinInterface(node)
      ? 'interface'
      : DECLARATIONS[type];
  if (kind) {
    const name = nameOf(node, x.language);
    // A C++ function_definition without a name is a declarator we cannot read: not a symbol.
    return name ? declare(x, node, kind, name, scope) : scope;
  }
  if (type === 'impl_item') {
    const implemented = nameOf(node, x.language);
    if (!implemented) return scope;
    const typeName = implemented.replace(/<.*$/, '');
    // `impl Trait for Type`: Type's methods answer calls made through the trait.
    const trait = text(node.childForFieldName('trait')).replace(/<.*$/, '').split('::').pop();
    if (trait) addToTypeList(x, `${typeName}::implements`, [trait]);
    return { qualified: scope.qualified, container: typeName };
  }
  if (type === 'type_spec') {
    const name = text(node.childForFieldName('name'));
    const shape = node.childForFieldName('type')?.type;
    // An interface's methods and a struct's fields live in the type: `Store.GetBySlug`, `Handler::this.store`.
    if (name)
      return declare(
        x,
        node,
        shape === 'interface_type' ? 'interface' : shape === 'struct_type' ? 'struct' : 'type',
        name,
        scope,
      );
  }
  return scope;
}

/** Elixir's `call`: a module, a function, an alias, a special form or a call, by its target's name. */
function handleElixir(x: Extraction, node: Node, scope: Scope): Scope {
  const form = elixirForm(node);
  if (form.kind === 'module') return declare(x, node, 'module', form.name, scope);
  if (form.kind === 'function') return declare(x, node, 'function', form.name, scope);
  if (form.kind === 'alias') recordAlias(x, node);
  else if (form.kind === 'use') recordUse(x, node);
  else if (form.kind === 'call') recordElixirCall(x, node, scope);
  return scope;
}

/** Handles one interesting node; returns the scope its subtree lives in. */
function handle(x: Extraction, node: Node, type: string, scope: Scope): Scope {
  if (x.language === 'elixir') return type === 'call' ? handleElixir(x, node, scope) : scope;
  // `type` crosses into wasm on every read; the cursor already told us the type.
  if (type === 'pair' && scope.objectLiteral) return objectProperty(x, node, scope);
  let inner = handleDeclaration(x, node, type, scope);
  if (
    type === 'public_field_definition' ||
    type === 'field_definition' ||
    (type === 'field_declaration' && (x.language === 'go' || x.language === 'java')) ||
    // C#'s `public IOrderQueries Queries { get; } = queries;`: a property typed as a field is.
    (type === 'property_declaration' && x.language === 'c_sharp')
  ) {
    fieldType(x, node, scope);
    inner = classFieldMethod(x, node, scope) ?? inner;
  } else if (type === 'variable_declarator' && x.language === 'c_sharp') {
    csharpLocalType(x, node, scope);
  } else if (type === 'variable_declarator' || type === 'assignment') {
    inner = handleBinding(x, node, scope);
  } else if (type === 'short_var_declaration' && x.language === 'go') goLiteralType(x, node, scope);
  else if (type === 'var_spec' && x.language === 'go') goVarType(x, node, scope);
  else if (type === 'property_declaration' && x.language === 'kotlin') kotlinProperty(x, node, scope);
  else if (type === 'property_declaration' && x.language === 'swift') swiftProperty(x, node, scope);
  else if (type === 'package_header' && x.language === 'kotlin') kotlinPackage(x, node);
  else if ((type === 'navigation_expression' || type === 'callable_reference') && x.language === 'kotlin')
    kotlinReference(x, node, inner);
  else if (type === 'use_declaration' && x.language === 'php' && scope.container) phpTraitUse(x, node, scope);
  else if (type === 'call' && x.language === 'ruby' && scope.container) rubyInclude(x, node, scope);
  else if (type === 'assignment_expression' && x.language === 'php') phpMemberAssignment(x, node, scope);
  else if (type === 'assignment_expression' && x.tracksValues && scope.qualified === null)
    inner = commonJsExport(x, node, scope) ?? inner;
  if (
    (FUNCTION_VALUES.has(type) || (type === 'lambda_expression' && x.language === 'c_sharp')) &&
    inner === scope
  )
    callbackParamTypes(x, node, scope);
  if (CALLS.has(type) || (type === 'selector' && x.language === 'dart')) recordCall(x, node, inner);
  else if (type === 'attribute' && x.language === 'python') recordAttributeRead(x, node, inner);
  if (IMPORTS.has(type)) recordImport(x, node);
  if (type === 'export_statement' && x.tracksValues) recordLaterExport(x, node);
  if (type === 'assignment_expression' && x.tracksValues && scope.qualified === null)
    recordModuleExports(x, node);
  return inner;
}

/** JS/TS: an identifier read (not declared, called by name or imported) in the current symbol. */
function recordRead(
  x: Extraction,
  cursor: TreeCursor,
  source: string,
  type: string,
  scope: Scope,
  parentType: string,
): void {
  if (
    (type === 'identifier' || type === 'shorthand_property_identifier') &&
    !NOT_A_READ_IN.has(parentType) &&
    (!NOT_A_READ.has(cursor.currentFieldName ?? '') || JSX_ELEMENTS.has(parentType))
  ) {
    // Sliced from the source: a Node object per identifier would cost more than the rest of the walk.
    const name = source.slice(cursor.startIndex, cursor.endIndex);
    const key = `${scope.qualified ?? ''}\u0000${name}`;
    if (!x.reads.has(key))
      x.reads.set(key, { caller: scope.qualified, name, line: cursor.startPosition.row + 1 });
  }
}

/** A Python f-string (`f"{self.name}-x"`): its interpolations are code, walked as any other. */
const F_STRING = /^(?:[rRbB]?[fF]|[fF][rRbB])["']/;
const isFString = (x: Extraction, source: string, cursor: TreeCursor): boolean =>
  x.language === 'python' && F_STRING.test(source.slice(cursor.startIndex, cursor.startIndex + 3));

/**
 * Walks one syntax tree once and collects declarations, calls, imports, local type hints and,
 * on the way, the complexity of each function (nested functions count for themselves).
 */
export function extractFacts(tree: Tree, language: LanguageId, source: string): FileFacts {
  const x: Extraction = {
    facts: { language, symbols: [], calls: [], imports: [], types: {}, errorLines: [] },
    language,
    tracksValues: JS_FAMILY.has(language),
    reads: new Map(),
    exportedLater: new Set(),
  };
  const cursor = tree.walk();
  const checkMissing = tree.rootNode.hasError;
  const types = nodeTypeTable(tree.language);
  /** Walks the node under the cursor and its subtree; returns the scope it declared (or the one it was given). */
  const walk = (type: string, scope: Scope, parentType: string, bodyOf?: FunctionMetrics): Scope => {
    if (type === 'ERROR' || (checkMissing && cursor.nodeIsMissing))
      x.facts.errorLines.push(cursor.startPosition.row + 1);
    if (x.tracksValues) recordRead(x, cursor, source, type, scope, parentType);
    const childCounting = countNode(scope.counting, type, bodyOf);
    const handled =
      INTERESTING.has(type) || (scope.objectLiteral && type === 'pair')
        ? handle(x, cursor.currentNode, type, scope)
        : scope;
    const inner: Scope =
      childCounting === handled.counting && !bodyOf
        ? handled
        : { ...handled, counting: childCounting, ...(bodyOf ? { pendingBody: undefined } : {}) };
    if (
      (OPAQUE.has(type) && !(type === 'string' && isFString(x, source, cursor))) ||
      !cursor.gotoFirstChild()
    )
      return handled;
    /** Dart: a function just declared whose body is the next node, not inside its signature. */
    let bodyNext: Scope | undefined;
    do {
      const id = cursor.nodeTypeId;
      if (!types.named(id)) {
        if (childCounting) countOperator(childCounting, types.name(id));
      } else {
        const childType = types.name(id);
        if (inner.pendingBody && (cursor.currentFieldName === 'body' || UNNAMED_BODIES.has(childType)))
          walk(childType, { ...inner, counting: undefined }, type, inner.pendingBody);
        else if (bodyNext && childType === 'function_body') {
          walk(childType, { ...bodyNext, counting: undefined }, type, bodyNext.pendingBody);
          extendToBody(x, bodyNext, cursor.endPosition.row + 1);
          bodyNext = undefined;
        } else {
          const declared = walk(childType, inner, type);
          bodyNext =
            x.language === 'dart' && declared !== inner && declared.pendingBody ? declared : undefined;
        }
      }
    } while (cursor.gotoNextSibling());
    cursor.gotoParent();
    return handled;
  };
  walk(cursor.nodeType, { qualified: null, container: null }, '');
  cursor.delete();
  const { facts } = x;
  facts.errorLines = [...new Set(facts.errorLines)].sort((a, b) => a - b);
  if (x.tracksValues) keepValueFacts(facts, x.reads, x.exportedLater);
  return facts;
}

/** A declaration whose body came after it (Dart): the symbol's lines run to the body's end. */
function extendToBody(x: Extraction, declared: Scope, endLine: number): void {
  const symbol = x.facts.symbols.findLast((s) => s.name === declared.qualified);
  if (symbol && symbol.endLine < endLine) symbol.endLine = endLine;
}

/**
 * Keeps the module-level values that are exported, and turns reads of names this file binds
 * (imports, its own top-level declarations) into `reference` facts; reads of anything else
 * (locals, parameters, globals) never name a symbol of the project.
 */
function keepValueFacts(facts: FileFacts, reads: Map<string, Read>, exportedLater: Set<string>): void {
  for (const symbol of facts.symbols)
    if (!symbol.parent && exportedLater.has(symbol.name)) symbol.exported = true;
  // An object with members is kept, exported or not: its members' calls are resolved through it.
  const withMembers = new Set(facts.symbols.map((s) => s.parent));
  facts.symbols = facts.symbols.filter((s) => s.kind !== 'variable' || s.exported || withMembers.has(s.name));
  const bound = new Set<string>();
  for (const i of facts.imports) if (!i.reexport) bound.add(i.local);
  for (const s of facts.symbols) if (!s.parent) bound.add(s.name);
  for (const { caller, name, line } of reads.values()) {
    if (!bound.has(name) || name === caller) continue;
    facts.calls.push({ caller, callee: name, kind: 'reference', line });
  }
}
