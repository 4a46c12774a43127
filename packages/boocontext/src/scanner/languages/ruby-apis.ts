import type { SyntaxNode as Node } from '@boocode/source-kit';
import { camelField, graphqlRoute } from '../graphql.js';
import type { FileFacts } from '../types.js';
import { wsRoute } from '../websocket.js';
import { line } from './syntax.js';

/** A graphql-ruby root type by its class name: `QueryType`, `Types::MutationType`. */
const operationOf = (className: string) =>
  /(Query|Mutation|Subscription)(?:Type)?$/.exec(className)?.[1]?.toUpperCase();

const symbolText = (n: Node | null | undefined) => n?.text.replace(/^:|^["']|["']$/g, '');

/**
 * graphql-ruby root types (`class QueryType < Types::BaseObject`): each `field :name` is a route,
 * camel-cased as graphql-ruby serves it (unless `camelize: false`), served by the class's method
 * of that name, or by the `resolver:`/`mutation:` class it names.
 */
export function readGraphqlRubyType(node: Node, facts: FileFacts): boolean {
  const className = node.childForFieldName('name')?.text ?? '';
  const operation = operationOf(className);
  if (!operation || !node.childForFieldName('superclass')) return false;
  const body = node.namedChildren.find((c) => c?.type === 'body_statement');
  const methods = new Map<string, Node>();
  for (const stmt of body?.namedChildren ?? [])
    if (stmt?.type === 'method') methods.set(stmt.childForFieldName('name')?.text ?? '', stmt);
  let found = false;
  for (const stmt of body?.namedChildren ?? []) {
    if (stmt?.type !== 'call' || stmt.childForFieldName('method')?.text !== 'field') continue;
    const args = stmt.childForFieldName('arguments')?.namedChildren ?? [];
    const name = symbolText(args[0]);
    if (!name || !/^\w+$/.test(name)) continue;
    const options = new Map(
      args.flatMap((a) =>
        a?.type === 'pair'
          ? [
              [
                symbolText(a.childForFieldName('key'))?.replace(/:$/, '') ?? '',
                a.childForFieldName('value'),
              ] as const,
            ]
          : [],
      ),
    );
    const served = options.get('resolver') ?? options.get('mutation');
    const method = methods.get(options.has('method') ? (symbolText(options.get('method')) ?? name) : name);
    found = true;
    facts.routes.push(
      graphqlRoute(
        operation,
        options.get('camelize')?.text === 'false' ? name : camelField(name),
        line(method ?? stmt),
        'graphql',
        {
          endLine: (method ?? stmt).endPosition.row + 1,
          handler: served ? `${served.text}#resolve` : `${className}#${name}`,
        },
      ),
    );
  }
  return found;
}

/** ActionCable's callbacks: the subscription's own, not actions a client performs. */
const CABLE_CALLBACKS = new Set(['subscribed', 'unsubscribed']);

/**
 * ActionCable channels (`class ChatChannel < ApplicationCable::Channel`): the channel a client
 * subscribes to by its class name, and each public method an action it performs (`ChatChannel#speak`).
 */
export function readCableChannel(node: Node, facts: FileFacts): boolean {
  const className = node.childForFieldName('name')?.text ?? '';
  if (!/\bChannel$/.test(node.childForFieldName('superclass')?.text ?? '') || !/Channel$/.test(className))
    return false;
  facts.routes.push(wsRoute(className, line(node), 'actioncable', { handler: `${className}#subscribed` }));
  const body = node.namedChildren.find((c) => c?.type === 'body_statement');
  for (const stmt of body?.namedChildren ?? []) {
    // `private` ends the actions: what follows is the channel's own.
    if (stmt?.type === 'identifier' && stmt.text === 'private') break;
    const name = stmt?.type === 'method' ? stmt.childForFieldName('name')?.text : undefined;
    if (!stmt || !name || CABLE_CALLBACKS.has(name)) continue;
    facts.routes.push(
      wsRoute(`${className}#${name}`, line(stmt), 'actioncable', {
        endLine: stmt.endPosition.row + 1,
        handler: `${className}#${name}`,
      }),
    );
  }
  return true;
}
