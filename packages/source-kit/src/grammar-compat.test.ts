import { describe, expect, it } from 'vitest';
import { maskUnsupportedSyntax } from './grammar-compat.js';
import { parserFor } from './languages.js';

const parsesClean = async (text: string) => {
  const tree = (await parserFor('tsx')).parse(maskUnsupportedSyntax(text, 'tsx'));
  try {
    return !tree?.rootNode.hasError;
  } finally {
    tree?.delete();
  }
};

describe('maskUnsupportedSyntax', () => {
  it.each([
    ["export type * from './types';"],
    ["export type * as T from './types';"],
    ['interface Box<in out T> { value: T }'],
    ['type Getter<out T> = () => T;'],
    ['type Setter<in T, out U = T> = (x: T) => U;'],
    // Overloaded generic call signatures (mobx's IActionFactory, RTK's AsyncThunkCreator).
    [
      'interface F {\n  <T>(x: T): Box<T>\n  // named\n  <T extends object = {}>(n: string, x: T): T\n}\nconst after = 1;',
    ],
    ['interface F {\n  (x: string): Promise<void>\n  <\n    R,\n    T,\n  >(p: R): T\n}'],
  ])('lets the grammar read %s', async (text) => {
    expect(await parsesClean(text)).toBe(true);
  });

  it('keeps every offset and leaves ordinary code alone', () => {
    const text = "export type * from './a';\nfor (const key in obj) out(key);\nconst x = a < b, y = c > d;";
    const masked = maskUnsupportedSyntax(text, 'typescript');
    expect(masked).toHaveLength(text.length);
    expect(masked.split('\n').slice(1)).toEqual(text.split('\n').slice(1));
    expect(maskUnsupportedSyntax(text, 'python')).toBe(text);
  });

  it('leaves JSX siblings and generic arrows in arguments alone', () => {
    const text = [
      'const a = (',
      '  <div>',
      '    <span>hi</span>',
      '    <Item key={k} />',
      '  </div>',
      ');',
      'run(',
      '  <T,>(x: T) => x,',
      ');',
    ].join('\n');
    expect(maskUnsupportedSyntax(text, 'tsx')).toBe(text);
  });
});
