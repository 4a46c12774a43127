import type { FileFacts, Route } from './types.js';

const PAGE = /(^|\/)(src\/)?app\/(.*\/)?page\.(tsx|jsx|ts|js)$/;
const APP_ROUTE = /(^|\/)(src\/)?app\/(.*\/)?route\.(ts|js)$/;
const PAGES = /(^|\/)(src\/)?pages\/(.+)\.(tsx|jsx|ts|js)$/;
const HANDLERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** An app router `route` file: its exported function names are its methods. */
export const isNextRouteHandlerFile = (rel: string) => APP_ROUTE.test(rel);
/** A file the Next.js routers turn into a route, by its path. */
export const isNextRouteFile = (rel: string) => PAGE.test(rel) || APP_ROUTE.test(rel) || PAGES.test(rel);

/** `app/(shop)/items/[id]` → `/items/[id]`: route groups vanish, parallel/private segments are skipped. */
function segmentsToPath(dir: string): string {
  const parts = dir
    .split('/')
    .filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith('@') && !s.startsWith('_'));
  return `/${parts.join('/')}`;
}

/**
 * Next.js routes come from the file tree: app router `page` and `route` files (a route file's
 * exported GET/POST… are its methods), pages router pages and `pages/api` handlers. Only an
 * `app/` or `pages/` directory (or `src/app/`, `src/pages/`) at the top of a project routes:
 * `isProjectDir` says which directories are projects, so `components/layout/pages/` is no router.
 */
export function nextRoutes(
  rel: string,
  exported: readonly string[],
  isProjectDir: (dir: string) => boolean,
  handlers: FileFacts['methodHandlers'] = {},
): Route[] {
  const router = PAGE.exec(rel) ?? APP_ROUTE.exec(rel) ?? PAGES.exec(rel);
  if (!router || !isProjectDir(rel.slice(0, router.index))) return [];
  const appRoute = APP_ROUTE.exec(rel);
  if (appRoute) {
    const dir = rel.slice(rel.indexOf('app/') + 4).replace(/\/?route\.\w+$/, '');
    const methods = exported.filter((e) => HANDLERS.includes(e));
    // Each method at the function the file declares for it; one exported under an alias or
    // re-exported (`export { GET, POST } from '@/auth'`), the whole file.
    return (methods.length ? methods : ['ALL']).map((method) => {
      const own = handlers[method];
      return {
        method,
        path: segmentsToPath(dir),
        file: rel,
        ...(own ? { line: own.line, endLine: own.endLine } : { line: 1, wholeFile: true }),
        framework: 'nextjs',
      };
    });
  }
  const page = PAGE.exec(rel);
  if (page) {
    const dir = rel.slice(rel.indexOf('app/') + 4).replace(/\/?page\.\w+$/, '');
    return [
      { method: 'PAGE', path: segmentsToPath(dir), file: rel, line: 1, wholeFile: true, framework: 'nextjs' },
    ];
  }
  const pages = PAGES.exec(rel);
  if (pages?.[3]) {
    const route = pages[3].replace(/(^|\/)index$/, '');
    if (/^_(app|document|error)$/.test(route)) return [];
    const isApi = route === 'api' || route.startsWith('api/');
    return [
      {
        method: isApi ? 'ALL' : 'PAGE',
        path: segmentsToPath(route),
        file: rel,
        line: 1,
        wholeFile: true,
        framework: 'nextjs',
      },
    ];
  }
  return [];
}
