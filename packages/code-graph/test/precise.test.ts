import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex } from '../dist/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'code-graph-precise-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A tree where the syntax cannot follow two calls and guesses a third wrong: `x.save()` on a
 * callback's parameter typed through a factory's return type and a method's, `shop.open()` on a
 * variable typed by a factory, and `format()` imported from node (the project has a `format` of
 * its own, which a name-only guess picks).
 */
function tree(name: string): string {
  const root = path.join(work, name);
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        lib: ['es2022'],
        types: [],
        module: 'esnext',
        moduleResolution: 'bundler',
      },
      include: ['src'],
    }),
  );
  writeFileSync(
    path.join(root, 'src/store.ts'),
    `export class Item {
  save(): void {}
}
export class Store {
  items(): Item[] {
    return [new Item()];
  }
  open(): boolean {
    return true;
  }
}
`,
  );
  writeFileSync(
    path.join(root, 'src/factory.ts'),
    `import { Store } from './store';
export function makeStore(): Store {
  return new Store();
}
`,
  );
  writeFileSync(
    path.join(root, 'src/text.ts'),
    'export function format(value: string): string {\n  return value.trim();\n}\n',
  );
  writeFileSync(
    path.join(root, 'src/app.ts'),
    `import { format } from 'node:util';
import { makeStore } from './factory';
export function run(): string {
  const shop = makeStore();
  shop.open();
  makeStore().items().forEach((x) => x.save());
  return format('%s', 'done');
}
`,
  );
  return root;
}

/** The checker processes running for a root (their command line names it). */
function checkers(root: string): string[] {
  return (
    execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      // The checker process: dist/precise/child.js, or the bundle's child.js.
      .filter((line) => /(precise|bundle)\/child\.js/.test(line) && line.includes(root))
  );
}

const open = (root: string, name: string) =>
  CodeIndex.open(root, { ...process.env, CODE_GRAPH_CACHE_DIR: path.join(work, `cache-${name}`) });

const callees = (index: CodeIndex, symbol: string) =>
  (
    index.queries().walk(symbol, undefined, 'down', 1, 100).edges as {
      to: string;
      toFile?: string;
      via: string;
      line: number;
    }[]
  ).filter((e) => e.toFile);

describe('the precise pass (TypeScript checker edges)', () => {
  it('adds the calls the syntax missed, drops its wrong guess, and marks the edges it gave', async () => {
    const index = open(tree('adds'), 'adds');
    await index.refresh();
    const before = callees(index, 'run').map((e) => e.to);
    expect(before).not.toContain('Item.save');
    index.enablePrecise();
    await index.preciseSettled();
    expect(index.preciseStatus()).toMatchObject({ state: 'done' });
    const after = callees(index, 'run');
    expect(after.find((e) => e.to === 'Item.save')).toMatchObject({ via: 'checker', toFile: 'src/store.ts' });
    expect(after.find((e) => e.to === 'Store.open')).toMatchObject({ via: 'checker' });
    expect(after.find((e) => e.to === 'makeStore')).toBeDefined();
    // `format` is node's: no edge into the project's own `format`.
    expect(after.map((e) => e.to)).not.toContain('format');
    index.close();
  });

  it('lets the refresh that schedules a pass answer before the pass builds its job or starts a process', async () => {
    const root = tree('first-answer');
    const index = open(root, 'first-answer');
    index.enablePrecise();
    await index.refresh();
    // The pass is scheduled (settling waits for it) but has not begun: no job, no checker process.
    expect(index.preciseStatus()).toMatchObject({ state: 'idle', total: 0 });
    expect(checkers(root)).toEqual([]);
    await index.preciseSettled();
    expect(index.preciseStatus()).toMatchObject({ state: 'done' });
    expect(callees(index, 'run').find((e) => e.to === 'Item.save')).toMatchObject({ via: 'checker' });
    index.close();
  });

  it('after an edit asks again only the edited file, and the files importing it when its declarations changed', async () => {
    const root = tree('edit');
    const index = open(root, 'edit');
    await index.refresh();
    index.enablePrecise();
    await index.preciseSettled();
    const cold = index.preciseStatus();
    expect(cold?.total).toBe(4);

    // A comment: the file's declarations hold, its importers are not asked again.
    appendFileSync(path.join(root, 'src/factory.ts'), '// a note\n');
    await index.refresh();
    await index.preciseSettled();
    expect(index.preciseStatus()).toMatchObject({ state: 'done', total: 1 });
    expect(callees(index, 'run').find((e) => e.to === 'Item.save')).toMatchObject({ via: 'checker' });

    // A statement added inside `run`'s body: its calls are asked again (and found a line lower).
    const app = path.join(root, 'src/app.ts');
    writeFileSync(
      app,
      readFileSync(app, 'utf8').replace(
        '  const shop = makeStore();',
        '  const ready = true;\n  const shop = makeStore();',
      ),
    );
    await index.refresh();
    await index.preciseSettled();
    expect(index.preciseStatus()).toMatchObject({ state: 'done', total: 1 });
    expect(callees(index, 'run').find((e) => e.to === 'Item.save')).toMatchObject({
      via: 'checker',
      line: 7,
    });

    // Lines moved above the target: the importer's answer still finds it.
    writeFileSync(
      path.join(root, 'src/store.ts'),
      `// moved\n// down\nexport class Item {\n  save(): void {}\n}\nexport class Store {\n  items(): Item[] {\n    return [new Item()];\n  }\n  open(): boolean {\n    return true;\n  }\n}\n`,
    );
    await index.refresh();
    await index.preciseSettled();
    expect(callees(index, 'run').find((e) => e.to === 'Item.save')).toMatchObject({ via: 'checker' });

    // A changed return type: the importer (app.ts) resolves differently and is asked again.
    writeFileSync(
      path.join(root, 'src/factory.ts'),
      `import { Item } from './store';\nexport function makeStore(): { items(): Item[]; open(): boolean } {\n  return { items: () => [], open: () => false };\n}\n`,
    );
    await index.refresh();
    await index.preciseSettled();
    expect(index.preciseStatus()?.total).toBe(2);
    const run = callees(index, 'run').map((e) => e.to);
    expect(run).toContain('Item.save');
    expect(run).not.toContain('Store.open');
    index.close();
  });

  it('stops at its heap ceiling and keeps the syntax edges, saying why', async () => {
    const index = open(tree('bounded'), 'bounded');
    await index.refresh();
    const syntax = callees(index, 'run').map((e) => e.to);
    index.enablePrecise(4);
    await index.preciseSettled();
    const status = index.preciseStatus();
    expect(status?.state).toBe('failed');
    expect(status?.error).toMatch(/heap.*CODE_GRAPH_PRECISE_HEAP_MB/);
    expect(callees(index, 'run').map((e) => e.to)).toEqual(syntax);
    index.close();
  });
});

describe('the precise pass over MCP', () => {
  it('answers from the syntax first, then with checker edges marked, and says where the pass is', async () => {
    const { Client } = await import('@modelcontextprotocol/client');
    const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
    const root = tree('mcp');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(import.meta.dirname, '../bin/code-graph.js')],
      env: { ...process.env, CODE_GRAPH_CACHE_DIR: path.join(work, 'cache-mcp') } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'precise-test', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    );
    await client.connect(transport);
    try {
      const callees = async () =>
        (await client.callTool({ name: 'callees', arguments: { root, symbol: 'run' } }))
          .structuredContent as {
          edges: { to: string; via: string }[];
          precise: { state: string; checkerEdges: number };
        };
      const first = await callees();
      expect(['idle', 'running', 'done']).toContain(first.precise.state);
      let answer = first;
      for (let i = 0; i < 100 && answer.precise.state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        answer = await callees();
      }
      expect(answer.precise.state).toBe('done');
      expect(answer.precise.checkerEdges).toBeGreaterThan(0);
      expect(answer.edges.find((e) => e.to === 'Item.save')).toMatchObject({ via: 'checker' });
      expect(checkers(root)).toHaveLength(1);
      // Background work at the lowest priority: a host's next call gets the CPU first.
      const pid = Number(checkers(root)[0]?.trim().split(/\s+/)[0]);
      expect(getPriority(pid)).toBe(19);
    } finally {
      await client.close();
    }
    // The checker process ends with the server that started it.
    for (let i = 0; i < 50 && checkers(root).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(checkers(root)).toEqual([]);
  });
});
