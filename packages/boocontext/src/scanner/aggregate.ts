import { readFileSync } from 'node:fs';
import path from 'node:path';
import { byCodeUnits, byNumbersInText, languageOf, type ModuleResolver } from '@boocode/source-kit';
import { withServedDeclarations } from './declared-served.js';
import { MANIFESTS, textLanguageOf } from './file-facts.js';
import { ELOQUENT_BASE } from './languages/php.js';
import { mergeModels } from './models.js';
import { withoutShadowedFileRoutes } from './react-router.js';
import {
  byPathThenMethod,
  MountGraph,
  mayHaveRoutes,
  type RoutingHints,
  routesOfFile,
  routingHints,
} from './routes.js';
import { createsTables, isMigration, readPrisma, replayMigrations } from './schema-files.js';
import { importedByFolder } from './symfony-routing.js';
import {
  type CachedFile,
  type FileFacts,
  isAuxiliary,
  type Model,
  type ModelClass,
  type Route,
  SFC_FILE,
} from './types.js';
import { workspacesOf } from './workspaces.js';

export interface ScanResult {
  root: string;
  files: number;
  languages: Record<string, number>;
  packageManagers: string[];
  workspaces: string[];
  frameworks: string[];
  routes: Route[];
  /** gRPC methods the code calls through generated clients, where each call is made. */
  rpcCalls: { service: string; method: string; file: string; line: number }[];
  models: Model[];
  components: { name: string; framework: string; file: string; line: number }[];
  env: { name: string; files: string[] }[];
  /** Import edges between files of the repository. */
  edges: [string, string][];
  hotFiles: { file: string; importedBy: number }[];
  unparsed: { file: string; error: string }[];
  /** Minified, bundled and generated files: not the app's code, so in no tally, route or hot file. */
  excluded: { file: string; reason: string }[];
  /** Tests and fixtures, counted apart: what they declare is not the application's. */
  auxiliary: { files: number; frameworks: string[]; unparsed: string[] };
  stats: {
    ms: number;
    read: number;
    /** Of those read, the files that needed a syntax tree (the rest were read by their text). */
    parsed: number;
    reused: number;
    /** Where the time went, in ms: listing files, reading and lexing them, parsing those that need a tree, joining it all up. */
    phases: { walk: number; read: number; parse: number; link: number };
  };
}

/** What one scan changed: each file re-read, added or removed, with its entry from before (none if new). */
export interface ScanChange {
  files: Map<string, CachedFile | undefined>;
  /** A file was added or removed, or a config the resolver reads changed: a new resolver. */
  resolverChanged: boolean;
}

const WORKSPACE_MANIFEST = /(^|\/)(package\.json|pnpm-workspace\.yaml|Cargo\.toml|go\.work|go\.mod)$/;
const SCHEMA_FILE = /\.(prisma|sql)$|(^|\/)package\.json$/;

/** A file this scan re-read, added or removed: its cache entry before and after (none if absent). */
interface Changed {
  rel: string;
  before?: CachedFile;
  after?: CachedFile;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Joins every file's facts into one picture. Per-file work (facts, resolved imports, a file's
 * routes) is kept between scans; the mount graph, the import graph's totals, models and
 * workspaces are derived again only when a changed file can affect them, so a re-scan after one
 * edit costs little more than listing and stat-ing the tree.
 */
export class Aggregator {
  private mounts?: { graph: MountGraph; modules: ModuleResolver; hints: string };
  private readonly fileRoutes = new Map<string, Route[]>();
  private routes: Route[] = [];
  private imports?: { modules: ModuleResolver; edges: [string, string][]; hotFiles: ScanResult['hotFiles'] };
  private models?: { models: Model[]; outside: boolean };
  private workspaces?: string[];

  join(
    root: string,
    cache: Map<string, CachedFile>,
    modules: ModuleResolver,
    change: ScanChange,
  ): Omit<ScanResult, 'stats'> {
    const languages: Record<string, number> = {};
    const packageManagers = new Set<string>();
    const frameworks = new Set<string>();
    const unparsed: ScanResult['unparsed'] = [];
    const components: ScanResult['components'] = [];
    const rpcCalls: ScanResult['rpcCalls'] = [];
    const env = new Map<string, string[]>();
    const auxiliary = { files: 0, frameworks: new Set<string>(), unparsed: [] as string[] };
    const excluded: ScanResult['excluded'] = [];
    for (const [rel, entry] of cache) {
      const { facts } = entry;
      if (facts.excluded) {
        excluded.push({ file: rel, reason: facts.excluded });
        continue;
      }
      entry.kind ??= kindOf(rel, facts);
      const { language, manager } = entry.kind;
      if (language) languages[language] = (languages[language] ?? 0) + 1;
      if (isAuxiliary(rel)) {
        auxiliary.files++;
        for (const f of facts.frameworks) auxiliary.frameworks.add(f);
        if (facts.error) auxiliary.unparsed.push(rel);
        continue;
      }
      if (manager) packageManagers.add(manager);
      for (const f of facts.frameworks) frameworks.add(f);
      if (facts.error) unparsed.push({ file: rel, error: facts.error });
      if (facts.components.length) for (const c of facts.components) components.push({ ...c, file: rel });
      for (const call of facts.rpcCalls ?? []) rpcCalls.push({ ...call, file: rel });
      for (const name of facts.env) env.set(name, [...(env.get(name) ?? []), rel]);
    }
    const changed: Changed[] = [...change.files].map(([rel, before]) => ({
      rel,
      ...(before ? { before } : {}),
      ...(cache.has(rel) ? { after: cache.get(rel) } : {}),
    }));
    const touched = (test: RegExp) => changed.some(({ rel }) => test.test(rel));
    const either = (test: (facts: FileFacts) => boolean) =>
      changed.some(({ before, after }) => (before && test(before.facts)) || (after && test(after.facts)));

    this.joinRoutes(cache, modules, changed, either, routingHints(frameworks, cache));
    this.joinImports(cache, modules, changed);
    if (
      !this.models ||
      this.models.outside ||
      touched(SCHEMA_FILE) ||
      either((facts) => facts.models.length > 0 || !!facts.modelClasses)
    )
      this.models = modelsOf(root, cache);
    if (!this.workspaces || touched(WORKSPACE_MANIFEST)) this.workspaces = workspacesOf(cache);
    const imports = this.imports as NonNullable<Aggregator['imports']>;

    return {
      root,
      files: cache.size,
      // Most files first, then by name: the cache's order is the order reads finished in.
      languages: Object.fromEntries(
        Object.entries(languages).sort(([a, m], [b, n]) => n - m || byCodeUnits(a, b)),
      ),
      packageManagers: [...packageManagers].sort(),
      workspaces: this.workspaces,
      frameworks: [...frameworks].sort(),
      routes: this.routes,
      rpcCalls: rpcCalls.sort((a, b) => byCodeUnits(a.file, b.file) || a.line - b.line),
      models: this.models.models,
      components,
      env: [...env.entries()]
        .map(([name, files]) => ({ name, files: files.sort() }))
        .sort((a, b) => byCodeUnits(a.name, b.name)),
      edges: imports.edges,
      hotFiles: imports.hotFiles,
      unparsed,
      excluded: excluded.sort((a, b) => byCodeUnits(a.file, b.file)),
      auxiliary: {
        files: auxiliary.files,
        frameworks: [...auxiliary.frameworks].sort(),
        unparsed: auxiliary.unparsed.sort(),
      },
    };
  }

  /**
   * The mount graph is rebuilt when the resolver or a changed file's mounts or exports change;
   * otherwise only the changed files' routes are worked out again.
   */
  private joinRoutes(
    cache: Map<string, CachedFile>,
    modules: ModuleResolver,
    changed: Changed[],
    either: (test: (facts: FileFacts) => boolean) => boolean,
    hints: RoutingHints,
  ): void {
    const graphStale =
      !this.mounts ||
      this.mounts.modules !== modules ||
      either(
        (facts) =>
          facts.mounts.length > 0 ||
          !!facts.globalPrefixes ||
          !!facts.constants ||
          !!facts.pageHandlers ||
          !!facts.conventionalRoutes,
      ) ||
      changed.some(
        ({ before, after }) =>
          JSON.stringify(before?.facts.exportedRouters ?? {}) !==
            JSON.stringify(after?.facts.exportedRouters ?? {}) ||
          // A folder import reaches the files declaring controller routes, found when the graph is built.
          importedByFolder(before?.facts) !== importedByFolder(after?.facts),
      );
    const hintsKey = JSON.stringify(hints);
    if (graphStale || this.mounts?.hints !== hintsKey) {
      this.mounts = { graph: new MountGraph(cache, modules), modules, hints: hintsKey };
      this.fileRoutes.clear();
    } else if (
      !changed.some(
        ({ rel, before, after }) =>
          (before && mayHaveRoutes(rel, before.facts)) || (after && mayHaveRoutes(rel, after.facts)),
      )
    )
      return;
    for (const { rel } of changed) this.fileRoutes.delete(rel);
    const { graph } = this.mounts as NonNullable<Aggregator['mounts']>;
    const routes: Route[] = [];
    // A package.json added or removed changes the resolver, so the routes are worked out again.
    const isProjectDir = (dir: string) => dir === '' || cache.has(`${dir}/package.json`);
    for (const [rel, entry] of cache) {
      if (!mayHaveRoutes(rel, entry.facts)) continue;
      let own = this.fileRoutes.get(rel);
      if (!own) {
        own = routesOfFile(rel, entry.facts, graph, isProjectDir, hints);
        this.fileRoutes.set(rel, own);
      }
      for (const route of own) routes.push(route);
    }
    const configs = [...cache.entries()].flatMap(([rel, e]) =>
      e.facts.routeConfig ? [{ rel, flat: e.facts.routeConfig.flat }] : [],
    );
    this.routes = withServedDeclarations(withoutShadowedFileRoutes(routes, configs)).sort(byPathThenMethod);
  }

  /** Import edges and the most-imported files, counted again only when some file's targets changed. */
  private joinImports(cache: Map<string, CachedFile>, modules: ModuleResolver, changed: Changed[]): void {
    const stale =
      !this.imports ||
      this.imports.modules !== modules ||
      changed.some(({ rel, before, after }) => {
        const old = before?.targets?.with === modules ? before.targets.edges.map((e) => e[1]) : undefined;
        const now = after ? importEdges(rel, after, modules).map((e) => e[1]) : [];
        return !old || !sameList(old, now);
      });
    if (!stale) return;
    const edges: [string, string][] = [];
    const inDegree = new Map<string, number>();
    for (const [rel, entry] of cache) {
      for (const edge of importEdges(rel, entry, modules)) {
        edges.push(edge);
        inDegree.set(edge[1], (inDegree.get(edge[1]) ?? 0) + 1);
      }
    }
    const hotFiles = [...inDegree.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 25)
      .map(([file, importedBy]) => ({ file, importedBy }));
    this.imports = { modules, edges, hotFiles };
  }
}

/** What a file counts as: its language (for the language tally) and the package manager it names. */
function kindOf(rel: string, facts: FileFacts): { language?: string; manager?: string } {
  const language =
    languageOf(rel) ?? textLanguageOf(rel) ?? (SFC_FILE.test(rel) ? facts.language : undefined);
  const manager = MANIFESTS[path.posix.basename(rel)];
  return { ...(language ? { language } : {}), ...(manager ? { manager } : {}) };
}

/** A file's import edges inside the repository, each once, resolved once per resolver. */
function importEdges(rel: string, entry: CachedFile, modules: ModuleResolver): [string, string][] {
  if (entry.targets?.with !== modules) {
    const language =
      entry.facts.language === 'vue' || entry.facts.language === 'svelte'
        ? 'typescript'
        : entry.facts.language;
    const files = new Set<string>();
    for (const imp of entry.facts.imports) {
      const target = modules.resolve(rel, imp.spec, language);
      if (target && target !== rel) files.add(target);
    }
    entry.targets = { with: modules, edges: [...files].map((to): [string, string] => [rel, to]) };
  }
  return entry.targets.edges;
}

/** Models, and whether a schema outside the scanned files was read (no cache entry tracks its changes). */
function modelsOf(root: string, cache: Map<string, CachedFile>): { models: Model[]; outside: boolean } {
  const models: Model[] = [];
  let outside = false;
  const prismaPaths = new Set(
    [...cache.keys()].filter((rel) => rel.endsWith('.prisma') && !isAuxiliary(rel)),
  );
  // package.json "prisma": { "schema": "…" } points at a schema anywhere, even with another extension.
  for (const [rel, entry] of cache) {
    const schema = entry.facts.manifest?.prismaSchema;
    if (!schema || isAuxiliary(rel)) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), schema));
    if (cache.has(target)) {
      prismaPaths.add(target);
      continue;
    }
    outside = true;
    try {
      models.push(...readPrisma(target, readFileSync(path.join(root, target), 'utf8')));
    } catch {
      // missing schema: nothing to add
    }
  }
  for (const rel of prismaPaths) {
    const text = cache.get(rel)?.text;
    if (text) models.push(...readPrisma(rel, text));
  }
  const migrations = [...cache.entries()]
    .filter(
      ([rel, e]) =>
        e.text !== undefined && (isMigration(rel) || createsTables(rel, e.text)) && !isAuxiliary(rel),
    )
    // Migrations run in name order, numbers compared as numbers (2_x before 10_x), after any other
    // file that makes tables: a dump kept for docs names a table its migrations made first.
    .sort(([a], [b]) => Number(isMigration(a)) - Number(isMigration(b)) || byNumbersInText(a, b))
    .map(([rel, e]) => ({ rel, text: e.text as string }));
  models.push(...replayMigrations(migrations));
  for (const [rel, entry] of cache) if (!isAuxiliary(rel)) models.push(...entry.facts.models);
  models.push(...djangoModels(cache));
  models.push(...eloquentDescendants(cache, models));
  const embedded = gormEmbeddings(cache, models);
  return {
    models: mergeModels([
      ...models.filter(
        (m) => !(m.orm === 'gorm' && embedded.bases.has(`${path.posix.dirname(m.file)}#${m.name}`)),
      ),
      ...embedded.models,
    ]),
    outside,
  };
}

/**
 * GORM models of a package that embed another (`type Tag struct { Model; Name string }` with
 * `Model` the package's struct of gorm-tagged columns): each such struct is a table with the base's
 * columns; a model only ever embedded is a base, not a table.
 */
function gormEmbeddings(
  cache: Map<string, CachedFile>,
  models: readonly Model[],
): { models: Model[]; bases: Set<string> } {
  const tagged = new Map(
    models.filter((m) => m.orm === 'gorm').map((m) => [`${path.posix.dirname(m.file)}#${m.name}`, m]),
  );
  const found: Model[] = [];
  const bases = new Set<string>();
  for (const [rel, entry] of cache) {
    if (isAuxiliary(rel) || entry.facts.language !== 'go') continue;
    const dir = path.posix.dirname(rel);
    for (const c of entry.facts.modelClasses ?? []) {
      const base = c.bases.map((b) => tagged.get(`${dir}#${b}`)).find(Boolean);
      if (!base) continue;
      bases.add(`${dir}#${base.name}`);
      if (!tagged.has(`${dir}#${c.name}`))
        found.push({
          name: c.name,
          orm: 'gorm',
          file: rel,
          line: c.line,
          fields: [...(base.fields ?? []), ...c.fields],
        });
    }
  }
  return { models: found, bases };
}

/**
 * Eloquent models that extend another of the project's (BookStack's `Bookshelf extends Entity`,
 * `abstract class Entity extends Model`), through any depth; an abstract one is a base, not a table.
 */
function eloquentDescendants(cache: Map<string, CachedFile>, models: readonly Model[]): Model[] {
  const classes = modelClassesOf(cache, 'php');
  const roots = new Set(models.filter((m) => m.orm === 'eloquent').map((m) => m.name));
  for (const c of classes) if (c.abstract && c.bases.some((b) => ELOQUENT_BASE.test(b))) roots.add(c.name);
  return [...extending(classes, (base) => roots.has(base))]
    .filter((c) => !c.abstract && !roots.has(c.name))
    .map((c) => ({
      name: c.name,
      orm: 'eloquent',
      file: c.rel,
      line: c.line,
      ...(c.table ? { table: c.table } : {}),
    }));
}

/** The model classes a language's files declare (tests and fixtures set aside), each with its file. */
const modelClassesOf = (cache: Map<string, CachedFile>, language: string) =>
  [...cache].flatMap(([rel, e]) =>
    isAuxiliary(rel) || e.facts.language !== language
      ? []
      : (e.facts.modelClasses ?? []).map((c) => ({ ...c, rel })),
  );

/**
 * The classes extending a root base or a class that does, through any depth, in the order found.
 * Bases are found by name; a class is one by its own bases, not by sharing such a class's name
 * (wger's `GymConfig(AppConfig)` beside its `GymConfig(models.Model)`).
 */
function extending<C extends ModelClass>(classes: readonly C[], isRoot: (base: string) => boolean): Set<C> {
  const names = new Set<string>();
  const found = new Set<C>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of classes)
      if (!found.has(c) && c.bases.some((b) => isRoot(b) || names.has(b))) {
        found.add(c);
        names.add(c.name);
        grew = true;
      }
  }
  return found;
}

/** Django's model roots: `models.Model` and the auth models apps extend. */
const DJANGO_MODEL_ROOTS = new Set(['Model', 'AbstractUser', 'AbstractBaseUser']);

/**
 * Django models across files: a class is a model when one of its bases is a model root or a
 * model of the project (`class Article(TimestampedModel)`, the base abstract in another app).
 * Abstract models are bases, not tables.
 */
function djangoModels(cache: Map<string, CachedFile>): Model[] {
  const classes = modelClassesOf(cache, 'python');
  const models = extending(classes, (base) => DJANGO_MODEL_ROOTS.has(base));
  return classes
    .filter((c) => models.has(c) && !c.abstract)
    .map((c) => ({ name: c.name, orm: 'django', file: c.rel, line: c.line, fields: c.fields }));
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
    .sort((a, b) => a.depth - b.depth || byCodeUnits(a.file, b.file));
}
