import { createHash } from 'node:crypto';
import type { LanguageId } from '@boocode/source-kit';
import type { Node, Tree } from 'web-tree-sitter';
import type { FileFacts, FunctionMetrics, SymbolKind } from './facts.js';

/** Node types that declare a symbol, per language family, and the kind each becomes. */
const DECLARATIONS: Record<string, SymbolKind> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_definition: 'function',
  function_item: 'function',
  method_definition: 'method',
  method_signature: 'method',
  abstract_method_signature: 'method',
  method_declaration: 'method',
  constructor_declaration: 'method',
  method: 'method',
  singleton_method: 'method',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  class_definition: 'class',
  class_specifier: 'class',
  class: 'class',
  interface_declaration: 'interface',
  type_alias_declaration: 'type',
  enum_declaration: 'enum',
  enum_item: 'enum',
  struct_item: 'struct',
  struct_specifier: 'struct',
  trait_item: 'trait',
  module: 'module',
};

const CONTAINERS = new Set(['class', 'interface', 'struct', 'trait', 'module']);

const DECISIONS = new Set([
  'if_statement',
  'elif_clause',
  'if_expression',
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'foreach_statement',
  'for_expression',
  'while_statement',
  'while_expression',
  'loop_expression',
  'do_statement',
  'switch_case',
  'case_clause',
  'expression_case',
  'type_case',
  'communication_case',
  'switch_section',
  'match_arm',
  'catch_clause',
  'except_clause',
  'rescue',
  'conditional_expression',
  'ternary_expression',
  'when',
  'unless',
  'until',
]);

/** Structures that nest (they raise cognitive complexity of what is inside them). */
const NESTING = new Set([
  'if_statement',
  'if_expression',
  'for_statement',
  'for_in_statement',
  'enhanced_for_statement',
  'foreach_statement',
  'for_expression',
  'while_statement',
  'while_expression',
  'loop_expression',
  'do_statement',
  'switch_statement',
  'switch_expression',
  'expression_switch_statement',
  'type_switch_statement',
  'match_expression',
  'match_statement',
  'try_statement',
  'catch_clause',
  'except_clause',
  'conditional_expression',
  'ternary_expression',
]);

const CALLS = new Set([
  'call_expression',
  'call',
  'new_expression',
  'method_invocation',
  'object_creation_expression',
  'invocation_expression',
  'function_call_expression',
  'member_call_expression',
]);

const FUNCTION_VALUES = new Set([
  'arrow_function',
  'function_expression',
  'function',
  'generator_function',
  'lambda',
]);
const LOGICAL = new Set(['&&', '||', '??', 'and', 'or']);

const IMPORTS = new Set(['import_statement', 'export_statement', 'import_from_statement', 'import_spec']);

const JS_FAMILY = new Set<LanguageId>(['typescript', 'tsx', 'javascript']);

/** Identifiers in these fields name something (a declaration, a callee, a parameter) rather than read it. */
const NOT_A_READ = new Set(['function', 'constructor', 'name', 'alias', 'pattern', 'label']);
/** …and identifiers under these parents are import/export bookkeeping, not reads. */
const NOT_A_READ_IN = new Set(['import_clause', 'namespace_import', 'export_statement', 'export_specifier']);
/** JSX names a component by its `name` field: that is a use of it. */
const JSX_ELEMENTS = new Set(['jsx_opening_element', 'jsx_self_closing_element']);

/** Subtrees that never hold a declaration or a call: types, literals, comments. Not walked. */
const OPAQUE = new Set([
  'type_annotation',
  'type_arguments',
  'type_parameters',
  'type_alias_declaration',
  'string',
  'comment',
  'regex',
  'number',
  'line_comment',
  'block_comment',
  'interpreted_string_literal',
  'raw_string_literal',
  'string_literal',
]);

/** Node types the extractor looks at; every other node is only walked through. */
const INTERESTING = new Set([
  ...Object.keys(DECLARATIONS),
  ...CALLS,
  ...FUNCTION_VALUES,
  'impl_item',
  'type_spec',
  'public_field_definition',
  'field_definition',
  'variable_declarator',
  'assignment',
  'short_var_declaration',
  'import_statement',
  'import_from_statement',
  'import_spec',
  'export_statement',
]);

interface Scope {
  qualified: string | null;
  /** The class (or impl) whose members are being declared: set in a class body, not in a method body. */
  container: string | null;
  /** The class `this`/`self` means here: set inside a method body and the closures within it. */
  thisClass?: string | null;
  /** Metrics this node counts into, at this nesting level (inside a function body only). */
  counting?: { metrics: FunctionMetrics; nesting: number };
  /** A declared function whose body has not been reached yet. */
  pendingBody?: FunctionMetrics;
}

function text(node: Node | null | undefined): string {
  return node?.text ?? '';
}

function line(node: Node): number {
  return node.startPosition.row + 1;
}

/** The first line of a declaration up to its body: what a reader needs to recognise it. */
function signatureOf(node: Node): string {
  const body = node.childForFieldName('body');
  const end = body ? body.startIndex - node.startIndex : node.text.length;
  const head = node.text.slice(0, end).replace(/\s+/g, ' ').trim();
  return head.length > 200 ? `${head.slice(0, 199)}…` : head;
}

/** Comment block right above a declaration (JSDoc, `//`, `#`), or a Python docstring. */
function docOf(node: Node, language: LanguageId): string | undefined {
  let target: Node = node;
  while (
    target.parent &&
    ['export_statement', 'decorated_definition', 'lexical_declaration', 'variable_declaration'].includes(
      target.parent.type,
    )
  ) {
    target = target.parent;
  }
  const lines: string[] = [];
  let previous = target.previousNamedSibling;
  while (
    previous &&
    previous.type === 'comment' &&
    line(target) - previous.endPosition.row - 1 <= lines.length + 1
  ) {
    lines.unshift(previous.text);
    previous = previous.previousNamedSibling;
  }
  if (lines.length === 0 && language === 'python') {
    const first = node.childForFieldName('body')?.namedChild(0);
    if (first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string')
      lines.push(first.text);
  }
  if (lines.length === 0) return undefined;
  const cleaned = lines
    .join('\n')
    .replace(/^\s*(\/\*\*?|\*\/|\*|\/\/\/?|#|"""|''')/gm, '')
    .replace(/(\*\/|"""|''')\s*$/gm, '')
    .trim();
  return cleaned.length > 500 ? `${cleaned.slice(0, 499)}…` : cleaned || undefined;
}

function nameOf(node: Node, language: LanguageId): string | undefined {
  const direct = node.childForFieldName('name');
  if (direct) return direct.text;
  if (language === 'cpp') {
    let declarator = node.childForFieldName('declarator');
    while (
      declarator &&
      declarator.type !== 'identifier' &&
      declarator.type !== 'field_identifier' &&
      declarator.type !== 'qualified_identifier'
    ) {
      declarator = declarator.childForFieldName('declarator') ?? declarator.namedChild(0);
    }
    return declarator?.text;
  }
  if (node.type === 'impl_item') return node.childForFieldName('type')?.text;
  return undefined;
}

function isExported(node: Node, name: string, language: LanguageId): boolean {
  for (let up = node.parent, depth = 0; up && depth < 4; up = up.parent, depth++) {
    if (up.type === 'export_statement') return true;
    if (
      ![
        'variable_declarator',
        'lexical_declaration',
        'variable_declaration',
        'decorated_definition',
      ].includes(up.type)
    )
      break;
  }
  if (language === 'go') return /^[A-Z]/.test(name);
  if (language === 'python') return !name.startsWith('_');
  if (language === 'rust' || language === 'java' || language === 'c_sharp' || language === 'php') {
    return /\bpub\b|\bpublic\b/.test(node.text.slice(0, 80));
  }
  return false;
}

function countParams(node: Node): number {
  const params = node.childForFieldName('parameters') ?? node.childForFieldName('parameter');
  if (!params) return 0;
  if (params.type === 'identifier') return 1;
  return params.namedChildren.filter(
    (c) => c && c.type !== 'comment' && c.text !== 'self' && c.text !== 'this',
  ).length;
}

function bodyHash(fn: Node): string | undefined {
  const body = fn.childForFieldName('body');
  if (!body || body.endPosition.row - body.startPosition.row < 5) return undefined;
  // Identifiers are kept, whitespace and comments are not: copies that were only re-indented still match.
  const normal = body.text.replace(/\/\/.*$|#.*$/gm, '').replace(/\s+/g, ' ');
  return createHash('sha1').update(normal).digest('hex').slice(0, 16);
}

/** The class a class extends, when the syntax names one. */
function superclassOf(node: Node, language: LanguageId): string | undefined {
  if (language === 'python') {
    const first = node.childForFieldName('superclasses')?.namedChild(0);
    return first?.type === 'identifier' || first?.type === 'attribute'
      ? first.text.split('.').pop()
      : undefined;
  }
  const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage' || c?.type === 'superclass');
  const extendsClause =
    heritage?.type === 'class_heritage'
      ? heritage.namedChildren.find((c) => c?.type === 'extends_clause')
      : heritage;
  const value = extendsClause?.childForFieldName('value') ?? extendsClause?.namedChild(0);
  const name = value?.text.replace(/<.*$/s, '').split('.').pop();
  return name && /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
}

function stringValue(node: Node | null | undefined): string {
  return text(node).replace(/^['"`]|['"`]$/g, '');
}

/** Walks one syntax tree and collects declarations, calls, imports and local type hints. */
export function extractFacts(tree: Tree, language: LanguageId, source: string): FileFacts {
  const facts: FileFacts = { language, symbols: [], calls: [], imports: [], types: {}, errorLines: [] };
  const tracksValues = JS_FAMILY.has(language);
  /** First read of each name per enclosing symbol (`caller\0name` → line): one reference edge each. */
  const reads = new Map<string, Read>();
  /** Names exported by `export { a, b as c }` / `export default a` rather than at their declaration. */
  const exportedLater = new Set<string>();
  const pushType = (scope: Scope, variable: string, type: string) => {
    const clean = type
      .replace(/^:\s*/, '')
      .replace(/<.*$/, '')
      .replace(/\[\]$/, '')
      .replace(/^\*|^&/, '')
      .trim();
    if (/^[A-Za-z_][\w.]*$/.test(clean)) facts.types[`${scope.qualified ?? ''}::${variable}`] = clean;
  };

  const declare = (node: Node, kind: SymbolKind, name: string, scope: Scope): Scope => {
    let qualified = scope.container && kind !== 'class' ? `${scope.container}.${name}` : name;
    let parent = scope.container ?? undefined;
    let finalKind = kind;
    if (kind === 'function' && scope.container) finalKind = 'method';
    if (language === 'go' && node.type === 'method_declaration') {
      const receiver = node.childForFieldName('receiver');
      const type = receiver?.descendantsOfType('type_identifier')[0]?.text;
      if (type) {
        qualified = `${type}.${name}`;
        parent = type;
      }
      const receiverName = receiver?.descendantsOfType('identifier')[0]?.text;
      if (receiverName && type) facts.types[`${qualified}::${receiverName}`] = type;
    }
    if (finalKind === 'class') {
      const parentClass = superclassOf(node, language);
      if (parentClass) facts.types[`${name}::super`] = parentClass;
    }
    const isFunction = finalKind === 'function' || finalKind === 'method';
    // Filled in as the walk goes through the body: one pass over the tree, not two.
    const metrics: FunctionMetrics | undefined = isFunction
      ? {
          cyclomatic: 1,
          cognitive: 0,
          length: node.endPosition.row - node.startPosition.row + 1,
          nesting: 0,
          params: countParams(node),
        }
      : undefined;
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
    if (isFunction) {
      for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
        if (!param) continue;
        const pname =
          param.childForFieldName('pattern') ?? param.childForFieldName('name') ?? param.namedChild(0);
        const ptype = param.childForFieldName('type');
        if (pname && ptype) pushType({ qualified, container: null }, pname.text, ptype.text);
      }
      // A function inside a method is a local of that method, not a member of the class; an arrow
      // (or a Python closure) still sees the method's `this`/`self`.
      const thisClass = finalKind === 'method' ? scope.container : scope.thisClass;
      const keepsThis = node.type === 'arrow_function' || language === 'python';
      if (finalKind === 'function' && thisClass && keepsThis) facts.types[`${qualified}::this`] = thisClass;
      return {
        qualified,
        container: null,
        ...(thisClass && (finalKind === 'method' || keepsThis) ? { thisClass } : {}),
        ...(metrics ? { pendingBody: metrics } : {}),
      };
    }
    return CONTAINERS.has(finalKind) ? { qualified: scope.qualified, container: name } : scope;
  };

  const recordCall = (node: Node, scope: Scope) => {
    const at = line(node);
    if (node.type === 'new_expression' || node.type === 'object_creation_expression') {
      const ctor = node.childForFieldName('constructor') ?? node.childForFieldName('type');
      const name = text(ctor).replace(/<.*$/, '').split('.').pop();
      if (name) facts.calls.push({ caller: scope.qualified, callee: name, kind: 'new', line: at });
      return;
    }
    // Java/PHP name the method and object directly; Ruby calls them method and receiver.
    const named =
      node.type === 'method_invocation' || node.type === 'member_call_expression'
        ? { name: node.childForFieldName('name'), receiver: node.childForFieldName('object') }
        : language === 'ruby' && node.type === 'call'
          ? { name: node.childForFieldName('method'), receiver: node.childForFieldName('receiver') }
          : undefined;
    if (named) {
      const name = text(named.name);
      if (name) {
        facts.calls.push({
          caller: scope.qualified,
          callee: name,
          ...(named.receiver ? { receiver: named.receiver.text } : {}),
          kind: named.receiver ? 'method' : 'call',
          line: at,
        });
      }
      return;
    }
    const fn = node.childForFieldName('function');
    if (!fn) return;
    if (fn.type === 'identifier' || fn.type === 'name' || fn.type === 'super') {
      facts.calls.push({ caller: scope.qualified, callee: fn.text, kind: 'call', line: at });
      return;
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
    if (member && object) {
      facts.calls.push({
        caller: scope.qualified,
        callee: member.text,
        receiver: object.text,
        kind: 'method',
        line: at,
      });
    } else if (fn.type === 'scoped_identifier' || fn.type === 'qualified_identifier') {
      const parts = fn.text.split('::');
      facts.calls.push({
        caller: scope.qualified,
        callee: parts.at(-1) ?? fn.text,
        receiver: parts.slice(0, -1).join('::'),
        kind: 'method',
        line: at,
      });
    }
  };

  const recordImport = (node: Node) => {
    if (node.type === 'import_statement' && JS_FAMILY.has(language)) {
      const source = stringValue(node.childForFieldName('source'));
      const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
      for (const part of clause?.namedChildren ?? []) {
        if (!part) continue;
        if (part.type === 'identifier')
          facts.imports.push({ local: part.text, imported: 'default', source, reexport: false });
        if (part.type === 'namespace_import') {
          const local = part.namedChild(0)?.text;
          if (local) facts.imports.push({ local, imported: '*', source, reexport: false });
        }
        if (part.type === 'named_imports') {
          for (const spec of part.namedChildren) {
            if (spec?.type !== 'import_specifier') continue;
            const imported = text(spec.childForFieldName('name'));
            facts.imports.push({
              local: text(spec.childForFieldName('alias')) || imported,
              imported,
              source,
              reexport: false,
            });
          }
        }
      }
      return;
    }
    if (node.type === 'export_statement') {
      const source = node.childForFieldName('source');
      if (!source) return;
      const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
      if (!clause) {
        facts.imports.push({ local: '*', imported: '*', source: stringValue(source), reexport: true });
        return;
      }
      for (const spec of clause.namedChildren) {
        if (spec?.type !== 'export_specifier') continue;
        const imported = text(spec.childForFieldName('name'));
        facts.imports.push({
          local: text(spec.childForFieldName('alias')) || imported,
          imported,
          source: stringValue(source),
          reexport: true,
        });
      }
      return;
    }
    if (node.type === 'import_from_statement') {
      const source = text(node.childForFieldName('module_name'));
      for (const nameNode of node.childrenForFieldName('name')) {
        if (!nameNode) continue;
        if (nameNode.type === 'aliased_import') {
          const imported = text(nameNode.childForFieldName('name'));
          facts.imports.push({
            local: text(nameNode.childForFieldName('alias')) || imported,
            imported,
            source,
            reexport: false,
          });
        } else {
          facts.imports.push({ local: nameNode.text, imported: nameNode.text, source, reexport: false });
        }
      }
      return;
    }
    if (node.type === 'import_statement' && language === 'python') {
      for (const nameNode of node.childrenForFieldName('name')) {
        if (!nameNode) continue;
        const module =
          nameNode.type === 'aliased_import' ? text(nameNode.childForFieldName('name')) : nameNode.text;
        const local =
          nameNode.type === 'aliased_import'
            ? text(nameNode.childForFieldName('alias'))
            : (module.split('.')[0] ?? module);
        facts.imports.push({ local, imported: '*', source: module, reexport: false });
      }
      return;
    }
    if (node.type === 'import_spec') {
      const source = stringValue(node.childForFieldName('path'));
      const local = text(node.childForFieldName('name')) || source.split('/').pop() || source;
      facts.imports.push({ local, imported: '*', source, reexport: false });
    }
  };

  const declareVariable = (node: Node, name: string): Scope => {
    const keyword = node.parent?.firstChild?.text ?? 'const';
    const doc = docOf(node, language);
    facts.symbols.push({
      name,
      kind: 'variable',
      line: line(node),
      endLine: node.endPosition.row + 1,
      signature: `${keyword} ${signatureOf(node)}`,
      ...(doc ? { doc } : {}),
      exported: isExported(node, name, language),
    });
    return { qualified: name, container: null };
  };

  /** `export { a, b as c }` and `export default a` export a declaration made elsewhere in the file. */
  const recordLaterExport = (node: Node) => {
    if (node.childForFieldName('source')) return;
    const isDefault = node.children.some((c) => c?.type === 'default');
    const declaration = node.childForFieldName('declaration');
    if (isDefault) {
      const value = node.childForFieldName('value');
      const name = value?.type === 'identifier' ? value.text : text(declaration?.childForFieldName('name'));
      if (name) {
        facts.defaultExport = name;
        exportedLater.add(name);
      }
      return;
    }
    const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
    for (const spec of clause?.namedChildren ?? []) {
      const local = spec?.type === 'export_specifier' ? text(spec.childForFieldName('name')) : '';
      if (local) exportedLater.add(local);
    }
  };

  /** Handles one interesting node; returns the scope its subtree lives in. */
  const handle = (node: Node, type: string, scope: Scope): Scope => {
    // `type` crosses into wasm on every read; the cursor already told us the type.
    let inner = scope;
    const kind = DECLARATIONS[type];
    if (kind && !(type === 'function_definition' && language === 'cpp' && !nameOf(node, language))) {
      const name = nameOf(node, language);
      if (name) inner = declare(node, kind, name, scope);
    } else if (type === 'impl_item') {
      const type = nameOf(node, language);
      if (type) inner = { qualified: scope.qualified, container: type.replace(/<.*$/, '') };
    } else if (type === 'type_spec') {
      const name = text(node.childForFieldName('name'));
      const type = node.childForFieldName('type')?.type;
      if (name)
        declare(
          node,
          type === 'interface_type' ? 'interface' : type === 'struct_type' ? 'struct' : 'type',
          name,
          scope,
        );
    } else if ((type === 'public_field_definition' || type === 'field_definition') && scope.container) {
      // Class fields give `this.field.method()` a receiver type.
      const fieldName = text(node.childForFieldName('name') ?? node.childForFieldName('property'));
      const typeNode = node.childForFieldName('type');
      const value = node.childForFieldName('value');
      const type =
        typeNode?.text ??
        (value?.type === 'new_expression' ? text(value.childForFieldName('constructor')) : '');
      if (fieldName && type)
        pushType({ qualified: scope.container, container: null }, `this.${fieldName}`, type);
    } else if (type === 'variable_declarator' || type === 'assignment') {
      const nameNode = node.childForFieldName('name') ?? node.childForFieldName('left');
      const value = node.childForFieldName('value') ?? node.childForFieldName('right');
      if (nameNode?.type === 'identifier' && value && FUNCTION_VALUES.has(value.type)) {
        // A function bound to a name is that name: its whole subtree lives in its scope.
        return declare(value, 'function', nameNode.text, scope);
      }
      if (
        tracksValues &&
        nameNode?.type === 'identifier' &&
        value &&
        scope.qualified === null &&
        !scope.container
      ) {
        // A module-level value (a client, a router, a schema) is a symbol a refactor needs; what its
        // initialiser calls is credited to it. Values never exported are dropped at the end.
        inner = declareVariable(node, nameNode.text);
      }
      if (
        (nameNode?.type === 'attribute' || nameNode?.type === 'member_expression') &&
        scope.thisClass &&
        value
      ) {
        const object = text(nameNode.childForFieldName('object'));
        const field = text(nameNode.childForFieldName('attribute') ?? nameNode.childForFieldName('property'));
        const ctor =
          value.type === 'call'
            ? text(value.childForFieldName('function'))
            : value.type === 'new_expression'
              ? text(value.childForFieldName('constructor'))
              : '';
        if ((object === 'self' || object === 'this') && field && ctor)
          pushType({ qualified: scope.thisClass, container: null }, `this.${field}`, ctor);
      }
      if (nameNode?.type === 'identifier' && value) {
        const typeNode = node.childForFieldName('type');
        if (typeNode) pushType(scope, nameNode.text, typeNode.text);
        else if (value.type === 'new_expression')
          pushType(scope, nameNode.text, text(value.childForFieldName('constructor')));
        else if (value.type === 'call' && language === 'python')
          pushType(scope, nameNode.text, text(value.childForFieldName('function')));
      }
    } else if (type === 'short_var_declaration' && language === 'go') {
      const left = node.childForFieldName('left')?.namedChild(0);
      const right = node.childForFieldName('right')?.namedChild(0);
      const literal =
        right?.type === 'composite_literal'
          ? right.childForFieldName('type')
          : right?.type === 'unary_expression'
            ? right.namedChild(0)?.childForFieldName('type')
            : undefined;
      if (left && literal) pushType(scope, left.text, literal.text);
    }
    if (FUNCTION_VALUES.has(type) && inner === scope) {
      // Parameters of anonymous callbacks still type their receivers within the enclosing function.
      for (const param of node.childForFieldName('parameters')?.namedChildren ?? []) {
        const pname = param?.childForFieldName('pattern') ?? param?.childForFieldName('name');
        const ptype = param?.childForFieldName('type');
        if (pname && ptype) pushType(scope, pname.text, ptype.text);
      }
    }
    if (CALLS.has(type)) recordCall(node, inner);
    if (IMPORTS.has(type)) recordImport(node);
    if (type === 'export_statement' && tracksValues) recordLaterExport(node);
    return inner;
  };

  const cursor = tree.walk();
  const checkMissing = tree.rootNode.hasError;
  const isFunctionLike = (type: string) =>
    FUNCTION_VALUES.has(type) || DECLARATIONS[type] === 'function' || DECLARATIONS[type] === 'method';

  /**
   * One pass: declarations, calls and imports through `handle`, and the complexity of the
   * enclosing function counted on the way (decisions, nesting, logical operators), skipping
   * nested functions, which count for themselves.
   */
  const walk = (scope: Scope, parentType: string, bodyOf?: FunctionMetrics) => {
    const type = cursor.nodeType;
    if (type === 'ERROR' || (checkMissing && cursor.nodeIsMissing))
      facts.errorLines.push(cursor.startPosition.row + 1);
    if (
      tracksValues &&
      (type === 'identifier' || type === 'shorthand_property_identifier') &&
      !NOT_A_READ_IN.has(parentType) &&
      (!NOT_A_READ.has(cursor.currentFieldName ?? '') || JSX_ELEMENTS.has(parentType))
    ) {
      // Sliced from the source: a Node object per identifier would cost more than the rest of the walk.
      const name = source.slice(cursor.startIndex, cursor.endIndex);
      const key = `${scope.qualified ?? ''}\u0000${name}`;
      if (!reads.has(key))
        reads.set(key, { caller: scope.qualified, name, line: cursor.startPosition.row + 1 });
    }
    let childCounting: Scope['counting'];
    const counting = scope.counting;
    if (bodyOf) {
      childCounting = { metrics: bodyOf, nesting: 0 };
    } else if (counting && !isFunctionLike(type)) {
      let nesting = counting.nesting;
      if (DECISIONS.has(type)) counting.metrics.cyclomatic++;
      if (NESTING.has(type)) {
        counting.metrics.cognitive += 1 + nesting;
        nesting++;
        counting.metrics.nesting = Math.max(counting.metrics.nesting, nesting);
      }
      if (type === 'else_clause' || type === 'elif_clause') counting.metrics.cognitive++;
      // Most nodes change nothing: reusing the objects keeps this pass allocation-free.
      childCounting = nesting === counting.nesting ? counting : { metrics: counting.metrics, nesting };
    }
    const handled = INTERESTING.has(type) ? handle(cursor.currentNode, type, scope) : scope;
    const inner: Scope =
      childCounting === handled.counting && !bodyOf
        ? handled
        : { ...handled, counting: childCounting, ...(bodyOf ? { pendingBody: undefined } : {}) };
    if (!OPAQUE.has(type) && cursor.gotoFirstChild()) {
      do {
        if (!cursor.nodeIsNamed) {
          // Logical operators are anonymous tokens inside binary expressions.
          if (childCounting && LOGICAL.has(cursor.nodeType)) {
            childCounting.metrics.cyclomatic++;
            childCounting.metrics.cognitive++;
          }
          continue;
        }
        if (inner.pendingBody && cursor.currentFieldName === 'body')
          walk({ ...inner, counting: undefined }, type, inner.pendingBody);
        else walk(inner, type);
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
  };

  walk({ qualified: null, container: null }, '');
  cursor.delete();
  facts.errorLines = [...new Set(facts.errorLines)].sort((a, b) => a - b);
  if (tracksValues) keepValueFacts(facts, reads, exportedLater);
  return facts;
}

interface Read {
  caller: string | null;
  name: string;
  line: number;
}

/**
 * Keeps the module-level values that are exported, and turns reads of names this file binds
 * (imports, its own top-level declarations) into `reference` facts; reads of anything else
 * (locals, parameters, globals) never name a symbol of the project.
 */
function keepValueFacts(facts: FileFacts, reads: Map<string, Read>, exportedLater: Set<string>): void {
  for (const symbol of facts.symbols)
    if (!symbol.parent && exportedLater.has(symbol.name)) symbol.exported = true;
  facts.symbols = facts.symbols.filter((s) => s.kind !== 'variable' || s.exported);
  const bound = new Set<string>();
  for (const i of facts.imports) if (!i.reexport) bound.add(i.local);
  for (const s of facts.symbols) if (!s.parent) bound.add(s.name);
  for (const { caller, name, line } of reads.values()) {
    if (!bound.has(name) || name === caller) continue;
    facts.calls.push({ caller, callee: name, kind: 'reference', line });
  }
}
