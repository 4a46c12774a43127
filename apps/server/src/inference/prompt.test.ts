import type { Message, Part } from '@boocode/api-types';
import { describe, expect, it } from 'vitest';
import { buildConversation, fitContext, trimForModel } from './prompt.js';

let partId = 0;
const part = (p: Omit<Part, 'id'>): Part => ({ ...p, id: ++partId }) as Part;
const msg = (role: 'user' | 'assistant', parts: Part[], status: Message['status'] = 'complete'): Message => ({
  id: `m${++partId}`,
  role,
  turnId: 't',
  status,
  createdAt: 0,
  parts,
});

describe('buildConversation', () => {
  it('splits a stored turn into assistant steps followed by their tool results', () => {
    const conversation = buildConversation(
      'sys',
      [
        msg('user', [part({ type: 'text', text: 'q' })]),
        msg('assistant', [
          part({ type: 'text', text: 'looking' }),
          part({ type: 'tool_call', callId: 'a', name: 'grep', arguments: { pattern: 'x' } }),
          part({ type: 'tool_call', callId: 'b', name: 'view_file', arguments: { path: 'y' } }),
          part({
            type: 'tool_result',
            callId: 'b',
            name: 'view_file',
            output: 'Y',
            error: false,
            durationMs: 1,
          }),
          part({
            type: 'tool_result',
            callId: 'a',
            name: 'grep',
            output: 'bad regex',
            error: true,
            durationMs: 1,
          }),
          part({ type: 'notice', message: 'ignored' }),
          part({ type: 'text', text: 'answer' }),
        ]),
      ],
      1000,
    );
    expect(conversation).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: 'looking',
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'grep', arguments: '{"pattern":"x"}' } },
          { id: 'b', type: 'function', function: { name: 'view_file', arguments: '{"path":"y"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'Error: bad regex' },
      { role: 'tool', tool_call_id: 'b', content: 'Y' },
      { role: 'assistant', content: 'answer' },
    ]);
  });

  it('answers a tool call an interrupted turn left without a result', () => {
    const conversation = buildConversation(
      's',
      [
        msg(
          'assistant',
          [part({ type: 'tool_call', callId: 'z', name: 'grep', arguments: {} })],
          'interrupted',
        ),
      ],
      100,
    );
    expect(conversation.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'z',
      content: expect.stringMatching(/no result/),
    });
  });
});

describe('trimForModel and fitContext', () => {
  it('cuts results to the budget and says so', () => {
    expect(trimForModel('abc', 10)).toBe('abc');
    expect(trimForModel('a'.repeat(50), 10)).toMatch(/^a{10}\n\[40 more characters not shown/);
  });

  it('drops the oldest tool results first until the request fits', () => {
    const big = 'r'.repeat(2000);
    const messages = [
      { role: 'system' as const, content: 's' },
      { role: 'tool' as const, tool_call_id: '1', content: big },
      { role: 'tool' as const, tool_call_id: '2', content: big },
    ];
    const fitted = fitContext(messages, [], 1000);
    expect(fitted.compacted).toBe(1);
    expect(fitted.messages[1]).toMatchObject({ content: expect.stringMatching(/removed to fit/) });
    expect(fitted.messages[2]).toMatchObject({ content: big });
    expect(fitContext(messages, [], 100_000).compacted).toBe(0);
  });
});
