import type { SyntaxNode as Node } from '@boocode/source-kit';
import { camelField, graphqlRoute } from '../graphql.js';
import type { FileFacts } from '../types.js';
import { keywordArg } from './python-syntax.js';
import { line, unquote } from './syntax.js';

const FRAMEWORK = 'graphql';

/** A root type's operation by its class name: `Query`, `ArticleQuery` (merged into the root), `Mutation`… */
const operationOfClass = (name: string) => /(Query|Mutation|Subscription)$/.exec(name)?.[1]?.toUpperCase();

/** `@strawberry.field`, `@strawberry.mutation(name="x")`, `@strawberry.field()`: the decorator's name and call. */
function strawberryDecorator(decorator: Node | null): { kind: string; call?: Node } | undefined {
  const expr = decorator?.namedChild(0);
  const target = expr?.type === 'call' ? expr.childForFieldName('function') : expr;
  const kind = /^strawberry\.(type|field|mutation|subscription)$/.exec(target?.text ?? '')?.[1];
  return kind ? { kind, ...(expr?.type === 'call' ? { call: expr } : {}) } : undefined;
}

/** A keyword argument's string (`name="allArticles"`). */
const keywordString = (call: Node | undefined, name: string): string | undefined =>
  unquote(keywordArg(call?.childForFieldName('arguments'), name));

const decoratorsOf = (node: Node) =>
  node.parent?.type === 'decorated_definition'
    ? node.parent.namedChildren.filter((c) => c?.type === 'decorator')
    : [];

/**
 * Strawberry root types (`@strawberry.type class Query:`): methods under `@strawberry.field` /
 * `mutation` / `subscription`, and `x: T = strawberry.field(resolver=f)`. Field names camel-cased,
 * as Strawberry serves them, unless `name=` says otherwise.
 */
function readStrawberry(node: Node, className: string, operation: string, facts: FileFacts): void {
  for (const stmt of node.childForFieldName('body')?.namedChildren ?? []) {
    if (stmt?.type === 'decorated_definition') {
      const fn = stmt.childForFieldName('definition');
      const name = fn?.childForFieldName('name')?.text;
      const decorator = stmt.namedChildren.map(strawberryDecorator).find((d) => d && d.kind !== 'type');
      if (!fn || !name || !decorator) continue;
      const field = keywordString(decorator.call, 'name') ?? camelField(name);
      facts.routes.push(
        graphqlRoute(operation, field, line(stmt), FRAMEWORK, {
          endLine: stmt.endPosition.row + 1,
          handler: `${className}.${name}`,
        }),
      );
      continue;
    }
    const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
    const value = assign?.type === 'assignment' ? assign.childForFieldName('right') : undefined;
    const target = assign?.childForFieldName('left')?.text;
    const callee = value?.type === 'call' ? value.childForFieldName('function')?.text : undefined;
    if (!assign || !target || !/^strawberry\.(field|mutation|subscription)$/.test(callee ?? '')) continue;
    // `strawberry.field(resolver=overdue_loans)`: the function named serves it.
    const resolver = value
      ?.childForFieldName('arguments')
      ?.namedChildren.find(
        (a) => a?.type === 'keyword_argument' && a.childForFieldName('name')?.text === 'resolver',
      );
    facts.routes.push(
      graphqlRoute(
        operation,
        keywordString(value ?? undefined, 'name') ?? camelField(target),
        line(assign),
        FRAMEWORK,
        {
          handler: resolver?.childForFieldName('value')?.text ?? `${className}.${target}`,
        },
      ),
    );
  }
}

/**
 * graphene root types (`class Query(graphene.ObjectType)`): each attribute made by a call
 * (`graphene.List(…)`, `CreateArticle.Field()`) is a field, served by its `resolve_<name>` method
 * where the class has one.
 */
function readGraphene(node: Node, className: string, operation: string, facts: FileFacts): void {
  const body = node.childForFieldName('body')?.namedChildren ?? [];
  const resolvers = new Map<string, Node>();
  for (const stmt of body) {
    const fn = stmt?.type === 'decorated_definition' ? stmt.childForFieldName('definition') : stmt;
    const name = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
    if (stmt && name?.startsWith('resolve_')) resolvers.set(name.slice('resolve_'.length), stmt);
  }
  for (const stmt of body) {
    const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
    const target = assign?.type === 'assignment' ? assign.childForFieldName('left') : undefined;
    const value = assign?.childForFieldName('right');
    if (!assign || target?.type !== 'identifier' || value?.type !== 'call') continue;
    const resolver = resolvers.get(target.text);
    // `create_article = CreateArticle.Field()`: the mutation class serves it (`mutate`).
    const mutationClass = /^(\w+)\.Field$/.exec(value.childForFieldName('function')?.text ?? '')?.[1];
    facts.routes.push(
      graphqlRoute(operation, camelField(target.text), line(resolver ?? assign), FRAMEWORK, {
        ...(resolver ? { endLine: resolver.endPosition.row + 1 } : {}),
        handler: resolver
          ? `${className}.resolve_${target.text}`
          : mutationClass && mutationClass !== 'graphene'
            ? `${mutationClass}.mutate`
            : `${className}.${target.text}`,
      }),
    );
  }
}

/** A Python class that is a GraphQL root type of Strawberry or graphene: its fields as routes. */
export function readGraphqlClass(node: Node, bases: string[], facts: FileFacts): boolean {
  const className = node.childForFieldName('name')?.text ?? '';
  const operation = operationOfClass(className);
  if (!operation) return false;
  if (decoratorsOf(node).some((d) => strawberryDecorator(d)?.kind === 'type'))
    readStrawberry(node, className, operation, facts);
  else if (bases.includes('ObjectType') && facts.imports.some((i) => /^graphene\b/.test(i.spec)))
    readGraphene(node, className, operation, facts);
  else return false;
  return true;
}

/** Ariadne's bindables, by variable: `query = QueryType()`, `mutation = ObjectType("Mutation")`. */
export function ariadneBindable(call: Node): string | undefined {
  const fn = call.childForFieldName('function')?.text ?? '';
  const named = /^(Query|Mutation|Subscription)Type$/.exec(fn)?.[1];
  if (named) return named.toUpperCase();
  if (fn !== 'ObjectType') return undefined;
  return operationOfClass(unquote(call.childForFieldName('arguments')?.namedChild(0)) ?? '');
}

/** `@query.field("articles")` on a resolver function, its bindable made in this file: a route it serves. */
export function readAriadneField(
  decorated: Node,
  call: Node,
  bindables: ReadonlyMap<string, string>,
  facts: FileFacts,
): boolean {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'attribute' || fn.childForFieldName('attribute')?.text !== 'field') return false;
  const operation = bindables.get(fn.childForFieldName('object')?.text ?? '');
  const name = unquote(call.childForFieldName('arguments')?.namedChild(0));
  const handler = decorated.childForFieldName('definition')?.childForFieldName('name')?.text;
  if (!operation || !name) return false;
  facts.routes.push(
    graphqlRoute(operation, name, line(decorated), FRAMEWORK, {
      endLine: decorated.endPosition.row + 1,
      handler: handler ?? name,
    }),
  );
  return true;
}
