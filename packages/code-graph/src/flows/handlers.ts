/**
 * The symbol a route runs, from what the route reader saw: a handler named the way its framework
 * names it (`ArticlesController.Get`, `articles#index`, `ArticleController@index`,
 * `app::features::article::controllers::index`, `h.Articles`, a Django view class), a decorated
 * function just below the route's line, or the route's own lines (an inline handler).
 */

import { topLevelParts } from '@boocode/source-kit';
import type { SymbolRow as StoredSymbol } from '../graph/queries.js';
import { closingBracket } from './source-text.js';

/** What a trace reads of a symbol (its doc, metrics and hashes are long and not needed). */
export type SymbolRow = Pick<
  StoredSymbol,
  'id' | 'name' | 'short' | 'kind' | 'file' | 'line' | 'end_line' | 'signature' | 'parent'
>;

/** The symbols table's columns a trace selects: `SymbolRow`'s. */
export const TRACE_COLUMNS = 'id, name, short, kind, file, line, end_line, signature, parent';

export interface HandlerRef {
  /** The member to find (`index`); absent for a class-only handler. */
  member?: string;
  /** The class it belongs to, as written (`ArticlesController`); a Rails controller may be either spelling. */
  owner?: string;
  altOwner?: string;
  /** Folder words the handler's file should have (`article/controllers` for a Rust path). */
  pathHint?: string;
  /** The class with the modules it is written under (`ShopWeb.Admin.OrderController`): one of two classes of one name. */
  qualified?: string;
  /**
   * The function a wrapped handler is a call of (`getQueue` in `getQueue(api.ds)`), when it is
   * named alone: a factory building the handler where what it is handed is no function.
   */
  factory?: string;
  /** The package-qualified function a wrapped handler is a call of (`rest.GetAll` in `rest.GetAll(constructor)`). */
  wrapper?: string;
}

const camel = (snake: string) =>
  snake
    .split(/[_-]/)
    .filter(Boolean)
    .map((w) => (w[0]?.toUpperCase() ?? '') + w.slice(1))
    .join('');

/** A handler string as its framework writes it, split into what to look up. */
export function parseHandler(handler: string): HandlerRef | undefined {
  const text = handler.trim();
  // Rails: `articles#index`, `api/v1/articles#show`.
  const rails = /^([\w/]+)#(\w+[!?]?)$/.exec(text);
  if (rails?.[1] && rails[2]) {
    const segments = rails[1].split('/');
    const last = segments.at(-1) ?? '';
    return {
      owner: `${camel(last)}Controller`,
      // A singular `resource :favorite` is served by the plural FavoritesController.
      ...(last.endsWith('s') ? {} : { altOwner: `${camel(last)}sController` }),
      member: rails[2],
      pathHint: `controllers/${rails[1]}`,
    };
  }
  // Laravel: `ArticleController@index`, `App\Http\Controllers\Admin\ArticleController@index` (its
  // namespace's last folder tells two controllers of one name apart).
  const laravel = /^([\w\\]+)@(\w+)$/.exec(text);
  if (laravel?.[1] && laravel[2]) {
    const path = laravel[1].split('\\');
    return {
      owner: path.at(-1),
      member: laravel[2],
      ...(path.length > 1 ? { pathHint: path.slice(-2).join('/') } : {}),
    };
  }
  // Rust and PHP paths: `crate::handlers::articles::list`.
  if (text.includes('::')) {
    const parts = text.split('::').filter((p) => p && p !== 'crate' && p !== 'self' && p !== 'super');
    const member = parts.pop();
    if (!member || !/^\w+$/.test(member)) return undefined;
    const owner = parts.at(-1);
    return {
      member,
      ...(owner && /^[A-Z]/.test(owner) ? { owner } : {}),
      ...(parts.length ? { pathHint: parts.slice(-2).join('/') } : {}),
    };
  }
  const wrapped = wrappedHandler(text);
  if (wrapped) {
    const inner = parseHandler(wrapped);
    const callee = /^[\w$.]+/.exec(text)?.[0];
    if (!inner || !callee || callee === wrapped) return inner;
    return callee.includes('.') ? { ...inner, wrapper: callee } : { ...inner, factory: callee };
  }
  const dotted = text.split('.');
  if (dotted.every((p) => /^[A-Za-z_$][\w$]*$/.test(p))) {
    const member = dotted.pop() as string;
    const owner = dotted.at(-1);
    if (!owner) return { member };
    if (!/^[A-Z]/.test(owner)) return { member, pathHint: owner };
    return dotted.length > 1 && dotted.every((p) => /^[A-Z]/.test(p))
      ? { owner, member, qualified: dotted.join('.') }
      : { owner, member };
  }
  return undefined;
}

const REFERENCE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * The function a handler wrapped in calls runs: `pm(a.GetBounces, "perm")`, `hasID(h.Get)`,
 * `noIndex(a.hasUUID(a.View, "id"))`, a curried `gzip(config)(h.Export)` — the last argument naming
 * a function (a middleware's own arguments come first), looked for inside nested calls. A call
 * handed nothing (`h.LoginHandler()`) is a factory: the handler is what it builds. None when only
 * values are passed (`redirect("/inbox")`: the framework serves it).
 */
function wrappedHandler(text: string): string | undefined {
  const callee = /^[\w$.]+/.exec(text)?.[0];
  if (!callee || text[callee.length] !== '(') return undefined;
  let found: string | undefined;
  let handed = false;
  for (let open = callee.length; open < text.length; ) {
    if (text[open] !== '(') return undefined;
    const close = closingBracket(text, open);
    for (const arg of topLevelParts(text.slice(open + 1, close))) {
      handed = true;
      const inner = REFERENCE.test(arg) ? arg : wrappedHandler(arg);
      if (inner) found = inner;
    }
    open = close + 1;
  }
  return found ?? (handed ? undefined : callee);
}

/** A class handler's method for an HTTP method: REST frameworks' conventional names, in order. */
export function methodNamesFor(httpMethod: string, detail: boolean): string[] {
  switch (httpMethod.toUpperCase()) {
    // A detail path asks for one object first; a RetrieveAPIView on `/user` still retrieves.
    case 'GET':
      return detail
        ? ['retrieve', 'show', 'get', 'list', 'index', 'handle', 'invoke', '__invoke', 'call']
        : ['list', 'index', 'get', 'retrieve', 'show', 'handle', 'invoke', '__invoke', 'call'];
    case 'POST':
      return ['create', 'store', 'post', 'handle', 'invoke', '__invoke', 'call'];
    case 'PUT':
      return ['update', 'put', 'handle', 'invoke', '__invoke', 'call'];
    case 'PATCH':
      return ['partial_update', 'update', 'patch', 'handle', 'invoke', '__invoke', 'call'];
    case 'DELETE':
      return ['destroy', 'delete', 'handle', 'invoke', '__invoke', 'call'];
    default:
      return ['handle', 'invoke', '__invoke', 'call'];
  }
}

/** Whether a route's path ends in a parameter: `/articles/:slug`, `/articles/{id}`, `<slug>`. */
export const isDetailPath = (routePath: string | undefined): boolean =>
  routePath !== undefined && /(?:^|\/)(?::\w+|\{[^}]+\}|<[^>]+>)\/?$/.test(routePath);
