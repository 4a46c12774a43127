import path from 'node:path';
import type { ModuleResolver } from '@boocode/source-kit';

import { conventionalPaths } from './aspnet-conventional.js';
import { autoloadedPlugins } from './fastify-autoload.js';
import { GLUE_PLUGIN, glueTargets } from './js/hapi-glue.js';
import { importedExport, SCREEN } from './js/screens.js';
import { RAZOR_PAGE } from './languages/razor.js';
import { DEVISE } from './languages/ruby.js';
import { isNextRouteFile, nextRoutes } from './nextjs.js';
import { isNuxtRouteFile, nuxtRoutes } from './nuxt.js';
import { appDirOf, CONFIG_OWNER, fileConventionRoutes, isRouteModule } from './react-router.js';
import { isSvelteKitRouteFile, svelteKitRoutes } from './sveltekit.js';
import { API_PLATFORM_IMPORT, SYMFONY_IMPORT, symfonyImports } from './symfony-routing.js';
import {
  type CachedFile,
  type ConventionalRoute,
  type DjangoView,
  type FileFacts,
  type HandedValue,
  INHERITED_ROUTE,
  isAuxiliary,
  joinPaths,
  type LocalRoute,
  NEST_DEFAULT_VERSION,
  NEST_URI_VERSION,
  ROUTES_FILE_OWNER,
  type Route,
  UNKNOWN_PART,
  UNMOUNTED,
  VIEWSET,
} from './types.js';

/** A router: `${file}#${owner}`. */
type Node = string;

/** Frameworks whose routes a file may declare without importing them (JavaScript's, Rust's). */
const HTTP_FRAMEWORKS = [
  'express',
  'fastify',
  'hono',
  'koa',
  'hapi',
  'elysia',
  'actix-web',
  'axum',
  'rocket',
];

/** Files that make their folder a project of its own: a global prefix holds within it. */
/** Base classes followed up from a view or controller at most: deeper than any real hierarchy, and no loop. */
const MAX_VIEW_BASES = 8;
/** Modules passing a router on to the next, followed at most: enough for any layout, and no loop. */
const MAX_REEXPORT_HOPS = 8;
const PROJECT_MANIFEST =
  /(^|\/)(package\.json|pom\.xml|build\.gradle(\.kts)?|[^/]+\.csproj|composer\.json|Cargo\.toml|go\.mod|mix\.exs|pyproject\.toml|Gemfile)$/;

/**
 * A path's `{=name}` parts that name a constant of its own file, replaced: the name in scope where it
 * is written, whatever other modules call theirs (every Mealie router package has its `prefix`).
 */
function ownConstants(written: string, facts: FileFacts): string {
  const own = facts.constants;
  if (!own || !written.includes('{=')) return written;
  // A constant's own slashes meet the path's (`/orders/` + `/archive`): one slash between, as `resolve` does.
  return written.replace(/\{=(\w+)\}/g, (part, name: string) => own[name] ?? part).replace(/\/{2,}/g, '/');
}

/** A part of a route's path written as an expression, resolved against the project's constants. */
const EXPRESSION = /\{=([\w.]+)\}/g;
/** A path part that is a parameter of the function registering the route (Go's `{@1}`). */
const PARAMETER = /\{@(\d+)\}/g;
/** A path with the parameters no call binds said to be unknown. */
const unbound = (routePath: string) => routePath.replace(PARAMETER, UNKNOWN_PART);

/**
 * The router a name stands for, where a name is all a mount says: the one router of that name, or
 * of those, the one whose file the name's module path leads to (Rust's `users::router` is
 * `users.rs` or `users/mod.rs`; `crate::`, `super::` and `self::` say nothing of the file), or for
 * a name written alone, the one of the file that mounts it (Rocket's `routes![delete_user]` lists
 * its own module's handler, whatever another module names its own).
 */
function namedRouter(
  byName: ReadonlyMap<string, Node[]>,
  language: string,
  written: string,
  from?: string,
): Node | undefined {
  // A router registered by its qualified name (Ruby's `Acme::Entities::API`) is found by it first.
  const exact = byName.get(`${language}\0${written}`);
  if (exact?.length === 1) return exact[0];
  const parts = written.split('::');
  const last = parts.pop() as string;
  const candidates = byName.get(`${language}\0${last}`) ?? [];
  if (candidates.length <= 1) return candidates[0];
  if (parts.length === 0 && from && candidates.includes(`${from}#${last}`)) return `${from}#${last}`;
  const modules = parts.filter((p) => !/^(crate|super|self)$/.test(p));
  if (modules.length === 0) return undefined;
  const tail = `/${modules.join('/')}`;
  const found = candidates.filter((node) => {
    const file = `/${node.slice(0, node.lastIndexOf('#')).replace(/(\/mod)?\.\w+$/, '')}`;
    return file.endsWith(tail);
  });
  return found.length === 1 ? found[0] : undefined;
}

/** A mount of a router, from the router that mounts it; Go's calls with what they hand over. */
interface Incoming {
  from: Node;
  prefix: string;
  replacesOwn?: boolean;
  args?: (string | null)[];
  handlers?: (HandedValue | null)[];
  line: number;
}

/**
 * A route's handler as a call up the chain of mounts hands it over: a function value named where the
 * call is written, or a closure's lines (no name, as an inline handler has none).
 */
export interface HandedHandler {
  handler?: string;
  file: string;
  line: number;
  endLine?: number;
}

/** A route's full path with its parameters bound, and its handler where a call up the chain handed it. */
export interface BoundRoute {
  path: string;
  handed?: HandedHandler;
}

/**
 * Which router is mounted where: `app.use('/api', users)` across files, prefixes routers give
 * themselves, and the full prefixes that follow (worked out once per router).
 */
export class MountGraph {
  private readonly incoming = new Map<Node, Incoming[]>();
  private readonly selfPrefix = new Map<Node, string>();
  private readonly prefixes = new Map<Node, string[]>();
  /** ASP.NET conventional routes, each with the project folder it holds in. */
  private readonly conventions: { dir: string; route: ConventionalRoute }[] = [];
  /** Global prefixes by framework, each with the project folder it holds in. */
  private readonly globals: { dir: string; framework: string; prefix: string; exclude?: string[] }[] = [];
  /** The router (or class) a name written in a file stands for: `${file}#${name}`. */
  private readonly resolveTarget: (file: string, target: string) => Node | undefined;
  /** Where a screen's component is declared, followed through imports and re-exports. */
  private readonly componentOf: (
    file: string,
    component: string,
  ) => { file: string; name: string } | undefined;
  private readonly cache: Map<string, CachedFile>;
  /** Ruby model classes' Devise modules, gathered on the first `devise_for` route. */
  private rubyModels?: Map<string, string[]>;
  /** Path-like constants of the whole repository by name, `undefined` where two disagree. */
  private readonly constants = new Map<string, string | undefined>();

  constructor(cache: Map<string, CachedFile>, modules: ModuleResolver) {
    const projectDirs = new Set<string>();
    for (const rel of cache.keys()) if (PROJECT_MANIFEST.test(rel)) projectDirs.add(path.posix.dirname(rel));
    // Go registers routes in functions of a package (a folder), whichever of its files holds them.
    const goRouterFunctions = new Map<string, Node>();
    /**
     * Routers by name alone within a language, where a name is all a mount says: a Go method called
     * on a value (`h.Register(v1)`), a Rust handler in `.service(index)`, a Vapor `RouteCollection`
     * registered by its type. `undefined` where two share the name.
     */
    const byName = new Map<string, Node[]>();
    for (const [rel, { facts }] of cache) {
      if (isAuxiliary(rel)) continue;
      for (const name of Object.keys(facts.exportedRouters)) {
        if (facts.language === 'go')
          goRouterFunctions.set(
            `${path.posix.dirname(rel)}#${name}`,
            `${rel}#${facts.exportedRouters[name]}`,
          );
        // A qualified name (`Acme::Ping`) is also found by its last part (`mount Ping` inside `module Acme`).
        for (const alias of new Set([name, name.split('::').pop() as string])) {
          const key = `${facts.language}\0${alias}`;
          byName.set(key, [...(byName.get(key) ?? []), `${rel}#${name}`]);
        }
      }
      for (const [name, value] of Object.entries(facts.constants ?? {}))
        this.constants.set(
          name,
          this.constants.has(name) && this.constants.get(name) !== value ? undefined : value,
        );
      for (const g of facts.globalPrefixes ?? [])
        this.globals.push({ dir: projectOf(rel, projectDirs), ...g });
      for (const route of facts.conventionalRoutes ?? [])
        this.conventions.push({ dir: projectOf(rel, projectDirs), route });
    }
    const language = (rel: string) => cache.get(rel)?.facts.language ?? '';
    this.cache = cache;
    const resolveTarget = (file: string, target: string): Node | undefined => {
      const facts = cache.get(file)?.facts;
      if (!facts) return undefined;
      if (target.startsWith('named:')) return namedRouter(byName, facts.language, target.slice(6), file);
      // A routes file mounted by path (Laravel's `group(base_path('routes/api.php'))`), `@/` for the project's folder.
      if (target.startsWith('file:')) {
        const written = target.slice(5);
        const to = written.startsWith('@/')
          ? path.posix.join(projectOf(file, projectDirs), written.slice(2))
          : written;
        return cache.has(to) ? `${to}#${ROUTES_FILE_OWNER}` : undefined;
      }
      if (target.startsWith('go:')) {
        const [spec = '', fn = ''] = target.slice(3).split('#');
        if (spec === '*') return namedRouter(byName, 'go', fn);
        // A method of a value of this package first (`a.router()`), else the one so named.
        if (spec === '~') {
          const dir = path.posix.dirname(file);
          const method = fn.split('.').pop() as string;
          return (
            goRouterFunctions.get(`${dir}#${fn}`) ??
            goRouterFunctions.get(`${dir}#${method}`) ??
            namedRouter(byName, 'go', method)
          );
        }
        const to = spec ? modules.resolve(file, spec, 'go') : file;
        return to ? goRouterFunctions.get(`${path.posix.dirname(to)}#${fn}`) : undefined;
      }
      // A module loaded for its default export (`import('./x')`), or one it names (`import:./x#routes`).
      const imported = importedExport(target);
      if (imported) {
        const to = modules.resolve(file, imported.spec, language(file));
        return to && cache.get(to)?.facts.exportedRouters[imported.name]
          ? exportedBy(to, imported.name)
          : undefined;
      }
      if (target.startsWith('module:')) {
        const to = modules.resolve(file, target.slice(7), 'python');
        return to ? `${to}#urlpatterns` : undefined;
      }
      const [head = '', ...rest] = target.split('.');
      const binding = facts.bindings[head];
      if (!binding) return rest.length === 0 ? `${file}#${head}` : undefined;
      if (rest.length > 0) {
        // `users.router`: `users` is a module bound by `from .routers import users` or `import * as users`.
        const spec =
          language(file) === 'python'
            ? `${binding.spec}${binding.spec.endsWith('.') ? '' : '.'}${binding.name}`
            : binding.spec;
        const to =
          modules.resolve(file, spec, language(file)) ?? modules.resolve(file, binding.spec, language(file));
        return to ? `${to}#${rest.join('.')}` : undefined;
      }
      const to = modules.resolve(file, binding.spec, language(file));
      return to ? exportedBy(to, binding.name) : undefined;
    };
    /**
     * The router a module exports as `name`, followed through modules that only pass another's on
     * (`export { default } from './users'`, or an import exported again) to the one declaring it.
     */
    const exportedBy = (file: string, name: string, hops = 0): Node => {
      const facts = cache.get(file)?.facts;
      const local = facts?.exportedRouters[name] ?? name;
      // A name imported and given routes here (`import app from './app'; app.get(…)`) is this file's.
      const ownsHere =
        facts?.routes.some((r) => r.owner === local) || facts?.mounts.some((m) => m.owner === local);
      const binding = ownsHere ? undefined : facts?.bindings[local];
      const next =
        binding && hops < MAX_REEXPORT_HOPS ? modules.resolve(file, binding.spec, language(file)) : undefined;
      return next ? exportedBy(next, binding?.name ?? local, hops + 1) : `${file}#${local}`;
    };

    this.resolveTarget = resolveTarget;
    this.componentOf = (file, component) => {
      const [head = ''] = component.split('.');
      const binding = importedExport(component) ?? cache.get(file)?.facts.bindings[head];
      if (!binding || binding.name === '*') return { file, name: component };
      const to = modules.resolve(file, binding.spec, language(file));
      if (!to) return undefined;
      const node = exportedBy(to, binding.name);
      const at = node.lastIndexOf('#');
      return { file: node.slice(0, at), name: node.slice(at + 1) };
    };
    for (const [rel, entry] of cache) {
      // A test's mounts wire a router for the test, not the app.
      if (isAuxiliary(rel)) continue;
      for (const written of entry.facts.mounts) {
        const mount = { ...written, prefix: ownConstants(written.prefix, entry.facts) };
        if (mount.owner.endsWith('#self')) {
          this.selfPrefix.set(`${rel}#${mount.target}`, mount.prefix);
          continue;
        }
        const targets = mount.target.startsWith('autoload:')
          ? autoloadedPlugins(cache, mount)
          : mount.target.startsWith(SYMFONY_IMPORT) || mount.target.startsWith(API_PLATFORM_IMPORT)
            ? symfonyImports(cache, mount)
            : mount.target.startsWith(GLUE_PLUGIN)
              ? glueTargets(cache, mount)
              : [{ target: resolveTarget(rel, mount.target), prefix: mount.prefix }];
        for (const { target, prefix } of targets) {
          if (!target) continue;
          const list = this.incoming.get(target) ?? [];
          list.push({
            from: `${rel}#${mount.owner}`,
            prefix,
            line: mount.line,
            ...(mount.replacesOwn ? { replacesOwn: true } : {}),
            ...(mount.args ? { args: mount.args } : {}),
            ...(mount.handlers ? { handlers: mount.handlers } : {}),
          });
          this.incoming.set(target, list);
        }
      }
    }
  }

  /**
   * The prefix a framework puts before every route of `rel`'s project (`''` for none), but a route
   * whose own path the setting excludes (`routePath`).
   */
  globalPrefixOf(rel: string, framework: string, routePath?: string): string {
    const setting = this.settingOf(rel, framework);
    if (!setting) return '';
    if (routePath !== undefined && setting.exclude?.some((e) => joinPaths(e) === joinPaths(routePath)))
      return '';
    return this.resolve(setting.prefix);
  }

  /** A framework's setting for `rel`'s project: the nearest project's own wins over an outer one's. */
  private settingOf(rel: string, framework: string) {
    return nearestProject(
      rel,
      this.globals.filter((g) => g.framework === framework),
    )[0];
  }

  /**
   * The path segments a NestJS route's versions make where its project versions by URI
   * (`enableVersioning({ type: VersioningType.URI })`): `v1`, `v2`; `''` for a neutral one or none.
   */
  versionSegments(rel: string, versions: string[] | undefined): string[] {
    const prefix = this.settingOf(rel, NEST_URI_VERSION);
    if (!prefix) return [''];
    const fallback = this.globalPrefixOf(rel, NEST_DEFAULT_VERSION);
    const chosen = versions ?? (fallback ? [fallback] : ['']);
    return chosen.map((v) => (v === '' ? '' : `${prefix.prefix}${v}`));
  }

  /**
   * Where a screen's flow starts: the module its component is the default export of (read whole, as
   * a file-routed page is), or the component by name where the module holds others.
   */
  screenStart(file: string, component: string): Pick<Route, 'file' | 'wholeFile' | 'handler'> | undefined {
    const at = this.componentOf(file, component);
    if (!at) return undefined;
    if (at.file === file || this.cache.get(at.file)?.facts.components.some((c) => c.name === at.name))
      return { file: at.file, handler: at.name };
    return { file: at.file, wholeFile: true };
  }

  /** Whether a mount target written in `file` is one of the project's routers (or modules). */
  mounts(file: string, target: string): boolean {
    return this.resolveTarget(file, target) !== undefined;
  }

  /**
   * The view class a Python route names (`views.OrderList`, an imported `OrderList`: Django's and
   * DRF's views, Flask's MethodView, Flask-RESTful's Resource), if read.
   */
  classView(file: string, handler: string, depth = 0): DjangoView | undefined {
    const node = this.resolveTarget(file, handler);
    if (!node) return undefined;
    const at = node.lastIndexOf('#');
    const declaredIn = node.slice(0, at);
    const view = this.cache.get(declaredIn)?.facts.views?.[node.slice(at + 1)];
    if (!view?.inherits || depth >= MAX_VIEW_BASES) return view;
    // What the project's own bases answer too (their handlers, their actions, a lookup field).
    const merged: DjangoView = {
      ...view,
      detail: [...(view.detail ?? [])],
      actions: [...(view.actions ?? [])],
    };
    for (const base of view.inherits) {
      const inherited = this.classView(declaredIn, base, depth + 1);
      if (!inherited) continue;
      merged.methods = [...new Set([...merged.methods, ...inherited.methods])];
      merged.detail = [...new Set([...(merged.detail ?? []), ...(inherited.detail ?? [])])];
      merged.actions = [...(merged.actions ?? []), ...(inherited.actions ?? [])];
      // The first base (in the order written, Python's) with a lookup field of its own sets it.
      if (merged.lookup === 'pk' && inherited.lookup && inherited.lookup !== 'pk')
        merged.lookup = inherited.lookup;
    }
    return merged;
  }

  /**
   * An MVC action routed by convention, at each path its project's conventional routes (those of
   * the nearest project that maps any) serve it; none where the project maps no such route.
   */
  conventionalServed(rel: string, route: LocalRoute): LocalRoute[] {
    const action = route.conventional;
    if (!action) return [route];
    const { conventional: _action, ...served } = route;
    const inherited = action.inherited ? this.resolve(action.inherited) : '';
    if (inherited) return [{ ...served, path: inherited }];
    const routes = nearestProject(rel, this.conventions).map((c) => c.route);
    return conventionalPaths(action, routes).map((p) => ({ ...served, path: p }));
  }

  /** A Razor page's PageModel handlers, from the code-behind beside it (`X.cshtml.cs`). */
  pageHandlers(rel: string): NonNullable<FileFacts['pageHandlers']> | undefined {
    return this.cache.get(`${rel}.cs`)?.facts.pageHandlers;
  }

  /** The Devise modules a model enables (`devise :database_authenticatable, …`), if its class was read. */
  deviseModules(model: string): string[] | undefined {
    if (!this.rubyModels) {
      this.rubyModels = new Map();
      for (const [rel, { facts }] of this.cache)
        if (facts.language === 'ruby' && !isAuxiliary(rel))
          for (const [name, modules] of Object.entries(facts.deviseModules ?? {}))
            this.rubyModels.set(name, modules);
    }
    return this.rubyModels.get(model);
  }

  /**
   * An ASP.NET controller's route inherited from its base (`csroute.BaseApiController.Opds`): the
   * nearest base's `[Route]` template up the chain, `[controller]` this controller; none when no
   * base has one, `{unknown}` when two classes share a base's name.
   */
  private inheritedRoute(expr: string): string {
    const [, base = '', controller = ''] = expr.split('.');
    let key = `${INHERITED_ROUTE}.${base}`;
    for (let hop = 0; hop < MAX_VIEW_BASES; hop++) {
      if (!this.constants.has(key)) return '';
      const template = this.constants.get(key);
      if (template === undefined) return UNKNOWN_PART;
      const next = /^\{=([\w.]+)\}$/.exec(template)?.[1];
      if (!next) return template.replace(/\[controller\]/gi, controller);
      key = next;
    }
    return UNKNOWN_PART;
  }

  /** A path with its `{=expr}` parts replaced by the constant they name, or `{unknown}`. */
  resolve(routePath: string): string {
    if (!routePath.includes('{=')) return routePath;
    // A constant's own slashes meet the path's (`/orders/` + `/archive`): one slash between.
    return routePath
      .replace(EXPRESSION, (_, expr: string) => {
        if (expr.startsWith(`${INHERITED_ROUTE}.`)) return this.inheritedRoute(expr);
        const name = expr.split('.').pop() as string;
        // A member of a constants object by its whole name first (`routesV1.user.root`).
        const value = expr.includes('.')
          ? (this.constants.get(expr) ?? this.constants.get(`.${name}`) ?? this.constants.get(name))
          : this.constants.get(name);
        return value ?? UNKNOWN_PART;
      })
      .replace(/\/{2,}/g, '/');
  }

  /**
   * The router a route's owner names in `rel`: the file's own, or — when the file imports it and
   * mounts nothing on it itself (`from app.auth import bp` then `@bp.route(…)`, Flask's blueprint
   * made in a package's __init__) — the one it imports, mounted where that one is.
   */
  routerOf(rel: string, owner: string): Node {
    const own = `${rel}#${owner}`;
    if (this.incoming.has(own) || this.selfPrefix.has(own) || !this.cache.get(rel)?.facts.bindings[owner])
      return own;
    return this.resolveTarget(rel, owner) ?? own;
  }

  /** Every full prefix a router is reached under; computed from the top, so a cycle's cut is the same every time. */
  prefixesOf(node: Node): string[] {
    let prefixes = this.prefixes.get(node);
    if (!prefixes) {
      prefixes = this.walkUp(node, '', new Set(), false).map((r) => r.path);
      this.prefixes.set(node, prefixes);
    }
    return prefixes;
  }

  /**
   * The full paths of a route of `node` written as `routePath` where a part of it, or of a prefix on
   * the way up, is a parameter of the function that registers it (`{@1}`): bound at each call that
   * hands the function its router, to what the call passes (`api.R(r, "/album", …)`), through every
   * call up; `{unknown}` where a call passes no path there. A handler that is such a parameter
   * (`handlerParam`) is bound the same way, to the function value a call up hands over
   * (`h(r, "getAlbum", api.GetAlbum)` through `hr` to `addHandler`'s `handle`).
   */
  boundRoutes(node: Node, routePath: string, handlerParam?: number): BoundRoute[] {
    return this.walkUp(node, routePath, new Set(), true, handlerParam);
  }

  /**
   * `routePath` under every chain of mounts above `node`, each mount's prefix and each router's own
   * before it; with `bind`, a mount's call binds the parameters below it (`{@1}`), and the handler
   * parameter at `handler` until a call hands over a function value.
   */
  private walkUp(
    node: Node,
    routePath: string,
    visiting: Set<Node>,
    bind: boolean,
    handler?: number | HandedHandler,
  ): BoundRoute[] {
    const own = this.resolve(this.selfPrefix.get(node) ?? '');
    const parents = this.incoming.get(node);
    if (!parents || parents.length === 0 || visiting.has(node)) {
      const top = routePath ? joinPaths(own, routePath) : own;
      return [
        { path: bind ? unbound(top) : top, ...(typeof handler === 'object' ? { handed: handler } : {}) },
      ];
    }
    visiting.add(node);
    const result = parents.flatMap((p) => {
      const here = p.replacesOwn ? routePath : joinPaths(own, routePath);
      const bound = bind
        ? here.replace(PARAMETER, (_, index: string) => {
            const given = p.args?.[Number(index)];
            return given == null ? UNKNOWN_PART : this.resolve(given);
          })
        : here;
      const next = typeof handler === 'number' ? handedAt(p, handler) : handler;
      return this.walkUp(p.from, joinPaths(this.resolve(p.prefix), bound), visiting, bind, next);
    });
    visiting.delete(node);
    return result;
  }
}

/**
 * What a mount's call hands over as the handler parameter at `index`: the caller's own parameter
 * to bind further up, or the function value, written at the call; nothing where it hands none.
 */
function handedAt(p: Incoming, index: number): number | HandedHandler | undefined {
  const given = p.handlers?.[index];
  if (!given) return undefined;
  if ('param' in given) return given.param;
  const file = p.from.slice(0, p.from.lastIndexOf('#'));
  return 'written' in given ? { handler: given.written, file, line: p.line } : { file, ...given.closure };
}

/**
 * A handler as written over several lines (`ToHTTPHandler(deps,⏎ h.List,⏎)`) on one: a route is one
 * line of the map. Only the line breaks and the indentation around them go (a trailing comma
 * before a closing bracket on its own line with them); the rest stays as written.
 */
function oneLine(handler: string): string {
  if (!handler.includes('\n')) return handler;
  return handler
    .replace(/,\s*\n\s*([)\]}])/g, '$1')
    .replace(/([([{])\s*\n\s*/g, '$1')
    .replace(/\s*\n\s*([)\]}])/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
}

/** Of settings each held in a project folder, those of the nearest project around `rel` (an outer one's give way). */
function nearestProject<T extends { dir: string }>(rel: string, settings: readonly T[]): T[] {
  const around = settings.filter((s) => s.dir === '' || rel.startsWith(`${s.dir}/`));
  const nearest = Math.max(-1, ...around.map((s) => s.dir.length));
  return around.filter((s) => s.dir.length === nearest);
}

/** The project folder a file belongs to: the nearest folder above it with a manifest, `''` for the root. */
function projectOf(rel: string, projectDirs: ReadonlySet<string>): string {
  for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir))
    if (projectDirs.has(dir)) return dir;
  return '';
}

/**
 * A Razor page answers the methods its PageModel handles (`OnGet`, `OnPostUpdate`: GET and POST),
 * each named by its first handler; a page with no PageModel read answers GET.
 */
function razorPageServed(route: LocalRoute, handlers: FileFacts['pageHandlers']): LocalRoute[] {
  if (!handlers?.length) return [route];
  const methods = [...new Set(handlers.map((h) => h.method))];
  return methods.map((method) => ({
    ...route,
    method,
    handler: handlers.find((h) => h.method === method)?.handler,
  }));
}

/**
 * The routes a Python route serves, by its view class: the methods the class answers, a DRF
 * viewset's list, detail and `@action` routes. A viewset not read keeps `ALL`; a route whose
 * handler is no view class (a function) stays as it is.
 */
function classViewServed(route: LocalRoute, view: DjangoView | undefined): LocalRoute[] {
  if (!view) return route.method === VIEWSET ? [{ ...route, method: 'ALL' }] : [route];
  if (route.method !== VIEWSET) return view.methods.map((method) => ({ ...route, method }));
  const at = (sub: string, methods: string[]) =>
    methods.map((method) => ({ ...route, method, path: joinPaths(route.path, sub) }));
  const detail = `<${view.lookup ?? 'pk'}>`;
  return [
    ...at('', view.methods),
    ...at(detail, view.detail ?? []),
    ...(view.actions ?? []).flatMap((a) => at(a.detail ? joinPaths(detail, a.path) : a.path, a.methods)),
  ];
}

/** Devise's generator enables these when the model is not in the repository to read. */
const DEVISE_DEFAULT_MODULES = ['database_authenticatable', 'registerable', 'recoverable'];

/** A `devise_for` route (`DEVISE:GET:recoverable`) is served when its model enables the module. */
function deviseServed(route: LocalRoute, modules: string[] | undefined): LocalRoute[] {
  const [, method = 'ALL', module = '', handler] = route.method.split(':');
  if (!(modules ?? DEVISE_DEFAULT_MODULES).includes(module)) return [];
  const { handler: _model, ...served } = route;
  return [{ ...served, method, ...(handler ? { handler } : {}) }];
}

/** Whether a file contributes routes: its own declarations, or its path under a file-tree router. */
export const mayHaveRoutes = (rel: string, facts: FileFacts) =>
  facts.routes.length > 0 ||
  isNextRouteFile(rel) ||
  isRouteModule(rel) ||
  isSvelteKitRouteFile(rel) ||
  isNuxtRouteFile(rel);

const NEXT_HANDLERS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

/** What the project's frameworks say about routes no single file can tell. */
export interface RoutingHints {
  /** The project's one HTTP framework, for routes on an owner no import tied to one. */
  http?: string;
  /** React Router or Remix is a dependency: modules under `app/routes/` are routes by their place. */
  fileRoutes: boolean;
  /** SvelteKit is a dependency: `src/routes/` files are routes by their place. */
  sveltekit?: boolean;
  /** Nuxt is a dependency: `server/api/`, `server/routes/` and `pages/` files are routes by their place. */
  nuxt?: boolean;
  /**
   * The folders whose package.json depends on Next.js: only `pages/` and `app/` of projects in them
   * route by place (a Create React App's or React Native app's `src/pages/` holds components).
   */
  nextProjects?: string[];
}

export function routingHints(
  frameworks: ReadonlySet<string>,
  manifests: Iterable<[string, { facts: FileFacts }]> = [],
): RoutingHints {
  const present = HTTP_FRAMEWORKS.filter((f) => frameworks.has(f));
  const nextProjects: string[] = [];
  if (frameworks.has('nextjs'))
    for (const [rel, { facts }] of manifests)
      if (path.posix.basename(rel) === 'package.json' && facts.frameworks.includes('nextjs'))
        nextProjects.push(path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel));
  return {
    ...(present.length === 1 ? { http: present[0] } : {}),
    ...(nextProjects.length ? { nextProjects: nextProjects.sort() } : {}),
    fileRoutes: frameworks.has('react-router') || frameworks.has('remix'),
    ...(frameworks.has('sveltekit') ? { sveltekit: true } : {}),
    ...(frameworks.has('nuxt') ? { nuxt: true } : {}),
  };
}

/**
 * One file's routes with their full paths: its own routes under every chain of mounts that leads
 * to their router, and the routes its path makes under Next.js or React Router. Test files have none.
 */
export function routesOfFile(
  rel: string,
  facts: FileFacts,
  graph: MountGraph,
  isProjectDir: (dir: string) => boolean,
  hints: RoutingHints = { fileRoutes: true },
): Route[] {
  if (isAuxiliary(rel)) return [];
  const routes: Route[] = [];
  for (const route of facts.routes) {
    if (route.unlessMounts && graph.mounts(rel, route.unlessMounts)) continue;
    if (route.owner === CONFIG_OWNER && route.handler) {
      routes.push({
        method: route.method,
        path: route.path,
        file: path.posix.join(appDirOf(rel), route.handler),
        line: 1,
        wholeFile: true,
        declaredIn: `${rel}:${route.line}`,
        framework: route.framework,
      });
      continue;
    }
    const router = route.owner.startsWith('*') ? undefined : graph.routerOf(rel, route.owner);
    const prefixes = router ? graph.prefixesOf(router) : [''];
    if (route.method === SCREEN) {
      // A component no file of the project holds (a library's `<Navigate>`) shows no screen of its own.
      const start = graph.screenStart(rel, route.handler ?? '');
      if (start)
        for (const prefix of prefixes)
          routes.push({
            method: SCREEN,
            path: joinPaths(prefix, route.path),
            file: start.file,
            line: start.file === rel ? route.line : 1,
            ...(start.wholeFile ? { wholeFile: true } : {}),
            ...(start.handler ? { handler: start.handler } : {}),
            ...(start.file !== rel ? { declaredIn: `${rel}:${route.line}` } : {}),
            framework: route.framework,
          });
      continue;
    }
    const global = graph.globalPrefixOf(rel, route.framework, route.path);
    const versions = route.framework === 'nestjs' ? graph.versionSegments(rel, route.versions) : [''];
    const served =
      facts.language === 'python'
        ? classViewServed(route, graph.classView(rel, route.handler ?? ''))
        : route.method.startsWith(DEVISE)
          ? deviseServed(route, graph.deviseModules(route.handler ?? ''))
          : route.owner === RAZOR_PAGE
            ? razorPageServed(route, graph.pageHandlers(rel))
            : route.conventional
              ? graph.conventionalServed(rel, route)
              : [route];
    const push = (route: LocalRoute, full: string, handed?: HandedHandler) => {
      // Where the handler is written: at the call that handed it over, if one did.
      const { line, endLine, handler } = handed ?? route;
      routes.push({
        method: route.method,
        path: full,
        file: handed?.file ?? rel,
        line,
        ...(endLine ? { endLine } : {}),
        framework: route.framework === 'http' && hints.http ? hints.http : route.framework,
        ...(handler ? { handler: oneLine(handler) } : {}),
      });
    };
    // A path built from the registering function's parameters, or under a prefix that is
    // (`r.Route(prefix, …)` in a Go helper), or a handler that is one: bound at each call of the
    // helper. A handler a call hands over is the route's, at that call.
    if (
      route.path.includes('{@') ||
      route.handlerParam !== undefined ||
      prefixes.some((p) => p.includes('{@'))
    ) {
      for (const version of versions)
        for (const route of served) {
          const written = graph.resolve(ownConstants(route.path, facts));
          for (const bound of router
            ? graph.boundRoutes(router, written, route.handlerParam)
            : [{ path: unbound(written) }])
            push(route, joinPaths(global, version, bound.path), bound.handed);
        }
      continue;
    }
    for (const prefix of prefixes)
      for (const version of versions)
        for (const route of served) {
          const full =
            route.owner === UNMOUNTED
              ? route.path
              : route.framework === 'trpc'
                ? [prefix.replace(/^\//, '').replace(/\//g, '.'), route.path].filter(Boolean).join('.')
                : joinPaths(global, version, prefix, graph.resolve(ownConstants(route.path, facts)));
          push(route, full);
        }
  }
  const exported = Object.keys(facts.exportedRouters);
  // `app/routes/x/route.ts` is a React Router module unless it answers HTTP methods the Next.js way.
  if (isRouteModule(rel) && !exported.some((e) => NEXT_HANDLERS.test(e))) {
    if (hints.fileRoutes) routes.push(...fileConventionRoutes(rel, exported));
  } else if (hints.nextProjects && isNextRouteFile(rel))
    routes.push(
      ...nextRoutes(
        rel,
        exported,
        (dir) => isProjectDir(dir) && underNext(dir, hints.nextProjects),
        facts.methodHandlers,
      ),
    );
  if (hints.sveltekit && isSvelteKitRouteFile(rel))
    routes.push(...svelteKitRoutes(rel, exported, isProjectDir, facts.methodHandlers));
  if (hints.nuxt && isNuxtRouteFile(rel)) routes.push(...nuxtRoutes(rel, isProjectDir));
  return routes;
}

/** A project folder in or below one whose package.json depends on Next.js (a workspace of a Next monorepo). */
const underNext = (dir: string, nextProjects: readonly string[] = []) =>
  nextProjects.some((p) => p === '' || dir === p || dir.startsWith(`${p}/`));

/**
 * Routes in a stable order that depends neither on the machine's locale nor on the order files
 * were read in: by path, then method, then file and line.
 */
export function byPathThenMethod(a: Route, b: Route): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  if (a.method !== b.method) return a.method < b.method ? -1 : 1;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
