import type { ConventionalAction, ConventionalRoute } from './types.js';

/** `{controller:slugify=Home}`, `{id?}`, `{*slug}`: a route parameter token. */
const TOKEN = /\{(\*{1,2})?(\w+)((?::[^=?}]+)*)(?:=([^?}]*))?(\?)?\}/g;

interface Token {
  name: string;
  constraints: string;
  fallback?: string;
  optional: boolean;
  catchAll: boolean;
}

/** A segment's parameters, each with its default written inline or in the route's `defaults`. */
function tokensOf(segment: string, defaults: Record<string, string>): Token[] {
  return [...segment.matchAll(TOKEN)].map((m) => {
    const name = (m[2] as string).toLowerCase();
    const fallback = m[4] ?? Object.entries(defaults).find(([key]) => key.toLowerCase() === name)?.[1];
    return {
      name,
      constraints: m[3] ?? '',
      ...(fallback !== undefined ? { fallback } : {}),
      optional: m[5] === '?',
      catchAll: !!m[1],
    };
  });
}

const same = (a: string | undefined, b: string | undefined) => a?.toLowerCase() === b?.toLowerCase();

/** `OrderHistory` → `order-history`: the `slugify` parameter transformer apps register. */
const slugify = (value: string) => value.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * The path a conventional route serves an action at, or `undefined` where it does not serve it:
 * route values filled in (`/Orders/Details/{id?}`), and the trailing parts a link to it leaves out
 * — defaults (`Home`, `Index`) and optional parameters the action does not take — so
 * `HomeController.Index` is at `/` and `OrdersController.Index` at `/Orders`.
 */
function servedAt(action: ConventionalAction, route: ConventionalRoute): string | undefined {
  const values: Record<string, string | undefined> = {
    controller: action.controller,
    action: action.action,
    area: action.area,
  };
  const segments = route.pattern.replace(/^~?\//, '').split('/').filter(Boolean);
  const tokens = segments.flatMap((segment) => tokensOf(segment, route.defaults));
  for (const key of ['controller', 'action'] as const)
    if (!tokens.some((t) => t.name === key) && !same(route.defaults[key], values[key])) return undefined;
  const areaToken = tokens.some((t) => t.name === 'area');
  if (route.area !== undefined ? !same(route.area, action.area) : !areaToken && action.area) return undefined;
  if (areaToken && !action.area) return undefined;
  const filled = segments.map((segment) => {
    const only = tokensOf(segment, route.defaults);
    const whole = only.length === 1 && segment.replace(TOKEN, '') === '';
    const text = segment.replace(
      TOKEN,
      (_, star: string | undefined, name: string, constraints: string, _d, q) => {
        const value = values[name.toLowerCase()];
        if (value === undefined) return `{${star ?? ''}${name}${q ?? ''}}`;
        return /(^|:)slugify\b/.test(constraints.slice(1)) ? slugify(value) : value;
      },
    );
    return { text, token: whole ? only[0] : undefined };
  });
  while (filled.length) {
    const token = filled[filled.length - 1]?.token;
    if (!token) break;
    const value = values[token.name];
    const dropped =
      value !== undefined
        ? token.fallback !== undefined && same(token.fallback, value)
        : (token.optional || token.catchAll || token.fallback !== undefined) &&
          !action.params.some((p) => same(p, token.name));
    if (!dropped) break;
    filled.pop();
  }
  return `/${filled.map((s) => s.text).join('/')}`;
}

/** Every path the project's conventional routes serve an action at, first route first, each once. */
export function conventionalPaths(
  action: ConventionalAction,
  routes: readonly ConventionalRoute[],
): string[] {
  const paths = routes.flatMap((route) => servedAt(action, route) ?? []);
  return [...new Set(paths)];
}
