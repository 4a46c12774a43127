/**
 * Every HTTP call a front end makes, with its method and the path the back end sees. Calls are read
 * from the text of the project's JS/TS files: the HTTP libraries' own calls (fetch, axios, superagent,
 * Angular's HttpClient, ky, ofetch, got) and then the repository's wrappers around them — a function
 * whose URL is built from its own parameter is a wrapper, and each call to it is read with its
 * arguments put in (as many levels deep as the wrappers go). Base URLs come from constants (across
 * files), `axios.defaults.baseURL`, `axios.create({ baseURL })` and an HttpClient interceptor that
 * prefixes `req.url`; a value the code cannot tell statically becomes a `:param` part.
 */
import path from 'node:path';
import { documentOperations, GRAPHQL_FILE } from '../scanner/graphql.js';
import { ENV_FILE } from '../scanner/types.js';
import { DotEnv } from './dotenv.js';
import { callArguments, closing, expressionEnd, splitTop, stringEnd } from './js-text.js';
import { PAGE_FILE, PageGlobals } from './page-globals.js';
import type { FunctionDef, SourceFile } from './source-file.js';

export interface ClientCall {
  method: string;
  path: string;
  file: string;
  line: number;
  /** The library or wrapper the call goes through (`axios`, `requests.get`). */
  via: string;
}

/** A call whose URL the code does not tell at all (a fetcher handed its URL at run time). */
export interface UnresolvedCall {
  file: string;
  line: number;
  via: string;
}

/** A URL with its scheme (`https://…`), and one that is only an origin (`https://api.example.com/`). */
const ABSOLUTE_URL = /^[a-z][\w+.-]*:\/\//i;
const ORIGIN_ONLY = /^[a-z][\w+.-]*:\/\/[^/]*\/?$/i;

// The marks below are Private Use characters: no source text holds them, so they cannot collide.
/** An unknown part of a URL. */
const HOLE = '\uE002';
/** Text that came from a constant (a base URL), not written at the call. */
const FROM_CONSTANT = '\uE003';
const END_CONSTANT = '\uE004';
const param = (name: string) => `\uE001${name}\uE001`;
const PARAM = /\uE001([\w$]+)\uE001/g;
/** The `method` of a wrapper's options parameter (`fetch(url, params)`): its callers' to hand. */
const methodOfParam = (name: string) => `\uE005${name}\uE005`;
const METHOD_OF_PARAM = /\uE005([\w$]+)\uE005/g;

const MAX_ALTERNATIVES = 6;
const MAX_DEPTH = 8;
const VERBS: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  del: 'DELETE',
  head: 'HEAD',
};
const CLIENT_NAMES = new Set(['axios', 'superagent', 'ky', 'ofetch', 'got', 'http', 'httpclient', 'fetch']);
/** Client libraries a file may import under a name of its own (`import request from 'superagent'`). */
const CLIENT_LIBRARY = /^(axios|superagent|ky|ofetch|got)$/;
/** `.get(…)`, `.post<T>(…)`: a verb called on something, found by the verb (the receiver is read behind it). */
const MEMBER_CALL =
  /\.\s*(get|post|put|patch|delete|del|head|request)\s*(?:<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?\s*\(/g;

/** The dotted name a member call is made on, read backwards from the `.` at `dot`. */
function receiverBefore(text: string, dot: number): string | undefined {
  const m = /([\w$]+(?:\s*\.\s*[\w$]+)*)\s*$/.exec(text.slice(Math.max(0, dot - 120), dot));
  return m?.[1]?.replace(/\s+/g, '');
}

/** `fetch(…)`, `axios(…)`, `$fetch<T>(…)`: the libraries called as functions. */
const FUNCTION_CLIENT_CALL =
  /(?<![\w$.])(fetch|\$fetch|ofetch|ky|axios|got|useFetch|\$axios)\s*(?:<[^<>()]*>)?\s*\(/g;

/** One call site: where, through what, with which URL and method expressions (text). */
interface Site {
  file: SourceFile;
  offset: number;
  via: string;
  url: string;
  method?: string;
  /** The options argument, where the method may be (`fetch(url, { method })`). */
  options?: string;
  /** A base URL the client adds (axios defaults, an instance, an interceptor). */
  base?: string;
}

interface Wrapper {
  file: SourceFile;
  fn: FunctionDef;
  /** URL alternatives with the function's parameters left in as placeholders. */
  urls: string[];
  /** The method, or a placeholder for the parameter that carries it. */
  method: string;
  via: string;
  /**
   * A function whose parameter only fills a path segment (`/mcp/${server}/${action}`): its calls
   * stand as they are unless a caller passes written values, which then replace them.
   */
  provisional?: { calls: ClientCall[]; replaced: boolean };
}

/** A test that a URL is absolute: `url.startsWith('http')`, `/^https?:\/\//.test(url)`, `!url.startsWith('//')`. */
const ABSOLUTE_TEST =
  /^(!?)\s*(?:([\w$.]+)\.startsWith\(\s*['"`](?:https?:?(?:\/\/)?|\/\/)['"`]\s*\)|\/\^\(?https?\S*?\/[gimsuy]*\.test\(\s*([\w$.]+)\s*\))$/;

/** Reads expressions to URL alternatives in one file, at one place in it. */
class Evaluator {
  constructor(
    private readonly files: Files,
    private readonly file: SourceFile,
    private readonly offset: number,
    /** The functions around the place, innermost first: a closure reads its outer function's parameters. */
    private readonly scope: FunctionDef[],
    private readonly depth = 0,
    /**
     * Where the class `this` is an instance of is written: a base class's method reached by
     * `this.getResourceUrl()` from a subclass reads the members the subclass assigns.
     */
    private readonly self: SourceFile = file,
    /** Parameters the call gave no value (`id = null` left out): what a builder appends from them is not in the URL. */
    private readonly absent: ReadonlySet<string> = new Set(),
  ) {}

  eval(expr: string): string[] {
    const e = expr
      .trim()
      .replace(/\s+as\s+[\w$.<>[\]]+$/, '')
      .replace(/!$/, '');
    if (!e || this.depth > MAX_DEPTH) return [HOLE];
    if (e.startsWith('(') && closing(e, 0) === e.length - 1) return this.eval(e.slice(1, -1));
    const ternary = this.ternary(e);
    if (ternary) return cap(ternary.flatMap((branch) => this.eval(branch)));
    for (const op of ['??', '||']) {
      const parts = splitTop(e, op);
      if (parts.length > 1) {
        const first = this.eval(parts[0] as string);
        return first.every((a) => a.includes(HOLE)) ? this.eval(parts.slice(1).join(op)) : first;
      }
    }
    const sum = splitTop(e, '+');
    // A unary plus (`+params.get('id')`) makes a number: one value, not two glued.
    if (sum.length > 1 && !sum[0]?.trim()) return [HOLE];
    if (sum.length > 1) return cap(sum.map((p) => this.eval(p)).reduce(concat));
    const q = e[0];
    if ((q === '"' || q === "'") && stringEnd(e, 0) === e.length - 1)
      return [e.slice(1, -1).replace(/\\(.)/g, '$1')];
    if (q === '`' && stringEnd(e, 0) === e.length - 1) return this.template(e);
    const wrapped = /^(?:encodeURIComponent|encodeURI|String|encode)\s*\(([\s\S]*)\)$/.exec(e);
    if (wrapped?.[1]) return this.eval(wrapped[1]).map((a) => (a.includes('\uE001') ? a : HOLE));
    if (/^[\w$]+(\.[\w$]+)*$/.test(e)) return this.name(e);
    const made = /^new\s+URL\s*\(/.exec(e);
    if (made && closing(e, made[0].length - 1) === e.length - 1)
      return this.resolvedUrl(splitTop(e.slice(made[0].length, -1), ','));
    const call = /^([\w$]+(?:\.[\w$]+)*)\s*\(/.exec(e);
    if (call?.[1] && closing(e, call[0].length - 1) === e.length - 1)
      return this.built(call[1], splitTop(e.slice(call[0].length, -1), ','));
    return [HOLE];
  }

  /**
   * `new URL(url, base)` as the URL standard resolves it: an absolute URL stays; a path from the
   * root (`/api/x`) goes to the base's origin; a relative one (`api/bookmarks`) below the base's
   * folder — the page's own (`document.baseURI`, `location.href`) or any the code does not tell
   * being an unknown origin and base path, which a link may take as empty.
   */
  private resolvedUrl([url, base]: string[]): string[] {
    const urls = url === undefined ? [HOLE] : this.eval(url);
    if (base === undefined) return urls;
    const bases = this.eval(base);
    return cap(
      urls.flatMap((u) => {
        if (ABSOLUTE_URL.test(u)) return [u];
        if (u.startsWith('/')) return [`${HOLE}${u}`];
        return bases.map((b) => {
          const folder = ORIGIN_ONLY.test(b) ? `${b.replace(/\/$/, '')}/` : b.replace(/[^/]*$/, '');
          return folder.length > 0 && !folder.endsWith(HOLE) ? `${folder}${u}` : `${HOLE}/${u}`;
        });
      }),
    );
  }

  /**
   * A URL a function of the project builds from its arguments (`config.getEndpointFor('api/users')`
   * returning `${this.endpointPrefix}${api}`): its last `return`, its parameters given the call's
   * arguments (or their defaults). Only a function the project defines once under that name.
   */
  private built(callee: string, args: string[]): string[] {
    const name = callee.split('.').pop() as string;
    const onThis = callee === `this.${name}`;
    const fn =
      (callee.includes('.') ? undefined : this.inScope(name)) ??
      (onThis ? this.method(name) : undefined) ??
      this.files.definedOnce(name);
    if (!fn) return [HOLE];
    const body = fn.file.text.slice(fn.def.start, fn.def.end);
    const returned = [...body.matchAll(/\breturn\s+/g)].at(-1);
    if (!returned) return [HOLE];
    const from = fn.def.start + (returned.index ?? 0) + returned[0].length;
    const expr = fn.file.text.slice(from, expressionEnd(fn.file.text, from));
    const absent = new Set(
      fn.def.params
        .filter((p, i) => {
          const value = args[i]?.trim() || p.fallback?.trim();
          return !value || /^(null|undefined)$/.test(value);
        })
        .map((p) => p.name),
    );
    const inner = new Evaluator(
      this.files,
      fn.file,
      from,
      [fn.def],
      this.depth + 1,
      onThis ? this.self : fn.file,
      absent,
    );
    const values = new Map(
      fn.def.params.map((p, i) => {
        const given = args[i]?.trim();
        const value = given ? this.eval(given) : p.fallback ? inner.eval(p.fallback) : [''];
        return [p.name, value[0] ?? HOLE] as const;
      }),
    );
    // What the function writes is a base to its caller, not a path written at the call.
    return inner.eval(expr).map((v) =>
      v
        .split(/(\uE001[\w$]+\uE001|\uE002|\uE003[^\uE004]*\uE004)/)
        .map((part, i) => (i % 2 === 1 || !part ? part : `${FROM_CONSTANT}${part}${END_CONSTANT}`))
        .join('')
        .replace(PARAM, (marker, name: string) => values.get(name) ?? marker),
    );
  }

  /**
   * What a builder appends to a local between its declaration and here (`url += \`${id}/\``), each
   * append in order; one made from a parameter the call left out is not (`if (id !== null)`).
   */
  private appended(local: string, declaredAt: number): string[][] {
    const t = this.file.text;
    const out: string[][] = [];
    const word = (name: string) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    const append = new RegExp(`${word(local).source}\\s*\\+=\\s*`, 'g');
    append.lastIndex = declaredAt;
    for (let m = append.exec(t); m && m.index < this.offset; m = append.exec(t)) {
      const from = m.index + m[0].length;
      const expr = t.slice(from, expressionEnd(t, from));
      if (![...this.absent].some((name) => word(name).test(expr))) out.push(this.eval(expr));
    }
    return out;
  }

  /**
   * `this.name(…)`: the method as the instance's own class writes it (an override), else as a class
   * it extends does (a base service's URL builder, where other classes define one of that name too).
   */
  private method(name: string): { file: SourceFile; def: FunctionDef } | undefined {
    for (const file of [this.self, ...this.files.ancestors(this.self)]) {
      const def = file.functions.find((f) => f.name === name && f.owner !== undefined);
      if (def) return { file, def };
    }
    return undefined;
  }

  /**
   * The function `name` a call here reaches by scope: declared before it in this file, at the top
   * or in a function around the call (`const getUrl = (url) => …` inside a hook, one of many
   * `getUrl`s of the project).
   */
  private inScope(name: string): { file: SourceFile; def: FunctionDef } | undefined {
    const visible = (def: FunctionDef) =>
      this.file
        .enclosingChain(def.start)
        .every((outer) => outer === def || (outer.start <= this.offset && this.offset < outer.end));
    let found: FunctionDef | undefined;
    for (const def of this.file.functions)
      if (
        def.name === name &&
        !def.owner &&
        def.start < this.offset &&
        visible(def) &&
        def.start > (found?.start ?? -1)
      )
        found = def;
    return found && { file: this.file, def: found };
  }

  /**
   * A conditional's branches. `url.startsWith('http') ? url : base + url` passes an absolute URL
   * through and prefixes a path: a path is what a route map reads, so only the prefixing branch.
   */
  private ternary(e: string): string[] | undefined {
    // `?.` and `??` are no ternary's `?` (`url?.endsWith('/') ? url : url + '/'`): set aside to split.
    const masked = e.replace(/\?\?|\?\.(?!\d)/g, (m) => (m === '??' ? '\uE011\uE011' : '\uE011.'));
    const q = splitTop(masked, '?');
    if (q.length < 2) return undefined;
    const unmask = (t: string) => t.replace(/\uE011\uE011/g, '??').replace(/\uE011\./g, '?.');
    const rest = q.slice(1).join('?');
    const branches = splitTop(rest, ':');
    if (branches.length < 2) return undefined;
    const [yes, no] = [unmask((branches[0] as string).trim()), unmask(branches.slice(1).join(':').trim())];
    const absolute = ABSOLUTE_TEST.exec(unmask(q[0] as string).trim());
    if (absolute) {
      const [, negated, startsWith, tested] = absolute;
      if ((negated ? no : yes) === (startsWith ?? tested)) return [negated ? yes : no];
    }
    return [yes, no];
  }

  private template(e: string): string[] {
    let out = [''];
    let text = '';
    for (let i = 1; i < e.length - 1; i++) {
      if (e[i] === '\\') {
        text += e[i + 1] ?? '';
        i++;
      } else if (e[i] === '$' && e[i + 1] === '{') {
        const end = closing(e, i + 1) ?? e.length - 2;
        out = concat(
          out.map((a) => a + text),
          this.eval(e.slice(i + 2, end)),
        );
        text = '';
        i = end;
      } else text += e[i];
    }
    return cap(out.map((a) => a + text));
  }

  private name(dotted: string): string[] {
    const [head, ...props] = dotted.split('.');
    if (!head) return [HOLE];
    // What the bundler puts there from the nearest dotenv file (`VUE_APP_BASE_API = '/admin'`).
    const variable = /^(?:process\.env|import\.meta\.env)\.([\w$]+)$/.exec(dotted)?.[1];
    if (variable) {
      const value = this.files.env.value(this.file.rel, variable);
      return value === undefined ? [HOLE] : [`${FROM_CONSTANT}${value}${END_CONSTANT}`];
    }
    if (head === 'this' && props.length === 1) return this.member(props[0] as string);
    const global =
      head === 'window' && props.length === 1 ? this.files.globals.value(props[0] as string) : undefined;
    if (global !== undefined) return [`${FROM_CONSTANT}${global}${END_CONSTANT}`];
    if (this.scope.some((fn) => fn.params.some((p) => p.name === head || p.keys?.includes(head))))
      return props.length ? [HOLE] : [param(head)];
    const local = this.file.declaration(head, this.offset);
    if (local) {
      const declared = this.fromDeclaration(this.file, local.expr, local.offset, props);
      return props.length ? declared : cap(this.appended(head, local.offset).reduce(concat, declared));
    }
    const exported =
      this.files.exported(head) ?? this.files.exportedAt(head, this.file.imported.get(head), this.file.rel);
    if (exported) return this.fromDeclaration(exported.file, exported.expr, exported.offset, props);
    return [HOLE];
  }

  /**
   * `this.baseUrl`: what the class assigns it (`this.baseUrl = … || '/api'`, `baseUrl = '/api'`), the
   * instance's own class first (a subclass's constructor setting `this.resourceName = 'tags'`).
   */
  private member(prop: string): string[] {
    const assignment = new RegExp(
      `(?:\\bthis\\.|^\\s*(?:(?:private|public|protected|readonly|static)\\s+)*)${prop.replace(/\$/g, '\\$')}\\s*(?::[^=;\\n]+)?=(?!=)\\s*`,
      'm',
    );
    const own = this.self === this.file ? [this.file] : [this.self, this.file];
    // Then where the classes it extends are written (`this.baseUrl` a base service sets).
    for (const file of [...own, ...this.files.ancestors(this.self)]) {
      const assigned = assignment.exec(file.text);
      if (!assigned) continue;
      const from = assigned.index + assigned[0].length;
      return this.fromDeclaration(file, file.text.slice(from, expressionEnd(file.text, from)), from, []);
    }
    return [HOLE];
  }

  private fromDeclaration(file: SourceFile, expr: string, offset: number, props: string[]): string[] {
    let value = expr;
    for (const prop of props) {
      const found = propertyOf(value, prop);
      if (found === undefined) return [HOLE];
      value = found;
    }
    // A binding in this file is read as this instance's: a local built from `this.resourceName`.
    const self = file === this.file ? this.self : file;
    const inner = new Evaluator(
      this.files,
      file,
      offset,
      file.enclosingChain(offset),
      this.depth + 1,
      self,
    ).eval(value);
    // A constant's text is a base, not a path written at the call: wrappers are told apart by it.
    return inner.map((a) =>
      a.includes(HOLE) || a.includes('\uE001') ? a : `${FROM_CONSTANT}${a}${END_CONSTANT}`,
    );
  }
}

/** The classes a file's classes extend, by name. */
const extended = (file: SourceFile) =>
  new Set([...file.text.matchAll(/\bextends\s+([\w$]+)/g)].map((m) => m[1] as string));

/** `{ apiUrl: 'x', … }`'s `apiUrl` expression. */
function propertyOf(objectText: string, key: string): string | undefined {
  const t = objectText.trim();
  if (!t.startsWith('{')) return undefined;
  const end = closing(t, 0);
  if (end === undefined) return undefined;
  for (const entry of splitTop(t.slice(1, end), ',')) {
    const m = new RegExp(`^\\s*['"]?${key.replace(/\$/g, '\\$')}['"]?\\s*:\\s*`).exec(entry);
    if (m) return entry.slice(m[0].length);
    if (entry.trim() === key) return key;
  }
  return undefined;
}

const concat = (a: string[], b: string[]): string[] => cap(a.flatMap((x) => b.map((y) => x + y)));
const cap = (xs: string[]): string[] => [...new Set(xs)].slice(0, MAX_ALTERNATIVES);

type Exported = { file: SourceFile; expr: string; offset: number };

/** A file's module path: no extension, a folder's index as the folder. */
const moduleOf = (rel: string) => rel.replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');

/** The module path a specifier asks for: a relative one from the importing file, a base folder's without its alias. */
const wantedModule = (specifier: string, fromRel: string) =>
  (specifier.startsWith('.') ? path.posix.join(path.posix.dirname(fromRel), specifier) : specifier).replace(
    /^[@~]\//,
    '',
  );

/** Whether a specifier names the module of `file`: the module path it ends in, relative or from a base folder. */
function importsModule(specifier: string, fromRel: string, file: SourceFile): boolean {
  const wanted = wantedModule(specifier, fromRel);
  const module = moduleOf(file.rel);
  return module === wanted || module.endsWith(`/${wanted}`);
}

/** The project's files, and the names they export as constants. */
class Files {
  private readonly exports = new Map<string, Exported[]>();

  constructor(
    readonly all: SourceFile[],
    /** What `process.env.X` and `import.meta.env.X` are, from the tree's dotenv files. */
    readonly env: DotEnv = new DotEnv([]),
    /** What `window.X` is, from the pages and scripts setting it. */
    readonly globals: PageGlobals = new PageGlobals([]),
  ) {
    for (const file of all)
      for (const m of file.text.matchAll(/\bexport\s+(?:const|let|var)\s+([\w$]+)/g)) {
        const d = m[1] ? file.declaration(m[1], (m.index ?? 0) + m[0].length) : undefined;
        if (!d || !m[1]) continue;
        this.exports.set(m[1], [...(this.exports.get(m[1]) ?? []), { file, expr: d.expr, offset: d.offset }]);
      }
  }

  /** The one constant exported under this name: a name exported with two values is nobody's for sure. */
  exported(name: string): Exported | undefined {
    const found = this.exports.get(name);
    return found?.length === 1 ? found[0] : undefined;
  }

  /**
   * Of the constants exported under a name, the one a file imports it from (Angular's
   * `environment` in `environment.ts` beside `environment.prod.ts`): the module path the specifier
   * ends in, relative or from a base folder (`src/environments/environment`).
   */
  exportedAt(name: string, specifier: string | undefined, fromRel: string): Exported | undefined {
    if (!specifier) return undefined;
    const found = (this.exports.get(name) ?? []).filter((e) => importsModule(specifier, fromRel, e.file));
    return found.length === 1 ? found[0] : undefined;
  }

  /**
   * Whether `specifier`, imported in `fromRel`, is the module of `target`, or a folder's index that
   * re-exports it (`import { useApi } from '@/components/hooks'` over `export * from './useApi'`).
   */
  reaches(specifier: string, fromRel: string, target: SourceFile): boolean {
    if (importsModule(specifier, fromRel, target)) return true;
    const key = `${wantedModule(specifier, fromRel)}\0${target.rel}`;
    let known = this.reached.get(key);
    if (known === undefined) {
      known = this.reexports(specifier, fromRel, target);
      this.reached.set(key, known);
    }
    return known;
  }

  private readonly reached = new Map<string, boolean>();

  private reexports(specifier: string, fromRel: string, target: SourceFile): boolean {
    const targetModule = moduleOf(target.rel);
    return this.all.some(
      (index) =>
        /(^|\/)index\.[cm]?[jt]sx?$/.test(index.rel) &&
        importsModule(specifier, fromRel, index) &&
        [...index.text.matchAll(/\bexport\s+(?:\*|\{[^}]*\})\s+from\s+['"](\.[^'"]+)['"]/g)].some(
          (m) => moduleOf(path.posix.join(path.posix.dirname(index.rel), m[1] as string)) === targetModule,
        ),
    );
  }

  private readonly ancestry = new Map<SourceFile, SourceFile[]>();

  /** The files where the classes a file's classes extend are written, nearest first, three levels up. */
  ancestors(file: SourceFile): SourceFile[] {
    let out = this.ancestry.get(file);
    if (out) return out;
    out = [];
    let names = extended(file);
    for (let depth = 0; depth < 3 && names.size; depth++) {
      const level = this.all.filter(
        (f) =>
          f !== file &&
          !out?.includes(f) &&
          [...names].some((n) => new RegExp(`\\bclass\\s+${n.replace(/\$/g, '\\$')}\\b`).test(f.text)),
      );
      out.push(...level);
      names = new Set(level.flatMap((f) => [...extended(f)]));
    }
    this.ancestry.set(file, out);
    return out;
  }

  private defined?: Map<string, { file: SourceFile; def: FunctionDef } | null>;

  /** The one function or method of the project with this name; none where two share it. */
  definedOnce(name: string): { file: SourceFile; def: FunctionDef } | undefined {
    if (!this.defined) {
      this.defined = new Map();
      for (const file of this.all)
        for (const def of file.functions)
          this.defined.set(def.name, this.defined.has(def.name) ? null : { file, def });
    }
    return this.defined.get(name) ?? undefined;
  }
}

/** `axios.defaults.baseURL = X`, `const api: AxiosInstance = axios.create({ baseURL: X })`, an interceptor's prefix. */
function basesOf(files: Files): {
  byReceiver: Map<string, string>;
  httpClient?: string;
  /** The base of the instance a module's default export is, for a file importing it under any name. */
  imported: (file: SourceFile, name: string) => string | undefined;
} {
  const byReceiver = new Map<string, string>();
  /** Modules whose default export is an instance made there, with its base. */
  const defaults = new Map<SourceFile, string>();
  const classBases = new Map<string, string>();
  /** Functions returning an instance made in them (or by another such function), with its base. */
  const factories = new Map<string, string>();
  let httpClient: string | undefined;
  // A base is never text written at a call: marked so, it does not make its calls look final.
  const first = (file: SourceFile, offset: number, expr: string) => {
    const value = new Evaluator(files, file, offset, file.enclosingChain(offset)).eval(expr)[0];
    return value === undefined
      ? undefined
      : `${FROM_CONSTANT}${value.replace(/[\uE003\uE004]/g, '')}${END_CONSTANT}`;
  };
  for (const file of files.all) {
    const t = file.text;
    const made = new Map<string, string>();
    for (const m of t.includes('.defaults.baseURL')
      ? t.matchAll(/([\w$.]+)\.defaults\.baseURL\s*=\s*/g)
      : []) {
      const from = (m.index ?? 0) + m[0].length;
      const value = first(file, m.index ?? 0, t.slice(from, expressionEnd(t, from)));
      if (value && m[1]) byReceiver.set(lastName(m[1]), value);
    }
    for (const m of t.matchAll(
      /(?:(?:const|let|var)\s+|this\.)([\w$]+)\s*(?::\s*[\w$.]+\s*)?=\s*(?:axios|ky|ofetch|\$fetch)\.(?:create|extend)\s*\(\s*\{/g,
    )) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const end = closing(t, open);
      const base = end
        ? (propertyOf(t.slice(open, end + 1), 'baseURL') ?? propertyOf(t.slice(open, end + 1), 'prefixUrl'))
        : undefined;
      const value = base ? first(file, m.index ?? 0, base) : undefined;
      if (m[1]) byReceiver.set(m[1].toLowerCase(), value ?? '');
      if (m[1] && !m[0].startsWith('this.')) {
        made.set(m[1], value ?? '');
        const factory = returnedBy(file, m.index ?? 0, m[1]);
        if (factory) factories.set(factory, value ?? '');
      }
      // `this.client = ky.create({ prefixUrl })` in a class: its instances' calls have that base.
      const owner = m[0].startsWith('this.') ? file.ownerAt(m.index ?? 0).owner : undefined;
      if (owner && value) classBases.set(owner, value);
    }
    // `export default service` (`module.exports = service`): imported as `request` elsewhere.
    const exported = /(?:\bexport\s+default|\bmodule\.exports\s*=)\s+([\w$]+)\s*;?\s*$/m.exec(t)?.[1];
    const base = exported === undefined ? undefined : made.get(exported);
    if (base !== undefined) defaults.set(file, base);
    // Angular: `req.clone({ url: `${base}${req.url}` })` prefixes every HttpClient request.
    const clone = /\.clone\(\s*\{[^}]*?\burl\s*:\s*(`[^`]*\$\{\s*(\w+)\.url\s*\}[^`]*`)/.exec(t);
    if (clone?.[1] && clone[2]) {
      const prefix = clone[1].slice(0, clone[1].indexOf('${' + clone[2]));
      httpClient = first(file, clone.index, `${prefix}\``);
    }
  }
  // A function returning an instance it made, or one another such function made
  // (`AuthenticatedHTTPFactory()` returning `HTTPFactory()`'s): what it is assigned to
  // (`this.http = AuthenticatedHTTPFactory()`) has that base.
  // The files are searched for factory calls once; each round goes over what was found.
  const factoryCalls = factories.size
    ? files.all.flatMap((file) => [...file.text.matchAll(FACTORY_CALL)].map((m) => ({ file, m })))
    : [];
  for (let round = 0, grew = factoryCalls.length > 0; grew && round < MAX_FACTORY_HOPS; round++) {
    grew = false;
    for (const { file, m } of factoryCalls) {
      const [, declared, name = '', factory = ''] = m;
      const base = factories.get(factory);
      if (base === undefined) continue;
      if (!byReceiver.has(name.toLowerCase())) byReceiver.set(name.toLowerCase(), base);
      const outer = declared ? returnedBy(file, m.index ?? 0, name) : undefined;
      if (outer && !factories.has(outer)) {
        factories.set(outer, base);
        grew = true;
      }
    }
  }
  // `export const http = new Http()`: the project's client, its base the one its class made.
  if (classBases.size)
    for (const file of files.all)
      for (const m of file.text.matchAll(
        /(?:const|let|var)\s+([\w$]+)\s*(?::\s*[\w$.]+\s*)?=\s*new\s+([\w$]+)\s*\(/g,
      )) {
        const base = classBases.get(m[2] as string);
        if (base && m[1] && !byReceiver.has(m[1].toLowerCase())) byReceiver.set(m[1].toLowerCase(), base);
      }
  const imported = (file: SourceFile, name: string) => {
    const specifier = file.imported.get(name);
    if (specifier === undefined || defaults.size === 0) return undefined;
    // Two front ends side by side each with its `@/utils/request`: the one nearest the importing file.
    let nearest: { base: string; shared: number } | undefined;
    for (const [module, base] of defaults) {
      if (!files.reaches(specifier, file.rel, module)) continue;
      const shared = sharedFolders(file.rel, module.rel);
      if (!nearest || shared > nearest.shared) nearest = { base, shared };
    }
    return nearest?.base;
  };
  return { byReceiver, imported, ...(httpClient !== undefined ? { httpClient } : {}) };
}

/** A URL made of what the code does not tell only. */
const UNTOLD = /^[\s/]*\uE002[\s/\uE002]*$/;

/** Factories returning factories' instances, followed at most this deep. */
const MAX_FACTORY_HOPS = 4;

/** `const instance = HTTPFactory()`, `this.http = AuthenticatedHTTPFactory()`: a value a function made. */
const FACTORY_CALL =
  /(?:\b(const|let|var)\s+|\bthis\.)([\w$]+)\s*(?::\s*[\w$.<>]+\s*)?=\s*(?:await\s+)?([\w$]+)\s*\(\s*\)/g;

/** The function around `offset` when it returns `name` (the instance it made there). */
function returnedBy(file: SourceFile, offset: number, name: string): string | undefined {
  const fn = file.enclosing(offset);
  if (!fn?.name) return undefined;
  return new RegExp(`\\breturn\\s+${name.replace(/\$/g, '\\$')}\\s*;?\\s*(?:$|[\n}])`).test(
    file.text.slice(fn.start, fn.end),
  )
    ? fn.name
    : undefined;
}

/** How many leading folders two paths share. */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/').slice(0, -1);
  const y = b.split('/').slice(0, -1);
  let n = 0;
  while (n < x.length && x[n] === y[n]) n++;
  return n;
}

const lastName = (receiver: string) =>
  (receiver.split('.').pop() ?? receiver).replace(/^[$_]+/, '').toLowerCase();

/** The library calls in a file: `fetch(url, opts)`, `axios.get(url)`, `this.http.post<T>(url, body)`. */
function librarySites(file: SourceFile, bases: ReturnType<typeof basesOf>): Site[] {
  const t = file.text;
  const sites: Site[] = [];
  for (const m of t.matchAll(FUNCTION_CLIENT_CALL)) {
    const name = m[1] ?? '';
    const open = (m.index ?? 0) + m[0].length - 1;
    const call = callArguments(t, open);
    const [first, second] = call?.args ?? [];
    if (!first) continue;
    if (first.startsWith('{')) {
      const url = propertyOf(first, 'url');
      if (url) sites.push({ file, offset: m.index ?? 0, via: name, url, options: first });
    } else
      sites.push({
        file,
        offset: m.index ?? 0,
        via: name,
        url: first,
        ...(second ? { options: second } : {}),
      });
  }
  for (const m of t.matchAll(MEMBER_CALL)) {
    const receiver = receiverBefore(t, m.index ?? 0) ?? '';
    const verb = m[1] as string;
    const configured = configuredSite(file, m, verb);
    if (configured) {
      sites.push(configured);
      continue;
    }
    if (!receiver) continue;
    // Mock Service Worker's `http.get('*/api/x', resolver)` (v1's `rest.get`) answers requests in
    // tests and stories: a mocked route, no request.
    if (MOCKS.test(file.imported.get(receiver.split('.')[0] ?? '') ?? '')) continue;
    const key = lastName(receiver);
    const importedBase = receiver.includes('.') ? undefined : bases.imported(file, receiver);
    const instance = bases.byReceiver.has(key) || importedBase !== undefined;
    const imported = CLIENT_LIBRARY.test(file.imported.get(key) ?? '');
    if (!CLIENT_NAMES.has(key) && !instance && !imported) continue;
    // `const request = { get: … }` is the project's own object, whatever its name.
    const own = file.declaration(receiver.split('.')[0] ?? receiver, m.index ?? 0)?.expr;
    if (own && /^(\{|class\b|function\b|\(|async\b)/.test(own)) continue;
    const open = (m.index ?? 0) + m[0].length - 1;
    const call = callArguments(t, open);
    const [first] = call?.args ?? [];
    if (!first) continue;
    const base =
      importedBase ??
      bases.byReceiver.get(key) ??
      (/^http(client)?$/.test(key) ? bases.httpClient : undefined);
    if (verb === 'request') {
      const url = propertyOf(first, 'url');
      if (url)
        sites.push({
          file,
          offset: m.index ?? 0,
          via: receiver,
          url,
          options: first,
          ...(base ? { base } : {}),
        });
      continue;
    }
    sites.push({
      file,
      offset: m.index ?? 0,
      via: `${receiver}.${verb}`,
      url: first,
      method: `'${VERBS[verb] ?? 'GET'}'`,
      ...(base ? { base } : {}),
    });
  }
  for (const m of t.includes('url') ? t.matchAll(REQUEST_FUNCTION_CALL) : []) {
    const call = callArguments(t, (m.index ?? 0) + m[0].length - 1);
    // `import request from '@/utils/request'`, a module exporting an axios instance: its base too,
    // and its `url` any expression (`url: IndexUrl`); another `request` only a path written there.
    const base = bases.imported(file, m[1] as string);
    const options = call?.args.find(
      (a) =>
        a.startsWith('{') &&
        (base === undefined ? PATH_URL.test(propertyOf(a, 'url') ?? '') : propertyOf(a, 'url')),
    );
    const url = options && propertyOf(options, 'url');
    if (url && propertyOf(options, 'method'))
      sites.push({
        file,
        offset: m.index ?? 0,
        via: m[1] as string,
        url,
        options,
        ...(base ? { base } : {}),
      });
  }
  return sites;
}

/** Libraries that mock a back end's routes in the browser or in tests. */
const MOCKS = /^msw(?:\/|$)/;

/** A URL written as a path: a string or template starting with `/`. */
const PATH_URL = /^['"`]\//;

/** A generated client's request function: `__request(OpenAPI, { method, url })` (openapi-typescript-codegen). */
const REQUEST_FUNCTION_CALL = /(?<![\w$.])(__request|request)\s*(?:<[^<>()]*>)?\s*\(/g;

/**
 * `client.post({ url: '/api/v1/users', …options })`, `(options.client ?? client).get<R>({ url })`:
 * a verb called with its request as an object whose `url` is a path (hey-api's SDKs, ky-like
 * clients). Whatever the receiver is called, no server router takes its route this way.
 */
function configuredSite(file: SourceFile, m: RegExpMatchArray, verb: string): Site | undefined {
  const open = (m.index ?? 0) + m[0].length - 1;
  // Most `.get(` calls (a Map's, a router's) take no object: none is read further.
  if (verb === 'request' || !/^\(\s*\{/.test(file.text.slice(open, open + 64))) return undefined;
  const call = callArguments(file.text, open);
  const first = call?.args[0];
  const url = first?.startsWith('{') ? propertyOf(first, 'url') : undefined;
  if (!url || !PATH_URL.test(url)) return undefined;
  return { file, offset: m.index ?? 0, via: verb, url, method: `'${VERBS[verb] ?? 'GET'}'` };
}

/** Whether `name` is a parameter of a function around `offset`. */
const isParameterAt = (file: SourceFile, offset: number, name: string): boolean =>
  file.enclosingChain(offset).some((fn) => fn.params.some((p) => p.name === name));

/** The `method` options give: written there (`{ method: 'POST' }`) or declared above as such (`opts`). */
function optionsMethod(options: string, file: SourceFile, offset: number): string | undefined {
  const written = /^[\w$]+$/.test(options) ? file.declaration(options, offset)?.expr : options;
  return written === undefined ? undefined : propertyOf(written, 'method');
}

/**
 * The parameter of the function around `offset` whose options these hand on: the parameter itself
 * (`fetch(url, options)`), or an object with no `method` of its own spreading it (`{ ...options,
 * headers }`: the last parameter spread wins, as the spread does).
 */
function handedParam(options: string, file: SourceFile, offset: number): string | undefined {
  if (/^[\w$]+$/.test(options)) return isParameterAt(file, offset, options) ? options : undefined;
  if (!options.startsWith('{') || propertyOf(options, 'method') !== undefined) return undefined;
  const end = closing(options, 0);
  if (end === undefined) return undefined;
  const spread = splitTop(options.slice(1, end), ',')
    .map((entry) => /^\s*\.\.\.\s*([\w$]+)\s*$/.exec(entry)?.[1])
    .filter((name): name is string => name !== undefined && isParameterAt(file, offset, name));
  return spread.at(-1);
}

/** The options a library call is handed when they are (or spread) a parameter of the function it is in. */
function optionsParam(site: Site): string | undefined {
  const options = site.method ? undefined : site.options?.trim();
  return options ? handedParam(options, site.file, site.offset) : undefined;
}

/**
 * The method a caller hands a wrapper in its options (`fetchWithCSRF(url, { method: 'post' })`): GET
 * for none; the caller's own options parameter handed on, for its callers to tell.
 */
function handedMethod(arg: string | undefined, file: SourceFile, offset: number, ev: Evaluator): string[] {
  const handed = arg?.trim();
  if (!handed) return ['GET'];
  const param = handedParam(handed, file, offset);
  if (param) return [methodOfParam(param)];
  const method = optionsMethod(handed, file, offset);
  return method === undefined ? ['GET'] : ev.eval(method);
}

/** The method a site's options give (`{ method: 'POST' }`, or `opts` declared above as such). */
function methodExpr(site: Site): string {
  if (site.method) return site.method;
  const options = site.options?.trim();
  return (options && optionsMethod(options, site.file, site.offset)) ?? "'GET'";
}

/** Writes a wrapper's arguments into its URL: parameters by position, destructured ones by key. */
function bindArguments(fn: FunctionDef, args: string[]): Map<string, string> {
  const bound = new Map<string, string>();
  fn.params.forEach((p, i) => {
    const arg = args[i];
    if (p.keys) {
      for (const key of p.keys) {
        const value = arg ? propertyOf(arg, key) : undefined;
        if (value !== undefined) bound.set(key, value);
      }
    } else if (p.name && arg !== undefined) bound.set(p.name, arg);
    else if (p.name && p.fallback !== undefined) bound.set(p.name, p.fallback);
  });
  return bound;
}

/** Parameter names that hold a path or URL: a function taking one builds requests for its callers. */
const PATH_LIKE_PARAM = /^(path|url|uri|endpoint|route|resource|href|link|api)s?$/i;

/**
 * Is the call's own path before the first parameter — text written at the call (not a base
 * constant, nor a prefix a path parameter follows: `/api${url}`), or a base that is a path followed
 * by the parameter as a whole segment (`${this.resourceUrl}/${id}`: an id in the path, not the path)?
 */
function writtenPathBeforeParam(url: string): boolean {
  const first = url.search(/\uE001/);
  if (first === -1) return true;
  const head = url.slice(0, first);
  const before = head.replace(/\uE003[^\uE004]*\uE004/g, '');
  // `/api${url}`: a prefix the call's path is written after, not a path with a parameter in it.
  const whole = /^\uE001([\w$]+)\uE001/.exec(url.slice(first));
  if (whole && !head.endsWith('/') && PATH_LIKE_PARAM.test(whole[1] as string)) return false;
  if (/[A-Za-z]/.test(before.replace(/^[a-z]+:\/\/[^/]*/i, ''))) return true;
  const segment = /^\uE001([\w$]+)\uE001(?=\/|\?|$)/.exec(url.slice(first));
  return (
    !!segment &&
    head.endsWith('/') &&
    /[A-Za-z]/.test(head.replace(/[\uE003\uE004]/g, '').replace(/^[a-z]+:\/\/[^/]*/i, '')) &&
    !PATH_LIKE_PARAM.test(segment[1] as string)
  );
}

/** A finished URL: constants' marks and the origin gone, the query cut, unknowns as `:param`. */
function pathOf(url: string): string {
  let u = url.replace(/[\uE003\uE004]/g, '');
  u = u.replace(/^[a-z][\w+.-]*:\/\/[^/\uE001\uE002]*/i, '');
  // `${base}/api/x` with a base known only at run time: the unknown part is the origin; glued to a
  // word (`${window.KOEL.base_url}api`, a base ending with its slash) it is the origin and that slash.
  u = u.replace(/^\uE002(?=\/|[A-Za-z])/, '');
  u = u.split('?')[0] ?? u;
  u = u.split('#')[0] ?? u;
  // `{user_id}`: an OpenAPI path template, as generated clients write their URLs.
  u = u
    .replace(PARAM, ':param')
    .replace(/\uE002/g, ':param')
    .replace(/\{[\w-]+\}/g, ':param');
  u = `/${u}`.replace(/\/{2,}/g, '/');
  return u.length > 1 ? u.replace(/\/$/, '') : u;
}

const methodOf = (alternatives: string[]): string | undefined => {
  const m = alternatives[0]?.replace(/[\uE003\uE004]/g, '').toUpperCase();
  return m && /^[A-Z]+$/.test(m) ? m : undefined;
};

/** Every HTTP call the files make, through libraries and the project's own wrappers. */
export function clientCalls(sources: SourceFile[]): { calls: ClientCall[]; unresolved: UnresolvedCall[] } {
  const page = (f: SourceFile) => PAGE_FILE.test(f.rel);
  const code = sources.filter((f) => !ENV_FILE.test(f.rel) && !page(f));
  const files = new Files(
    code,
    new DotEnv(sources.filter((f) => ENV_FILE.test(f.rel))),
    new PageGlobals(sources.filter(page), code),
  );
  const bases = basesOf(files);
  const calls: ClientCall[] = [];
  const unresolved: UnresolvedCall[] = [];
  let wrappers: Wrapper[] = [];
  const seen = new Set<string>();

  const settle = (
    site: { file: SourceFile; offset: number; via: string },
    urls: string[],
    method: string[],
  ) => {
    // The wrapper is the function whose parameter the URL or method is built from.
    const used = new Set(
      [...urls, ...method].flatMap((u) =>
        [...u.matchAll(PARAM), ...u.matchAll(METHOD_OF_PARAM)].map((m) => m[1]),
      ),
    );
    const fn = site.file.generated
      ? site.file.enclosing(site.offset)
      : site.file
          .enclosingChain(site.offset)
          .find((f) => f.params.some((p) => used.has(p.name) || p.keys?.some((k) => used.has(k))));
    const methodHanded = method.some((m) => m.includes('\uE001') || m.includes('\uE005'));
    const dependsOnParams = urls.some((u) => u.includes('\uE001')) || methodHanded;
    // A generated SDK's function is the app's way to the route: reported where the app calls it.
    const wraps =
      fn &&
      (site.file.generated ||
        (dependsOnParams && urls.some((u) => !writtenPathBeforeParam(u) || methodHanded)));
    const key = fn ? `${site.file.rel}:${fn.start}` : '';
    if (fn && wraps) {
      if (!seen.has(key)) {
        seen.add(key);
        wrappers.push({ file: site.file, fn, urls, method: method[0] ?? "'GET'", via: site.via });
      }
      return;
    }
    if (site.file.generated) return;
    const line = site.file.line(site.offset);
    const made: ClientCall[] = [];
    // Alternatives that differ only where a path stops mattering (`q ? \`${path}?${q}\` : path`) are one call.
    const told = new Set<string>();
    for (const url of urls) {
      const m = methodOf(method);
      const path = pathOf(url);
      // A URL with no written part at all (`fetcher(url)`) says nothing about where it goes.
      if (!m || told.has(`${m} ${path}`)) continue;
      told.add(`${m} ${path}`);
      if (/^(\/:param)+$|^\/$/.test(path)) unresolved.push({ file: site.file.rel, line, via: site.via });
      else made.push({ method: m, path, file: site.file.rel, line, via: site.via });
    }
    calls.push(...made);
    if (fn && dependsOnParams && !seen.has(key)) {
      seen.add(key);
      wrappers.push({
        file: site.file,
        fn,
        urls,
        method: method[0] ?? "'GET'",
        via: site.via,
        provisional: { calls: made, replaced: false },
      });
    }
  };

  for (const file of code)
    for (const site of librarySites(file, bases)) {
      const ev = new Evaluator(files, file, site.offset, file.enclosingChain(site.offset));
      const raw = ev.eval(site.url);
      // A library call with no base whose URL has no slash anywhere is no request (`req.get('user-agent')`).
      if (site.base === undefined && raw.every((u) => !u.includes('/') && !u.includes('\uE001'))) continue;
      // A URL the code does not tell at all says nothing about where it goes, whatever base it is
      // sent to (`this.http.get(finalUrl)` on an instance made with `baseURL: '/api/v1'`).
      const urls = raw.map((u) => (site.base !== undefined && !UNTOLD.test(u) ? joinBase(site.base, u) : u));
      const handedOptions = optionsParam(site);
      settle(site, urls, handedOptions ? [methodOfParam(handedOptions)] : ev.eval(methodExpr(site)));
    }

  // Each round reads the calls to the wrappers found in the round before: a wrapper of a wrapper
  // (`get(path)` → `send({ method: 'GET', path })` → fetch) takes one more round.
  const retired: Wrapper[] = [];
  for (let round = 0; round < 4 && wrappers.length > 0; round++) {
    const current = wrappers;
    retired.push(...current);
    wrappers = [];
    for (const file of code)
      for (const w of current)
        for (const call of callsTo(files, file, w)) {
          const fn = file.enclosing(call.offset);
          if (fn && fn.start === w.fn.start && file === w.file) continue;
          const bound = bindArguments(w.fn, call.args);
          const ev = new Evaluator(files, file, call.offset, file.enclosingChain(call.offset));
          const put = (template: string) =>
            cap(
              template
                .split(PARAM)
                .reduce<string[]>(
                  (acc, part, i) =>
                    concat(
                      acc,
                      i % 2 === 0 ? [part] : bound.has(part) ? ev.eval(bound.get(part) as string) : [HOLE],
                    ),
                  [''],
                ),
            );
          if (w.provisional) {
            // Only a written value says more than the parameter did.
            const filled = [...w.urls.join(' ').matchAll(PARAM)].map((m) => m[1] as string);
            const told = filled.some((name) => {
              const value = bound.get(name);
              return value !== undefined && ev.eval(value).every((v) => !/[\uE001\uE002]/.test(v));
            });
            if (!told) continue;
            w.provisional.replaced = true;
          }
          const urls = cap(w.urls.flatMap(put));
          const handed = /^\uE005([\w$]+)\uE005$/.exec(w.method)?.[1];
          settle(
            { file, offset: call.offset, via: `${w.fn.owner ? `${w.fn.owner}.` : ''}${w.fn.name}` },
            urls,
            handed === undefined ? put(w.method) : handedMethod(bound.get(handed), file, call.offset, ev),
          );
        }
  }
  const replaced = new Set(
    retired.filter((w) => w.provisional?.replaced).flatMap((w) => w.provisional?.calls ?? []),
  );
  const kept = [
    ...calls.filter((c) => !replaced.has(c)),
    ...trpcCalls(code),
    ...graphqlCalls(code),
    ...socketEmits(code),
  ];
  // In reading order: file by file, line by line (a line's alternatives as the code lists them).
  const order = (a: { file: string; line: number }, b: { file: string; line: number }) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
  return { calls: kept.sort(order), unresolved: unresolved.sort(order) };
}

function joinBase(base: string, url: string): string {
  if (/^[a-z]+:\/\//i.test(url.replace(/^\uE003/, ''))) return url;
  const b = base.replace(/\/(\uE004?)$/, '$1');
  return url.startsWith('/') || url.startsWith(`${FROM_CONSTANT}/`) ? b + url : `${b}/${url}`;
}

/**
 * The class a variable was made from (`const client = new ApiClient()`), in the file or exported;
 * for a member (`this.notes`), what the class declares it as: `notes = inject(NotesService)`
 * (Angular's injection), `new NotesService()`, or its type (`private notes: NotesService`).
 */
function instanceClass(files: Files, file: SourceFile, receiver: string, at: number): string | undefined {
  const member = /^this\.([\w$]+)$/.exec(receiver)?.[1];
  if (member) {
    const declared = new RegExp(
      `(?:\\bthis\\.|^\\s*(?:(?:private|public|protected|readonly)\\s+)*|[(,]\\s*(?:(?:private|public|protected|readonly)\\s+)+)${member.replace(/\$/g, '\\$')}\\s*(?::\\s*([\\w$]+)|=\\s*(?:inject\\s*\\(\\s*|new\\s+)([\\w$]+))`,
      'm',
    ).exec(file.text);
    return declared?.[1] ?? declared?.[2];
  }
  if (receiver.includes('.')) return undefined;
  const expr = file.declaration(receiver, at)?.expr ?? files.exported(receiver)?.expr;
  return expr ? /^new\s+([\w$]+)/.exec(expr)?.[1] : undefined;
}

/** Calls to a wrapper in a file: `requests.get(…)` for a member, `api.get(…)` through a namespace import, `get(…)`. */
function callsTo(files: Files, file: SourceFile, w: Wrapper): { offset: number; args: string[] }[] {
  const t = file.text;
  // Most files never name most wrappers: a lookup spares them the pattern.
  if (!file.names(w.fn.name)) return [];
  const out: { offset: number; args: string[] }[] = [];
  const name = w.fn.name.replace(/\$/g, '\\$');
  const owner = w.fn.owner?.toLowerCase();
  const moduleName = w.file.rel
    .split('/')
    .pop()
    ?.replace(/\.\w+$/, '');
  // A specifier of the wrapper's module: by its last name (`$lib/api`), by its path, or a folder's
  // index passing it on.
  const ofModule = (specifier: string) =>
    specifier
      .replace(/\.\w+$/, '')
      .split('/')
      .pop() === moduleName || files.reaches(specifier, file.rel, w.file);
  // A function of the wrapper's module called here (`useApi()`): what it returns holds the wrapper.
  const ofWrapperModule = (called: string | undefined) => {
    const specifier = called === undefined ? undefined : file.imported.get(called);
    return specifier !== undefined && ofModule(specifier);
  };
  // `const { get, post } = useApi()`: names a hook of the wrapper's module hands out. Read only for
  // a bare call, the names before the module: a generated SDK's files hold hundreds of wrappers.
  let handedOut: number[] | undefined;
  const handedOutAt = () =>
    (handedOut ??= [...t.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*(?:await\s+)?([\w$]+)\s*\(/g)]
      .filter((d) => (d[1] ?? '').split(',').some((n) => n.trim() === w.fn.name) && ofWrapperModule(d[2]))
      .map((d) => d.index ?? 0));
  for (const m of t.matchAll(new RegExp(`(?<![\\w$])${name}\\s*(?:<[^<>()]*>)?\\s*\\(`, 'g'))) {
    const named = m.index ?? 0;
    const dot = /\.\s*$/.exec(t.slice(Math.max(0, named - 8), named));
    const receiver = dot ? receiverBefore(t, named - dot[0].length) : undefined;
    const at = receiver && dot ? named - dot[0].length - receiver.length : named;
    if (receiver) {
      const namespace = file.namespaces.get(receiver);
      // Each way a receiver may hold the wrapper, cheapest first.
      const reached =
        (owner !== undefined && lastName(receiver) === owner) ||
        (!owner && namespace !== undefined && ofModule(namespace)) ||
        // `this.fetch(…)` inside the class; `client.post(…)` where `client = new ApiClient()`.
        (receiver === 'this' &&
          owner !== undefined &&
          file === w.file &&
          file.enclosing(at)?.owner?.toLowerCase() === owner) ||
        (owner !== undefined && instanceClass(files, file, receiver, at)?.toLowerCase() === owner) ||
        // `const api = useApi(); api.get(…)`.
        (!owner &&
          ofWrapperModule(
            /^(?:await\s+)?([\w$]+)\s*\(/.exec(file.declaration(receiver, at)?.expr ?? '')?.[1],
          ));
      if (!reached) continue;
    } else {
      // A bare call reaches the wrapper declared in this file, or imported from the wrapper's module.
      if (owner) continue;
      const from = file.imported.get(w.fn.name);
      const reached =
        file === w.file ||
        (from !== undefined && ofModule(from)) ||
        handedOutAt().some((offset) => offset < at);
      if (!reached) continue;
      if (/\b(?:function|async)\s*$/.test(t.slice(Math.max(0, at - 16), at))) continue;
    }
    const open = named + m[0].length - 1;
    const call = callArguments(t, open);
    if (call && !file.functions.some((f) => f.start === at)) out.push({ offset: at, args: call.args });
  }
  return out;
}

/** What a tRPC client does with a procedure, by the hook or helper it calls. */
const TRPC_USE: Record<string, string> = {
  useQuery: 'QUERY',
  useSuspenseQuery: 'QUERY',
  useInfiniteQuery: 'QUERY',
  useSuspenseInfiniteQuery: 'QUERY',
  query: 'QUERY',
  fetch: 'QUERY',
  prefetch: 'QUERY',
  prefetchInfinite: 'QUERY',
  ensureData: 'QUERY',
  useMutation: 'MUTATION',
  mutate: 'MUTATION',
  useSubscription: 'SUBSCRIPTION',
  subscribe: 'SUBSCRIPTION',
};

/** Where a template that opens at `open` (its backtick) closes, past `${…}` substitutions. */
function templateEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '`') return i;
    else if (text[i] === '$' && text[i + 1] === '{') i = (closing(text, i + 1) ?? text.length) - 1;
  }
  return text.length;
}

/**
 * GraphQL operations a client sends: the root fields of each document written in a `gql`/`graphql`
 * template (or `graphql(\`…\`)`, as typed-document helpers take it) or in a `.graphql` file, each a
 * call of its operation type on the field (`QUERY feed`), where the document asks for it.
 */
function graphqlCalls(sources: SourceFile[]): ClientCall[] {
  const out: ClientCall[] = [];
  const add = (file: SourceFile, ops: { method: string; path: string; line: number }[]) => {
    for (const op of ops) out.push({ ...op, file: file.rel, via: 'graphql' });
  };
  for (const file of sources) {
    if (GRAPHQL_FILE.test(file.rel)) {
      add(file, documentOperations(file.text));
      continue;
    }
    for (const m of file.text.matchAll(/\b(?:gql|graphql)\s*(?:\(\s*)?`/g)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const end = templateEnd(file.text, open);
      // Substitutions (fragments spliced in) blanked, lines kept.
      const body = file.text
        .slice(open + 1, end)
        .replace(/\$\{[^}]*\}/g, (sub) => sub.replace(/[^\n]/g, ' '));
      add(file, documentOperations(body, file.line(open)));
    }
  }
  return out;
}

/**
 * A client's socket.io messages: `socket.emit('chat:message', …)` on a socket (named so) in a file
 * that is no socket.io server — a server's emits go to its clients, and a file importing
 * `socket.io`, handling `connection`, or a handler module handed `(io, socket)` is one. Each a call
 * `WS <event>`.
 */
function socketEmits(sources: SourceFile[]): ClientCall[] {
  const out: ClientCall[] = [];
  for (const file of sources) {
    if (/['"]socket\.io['"]|\(\s*io\s*,\s*socket\b|\.on\s*\(\s*['"]connection['"]/.test(file.text)) continue;
    for (const m of file.text.matchAll(/\b[\w$]*socket[\w$]*\s*\.\s*emit\s*\(\s*(['"`])([^'"`$\n]+)\1/gi))
      out.push({
        method: 'WS',
        path: m[2] as string,
        file: file.rel,
        line: file.line(m.index ?? 0),
        via: 'socket.io',
      });
  }
  return out;
}

/**
 * tRPC procedure calls (`api.post.getLatest.useQuery()`, `trpc.post.create.mutate()`, a server
 * caller's `api.post.hello(…)`) through a client the project makes with `createTRPC…` or
 * `createHydrationHelpers`: the procedure's path is the route, its kind the method (`TRPC` when a
 * direct caller does not say).
 */
function trpcCalls(sources: SourceFile[]): ClientCall[] {
  const roots = new Set<string>();
  for (const file of sources) {
    for (const m of file.text.matchAll(
      /\b(?:const|let)\s+(\{[^}]*\}|[\w$]+)\s*(?::[^=]+)?=\s*(?:createTRPC\w*|createHydrationHelpers|createCaller)\b/g,
    )) {
      const bound = m[1] ?? '';
      if (!bound.startsWith('{')) roots.add(bound);
      else
        for (const part of bound.slice(1, -1).split(',')) {
          const local = part.split(':').pop()?.trim();
          if (local && /^trpc\b/.test(part.trim())) roots.add(local);
        }
    }
  }
  if (roots.size === 0) return [];
  const out: ClientCall[] = [];
  const pattern = new RegExp(
    `(?<![\\w$.])(${[...roots].map((r) => r.replace(/\$/g, '\\$')).join('|')})((?:\\.[\\w$]+)+)\\s*\\(`,
    'g',
  );
  for (const file of sources) {
    for (const m of file.text.matchAll(pattern)) {
      const root = m[1] as string;
      if (!file.imported.has(root) && !file.declarations.some((d) => d.name === root)) continue;
      const parts = (m[2] as string).slice(1).split('.');
      const last = parts.at(-1) as string;
      const method = TRPC_USE[last];
      if (method) parts.pop();
      else if (
        /^(use\w*|invalidate|refetch|cancel|reset|setData|getData|setInfiniteData|getInfiniteData)$/.test(
          last,
        )
      )
        continue;
      // `api.createClient()`, `api.Provider`: a helper on the client, not a procedure (those sit
      // under a router unless a hook says so).
      if (parts.length < (method ? 1 : 2)) continue;
      out.push({
        method: method ?? 'TRPC',
        path: parts.join('.'),
        file: file.rel,
        line: file.line(m.index ?? 0),
        via: root,
      });
    }
  }
  return out;
}
