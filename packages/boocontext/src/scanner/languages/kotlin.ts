import { graphqlRoute, jvmGraphqlField } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import { emptyFacts, type FileFacts, joinPaths, PATH_VALUE } from '../types.js';
import {
  CAPITALISED_VERBS,
  JAXRS_VERBS,
  jvmEntity,
  lineIndex,
  parenthesised,
  SPRING_MAPPINGS,
} from './syntax.js';

/**
 * Kotlin, read from its text (no grammar ships for it): Spring controllers and the interfaces
 * they implement, JAX-RS resources and Micronaut controllers, JPA entities and Exposed tables,
 * Ktor `routing { route("/x") { get("/y") { … } } }`. Comments are skipped and strings kept whole,
 * so a brace or an `@` inside either counts for nothing.
 */

const KTOR_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Calls in a routing block that are Kotlin or Ktor, never a function adding routes. */
const NOT_A_ROUTER = new Set([
  ...KTOR_VERBS,
  'route',
  'routing',
  'authenticate',
  'install',
  'if',
  'when',
  'for',
  'while',
  'catch',
  'return',
  'throw',
]);
/** The receivers of an extension function that adds routes (`fun Route.articles() { … }`). */
const ROUTING_RECEIVER = /^(Route|Routing)$/;

/**
 * Comments, strings, annotations, declarations (with an extension function's receiver), Ktor's
 * `name("path") {`, a lowercase name followed by `(` or `{` (a Ktor verb block, a call that may add
 * routes), and the punctuation the reader tracks.
 */
const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|@([A-Za-z_][\w.]*)|\b(class|interface|object|fun)\s+(?:<[^>]*>\s*)?(?:([A-Z][\w.]*)\.)?([A-Za-z_]\w*)|\b([a-z]\w*)\s*\(\s*("(?:\\.|[^"\\\n])*")\s*\)\s*\{|(?<![.\w]\s*)\b([a-z]\w*)(?=\s*([({]))|[{}();=]/g;

/** `install(Routing) {` just before a brace: Ktor's routing block. */
const INSTALL_ROUTING = /\binstall\s*\(\s*Routing\s*\)\s*$/;

interface Annotation {
  name: string;
  args: string;
}

interface Declaration {
  kind: string;
  name: string;
  annotations: Annotation[];
  line: number;
  /** A type's supertypes as written (`: GreeterGrpcKt.GreeterCoroutineImplBase()`). */
  supertypes?: string;
  /** A function declared `override`. */
  override?: boolean;
}

/** An annotation's `(…)` right after `from` (blanks skipped), if it has one. */
function balancedArgs(text: string, from: number): { args: string; end: number } {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === '(' ? parenthesised(text, i) : { args: '', end: from };
}

const strings = (text: string) => [...text.matchAll(/"((?:\\.|[^"\\])*)"/g)].map((m) => m[1] as string);

/** `("/x")`, `(value = ["/a", "/b"])`, `(path = "/x", method = [RequestMethod.POST])`. */
function namedValues(args: string, names: readonly string[]): string[] | undefined {
  for (const name of names) {
    const m = new RegExp(`\\b${name}\\s*=\\s*(\\[[^\\]]*\\]|"(?:\\\\.|[^"\\\\])*"|[\\w.]+)`).exec(args);
    if (!m?.[1]) continue;
    if (m[1].startsWith('"')) return strings(m[1]);
    // `["/a", "/b"]` or `[RequestMethod.GET, RequestMethod.HEAD]`.
    if (m[1].startsWith('['))
      return m[1].includes('"')
        ? strings(m[1])
        : m[1]
            .slice(1, -1)
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean);
    return [m[1]];
  }
  if (names.includes('value') && /^\s*("|\[)/.test(args)) return strings(args.split(/,\s*\w+\s*=/)[0] ?? '');
  // `@PostMapping(LOGIN_URL)`: a constant, which the route table reads from the project's constants.
  const constant = names.includes('value') ? /^\(?\s*([A-Za-z_][\w.]*)\s*\)?$/.exec(args.trim()) : null;
  if (constant?.[1]) return [`{=${constant[1]}}`];
  return undefined;
}

export function scanKotlin(rel: string, text: string): FileFacts {
  const facts = emptyFacts('kotlin');
  const lineOf = lineIndex(text);
  for (const m of text.matchAll(/^import\s+([\w.*]+)/gm))
    facts.imports.push({ spec: m[1] as string, line: lineOf(m.index ?? 0) });
  const ktor = facts.imports.some((i) => i.spec.startsWith('io.ktor'));
  let pending: Annotation[] = [];
  let awaitingBody: Declaration | undefined;
  /** The extension function (`fun Route.articles()`) whose body is next: its routes are its own. */
  let awaitingRouter: string | undefined;
  /** `routing {` seen: the next brace opens Ktor's routing block. */
  let awaitingRouting = false;
  /**
   * Open braces: a type's body, a Ktor `route("/x") {` block, or any other block; `routing` for a
   * block whose calls add routes, `router` for the extension function that owns them.
   */
  const stack: {
    type?: Declaration;
    prefix?: string;
    routing?: boolean;
    router?: string;
    /** Routes whose handler this block is: they end where it closes. */
    routes?: number[];
  }[] = [];
  /** Routes declared just before the brace that opens their handler block. */
  let awaitingBlock: number[] = [];
  const currentType = () => [...stack].reverse().find((f) => f.type)?.type;
  const ktorPrefix = () => joinPaths(...stack.flatMap((f) => (f.prefix !== undefined ? [f.prefix] : [])));
  const inRouting = () => stack.at(-1)?.routing === true;
  const router = () => [...stack].reverse().find((f) => f.router)?.router ?? '*ktor*';
  /** A block opened here: routing inside routing, or where the function owning routes begins. */
  const open = (frame: { type?: Declaration; prefix?: string; routing?: boolean }) => {
    const routing = frame.routing === true || inRouting() || awaitingRouter !== undefined;
    stack.push({
      ...frame,
      ...(routing ? { routing } : {}),
      ...(awaitingRouter ? { router: awaitingRouter } : {}),
      ...(awaitingBlock.length ? { routes: awaitingBlock } : {}),
    });
    awaitingBlock = [];
    awaitingRouter = undefined;
  };
  const route = (method: string, written: string, at: number) => {
    awaitingBlock.push(facts.routes.length);
    facts.routes.push({
      method,
      path: joinPaths(ktorPrefix(), written),
      line: lineOf(at),
      framework: 'ktor',
      owner: router(),
    });
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const token = m[0];
    if (token.startsWith('//') || token.startsWith('/*') || token.startsWith('"')) continue;
    if (m[1]) {
      const { args, end } = balancedArgs(text, TOKEN.lastIndex);
      pending.push({ name: m[1].split('.').pop() as string, args });
      TOKEN.lastIndex = Math.max(TOKEN.lastIndex, end);
    } else if (m[2] && m[4]) {
      const declaration: Declaration = {
        kind: m[2],
        name: m[4],
        annotations: pending,
        line: lineOf(m.index),
      };
      if (m[2] === 'fun')
        declaration.override = /\boverride\s+(?:suspend\s+)?$/.test(
          text.slice(Math.max(0, m.index - 40), m.index),
        );
      else {
        const body = text.indexOf('{', TOKEN.lastIndex);
        declaration.supertypes = text.slice(
          TOKEN.lastIndex,
          body === -1 ? TOKEN.lastIndex + 200 : Math.min(body, TOKEN.lastIndex + 400),
        );
      }
      pending = [];
      awaitingBody = m[2] === 'fun' ? undefined : declaration;
      if (m[2] === 'fun') readHandler(declaration, currentType(), facts);
      else readType(declaration, rel, facts);
      if (ktor && m[2] === 'fun' && ROUTING_RECEIVER.test(m[3] ?? '')) {
        awaitingRouter = m[4];
        facts.exportedRouters[m[4]] = m[4];
      }
    } else if (m[5] && m[6]) {
      // `route("/x") {` or `get("/y") {`: Ktor's routing DSL.
      const call = m[5];
      const written = strings(m[6])[0] ?? '';
      if (ktor && KTOR_VERBS.has(call)) route(call.toUpperCase(), written, m.index);
      open(ktor && call === 'route' ? { prefix: written, routing: true } : {});
      pending = [];
    } else if (m[7]) {
      // `get {` (the enclosing route's path), `routing {`, or a call in a routing block that may be
      // a function adding routes of its own (`articles(controller)`): mounted here, by its name.
      if (!ktor) continue;
      const name = m[7];
      const brace = m[8] === '{';
      if (brace && KTOR_VERBS.has(name) && inRouting()) route(name.toUpperCase(), '', m.index);
      else if (brace && name === 'routing') awaitingRouting = true;
      else if (!brace && inRouting() && !NOT_A_ROUTER.has(name))
        facts.mounts.push({
          owner: router(),
          prefix: ktorPrefix(),
          target: `named:${name}`,
          line: lineOf(m.index),
        });
    } else if (token === '{') {
      const routing =
        awaitingRouting || (ktor && INSTALL_ROUTING.test(text.slice(Math.max(0, m.index - 40), m.index)));
      open(awaitingBody ? { type: awaitingBody } : routing ? { routing } : {});
      awaitingBody = undefined;
      awaitingRouting = false;
    } else if (token === '}') {
      const end = lineOf(m.index);
      for (const i of stack.pop()?.routes ?? [])
        (facts.routes[i] as (typeof facts.routes)[number]).endLine = end;
    } else if (token === '(' || token === ')' || token === ';' || token === '=') pending = [];
  }
  readExposedTables(rel, text, lineOf, facts);
  readRouterDsl(text, lineOf, facts);
  for (const m of text.matchAll(/\bconst\s+val\s+(\w+)\s*(?::\s*String\s*)?=\s*"(\/[^"\\]*)"/g))
    if (PATH_VALUE.test(m[2] as string))
      facts.constants = { ...facts.constants, [m[1] as string]: m[2] as string };
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))];
  return facts;
}

/** Spring's Kotlin router DSL: `router {` and `coRouter {` blocks. */
const ROUTER_DSL = /(?<![\w.])(?:coRouter|router)\s*\{/g;
/** Inside one: comments and strings, a `.nest {` (its receiver says the prefix), a verb's `GET(`, and braces. */
const DSL_TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|\.\s*nest\s*\{|(?<![.\w])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*\(|[{}]/g;

/** `name: Type` of a function's parameters and a class's constructor, as written before `at`. */
function parameterTypes(text: string, at: number): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of text.slice(0, at).matchAll(/\b(\w+)\s*:\s*([A-Z]\w*)/g))
    types.set(m[1] as string, m[2] as string);
  return types;
}

/** The receiver of `.nest {` ending at `end`: a string, a call (`path("/p")`), a parenthesised predicate or a name. */
function receiverBefore(text: string, end: number): string {
  let i = end;
  while (i > 0 && /\s/.test(text[i - 1] as string)) i--;
  const last = i;
  if (text[i - 1] === '"') i = text.lastIndexOf('"', i - 2);
  else if (text[i - 1] === ')') {
    for (let depth = 0; i > 0; ) {
      const c = text[--i];
      if (c === ')') depth++;
      else if (c === '(' && --depth === 0) break;
    }
  }
  while (i > 0 && /[\w.]/.test(text[i - 1] as string)) i--;
  return text.slice(Math.max(i, 0), last);
}

/**
 * The prefix a nesting predicate gives: `"/p"`, `path("/p")`, a constant (`{=NAME}`, read from the
 * project's constants), the first operand of `(… and accept(…))`; none for `accept(…)` alone.
 */
function nestPrefix(receiver: string): string | undefined {
  const inner =
    /^\((.*)\)$/s
      .exec(receiver)?.[1]
      ?.split(/\s+(?:and|or)\s+/)[0]
      ?.trim() ?? receiver;
  const written = /^(?:path\s*\(\s*)?("(?:\\.|[^"\\])*")\s*\)?$/.exec(inner)?.[1];
  if (written) return strings(written)[0] ?? '';
  return /^[A-Z][A-Z0-9_]*$|^\w+\.[A-Z][A-Z0-9_]*$/.test(inner) ? `{=${inner}}` : undefined;
}

/**
 * Spring's Kotlin router DSL (WebFlux, WebMvc.fn): `coRouter { "/api".nest { GET("/x", h::get) } }`,
 * `path("/p").nest { … }`, `(API and accept(JSON)).nest { … }`, verbs with a path or without (the
 * prefix's own), with a handler reference (named `Type.method` from its receiver's declared type)
 * or a block.
 */
function readRouterDsl(text: string, lineOf: (offset: number) => number, facts: FileFacts): void {
  for (const block of text.matchAll(ROUTER_DSL)) {
    const types = parameterTypes(text, block.index ?? 0);
    const prefixes: (string | undefined)[] = [''];
    DSL_TOKEN.lastIndex = (block.index ?? 0) + block[0].length;
    for (let m = DSL_TOKEN.exec(text); m && prefixes.length; m = DSL_TOKEN.exec(text)) {
      const token = m[0];
      if (token.endsWith('{'))
        prefixes.push(token === '{' ? undefined : nestPrefix(receiverBefore(text, m.index)));
      else if (token === '}') prefixes.pop();
      else if (m[1]) {
        const { args, end } = parenthesised(text, m.index + token.length - 1);
        DSL_TOKEN.lastIndex = end;
        const written = /^\s*"/.test(args) ? (strings(args)[0] ?? '') : '';
        const reference = /(\w+)?\s*::\s*(\w+)\s*$/.exec(args);
        const receiver = reference?.[1] === 'this' ? undefined : reference?.[1];
        const owner = receiver && (types.get(receiver) ?? receiver);
        facts.routes.push({
          method: m[1],
          path: joinPaths(...prefixes.filter((p): p is string => p !== undefined), written),
          line: lineOf(m.index),
          framework: 'spring',
          owner: '*spring*',
          ...(reference ? { handler: owner ? `${owner}.${reference[2]}` : (reference[2] as string) } : {}),
        });
      }
    }
  }
}

/** Exposed's table objects: `object Users : LongIdTable("users") {`, `object Follows : Table() {`. */
const EXPOSED_TABLE =
  /^[ \t]*(?:(?:internal|private|public)\s+)?object\s+(\w+)\s*:\s*(?:\w+\.)*(?:Table|IntIdTable|LongIdTable|UUIDTable|ULongIdTable|CompositeIdTable|IdTable\s*<[^>]*>)\s*\(\s*(?:(?:name\s*=\s*)?"([^"]*)")?[^)]*\)\s*\{?/gm;
/** A column of an Exposed table: `val email = varchar("email", 200)` (a type may sit between). */
const EXPOSED_COLUMN = /^[ \t]*val\s+(\w+)\s*(?::[^=\n]*)?=\s*(?:\w+\.)?\w+\s*(?:<[^>]*>)?\s*\(\s*"/gm;

/** Exposed (JetBrains' SQL library) tables: each a model with its columns, the table's name its own when given. */
function readExposedTables(
  rel: string,
  text: string,
  lineOf: (offset: number) => number,
  facts: FileFacts,
): void {
  if (!text.includes('exposed')) return;
  for (const m of text.matchAll(EXPOSED_TABLE)) {
    const start = (m.index ?? 0) + m[0].length;
    // The object's body: to its closing brace, strings and comments aside (none hold braces here).
    let depth = m[0].endsWith('{') ? 1 : 0;
    let end = start;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
    }
    const body = text.slice(start, end);
    const fields = [...body.matchAll(EXPOSED_COLUMN)].map((c) => c[1] as string);
    facts.models.push({
      name: m[1] as string,
      orm: 'exposed',
      file: rel,
      line: lineOf(m.index ?? 0),
      ...(m[2] ? { table: m[2] } : {}),
      fields,
    });
  }
}

/** A persisted class (`jvmEntity`): a model, its table or collection from the annotations that name one. */
function readType(type: Declaration, rel: string, facts: FileFacts): void {
  const entity = jvmEntity(
    type.annotations.map((a) => a.name),
    facts.imports.map((i) => i.spec),
    (name, keys) => {
      const annotation = type.annotations.find((a) => a.name === name);
      return annotation && namedValues(annotation.args, keys)?.[0];
    },
  );
  if (!entity) return;
  facts.models.push({
    name: type.name,
    orm: entity.orm,
    file: rel,
    line: type.line,
    ...(entity.table ? { table: entity.table } : {}),
  });
}

/**
 * A JAX-RS resource method (`@GET` in a `@Path("/x")` class: Quarkus, Jersey) or a Micronaut one
 * (`@Get("/y")` in a `@Controller("/x")` class): its route under the class's path.
 */
function readResourceMethod(fn: Declaration, owner: Declaration, facts: FileFacts): boolean {
  const micronaut = facts.imports.some((i) => i.spec.startsWith('io.micronaut'));
  const resource = owner.annotations.find((a) => a.name === (micronaut ? 'Controller' : 'Path'));
  if (!resource) return false;
  const framework = micronaut ? 'micronaut' : 'jax-rs';
  const bases = namedValues(resource.args, ['value', 'uri']) ?? [micronaut ? '/' : ''];
  const sub = fn.annotations.find((a) => a.name === 'Path');
  for (const a of fn.annotations) {
    const method = micronaut ? CAPITALISED_VERBS[a.name] : JAXRS_VERBS.has(a.name) ? a.name : undefined;
    if (!method) continue;
    const subs = (micronaut
      ? namedValues(a.args, ['value', 'uri'])
      : sub && namedValues(sub.args, ['value'])) ?? [''];
    for (const base of bases)
      for (const path of subs)
        facts.routes.push({
          method,
          path: joinPaths(base, path),
          line: fn.line,
          framework,
          owner: `*${framework}*`,
          handler: `${owner.name}.${fn.name}`,
        });
  }
  return true;
}

/** A Spring for GraphQL or DGS handler (`@QueryMapping fun articles()`): a route of its operation. */
function readGraphqlHandler(fn: Declaration, owner: Declaration, facts: FileFacts): boolean {
  if (!owner.annotations.some((a) => a.name === 'Controller' || a.name === 'DgsComponent')) return false;
  let found = false;
  for (const a of fn.annotations) {
    const op = jvmGraphqlField(a.name, (names) => namedValues(a.args, names)?.[0], fn.name);
    if (!op) continue;
    found = true;
    facts.routes.push(
      graphqlRoute(op.operation, op.field, fn.line, 'graphql', { handler: `${owner.name}.${fn.name}` }),
    );
  }
  return found;
}

/** A Spring handler: its mapping under the mappings of the controller (or interface) it is declared in. */
function readHandler(fn: Declaration, owner: Declaration | undefined, facts: FileFacts): void {
  if (!owner) return;
  if (readResourceMethod(fn, owner, facts) || readGraphqlHandler(fn, owner, facts)) return;
  // `class GreeterService : GreeterGrpcKt.GreeterCoroutineImplBase()`: its overrides are RPCs.
  const service = /\b(\w+)GrpcKt\s*\.\s*\1CoroutineImplBase\b|\b(\w+)Grpc\s*\.\s*\2ImplBase\b/.exec(
    owner.supertypes ?? '',
  );
  if (service && fn.override) {
    facts.routes.push(
      rpcRoute(service[1] ?? service[2] ?? '', fn.name, fn.line, { handler: `${owner.name}.${fn.name}` }),
    );
    return;
  }
  const ownerMapping = owner.annotations.find((a) => a.name === 'RequestMapping');
  const isController = owner.annotations.some((a) => a.name === 'RestController' || a.name === 'Controller');
  if (!isController && !(owner.kind === 'interface' && ownerMapping)) return;
  const bases = ownerMapping ? (namedValues(ownerMapping.args, ['value', 'path']) ?? ['']) : [''];
  for (const a of fn.annotations) {
    if (!(a.name in SPRING_MAPPINGS)) continue;
    const methods = SPRING_MAPPINGS[a.name]
      ? [SPRING_MAPPINGS[a.name] as string]
      : (namedValues(a.args, ['method'])?.map((m) => m.split('.').pop() as string) ?? ['ALL']);
    const subs = namedValues(a.args, ['value', 'path']) ?? [''];
    for (const base of bases)
      for (const sub of subs.length ? subs : [''])
        for (const method of methods)
          facts.routes.push({
            method,
            path: joinPaths(base, sub),
            line: fn.line,
            framework: 'spring',
            owner: '*spring*',
            handler: `${owner.name}.${fn.name}`,
          });
  }
}
