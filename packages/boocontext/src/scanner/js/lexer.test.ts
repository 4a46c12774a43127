import { describe, expect, it } from 'vitest';
import { lexFile } from './lexer.js';
import { scanJs } from './scan.js';

const names = (components: { name: string; line: number }[]) => components.map((c) => `${c.name}:${c.line}`);
const specs = (imports: { spec: string; line: number }[]) => imports.map((i) => `${i.spec}:${i.line}`);

/** The lexer's answer, held to the full reader's on the same text and to the answer written down. */
async function agrees(
  rel: string,
  text: string,
  expected: { components?: string[]; imports?: string[]; bindings?: Record<string, string> },
) {
  const lexed = lexFile(rel, text);
  expect(lexed, 'the lexer read the file').toBeDefined();
  const full = await scanJs(rel, text);
  expect(full.error).toBeUndefined();
  expect(lexed?.env).toEqual(full.env);
  expect(names(lexed?.components ?? [])).toEqual(names(full.components));
  expect(specs(lexed?.imports ?? []).sort()).toEqual(specs(full.imports).sort());
  // The lexer binds only the names re-exports pass on; the full reader binds those the same way.
  for (const [name, binding] of Object.entries(lexed?.bindings ?? {}))
    expect(full.bindings[name], name).toEqual(binding);
  if (expected.components) expect(names(lexed?.components ?? [])).toEqual(expected.components);
  if (expected.imports) expect(specs(lexed?.imports ?? []).sort()).toEqual([...expected.imports].sort());
  if (expected.bindings)
    expect(
      Object.fromEntries(Object.entries(lexed?.bindings ?? {}).map(([k, b]) => [k, `${b.spec}#${b.name}`])),
    ).toEqual(expected.bindings);
}

describe('the JSX-aware lexer', () => {
  it('finds components the way the full reader does, JSX text and TypeScript around them', async () => {
    await agrees(
      'src/List.tsx',
      `import React, { forwardRef } from 'react';
import type { Props } from './types';
// a comment with </div> and { in it
const re = /['"/<]/g;
export const List = <T,>({ items }: Props<T>) => (
  <ul className="list">
    {items.map((item) => <li key={String(item)}>Don't {"stop"} ' here — http://x.y</li>)}
  </ul>
);
export const Ref = forwardRef<
  HTMLDivElement,
  Props<string>
>((props, ref) => <div ref={ref} {...props} />);
const Plain = styled.div\`color: \${(p) => (p.dark ? 'black' : 'white')};\`
export const Generic = <T extends object>(p: T) => <Table<T> rows={[p]} xlink:href="a" />
function Outer(): { el: JSX.Element } {
  const Inner = () => <svg:path d="M0" />;
  return { el: <Inner /> };
}
export default function Page() {
  const half = (1 + 2) / 2, bits = (flags[0] << 2) | (flags[1] >> 1);
  const ok = half < 3 && half > 0;
  return ok ? <Outer.Part /> : <></>;
}
`,
      {
        components: ['List:5', 'Ref:10', 'Generic:15', 'Outer:16', 'Inner:17', 'Page:20'],
        imports: ['react:1', './types:2'],
      },
    );
  });

  it('ends a declaration where its statement ends, semicolons or not', async () => {
    await agrees(
      'src/Card.jsx',
      `import styled from 'styled-components'
const Box = styled.div\`padding: 1px\`
const Title = styled.h1({ margin: 0 })
export const Card = ({ title }) => (
  <Box><Title>{title}</Title></Box>
)
const count = 3, Badge = () => <span>{count}</span>, size = 2
for (const Item of [1]) console.log(<i>{Item}</i>)
const { Header } = parts
declare function Later(p: P): JSX.Element;
const Lazy = React.lazy(() => import('./Lazy'))
`,
      { components: ['Card:4', 'Badge:7'], imports: ['styled-components:1', './Lazy:11'] },
    );
  });

  it('reads re-exports, requires and type assertions, and finds no components outside JSX files', async () => {
    await agrees(
      'src/index.ts',
      `export * from './a';
export type { B } from './b';
export {
  c, /* see {@link d} */ d,
  /** \`import { x } from 'y'\` in a comment */
} from './cd';
import type {
  G, // a note
} from './g';
import e = require('./e');
const f = require('./f');
const g = <Array<number>>h;
const half = g! / 2;
interface Options { import?: boolean; export: string }
export const Thing = () => g;
export { default, h as H } from './h';
`,
      {
        components: [],
        imports: ['./a:1', './b:2', './cd:3', './g:7', './e:10', './f:11', './h:16'],
        // Re-exported names bound to the module they come from, as imports bind theirs.
        bindings: { B: './b#B', c: './cd#c', d: './cd#d', default: './h#default', H: './h#h' },
      },
    );
    await agrees(
      'src/legacy.js',
      "const x = require('x');\nfunction View() {\n  return <div>{x}</div>;\n}\n",
      {
        components: [],
        imports: ['x:1'],
      },
    );
  });

  it('reads plain env reads and leaves the other forms to the full reader', async () => {
    const text = `export const Title = () => <h1>{process.env.NEXT_PUBLIC_TITLE}</h1>;
const mode = import.meta.env.MODE, key = process.env['API_KEY'], maybe = process.env?.DEBUG;
`;
    await agrees('src/Title.tsx', text, { components: ['Title:1'] });
    expect(lexFile('src/Title.tsx', text)?.env).toEqual(['API_KEY', 'DEBUG', 'MODE', 'NEXT_PUBLIC_TITLE']);
    expect(lexFile('a.ts', 'const { PORT, HOST } = process.env;')).toBeUndefined();
    await agrees(
      'src/spawn.ts',
      'run({ env: { ...process.env } }, process.env[name], load(process . env));\n',
      {
        imports: [],
      },
    );
    expect(lexFile('src/spawn.ts', 'run(process.env);')?.env).toEqual([]);
  });

  it('reads a generic function type after a colon in TSX, and JSX there still as JSX', async () => {
    await agrees(
      'src/context.tsx',
      `import { createContext } from 'react';
export type Value = {
  order: <T>(children: T[], getId: (child: T) => string) => T[]
  hidden: (id: string) => boolean
}
export const Ctx = createContext<Value>({ order: (c) => c, hidden: () => false });
export const Pick = ({ on }: { on: boolean }) => (on ? <b>(yes)</b> : <T>(no)</T>);
`,
      { components: ['Pick:7'], imports: ['react:1'] },
    );
    expect(lexFile('a.tsx', 'type F = { f: <T>(x: T) => <div>; }')).toBeUndefined();
  });

  it('ends a statement after type arguments at the end of a line, and reads commented type re-exports', async () => {
    await agrees(
      'src/widgets.tsx',
      `export type {
  // the options
  Options,
} from './options'
for (const w of widgets) {
  const Widget = w.Component as ComponentType<{
    data?: unknown
  }>
  entries.push({ render: (data) => <Widget data={data} /> })
}
it('renders', () => {
  let form: Form<Schema>

  function Harness() {
    return <Section form={form} />
  }
})
`,
      { components: ['Harness:14'], imports: ['./options:1'] },
    );
  });

  it('gives up rather than guesses where the text does not fit', () => {
    expect(lexFile('a.tsx', 'const A = () => <div></span>;')).toBeUndefined();
    expect(lexFile('a.tsx', 'const A = () => <div>')).toBeUndefined();
    expect(lexFile('a.tsx', 'const s = "open')).toBeUndefined();
    expect(lexFile('a.ts', 'f(a]')).toBeUndefined();
    expect(lexFile('a.ts', 'import x = ')).toBeUndefined();
  });
});
