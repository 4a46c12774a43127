import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
let work: string;
let client: Client;
const root = (name: string) => path.join(work, name);

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ts-types-test-'));
  await cp(path.join(here, 'fixtures'), work, { recursive: true });
  client = new Client({ name: 'ts-types-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(here, '../dist/cli.js')],
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

async function call(name: string, project: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: { root: root(project), ...args } });
  const text = (result.content as { text: string }[])[0]?.text ?? '';
  return { isError: result.isError === true, data: result.structuredContent as Record<string, any>, text };
}

describe('ts-types over MCP', () => {
  it('offers four read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['declarations', 'shape', 'signature', 'type_at']);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  it('names a type as the editor does, then expands it: generics inferred, aliases and mapped types unfolded', async () => {
    const at = async (symbol: string) =>
      (await call('type_at', 'ts-project', { file: 'src/generics.ts', symbol })).data;
    expect(await at('boxed')).toMatchObject({
      type: 'Box<{ id: string; count: number; }>',
      expanded: '{ value: { id: string; count: number }; createdAt: Date }',
    });
    expect(await at('frozen')).toMatchObject({
      type: 'Readonly<Point>',
      expanded: '{ x: number; y: number }',
    });
    const answer = await at('answer');
    expect(answer.type).toBe('"yes"');
    expect(answer.expanded).toBeUndefined();
  });

  it('shows a call site with its generics instantiated, through a renamed re-export', async () => {
    const site = await call('type_at', 'ts-project', { file: 'src/consumer.ts', line: 5, column: 24 });
    expect(site.data).toMatchObject({
      symbol: 'use',
      type: '(value: { id: string; }, mode?: "plain" | undefined): Box<{ id: string; }>',
      at: 'call site (generics instantiated)',
    });
    expect(site.data.notes).toEqual([expect.stringMatching(/1 type error/)]);
  });

  it('resolves signatures with overloads, constraints, defaults and parameter docs', async () => {
    const use = await call('signature', 'ts-project', { symbol: 'useThing' });
    expect(use.data.overloads).toEqual([
      {
        text: '<T extends { id: string; }, M = "plain">(value: T, mode?: M | undefined) => Box<T>',
        typeParameters: [
          { name: 'T', constraint: '{ id: string; }' },
          { name: 'M', default: "'plain'" },
        ],
        parameters: [
          { name: 'value', type: 'T', optional: false, doc: 'the thing to wrap' },
          { name: 'mode', type: 'M | undefined', optional: true },
        ],
        returnType: 'Box<T>',
        doc: 'Wraps a value.',
      },
    ]);
    const parse = await call('signature', 'ts-project', { file: 'src/generics.ts', symbol: 'parse' });
    expect(parse.data.overloads.map((o: { text: string }) => o.text)).toEqual([
      '(input: string) => number',
      '(input: number) => string',
    ]);
  });

  it('gives shapes with inherited members and merged declarations', async () => {
    const dog = await call('shape', 'ts-project', { symbol: 'Dog' });
    expect(dog.data.heritage).toEqual(['extends Animal']);
    expect(dog.data.members).toEqual([
      { name: 'bark', type: '() => string', optional: false, readonly: false },
      { name: 'name', type: 'string', optional: false, readonly: false, inheritedFrom: 'Animal' },
      { name: 'legs', type: 'number', optional: false, readonly: true, inheritedFrom: 'Animal' },
      {
        name: 'move',
        type: '(distance: number) => void',
        optional: false,
        readonly: false,
        inheritedFrom: 'Animal',
      },
    ]);
    const config = await call('shape', 'ts-project', { file: 'src/animals.ts', symbol: 'Config' });
    expect(config.data.members.map((m: { name: string; optional: boolean }) => [m.name, m.optional])).toEqual(
      [
        ['host', false],
        ['port', true],
      ],
    );
    expect(config.data.notes).toContain('2 declarations merged');
  });

  it('follows imports and re-exports to the declaration, and path aliases', async () => {
    const decl = await call('declarations', 'ts-project', { file: 'src/consumer.ts', line: 5, column: 24 });
    expect(decl.data.declarations).toEqual([
      expect.objectContaining({ file: 'src/generics.ts', line: 14, kind: 'FunctionDeclaration' }),
    ]);
    expect(decl.data.chain).toEqual(['src/consumer.ts:2 use', 'src/index.ts:1 useThing as use']);
    const helper = await call('declarations', 'ts-project', { file: 'src/consumer.ts', line: 6, column: 24 });
    expect(helper.data.declarations[0]).toMatchObject({ file: 'src/util/helper.ts', line: 1 });
  });

  it('picks the right tsconfig in a workspace of two packages', async () => {
    const total = await call('signature', 'ws', { file: 'packages/b/src/total.ts', symbol: 'total' });
    expect(total.data.overloads[0].text).toBe('(items: Money[]) => Money');
    const money = await call('shape', 'ws', { file: 'packages/a/src/money.ts', symbol: 'Money' });
    expect(money.data.members.map((m: { type: string }) => m.type)).toEqual(['number', '"EUR" | "USD"']);
  });

  it('answers plain JavaScript with JSDoc types and no tsconfig, saying so', async () => {
    const sig = await call('signature', 'js-project', { file: 'lib.js', symbol: 'formatPrice' });
    expect(sig.data.overloads[0].text).toBe('(cents: number, currency?: string | undefined) => string');
    expect(sig.data.notes).toEqual([expect.stringMatching(/no tsconfig.json/)]);
  });

  it('sees edits on disk without a restart', async () => {
    const before = await call('type_at', 'ts-project', { file: 'src/util/helper.ts', symbol: 'helper' });
    expect(before.data.type).toBe('(n: number) => number');
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(
      path.join(root('ts-project'), 'src/util/helper.ts'),
      'export function helper(n: number): string {\n  return String(n);\n}\n',
    );
    const after = await call('type_at', 'ts-project', { file: 'src/util/helper.ts', symbol: 'helper' });
    expect(after.data.type).toBe('(n: number) => string');
  });

  it('refuses files outside the root and unknown symbols with an error result', async () => {
    const outside = await call('type_at', 'ts-project', { file: '../js-project/lib.js', line: 1 });
    expect(outside).toMatchObject({ isError: true, text: expect.stringMatching(/outside the root/) });
    const unknown = await call('signature', 'ts-project', { symbol: 'nope' });
    expect(unknown).toMatchObject({
      isError: true,
      text: expect.stringMatching(/no declaration named "nope"/),
    });
    expect(unknown.data).toEqual({ error: { code: 'NOT_FOUND', message: unknown.text } });
    expect(outside.data.error.code).toBe('OUTSIDE_ROOT');
    const relative = await client.callTool({ name: 'type_at', arguments: { root: 'x', symbol: 'a' } });
    expect(relative.isError).toBe(true);
  });

  it('never reads through a symlink or an import leading out of the root, nor a huge file', async () => {
    const secretDir = path.join(work, 'outside');
    await mkdir(secretDir, { recursive: true });
    await writeFile(path.join(secretDir, 'passwd.ts'), 'export const root = { password: "hunter2" };\n');
    const project = root('linked');
    await mkdir(project, { recursive: true });
    await symlink(path.join(secretDir, 'passwd.ts'), path.join(project, 'passwd.ts'));
    await writeFile(
      path.join(project, 'main.ts'),
      "import { root as r } from '../outside/passwd';\nexport const seen = r;\n",
    );
    await writeFile(path.join(project, 'huge.js'), `var x = ${'1+'.repeat(2_500_000)}1;\n`);
    const linked = await call('type_at', 'linked', { file: 'passwd.ts', symbol: 'root' });
    expect(linked).toMatchObject({
      isError: true,
      text: expect.stringMatching(/symlink leading outside the root/),
    });
    const imported = await call('type_at', 'linked', { file: 'main.ts', symbol: 'seen' });
    expect(imported.text).not.toMatch(/hunter2|password/);
    const huge = await call('type_at', 'linked', { file: 'huge.js', line: 1 });
    expect(huge).toMatchObject({
      isError: true,
      text: expect.stringMatching(/MB; ts-types reads files up to 4 MB/),
    });
    expect(huge.data.error.code).toBe('TOO_LARGE');
  });
});
