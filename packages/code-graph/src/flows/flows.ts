import { readFileSync } from 'node:fs';
import path from 'node:path';
import { byCodeUnits, isTestFile, type LanguageId, ModuleResolver } from '@boocode/source-kit';
import { remembered } from '../graph/memo.js';
import { TYPE_KINDS } from '../graph/symbol-index.js';
import { indexedLanguageOf } from '../indexer/languages.js';
import type { Db } from '../indexer/store.js';
import { familyOf, JS_FAMILY } from '../parse/node-types.js';
import {
  type CallSite,
  classifyCall,
  type DataOp,
  Entities,
  namedCommits,
  UNKNOWN_ENTITY,
} from './data-ops.js';
import { type FrameworkLookups, implicitSteps, liveViewStarts, routeLoaders } from './framework.js';
import {
  type HandlerRef,
  isDetailPath,
  methodNamesFor,
  parseHandler,
  type SymbolRow,
  TRACE_COLUMNS,
} from './handlers.js';
import { closest, lastSegment } from './near.js';
import { frameworkServed } from './served.js';
import { type StoredQuery, storedQueryKey } from './stored-queries.js';

/** A route's entry by where it is declared and what it serves. */
const routeKey = (route: FlowEntry) =>
  `${route.method ?? ''} ${route.path ?? ''} ${route.file}:${route.line}`;

/** Files that declare routes and hold no code: the handler they name is code elsewhere, or a library's. */
const CONFIG_FILE = /\.(?:ya?ml|xml|json|toml|ini|properties)$/i;

/** An entry point as the route reader (or a caller) knows it. */
export interface FlowEntry {
  file: string;
  line: number;
  /** The function to start from, when the caller knows it (a `main`, a decorated job); `line` picks one clause of several. */
  start?: { file: string; name: string; line?: number };
  endLine?: number;
  handler?: string;
  method?: string;
  path?: string;
}

/**
 * A front-end call the route map links to a route of the project (a page's `fetch('/api/teams')`):
 * where it is made, the call as the back end sees it, and the route's entry, whose flow a page's
 * flow continues into.
 */
export interface HttpRequest {
  file: string;
  line: number;
  call: string;
  route: FlowEntry;
}

export interface FlowStep {
  symbol: string;
  file: string;
  line: number;
  depth: number;
  /** How the step was reached when no call edge says so: a framework's own wiring. */
  via?: string;
}

export interface FlowData extends DataOp {
  file: string;
}

export interface Flow {
  handler?: FlowStep;
  steps: FlowStep[];
  data: FlowData[];
  cut?: boolean;
  /** The handler the route names is nowhere in the project: a library serves it (Devise, Django admin). */
  outside?: boolean;
  /** The route's own lines are its handler (an inline function, a file-routed module, a tRPC procedure). */
  inline?: boolean;
  /** The route is in a file of a language the code graph does not index: no flow to draw, said so. */
  unread?: boolean;
  /**
   * The route names an action its controller does not define, nor any class of the project it
   * extends, nor a trait it uses, and the framework's base controller has none: calling it fails
   * (a Laravel `Route::resource` registering actions the controller never wrote).
   */
  missing?: boolean;
}

interface EdgeRow {
  callee_id: number | null;
  kind: string;
}

interface CallRow extends CallSite {
  file: string;
}

const CALLABLE = ['function', 'method'];
/** The framework classes controllers extend that declare no action (Laravel's, Symfony's). */
const FRAMEWORK_BASE_CONTROLLER = /^(?:Controller|BaseController|AbstractController)$/;
/** The traits Laravel's own base controller uses: helpers, no action. */
const FRAMEWORK_CONTROLLER_TRAIT = /^(?:AuthorizesRequests|DispatchesJobs|ValidatesRequests)$/;

/** An inline handler has no name of its own: the route it serves names it. */
const inlineHandlerName = (entry: FlowEntry): string =>
  entry.method && entry.path !== undefined
    ? `${entry.method} ${entry.path} (inline handler)`
    : '(inline handler)';

/** hapi's `server.method('a.b', fn)`, `{ name: 'a.b', method: fn }` and `{ method: fn, name: 'a.b' }`. */
const SERVER_METHOD =
  /\.method\(\s*(['"`])([\w$.]+)\1\s*,\s*([\w$.]+)|\bname\s*:\s*(['"`])([\w$.]+)\4\s*,\s*method\s*:\s*([\w$.]+)|\bmethod\s*:\s*([\w$.]+)\s*,\s*name\s*:\s*(['"`])([\w$.]+)\8/g;

export interface TraceOptions {
  depth: number;
  maxSteps: number;
  maxData: number;
}

/** A page's requests followed into their routes' flows, and each one's steps kept. */
const MAX_REQUESTS = 5;
const STEPS_PER_REQUEST = 8;
/** Symbols a page's flow is searched through for requests: its whole reach, not only the steps shown. */
const REQUEST_SEARCH = 400;

/**
 * Follows each entry point's handler through the resolved call graph, breadth-first, cycles cut,
 * to the data operations at the end; framework wiring that no call expresses (a serializer's
 * `save` reaching its `create`, a mediator's `Send` reaching its handler) adds the step it implies.
 */
export class FlowTracer {
  private readonly entities: Entities;
  /** Each file read once per tracer: its text and its lines. */
  private readonly sources = new Map<string, { text: string; lines: string[] }>();
  private readonly types = new Map<string, Record<string, string>>();
  /** Each file's symbols in line order, asked for again and again (owners, members, decorators). */
  private readonly symbolsByFile = new Map<string, SymbolRow[]>();
  private readonly languages = new Map<string, string>();
  private readonly bySymbol;
  private readonly edgesOf;
  private readonly callsOfFileQuery;
  private readonly byShort;
  private readonly importedAs;
  /** The route map's links by the file each call is made in. */
  private readonly requestsByFile = new Map<string, HttpRequest[]>();
  /** Each route's own flow, traced once for every page whose requests reach it. */
  private readonly routeFlows = new Map<string, Flow>();
  /** A call resolved to a function of the project (by file, line and callee name). */
  private readonly resolvedAt;
  /** A call's edge to a function of the project with a body the trace follows (no delegate). */
  private readonly followedInto;
  private readonly byName;
  private readonly inFile;
  private readonly spanCallees;
  private readonly resolvedEdges;
  private readonly typesOfFile;
  private readonly classesImplementingQuery;

  constructor(
    readonly db: Db,
    private readonly root: string,
    entityNames: readonly string[],
    entityAliases: Readonly<Record<string, string>>,
    private readonly options: TraceOptions,
    /** The tree's named SQL queries (`storedQueries`), by `storedQueryKey`. */
    private readonly stored: ReadonlyMap<string, StoredQuery> = new Map(),
    requests: readonly HttpRequest[] = [],
  ) {
    this.entities = new Entities(entityNames, entityAliases);
    for (const request of requests) {
      const list = this.requestsByFile.get(request.file) ?? [];
      list.push(request);
      this.requestsByFile.set(request.file, list);
    }
    this.bySymbol = db.prepare(`SELECT ${TRACE_COLUMNS} FROM symbols WHERE id = ?`);
    this.edgesOf = db.prepare('SELECT callee_id, kind FROM edges WHERE caller_id = ? ORDER BY line');
    this.callsOfFileQuery = db.prepare(
      "SELECT file, caller, callee, receiver, line FROM calls WHERE file = ? AND kind IN ('call', 'method') ORDER BY line, rowid",
    );
    this.byShort = db.prepare(`SELECT ${TRACE_COLUMNS} FROM symbols WHERE short = ? ORDER BY file, line`);
    this.classesImplementingQuery = db.prepare(
      `SELECT ${TRACE_COLUMNS} FROM symbols WHERE kind = 'class' AND signature LIKE ? ORDER BY file, line`,
    );
    this.followedInto = db.prepare(
      `SELECT 1 FROM edges e JOIN symbols s ON s.id = e.callee_id WHERE e.file = ? AND e.line = ? AND e.callee_name = ? AND e.kind IN ('direct', 'method') AND s.signature NOT LIKE 'defdelegate %' LIMIT 1`,
    );
    this.resolvedAt = db.prepare(
      "SELECT 1 FROM edges WHERE file = ? AND line = ? AND callee_name = ? AND callee_id IS NOT NULL AND kind IN ('direct', 'method') LIMIT 1",
    );
    // By the indexed short name: a method `Type.name` is short `name`.
    this.byName = db.prepare(
      `SELECT ${TRACE_COLUMNS} FROM symbols WHERE short = ? AND name = ? ORDER BY file, line`,
    );
    this.inFile = db.prepare(`SELECT ${TRACE_COLUMNS} FROM symbols WHERE file = ? ORDER BY line`);
    this.importedAs = db.prepare(
      'SELECT source, imported FROM imports WHERE file = ? AND local = ? AND reexport = 0 LIMIT 1',
    );
    this.spanCallees = db.prepare(
      'SELECT DISTINCT callee_id FROM edges WHERE file = ? AND line BETWEEN ? AND ? AND callee_id IS NOT NULL ORDER BY line',
    );
    this.resolvedEdges = db.prepare(
      'SELECT callee_id, callee_name, file, line FROM edges WHERE caller_id = ? AND callee_id IS NOT NULL',
    );
    this.typesOfFile = db.prepare('SELECT types FROM files WHERE path = ?');
    for (const row of db.prepare('SELECT path, language FROM files').all() as {
      path: string;
      language: string;
    }[])
      this.languages.set(row.path, row.language);
  }

  /**
   * `followRequests`: a front end's flow goes on, past the HTTP calls it makes that the route map
   * links, into each route's own flow (a route's flow, traced for that, does not).
   */
  trace(entry: FlowEntry, followRequests = true): Flow {
    const own = this.startsOf(entry);
    const served =
      own.length === 0 && !entry.handler
        ? frameworkServed(entry, this.entities, this.lookups(entry.method))
        : undefined;
    const starts = served ? served.starts : own;
    const steps: FlowStep[] = [];
    const data = new Map<string, FlowData>();
    const seen = new Set<number>();
    let cut = false;
    const addData = (op: FlowData) => {
      const key = `${op.file}:${op.line}`;
      const known = data.get(key);
      // One operation per line: a builder chain's calls share it; a write anywhere makes it a write.
      if (!known) {
        if (data.size >= this.options.maxData) cut = true;
        else data.set(key, op);
      } else if (op.op === 'write' || (known.entity.startsWith('{') && !op.entity.startsWith('{')))
        data.set(key, { ...known, ...op, call: op.call.length > known.call.length ? op.call : known.call });
    };

    for (const op of served?.data ?? []) addData(op);
    const inline = !served && starts.length === 0 && !entry.handler && entry.endLine !== undefined;
    if (!served && starts.length === 0 && entry.endLine !== undefined) {
      // An inline handler: the route's own lines are its body, the flow's first step.
      if (inline)
        steps.push({ symbol: inlineHandlerName(entry), file: entry.file, line: entry.line, depth: 0 });
      for (const op of this.dataIn(entry.file, entry.line, entry.endLine)) addData(op);
    }
    let frontier: { row: SymbolRow; via?: string }[] = starts.map((row) => ({ row }));
    if (!served && starts.length === 0 && entry.endLine !== undefined) frontier = this.calleesOfSpan(entry);
    for (const loader of routeLoaders(entry, this.lookups(entry.method)))
      if (!frontier.some((f) => f.row.id === loader.row.id)) frontier.push(loader);
    for (const s of frontier) seen.add(s.row.id);
    const firstSteps = { rows: frontier.map((f) => f.row), depth: starts.length ? 0 : 1 };
    for (let depth = starts.length ? 0 : 1; depth <= this.options.depth && frontier.length > 0; depth++) {
      const next: { row: SymbolRow; via?: string }[] = [];
      for (const { row, via } of frontier) {
        if (steps.length >= this.options.maxSteps) {
          cut = true;
          break;
        }
        steps.push({
          symbol: row.name,
          file: row.file,
          line: row.line,
          depth,
          ...(via ? { via } : {}),
        });
        for (const op of this.dataOf(row)) addData(op);
        for (const op of this.dataInterfaceCalls(row)) addData(op);
        if (depth === 0) for (const op of this.boundModels(row)) addData(op);
        if (depth === this.options.depth) continue;
        for (const callee of this.calleesOf(row, entry)) {
          if (seen.has(callee.row.id)) continue;
          seen.add(callee.row.id);
          next.push(callee);
        }
      }
      frontier = next;
    }
    if (followRequests && this.requestsByFile.size > 0)
      for (const { request, depth } of this.requestsReached(entry, firstSteps.rows, firstSteps.depth)) {
        const flow = this.routeFlow(request.route);
        // The route's handler one step below the function making the call.
        const offset = depth + 1 - (flow.steps[0]?.depth ?? 0);
        for (const [i, step] of flow.steps.slice(0, STEPS_PER_REQUEST).entries())
          steps.push({
            ...step,
            depth: step.depth + offset,
            ...(i === 0 ? { via: `${request.call} (${request.file}:${request.line})` } : {}),
          });
        for (const op of flow.data) addData(op);
      }
    const handler = steps[0] && starts.length ? steps[0] : undefined;
    // A handler named in a file this index does not read is not a library's: it is unread. Not so a
    // route a config file declares (Symfony's YAML, a Spring XML): its handler is code elsewhere.
    const unread =
      !served &&
      starts.length === 0 &&
      !steps.some((s) => s.depth > 0) &&
      indexedLanguageOf(entry.file) === undefined &&
      !CONFIG_FILE.test(entry.file);
    // A framework's own handler (a library's controller, API Platform's Doctrine provider) serves it.
    const outside =
      !unread && steps.length === 0 && (served || (entry.handler && this.nowhere(entry.handler, entry.file)));
    const missing =
      !unread &&
      !outside &&
      steps.length === 0 &&
      entry.handler &&
      this.undefinedAction(entry.handler, entry.file);
    return {
      ...(handler ? { handler } : {}),
      ...(unread ? { unread } : {}),
      ...(outside ? { outside: true } : {}),
      ...(inline ? { inline: true } : {}),
      ...(missing ? { missing: true } : {}),
      steps,
      data: [...data.values()].sort((a, b) => byCodeUnits(a.file, b.file) || a.line - b.line),
      ...(cut ? { cut } : {}),
    };
  }

  /** The handler symbols a route runs (several for a class whose verbs share a path). */
  private startsOf(entry: FlowEntry): SymbolRow[] {
    if (entry.start) {
      const { file, name, line } = entry.start;
      return this.symbolsIn(file)
        .filter((s) => s.name === name && (line === undefined || s.line === line))
        .slice(0, 1);
    }
    const inModule = entry.handler ? this.moduleMember(entry.file, entry.handler) : undefined;
    if (inModule) return [inModule];
    const live = entry.handler ? liveViewStarts(entry, entry.handler, this.lookups(entry.method)) : [];
    if (live.length) return live;
    const ref = entry.handler ? this.declaredRef(entry.file, entry.handler) : undefined;
    // The functions the handler's member names, tests' too (what a factory is handed, below).
    const callables = ref?.member
      ? this.namedNear(ref.member, entry.file).filter((s) => CALLABLE.includes(s.kind))
      : [];
    if (ref?.member) {
      const candidates = callables.filter((s) => !isTestFile(s.file));
      // Declared on the route's own line: a GraphQL resolver map's `Query: { articles() {…} }`.
      const declared = candidates.find((s) => s.file === entry.file && s.line === entry.line);
      if (declared) return [declared];
      // `handler.GetByID` where `handler := &ArticleHandler{…}` above the route: the variable's type.
      const typed = !ref.owner && ref.pathHint ? this.variableType(entry, ref.pathHint) : undefined;
      const named = [ref.owner, ref.altOwner, typed].filter((o): o is string => Boolean(o));
      const owners = named.map((o) => o.toLowerCase());
      const ofOwners = (names: string[]) =>
        candidates.filter((s) => s.parent !== null && names.includes(lastSegment(s.parent).toLowerCase()));
      const own = owners.length ? ofOwners(owners) : candidates;
      // An action the class takes from a module it includes (a Rails controller's concern), or
      // from a class of the project it extends (the nearest that declares it).
      const mixedIn = own.length || !owners.length ? own : ofOwners(this.mixinsOf(named, entry.file));
      const ofClass =
        mixedIn.length || !owners.length ? mixedIn : this.inherited(candidates, named, entry.file);
      const qualified = ref.qualified?.toLowerCase();
      const exact = qualified
        ? ofClass.filter((s) => {
            const parent = s.parent?.toLowerCase() ?? '';
            return parent === qualified || parent.endsWith(`.${qualified}`);
          })
        : [];
      const hinted = exact.length
        ? exact
        : ref.pathHint && !typed
          ? ofClass.filter(
              (s) => s.file.includes(ref.pathHint as string) || s.file.includes(`${ref.pathHint}.`),
            )
          : ofClass;
      const pool = hinted.length ? hinted : ofClass;
      // Overloads (C#'s two `Get`s in one controller): the one declared at or just below the route.
      const here = pool.filter((s) => s.file === entry.file && s.line >= entry.line);
      const below = here.sort((a, b) => a.line - b.line)[0];
      const picked =
        below && below.line <= (entry.endLine ?? entry.line) + 3 ? below : closest(pool, entry.file);
      if (picked) return [picked];
    }
    // A handler a function of the project builds from what it is handed (`getQueue(api.ds)`): when
    // that names no function at all (a middleware's `pm(a.Missing)` wraps one, it builds none).
    const built =
      callables.length > 0
        ? undefined
        : ref?.factory
          ? this.factoryOf(ref.factory, entry.file)
          : ref?.wrapper
            ? this.projectFunction(ref.wrapper, entry.file)
            : undefined;
    if (built) return [built];
    // A class named alone (a Django view, a Go handler type): its method for the HTTP verb.
    const className = ref && !ref.owner && ref.member && /^[A-Z]/.test(ref.member) ? ref.member : undefined;
    if (className) {
      const classes = this.namedNear(className, entry.file).filter((s) => s.kind === 'class');
      const owner = closest(classes, entry.file);
      if (owner) {
        const members = this.symbolsIn(owner.file).filter((s) => s.parent === owner.name);
        for (const name of methodNamesFor(entry.method ?? 'GET', isDetailPath(entry.path))) {
          const member = members.find((m) => m.short === name);
          if (member) return [member];
        }
        return [owner];
      }
    }
    if (entry.handler) return [];
    // A decorated or annotated function starts on the route's line or just below it.
    const below = this.symbolsIn(entry.file).find(
      (s) => CALLABLE.includes(s.kind) && s.line >= entry.line && s.line <= entry.line + 3,
    );
    if (below && (entry.endLine === undefined || below.line <= entry.endLine || below.line === entry.line))
      return [below];
    return [];
  }

  /**
   * The type of a variable the route's handler is written on (`handler` in `handler.GetByID`), as
   * the function around the route declares or builds it.
   */
  private variableType(entry: FlowEntry, name: string): string | undefined {
    const around = this.symbolsIn(entry.file)
      .filter((s) => CALLABLE.includes(s.kind) && s.line <= entry.line && s.end_line >= entry.line)
      .sort((a, b) => b.line - a.line)[0];
    // Hints are stored bare (`&ArticleHandler{…}` as `ArticleHandler`); a package's name is set aside.
    const written = this.typeOf(entry.file, around?.name ?? null, name);
    const type = written?.split('.').pop();
    if (!written || !type) return undefined;
    // Built by a function (`h := api.NewOIDC(…)`, `s := stream.New(…)`): the type it declares it
    // returns — the function of that package (Go's folder) when several share the name.
    const builders = this.namedNear(type, entry.file).filter((s) => s.kind === 'function');
    const pkg = written.includes('.')
      ? written.slice(0, written.lastIndexOf('.')).split('.').pop()
      : undefined;
    const inPackage = pkg ? builders.filter((s) => path.basename(path.dirname(s.file)) === pkg) : [];
    const builder = builders.length === 1 ? builders[0] : inPackage.length === 1 ? inPackage[0] : undefined;
    const returned = builder && this.typeOf(builder.file, builder.name, 'return');
    return returned?.split('.').pop() || type;
  }

  private serverMethods?: Map<string, SymbolRow>;

  /**
   * The function registered as a hapi server method under `name`: `server.method('x.list', list)`,
   * or `{ name: 'x.list', method: list }` in the list `server.method([…])` takes (often built in
   * another module). The project's JavaScript is read for them once, when a flow first calls one.
   */
  private serverMethod(name: string): SymbolRow | undefined {
    if (!this.serverMethods) {
      this.serverMethods = new Map();
      for (const [file, language] of this.languages) {
        if (!JS_FAMILY.has(language as LanguageId) || isTestFile(file)) continue;
        let text: string;
        try {
          text = readFileSync(path.join(this.root, file), 'utf8');
        } catch {
          continue;
        }
        if (!text.includes('method')) continue;
        for (const m of text.matchAll(SERVER_METHOD)) {
          const registered = m[2] ?? m[5] ?? m[9];
          const target = m[3] ?? m[6] ?? m[7];
          const row = target ? this.namedIn(file, target) : undefined;
          if (registered && row && !this.serverMethods.has(registered))
            this.serverMethods.set(registered, row);
        }
      }
    }
    return this.serverMethods.get(name);
  }

  /**
   * The handler's reference; a bare name the route's file imports from a module of the project under
   * another (`from bookmarks.views.root import root as root_view`, `import { list as listArticles }
   * from './articles'`) by the name that module declares, looked for there.
   */
  private declaredRef(file: string, handler: string): HandlerRef | undefined {
    const ref = parseHandler(handler);
    if (!ref || ref.member !== handler.trim()) return ref;
    const member = ref.member;
    const bound = this.importOf(
      file,
      member,
      ({ imported }) => imported !== member && imported !== 'default' && /^[A-Za-z_$][\w$]*$/.test(imported),
    );
    return bound ? { member: bound.name, pathHint: bound.module.replace(/\.\w+$/, '') } : ref;
  }

  /** A function `file` declares or binds under `name` (`list`, `handlers.list`). */
  private namedIn(file: string, name: string): SymbolRow | undefined {
    return (
      this.symbolsIn(file).find((s) => s.name === name && CALLABLE.includes(s.kind)) ??
      this.moduleMember(file, name)
    );
  }

  private modules?: ModuleResolver;

  /** The file a relative import — ES or CommonJS — of `file` binds `local` to, and the name it imports. */
  private imported(file: string, local: string): { module: string; name: string } | undefined {
    return this.importOf(file, local, (row) => row.source.startsWith('.'));
  }

  /**
   * The project's file an import of `file` that `accept`s binds `local` to, and the name it imports
   * (the import is resolved only once accepted).
   */
  private importOf(
    file: string,
    local: string,
    accept: (row: { source: string; imported: string }) => boolean,
  ): { module: string; name: string } | undefined {
    const row = this.importedAs.get(file, local) as { source: string; imported: string } | undefined;
    if (!row || !accept(row)) return undefined;
    this.modules ??= new ModuleResolver(this.root, this.languages.keys());
    const module = this.modules.resolve(file, row.source, this.languages.get(file) ?? '');
    return module ? { module, name: row.imported } : undefined;
  }

  /**
   * A JS handler written on an imported module: `Controller.create` where `Controller =
   * require('./controllers/Controller')`, `ctrl.get` where `ctrl = require('../controllers').users`
   * and that index binds `users` to `./users-controller`, `ctrl.feed.get` (a method of the object
   * under `feed` in that module). The member is looked up in the module the chain ends in, not
   * anywhere a function of that name is.
   */
  private moduleMember(file: string, handler: string): SymbolRow | undefined {
    const chain = handler.split('.');
    const member = chain.pop();
    const first = chain.shift();
    if (!member || !first || !JS_FAMILY.has(this.languages.get(file) as LanguageId)) return undefined;
    const start = this.imported(file, first);
    if (!start) return undefined;
    let module = start.module;
    const keys: string[] = [];
    for (const name of start.name === '*' || start.name === 'default' ? chain : [start.name, ...chain]) {
      // A module bound to a name in the module (`const users = require('./users')`, exported with it).
      const next = keys.length === 0 ? this.imported(module, name) : undefined;
      if (next?.name === '*' || next?.name === 'default') module = next.module;
      else keys.push(name);
    }
    const candidates = this.symbolsIn(module).filter((s) => s.short === member && CALLABLE.includes(s.kind));
    const key = keys.at(-1);
    if (key === undefined)
      // The module's own member, not one of an object nested in it: the least indented.
      return candidates.sort((a, b) => this.indent(a) - this.indent(b))[0];
    const ofClass = candidates.find((s) => s.parent !== null && lastSegment(s.parent) === key);
    if (ofClass) return ofClass;
    // An object under `key` (`feed: { async get() … }`): the first such member after the key's line.
    const written = new RegExp(`^\\s*(['"]?)${key.replaceAll('$', '\\$')}\\1\\s*:`);
    const keyLine = this.fileLines(module).findIndex((l) => written.test(l)) + 1;
    return keyLine > 0 ? candidates.find((s) => s.line > keyLine) : undefined;
  }

  /**
   * The project's symbols of a short name that code in `file` can name: those of its language
   * family (a Python view's `authenticate` is no function of the front end's scripts). Any
   * language's when `file` is none's (a handler known by name only).
   */
  private namedNear(short: string, file: string): SymbolRow[] {
    const rows = this.byShort.all(short) as SymbolRow[];
    const language = indexedLanguageOf(file);
    if (!language) return rows;
    const family = familyOf(language);
    return rows.filter((s) => family.includes(this.languages.get(s.file) ?? ''));
  }

  private indent(row: SymbolRow): number {
    return /^\s*/.exec(this.lineText(row.file, row.line))?.[0].length ?? 0;
  }

  /** The function `pkg.fn` the project declares: `fn` in a folder named `pkg`, or a member of a type so named. */
  private projectFunction(qualified: string, routeFile: string): SymbolRow | undefined {
    const qualifier = qualified.slice(0, qualified.lastIndexOf('.'));
    const owner = lastSegment(qualifier);
    return this.namedNear(qualified.slice(qualified.lastIndexOf('.') + 1), routeFile).find(
      (s) =>
        CALLABLE.includes(s.kind) &&
        !isTestFile(s.file) &&
        (path.posix.dirname(s.file).split('/').includes(owner) ||
          (s.parent !== null && lastSegment(s.parent) === owner)),
    );
  }

  /** The project's function of this name nearest the route: one that builds a handler. */
  private factoryOf(name: string, routeFile: string): SymbolRow | undefined {
    return closest(
      this.namedNear(name, routeFile).filter((s) => s.kind === 'function' && !isTestFile(s.file)),
      routeFile,
    );
  }

  /** No symbol of the project has the name the handler names (its member, or its class). */
  private nowhere(handler: string, routeFile: string): boolean {
    const ref = parseHandler(handler);
    if (!ref) return true;
    // `devise/registrations#create`: many controllers have a `create`; none is RegistrationsController.
    const names = ref.owner
      ? [ref.owner, ref.altOwner].filter((n): n is string => Boolean(n))
      : [ref.member ?? ''];
    // What a library's function makes of what it is handed (`rest.GetAll(constructor)`, deluan/rest
    // serving a repository a local closure builds) is the library's handler.
    if (ref.wrapper && !this.projectFunction(ref.wrapper, routeFile)) return true;
    const named = names.flatMap((name) => this.namedNear(name, routeFile));
    if (named.length === 0) return true;
    // `class SessionsController < Devise::SessionsController` without `new`: the parent serves it;
    // `class LoginController { use AuthenticatesUsers; }` without `login`: the framework's trait does.
    const owners = named.filter((s) => s.kind === 'class');
    return (
      ref.owner !== undefined &&
      owners.length > 0 &&
      owners.every((owner) => this.libraryParent(owner) || this.libraryMixin(owner))
    );
  }

  /** The modules and traits the classes of these names mix in, lower-cased. */
  private mixinsOf(classNames: string[], near: string): string[] {
    return classNames.flatMap((name) =>
      this.namedNear(name, near)
        .filter((s) => s.kind === 'class')
        .flatMap((owner) => this.mixinNames(owner))
        .map((mixin) => lastSegment(mixin).toLowerCase()),
    );
  }

  /** The traits and modules a class mixes in, as written (`use HasFavorite;`, `include Publishable`). */
  private mixinNames(owner: SymbolRow): string[] {
    return this.typeOf(owner.file, owner.name, 'mixins')?.split(',').filter(Boolean) ?? [];
  }

  /** A trait or module a file of the project declares. */
  private projectMixin(name: string, near: string): boolean {
    return this.namedNear(lastSegment(name), near).some((s) => [...TYPE_KINDS, 'module'].includes(s.kind));
  }

  /** A class that mixes in a trait or module no file of the project declares (a framework's). */
  private libraryMixin(owner: SymbolRow): boolean {
    return this.mixinNames(owner).some((name) => !this.projectMixin(name, owner.file));
  }

  /** The name of the class `owner` extends, as written. */
  private superOf(owner: SymbolRow): string | undefined {
    return (
      this.typeOf(owner.file, owner.name, 'super') ??
      /\bclass\s+[\w:]+\s*<\s*([\w:]+)/.exec(this.lineText(owner.file, owner.line))?.[1]
    );
  }

  /** The class of the project `owner` extends, if its parent is one. */
  private projectParent(owner: SymbolRow): SymbolRow | undefined {
    const parent = this.superOf(owner);
    // `Devise::SessionsController` ends with the owner's own name: the owner is not its own parent.
    return parent
      ? this.namedNear(lastSegment(parent), owner.file).find((s) => s.kind === 'class' && s.id !== owner.id)
      : undefined;
  }

  /** A class whose parent is no class of the project (a framework's or a gem's). */
  private libraryParent(owner: SymbolRow): boolean {
    return this.superOf(owner) !== undefined && !this.projectParent(owner);
  }

  /**
   * Each class so named with the classes of the project it extends, nearest first, and the last
   * one's parent (a framework's, or none).
   */
  private ancestry(
    classNames: string[],
    near: string,
  ): { owner: SymbolRow; classes: SymbolRow[]; top?: string }[] {
    return classNames.flatMap((name) =>
      this.namedNear(name, near)
        .filter((s) => s.kind === 'class')
        .map((owner) => {
          const classes: SymbolRow[] = [];
          let at = owner;
          for (let next = this.projectParent(at); next && classes.length < 6; next = this.projectParent(at)) {
            const id = next.id;
            if (id === owner.id || classes.some((c) => c.id === id)) break;
            classes.push(next);
            at = next;
          }
          return { owner, classes, top: this.superOf(at) };
        }),
    );
  }

  /** The member among `candidates` the nearest project class the owners extend declares. */
  private inherited(candidates: SymbolRow[], owners: string[], near: string): SymbolRow[] {
    for (const { classes } of this.ancestry(owners, near))
      for (const ancestor of classes) {
        const declared = candidates.filter((s) => s.parent === ancestor.name);
        if (declared.length) return declared;
      }
    return [];
  }

  /**
   * A PHP route's `Controller@action` where the controller is the project's, with no trait from
   * outside it, and neither it, nor a class of the project it extends, declares the action, the
   * chain ending at the framework's base controller (which declares none), and none answers any
   * method (`__call`): Laravel calls a method that does not exist. Not Rails: an action with no
   * method renders its template.
   */
  private undefinedAction(handler: string, routeFile: string): boolean {
    const ref = parseHandler(handler);
    if (!ref?.owner || !ref.member || this.languages.get(routeFile) !== 'php') return false;
    const lines = this.ancestry([ref.owner], routeFile);
    const ownTraitsOnly = (c: SymbolRow) =>
      this.mixinNames(c).every(
        (name) => FRAMEWORK_CONTROLLER_TRAIT.test(lastSegment(name)) || this.projectMixin(name, c.file),
      );
    // A class answering any method (`__call`) in the chain answers this one too.
    const magic = new Set(
      this.namedNear('__call', routeFile).flatMap((s) => (s.parent ? [lastSegment(s.parent)] : [])),
    );
    return (
      lines.length > 0 &&
      lines.every(({ owner, classes, top }) => {
        const chain = [owner, ...classes];
        return (
          (top === undefined || FRAMEWORK_BASE_CONTROLLER.test(lastSegment(top))) &&
          chain.every(ownTraitsOnly) &&
          !chain.some((c) => magic.has(lastSegment(c.name)))
        );
      })
    );
  }

  /**
   * The requests the route map links that a flow makes: calls within the entry's own lines (an
   * inline page) or within any function it reaches from its first steps (`firstRows`, at
   * `firstDepth`), breadth-first to the trace's depth; each with the depth it is made at, one per route.
   */
  private requestsReached(
    entry: FlowEntry,
    firstRows: SymbolRow[],
    firstDepth: number,
  ): { request: HttpRequest; depth: number }[] {
    const found: { request: HttpRequest; depth: number }[] = [];
    const routes = new Set<string>();
    const take = (file: string, from: number, to: number, depth: number) => {
      for (const request of this.requestsByFile.get(file) ?? []) {
        const key = routeKey(request.route);
        if (request.line < from || request.line > to || routes.has(key) || found.length >= MAX_REQUESTS)
          continue;
        routes.add(key);
        found.push({ request, depth });
      }
    };
    if (entry.endLine !== undefined) take(entry.file, entry.line, entry.endLine, 0);
    let frontier = firstRows;
    const seen = new Set(frontier.map((r) => r.id));
    for (let depth = firstDepth; depth <= this.options.depth && frontier.length > 0; depth++) {
      const next: SymbolRow[] = [];
      for (const row of frontier) {
        take(row.file, row.line, row.end_line ?? row.line, depth);
        for (const { row: callee } of this.calleesOf(row, entry))
          if (!seen.has(callee.id) && seen.size < REQUEST_SEARCH) {
            seen.add(callee.id);
            next.push(callee);
          }
      }
      frontier = next;
    }
    return found;
  }

  /** A route's own flow, as a page's request reaches it. */
  private routeFlow(route: FlowEntry): Flow {
    return remembered(this.routeFlows, routeKey(route), () => this.trace(route, false));
  }

  /** Callees of an inline handler's lines: the first steps of its flow. */
  private calleesOfSpan(entry: FlowEntry): { row: SymbolRow }[] {
    const rows = this.spanCallees.all(entry.file, entry.line, entry.endLine ?? entry.line) as {
      callee_id: number;
    }[];
    return rows
      .map((r) => this.symbol(r.callee_id))
      .filter((s): s is SymbolRow => s !== undefined && CALLABLE.includes(s.kind) && !isTestFile(s.file))
      .map((row) => ({ row }));
  }

  private calleesOf(row: SymbolRow, entry: FlowEntry): { row: SymbolRow; via?: string }[] {
    const out = [...this.calledBy(row)];
    const calls = this.callsOfSymbol(row);
    // A class's own lines hold its methods: only its body's statements are the class's doing.
    const own = row.kind === 'class' ? calls.filter((c) => c.caller === null) : calls;
    for (const implied of implicitSteps(row, own, this.lookups(entry.method))) out.push(implied);
    return out;
  }

  private readonly lookupsByMethod = new Map<string, FrameworkLookups>();
  private readonly implementing = new Map<string, SymbolRow[]>();

  /** What framework wiring reads of the project, for an entry of `method` (one object per method). */
  private lookups(method: string | undefined): FrameworkLookups {
    return remembered(this.lookupsByMethod, method ?? '', () => this.makeLookups(method));
  }

  private makeLookups(method: string | undefined): FrameworkLookups {
    return {
      ...(method ? { method } : {}),
      lineOf: (file, line) => this.lineText(file, line),
      sourceOf: (file, from, to) => this.sourceText(file, from, to),
      lines: (file) => this.fileLines(file),
      isJavaScript: (file) => JS_FAMILY.has(this.languages.get(file) as LanguageId),
      symbolsNamed: (short) => this.byShort.all(short) as SymbolRow[],
      classesImplementing: (type) =>
        remembered(
          this.implementing,
          type,
          () => this.classesImplementingQuery.all(`%implements%${type}%`) as SymbolRow[],
        ),
      symbolsIn: (file) => this.symbolsIn(file),
      typeOf: (file, caller, name) => this.typeOf(file, caller, name),
      serverMethod: (name) => this.serverMethod(name),
      handlerAt: (file, line, handler) => this.startsOf({ file, line, handler })[0],
    };
  }

  /** What a symbol calls through the graph, and the implementations of what it calls on an interface. */
  private calledBy(row: SymbolRow): readonly { row: SymbolRow; via?: string }[] {
    return this.perSymbol(this.called, row, () => {
      // A route declared on an interface's method (Spring's `UsersResource`) runs in its implementations.
      const out: { row: SymbolRow; via?: string }[] = this.implementationsOf(row).map((implementation) => ({
        row: implementation,
        via: `implements ${row.parent}`,
      }));
      for (const edge of this.edgesOf.all(row.id) as EdgeRow[]) {
        if (edge.callee_id === null) continue;
        const callee = this.symbol(edge.callee_id);
        if (!callee || isTestFile(callee.file)) continue;
        // A read of a class or a value is no step; a constructor's body may be.
        if (!CALLABLE.includes(callee.kind)) continue;
        out.push({ row: callee });
        for (const implementation of this.implementationsOf(callee))
          out.push({ row: implementation, via: `implements ${callee.parent}` });
      }
      return out;
    });
  }

  /**
   * What does not depend on the entry (a symbol's callees, its data operations) is worked out once
   * per tracer: the routes of one app go through the same services and repositories.
   */
  private readonly called = new Map<number, readonly { row: SymbolRow; via?: string }[]>();
  private readonly dataOfSymbol = new Map<number, readonly FlowData[]>();
  private readonly interfaceDataOf = new Map<number, readonly FlowData[]>();
  private readonly callsOf = new Map<number, readonly CallRow[]>();

  private perSymbol<T>(memo: Map<number, T>, row: SymbolRow, make: () => T): T {
    let known = memo.get(row.id);
    if (known === undefined) {
      known = make();
      memo.set(row.id, known);
    }
    return known;
  }

  /**
   * Calls into a data interface — a MyBatis `@Mapper`, a Spring Data or other `…Repository`, a DAO —
   * whose queries live outside the code (XML, derived from the method's name): the call is the access.
   */
  private dataInterfaceCalls(row: SymbolRow): readonly FlowData[] {
    return this.perSymbol(this.interfaceDataOf, row, () => this.findDataInterfaceCalls(row));
  }

  private findDataInterfaceCalls(row: SymbolRow): FlowData[] {
    const out: FlowData[] = [];
    const edges = this.resolvedEdges.all(row.id) as {
      callee_id: number;
      callee_name: string;
      file: string;
      line: number;
    }[];
    for (const edge of edges) {
      const callee = this.symbol(edge.callee_id);
      if (!callee?.parent || callee.kind !== 'method' || !this.isDataInterface(callee)) continue;
      const entity = this.entities.leading(lastSegment(callee.parent)) ?? UNKNOWN_ENTITY;
      const verb = /^(save|insert|update|delete|remove|create|add|upsert|merge)/i.test(callee.short)
        ? 'write'
        : 'read';
      const call = this.callsBetween(edge.file, edge.line, edge.line).find(
        (c) => c.callee === edge.callee_name,
      );
      out.push({
        entity,
        op: verb,
        call: `${call?.receiver ? `${call.receiver}.` : ''}${edge.callee_name}`,
        line: edge.line,
        file: edge.file,
      });
    }
    return out;
  }

  private readonly dataInterfaces = new Map<string, boolean>();

  private isDataInterface(method: SymbolRow): boolean {
    const key = `${method.file}\0${method.parent}`;
    const known = this.dataInterfaces.get(key);
    if (known !== undefined) return known;
    const owner = this.symbolsIn(method.file).find((s) => s.name === method.parent);
    // The annotations above the declaration and the declaration line itself, no body.
    // Parameter lists left out: Kotlin's `class Service(private val repo: Repository)` only uses one.
    const head = owner
      ? this.sourceText(owner.file, Math.max(1, owner.line - 4), owner.line).replace(/\([^()]*\)/g, '()')
      : '';
    const is =
      /@(Mapper|Repository|Dao)\b|(interface|class)\s+\w+[^{\n]*\b(extends|implements|:)\s+[\w<>, .]*(Repository|Mapper|Dao|DbContext)\b/.test(
        head,
      ) ||
      /(Mapper|Dao)$/.test(method.parent ?? '') ||
      // A repository port of the domain (`interface ArticleRepository { fun favorite(…) }`), its
      // implementation elsewhere: every call on it is a data access.
      (owner?.kind === 'interface' && /Repository$/.test(method.parent ?? ''));
    this.dataInterfaces.set(key, is);
    return is;
  }

  /**
   * A handler's parameter typed with an entity the framework loads from the route (Laravel's route
   * model binding: `show(Article $article)`): a read before the handler's first line runs.
   */
  private boundModels(row: SymbolRow): FlowData[] {
    if (this.languages.get(row.file) !== 'php') return [];
    const out: FlowData[] = [];
    for (const m of row.signature.matchAll(/([A-Z]\w*)\s+\$(\w+)/g)) {
      const entity = m[1] ? this.entities.match(m[1]) : undefined;
      if (entity)
        out.push({
          entity,
          op: 'read',
          call: `route model binding ${m[1]} $${m[2]}`,
          line: row.line,
          file: row.file,
        });
    }
    return out;
  }

  /**
   * The type lists of every file, read once per tracer: the types that say they implement each
   * interface or trait, and Go's embedded structs by type (`dir\0Type`).
   */
  private typeLists?: { implementers: Map<string, string[]>; goEmbedded: Map<string, string[]> };

  private readTypeLists(): NonNullable<FlowTracer['typeLists']> {
    if (!this.typeLists) {
      const implementers = new Map<string, string[]>();
      const goEmbedded = new Map<string, string[]>();
      for (const row of this.db.prepare('SELECT path, types FROM files').all() as {
        path: string;
        types: string;
      }[])
        for (const [key, value] of Object.entries(JSON.parse(row.types) as Record<string, string>)) {
          if (key.endsWith('::implements')) {
            const type = key.slice(0, -'::implements'.length);
            for (const name of value.split(',')) {
              const list = implementers.get(name) ?? [];
              list.push(type);
              implementers.set(name, list);
            }
          } else if (key.endsWith('::mixins') && row.path.endsWith('.go'))
            goEmbedded.set(
              `${path.posix.dirname(row.path)}\u0000${key.slice(0, -'::mixins'.length)}`,
              value.split(','),
            );
        }
      this.typeLists = { implementers, goEmbedded };
    }
    return this.typeLists;
  }

  /**
   * A method declared on an interface or trait runs in the types that implement it (`implements`,
   * a C# base list, Rust's `impl Trait for Type`): up to four of them, each a step of its own.
   */
  private implementationsOf(method: SymbolRow): SymbolRow[] {
    const owner = method.parent;
    if (!owner) return [];
    const kind = this.symbolsIn(method.file).find((s) => s.name === owner)?.kind;
    if (kind !== 'interface' && kind !== 'trait') return [];
    const declared = (this.readTypeLists().implementers.get(lastSegment(owner)) ?? []).flatMap((type) =>
      this.symbolsNamed(method.short, `${type}.${method.short}`).filter((s) => !isTestFile(s.file)),
    );
    // Go says nothing (and another language's `implements Store` names another Store).
    const found =
      declared.length === 0 && method.file.endsWith('.go') ? this.goImplementations(method, owner) : declared;
    return found.slice(0, 4);
  }

  /**
   * Go implements an interface by having its methods, never by saying so: the method of that name
   * on each type whose methods — its own and those its embedded structs promote — include all of
   * the interface's.
   */
  private goImplementations(method: SymbolRow, owner: string): SymbolRow[] {
    const wanted = this.symbolsIn(method.file)
      .filter((s) => s.parent === owner)
      .map((s) => s.short);
    const own = `${path.posix.dirname(method.file)}\u0000${owner}`;
    const found = new Map<number, SymbolRow>();
    for (const key of this.goMethodSets().keys()) {
      if (key === own) continue;
      const methods = this.goMethodSet(key);
      if (!wanted.every((name) => methods.has(name))) continue;
      const implementation = methods.get(method.short);
      if (implementation && !isTestFile(implementation.file)) found.set(implementation.id, implementation);
    }
    return [...found.values()];
  }

  /** Go's methods by receiver type (`dir\0Type` → method symbols), read once per tracer. */
  private goMethods?: Map<string, SymbolRow[]>;
  /** Each Go type's method set (`goMethodSet`), worked out once per tracer. */
  private readonly goMethodSetOf = new Map<string, Map<string, SymbolRow>>();

  private goMethodSets(): Map<string, SymbolRow[]> {
    if (!this.goMethods) {
      this.goMethods = new Map();
      for (const row of this.db
        .prepare(
          `SELECT ${TRACE_COLUMNS} FROM symbols WHERE kind = 'method' AND parent IS NOT NULL AND file LIKE '%.go'`,
        )
        .all() as SymbolRow[]) {
        const key = `${path.posix.dirname(row.file)}\u0000${row.parent}`;
        const methods = this.goMethods.get(key);
        if (methods) methods.push(row);
        else this.goMethods.set(key, [row]);
      }
    }
    return this.goMethods;
  }

  /**
   * A Go type's method set by name: its own methods, then those of the structs it embeds (of its
   * package; an own method wins over a promoted one of the same name).
   */
  private goMethodSet(key: string, depth = 0): Map<string, SymbolRow> {
    const known = this.goMethodSetOf.get(key);
    if (known) return known;
    const set = new Map<string, SymbolRow>();
    for (const m of this.goMethodSets().get(key) ?? []) set.set(m.short, m);
    const dir = key.slice(0, key.indexOf('\u0000'));
    if (depth < 4)
      for (const embedded of this.readTypeLists().goEmbedded.get(key) ?? [])
        for (const [name, m] of this.goMethodSet(`${dir}\u0000${embedded}`, depth + 1))
          if (!set.has(name)) set.set(name, m);
    this.goMethodSetOf.set(key, set);
    return set;
  }

  private callsOfSymbol(row: SymbolRow): readonly CallRow[] {
    return this.perSymbol(this.callsOf, row, () => this.callsBetween(row.file, row.line, row.end_line));
  }

  /** The data operations in a symbol's own lines, and a class's attributes for its methods. */
  private dataOf(row: SymbolRow): readonly FlowData[] {
    return this.perSymbol(this.dataOfSymbol, row, () => this.findDataOf(row));
  }

  private findDataOf(row: SymbolRow): FlowData[] {
    if (row.kind === 'class') return this.dataIn(row.file, row.line, row.end_line, true);
    const own = this.dataIn(row.file, row.line, row.end_line);
    if (!row.parent) return own;
    const owner = this.symbolsIn(row.file).find(
      (s) => s.name === row.parent && s.line <= row.line && s.end_line >= row.end_line,
    );
    return owner ? [...this.dataIn(owner.file, owner.line, owner.end_line, true), ...own] : own;
  }

  private dataIn(file: string, from: number, to: number, bodyOnly = false): FlowData[] {
    const language = this.languages.get(file) ?? '';
    const out: FlowData[] = [];
    for (const call of this.callsBetween(file, from, to)) {
      if (bodyOnly && call.caller !== null) continue;
      const op = classifyCall(call, {
        entities: this.entities,
        typeOf: (caller, name) => this.typeOf(file, caller, name),
        parentOf: (type) => this.parentOf(type),
        lineText: this.lineText(file, call.line),
        language,
        fileText: () => this.source(file).text,
        textAbove: () => this.sourceText(file, 1, call.line - 1),
        bodyAbove: () => this.sourceText(file, from, call.line - 1),
        textBelow: () => this.sourceText(file, call.line + 1, call.line + 8),
        storedQuery: (name) => this.stored.get(storedQueryKey(name)),
        reachesProject: () => this.resolvedAt.get(file, call.line, call.callee) !== undefined,
      });
      // A call handed the database (`service.all(on: req.db)`) that reaches a function of the
      // project is no access of its own: the trace goes on into that function, where the query is.
      // Not so one that only forwards elsewhere (Elixir's `defdelegate all(q), to: RepoBase`).
      if (op && !(op.entity === UNKNOWN_ENTITY && this.followedInto.get(file, call.line, call.callee)))
        out.push({ ...op, file });
    }
    return namedCommits(out);
  }

  /**
   * The bases a project class or interface named `type` extends, as its declaration writes them with their
   * type arguments (`(service.SQLAlchemyAsyncRepositoryService[m.Tag]):`); none without a base.
   */
  private parentOf(type: string): string | undefined {
    if (!this.parents.has(type)) {
      const owner = (this.byShort.all(type) as SymbolRow[]).find(
        (s) => s.kind === 'class' || s.kind === 'interface',
      );
      // An interface's bases are not recorded as a class's are; its declaration line has them when
      // it has any (`interface UserJpaRepository extends JpaRepository<User, UUID> {`).
      const line =
        owner && (owner.kind === 'interface' || this.typeOf(owner.file, owner.name, 'super'))
          ? this.lineText(owner.file, owner.line)
          : '';
      const at = line.indexOf(type);
      this.parents.set(type, at >= 0 ? line.slice(at + type.length) : undefined);
    }
    return this.parents.get(type);
  }

  private readonly parents = new Map<string, string | undefined>();

  private typeOf(file: string, caller: string | null, name: string): string | undefined {
    let hints = this.types.get(file);
    if (!hints) {
      const row = this.typesOfFile.get(file) as { types: string } | undefined;
      hints = row ? (JSON.parse(row.types) as Record<string, string>) : {};
      this.types.set(file, hints);
    }
    const owner = caller?.includes('.') ? caller.slice(0, caller.lastIndexOf('.')) : undefined;
    return (
      hints[`${caller ?? ''}::${name}`] ??
      (owner ? (hints[`${owner}::this.${name}`] ?? hints[`${owner}::${name}`]) : undefined) ??
      hints[`::${name}`]
    );
  }

  private source(file: string): { text: string; lines: string[] } {
    let known = this.sources.get(file);
    if (!known) {
      let text = '';
      try {
        text = readFileSync(path.join(this.root, file), 'utf8');
      } catch {
        // Gone since it was indexed: no text, no lines.
      }
      known = { text, lines: text.split('\n') };
      this.sources.set(file, known);
    }
    return known;
  }

  private fileLines(file: string): string[] {
    return this.source(file).lines;
  }

  /** A symbol by id, each read once per tracer: the routes of an app share their callees. */
  private symbol(id: number): SymbolRow | undefined {
    if (!this.symbolsById.has(id)) this.symbolsById.set(id, this.bySymbol.get(id) as SymbolRow | undefined);
    return this.symbolsById.get(id);
  }

  private readonly symbolsById = new Map<number, SymbolRow | undefined>();

  private symbolsNamed(short: string, name: string): SymbolRow[] {
    const key = `${short}\u0000${name}`;
    let rows = this.symbolsByName.get(key);
    if (!rows) {
      rows = this.byName.all(short, name) as SymbolRow[];
      this.symbolsByName.set(key, rows);
    }
    return rows;
  }

  private readonly symbolsByName = new Map<string, SymbolRow[]>();

  /**
   * The calls on lines `from`..`to` of a file, in line order: each file's calls are read once per
   * tracer (a query per symbol and per data-interface edge was most of a trace's time on a
   * Spring app of 120 files).
   */
  private callsBetween(file: string, from: number, to: number): CallRow[] {
    let calls = this.callsByFile.get(file);
    if (!calls) {
      calls = this.callsOfFileQuery.all(file) as CallRow[];
      this.callsByFile.set(file, calls);
    }
    let low = 0;
    let high = calls.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((calls[middle] as CallRow).line < from) low = middle + 1;
      else high = middle;
    }
    const out: CallRow[] = [];
    for (let i = low; i < calls.length && (calls[i] as CallRow).line <= to; i++)
      out.push(calls[i] as CallRow);
    return out;
  }

  private readonly callsByFile = new Map<string, CallRow[]>();

  private symbolsIn(file: string): SymbolRow[] {
    let rows = this.symbolsByFile.get(file);
    if (!rows) {
      rows = this.inFile.all(file) as SymbolRow[];
      this.symbolsByFile.set(file, rows);
    }
    return rows;
  }

  private lineText(file: string, line: number): string {
    return this.fileLines(file)[line - 1] ?? '';
  }

  private sourceText(file: string, from: number, to: number): string {
    return this.fileLines(file)
      .slice(from - 1, to)
      .join('\n');
  }
}
