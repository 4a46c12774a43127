import type { Node } from 'web-tree-sitter';
import type { Extraction } from './extraction.js';
import type { ImportFact } from './facts.js';
import { kotlinImport } from './kotlin.js';
import { JS_FAMILY } from './node-types.js';
import { stringValue, text } from './syntax.js';

/** `import a, * as b, { c as d } from 'x'`. */
function jsImport(node: Node, push: (fact: ImportFact) => void): void {
  const source = stringValue(node.childForFieldName('source'));
  const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
  for (const part of clause?.namedChildren ?? []) {
    if (part?.type === 'identifier') push({ local: part.text, imported: 'default', source, reexport: false });
    if (part?.type === 'namespace_import') {
      const local = part.namedChild(0)?.text;
      if (local) push({ local, imported: '*', source, reexport: false });
    }
    if (part?.type === 'named_imports') {
      for (const spec of part.namedChildren) {
        if (spec?.type !== 'import_specifier') continue;
        const imported = text(spec.childForFieldName('name'));
        push({ local: text(spec.childForFieldName('alias')) || imported, imported, source, reexport: false });
      }
    }
  }
}

/** `export * from 'x'` and `export { a, b as c } from 'x'`. */
function jsReexport(node: Node, push: (fact: ImportFact) => void): void {
  const source = node.childForFieldName('source');
  if (!source) return;
  const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
  if (!clause) {
    push({ local: '*', imported: '*', source: stringValue(source), reexport: true });
    return;
  }
  for (const spec of clause.namedChildren) {
    if (spec?.type !== 'export_specifier') continue;
    const imported = text(spec.childForFieldName('name'));
    push({
      local: text(spec.childForFieldName('alias')) || imported,
      imported,
      source: stringValue(source),
      reexport: true,
    });
  }
}

/** Python's `from x import a, b as c`. */
function pythonFromImport(node: Node, push: (fact: ImportFact) => void): void {
  const source = text(node.childForFieldName('module_name'));
  for (const nameNode of node.childrenForFieldName('name')) {
    if (!nameNode) continue;
    if (nameNode.type === 'aliased_import') {
      const imported = text(nameNode.childForFieldName('name'));
      push({
        local: text(nameNode.childForFieldName('alias')) || imported,
        imported,
        source,
        reexport: false,
      });
    } else push({ local: nameNode.text, imported: nameNode.text, source, reexport: false });
  }
}

/** Python's `import a.b` (binds `a`) and `import a.b as c`. */
function pythonImport(node: Node, push: (fact: ImportFact) => void): void {
  for (const nameNode of node.childrenForFieldName('name')) {
    if (!nameNode) continue;
    const aliased = nameNode.type === 'aliased_import';
    const module = aliased ? text(nameNode.childForFieldName('name')) : nameNode.text;
    const local = aliased ? text(nameNode.childForFieldName('alias')) : (module.split('.')[0] ?? module);
    push({ local, imported: '*', source: module, reexport: false });
  }
}

/**
 * The name a Go import binds when it gives none: the package's, which by convention is the path's
 * last element without a major-version suffix (`…/chi/v5` is `chi`, `gopkg.in/yaml.v3` is `yaml`).
 */
export function goPackageName(importPath: string): string {
  const parts = importPath.split('/');
  const last = parts.pop() ?? importPath;
  const base = /^v\d+$/.test(last) && parts.length > 0 ? (parts.pop() as string) : last;
  return base.replace(/\.v\d+$/, '').replace(/^go-/, '');
}

/** Go's `import name "path"`: bound by its name, or by its package's. */
function goImportSpec(node: Node, push: (fact: ImportFact) => void): void {
  const source = stringValue(node.childForFieldName('path'));
  const local = text(node.childForFieldName('name')) || goPackageName(source);
  push({ local, imported: '*', source, reexport: false });
}

/**
 * Rust's `use crate::auth::{validate, Credentials as Creds};`: each name it binds, from the module
 * path before it (`pub use` re-exports them); `use crate::schema::*` binds the module's every name.
 * `self` in a list (`{self, b}`) names the module itself, which calls reach by path instead.
 */
function rustUse(node: Node, push: (fact: ImportFact) => void): void {
  const reexport = node.namedChildren.some((c) => c?.type === 'visibility_modifier');
  const join = (prefix: string, path: string) => (prefix && path ? `${prefix}::${path}` : prefix || path);
  const bind = (path: string, local?: string) => {
    const at = path.lastIndexOf('::');
    const imported = at < 0 ? path : path.slice(at + 2);
    if (at < 0 || imported === 'self') return;
    push({ local: local ?? imported, imported, source: path.slice(0, at), reexport });
  };
  const walk = (clause: Node | null, prefix: string): void => {
    if (!clause) return;
    switch (clause.type) {
      case 'scoped_use_list':
        for (const item of clause.childForFieldName('list')?.namedChildren ?? [])
          walk(item, join(prefix, text(clause.childForFieldName('path'))));
        return;
      case 'use_list':
        for (const item of clause.namedChildren) walk(item, prefix);
        return;
      case 'use_as_clause':
        bind(join(prefix, text(clause.childForFieldName('path'))), text(clause.childForFieldName('alias')));
        return;
      case 'use_wildcard': {
        const path = clause.namedChildren[0];
        const source = join(prefix, path ? text(path) : '');
        if (source) push({ local: '*', imported: '*', source, reexport });
        return;
      }
      default:
        bind(join(prefix, text(clause)));
    }
  };
  walk(node.childForFieldName('argument'), '');
}

/** Records the names an import (or re-export) node binds, whichever grammar it comes from. */
export function recordImport(x: Extraction, node: Node): void {
  const push = (fact: ImportFact) => x.facts.imports.push(fact);
  if (node.type === 'import_statement') {
    if (JS_FAMILY.has(x.language)) jsImport(node, push);
    else if (x.language === 'python') pythonImport(node, push);
  } else if (node.type === 'export_statement') jsReexport(node, push);
  else if (node.type === 'import_from_statement') pythonFromImport(node, push);
  else if (node.type === 'import_spec') goImportSpec(node, push);
  else if (node.type === 'import' && x.language === 'kotlin') kotlinImport(node, push);
  else if (node.type === 'use_declaration' && x.language === 'rust') rustUse(node, push);
}

/** `export { a, b as c }` and `export default a` export a declaration made elsewhere in the file. */
export function recordLaterExport(x: Extraction, node: Node): void {
  if (node.childForFieldName('source')) return;
  const isDefault = node.children.some((c) => c?.type === 'default');
  if (isDefault) {
    const value = node.childForFieldName('value');
    const declaration = node.childForFieldName('declaration');
    const name = value?.type === 'identifier' ? value.text : text(declaration?.childForFieldName('name'));
    if (name) {
      x.facts.defaultExport = name;
      x.exportedLater.add(name);
    }
    return;
  }
  const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
  for (const spec of clause?.namedChildren ?? []) {
    const local = spec?.type === 'export_specifier' ? text(spec.childForFieldName('name')) : '';
    if (local) x.exportedLater.add(local);
  }
}

/** `require('./svc')`'s specifier, when `node` is such a call. */
function requiredSpec(node: Node | null | undefined): string | undefined {
  if (node?.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require')
    return undefined;
  const arg = node.childForFieldName('arguments')?.namedChildren.find((a) => a?.type === 'string');
  return arg ? stringValue(arg) : undefined;
}

/**
 * CommonJS imports, as ES ones are recorded: `const svc = require('./svc')` binds the module
 * (`svc.run()` is its `run`), `const { a, b: c } = require('./m')` and `const a = require('./m').a`
 * bind its members.
 */
export function recordRequire(x: Extraction, name: Node, value: Node): void {
  const push = (local: string, imported: string, source: string) =>
    x.facts.imports.push({ local, imported, source, reexport: false });
  const member = value.type === 'member_expression' ? value.childForFieldName('property')?.text : undefined;
  const source = requiredSpec(member ? value.childForFieldName('object') : value);
  if (source === undefined) return;
  if (name.type === 'identifier') push(name.text, member ?? '*', source);
  else if (name.type === 'object_pattern' && !member)
    for (const part of name.namedChildren) {
      if (part?.type === 'shorthand_property_identifier_pattern') push(part.text, part.text, source);
      else if (part?.type === 'pair_pattern') {
        const key = text(part.childForFieldName('key'));
        const local = part.childForFieldName('value');
        if (key && local?.type === 'identifier') push(local.text, key, source);
      }
    }
}

/**
 * CommonJS exports: `module.exports = { a, b }` and `exports.a = a` export declarations of the file;
 * `module.exports.auth = require('./auth')` re-exports a module under a name, `module.exports =
 * require('./x')` everything it exports.
 */
export function recordModuleExports(x: Extraction, node: Node): void {
  const left = node.childForFieldName('left')?.text ?? '';
  const right = node.childForFieldName('right');
  if (!right) return;
  const named = /^(?:module\.)?exports\.([\w$]+)$/.exec(left)?.[1];
  if (left !== 'module.exports' && !named) return;
  const source = requiredSpec(right);
  if (source !== undefined) {
    x.facts.imports.push({ local: named ?? '*', imported: '*', source, reexport: true });
    return;
  }
  if (right.type === 'identifier') {
    x.exportedLater.add(right.text);
    if (!named) x.facts.defaultExport = right.text;
  } else if (right.type === 'object' && !named)
    for (const member of right.namedChildren) {
      if (member?.type === 'shorthand_property_identifier') x.exportedLater.add(member.text);
      else if (member?.type === 'pair' && member.childForFieldName('value')?.type === 'identifier')
        x.exportedLater.add(member.childForFieldName('value')?.text ?? '');
    }
}
