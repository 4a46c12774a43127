import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * SEP-2322: a result that names no `resultType` is `complete`, and a client must read it so. The
 * SDK (2.4.0) refuses such a result from a 2026-07-28 server outright; the conformance suite holds
 * clients to the rule. Responses are given the default before the SDK reads them; nothing else is
 * touched.
 */
export function withDefaultResultType<T extends Transport>(transport: T): T {
  let handler: Transport['onmessage'];
  const defaulted: NonNullable<Transport['onmessage']> = (message, extra) =>
    handler?.(completeByDefault(message), extra);
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    enumerable: true,
    get: () => (handler ? defaulted : undefined),
    set: (next: Transport['onmessage']) => {
      handler = next;
    },
  });
  return transport;
}

function completeByDefault(message: JSONRPCMessage): JSONRPCMessage {
  if (!('result' in message) || !('id' in message)) return message;
  const result = message.result as Record<string, unknown> | undefined;
  if (typeof result !== 'object' || result === null || Array.isArray(result) || 'resultType' in result)
    return message;
  return { ...message, result: { ...result, resultType: 'complete' } } as JSONRPCMessage;
}
