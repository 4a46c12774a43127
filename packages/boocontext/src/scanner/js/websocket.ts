import type { SyntaxNode as Node } from '@boocode/source-kit';
import { LIFECYCLE_EVENTS, wsRoute } from '../websocket.js';
import { handlerDecorators, type JsContext, type JsDetector, lineOf } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

/** The parameters' names of the functions around `node` (innermost first). */
function enclosingParams(node: Node): Set<string> {
  const names = new Set<string>();
  for (let up = node.parent; up; up = up.parent) {
    if (!/^(arrow_function|function_expression|function_declaration|method_definition)$/.test(up.type))
      continue;
    const params = field(up, 'parameters') ?? field(up, 'parameter');
    for (const p of params?.type === 'identifier' ? [params] : (params?.namedChildren ?? [])) {
      const name = p?.type === 'identifier' ? p.text : field(p, 'pattern')?.text;
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * socket.io's server side: `socket.on('chat:message', handler)` on a socket a function is handed
 * (the `connection` callback's in a file importing socket.io, or a handler module's
 * `(io, socket) => …`), in a file that is no socket.io client (a client's `socket.on` listens to
 * what a server emits).
 */
function readSocketHandler(node: Node, ctx: JsContext): void {
  const fn = field(node, 'function');
  if (fn?.type !== 'member_expression' || field(fn, 'property')?.text !== 'on') return;
  const socket = field(fn, 'object');
  const [eventArg, handler] = argsOf(node);
  const event = stringOf(eventArg);
  if (socket?.type !== 'identifier' || !event || LIFECYCLE_EVENTS.has(event) || !handler) return;
  if (ctx.facts.imports.some((i) => i.spec === 'socket.io-client')) return;
  const params = enclosingParams(node);
  // A server file, or a handler module handed the server and a socket (`(io, socket) => …`): a
  // TCP or stream `client.on('data')` elsewhere is no WebSocket event.
  if (!params.has(socket.text)) return;
  if (!ctx.facts.imports.some((i) => i.spec === 'socket.io') && !params.has('io')) return;
  ctx.frameworks.add('socket.io');
  ctx.facts.routes.push(
    wsRoute(event, lineOf(node), 'socket.io', {
      endLine: node.endPosition.row + 1,
      ...(handler.type === 'identifier' || handler.type === 'member_expression'
        ? { handler: handler.text }
        : {}),
    }),
  );
}

/** NestJS gateways: `@SubscribeMessage('events')` on a `@WebSocketGateway()` class's methods. */
function readGateway(node: Node, ctx: JsContext): void {
  for (const { call, line, endLine, handler } of handlerDecorators(node, 'WebSocketGateway')) {
    if (call.name !== 'SubscribeMessage' || !call.arg) continue;
    ctx.frameworks.add('nestjs');
    ctx.facts.routes.push(wsRoute(call.arg, line, 'nestjs', { endLine, handler }));
  }
}

/** WebSocket event handlers a Node server registers. */
export const websocket: JsDetector = {
  on: {
    call_expression: readSocketHandler,
    class_declaration: readGateway,
  },
};
