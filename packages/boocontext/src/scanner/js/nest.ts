import type { SyntaxNode as Node } from '@boocode/source-kit';
import { classDecorators, decoratorCall, type JsContext, type JsDetector, lineOf } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

const NEST_METHODS: Record<string, string> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
  Head: 'HEAD',
  Options: 'OPTIONS',
  All: 'ALL',
};

/** `@Controller('users')` classes: each decorated method is a route under the controller's path. */
function readController(node: Node, ctx: JsContext): void {
  const controller = classDecorators(node).find((d) => d.name === 'Controller');
  if (!controller) return;
  ctx.frameworks.add('nestjs');
  const className = field(node, 'name')?.text ?? 'anonymous';
  // Method decorators are the class body's children right before the method they decorate.
  let pending: Node[] = [];
  for (const member of field(node, 'body')?.namedChildren ?? []) {
    if (!member) continue;
    if (member.type === 'decorator') {
      pending.push(member);
      continue;
    }
    if (member.type === 'method_definition') {
      for (const d of pending) {
        const call = decoratorCall(d);
        const method = call && NEST_METHODS[call.name];
        if (method && call.arg !== undefined)
          ctx.facts.routes.push({
            method,
            path: `/${[controller.arg ?? '', call.arg].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
            line: lineOf(pending[0] ?? member),
            endLine: member.endPosition.row + 1,
            framework: 'nestjs',
            owner: '*nest*',
            handler: `${className}.${field(member, 'name')?.text ?? ''}`,
          });
      }
    }
    pending = [];
  }
}

/** `app.setGlobalPrefix('api')`: every controller's routes are served under it. */
function readGlobalPrefix(node: Node, ctx: JsContext): void {
  const fn = field(node, 'function');
  if (fn?.type !== 'member_expression' || field(fn, 'property')?.text !== 'setGlobalPrefix') return;
  const prefix = stringOf(argsOf(node)[0]);
  if (prefix === undefined) return;
  ctx.facts.globalPrefixes = [...(ctx.facts.globalPrefixes ?? []), { framework: 'nestjs', prefix }];
}

/** NestJS controllers and their routes, and the global prefix they are served under. */
export const nest: JsDetector = {
  on: {
    class_declaration: readController,
    abstract_class_declaration: readController,
    call_expression: readGlobalPrefix,
  },
};
