import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { lineIndex } from './syntax.js';

/**
 * Dart, read from its text (no grammar ships for it): Dart Frog's file routes (`routes/users/[id].dart`
 * answering `onRequest`, its methods where it switches on `HttpMethod`) and shelf_router's
 * `Router()` routes and mounts. A router made in a class (`Handler get handler { final router =
 * Router(); … }`) or declared by `@Route.get('/x')` annotations belongs to the class, and a mount
 * of `OrdersApi().handler` in any file reaches it by the class's name.
 */

const SHELF_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/** `routes/users/[id].dart` → `/users/{id}`; `index` is its folder; `_middleware` routes nothing. */
function dartFrogPath(rel: string): string | undefined {
  const m = /(?:^|\/)routes\/(.+)\.dart$/.exec(rel);
  if (!m?.[1] || /(^|\/)_/.test(m[1])) return undefined;
  const segments = m[1]
    .split('/')
    .filter((s) => s !== 'index')
    .map((s) => s.replace(/^\[(\.\.\.)?(\w+)\]$/, '{$2}'));
  return joinPaths(...segments);
}

/** Each class's body (offsets of its braces) in code whose comments are blanked; strings hold no braces. */
function classBodies(code: string): { name: string; start: number; end: number; routers: Set<string> }[] {
  const bare = code.replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, (str) => str.replace(/[^\n]/g, ' '));
  const bodies: { name: string; start: number; end: number; routers: Set<string> }[] = [];
  for (const m of bare.matchAll(/\bclass\s+(\w+)[^{;]*\{/g)) {
    const start = (m.index ?? 0) + m[0].length - 1;
    let depth = 0;
    let end = bare.length;
    for (let i = start; i < bare.length; i++) {
      if (bare[i] === '{') depth++;
      else if (bare[i] === '}' && --depth === 0) {
        end = i;
        break;
      }
    }
    bodies.push({ name: m[1] as string, start, end, routers: new Set() });
  }
  return bodies;
}

export function scanDart(rel: string, text: string): FileFacts {
  const facts = emptyFacts('dart');
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const lineOf = lineIndex(code);
  for (const m of code.matchAll(/^import\s+'([^']+)'/gm))
    facts.imports.push({ spec: m[1] as string, line: lineOf(m.index ?? 0) });
  const frog = dartFrogPath(rel);
  const handler = /\b(?:Future<Response>|FutureOr<Response>|Response)\s+onRequest\s*\(/.exec(code);
  if (frog !== undefined && handler) {
    const methods = [
      ...new Set([...code.matchAll(/\bHttpMethod\.(\w+)\b/g)].map((m) => (m[1] as string).toUpperCase())),
    ];
    for (const method of methods.length ? methods : ['ALL'])
      facts.routes.push({
        method,
        path: frog,
        line: lineOf(handler.index),
        framework: 'dart_frog',
        owner: '*dart_frog*',
        handler: 'onRequest',
      });
  }
  // shelf_router: routers made in this file, their routes (calls or cascades), mounts of one in
  // another, and routes a class declares with shelf_router_generator's `@Route` annotations.
  const classes = classBodies(code);
  /** A router made inside a class belongs to the class: mounted elsewhere as `OrdersApi().router`. */
  const ownerAt = (variable: string, at: number) => {
    const body = classes.find((c) => at > c.start && at < c.end);
    return body?.routers.has(variable) ? body.name : variable;
  };
  const routers = new Set<string>();
  for (const m of code.matchAll(/\b(\w+)\s*=\s*Router\s*\(/g)) {
    routers.add(m[1] as string);
    classes.find((c) => (m.index ?? 0) > c.start && (m.index ?? 0) < c.end)?.routers.add(m[1] as string);
  }
  const route = (method: string, routePath: string, at: number, owner: string, target?: string) => {
    const handler = target && handlerOf(target);
    facts.routes.push({
      method,
      path: routePath,
      line: lineOf(at),
      framework: 'shelf',
      owner,
      ...(handler ? { handler } : {}),
    });
  };
  /** The class a variable of this file holds (`final _c = CartController();`, `CartController _c;`). */
  const classOf = (variable: string) =>
    new RegExp(`\\b${variable}\\s*=\\s*(?:new\\s+)?([A-Z]\\w*)\\s*\\(`).exec(code)?.[1] ??
    new RegExp(`\\b([A-Z]\\w*)\\s+${variable}\\s*[;=]`).exec(code)?.[1];
  /** A route's handler as written (`list`, `_controller.list`), its object named by its class where this file says. */
  const handlerOf = (target: string) => {
    const written = target.replace(/\s+/g, '');
    const member = /^(\w+)\.(\w+)$/.exec(written);
    if (member) return `${classOf(member[1] as string) ?? member[1]}.${member[2]}`;
    return /^\w+$/.test(written) ? written : undefined;
  };
  for (const m of code.matchAll(
    /\b(\w+)\s*=\s*Router\s*\(\s*\)((?:\s*\.\.\s*\w+\s*\(\s*'[^']*'[^;]*?)*);/g,
  )) {
    for (const c of (m[2] ?? '').matchAll(
      /\.\.\s*(\w+)\s*\(\s*'([^']*)'\s*,\s*([\w.]+(?:\s*\(\s*\))?(?:\s*\.\s*\w+)?)?/g,
    )) {
      // The cascade's own line: `m[2]` ends just before the statement's `;`.
      const at = (m.index ?? 0) + m[0].length - 1 - (m[2] ?? '').length + (c.index ?? 0);
      const owner = ownerAt(m[1] as string, m.index ?? 0);
      if (SHELF_VERBS.has(c[1] as string))
        route((c[1] as string).toUpperCase(), c[2] as string, at, owner, c[3]);
      else if (c[1] === 'mount' && c[3]) mount(owner, c[2] as string, c[3], at);
    }
  }
  for (const m of code.matchAll(
    /\b(\w+)\s*\.\s*(\w+)\s*\(\s*'([^']*)'\s*,\s*([\w.]+(?:\s*\(\s*\))?(?:\s*\.\s*\w+)?)?/g,
  )) {
    const [, variable = '', call = '', routePath = '', target] = m;
    if (!routers.has(variable)) continue;
    const owner = ownerAt(variable, m.index ?? 0);
    if (SHELF_VERBS.has(call)) route(call.toUpperCase(), routePath, m.index ?? 0, owner, target);
    else if (call === 'mount' && target) mount(owner, routePath, target, m.index ?? 0);
  }
  for (const body of classes)
    for (const m of code
      .slice(body.start, body.end)
      .matchAll(/@Route\s*(?:\.\s*(\w+)\s*\(|\(\s*'(\w+)'\s*,)\s*'([^']*)'/g)) {
      // `@Route.mount('/v1/')` hands on the router a getter returns, which no annotation names.
      const verb = (m[1] ?? m[2] ?? '').toLowerCase();
      if (SHELF_VERBS.has(verb))
        route(verb.toUpperCase(), m[3] as string, body.start + (m.index ?? 0), body.name);
    }
  for (const body of classes)
    if (facts.routes.some((r) => r.owner === body.name) || facts.mounts.some((r) => r.owner === body.name))
      facts.exportedRouters[body.name] = body.name;

  /** `mount('/orders', OrdersApi().router)`: a class's routes, by its name; `api.call`: a router of this file. */
  function mount(owner: string, prefix: string, target: string, at: number) {
    const written = target.replace(/\s+/g, '');
    const type = /^([A-Z]\w*)(?:\(\))?(?:\.\w+)?$/.exec(written)?.[1];
    const local = written.split('.')[0] as string;
    facts.mounts.push({ owner, prefix, target: type ? `named:${type}` : local, line: lineOf(at) });
  }
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))];
  return facts;
}
