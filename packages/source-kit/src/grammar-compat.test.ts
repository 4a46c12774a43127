import { describe, expect, it } from 'vitest';
import { maskUnsupportedSyntax } from './grammar-compat.js';
import { type LanguageId, parserFor } from './languages.js';

/** Whether the grammar reads the text without an error, masked first or as it is. */
const readsClean = async (text: string, language: LanguageId, masked = true) => {
  const tree = (await parserFor(language)).parse(masked ? maskUnsupportedSyntax(text, language) : text);
  try {
    return !tree?.rootNode.hasError;
  } finally {
    tree?.delete();
  }
};
const parsesClean = (text: string) => readsClean(text, 'tsx');

describe('maskUnsupportedSyntax for Swift', () => {
  it.each([
    ['func f() async throws { if let a = try await g() { h(a) } }'],
    ['func f() async { if let a: Int = try? await g() { h(a) } }'],
    ['func f() throws(ParseError) -> Int { 1 }'],
    ['final class A {\n#if DEBUG\n  func f() {}\n#else\n  func g() {}\n#endif\n}'],
    ['let tags = #/(?<tag>#+[a-z]{1,})/#\nlet after = 1'],
  ])('lets the grammar read %s, which it cannot unmasked', async (text) => {
    expect(await readsClean(text, 'swift', false)).toBe(false);
    expect(await readsClean(text, 'swift', true)).toBe(true);
  });

  it('keeps every offset and line of Swift', () => {
    const text =
      'func f() throws(E) {\n#if os(Linux)\n  let r = #/a+/#\n#endif\n  if let a = try await g() {}\n}';
    const masked = maskUnsupportedSyntax(text, 'swift');
    expect(masked).toHaveLength(text.length);
    expect(masked.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    expect(masked).toContain('if let a = try       g()');
  });
});

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

describe('maskUnsupportedSyntax for JavaScript', () => {
  it.each([
    ['export default (props) => <a class={props.class} href="#/">{props.children}</a>;'],
    ['const Field = () => (\n  <div class="row">\n    <label for="email">Email</label>\n  </div>\n);'],
    ["const x = <input type='text' default = {1} />;"],
  ])('lets the grammar read JSX attributes named by reserved words: %s', async (text) => {
    expect(await readsClean(text, 'javascript', false)).toBe(false);
    expect(await readsClean(text, 'javascript', true)).toBe(true);
  });

  it.each([
    [
      'javascript',
      'const L = () => <link rel="stylesheet" href="//fonts.example/css?family=Inter&display=swap" />;',
    ],
    ['tsx', 'const I = () => (\n  <img\n    src=\'/i?w=2&h=3\'\n    alt="a &amp; b"\n  />\n);'],
  ] as const)(
    'in %s, lets the grammar read a JSX attribute value holding a query string',
    async (language, text) => {
      expect(await readsClean(text, language, false)).toBe(false);
      expect(await readsClean(text, language)).toBe(true);
      const masked = maskUnsupportedSyntax(text, language);
      expect(masked).toHaveLength(text.length);
      // A complete reference stays as it is.
      expect(masked.includes('&amp;')).toBe(text.includes('&amp;'));
    },
  );

  it('leaves code where a reserved word is not an attribute, and keeps every offset', async () => {
    const code = 'class A extends B {}\nfor (const k in o) if (a < b) x = new C();\n';
    expect(maskUnsupportedSyntax(code, 'javascript')).toBe(code);
    const jsx = 'const v = <p class={c} for="x">t</p>;';
    const masked = maskUnsupportedSyntax(jsx, 'javascript');
    expect(masked).toBe('const v = <p Class={c} For="x">t</p>;');
    expect(await readsClean(jsx, 'javascript', true)).toBe(true);
  });
});
