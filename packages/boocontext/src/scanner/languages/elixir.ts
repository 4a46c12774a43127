import { camelField, graphqlRoute } from '../graphql.js';
import { emptyFacts, type FileFacts, joinPaths, type LocalRoute } from '../types.js';
import { wsRoute } from '../websocket.js';
import { resourceRoutes, singular } from './syntax.js';

/**
 * Elixir, read line by line from its text (no grammar ships for it): a Phoenix router's scopes,
 * verbs and resources, and Ecto schemas. Router and schema macros are written one call a line,
 * their blocks opened by `do` and closed by `end`.
 */

const VERBS = new Set([
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'options',
  'head',
  'match',
  'live',
  'forward',
]);
/** Phoenix names the destroy action `delete`. */
const actionOf = (role: string) => (role === 'destroy' ? 'delete' : role);

/** `:new, :edit` or `[:new, :edit]` → the atoms. */
const atoms = (text: string | undefined) => [...(text ?? '').matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** A macro call's parts: the name, its first string, the rest of its arguments, whether it opens a block. */
const CALL = /^\s*(\w+)[\s(]+"([^"]*)"(.*?)\)?\s*(do)?\s*$/;

export function scanElixir(rel: string, text: string): FileFacts {
  const facts = emptyFacts('elixir');
  const lines = text.split('\n');
  /** Open `do` blocks: a scope or resource adds to the path; any other block adds nothing. */
  const stack: string[] = [];
  const router = /\buse\s+\w[\w.]*,\s*:router\b|\buse\s+Phoenix\.Router\b/.test(text);
  const path = () => joinPaths(...stack);
  let schema: { name: string; line: number; fields: string[] } | undefined;
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '');
    const lineNo = index + 1;
    const call = CALL.exec(line);
    const opens = /\bdo\s*$/.test(line) || /\bfn\b.*->\s*$/.test(line);
    const closes = /^\s*end\b/.test(line);
    for (const m of line.matchAll(/^\s*alias\s+([\w.]+)|^\s*(?:import|use)\s+([\w.]+)/g))
      facts.imports.push({ spec: (m[1] ?? m[2]) as string, line: lineNo });
    if (/^\s*schema\s+"/.test(line) && call) schema = { name: call[2] as string, line: lineNo, fields: [] };
    else if (schema && !closes) {
      const field = /^\s*field[\s(]+:(\w+)/.exec(line);
      if (field?.[1]) schema.fields.push(field[1]);
    }
    if (router && call) {
      const [, name = '', written = '', rest = ''] = call;
      if (name === 'scope') {
        stack.push(written);
        return;
      }
      if (name === 'resources' || name === 'resource') {
        const only = /\bonly:\s*\[([^\]]*)\]/.exec(rest)?.[1];
        const except = atoms(/\bexcept:\s*\[([^\]]*)\]/.exec(rest)?.[1]);
        const singleton = name === 'resource' || /\bsingleton:\s*true/.test(rest);
        const base = joinPaths(path(), written);
        const controller = /^\s*,\s*([\w.]+)/.exec(rest)?.[1];
        for (const { role, method, sub } of resourceRoutes(singleton)) {
          const action = actionOf(role);
          if ((only && !atoms(only).includes(action)) || except.includes(action)) continue;
          facts.routes.push({
            method,
            path: joinPaths(base, sub),
            line: lineNo,
            framework: 'phoenix',
            owner: '*phoenix*',
            ...(controller ? { handler: `${controller}.${action}` } : {}),
          });
        }
        if (call[4]) {
          const segment = written.split('/').filter(Boolean).pop() ?? '';
          stack.push(singleton ? written : joinPaths(written, `:${singular(segment)}_id`));
        }
        return;
      }
      if (VERBS.has(name)) {
        const method =
          name === 'live' ? 'GET' : name === 'forward' || name === 'match' ? 'ALL' : name.toUpperCase();
        const handler = /^\s*,\s*([\w.]+)(?:\s*,\s*:(\w+))?/.exec(rest);
        facts.routes.push({
          method,
          path: joinPaths(path(), written),
          line: lineNo,
          framework: 'phoenix',
          owner: '*phoenix*',
          ...(handler?.[1] ? { handler: handler[2] ? `${handler[1]}.${handler[2]}` : handler[1] } : {}),
        });
      }
    }
    if (opens) stack.push('');
    else if (closes) {
      stack.pop();
      if (schema && stack.length <= 1) {
        facts.models.push({
          name: schema.name,
          orm: 'ecto',
          file: rel,
          line: schema.line,
          fields: schema.fields,
        });
        schema = undefined;
      }
    }
  });
  if (/\bAbsinthe\.Schema\b/.test(text)) facts.routes.push(...absintheRoutes(lines));
  facts.routes.push(...channelRoutes(text, lines));
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))].sort();
  return facts;
}

/**
 * Phoenix channels: a socket's `channel "room:*", MyAppWeb.RoomChannel` (the topic a client joins)
 * and a channel's `handle_in("new_msg", …)` clauses (the events it handles), each once.
 */
function channelRoutes(text: string, lines: string[]): LocalRoute[] {
  const socket = /\bPhoenix\.Socket\b/.test(text);
  const module = /^\s*defmodule\s+([\w.]+)/m.exec(text)?.[1] ?? '';
  const channel = /\buse\s+(?:Phoenix\.Channel\b|[\w.]+,\s*:channel\b)/.test(text);
  if (!socket && !channel) return [];
  const routes: LocalRoute[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '');
    const joined = socket ? /^\s*channel\s+"([^"]+)"\s*,\s*([\w.]+)/.exec(line) : null;
    const handled = channel ? /^\s*def\s+handle_in\s*\(\s*"([^"]+)"/.exec(line) : null;
    const event = joined?.[1] ?? handled?.[1];
    if (!event || seen.has(event)) return;
    seen.add(event);
    routes.push(
      wsRoute(event, index + 1, 'phoenix', { handler: joined ? `${joined[2]}.join` : `${module}.handle_in` }),
    );
  });
  return routes;
}

/** `query do`, `mutation do`, and objects of fields merged into them (`object :book_queries do`). */
const ABSINTHE_ROOT =
  /^(\s*)(?:(query|mutation|subscription)|object\s+:\w+_(quer|mutation|subscription)(?:ies|s))\s+do\s*$/;

/**
 * Absinthe's root fields: each `field :name` directly in a root block is a route, camel-cased as
 * Absinthe's default adapter serves it, its handler the function `resolve &Mod.fun/3` names.
 */
function absintheRoutes(lines: string[]): LocalRoute[] {
  const routes: LocalRoute[] = [];
  let root: { indent: number; operation: string; fieldIndent?: number } | undefined;
  let current: LocalRoute | undefined;
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '');
    const opened = ABSINTHE_ROOT.exec(line);
    if (opened) {
      const kind = opened[2] ?? (opened[3] === 'quer' ? 'query' : opened[3]);
      root = { indent: (opened[1] ?? '').length, operation: (kind ?? 'query').toUpperCase() };
      return;
    }
    if (!root) return;
    const indent = /^\s*/.exec(line)?.[0].length ?? 0;
    if (/^\s*end\b/.test(line) && indent <= root.indent) {
      root = undefined;
      current = undefined;
      return;
    }
    const field = /^\s*field[\s(]+:(\w+)/.exec(line);
    // The block's fields are its first field's indentation: deeper ones belong to other blocks.
    if (field?.[1]) root.fieldIndent ??= indent;
    if (field?.[1] && indent === root.fieldIndent) {
      current = graphqlRoute(root.operation, camelField(field[1]), index + 1, 'graphql', {
        handler: field[1],
      });
      routes.push(current);
    }
    const resolver = /\bresolve[\s(]+&([\w.]+)\/\d/.exec(line)?.[1];
    if (resolver && current) current.handler = resolver;
  });
  return routes;
}
