import { describe, expect, it } from 'vitest';
import { capOutput, RawCallToolResult, toHostResult } from './result.js';

const host = (raw: unknown, cap?: number) => toHostResult(RawCallToolResult.parse(raw), cap);

describe('toHostResult', () => {
  it('joins text blocks with newlines', () => {
    expect(
      host({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toEqual({
      error: false,
      output: 'a\nb',
    });
  });

  it('describes images and audio instead of inlining base64', () => {
    const data = 'A'.repeat(4096);
    const out = host({ content: [{ type: 'image', data, mimeType: 'image/png' }] }).output;
    expect(out).toBe('[image: image/png, 3.0 KB]');
    expect(host({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }).output).toBe(
      '[audio: audio/wav, 3 B]',
    );
  });

  it('keeps the blocks and structured result for a host that asks, unless they exceed the cap', () => {
    const raw = RawCallToolResult.parse({
      content: [
        { type: 'text', text: 'see' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
      structuredContent: { answer: 42 },
    });
    expect(toHostResult(raw)).toEqual({ error: false, output: 'see\n[image: image/png, 3 B]' });
    expect(toHostResult(raw, undefined, { content: true })).toMatchObject({
      content: [
        { type: 'text', text: 'see' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ],
      structuredContent: { answer: 42 },
    });
    const big = RawCallToolResult.parse({
      content: [{ type: 'image', data: 'A'.repeat(400), mimeType: 'image/png' }],
    });
    const capped = toHostResult(big, 100, { content: true });
    expect(capped.content).toBeUndefined();
    expect(capped.output).toBe('[image: image/png, 300 B]');
  });

  it('renders resources as JSON without binary blobs', () => {
    const out = host({
      content: [{ type: 'resource', resource: { uri: 'file:///a', blob: 'QUJD', mimeType: 'x/y' } }],
    }).output;
    const parsed = JSON.parse(out);
    expect(parsed.resource.uri).toBe('file:///a');
    expect(parsed.resource.blob).toMatch(/omitted/);
    expect(host({ content: [{ type: 'resource_link', uri: 'file:///b', name: 'b' }] }).output).toContain(
      'file:///b',
    );
  });

  it('falls back to structuredContent when there is no text, and to (no output)', () => {
    expect(host({ content: [], structuredContent: { n: 1 } }).output).toBe('{"n":1}');
    expect(host({ content: [] }).output).toBe('(no output)');
    expect(host({}).output).toBe('(no output)');
  });

  it('flags isError results', () => {
    expect(host({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({
      error: true,
      output: 'bad',
    });
  });
});

describe('capOutput', () => {
  it('cuts at the byte cap on a character boundary and says how much was cut', () => {
    const text = 'é'.repeat(10); // 20 bytes
    const capped = capOutput({ error: false, output: text }, 5);
    expect(capped.truncated).toBe(true);
    expect(capped.output.startsWith('éé')).toBe(true);
    expect(capped.output).not.toContain('\uFFFD');
    expect(capped.output).toMatch(/truncated: 16 of 20 bytes cut/);
  });

  it('leaves results under the cap alone', () => {
    expect(capOutput({ error: false, output: 'ok' }, 5)).toEqual({ error: false, output: 'ok' });
  });
});
