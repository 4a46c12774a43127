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

  it('refuses a tool with a malformed x-mcp-header and keeps the valid ones', () => {
    const { accepted, rejected } = screenTools([
      {
        name: 'valid',
        inputSchema: { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': 'Region' } } },
      },
      {
        name: 'num',
        inputSchema: { type: 'object', properties: { s: { type: 'number', 'x-mcp-header': 'Score' } } },
      },
    ]);
    expect(accepted.map((t) => [t.originalName, t.paramHeaders])).toEqual([
      ['valid', [{ property: 'r', header: 'Region' }]],
    ]);
    expect(rejected[0]).toMatchObject({
      name: 'num',
      reason: expect.stringMatching(/^invalid x-mcp-header/),
    });
  });

  it('keeps input and output schemas exactly as sent: $ref not followed, 2020-12 keywords kept', () => {
    // (if/then/else are kept alike; the conformance suite's preservation scenario sends them)
    const inputSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { id: { $anchor: 'id', type: 'string' } },
      properties: { id: { $ref: '#/$defs/id' }, profile: { $ref: 'https://example.com/profile.json' } },
      allOf: [{ required: ['id'] }],
      anyOf: [{ required: ['profile'] }],
      additionalProperties: false,
    };
    const outputSchema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const [tool] = screenTools([{ name: 'rich', inputSchema, outputSchema }]).accepted;
    expect(tool?.inputSchema).toStrictEqual(inputSchema);
    expect(tool?.outputSchema).toStrictEqual(outputSchema);
  });
});
