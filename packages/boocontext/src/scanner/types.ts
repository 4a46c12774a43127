import { isTestFile, type ModuleResolver, type NotAppCode } from '@boocode/source-kit';

/** What one file contributes to the map; cached per file by mtime and size. */
export interface FileFacts {
  language: string;
  /** Import specifiers with their line. */
  imports: { spec: string; line: number }[];
  /** Routes as written in this file, before mount prefixes are applied. */
  routes: LocalRoute[];
  /** `app.use('/api', router)` and its kin: routes of `target` appear under `prefix`. */
  mounts: Mount[];
  /** Router-like values this file exports, by export name (`default` included). */
  exportedRouters: Record<string, string>;
  /** Names bound by imports: local name → { spec, imported name }. */
  bindings: Record<string, { spec: string; name: string }>;
  models: Model[];
  components: Component[];
  env: string[];
  frameworks: string[];
  /**
   * Not the app's own code (minified, bundled, generated, vendored): reported apart. A generated file keeps
   * only its models (Diesel's schema.rs, a schema dump), which are the app's schema.
   */
  excluded?: NotAppCode;
  /** The file could not be parsed at all (CAUTION). */
  error?: string;
  /** gRPC methods this file calls through a generated client (`pb.NewCartServiceClient(c).GetCart(…)`). */
  rpcCalls?: { service: string; method: string; line: number }[];
  /** A React Router route config (`app/routes.ts`); `flat` when it defers to the file convention. */
  routeConfig?: { flat: boolean };
  /**
   * Prefixes a framework puts before every route of the project this file belongs to: NestJS's
   * `app.setGlobalPrefix('api')`, Spring's `server.servlet.context-path`, ASP.NET's `UsePathBase`.
   */
  globalPrefixes?: {
    framework: string;
    prefix: string;
    /** Route paths the prefix leaves alone (NestJS's `setGlobalPrefix('api', { exclude: ['/'] })`). */
    exclude?: string[];
  }[];
  /**
   * Path-like string constants a route prefix may be written with (`API_PREFIX = "/api"`, a settings
   * class's `api_prefix: str = "/api"`), by name; class attributes as `.name`.
   */
  constants?: Record<string, string>;
  /**
   * Python classes of a models module, for Django models that inherit from another model (an
   * abstract `TimestampedModel` in another app): resolved across files when models are joined.
   */
  modelClasses?: ModelClass[];
  /** Django and DRF views by class name: the methods they answer, for routes written with the view. */
  views?: Record<string, DjangoView>;
  /** Rails models by class name: the Devise modules each enables (`devise :database_authenticatable, …`). */
  deviseModules?: Record<string, string[]>;
  /** A Razor PageModel's handlers (`OnGet`, `OnPostUpdateAsync`): the methods its page answers. */
  pageHandlers?: { method: string; handler: string; line: number }[];
  /** ASP.NET's conventional routes this file maps, for the project's controllers without route attributes. */
  conventionalRoutes?: ConventionalRoute[];
  /** A Fastify plugin's `autoPrefix` / `prefixOverride` exports, which @fastify/autoload mounts it under. */
  pluginPrefix?: { auto?: string; override?: string };
  /**
   * Exported functions named for an HTTP method (a route file's `GET`, `POST`), and a SvelteKit
   * page server's form `actions`: the lines each spans.
   */
  methodHandlers?: Record<string, { line: number; endLine: number }>;
  /** A package.json's fields other parts of the scan read: workspace globs, a Prisma schema path. */
  manifest?: { workspaces: string[]; prismaSchema?: string };
}

export interface LocalRoute {
  method: string;
  path: string;
  line: number;
  /** Last line of the registration, inline handler included (absent where only its start is known). */
  endLine?: number;
  framework: string;
  /** The router variable the route was declared on (`router`, `app`), or `*file*` for file-level prefixes. */
  owner: string;
  handler?: string;
  /**
   * Go: the handler is the registering function's parameter at this position, or a closure that
   * calls it (`handle` in `addHandler(r, path, handle)`): bound at each call, as `{@index}` paths are.
   */
  handlerParam?: number;
  /** NestJS: the versions a route answers (`@Controller({ version: '1' })`, `@Version`), `''` for none. */
  versions?: string[];
  /**
   * An ASP.NET MVC action with no route attribute: served where the project's conventional routes
   * (`MapControllerRoute`) put its controller and action; its `path` is unused.
   */
  conventional?: ConventionalAction;
  /**
   * Served as written only when this mount target is none of the project's routers: Django's
   * `path('admin/', admin.site.urls)` is the admin site, `path('api/', api_routes.router.urls)` the
   * routes that module's router registered.
   */
  unlessMounts?: string;
}

export interface ConventionalAction {
  /** The controller's route value: its class name without `Controller`. */
  controller: string;
  /** The action's: the method's name without `Async`, or its `[ActionName]`. */
  action: string;
  /** `[Area("Admin")]` on the controller. */
  area?: string;
  /** The method's parameter names: an optional `{id?}` stays in the path only for an action taking `id`. */
  params: string[];
  /**
   * The route its controller inherits from a base of the project's (`{=csroute.Base.Orders}`), if
   * one has a `[Route]`: then the action is attribute-routed there, not by convention.
   */
  inherited?: string;
}

/** `MapControllerRoute(name, pattern, defaults)`, `MapAreaControllerRoute`, `MapDefaultControllerRoute()`. */
export interface ConventionalRoute {
  pattern: string;
  /** Route values a pattern fixes without a parameter (`defaults: new { controller = "Blog" }`). */
  defaults: Record<string, string>;
  /** `MapAreaControllerRoute`'s area: only that area's controllers. */
  area?: string;
}

export interface ModelClass {
  name: string;
  /** Base class names as written, module prefix dropped (`models.Model` → `Model`). */
  bases: string[];
  line: number;
  fields: string[];
  abstract: boolean;
  /** The table it says it is stored in (Eloquent's `$table`). */
  table?: string;
}

/**
 * What a view answers. A plain view: `methods` on its own path. A DRF viewset: `methods` on the
 * list path, `detail` on `{lookup}` below it, `actions` (`@action`) on paths of their own.
 */
export interface DjangoView {
  methods: string[];
  detail?: string[];
  lookup?: string;
  actions?: { methods: string[]; path: string; detail: boolean }[];
  /** Bases as written that are none of the framework's (`NetBoxModelViewSet`): the project's own, read where they are declared. */
  inherits?: string[];
}

/**
 * ASP.NET's inherited class routes: `${INHERITED_ROUTE}.${Class}` holds a class's `[Route]` template
 * (or a reference to its base's); `{=${INHERITED_ROUTE}.${Base}.${Controller}}` in a path is the base's
 * template for that controller.
 */
export const INHERITED_ROUTE = 'csroute';

/** The method of a route a DRF router registers: its viewset's actions give the real ones. */
export const VIEWSET = 'VIEWSET';

export interface Mount {
  /** Router variable in this file the mount is made on. */
  owner: string;
  prefix: string;
  /** A local router variable, or an imported name; `autoload:<folder>` for every plugin file under a folder. */
  target: string;
  line: number;
  /** The prefix stands in place of the prefix the target gives itself (Flask's `register_blueprint(bp, url_prefix=…)`). */
  replacesOwn?: boolean;
  /**
   * Go: the paths a call hands the function it gives a router to, by position (`null` for an
   * argument that is none): its routes' `{@index}` parts.
   */
  args?: (string | null)[];
  /** Go: the function values the call hands over, by position: its routes' `handlerParam`. */
  handlers?: (HandedValue | null)[];
  /** How @fastify/autoload prefixes the plugins it loads from the folder (`autoload:` targets). */
  autoload?: {
    /** Each folder's name (the default), none, or names a function rewrites (unknown here). */
    dirNames: 'names' | 'none' | 'unknown';
    /** Folders named `_id` are parameters (`:id`). */
    routeParams: boolean;
    /** Files whose path under the folder matches are not loaded. */
    ignore?: { pattern: string; flags: string };
  };
}

/**
 * A function value a Go call hands over: as written (`api.GetAlbum`), a closure written there or held
 * in a local variable (its lines), or the caller's own parameter (or a closure that calls it), which
 * the caller's own callers bind.
 */
export type HandedValue =
  | { written: string }
  | { closure: { line: number; endLine: number } }
  | { param: number };

export interface Model {
  name: string;
  orm: string;
  file: string;
  line: number;
  fields?: string[];
  /** The table a model is stored in when it says so (`@@map("users")`). */
  table?: string;
  /** Every place the entity is defined, when more than one (a Prisma model and its migration's table). */
  sources?: { orm: string; file: string; line: number }[];
  /** A table that only joins two entities. */
  join?: boolean;
  /** Other names code gives the entity: the class a model named after its table is declared as. */
  aliases?: string[];
}

export interface Component {
  name: string;
  framework: 'react' | 'vue' | 'svelte';
  line: number;
}

export interface Route {
  method: string;
  path: string;
  file: string;
  line: number;
  endLine?: number;
  /** Routed by the file's place in the tree (Next.js, React Router): the whole file is its handler. */
  wholeFile?: boolean;
  /** Where a route config (React Router's `app/routes.ts`) declares this route, when not in `file`. */
  declaredIn?: string;
  framework: string;
  handler?: string;
}

export const emptyFacts = (language: string): FileFacts => ({
  language,
  imports: [],
  routes: [],
  mounts: [],
  exportedRouters: {},
  bindings: {},
  models: [],
  components: [],
  env: [],
  frameworks: [],
});

/**
 * The owner of routes no router mounts: GraphQL operations, gRPC methods, WebSocket events. Their
 * path is the name they are called by, as written (`articles`, `/pkg.Service/Method`, `chat:message`).
 */
export const UNMOUNTED = '*unmounted*';

/** NestJS's URI versioning, as a project's global setting: the segment's prefix (`v`), a default version. */
export const NEST_URI_VERSION = 'nestjs-uri-version';
export const NEST_DEFAULT_VERSION = 'nestjs-default-version';

/** Where a path part cannot be known statically: said in the route, never dropped. */
export const UNKNOWN_PART = '{unknown}';

/**
 * Owner of a routes file's own routes, where another file mounts the whole file under a prefix
 * (Laravel's `->group(base_path('routes/api.php'))`, Rails' `draw(:api)`): a `file:` mount's target.
 */
export const ROUTES_FILE_OWNER = 'routes';

/** Joins route path parts the way frameworks do: one slash between, none doubled, none trailing. */
/** A value that reads as a URL path (`/api`, `/api/v1/`): a route prefix a constant or variable may hold. */
export const PATH_VALUE = /^\/[\w\-./{}:]*$/;

export function joinPaths(...parts: string[]): string {
  const joined = parts
    .filter((p) => p !== '' && p !== '/')
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/** A React component's name as the readers recognise it: capitalised, letters and digits. */
export const isPascal = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name);

/** JavaScript and TypeScript sources, any module flavour. */
export const JS_FILE = /\.(tsx?|jsx?|mjs|cjs|mts|cts)$/;
/** Files that may hold JSX (React components). */
export const JSX_FILE = /\.[jt]sx$/;
/** Vue and Svelte single-file components. */
export const SFC_FILE = /\.(vue|svelte)$/;
/** `.env.example`, `.env.sample`, `.env.local`…: the variables an app expects, by name. */
export const ENV_FILE = /(^|\/)\.env(\.[\w.-]+)?$/;
/** The language a JS-family file counts as. */
export const jsLanguage = (rel: string) => (/\.[cm]?tsx?$/.test(rel) ? 'typescript' : 'javascript');

/** Fixture and test-data trees: code kept to test against, not part of the application. */
const FIXTURE_DIR = /(^|\/)(fixtures?|__fixtures__|testdata|test-data)\//;

/** Tests and fixtures: reported apart from the application's routes, models, frameworks and env. */
export const isAuxiliary = (rel: string) => isTestFile(rel) || FIXTURE_DIR.test(rel);

/** One file as the scanner keeps it between scans. */
export interface CachedFile {
  mtimeMs: number;
  size: number;
  facts: FileFacts;
  /** Of the bytes the facts came from (files that were read, not lockfiles). */
  hash?: number;
  text?: string;
  /** Resolved import edges, valid for the resolver they were computed with. */
  targets?: { with: ModuleResolver; edges: [string, string][] };
  /** Derived from the path (and facts) once: what the file counts as in the tallies. */
  kind?: { language?: string; manager?: string };
}
