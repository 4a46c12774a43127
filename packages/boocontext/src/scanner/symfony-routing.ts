import { createRequire } from 'node:module';
import path from 'node:path';
import { API_PLATFORM_OWNER } from './languages/api-platform.js';
import { controllerName, SYMFONY_OWNER, symfonyPath } from './languages/symfony.js';
import {
  type CachedFile,
  emptyFacts,
  type FileFacts,
  isAuxiliary,
  type Mount,
  UNKNOWN_PART,
} from './types.js';

/**
 * Symfony's routing configuration, which the kernel loads by name: `config/routes.yaml` and the
 * files of `config/routes/` (an environment's subfolder, such as `dev/`, is not the app's).
 */
export const SYMFONY_ROUTING = /(^|\/)config\/routes(\.ya?ml|\/[^/]+\.ya?ml)$/;

/** A mount's target: the controllers of a folder, or one file's routes, the config imports. */
export const SYMFONY_IMPORT = 'symfony:';
/** A mount's target: API Platform's resources of the project (`type: api_platform`). */
export const API_PLATFORM_IMPORT = 'api-platform:';

/** Loader types whose routes are the app's controllers' or a routes file's (not API Platform's, a service's). */
const READ_TYPES = new Set(['annotation', 'attribute', 'yaml', 'directory']);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const methodsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value.map(text) : (text(value)?.split('|') ?? []);
  const methods = list.flatMap((m) => (m?.trim() ? [m.trim().toUpperCase()] : []));
  return methods.length ? methods : ['ALL'];
};

/**
 * The YAML library, loaded on the first routing file: a scan of a project with none (most) does not
 * pay its load, about a tenth of a small project's scan.
 */
let yaml: typeof import('yaml') | undefined;
const yamlLibrary = () => {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return yaml;
};

/**
 * One routing file: each top-level entry an import (`resource:` a folder or file of routes, under
 * its `prefix:`) or a route (`path:` with its `controller:` and `methods:`). Environment blocks
 * (`when@dev:`) hold the profiler's and the error pages' routes, not the app's.
 */
export function symfonyRoutingFacts(rel: string, source: string): FileFacts {
  const facts = emptyFacts('yaml');
  const { isMap, isScalar, LineCounter, parseDocument } = yamlLibrary();
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines });
  if (!isMap(doc.contents)) return facts;
  const dir = path.posix.dirname(rel);
  // `config/` or `config/routes/` is in the project whose `src/` the imports lead to.
  const project = path.posix.dirname(dir.replace(/\/routes$|^routes$/, '') || '.');
  for (const item of doc.contents.items) {
    const name = isScalar(item.key) ? text(item.key.value) : undefined;
    if (!name || name.startsWith('when@') || !isMap(item.value)) continue;
    const entry = item.value.toJSON() as Record<string, unknown>;
    const at = lines.linePos(item.key && isScalar(item.key) ? (item.key.range?.[0] ?? 0) : 0).line;
    const written = text(entry.resource) ?? text((entry.resource as { path?: unknown } | undefined)?.path);
    const type = text(entry.type);
    if (written !== undefined) {
      const prefix = entry.prefix === undefined ? '' : (text(entry.prefix) ?? UNKNOWN_PART);
      // `api_platform: { resource: ., type: api_platform, prefix: /api }`: every resource of the project.
      if (type === 'api_platform') {
        facts.mounts.push({
          owner: `*${SYMFONY_OWNER}*`,
          prefix: symfonyPath(prefix),
          target: `${API_PLATFORM_IMPORT}${project}`,
          line: at,
        });
        continue;
      }
      if (written.startsWith('@') || (type && !READ_TYPES.has(type))) continue;
      const target =
        written === 'routing.controllers'
          ? path.posix.join(project, 'src/Controller')
          : path.posix.normalize(path.posix.join(dir, written)).replace(/\/$/, '');
      facts.mounts.push({
        owner: `*${SYMFONY_OWNER}*`,
        prefix: symfonyPath(prefix),
        target: `${SYMFONY_IMPORT}${target.replace(/^\.\//, '')}`,
        line: at,
      });
      continue;
    }
    const routePath = text(entry.path);
    if (routePath === undefined) continue;
    const handler = controllerName(
      text(entry.controller) ?? text((entry.defaults as { _controller?: unknown } | undefined)?._controller),
    );
    for (const method of methodsOf(entry.methods))
      facts.routes.push({
        method,
        path: symfonyPath(routePath),
        line: at,
        framework: 'symfony',
        owner: SYMFONY_OWNER,
        ...(handler ? { handler } : {}),
      });
  }
  return facts;
}

/**
 * What a routing import reaches: the routes file it names, or every file of the folder it names
 * that declares controller routes (Symfony's loader reads the folder's classes), under its prefix.
 */
export function symfonyImports(
  cache: ReadonlyMap<string, CachedFile>,
  mount: Mount,
): { target: string; prefix: string }[] {
  const apiPlatform = mount.target.startsWith(API_PLATFORM_IMPORT);
  const target = mount.target.slice((apiPlatform ? API_PLATFORM_IMPORT : SYMFONY_IMPORT).length);
  const owner = apiPlatform ? API_PLATFORM_OWNER : SYMFONY_OWNER;
  if (!apiPlatform && cache.has(target)) return [{ target: `${target}#${owner}`, prefix: mount.prefix }];
  const found: { target: string; prefix: string }[] = [];
  for (const [rel, { facts }] of cache)
    if (
      (target === '.' || rel.startsWith(`${target}/`)) &&
      !isAuxiliary(rel) &&
      facts.routes.some((r) => r.owner === owner)
    )
      found.push({ target: `${rel}#${owner}`, prefix: mount.prefix });
  return found;
}

/** Whether a folder import reaches a file: it declares Symfony controller routes or API Platform resources. */
export const importedByFolder = (facts: FileFacts | undefined) =>
  !!facts?.routes.some((r) => r.owner === SYMFONY_OWNER || r.owner === API_PLATFORM_OWNER);
