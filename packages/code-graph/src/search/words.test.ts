import { describe, expect, it } from 'vitest';
import { matchExpression, tokenize } from './words.js';

describe('tokenize', () => {
  it('splits camelCase, PascalCase, snake_case and paths', () => {
    expect(tokenize('DispatchQueue.runHTTPServer')).toEqual(['dispatch', 'queue', 'run', 'http', 'server']);
    expect(tokenize('parse_tool_result src/tools/result.ts')).toEqual([
      'parse',
      'tool',
      'result',
      'src',
      'tools',
      'result',
      'ts',
    ]);
  });
});

describe('matchExpression', () => {
  it('quotes every word, takes words of three letters or more as prefixes, all of them or any', () => {
    expect(matchExpression('dispatchQueue OR "x" id')).toBe('"dispatch"* AND "queue"* AND "or" AND "id"');
    expect(matchExpression('parse config', false)).toBe('"parse"* OR "config"*');
    expect(matchExpression('  ..  ')).toBeUndefined();
  });
});
