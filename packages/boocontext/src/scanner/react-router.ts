import type { Route } from './types.js';

/** A module under `app/routes/`: the flat-routes convention of React Router 7 and Remix v2. */
const ROUTE_MODULE = /^(.*?)(?:^|\/)app\/routes\/(.+)\.(tsx|jsx|ts|js|mdx?)$/;
/** Owner of the routes a React Router config declares for other files. */
export const CONFIG_OWNER = '*route-config*';
/** React Router 7's route config: `app/routes.ts`. */
export const ROUTE_CONFIG = /(^|\/)app\/routes\.(ts|js|tsx|jsx|mts|mjs)$/;

/**
 * The route id a module's place in `app/routes/` gives it: `concerts.$city.tsx` and
 * `concerts.$city/route.tsx` are `concerts.$city`; in remix-flat-routes `+` folders the folders
 * join with dots (`_auth+/login.tsx` is `_auth.login`). Other files in folders are colocated
 * modules, not routes.
 */
export function routeIdOf(underRoutes: string): string | undefined {
  const parts = underRoutes.split('/');
  const last = parts.pop() as string;
  if (parts.length === 0) return last;
  if (parts.every((p) => p.endsWith('+'))) {
    const folders = parts.map((p) => p.slice(0, -1));
    return ['_layout', 'route'].includes(last) ? folders.join('.') : [...folders, last].join('.');
  }
  if (parts.length === 1 && (last === 'route' || last === 'index')) return parts[0];
  return undefined;
}

/** Splits a route id at its dots, leaving `[.]`-escaped text whole. */
function segmentsOf(id: string): string[] {
  const segments: string[] = [];
  let current = '';
  let escaped = false;
  for (const char of id) {
    if (char === '[') escaped = true;
    else if (char === ']') escaped = false;
    else if (char === '.' && !escaped) {
      segments.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  segments.push(current);
  return segments;
}

/**
 * `concerts.$city` → `/concerts/:city`; `_auth.login` → `/login` (pathless layout);
 * `concerts_.mine` → `/concerts/mine`; `($lang).about` → `/:lang?/about`; `$` → `/*`;
 * `[sitemap.xml]` → `/sitemap.xml`; `_index` → the parent's path.
 */
export function pathOfRouteId(id: string): string {
  const out: string[] = [];
  for (const raw of segmentsOf(id)) {
    if (raw === '_index' || raw === 'index' || raw === '') continue;
    if (raw.startsWith('_')) continue;
    const segment = raw.replace(/_$/, '');
    const optional = /^\((.*)\)$/.exec(segment);
    const inner = optional ? (optional[1] as string) : segment;
    const named =
      inner === '$' ? '*' : inner.startsWith('$') ? `:${inner.slice(1)}` : inner.replace(/\[|\]/g, '');
    out.push(optional ? `${named}?` : named);
  }
  return `/${out.join('/')}`;
}

/** The methods a route module answers: a page when it renders, POST when it has an action, GET for a loader alone. */
function methodsOf(exported: readonly string[]): string[] {
  const methods: string[] = [];
  if (exported.includes('default')) methods.push('PAGE');
  else if (exported.includes('loader')) methods.push('GET');
  if (exported.includes('action')) methods.push('POST');
  return methods.length ? methods : ['PAGE'];
}

export const isRouteModule = (rel: string) => {
  const match = ROUTE_MODULE.exec(rel);
  return match !== null && routeIdOf(match[2] as string) !== undefined;
};

/** Routes of a module the file convention routes, with its exported names. */
export function fileConventionRoutes(rel: string, exported: readonly string[]): Route[] {
  const match = ROUTE_MODULE.exec(rel);
  const id = match && routeIdOf(match[2] as string);
  // A pathless layout (`_auth.tsx`, `_auth+/_layout.tsx`) only wraps the routes under it.
  if (!id || /(^|\.)_(?!index$)[^.]*$/.test(id)) return [];
  const path = pathOfRouteId(id);
  return methodsOf(exported).map((method) => ({
    method,
    path,
    file: rel,
    line: 1,
    wholeFile: true,
    framework: 'react-router',
  }));
}

/** Where a config file's `app/` directory is: route module paths in it are relative to that. */
export const appDirOf = (configRel: string) => configRel.replace(/\/?routes\.\w+$/, '');

/**
 * Drops the file-convention routes of an app whose `app/routes.ts` declares its routes itself
 * (without `flatRoutes()`): there the module `routes/home.tsx` is whatever path the config says.
 */
export function withoutShadowedFileRoutes(
  routes: Route[],
  configs: { rel: string; flat: boolean }[],
): Route[] {
  const explicit = configs.filter((c) => !c.flat).map((c) => `${appDirOf(c.rel)}/routes/`.replace(/^\//, ''));
  if (explicit.length === 0) return routes;
  return routes.filter(
    (r) =>
      r.framework !== 'react-router' ||
      r.declaredIn !== undefined ||
      !explicit.some((dir) => r.file.startsWith(dir)),
  );
}

export interface ConfigRoute {
  path: string;
  /** The route module, relative to the app directory (`routes/home.tsx`). */
  module: string;
  line: number;
  index: boolean;
}
