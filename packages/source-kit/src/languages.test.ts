import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Node } from 'web-tree-sitter';
import { parserFor } from './languages.js';

describe('parsers', () => {
  it('are one per language in a thread, however many copies of the module it loads', async () => {
    // A second copy, as a process running boocontext's bundle and code-graph's tools holds.
    const copy = (await import(
      /* @vite-ignore */ `${pathToFileURL(new URL('./languages.ts', import.meta.url).pathname).href}?copy=2`
    )) as typeof import('./languages.js');
    expect(copy.parserFor).not.toBe(parserFor);
    const [ours, theirs] = await Promise.all([parserFor('go'), copy.parserFor('go')]);
    expect(theirs).toBe(ours);
    // Both still parse: the runtime was initialised once.
    const tree = ours.parse('package main\nfunc main() { run() }\n');
    expect(tree?.rootNode.hasError).toBe(false);
    tree?.delete();
    const other = (await copy.parserFor('python')).parse('def f():\n    return 1\n');
    expect(other?.rootNode.type).toBe('module');
    other?.delete();
  });
});

describe('field lookups', () => {
  it('answer as web-tree-sitter’s by id do, for every field of every node, and nothing for a field the grammar lacks', async () => {
    for (const [language, source] of [
      // Each with an `alias` field (the grammars' first): a lookup that fell back to id 1 would find it.
      [
        'javascript',
        'import { a as b } from "x";\nconst app = express();\napp.get("/a", (req, res) => res.json(find(req.params.id)));\n',
      ],
      [
        'python',
        'import a as b\nclass A(Base):\n    def f(self, x: int) -> int:\n        return self.g(x)\n',
      ],
    ] as const) {
      const tree = (await parserFor(language)).parse(source);
      if (!tree) throw new Error(`${language} did not parse`);
      const fields = tree.language.fields.filter((f): f is string => f !== null);
      let found = 0;
      const visit = (node: Node) => {
        for (const name of fields) {
          const id = tree.language.fieldIdForName(name) as number;
          const child = node.childForFieldName(name);
          expect(child?.id).toBe(node.childForFieldId(id)?.id);
          expect(node.childrenForFieldName(name).map((c) => c.id)).toEqual(
            node.childrenForFieldId(id).map((c) => c.id),
          );
          if (child) found++;
        }
        expect(node.childForFieldName('no_such_field')).toBeNull();
        expect(node.childrenForFieldName('no_such_field')).toEqual([]);
        for (const child of node.namedChildren) if (child) visit(child);
      };
      visit(tree.rootNode);
      expect(found).toBeGreaterThan(5);
      tree.delete();
    }
  });
});
