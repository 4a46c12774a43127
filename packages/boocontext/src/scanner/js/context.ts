import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { FileFacts, Model } from '../types.js';
import { argsOf, field, stringOf } from './syntax.js';

/** What the detectors of one file share while its tree is walked. */
export interface JsContext {
  readonly rel: string;
  /** The file's text, for a detector to tell whether the file is worth a search of its tree. */
  readonly text: string;
  readonly facts: FileFacts;
  /** Router variables made in this file by a known factory: name → framework. */
  readonly routers: Map<string, string>;
  readonly env: Set<string>;
  readonly frameworks: Set<string>;
  /** Drizzle tables, listed after the file's other models. */
  readonly tables: Model[];
  /** Whether the file may hold JSX, so components are worth looking for. */
  readonly withComponents: boolean;
}

/**
 * One concern of the JS/TS reader (imports, routers, models…): what it does at each node type it
 * cares about, and what it reads from the whole tree once the walk is done.
 */
export interface JsDetector {
  readonly on: Readonly<Record<string, (node: Node, ctx: JsContext) => void>>;
  readonly finish?: (root: Node, ctx: JsContext) => void;
}

/** Names apps and routers conventionally have, for code that builds them out of our sight. */
export const CONVENTIONAL_OWNERS = /^(app|router|api|server|routes|fastify|instance|hono|r)$/i;

/** The object a call hangs off: `router` in `router.get(...)`, the root of a chain for `router.route('/x').get(...)`. */
export function ownerOf(expr: Node | undefined): string | undefined {
  let current = expr;
  while (current && (current.type === 'call_expression' || current.type === 'member_expression')) {
    // `args.app.get(…)`, `this.router.post(…)`: a router held in a property is owned by its name.
    if (current.type === 'member_expression') {
      const property = field(current, 'property')?.text ?? '';
      const object = field(current, 'object');
      if (CONVENTIONAL_OWNERS.test(property) && (object?.type === 'identifier' || object?.type === 'this'))
        return property;
    }
    current = field(current, current.type === 'call_expression' ? 'function' : 'object');
  }
  if (current?.type === 'identifier') return current.text;
  return current?.type === 'this' ? 'this' : undefined;
}

export const lineOf = (node: Node) => node.startPosition.row + 1;

export function calleeName(expr: Node | undefined): string | undefined {
  if (expr?.type === 'identifier') return expr.text;
  if (expr?.type === 'member_expression') return field(expr, 'property')?.text;
  return undefined;
}

export function objectProperty(obj: Node | undefined, name: string): Node | undefined {
  if (obj?.type !== 'object') return undefined;
  for (const prop of obj.namedChildren) {
    if (prop?.type !== 'pair') continue;
    const key = field(prop, 'key');
    const text = key?.type === 'string' ? stringOf(key) : key?.text;
    if (text === name) return field(prop, 'value');
  }
  return undefined;
}

/** A decorator's name, first string argument (`''` when it takes none) and its arguments' nodes. */
export type Decorator = { name: string; arg?: string; args: Node[] };

/** A decorator as a call: `@Get('x')`, `@Module({ … })`, or a bare `@Injectable`. */
export function decoratorCall(decorator: Node): Decorator | undefined {
  const expr = decorator.namedChild(0);
  if (expr?.type === 'call_expression' && field(expr, 'function')?.type === 'identifier') {
    const args = argsOf(expr);
    return {
      name: field(expr, 'function')?.text ?? '',
      arg: stringOf(args[0]) ?? (args.length === 0 ? '' : undefined),
      args,
    };
  }
  if (expr?.type === 'identifier') return { name: expr.text, arg: '', args: [] };
  return undefined;
}

/** Every detector at a class gets the same node object: its decorators are read once for all of them. */
const decoratorsRead = new WeakMap<Node, Decorator[]>();

/** The decorators of a class, including those written on the `export` statement that holds it. */
export function classDecorators(node: Node): Decorator[] {
  let found = decoratorsRead.get(node);
  if (!found) {
    const holder = node.parent?.type === 'export_statement' ? node.parent : node;
    found = [
      ...holder.childrenForFieldName('decorator'),
      ...(holder === node ? [] : node.childrenForFieldName('decorator')),
    ].flatMap((d) => (d ? (decoratorCall(d) ?? []) : []));
    decoratorsRead.set(node, found);
  }
  return found;
}

/** The line a declaration starts on, counting an `export` (and its decorators) in front of it. */
export const declarationLine = (node: Node) =>
  lineOf(node.parent?.type === 'export_statement' ? node.parent : node);

/** A class method with the decorators written above it, each read as a call. */
export interface DecoratedMethod {
  method: Node;
  name: string;
  decorators: Decorator[];
  /** Where the declaration starts: its first decorator's line. */
  line: number;
}

/** A method decorator of a class, with what a route it declares carries: lines and handler. */
export interface HandlerDecorator {
  call: Decorator;
  /** The method's name. */
  name: string;
  line: number;
  endLine: number;
  /** `Class.method`. */
  handler: string;
}

/**
 * Each decorator on the methods of a class that carries `classDecorator` (`@Resolver`,
 * `@WebSocketGateway`, `@Controller`): the readers of decorated handlers take their routes from these.
 */
export function* handlerDecorators(classNode: Node, classDecorator: string): Generator<HandlerDecorator> {
  if (!classDecorators(classNode).some((d) => d.name === classDecorator)) return;
  const className = field(classNode, 'name')?.text ?? 'anonymous';
  for (const { method, name, decorators, line } of decoratedMethods(classNode))
    for (const call of decorators)
      yield { call, name, line, endLine: method.endPosition.row + 1, handler: `${className}.${name}` };
}

/** The methods of a class body with their decorators (the body's children right before each method). */
export function* decoratedMethods(classNode: Node): Generator<DecoratedMethod> {
  let pending: Node[] = [];
  for (const member of field(classNode, 'body')?.namedChildren ?? []) {
    if (!member) continue;
    if (member.type === 'decorator') {
      pending.push(member);
      continue;
    }
    const name = member.type === 'method_definition' ? field(member, 'name')?.text : undefined;
    if (name && pending.length)
      yield {
        method: member,
        name,
        decorators: pending.flatMap((d) => decoratorCall(d) ?? []),
        line: lineOf(pending[0] as Node),
      };
    pending = [];
  }
}
