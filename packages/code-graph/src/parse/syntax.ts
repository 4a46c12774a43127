import { createHash } from 'node:crypto';
import type { LanguageId } from '@boocode/source-kit';
import type { Node } from 'web-tree-sitter';
import { dartName } from './dart.js';
import { isKotlinExported, kotlinParameterCount } from './kotlin.js';
import { UNNAMED_BODIES } from './node-types.js';
import { isSwiftExported, swiftName, swiftParameterCount } from './swift.js';

/** Readers of declaration nodes shared by the extractor's parts. */

export function text(node: Node | null | undefined): string {
  return node?.text ?? '';
}

export function line(node: Node): number {
  return node.startPosition.row + 1;
}

/** A declaration's body: its `body` field, or the unnamed one of Kotlin and Elixir. */
function bodyOf(node: Node): Node | null {
  return (
    node.childForFieldName('body') ??
    node.namedChildren.find((c) => UNNAMED_BODIES.has(c?.type ?? '')) ??
    null
  );
}

/** The first line of a declaration up to its body: what a reader needs to recognise it. */
export function signatureOf(node: Node): string {
  const body = bodyOf(node);
  const end = body ? body.startIndex - node.startIndex : node.text.length;
  const head = node.text.slice(0, end).replace(/\s+/g, ' ').trim();
  return head.length > 200 ? `${head.slice(0, 199)}…` : head;
}

/** Comment block right above a declaration (JSDoc, `//`, `#`), or a Python docstring. */
export function docOf(node: Node, language: LanguageId): string | undefined {
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

export function nameOf(node: Node, language: LanguageId): string | undefined {
  if (language === 'swift') return swiftName(node);
  if (language === 'dart') return dartName(node);
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

export function isExported(node: Node, name: string, language: LanguageId): boolean {
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
  if (language === 'python' || language === 'dart') return !name.startsWith('_');
  if (language === 'kotlin') return isKotlinExported(node);
  if (language === 'swift') return isSwiftExported(node);
  // `defp`, `defmacrop`, `defguardp` are the module's own.
  if (language === 'elixir') return !/^def(p|macrop|guardp)\b/.test(node.text);
  if (language === 'rust' || language === 'java' || language === 'c_sharp' || language === 'php') {
    return /\bpub\b|\bpublic\b/.test(node.text.slice(0, 80));
  }
  return false;
}

export function countParams(node: Node, language: LanguageId): number {
  if (language === 'swift') return swiftParameterCount(node);
  if (node.type === 'function_declaration' && !node.childForFieldName('parameters'))
    return kotlinParameterCount(node);
  const params = node.childForFieldName('parameters') ?? node.childForFieldName('parameter');
  if (!params) return 0;
  if (params.type === 'identifier') return 1;
  return params.namedChildren.filter(
    (c) => c && c.type !== 'comment' && c.text !== 'self' && c.text !== 'this',
  ).length;
}

export function bodyHash(fn: Node): string | undefined {
  const body = bodyOf(fn);
  if (!body || body.endPosition.row - body.startPosition.row < 5) return undefined;
  // Identifiers are kept, whitespace and comments are not: copies that were only re-indented still match.
  const normal = body.text.replace(/\/\/.*$|#.*$/gm, '').replace(/\s+/g, ' ');
  return createHash('sha1').update(normal).digest('hex').slice(0, 16);
}

/** A Python class's bases by name (`Base`, `module.Base` → `Base`), keyword arguments left out. */
export function pythonBases(node: Node): string[] {
  const list = node.childForFieldName('superclasses');
  return (list?.namedChildren ?? [])
    .map((c) => (c?.type === 'subscript' ? c.childForFieldName('value') : c))
    .filter((c) => c?.type === 'identifier' || c?.type === 'attribute')
    .map((c) => c?.text.split('.').pop() ?? '')
    .filter(Boolean);
}

/** The class a class extends, when the syntax names one. */
export function superclassOf(node: Node, language: LanguageId): string | undefined {
  // Python: the first base, generic or not (`ProxyMixin[AppContext]` is a ProxyMixin).
  if (language === 'python') return pythonBases(node)[0];
  const heritage = node.namedChildren.find(
    (c) => c?.type === 'class_heritage' || c?.type === 'superclass' || c?.type === 'base_clause',
  );
  const extendsClause =
    heritage?.type === 'class_heritage'
      ? heritage.namedChildren.find((c) => c?.type === 'extends_clause')
      : heritage;
  const value = extendsClause?.childForFieldName('value') ?? extendsClause?.namedChild(0);
  const name = value?.text.replace(/<.*$/s, '').split('.').pop();
  return name && /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
}

/**
 * The interfaces a class says it implements: Java's `implements`, TypeScript's implements clause,
 * PHP's class_interface_clause, and C#'s base list (where a class and interfaces share one list;
 * every name is kept, the class among them does no harm).
 */
export function interfacesOf(node: Node): string[] {
  const names: string[] = [];
  const read = (list: Node | null | undefined) => {
    for (const child of list?.namedChildren ?? []) {
      if (!child) continue;
      if (child.type === 'type_list' || child.type === 'implements_clause') read(child);
      else names.push(child.text.replace(/<.*$/s, '').split(/\.|\\/).pop() ?? '');
    }
  };
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (
      child.type === 'super_interfaces' ||
      child.type === 'class_interface_clause' ||
      child.type === 'base_list' ||
      // Dart's `implements A, B`.
      child.type === 'interfaces'
    )
      read(child);
    else if (child.type === 'class_heritage')
      read(child.namedChildren.find((c) => c?.type === 'implements_clause'));
  }
  return names.filter(Boolean);
}

export function stringValue(node: Node | null | undefined): string {
  return text(node).replace(/^['"`]|['"`]$/g, '');
}
