import { blankComments, closing } from '../routemap/js-text.js';
import { lineIndex } from './languages/syntax.js';
import type { FileFacts, Route } from './types.js';

const PAGE = /(^|\/)(src\/)?app\/(.*\/)?page\.(tsx|jsx|ts|js)$/;
const APP_ROUTE = /(^|\/)(src\/)?app\/(.*\/)?route\.(ts|js)$/;
const PAGES = /(^|\/)(src\/)?pages\/(.+)\.(tsx|jsx|ts|js)$/;
const HANDLERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** An app router `route` file: its exported function names are its methods. */
export const isNextRouteHandlerFile = (rel: string) => APP_ROUTE.test(rel);
/** A file the Next.js routers turn into a route, by its path. */
export const isNextRouteFile = (rel: string) => PAGE.test(rel) || APP_ROUTE.test(rel) || PAGES.test(rel);

/** A pages-router API handler's file, whose methods its handler tells apart by `req.method`. */
export const isNextApiFile = (rel: string) => /(^|\/)(src\/)?pages\/api\/.+\.(tsx|jsx|ts|js)$/.test(rel);

const METHOD_TEST = /\.method\s*===?\s*["'`](GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)["'`]/g;
const METHOD_REFUSED = /\.method\s*!==?\s*["'`](GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)["'`]/g;

/**
 * The branches a pages-router API handler answers each method in: `if (req.method === "POST") {…}`
 * (methods ORed in one condition each get the branch) and `switch (req.method) { case "GET": … }`,
 * by the lines each spans. None found: the handler answers every method as one.
 */
export function apiMethodBranches(source: string): FileFacts['methodHandlers'] {
  const text = blankComments(source);
  const lineOf = lineIndex(text);
  const found: NonNullable<FileFacts['methodHandlers']> = {};
  const note = (methods: string[], from: number, to: number) => {
    for (const method of methods) found[method] ??= { line: lineOf(from), endLine: lineOf(to) };
  };
  for (const m of text.matchAll(/\bif\s*\(/g)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const close = closing(text, open);
    if (close === undefined) continue;
    const condition = text.slice(open, close);
    const methods = [...condition.matchAll(METHOD_TEST)].map((t) => t[1] as string);
    const body = /^\s*\{/.exec(text.slice(close + 1));
    const end = body ? closing(text, close + body[0].length) : undefined;
    if (methods.length && end !== undefined) note(methods, m.index ?? 0, end);
    // `if (req.method !== "POST") return res.status(405)…`: the rest of the handler answers POST.
    const only = [...condition.matchAll(METHOD_REFUSED)].map((t) => t[1] as string);
    if (only.length && !methods.length) note(only, m.index ?? 0, text.trimEnd().length);
  }
  for (const m of text.matchAll(/\bswitch\s*\(\s*\w+\.method\s*\)\s*\{/g)) {
    const open = (m.index ?? 0) + m[0].length - 1;
    const end = closing(text, open) ?? text.length;
    const cases = [...text.slice(open, end).matchAll(/\b(?:case\s*["'`](\w+)["'`]|default)\s*:/g)];
    cases.forEach((c, i) => {
      const from = open + (c.index ?? 0);
      // Up to the line before the next case's.
      const to = i + 1 < cases.length ? text.lastIndexOf('\n', open + (cases[i + 1]?.index ?? 0)) - 1 : end;
      if (c[1] && HANDLERS.includes(c[1])) note([c[1]], from, to);
    });
  }
  return Object.keys(found).length ? found : undefined;
}

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
    const branches = isApi ? Object.entries(handlers) : [];
    // An API handler telling methods apart: each method at its branch.
    if (branches.length)
      return branches.map(([method, { line, endLine }]) => ({
        method,
        path: segmentsToPath(route),
        file: rel,
        line,
        endLine,
        framework: 'nextjs',
      }));
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
