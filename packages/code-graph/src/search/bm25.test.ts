import { describe, expect, it } from 'vitest';
import { rankBm25, tokenize } from './bm25.js';

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

describe('rankBm25', () => {
  const docs = [
    {
      id: 1,
      fields: [
        { text: 'DispatchQueue', weight: 3 },
        { text: 'src/queue.ts', weight: 1 },
      ],
    },
    {
      id: 2,
      fields: [
        { text: 'sendMail', weight: 3 },
        { text: 'dispatches an email', weight: 1 },
      ],
    },
    { id: 3, fields: [{ text: 'parseConfig', weight: 3 }] },
  ];

  it('finds DispatchQueue for "dispatch" and ranks name matches above doc mentions', () => {
    expect(rankBm25(docs, 'dispatch').map((r) => r.id)).toEqual([1, 2]);
  });

  it('returns nothing for no matching terms', () => {
    expect(rankBm25(docs, 'zebra')).toEqual([]);
  });
});
