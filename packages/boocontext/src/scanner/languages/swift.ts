import { emptyFacts, type FileFacts, joinPaths } from '../types.js';
import { lineIndex, parenthesised } from './syntax.js';

/**
 * Swift, read from its text (no grammar ships for it): Vapor routes on the app, on groups
 * (`grouped("api")`, `group("todos") { todos in … }`) and in `RouteCollection`s registered by type
 * (or by a variable holding one), and Fluent models (`Model` classes with their `schema` and
 * `@Field` keys). Vapor 3 as well: `boot(router: Router)`, `app.make(Router.self)`,
 * `Invoice.parameter` path parameters, models conforming to `PostgreSQLModel`, `SQLitePivot`…
 * (their `entity` and stored properties). Only receivers known to be routers count
 * (`req.parameters.get("id")` is no route); comments and strings hold no code.
 */

const VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const FILE_OWNER = '*vapor*';

interface Router {
  owner: string;
  prefix: string;
}

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|\b(?:struct|class|final\s+class|extension)\s+(\w+)\s*(?::\s*([^{]*))?\{|\b(\w+)\s*:\s*(?:any\s+|some\s+)?(?:Application|RoutesBuilder|Router)\b|\blet\s+(\w+)\s*=\s*(\w+)(?:\s*\.\s*routes)?(?=\s*\.\s*grouped\s*\()|\b(\w+)(?=\s*\.\s*(?:grouped|group|get|post|put|patch|delete|on|register)\s*[({])|\bstatic\s+(?:let|var)\s+(?:schema|entity)\s*(?::\s*String\s*)?=\s*"([^"]*)"|@(?:Field|OptionalField|Parent|OptionalParent|Timestamp|Enum|OptionalEnum|Group)\s*\(\s*key\s*:\s*"([^"]*)"|\blet\s+(\w+)\s*=\s*(?:try\s+)?\w+\s*\.\s*make\s*\(\s*Router\s*\.\s*self\s*\)|[{}]/g;

/** What a type conforms to that makes it a Fluent model: Vapor 4's `Model`, Vapor 3's per-database models and pivots. */
const MODEL =
  /\b(?:(?:SQLite|MySQL|PostgreSQL)(?:UUID|String)?Model|Model|(?:Modifiable|SQLite|MySQL|PostgreSQL)?Pivot)\b/;

/**
 * A Vapor 3 model's columns, which no `@Field` names: its stored properties, not its computed ones
 * (`var lines: Children<…> { … }`), static ones or type aliases. `body` is the class's, braces excluded.
 */
function storedProperties(body: string): string[] {
  let depth = 0;
  let flat = '';
  for (const c of body) {
    if (c === '{' && depth++ === 0) flat += '{}';
    else if (c === '}') depth--;
    else if (depth === 0) flat += c;
  }
  return [
    ...flat.matchAll(
      /^[ \t]*(?:@\w+\s+)*(?:(?:public|private|internal|fileprivate|open|final)\s+)*(?:var|let)\s+(\w+)\s*:[^{=\n]*(\{\})?/gm,
    ),
  ]
    .filter((m) => !m[2])
    .map((m) => m[1] as string);
}

/**
 * `("api", "v1", use: h)` from `from` (just past the `(`): the path strings before any label, and
 * where it ends. A path part may be a constant of the file (`ArticlesController.uri` after
 * `static let uri: PathComponent = .constant("articles")`).
 */
function callArgs(
  text: string,
  from: number,
  constants: ReadonlyMap<string, string>,
): { parts: string[]; args: string; end: number } {
  const { args, end } = parenthesised(text, from - 1);
  const parts: string[] = [];
  for (const piece of args.split(',')) {
    const value = piece.trim();
    const literal = /^"([^"]*)"$/.exec(value);
    const constant = constants.get(value.replace(/^(?:\w+|Self)\./, ''));
    if (literal) parts.push(literal[1] as string);
    else if (constant !== undefined) parts.push(constant);
    else if (/^\w+\.parameter$/.test(value))
      // Vapor 3's `Invoice.parameter`: a parameter named after the type.
      parts.push(`:${value.slice(0, value.indexOf('.')).toLowerCase()}`);
    else if (value === '.catchall') parts.push('**');
    else if (value === '.anything') parts.push('*');
    else if (/^\.\w+$/.test(value))
      continue; // `.GET` in `on(.GET, …)`
    else break;
  }
  return { parts, args, end };
}

export function scanSwift(rel: string, text: string): FileFacts {
  const facts = emptyFacts('swift');
  const lineOf = lineIndex(text);
  // A parameter typed `Router` is Vapor 3's only where the file uses Vapor (an app's navigator is not).
  const vapor = /^import\s+(?:Vapor|Routing)\b/m.test(text);
  const constants = new Map(
    [...text.matchAll(/\bstatic\s+let\s+(\w+)\s*(?::\s*\w+\s*)?=\s*(?:\.constant\s*\(\s*)?"([^"]*)"/g)].map(
      (m) => [m[1] as string, m[2] as string] as const,
    ),
  );
  for (const m of text.matchAll(/^import\s+(\w+)/gm))
    facts.imports.push({ spec: m[1] as string, line: lineOf(m.index ?? 0) });
  /** Open braces, each with the routers bound inside it and the type it is the body of. */
  const scopes: { routers: Map<string, Router>; type?: string }[] = [{ routers: new Map() }];
  let pending: { routers: Map<string, Router>; type?: string } | undefined;
  let model:
    | { name: string; line: number; table?: string; fields: string[]; depth: number; start: number }
    | undefined;
  const routerOf = (name: string) => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const found = scopes[i]?.routers.get(name);
      if (found) return found;
    }
    return undefined;
  };
  const currentType = () => [...scopes].reverse().find((s) => s.type)?.type;
  const bind = (name: string, router: Router) =>
    (scopes[scopes.length - 1] as { routers: Map<string, Router> }).routers.set(name, router);
  /**
   * A chain of calls on a router from `from` (just past its name): `.grouped(…)` calls add to the
   * prefix (a middleware argument adds nothing), and a verb, `on`, `group` or `register` ends it.
   * Returns where it ends and, for a chain of groups only, the group it makes.
   */
  const readChain = (from: number, start: Router | undefined): { end: number; router?: Router } => {
    let router = start;
    let index = from;
    for (;;) {
      // `get { req in … }`: a trailing closure alone, no parentheses.
      const next = /^\s*\.\s*(\w+)\s*([({])/.exec(text.slice(index, index + 200));
      const call = next?.[1] ?? '';
      if (
        !next ||
        !(call === 'grouped' || call === 'group' || call === 'register' || call === 'on' || VERBS.has(call))
      )
        return { end: index, ...(router ? { router } : {}) };
      const callAt = index + next[0].indexOf(call);
      const { parts, args, end } =
        next[2] === '('
          ? callArgs(text, index + next[0].length, constants)
          : { parts: [], args: '', end: index + next[0].length - 1 };
      index = end;
      if (!router) continue;
      if (call === 'grouped') {
        router = { owner: router.owner, prefix: joinPaths(router.prefix, ...parts) };
        continue;
      }
      if (call === 'group') {
        // `group("todos") { todos in … }`: the closure's parameter is the group.
        const closure = /^\s*\{\s*(\w+)\s+in\b/.exec(text.slice(end));
        if (closure?.[1])
          pending = {
            routers: new Map([
              [closure[1], { owner: router.owner, prefix: joinPaths(router.prefix, ...parts) }],
            ]),
          };
      } else if (call === 'register') {
        const written = /collection\s*:\s*(\w+)/.exec(args)?.[1];
        // `register(collection: routes)` after `let routes = Routes(app: app)`: the variable's type.
        const collection =
          written && /^[a-z]/.test(written)
            ? new RegExp(`\\b(?:let|var)\\s+${written}\\s*=\\s*(?:try\\s+)?([A-Z]\\w*)\\s*\\(`).exec(
                text,
              )?.[1]
            : written;
        if (collection)
          facts.mounts.push({
            owner: router.owner,
            prefix: router.prefix,
            target: `named:${collection}`,
            line: lineOf(callAt),
          });
      } else {
        const method =
          call === 'on' ? (/^\s*\.(\w+)/.exec(args)?.[1]?.toUpperCase() ?? 'ALL') : call.toUpperCase();
        const handler = /\buse\s*:\s*([\w.]+)/.exec(args)?.[1];
        facts.routes.push({
          method,
          path: joinPaths(router.prefix, ...parts),
          line: lineOf(callAt),
          framework: 'vapor',
          owner: router.owner,
          ...(handler ? { handler } : {}),
        });
      }
      return { end: index };
    }
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const token = m[0];
    if (token.startsWith('//') || token.startsWith('/*') || token.startsWith('"')) continue;
    if (m[1]) {
      // A type: its body is the next scope; a Fluent model or a route collection by what it conforms to.
      pending = { routers: new Map(), type: m[1] };
      if (MODEL.test(m[2] ?? ''))
        model = {
          name: m[1],
          line: lineOf(m.index),
          fields: [],
          depth: scopes.length + 1,
          start: m.index + m[0].length,
        };
      scopes.push(pending);
      pending = undefined;
    } else if (m[3]) {
      // `boot(routes: RoutesBuilder)`: routes on it belong to the collection; `routes(_ app: Application)`: to the file.
      if (m[0].endsWith('Router') && !vapor) continue;
      const type = currentType();
      const inCollection = type && /\bboot\s*\(\s*$/.test(text.slice(Math.max(0, m.index - 12), m.index));
      pending = { routers: new Map([[m[3], { owner: inCollection ? type : FILE_OWNER, prefix: '' }]]) };
      if (inCollection) facts.exportedRouters[type] = type;
    } else if (m[4] && m[5]) {
      // `let api = routes.grouped("api").grouped(Self.uri)`: the group the chain ends in.
      const parent = routerOf(m[5]);
      const chain = readChain(TOKEN.lastIndex, parent);
      TOKEN.lastIndex = chain.end;
      if (parent && chain.router) bind(m[4], chain.router);
    } else if (m[6]) {
      // In an extension of Application, `self` is the app (`self.get { … }`, `self.register(…)`).
      const router =
        routerOf(m[6]) ??
        (m[6] === 'self' && currentType() === 'Application' ? { owner: FILE_OWNER, prefix: '' } : undefined);
      if (router) TOKEN.lastIndex = readChain(TOKEN.lastIndex, router).end;
    } else if (m[7] !== undefined && model) model.table = m[7];
    else if (m[8] !== undefined && model) model.fields.push(m[8]);
    else if (m[9]) bind(m[9], { owner: FILE_OWNER, prefix: '' });
    else if (token === '{') {
      scopes.push(pending ?? { routers: new Map() });
      pending = undefined;
    } else if (token === '}') {
      if (model && scopes.length === model.depth) {
        facts.models.push({
          name: model.name,
          orm: 'fluent',
          file: rel,
          line: model.line,
          fields: model.fields.length ? model.fields : storedProperties(text.slice(model.start, m.index)),
          ...(model.table ? { table: model.table } : {}),
        });
        model = undefined;
      }
      if (scopes.length > 1) scopes.pop();
    }
  }
  if (facts.routes.length || facts.mounts.length) facts.frameworks = ['vapor'];
  if (facts.models.length) facts.frameworks = [...facts.frameworks, 'fluent'];
  return facts;
}
