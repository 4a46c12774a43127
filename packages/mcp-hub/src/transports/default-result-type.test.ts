import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { withDefaultResultType } from './default-result-type.js';

function received(message: JSONRPCMessage): JSONRPCMessage | undefined {
  const transport = withDefaultResultType({
    start: async () => {},
    send: async () => {},
    close: async () => {},
  } as Transport);
  let got: JSONRPCMessage | undefined;
  transport.onmessage = (m) => {
    got = m;
  };
  // The transport delivers through its own property, as the SDK's transports do.
  transport.onmessage?.(message);
  return got;
}

describe('withDefaultResultType (SEP-2322)', () => {
  it('reads a result with no resultType as complete', () => {
    expect(received({ jsonrpc: '2.0', id: 3, result: { content: [] } })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [], resultType: 'complete' },
    });
  });

  it('leaves a stated resultType, errors, requests and notifications as they came', () => {
    const asked = {
      jsonrpc: '2.0',
      id: 4,
      result: { resultType: 'input_required', requestState: 's' },
    } as const;
    expect(received(asked)).toEqual(asked);
    const failed = { jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'no' } } as const;
    expect(received(failed)).toEqual(failed);
    const note = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    } as const;
    expect(received(note)).toEqual(note);
  });

  it('hands nothing on before a handler is set', () => {
    const transport = withDefaultResultType({
      start: async () => {},
      send: async () => {},
      close: async () => {},
    } as Transport);
    expect(transport.onmessage).toBeUndefined();
  });
});
