import type { SyntaxNode as Node } from '@boocode/source-kit';
import { rpcRoute } from '../grpc.js';
import { upperFirst } from '../languages/syntax.js';
import { handlerDecorators, type JsContext, type JsDetector, lineOf } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

/**
 * `server.addService(proto.helloworld.Greeter.service, { sayHello })` (@grpc/grpc-js) and
 * `addService(GreeterService, impl)` (generated service definitions): each method of the object
 * an RPC of that service.
 */
function readAddService(node: Node, ctx: JsContext): void {
  const fn = field(node, 'function');
  if (fn?.type !== 'member_expression' || field(fn, 'property')?.text !== 'addService') return;
  const [definition, impl] = argsOf(node);
  const service =
    /(\w+)\.service$/.exec(definition?.text ?? '')?.[1] ?? /^(\w+)Service$/.exec(definition?.text ?? '')?.[1];
  if (!service || impl?.type !== 'object') return;
  for (const entry of impl.namedChildren) {
    if (!entry) continue;
    const key =
      entry.type === 'shorthand_property_identifier'
        ? entry
        : field(entry, entry.type === 'pair' ? 'key' : 'name');
    const method = key?.type === 'string' ? stringOf(key) : key?.text;
    if (!method || !/^\w+$/.test(method)) continue;
    ctx.frameworks.add('grpc');
    const implementation = entry.type === 'pair' ? implementationOf(field(entry, 'value')) : undefined;
    ctx.facts.routes.push(
      rpcRoute(service, method, lineOf(entry), {
        endLine: entry.endPosition.row + 1,
        ...(implementation ? { handler: implementation } : {}),
      }),
    );
  }
}

/** The function a method is implemented by, by name: `charge: Server.chargeHandler.bind(this)`, `check: health.check`. */
function implementationOf(value: Node | null | undefined): string | undefined {
  const bound =
    value?.type === 'call_expression' && field(field(value, 'function'), 'property')?.text === 'bind'
      ? field(field(value, 'function'), 'object')
      : value;
  const name = bound?.text ?? '';
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name) && !name.startsWith('this.') ? name : undefined;
}

/** NestJS microservices: `@GrpcMethod('HeroService', 'FindOne')` on a controller's method. */
function readGrpcMethods(node: Node, ctx: JsContext): void {
  for (const { call, name, line, endLine, handler } of handlerDecorators(node, 'Controller')) {
    const service = call.name === 'GrpcMethod' ? call.arg : undefined;
    if (!service) continue;
    ctx.frameworks.add('grpc');
    ctx.facts.routes.push(
      rpcRoute(service, stringOf(call.args[1]) ?? upperFirst(name), line, { endLine, handler }),
    );
  }
}

/** gRPC services a Node server implements. */
export const grpc: JsDetector = {
  on: {
    call_expression: readAddService,
    class_declaration: readGrpcMethods,
  },
};
