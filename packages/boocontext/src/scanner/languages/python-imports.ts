import type { FileFacts } from '../types.js';
import { lineIndex } from './syntax.js';

/**
 * Comments, strings (an `import` in a docstring's example is no import) and import statements, in
 * one pass: a string or comment is consumed whole, so an import is matched only where code is.
 */
const TOKENS =
  /#[^\n]*|("""|''')[\s\S]*?\1|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]*(\([^)]*\)|(?:[^\n;\\#]|\\\n)*)|import[ \t]+((?:[^\n;\\#]|\\\n)*))/gm;

/** `a.b as c` → name `a.b`, local `c`; `x` → both `x`. */
function namesOf(list: string): { name: string; local: string }[] {
  return list
    .replace(/#[^\n]*/g, '')
    .replace(/[()\\\n]/g, ' ')
    .split(',')
    .flatMap((part) => {
      const m = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      return m?.[1] ? [{ name: m[1], local: m[2] ?? m[1] }] : [];
    });
}

/**
 * A Python file's imports and the names `from … import` binds, as the tree reader records them
 * (`from .routers import users`: the module `.routers`, then `.routers.users`, a submodule it may
 * name), read from the text.
 */
export function pythonImports(text: string): Pick<FileFacts, 'imports' | 'bindings'> {
  const lineOf = lineIndex(text);
  const imports: FileFacts['imports'] = [];
  const bindings: FileFacts['bindings'] = {};
  for (const m of text.matchAll(TOKENS)) {
    if (m[2] === undefined && m[4] === undefined) continue;
    const line = lineOf((m.index ?? 0) + (m[0].length - m[0].trimStart().length));
    // `from __future__ import …` is a compiler directive, no import (the grammar says so too).
    if (m[2] === '__future__') continue;
    if (m[2] !== undefined) {
      const module = m[2];
      imports.push({ spec: module, line });
      for (const { name, local } of namesOf(m[3] ?? '')) {
        bindings[local] = { spec: module, name };
        imports.push({ spec: `${module}${module.endsWith('.') ? '' : '.'}${name}`, line });
      }
    } else for (const { name } of namesOf(m[4] ?? '')) imports.push({ spec: name, line });
  }
  return { imports, bindings };
}
