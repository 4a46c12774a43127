import { camelField, graphqlRoute } from '../graphql.js';
import { emptyFacts, type FileFacts, joinPaths, type LocalRoute, UNKNOWN_PART } from '../types.js';
import { wsRoute } from '../websocket.js';
import { resourceRoutes, singular } from './syntax.js';

/**
 * Elixir, read line by line from its text (no grammar ships for it): a Phoenix router's scopes,
 * verbs and resources, Plug routers (verbs, `forward … to:`), and Ecto schemas. Router and schema macros are written one call a line,
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

/** An open `do` block: the paths a scope or resource adds (several from a comprehension's values). */
interface Block {
  paths: string[];
  /** The module a scope names its controllers under (`scope "/admin", Admin do`). */
  alias?: string;
  /** `for prefix <- ["/", "/repos/:repository"] do`: the values a scope inside may be written with. */
  binding?: { name: string; values: string[] };
  /** `if Mix.env() in [:dev, :test] do`, `if Application.compile_env(:app, :dev_routes) do`: not served in production. */
  devOnly?: boolean;
}

/** A comprehension over literal strings: `for prefix <- ["/", "/orgs/:organization"] do`. */
const FOR_STRINGS = /^\s*for\s+(\w+)\s*<-\s*\[([^\]]*)\]\s*do\s*$/;
/** A scope written with a variable: `scope prefix do`, `scope prefix, Web.API do`. */
const SCOPE_VARIABLE = /^\s*scope[\s(]+([a-z_]\w*)\b[^"]*\bdo\s*$/;
/** A block only the development or test build has. */
const DEV_ONLY = /^\s*if\s+.*(\bMix\.env\b|\bdev_routes\b).*\bdo\s*$/;

/** The method a router verb serves: `live` a GET page, Plug's `match … via: :post` its method, `match`/`forward` every method. */
function verbMethod(name: string, rest: string): string {
  if (name === 'live') return 'GET';
  const via = name === 'match' ? /\bvia:\s*:(\w+)/.exec(rest)?.[1] : undefined;
  if (via) return via.toUpperCase();
  return name === 'forward' || name === 'match' ? 'ALL' : name.toUpperCase();
}

export function scanElixir(rel: string, text: string): FileFacts {
  const facts = emptyFacts('elixir');
  const lines = text.split('\n');
  const stack: Block[] = [];
  // A Plug router (`use Plug.Router`) is its module's: `forward "/users", to: UsersRouter` mounts one.
  const plug = /\buse\s+Plug\.Router\b/.test(text) ? /^\s*defmodule\s+([\w.]+)/m.exec(text)?.[1] : undefined;
  if (plug) facts.exportedRouters[plug] = plug;
  const router = plug !== undefined || /\buse\s+\w[\w.]*,\s*:router\b|\buse\s+Phoenix\.Router\b/.test(text);
  /** Every full path the open blocks make, one per choice of each comprehension's value. */
  const paths = (...more: string[]) =>
    stack
      .reduce<string[]>((acc, block) => acc.flatMap((a) => block.paths.map((p) => joinPaths(a, p))), [''])
      .map((p) => joinPaths(p, ...more));
  const valuesOf = (name: string) =>
    [...stack].reverse().find((b) => b.binding?.name === name)?.binding?.values ?? [UNKNOWN_PART];
  let schema: { name: string; line: number; fields: string[]; module?: string } | undefined;
  /** The module the line is in, as far as `defmodule` lines say: a schema's module is its name in code. */
  let module: string | undefined;
  lines.forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '');
    const lineNo = index + 1;
    const call = CALL.exec(line);
    module = /^\s*defmodule\s+([\w.]+)/.exec(line)?.[1] ?? module;
    const opens = /\bdo\s*$/.test(line) || /\bfn\b.*->\s*$/.test(line);
    const closes = /^\s*end\b/.test(line);
    for (const m of line.matchAll(/^\s*alias\s+([\w.]+)|^\s*(?:import|use)\s+([\w.]+)/g))
      facts.imports.push({ spec: (m[1] ?? m[2]) as string, line: lineNo });
    if (/^\s*schema\s+"/.test(line) && call)
      schema = { name: call[2] as string, line: lineNo, fields: [], ...(module ? { module } : {}) };
    else if (schema && !closes) {
      const field = /^\s*field[\s(]+:(\w+)/.exec(line);
      if (field?.[1]) schema.fields.push(field[1]);
    }
    const route = (method: string, path: string, written?: string) => {
      // The controller under the modules its scopes alias (`ChangelogWeb.Admin.PodcastController`).
      const aliases = stack.flatMap((b) => (b.alias ? [b.alias] : []));
      const handler = written && aliases.length ? [...aliases, written].join('.') : written;
      if (!stack.some((b) => b.devOnly))
        facts.routes.push({
          method,
          path,
          line: lineNo,
          framework: plug ? 'plug' : 'phoenix',
          owner: plug ?? '*phoenix*',
          ...(handler ? { handler } : {}),
        });
    };
    if (router) {
      const loop = FOR_STRINGS.exec(line);
      if (loop?.[1]) {
        const values = [...(loop[2] ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
        stack.push({ paths: [''], binding: { name: loop[1], values } });
        return;
      }
      const scoped = SCOPE_VARIABLE.exec(line);
      if (scoped?.[1]) {
        stack.push({ paths: valuesOf(scoped[1]) });
        return;
      }
      if (DEV_ONLY.test(line) && /:(dev|test)\b|dev_routes/.test(line) && !/:prod\b/.test(line)) {
        stack.push({ paths: [''], devOnly: true });
        return;
      }
    }
    if (router && call) {
      const [, name = '', written = '', rest = ''] = call;
      if (name === 'scope') {
        const alias = /^\s*,\s*([A-Z][\w.]*)/.exec(rest)?.[1] ?? /\balias:\s*([A-Z][\w.]*)/.exec(rest)?.[1];
        stack.push({ paths: [written], ...(alias ? { alias } : {}) });
        return;
      }
      if (name === 'resources' || name === 'resource') {
        const only = /\bonly:\s*\[([^\]]*)\]/.exec(rest)?.[1];
        const except = atoms(/\bexcept:\s*\[([^\]]*)\]/.exec(rest)?.[1]);
        const singleton = name === 'resource' || /\bsingleton:\s*true/.test(rest);
        const controller = /^\s*,\s*([\w.]+)/.exec(rest)?.[1];
        for (const base of paths(written))
          for (const { role, method, sub } of resourceRoutes(singleton)) {
            const action = actionOf(role);
            if ((only && !atoms(only).includes(action)) || except.includes(action)) continue;
            route(method, joinPaths(base, sub), controller ? `${controller}.${action}` : undefined);
          }
        if (call[4]) {
          const segment = written.split('/').filter(Boolean).pop() ?? '';
          stack.push({ paths: [singleton ? written : joinPaths(written, `:${singular(segment)}_id`)] });
        }
        return;
      }
      const forwarded = plug && name === 'forward' ? /\bto:\s*([\w.]+)/.exec(rest)?.[1] : undefined;
      if (forwarded) {
        for (const full of paths(written))
          facts.mounts.push({
            owner: plug as string,
            prefix: full,
            target: `named:${forwarded}`,
            line: lineNo,
          });
        return;
      }
      if (VERBS.has(name)) {
        const method = verbMethod(name, rest);
        // A module (`PageController, :index`), not a keyword (`via: :post`).
        const handler = /^\s*,\s*([A-Z][\w.]*)(?:\s*,\s*:(\w+))?/.exec(rest);
        for (const full of paths(written))
          route(
            method,
            full,
            handler?.[1] ? (handler[2] ? `${handler[1]}.${handler[2]}` : handler[1]) : undefined,
          );
      }
    }
    if (opens) stack.push({ paths: [''] });
    else if (closes) {
      stack.pop();
      if (schema && stack.length <= 1) {
        // Code names the table by its module: `Repo.get(Client, id)` for `schema "oauth_clients"`.
        const short = schema.module?.split('.').pop();
        facts.models.push({
          name: schema.name,
          orm: 'ecto',
          file: rel,
          line: schema.line,
          fields: schema.fields,
          ...(short ? { aliases: [short] } : {}),
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
