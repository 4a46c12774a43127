import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  languageOf,
  listRepoFiles,
  ModuleResolver,
  preloadGrammar,
  preloadParserRuntime,
  readIfChanged,
} from '@boocode/source-kit';
import { grammarFor, JS_FILE, lexedFacts, treeFacts } from './file-facts.js';
import { lexerReady } from './js-imports.js';
import { nextRoutes } from './nextjs.js';
import { isMigration, readPrisma, replayMigrations } from './schema-files.js';
import { type FileFacts, joinPaths, type Model, type Route, TEST_FILE } from './types.js';

const MANIFESTS: Record<string, string> = {
  'package-lock.json': 'npm',
  'pnpm-lock.yaml': 'pnpm',
  'yarn.lock': 'yarn',
  'bun.lockb': 'bun',
  'Cargo.toml': 'cargo',
  'go.mod': 'go modules',
  'requirements.txt': 'pip',
  'pyproject.toml': 'pip/pyproject',
  'poetry.lock': 'poetry',
  Gemfile: 'bundler',
  'pom.xml': 'maven',
  'build.gradle': 'gradle',
  'build.gradle.kts': 'gradle',
};

const DEPENDENCY_FRAMEWORKS: Record<string, string> = {
  next: 'nextjs',
  react: 'react',
  vue: 'vue',
  svelte: 'svelte',
  express: 'express',
  fastify: 'fastify',
  hono: 'hono',
  koa: 'koa',
  '@nestjs/core': 'nestjs',
  '@trpc/server': 'trpc',
  prisma: 'prisma',
  '@prisma/client': 'prisma',
  'drizzle-orm': 'drizzle',
  typeorm: 'typeorm',
  mongoose: 'mongoose',
  sequelize: 'sequelize',
};

const PY_FRAMEWORKS: Record<string, string> = {
  fastapi: 'fastapi',
  flask: 'flask',
  django: 'django',
  sqlalchemy: 'sqlalchemy',
};

const WANTED = (rel: string) =>
  languageOf(rel) !== undefined ||
  /\.(vue|svelte|sql|prisma)$/.test(rel) ||
  path.posix.basename(rel) in MANIFESTS ||
  /(^|\/)(package\.json|pnpm-workspace\.yaml|go\.work|tsconfig\.json)$/.test(rel);

export interface ScanResult {
  root: string;
  files: number;
  languages: Record<string, number>;
  packageManagers: string[];
  workspaces: string[];
  frameworks: string[];
  routes: Route[];
  models: Model[];
  components: { name: string; framework: string; file: string; line: number }[];
  env: { name: string; files: string[] }[];
  /** Import edges between files of the repository. */
  edges: [string, string][];
  hotFiles: { file: string; importedBy: number }[];
  unparsed: { file: string; error: string }[];
  stats: {
    ms: number;
    read: number;
    reused: number;
    /** Where the time went, in ms: listing files, reading and lexing them, parsing those that need a tree, joining it all up. */
    phases: { walk: number; read: number; parse: number; link: number };
  };
}

interface Cached {
  mtimeMs: number;
  size: number;
  facts: FileFacts;
  text?: string;
  /** Resolved import targets, valid for the resolver they were computed with. */
  targets?: { with: ModuleResolver; files: string[] };
}

/** The module resolver depends on the set of files and on the configs that map names to them. */
function resolverKey(cache: Map<string, Cached>): string {
  const parts: string[] = [];
  for (const [rel, entry] of cache) {
    parts.push(
      /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json|go\.mod)$/.test(rel)
        ? `${rel}@${entry.mtimeMs}`
        : rel,
    );
  }
  return parts.sort().join('\n');
}

/**
 * Scans a repository into routes, models, components, env vars and its import graph. Results are
 * cached per file by mtime and size, so a re-scan after one edit re-reads one file. Nothing is
 * written anywhere.
 */
export class Scanner {
  private readonly caches = new Map<string, Map<string, Cached>>();
  private readonly resolvers = new Map<string, { key: string; modules: ModuleResolver }>();

  async scan(root: string, signal?: AbortSignal): Promise<ScanResult> {
    const started = performance.now();
    const [files] = await Promise.all([listRepoFiles(root, WANTED, signal), lexerReady]);
    const listed = performance.now();
    // Nearly every code base has a file that needs a syntax tree: the parser runtime loads meanwhile.
    if (files.some((f) => languageOf(f.rel))) preloadParserRuntime();
    const cache = this.caches.get(root) ?? new Map<string, Cached>();
    this.caches.set(root, cache);
    const seen = new Set<string>();
    let read = 0;
    let reused = 0;
    // Files that need a syntax tree wait until the rest is read: their grammars compile meanwhile.
    const needTrees: { rel: string; stored: Omit<Cached, 'facts'>; text: string }[] = [];
    const yieldNow = () => new Promise((r) => setImmediate(r));
    for (const file of files) {
      if (signal?.aborted) throw new Error('scan cancelled');
      const old = cache.get(file.rel);
      const result = readIfChanged(file.abs, old && { size: old.size, mtimeMs: Math.floor(old.mtimeMs) });
      if (result.kind === 'skip') continue;
      seen.add(file.rel);
      if (result.kind === 'unchanged') {
        reused++;
        continue;
      }
      read++;
      const { info, buffer } = result;
      const text = buffer.toString('utf8');
      const lexed = lexedFacts(file.rel, text);
      const stored = { mtimeMs: info.mtimeMs, size: info.size, ...(keepText(file.rel) ? { text } : {}) };
      if (lexed) cache.set(file.rel, { ...stored, facts: lexed });
      else {
        const grammar = grammarFor(file.rel, text);
        if (grammar) preloadGrammar(grammar);
        needTrees.push({ rel: file.rel, stored, text });
      }
      // Yield between files so a slow scan never holds up other requests on this process.
      if (read % 50 === 0) await yieldNow();
    }
    const lexed = performance.now();
    // A file is cached only once its facts are in: a cancelled scan leaves nothing half-read.
    for (const [i, { rel, stored, text }] of needTrees.entries()) {
      if (signal?.aborted) throw new Error('scan cancelled');
      cache.set(rel, { ...stored, facts: await treeFacts(rel, text) });
      if (i % 20 === 19) await yieldNow();
    }
    const parsed = performance.now();
    for (const rel of [...cache.keys()]) if (!seen.has(rel)) cache.delete(rel);
    // Unchanged file set and configs: the resolver, and every unchanged file's resolved imports, are reused.
    const key = resolverKey(cache);
    let resolver = this.resolvers.get(root);
    if (resolver?.key !== key) {
      const sourceFiles = [...cache.keys()].filter((rel) => languageOf(rel) || /\.(vue|svelte)$/.test(rel));
      resolver = { key, modules: new ModuleResolver(root, sourceFiles) };
      this.resolvers.set(root, resolver);
    }
    const result = aggregate(root, cache, resolver.modules);
    const done = performance.now();
    const ms = (from: number, to: number) => Math.round(to - from);
    return {
      ...result,
      stats: {
        ms: ms(started, done),
        read,
        reused,
        phases: {
          walk: ms(started, listed),
          read: ms(listed, lexed),
          parse: ms(lexed, parsed),
          link: ms(parsed, done),
        },
      },
    };
  }
}

const keepText = (rel: string) =>
  /\.(sql|prisma)$/.test(rel) ||
  /(^|\/)(package\.json|pnpm-workspace\.yaml|go\.work)$/.test(rel) ||
  path.posix.basename(rel) === 'Cargo.toml';

function aggregate(
  root: string,
  cache: Map<string, Cached>,
  modules: ModuleResolver,
): Omit<ScanResult, 'stats'> {
  const languages: Record<string, number> = {};
  const packageManagers = new Set<string>();
  const frameworks = new Set<string>();
  const unparsed: ScanResult['unparsed'] = [];
  for (const [rel, entry] of cache) {
    const base = path.posix.basename(rel);
    if (MANIFESTS[base]) packageManagers.add(MANIFESTS[base] as string);
    const language = languageOf(rel) ?? (/\.(vue|svelte)$/.test(rel) ? entry.facts.language : undefined);
    if (language) languages[language] = (languages[language] ?? 0) + 1;
    for (const f of entry.facts.frameworks) frameworks.add(f);
    if (entry.facts.error) unparsed.push({ file: rel, error: entry.facts.error });
    if (base === 'package.json' && entry.text) {
      try {
        const pkg = JSON.parse(entry.text) as {
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
        };
        for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
          const fw = DEPENDENCY_FRAMEWORKS[dep];
          if (fw) frameworks.add(fw);
        }
      } catch {
        unparsed.push({ file: rel, error: 'invalid JSON' });
      }
    }
    for (const imp of entry.facts.imports) {
      const top = imp.spec.replace(/^\.+/, '').split('.')[0] ?? '';
      if (entry.facts.language === 'python' && PY_FRAMEWORKS[top])
        frameworks.add(PY_FRAMEWORKS[top] as string);
    }
  }

  // Import graph.
  const edges: [string, string][] = [];
  for (const [rel, entry] of cache) {
    if (entry.targets?.with !== modules) {
      const language =
        entry.facts.language === 'vue' || entry.facts.language === 'svelte'
          ? 'typescript'
          : entry.facts.language;
      const files = entry.facts.imports
        .map((imp) => modules.resolve(rel, imp.spec, language))
        .filter((t): t is string => !!t && t !== rel);
      entry.targets = { with: modules, files };
    }
    for (const target of entry.targets.files) edges.push([rel, target]);
  }
  const uniqueEdges = [...new Map(edges.map((e) => [`${e[0]}\u0000${e[1]}`, e])).values()];
  const inDegree = new Map<string, number>();
  for (const [, to] of uniqueEdges) inDegree.set(to, (inDegree.get(to) ?? 0) + 1);
  const hotFiles = [...inDegree.entries()]
    .map(([file, importedBy]) => ({ file, importedBy }))
    .sort((a, b) => b.importedBy - a.importedBy || a.file.localeCompare(b.file))
    .slice(0, 25);

  return {
    root,
    files: cache.size,
    languages,
    packageManagers: [...packageManagers].sort(),
    workspaces: workspacesOf(root, cache),
    frameworks: [...frameworks].sort(),
    routes: labelGuessedFrameworks(routesOf(cache, modules), frameworks),
    models: modelsOf(root, cache),
    components: [...cache.entries()]
      .filter(([rel]) => !TEST_FILE.test(rel))
      .flatMap(([rel, e]) => e.facts.components.map((c) => ({ ...c, file: rel }))),
    env: envOf(cache),
    edges: uniqueEdges,
    hotFiles,
    unparsed,
  };
}

function envOf(cache: Map<string, Cached>): ScanResult['env'] {
  const byName = new Map<string, Set<string>>();
  for (const [rel, entry] of cache) {
    for (const name of entry.facts.env) {
      const set = byName.get(name) ?? new Set();
      set.add(rel);
      byName.set(name, set);
    }
  }
  return [...byName.entries()]
    .map(([name, files]) => ({ name, files: [...files].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function modelsOf(root: string, cache: Map<string, Cached>): Model[] {
  const models: Model[] = [];
  const prismaPaths = new Set([...cache.keys()].filter((rel) => rel.endsWith('.prisma')));
  // package.json "prisma": { "schema": "…" } points at a schema anywhere, even with another extension.
  for (const [rel, entry] of cache) {
    if (path.posix.basename(rel) !== 'package.json' || !entry.text) continue;
    try {
      const schema = (JSON.parse(entry.text) as { prisma?: { schema?: string } }).prisma?.schema;
      if (schema) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), schema));
        if (!cache.has(target)) {
          try {
            const text = readFileSync(path.join(root, target), 'utf8');
            models.push(...readPrisma(target, text));
          } catch {
            // missing schema: nothing to add
          }
        } else prismaPaths.add(target);
      }
    } catch {
      // reported by aggregate
    }
  }
  for (const rel of prismaPaths) {
    const text = cache.get(rel)?.text;
    if (text) models.push(...readPrisma(rel, text));
  }
  const migrations = [...cache.entries()]
    .filter(([rel, e]) => isMigration(rel) && e.text !== undefined)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([rel, e]) => ({ rel, text: e.text as string }));
  models.push(...replayMigrations(migrations));
  for (const [rel, entry] of cache) if (!TEST_FILE.test(rel)) models.push(...entry.facts.models);
  return models;
}

function workspacesOf(root: string, cache: Map<string, Cached>): string[] {
  const patterns: string[] = [];
  const rootPkg = cache.get('package.json')?.text;
  if (rootPkg) {
    try {
      const ws = (JSON.parse(rootPkg) as { workspaces?: string[] | { packages?: string[] } }).workspaces;
      patterns.push(...(Array.isArray(ws) ? ws : (ws?.packages ?? [])));
    } catch {
      // reported elsewhere
    }
  }
  const pnpm = cache.get('pnpm-workspace.yaml')?.text;
  if (pnpm)
    for (const m of pnpm.matchAll(/^\s*-\s*['"]?([^'"\n#]+?)['"]?\s*$/gm)) if (m[1]) patterns.push(m[1]);
  const cargo = cache.get('Cargo.toml')?.text;
  const members = cargo && /\[workspace\][\s\S]*?members\s*=\s*\[([\s\S]*?)\]/.exec(cargo)?.[1];
  if (members) for (const m of members.matchAll(/"([^"]+)"/g)) if (m[1]) patterns.push(m[1]);
  const goWork = cache.get('go.work')?.text;
  if (goWork)
    for (const m of goWork.matchAll(/^\s*(?:use\s+)?(\.\/[\w./-]+)\s*$/gm)) if (m[1]) patterns.push(m[1]);
  if (patterns.length === 0) return [];
  const dirs = new Set<string>();
  for (const rel of cache.keys()) {
    if (!/(^|\/)(package\.json|Cargo\.toml|go\.mod)$/.test(rel) || !rel.includes('/')) continue;
    const dir = path.posix.dirname(rel);
    for (const pattern of patterns) {
      const clean = pattern.replace(/^\.\//, '').replace(/\/$/, '');
      const re = new RegExp(
        `^${clean
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*/g, '.+')
          .replace(/\*/g, '[^/]+')}$`,
      );
      if (re.test(dir)) dirs.add(dir);
    }
  }
  void root;
  return [...dirs].sort();
}

/** Full route paths: each route's own path under every chain of mounts that leads to its router. */
function routesOf(cache: Map<string, Cached>, modules: ModuleResolver): Route[] {
  type Node = string; // `${file}#${owner}`
  const incoming = new Map<Node, { from: Node; prefix: string }[]>();
  const selfPrefix = new Map<Node, string>();
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
        selfPrefix.set(`${rel}#${mount.target}`, mount.prefix);
        continue;
      }
      const target = resolveTarget(rel, mount.target);
      if (!target) continue;
      const list = incoming.get(target) ?? [];
      list.push({ from: `${rel}#${mount.owner}`, prefix: mount.prefix });
      incoming.set(target, list);
    }
  }

  const prefixesOf = (node: Node, visiting: Set<Node>): string[] => {
    const own = selfPrefix.get(node) ?? '';
    const parents = incoming.get(node);
    if (!parents || parents.length === 0 || visiting.has(node)) return [own];
    visiting.add(node);
    const result = parents.flatMap((p) =>
      prefixesOf(p.from, visiting).map((prefix) => joinPaths(prefix, p.prefix, own)),
    );
    visiting.delete(node);
    return result;
  };

  const routes: Route[] = [];
  for (const [rel, entry] of cache) {
    if (TEST_FILE.test(rel)) continue;
    for (const route of entry.facts.routes) {
      const prefixes = route.owner.startsWith('*') ? [''] : prefixesOf(`${rel}#${route.owner}`, new Set());
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
          framework: route.framework,
          ...(route.handler ? { handler: route.handler } : {}),
        });
      }
    }
    if (JS_FILE.test(rel)) routes.push(...nextRoutes(rel, Object.keys(entry.facts.exportedRouters)));
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const HTTP_FRAMEWORKS = ['express', 'fastify', 'hono', 'koa'];

/** Routes declared on an owner we could not trace get the project's one HTTP framework, when it has one. */
function labelGuessedFrameworks(routes: Route[], frameworks: Set<string>): Route[] {
  const present = HTTP_FRAMEWORKS.filter((f) => frameworks.has(f));
  const only = present.length === 1 ? present[0] : undefined;
  return only ? routes.map((r) => (r.framework === 'http' ? { ...r, framework: only } : r)) : routes;
}

/** Files that depend on `file`, breadth-first up to `depth` import hops. */
export function blastRadius(
  scan: ScanResult,
  file: string,
  depth: number,
): { file: string; depth: number }[] {
  const importers = new Map<string, string[]>();
  for (const [from, to] of scan.edges) {
    const list = importers.get(to) ?? [];
    list.push(from);
    importers.set(to, list);
  }
  const reached = new Map<string, number>([[file, 0]]);
  let frontier = [file];
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const next: string[] = [];
    for (const f of frontier) {
      for (const importer of importers.get(f) ?? []) {
        if (reached.has(importer)) continue;
        reached.set(importer, level);
        next.push(importer);
      }
    }
    frontier = next;
  }
  reached.delete(file);
  return [...reached.entries()]
    .map(([f, d]) => ({ file: f, depth: d }))
    .sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file));
}
