import type { LanguageId } from '@boocode/source-kit';
import type { Node } from 'web-tree-sitter';
import { addToTypeList, type Extraction, pushType, type Scope } from './extraction.js';
import type { FunctionMetrics, SymbolKind } from './facts.js';
import { kotlinClassParameters, kotlinHeritage, kotlinParameters } from './kotlin.js';
import { CONTAINERS } from './node-types.js';
import { swiftInherits, swiftParameters } from './swift.js';
import {
  bodyHash,
  countParams,
  docOf,
  interfacesOf,
  isExported,
  line,
  pythonBases,
  signatureOf,
  superclassOf,
} from './syntax.js';
import { returnType } from './type-hints.js';

/** A constructor parameter that declares a field: an accessibility or `readonly` modifier first. */
const PARAMETER_PROPERTY = /^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|private|protected|readonly)\s/;

/** A Go method's receiver type qualifies it (`Repo.Find`), and its receiver name has that type. */
function goReceiver(
  x: Extraction,
  node: Node,
  name: string,
): { qualified: string; parent: string } | undefined {
  const receiver = node.childForFieldName('receiver');
  const type = receiver?.descendantsOfType('type_identifier')[0]?.text;
  if (!type) return undefined;
  const qualified = `${type}.${name}`;
  const receiverName = receiver?.descendantsOfType('identifier')[0]?.text;
  if (receiverName) x.facts.types[`${qualified}::${receiverName}`] = type;
  return { qualified, parent: type };
}

/** A Python getter: `@property`, `@cached_property`, `@functools.cached_property` on the definition. */
function isPythonProperty(node: Node): boolean {
  const decorated = node.parent?.type === 'decorated_definition' ? node.parent : undefined;
  return (decorated?.namedChildren ?? []).some(
    (d) => d?.type === 'decorator' && /^@(\w+\.)?(property|cached_property)\s*$/.test(d.text),
  );
}

/** Metrics start at their floor; the walk fills them in as it goes through the body (one pass, not two). */
const freshMetrics = (node: Node, language: LanguageId): FunctionMetrics => ({
  cyclomatic: 1,
  cognitive: 0,
  length: node.endPosition.row - node.startPosition.row + 1,
  nesting: 0,
  params: countParams(node, language),
});

/** The scope a function's body is walked in, with its typed parameters recorded. */
function functionScope(
  x: Extraction,
  node: Node,
  kind: SymbolKind,
  qualified: string,
  scope: Scope,
  metrics: FunctionMetrics,
): Scope {
  if (x.language === 'kotlin')
    for (const [name, type] of kotlinParameters(node)) pushType(x, { qualified }, name, type);
  if (x.language === 'swift')
    for (const [name, type] of swiftParameters(node)) pushType(x, { qualified }, name, type);
  // Go's named results are variables of the body too: `(userOut *User, err error)`.
  const results = x.language === 'go' ? node.childForFieldName('result') : null;
  const params = [
    ...(node.childForFieldName('parameters')?.namedChildren ?? []),
    ...(results?.type === 'parameter_list' ? results.namedChildren : []),
  ];
  for (const param of params) {
    if (!param) continue;
    const pname =
      param.childForFieldName('pattern') ?? param.childForFieldName('name') ?? param.namedChild(0);
    const ptype = param.childForFieldName('type');
    if (pname && ptype) pushType(x, { qualified }, pname.text, ptype.text);
    // TypeScript's parameter properties (`constructor(private readonly service: AuthService)`)
    // are the class's fields too: `this.service.login()` is AuthService's.
    if (
      pname &&
      ptype &&
      scope.container &&
      (x.language === 'typescript' || x.language === 'tsx') &&
      PARAMETER_PROPERTY.test(param.text)
    )
      pushType(x, { qualified: scope.container }, `this.${pname.text}`, ptype.text);
    // PHP 8's promoted constructor parameters (`private readonly FavoriteService $service`) too.
    else if (pname && ptype && scope.container && param.type === 'property_promotion_parameter')
      pushType(
        x,
        { qualified: scope.container },
        `this.${pname.text.slice(1)}`,
        ptype.text.replace(/^\?/, ''),
      );
  }
  // A function inside a method is a local of that method, not a member of the class; an arrow
  // (or a Python closure) still sees the method's `this`/`self`.
  const thisClass = kind === 'method' ? scope.container : scope.thisClass;
  const keepsThis = node.type === 'arrow_function' || x.language === 'python';
  if (kind === 'function' && thisClass && keepsThis) x.facts.types[`${qualified}::this`] = thisClass;
  return {
    qualified,
    container: null,
    ...(thisClass && (kind === 'method' || keepsThis) ? { thisClass } : {}),
    pendingBody: metrics,
  };
}

/** Records a declaration as a symbol; returns the scope its subtree lives in. */
export function declare(x: Extraction, node: Node, kind: SymbolKind, name: string, scope: Scope): Scope {
  const { facts, language } = x;
  const finalKind = kind === 'function' && scope.container ? 'method' : kind;
  const receiver =
    language === 'go' && node.type === 'method_declaration' ? goReceiver(x, node, name) : undefined;
  const qualified =
    receiver?.qualified ?? (scope.container && kind !== 'class' ? `${scope.container}.${name}` : name);
  const parent = receiver?.parent ?? scope.container ?? undefined;
  if (language === 'kotlin' && (finalKind === 'class' || finalKind === 'interface')) {
    const { superclass, interfaces } = kotlinHeritage(node);
    if (superclass) facts.types[`${name}::super`] = superclass;
    if (interfaces.length) addToTypeList(x, `${name}::implements`, interfaces);
    // An interface's methods with bodies are the class's too (`class S : UserFindable` gets its
    // `getUserById`): looked up like mixins.
    if (interfaces.length) addToTypeList(x, `${name}::mixins`, interfaces);
    kotlinClassParameters(x, node, name);
  } else if (language === 'swift' && (finalKind === 'class' || finalKind === 'interface')) {
    // `: Base, Proto`: which is a class is not written; the first may be the superclass, and a
    // protocol's extension methods are the type's too (looked up like mixins).
    const inherits = swiftInherits(node);
    if (inherits[0]) facts.types[`${name}::super`] = inherits[0];
    if (inherits.length) {
      addToTypeList(x, `${name}::implements`, inherits);
      addToTypeList(x, `${name}::mixins`, inherits);
    }
  } else if (finalKind === 'class') {
    const parentClass = superclassOf(node, language);
    if (parentClass) facts.types[`${name}::super`] = parentClass;
    const interfaces = interfacesOf(node);
    if (interfaces.length) addToTypeList(x, `${name}::implements`, interfaces);
    // Python inherits from every base: those after the first are read like mixins.
    if (language === 'python') addToTypeList(x, `${name}::mixins`, pythonBases(node).slice(1));
  }
  const isFunction = finalKind === 'function' || finalKind === 'method';
  if (isFunction) returnType(x, node, qualified);
  if (isFunction && language === 'python' && isPythonProperty(node))
    facts.types[`${qualified}::property`] = '1';
  const metrics = isFunction ? freshMetrics(node, language) : undefined;
  const doc = docOf(node, language);
  const hash = isFunction ? bodyHash(node) : undefined;
  facts.symbols.push({
    name: qualified,
    kind: finalKind,
    line: line(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(node),
    ...(doc ? { doc } : {}),
    ...(parent ? { parent } : {}),
    exported: isExported(node, name, language),
    ...(isFunction && scope.qualified !== null && !scope.container ? { local: scope.qualified } : {}),
    ...(metrics ? { metrics } : {}),
    ...(hash ? { bodyHash: hash } : {}),
  });
  if (metrics) return functionScope(x, node, finalKind, qualified, scope, metrics);
  return CONTAINERS.has(finalKind) ? { qualified: scope.qualified, container: name } : scope;
}

/** A module-level value (`const client = …`) as a `variable` symbol whose initialiser's calls are its own. */
export function declareVariable(x: Extraction, node: Node, name: string): Scope {
  const keyword = node.parent?.firstChild?.text ?? 'const';
  const doc = docOf(node, x.language);
  x.facts.symbols.push({
    name,
    kind: 'variable',
    line: line(node),
    endLine: node.endPosition.row + 1,
    signature: `${keyword} ${signatureOf(node)}`,
    ...(doc ? { doc } : {}),
    exported: isExported(node, name, x.language),
  });
  return { qualified: name, container: null };
}
