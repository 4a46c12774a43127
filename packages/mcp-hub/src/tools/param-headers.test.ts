import { describe, expect, it } from 'vitest';
import { headersFor, headerValue, paramHeaders } from './param-headers.js';

const schema = (properties: Record<string, unknown>) => ({ type: 'object', properties });

describe('paramHeaders (SEP-2243)', () => {
  it('lists the annotated parameters of string, integer and boolean type', () => {
    expect(
      paramHeaders(
        schema({
          region: { type: 'string', 'x-mcp-header': 'Region' },
          tier: { type: 'integer', 'x-mcp-header': 'Tier' },
          verbose: { type: 'boolean', 'x-mcp-header': 'X-Verbose' },
          query: { type: 'string' },
        }),
      ),
    ).toEqual({
      headers: [
        { property: 'region', header: 'Region' },
        { property: 'tier', header: 'Tier' },
        { property: 'verbose', header: 'X-Verbose' },
      ],
    });
  });

  it.each([
    ['an empty name', { v: { type: 'string', 'x-mcp-header': '' } }, /non-empty/],
    ['a space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }, /not a valid header name/],
    ['a colon', { v: { type: 'string', 'x-mcp-header': 'Region:Primary' } }, /not a valid header name/],
    ['non-ASCII', { v: { type: 'string', 'x-mcp-header': 'Région' } }, /not a valid header name/],
    [
      'a control character',
      { v: { type: 'string', 'x-mcp-header': 'Region\t1' } },
      /not a valid header name/,
    ],
    ['an object', { v: { type: 'object', 'x-mcp-header': 'Data' } }, /not "object"/],
    ['an array', { v: { type: 'array', 'x-mcp-header': 'Items' } }, /not "array"/],
    ['null', { v: { type: 'null', 'x-mcp-header': 'Nil' } }, /not "null"/],
    ['a number', { v: { type: 'number', 'x-mcp-header': 'Score' } }, /not "number"/],
    [
      'one name twice, in any case',
      { a: { type: 'string', 'x-mcp-header': 'MyField' }, b: { type: 'string', 'x-mcp-header': 'myfield' } },
      /"a" and "b" both/,
    ],
  ])('refuses a tool whose annotation has %s', (_label, properties, reason) => {
    const result = paramHeaders(schema(properties));
    expect(result).toHaveProperty('problem');
    expect((result as { problem: string }).problem).toMatch(reason);
  });
});

describe('headerValue', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['us west 1', 'us west 1'],
    ['', ''],
    [42, '42'],
    [false, 'false'],
    ['Hello, 世界', `=?base64?${Buffer.from('Hello, 世界').toString('base64')}?=`],
    [' padded ', `=?base64?${Buffer.from(' padded ').toString('base64')}?=`],
    ['line1\r\nline2', `=?base64?${Buffer.from('line1\r\nline2').toString('base64')}?=`],
    ['\tindented', `=?base64?${Buffer.from('\tindented').toString('base64')}?=`],
  ])('carries %j as %j', (value, header) => {
    expect(headerValue(value)).toBe(header);
  });

  it('sends nothing for null or a missing value', () => {
    const params = [
      { property: 'region', header: 'Region' },
      { property: 'verbose', header: 'Verbose' },
      { property: 'tier', header: 'Tier' },
    ];
    expect(headersFor(params, { region: 'eu', verbose: null })).toEqual({ 'Mcp-Param-Region': 'eu' });
  });
});
