import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { lineIndex } from './syntax.js';

/** Routes of Razor Pages (`.cshtml` files under `Pages/`), handled by their PageModel's `OnGet`/`OnPost…`. */
export const RAZOR_PAGE = '*razor-page*';

/** `@page`, `@page "{id:int}"`, `@page "/about"` at the start of a line. */
const PAGE_DIRECTIVE = /^[ \t\uFEFF]*@page(?:[ \t]+"([^"]*)")?[ \t]*\r?$/gm;

/**
 * Where a Razor page is served, by its place: `Pages/Basket/Checkout.cshtml` at `/Basket/Checkout`,
 * an `Index` at its folder, `Areas/Identity/Pages/Account/Login.cshtml` at `/Identity/Account/Login`;
 * the directive's template follows the path, or replaces it when it starts with `/` or `~/`.
 */
function pagePath(rel: string, template: string | undefined): string | undefined {
  const m = /(?:^|\/)(?:Areas\/([^/]+)\/)?Pages\/(.+)\.cshtml$/.exec(rel);
  if (!m?.[2]) return undefined;
  if (template && /^~?\//.test(template)) return joinPaths(template.replace(/^~/, ''));
  const segments = m[2].split('/');
  if (segments.at(-1) === 'Index') segments.pop();
  return joinPaths(m[1] ?? '', ...segments, template ?? '');
}

/**
 * Razor files, read from their text: a Razor Page's `@page` directive (its methods come from the
 * PageModel beside it, joined with the routes), a Blazor component's `@page "/route"`s.
 */
export function scanRazor(rel: string, text: string): FileFacts {
  const facts = emptyFacts('razor');
  const lineOf = lineIndex(text);
  const blazor = rel.endsWith('.razor');
  for (const m of text.matchAll(PAGE_DIRECTIVE)) {
    const template = m[1];
    const line = lineOf(m.index ?? 0);
    if (blazor) {
      if (template !== undefined)
        facts.routes.push({
          method: 'PAGE',
          path: joinPaths(template),
          line,
          framework: 'blazor',
          owner: '*blazor*',
        });
      continue;
    }
    const path = pagePath(rel, template);
    if (path !== undefined)
      facts.routes.push({ method: 'GET', path, line, framework: 'aspnetcore', owner: RAZOR_PAGE });
    break;
  }
  if (facts.routes.length) facts.frameworks = [blazor ? 'blazor' : 'aspnetcore'];
  return facts;
}
