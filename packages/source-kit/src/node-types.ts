import type { Language } from 'web-tree-sitter';

/** A node type id's name and whether it is named, for one grammar. */
export interface NodeTypeTable {
  name: (id: number) => string;
  named: (id: number) => boolean;
}

const tables = new WeakMap<Language, NodeTypeTable>();

/**
 * Each read of a tree cursor crosses into wasm (and copies the cursor there first): reading a
 * node's type id once and looking up its name and named-ness here takes one crossing instead of
 * three, the most of a walk over a whole tree.
 */
export function nodeTypeTable(language: Language): NodeTypeTable {
  let table = tables.get(language);
  if (!table) {
    const { types } = language;
    // 0: not asked yet, 1: named, 2: anonymous. Ids are 16-bit (ERROR is 65535).
    const named = new Uint8Array(65536);
    table = {
      // As the cursor's own `nodeType` reads it.
      name: (id) => types[id] || 'ERROR',
      named: (id) => {
        if (named[id] === 0) named[id] = language.nodeTypeIsNamed(id) ? 1 : 2;
        return named[id] === 1;
      },
    };
    tables.set(language, table);
  }
  return table;
}
