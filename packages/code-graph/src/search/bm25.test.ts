import { describe, expect, it } from 'vitest';
import { Bm25Index, tokenize } from './bm25.js';

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

describe('Bm25Index', () => {
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
    expect(new Bm25Index(docs).rank('dispatch').map((r) => r.id)).toEqual([1, 2]);
  });

  it('ranks only the documents a filter keeps', () => {
    expect(new Bm25Index(docs).rank('dispatch', (id) => id !== 1).map((r) => r.id)).toEqual([2]);
  });

  it('returns nothing for no matching terms', () => {
    expect(new Bm25Index(docs).rank('zebra')).toEqual([]);
  });
});
