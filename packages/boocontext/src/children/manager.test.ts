import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../config.js';
import { childCommands, defaultChildren } from './manager.js';

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
      expect(children[name]).toEqual({
        command: process.execPath,
        args: [path.resolve(path.dirname(manifest), bin)],
      });
    }
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
