import { parserFor } from '@boocode/source-kit';
import { describe, expect, it } from 'vitest';
import { singular, walk } from './syntax.js';

async function visited(code: string, types: string[], skip: (text: string) => boolean = () => false) {
  const tree = (await parserFor('python')).parse(code);
  if (!tree) throw new Error('no tree');
  const seen: string[] = [];
  walk(
    tree.rootNode,
    (node) => {
      seen.push(`${node.type} ${node.text}`);
      return skip(node.text) ? false : undefined;
    },
    new Set(types),
  );
  tree.delete();
  return seen;
}

describe('walk', () => {
  it('visits the named nodes of the types asked for, in pre-order', async () => {
    expect(await visited('f(g(1), h(2))\nk()\n', ['call', 'integer'])).toEqual([
      'call f(g(1), h(2))',
      'call g(1)',
      'integer 1',
      'call h(2)',
      'integer 2',
      'call k()',
    ]);
  });

  it('skips the descendants of a node whose visit returns false, not the nodes after it', async () => {
    expect(await visited('f(g(1), h(2))\nk()\n', ['call'], (text) => text.startsWith('f('))).toEqual([
      'call f(g(1), h(2))',
      'call k()',
    ]);
    expect(await visited('f(g(h(1)), k())\n', ['call'], (text) => text.startsWith('g('))).toEqual([
      'call f(g(h(1)), k())',
      'call g(h(1))',
      'call k()',
    ]);
  });

  it('leaves out an anonymous token spelled like a named type (the `type` keyword, `type` annotations)', async () => {
    expect(await visited('type X = int\ndef f(a: str): pass\n', ['type'])).toEqual([
      'type X',
      'type int',
      'type str',
    ]);
  });
});

describe('singular', () => {
  it("singularises a resource's plural as the frameworks' inflectors do, irregular and -ves words too", () => {
    const words = [
      'articles',
      'categories',
      'addresses',
      'statuses',
      'shelves',
      'people',
      'movies',
      'children',
    ];
    expect(words.map(singular)).toEqual([
      'article',
      'category',
      'address',
      'status',
      'shelf',
      'person',
      'movie',
      'child',
    ]);
  });
});
