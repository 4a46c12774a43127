import path from 'node:path';
import type { ModuleResolver } from '@boocode/source-kit';

import { isNextRouteFile, nextRoutes } from './nextjs.js';
import { appDirOf, CONFIG_OWNER, fileConventionRoutes, isRouteModule } from './react-router.js';
import { type CachedFile, type FileFacts, isAuxiliary, joinPaths, type Route } from './types.js';

/** A router: `${file}#${owner}`. */
type Node = string;

const HTTP_FRAMEWORKS = ['express', 'fastify', 'hono', 'koa'];

/**
 * Which router is mounted where: `app.use('/api', users)` across files, prefixes routers give
 * themselves, and the full prefixes that follow (worked out once per router).
 */
export class MountGraph {
  private readonly incoming = new Map<Node, { from: Node; prefix: string }[]>();
  private readonly selfPrefix = new Map<Node, string>();
  private readonly prefixes = new Map<Node, string[]>();

  constructor(cache: Map<string, CachedFile>, modules: ModuleResolver) {
    const language = (rel: string) => cache.get(rel)?.facts.language ?? '';
    const resolveTarget = (file: string, target: string): Node | undefined => {
      const facts = cache.get(file)?.facts;
      if (!facts) return undefined;
      if (target.startsWith('import:')) {
        const to = modules.resolve(file, target.slice(7), language(file));
        const exported = to && cache.get(to)?.facts.exportedRouters.default;
        return to && exported ? `${to}#${exported}` : undefined;
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
      if (!to) return undefined;
      const exported = cache.get(to)?.facts.exportedRouters[binding.name] ?? binding.name;
      return `${to}#${exported}`;
    };

    for (const [rel, entry] of cache) {
      for (const mount of entry.facts.mounts) {
        if (mount.owner.endsWith('#self')) {
          this.selfPrefix.set(`${rel}#${mount.target}`, mount.prefix);
          continue;
        }
        const target = resolveTarget(rel, mount.target);
        if (!target) continue;
        const list = this.incoming.get(target) ?? [];
        list.push({ from: `${rel}#${mount.owner}`, prefix: mount.prefix });
        this.incoming.set(target, list);
      }
    }
  }

  /** Every full prefix a router is reached under; computed from the top, so a cycle's cut is the same every time. */
  prefixesOf(node: Node): string[] {
    let prefixes = this.prefixes.get(node);
    if (!prefixes) {
      prefixes = this.walkUp(node, new Set());
      this.prefixes.set(node, prefixes);
    }
    return prefixes;
  }

  private walkUp(node: Node, visiting: Set<Node>): string[] {
    const own = this.selfPrefix.get(node) ?? '';
    const parents = this.incoming.get(node);
    if (!parents || parents.length === 0 || visiting.has(node)) return [own];
    visiting.add(node);
    const result = parents.flatMap((p) =>
      this.walkUp(p.from, visiting).map((prefix) => joinPaths(prefix, p.prefix, own)),
    );
    visiting.delete(node);
    return result;
  }
}

/** Whether a file contributes routes: its own declarations, or its path under a Next.js router. */
export const mayHaveRoutes = (rel: string, facts: FileFacts) =>
  facts.routes.length > 0 || isNextRouteFile(rel) || isRouteModule(rel);

const NEXT_HANDLERS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;

/**
 * One file's routes with their full paths: its own routes under every chain of mounts that leads
 * to their router, and the Next.js routes its path makes. Test files have none. `guessed` names
 * the project's one HTTP framework, for routes on an owner no import tied to one.
 */
export function routesOfFile(
  rel: string,
  facts: FileFacts,
  graph: MountGraph,
  isProjectDir: (dir: string) => boolean,
  guessed?: string,
): Route[] {
  if (isAuxiliary(rel)) return [];
  const routes: Route[] = [];
  for (const route of facts.routes) {
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
    const prefixes = route.owner.startsWith('*') ? [''] : graph.prefixesOf(`${rel}#${route.owner}`);
    for (const prefix of prefixes) {
      const full =
        route.framework === 'trpc'
          ? [prefix.replace(/^\//, '').replace(/\//g, '.'), route.path].filter(Boolean).join('.')
          : joinPaths(prefix, route.path);
      routes.push({
        method: route.method,
        path: full,
        file: rel,
        line: route.line,
        ...(route.endLine ? { endLine: route.endLine } : {}),
        framework: route.framework === 'http' && guessed ? guessed : route.framework,
        ...(route.handler ? { handler: route.handler } : {}),
      });
    }
  }
  const exported = Object.keys(facts.exportedRouters);
  // `app/routes/x/route.ts` is a React Router module unless it answers HTTP methods the Next.js way.
  if (isRouteModule(rel) && !exported.some((e) => NEXT_HANDLERS.test(e)))
    routes.push(...fileConventionRoutes(rel, exported));
  else if (isNextRouteFile(rel)) routes.push(...nextRoutes(rel, exported, isProjectDir));
  return routes;
}

/** The one HTTP framework a project uses, if it uses exactly one. */
export function onlyHttpFramework(frameworks: ReadonlySet<string>): string | undefined {
  const present = HTTP_FRAMEWORKS.filter((f) => frameworks.has(f));
  return present.length === 1 ? present[0] : undefined;
}

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
