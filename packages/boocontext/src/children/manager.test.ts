import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnvironment } from '../config.js';
import { ChildServerManager, childCommands, defaultChildren } from './manager.js';

const require = createRequire(import.meta.url);

describe('child commands', () => {
  it('finds each child as an installed dependency, through its package bin, run by this node', () => {
    const children = defaultChildren();
    for (const [name, pkg] of [
      ['code-graph', '@boocode/code-graph'],
      ['ts-types', '@boocode/ts-types'],
    ] as const) {
      const manifest = require.resolve(`${pkg}/package.json`);
      const bin = JSON.parse(readFileSync(manifest, 'utf8')).bin[name];
      expect(children[name]).toMatchObject({
        command: process.execPath,
        args: [path.resolve(path.dirname(manifest), bin)],
      });
    }
    // code-graph's tools also load in this process (for one-shot commands); ts-types' do not.
    expect(children['code-graph'].inProcess).toBeTypeOf('function');
    expect(children['ts-types'].inProcess).toBeUndefined();
  });

  it('takes overrides from the environment and --child, and names a bad flag', () => {
    const env = readEnvironment({
      BOOCONTEXT_CODE_GRAPH_CMD: '["my cg", "--x"]',
      BOOCONTEXT_TS_TYPES_CMD: 'tt serve',
    });
    expect(childCommands(env, [])).toMatchObject({
      'code-graph': { command: 'my cg', args: ['--x'] },
      'ts-types': { command: 'tt', args: ['serve'] },
    });
    // Another implementation is another process: nothing of ours loads in its place.
    expect(childCommands(env, [])['code-graph'].inProcess).toBeUndefined();
    expect(childCommands({}, ['ts-types=node,a.js'])['ts-types']).toEqual({
      command: 'node',
      args: ['a.js'],
    });
    expect(childCommands({}, ['code-graph=node,--max-old-space-size=4096,cg.js'])['code-graph']).toEqual({
      command: 'node',
      args: ['--max-old-space-size=4096', 'cg.js'],
    });
    expect(() => childCommands({}, ['graph=x'])).toThrow(/--child graph=x: expected code-graph=/);
    expect(() => childCommands({}, ['code-graph'])).toThrow(/--child code-graph: expected code-graph=/);
  });
});

describe('a one-shot command’s children', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'boocontext-in-process-'));
  const root = path.join(work, 'app');
  const cache = process.env.CODE_GRAPH_CACHE_DIR;
  process.env.CODE_GRAPH_CACHE_DIR = path.join(work, 'cache');
  afterAll(() => {
    if (cache === undefined) delete process.env.CODE_GRAPH_CACHE_DIR;
    else process.env.CODE_GRAPH_CACHE_DIR = cache;
    rmSync(work, { recursive: true, force: true });
  });
  const fake = fileURLToPath(new URL('../../test/fixtures/fake-child.mjs', import.meta.url));

  it('runs code-graph in this process: no child starts, and the answer is its server’s', async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(path.join(root, 'main.ts'), 'export function main() { helper(); }\nfunction helper() {}\n');
    const children = new ChildServerManager(defaultChildren(), { oneShot: true });
    try {
      const result = await children.call('code-graph', 'callees', { root, symbol: 'main' });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ edges: [expect.objectContaining({ to: 'helper' })] });
      // Without the checker pass: its answers would come after the command has ended.
      expect(result.structuredContent).not.toHaveProperty('precise');
      expect(children.status('code-graph')).toBeUndefined();
      // A refusal is the server's too: an error result with its code, not a throw.
      const refused = await children.call('code-graph', 'callees', { root: 'relative', symbol: 'main' });
      expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: 'BAD_ROOT' } } });
      const invalid = await children.call('code-graph', 'callees', { root, symbol: 'main', depth: 99 });
      expect(invalid).toMatchObject({ isError: true, structuredContent: { error: { code: 'BAD_INPUT' } } });
    } finally {
      await children.shutdown();
    }
  });

  it('bounds an in-process call as a call to the child is bounded, and cancels it', async () => {
    let seen: AbortSignal | undefined;
    const hanging = {
      call: (_name: string, _args: Record<string, unknown>, ctx: { signal: AbortSignal }) => {
        seen = ctx.signal;
        return new Promise<never>(() => {});
      },
      close: () => {},
    };
    const children = new ChildServerManager(
      { ...defaultChildren(), 'code-graph': { command: 'unused', args: [], inProcess: async () => hanging } },
      { oneShot: true, callTimeoutMs: 100 },
    );
    await expect(children.call('code-graph', 'callers', { root, symbol: 'x' })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringMatching(/code-graph did not answer callers within 0.1 s/),
    });
    expect(seen?.aborted).toBe(true);
    await children.shutdown();
  });

  it('starts the child when its tools do not load here, and always when served', async () => {
    const spawned = { command: process.execPath, args: [fake] };
    for (const [commands, oneShot] of [
      [{ 'code-graph': { ...spawned, inProcess: () => Promise.reject(new Error('not here')) } }, true],
      [{ 'code-graph': { ...spawned, inProcess: () => Promise.reject(new Error('never asked')) } }, false],
    ] as const) {
      const children = new ChildServerManager(
        { ...defaultChildren(), ...commands } as ConstructorParameters<typeof ChildServerManager>[0],
        { oneShot },
      );
      try {
        const result = await children.call('code-graph', 'symbol_search', { root, query: 'q' });
        expect(result.structuredContent).toMatchObject({ pid: expect.any(Number) });
        expect(children.status('code-graph')).toMatchObject({ state: 'connected' });
      } finally {
        await children.shutdown();
      }
    }
  });
});
