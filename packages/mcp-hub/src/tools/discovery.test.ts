import { describe, expect, it } from 'vitest';
import { screenTools } from './discovery.js';

const schema = { type: 'object', properties: {} };

describe('screenTools', () => {
  it('accepts annotated read-only and unannotated tools', () => {
    const { accepted, rejected } = screenTools([
      { name: 'a', inputSchema: schema, annotations: { readOnlyHint: true } },
      { name: 'b', description: 'B', inputSchema: schema },
    ]);
    expect(accepted.map((t) => t.originalName)).toEqual(['a', 'b']);
    expect(accepted[1]?.description).toBe('B');
    expect(rejected).toEqual([]);
  });

  it('rejects readOnlyHint: false with a reason', () => {
    const { accepted, rejected } = screenTools([
      { name: 'rm', inputSchema: schema, annotations: { readOnlyHint: false } },
    ]);
    expect(accepted).toEqual([]);
    expect(rejected[0]).toMatchObject({ name: 'rm', reason: expect.stringMatching(/readOnlyHint: false/) });
  });

  it('skips a tool with an invalid input schema alone', () => {
    const { accepted, rejected } = screenTools([
      { name: 'bad', inputSchema: { type: 'string' } },
      { name: 'worse', inputSchema: 'nope' },
      { name: 'good', inputSchema: schema },
      { description: 'no name' },
    ]);
    expect(accepted.map((t) => t.originalName)).toEqual(['good']);
    expect(rejected.map((r) => r.name)).toEqual(['bad', 'worse', '(unnamed)']);
    expect(rejected[0]?.reason).toMatch(/inputSchema.type must be "object"/);
  });
});
