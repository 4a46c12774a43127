import type { Route } from './types.js';

/** Nuxt's server routes (`server/api/…`, `server/routes/…`) and pages (`pages/`, Nuxt 4's `app/pages/`). */
const SERVER_ROUTE = /(^|\/)server\/(api|routes)\/(.+)\.[cm]?[jt]s$/;
const PAGE = /(^|\/)(?:app\/)?pages\/(.+)\.vue$/;
/** `users.get.ts`: the method a server route answers, from its name. */
const METHOD_SUFFIX = /\.(get|post|put|patch|delete|head|options)$/;

/** A file Nuxt's routers turn into a route, by its path. */
export const isNuxtRouteFile = (rel: string) => SERVER_ROUTE.test(rel) || PAGE.test(rel);

/**
 * `users/[id]/index` → `/users/[id]`: an `index` file or folder is its parent's own path (a
 * nested page's default child); parameters stay as written.
 */
const pathOf = (...parts: string[]) =>
  `/${parts
    .join('/')
    .split('/')
    .filter((s) => s && s !== 'index')
    .join('/')}`;

/**
 * Nuxt routes from the file tree of a project (`isProjectDir` says which folders are projects):
 * `server/api/x.get.ts` is `GET /api/x` (no suffix: every method), `server/routes/x.ts` is `/x`,
 * and each page under `pages/` is a page.
 */
export function nuxtRoutes(rel: string, isProjectDir: (dir: string) => boolean): Route[] {
  const server = SERVER_ROUTE.exec(rel);
  const page = server ? undefined : PAGE.exec(rel);
  const match = server ?? page;
  if (!match || !isProjectDir(rel.slice(0, match.index + (match[1] ?? '').length).replace(/\/$/, '')))
    return [];
  const route = (method: string, routePath: string): Route => ({
    method,
    path: routePath,
    file: rel,
    line: 1,
    wholeFile: true,
    framework: 'nuxt',
  });
  if (page) return [route('PAGE', pathOf(page[2] ?? ''))];
  const name = server?.[3] ?? '';
  const method = METHOD_SUFFIX.exec(name)?.[1]?.toUpperCase();
  return [
    route(method ?? 'ALL', pathOf(server?.[2] === 'api' ? 'api' : '', name.replace(METHOD_SUFFIX, ''))),
  ];
}
