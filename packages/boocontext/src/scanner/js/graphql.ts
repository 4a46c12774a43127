import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute, OPERATIONS, sdlOperations } from '../graphql.js';
import { upperFirst } from '../languages/syntax.js';
import { handlerDecorators, type JsContext, type JsDetector, lineOf, objectProperty } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

const FRAMEWORK = 'graphql';

/** A template's SDL with each `${…}` blanked (a fragment or a shared type spliced in says no field). */
function templateText(template: Node): string {
  const start = template.startIndex;
  let text = template.text;
  for (const part of template.namedChildren)
    if (part?.type === 'template_substitution') {
      const from = part.startIndex - start;
      const to = part.endIndex - start;
      text = text.slice(0, from) + text.slice(from, to).replace(/[^\n]/g, ' ') + text.slice(to);
    }
  return text.slice(1, -1);
}

/** The root fields a schema template declares (`gql\`type Query {…}\``, `typeDefs = \`…\``). */
function readSchemaTemplate(template: Node | undefined, ctx: JsContext): void {
  if (template?.type !== 'template_string') return;
  const found = sdlOperations(templateText(template), lineOf(template));
  if (!found.length) return;
  ctx.frameworks.add(FRAMEWORK);
  for (const op of found) ctx.facts.routes.push(graphqlRoute(op.method, op.path, op.line, FRAMEWORK));
}

/** A field's resolver in a map, as a route: `articles: (…) => …`, `articles(…) {…}`, `articles,`. */
function readResolverMap(type: string, map: Node, ctx: JsContext): void {
  const operation = OPERATIONS.get(type) ?? 'QUERY';
  for (const entry of map.namedChildren) {
    if (!entry) continue;
    const key =
      entry.type === 'pair' || entry.type === 'method_definition'
        ? field(entry, entry.type === 'pair' ? 'key' : 'name')
        : entry.type === 'shorthand_property_identifier'
          ? entry
          : undefined;
    const name = key?.type === 'string' ? stringOf(key) : key?.text;
    if (!name || !/^[_A-Za-z]\w*$/.test(name)) continue;
    ctx.frameworks.add(FRAMEWORK);
    ctx.facts.routes.push(
      graphqlRoute(operation, name, lineOf(entry), FRAMEWORK, {
        endLine: entry.endPosition.row + 1,
        handler: `${type}.${name}`,
      }),
    );
  }
}

/** `@Resolver()` classes (NestJS, TypeGraphQL): methods under `@Query`, `@Mutation`, `@Subscription`. */
function readResolverClass(node: Node, ctx: JsContext): void {
  for (const { call, name, line, endLine, handler } of handlerDecorators(node, 'Resolver')) {
    const operation = OPERATIONS.get(call.name);
    if (!operation) continue;
    // `@Query(() => [Article], { name: 'articles' })`, `@Query('articles')` (schema first), else the method's name.
    const named = call.args.map((a) => stringOf(objectProperty(a, 'name'))).find(Boolean);
    ctx.frameworks.add(FRAMEWORK);
    ctx.facts.routes.push(
      graphqlRoute(operation, named ?? (call.arg || name), line, FRAMEWORK, { endLine, handler }),
    );
  }
}

/** Pothos' and Nexus' `queryField('name', …)`, `builder.mutationField(…)`; `queryFields(t => ({ a, b }))`. */
const FIELD_CALLS = /^(query|mutation|subscription)Fields?$/;

function readFieldCall(node: Node, kind: string, ctx: JsContext): void {
  const operation = kind.toUpperCase();
  const args = argsOf(node);
  const named = stringOf(args[0]);
  if (named) {
    ctx.frameworks.add(FRAMEWORK);
    ctx.facts.routes.push(
      graphqlRoute(operation, named, lineOf(node), FRAMEWORK, {
        endLine: node.endPosition.row + 1,
        handler: `${upperFirst(kind)}.${named}`,
      }),
    );
    return;
  }
  // `(t) => ({ a: t.field(…), b: … })`: the object the builder function returns.
  let body = field(args[0], 'body');
  while (body?.type === 'parenthesized_expression') body = body.namedChild(0) ?? undefined;
  if (body?.type === 'object') readResolverMap(upperFirst(kind), body, ctx);
}

/** Nexus' `queryType({ definition(t) { t.field('x', …) } })` and types extending or named `Query`. */
const NEXUS_TYPES = new Map<string, string | undefined>([
  ['queryType', 'QUERY'],
  ['mutationType', 'MUTATION'],
  ['subscriptionType', 'SUBSCRIPTION'],
  ['objectType', undefined],
  ['extendType', undefined],
]);

function readNexusType(node: Node, callee: string, ctx: JsContext): void {
  const config = argsOf(node)[0];
  const typeName = stringOf(objectProperty(config, callee === 'extendType' ? 'type' : 'name'));
  const operation = NEXUS_TYPES.get(callee) ?? OPERATIONS.get(typeName ?? '');
  const definition = config?.namedChildren.find(
    (c) => c?.type === 'method_definition' && field(c, 'name')?.text === 'definition',
  );
  if (!operation || !definition) return;
  // `t.field('x')`, `t.nonNull.list.field('x')`, `t.string('x')`: a call on `t` naming a field.
  const visit = (n: Node) => {
    if (n.type === 'call_expression') {
      const fn = field(n, 'function');
      const named = stringOf(argsOf(n)[0]);
      if (fn?.type === 'member_expression' && named && /^t\b/.test(fn.text)) {
        ctx.frameworks.add(FRAMEWORK);
        ctx.facts.routes.push(
          graphqlRoute(operation, named, lineOf(n), FRAMEWORK, {
            endLine: n.endPosition.row + 1,
            handler: `${typeName ?? operation.toLowerCase()}.${named}`,
          }),
        );
        return;
      }
    }
    for (const child of n.namedChildren) if (child) visit(child);
  };
  visit(definition);
}

/**
 * GraphQL in JS/TS: schemas in `gql`/`graphql` templates, `typeDefs` and `buildSchema`; resolver
 * maps (`{ Query: { articles: … } }`), `@Resolver` classes, Pothos and Nexus field builders.
 */
export const graphql: JsDetector = {
  on: {
    call_expression(node, ctx) {
      // The callee's name once (every call of a parsed file passes here): `gql`, `builder.queryField`.
      const fn = field(node, 'function');
      const bare = fn?.type === 'identifier';
      const name = bare
        ? fn.text
        : fn?.type === 'member_expression'
          ? field(fn, 'property')?.text
          : undefined;
      if (!name) return;
      const template = field(node, 'arguments');
      const kind = FIELD_CALLS.exec(name)?.[1];
      if (template?.type === 'template_string') {
        if (bare && (name === 'gql' || name === 'graphql')) readSchemaTemplate(template, ctx);
      } else if (bare && name === 'buildSchema') readSchemaTemplate(argsOf(node)[0], ctx);
      else if (kind) readFieldCall(node, kind, ctx);
      else if (bare && NEXUS_TYPES.has(name)) readNexusType(node, name, ctx);
    },
    variable_declarator(node, ctx) {
      if (field(node, 'name')?.text === 'typeDefs') readSchemaTemplate(field(node, 'value'), ctx);
    },
    pair(node, ctx) {
      // Only an object or a template can be what is read here: the key's text is read after.
      const value = field(node, 'value');
      if (value?.type !== 'object' && value?.type !== 'template_string') return;
      const key = field(node, 'key')?.text ?? '';
      if (key === 'typeDefs') readSchemaTemplate(value, ctx);
      else if (value.type === 'object' && OPERATIONS.has(key)) readResolverMap(key, value, ctx);
    },
    class_declaration: readResolverClass,
  },
};
