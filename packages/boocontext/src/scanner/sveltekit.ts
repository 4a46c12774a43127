import type { FileFacts, Route } from './types.js';

/** A SvelteKit route file: a page, a page's server module, or an endpoint (`+server`). */
const ROUTE_FILE = /(^|\/)src\/routes\/((?:.*\/)?)\+(page\.svelte|page\.server\.[jt]s|server\.[jt]s)$/;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** A page's server module: its form actions are posted by the page's own forms, not an API's client. */
export const isSvelteKitPageServer = (rel: string) =>
  ROUTE_FILE.exec(rel)?.[3]?.startsWith('page.server') === true;

/** A file SvelteKit's router turns into a route, by its path. */
export const isSvelteKitRouteFile = (rel: string) => ROUTE_FILE.test(rel);

/** `(app)/article/[slug]/` → `/article/[slug]`: groups vanish, parameters stay as written. */
const pathOf = (dir: string) =>
  `/${dir
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .join('/')}`;

/**
 * SvelteKit routes come from `src/routes/` of a project (`isProjectDir` says which folders are
 * projects): `+page.svelte` is a page; `+server.js` answers the HTTP methods it exports
 * (`fallback`: any other); a `+page.server.js` exporting `actions` takes the page's form POSTs.
 */
export function svelteKitRoutes(
  rel: string,
  exported: readonly string[],
  isProjectDir: (dir: string) => boolean,
  handlers: FileFacts['methodHandlers'] = {},
): Route[] {
  const match = ROUTE_FILE.exec(rel);
  if (!match || !isProjectDir(rel.slice(0, match.index + (match[1] ?? '').length).replace(/\/$/, '')))
    return [];
  const routePath = pathOf(match[2] ?? '');
  const kind = match[3] ?? '';
  const route = (method: string, own = handlers[method]): Route => {
    // An endpoint's method at the function the file declares for it, form actions at their object.
    return {
      method,
      path: routePath,
      file: rel,
      ...(own ? { line: own.line, endLine: own.endLine } : { line: 1, wholeFile: true }),
      framework: 'sveltekit',
    };
  };
  if (kind === 'page.svelte') return [route('PAGE')];
  if (kind.startsWith('page.server'))
    return exported.includes('actions') ? [route('POST', handlers.actions)] : [];
  const methods = exported.filter((e) => METHODS.includes(e));
  return [...methods, ...(exported.includes('fallback') || methods.length === 0 ? ['ALL'] : [])].map(
    (method) => route(method),
  );
}
