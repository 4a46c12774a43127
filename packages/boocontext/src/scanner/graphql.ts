import { lineIndex, lowerFirst, upperFirst } from './languages/syntax.js';
import { emptyFacts, type FileFacts, type LocalRoute, UNMOUNTED } from './types.js';

/**
 * GraphQL operations as routes: each field of the root types (`Query`, `Mutation`, `Subscription`)
 * is one, its method the operation type and its path the field's name, as a client asks for it
 * (`QUERY articles`), the way tRPC procedures are written. A schema declares them (SDL files, or
 * `gql` templates in code) and resolvers serve them; where both are found, the route is the
 * resolver, with the schema's line as where it is declared.
 */
export const GRAPHQL_FILE = /\.(graphql|graphqls|gql)$/;

/** Root type name → operation (a Map: a field may be named `constructor`). */
export const OPERATIONS: ReadonlyMap<string, string> = new Map([
  ['Query', 'QUERY'],
  ['Mutation', 'MUTATION'],
  ['Subscription', 'SUBSCRIPTION'],
]);

/** A GraphQL route: no mount prefixes it, its name is its path. */
export const graphqlRoute = (
  operation: string,
  name: string,
  line: number,
  framework: string,
  extra: Partial<LocalRoute> = {},
): LocalRoute => ({ method: operation, path: name, line, framework, owner: UNMOUNTED, ...extra });

/** `create_article` → `createArticle`: the field name GraphQL servers in snake-case languages expose. */
export const camelField = (name: string) =>
  name.replace(/^_+/, '').replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Descriptions, strings and comments as blanks of the same length: lines and offsets stay. */
function blankNoise(text: string): string {
  return text.replace(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*/g, (m) => m.replace(/[^\n]/g, ' '));
}

/**
 * The root fields an SDL text declares, with their lines (`firstLine` is the text's first line in
 * its file). Root types renamed by a `schema { query: RootQuery }` block are followed; a field is a
 * name at the type body's top level followed by `(` or `:` (argument lists and directives'
 * arguments are nested, directive names follow `@`).
 */
export function sdlOperations(text: string, firstLine = 1): { method: string; path: string; line: number }[] {
  const sdl = blankNoise(text);
  const lineOf = lineIndex(sdl);
  const roots = new Map(OPERATIONS);
  const schema = /\b(?:extend\s+)?schema\b[^{]*\{([^}]*)\}/.exec(sdl);
  if (schema?.[1])
    for (const [, kind, type] of schema[1].matchAll(/\b(query|mutation|subscription)\s*:\s*([_A-Za-z]\w*)/g))
      if (kind && type) roots.set(type, kind.toUpperCase());
  const found: { method: string; path: string; line: number }[] = [];
  for (const head of sdl.matchAll(/\b(?:extend\s+)?type\s+([_A-Za-z]\w*)[^{}]*\{/g)) {
    const method = roots.get(head[1] ?? '');
    if (!method) continue;
    let depth = 0;
    let afterAt = false;
    for (let i = (head.index ?? 0) + head[0].length; i < sdl.length; i++) {
      const c = sdl[i] as string;
      if (c === '}' && depth === 0) break;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (c === '@') afterAt = true;
      else if (/[_A-Za-z]/.test(c) && depth === 0) {
        const name = /^[_A-Za-z]\w*/.exec(sdl.slice(i, i + 200))?.[0] ?? c;
        const next = sdl.slice(i + name.length).match(/^\s*(.)/)?.[1];
        if (!afterAt && (next === ':' || next === '('))
          found.push({ method, path: name, line: firstLine - 1 + lineOf(i) });
        afterAt = false;
        i += name.length - 1;
      } else if (!/\s/.test(c)) afterAt = false;
    }
  }
  return found;
}

/** The index past the bracket that closes the one at `open` (the text's end when none does). */
function pastClosing(text: string, open: number): number {
  const pair = text[open] === '(' ? ')' : text[open] === '[' ? ']' : '}';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === pair && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The root fields an executable document asks for (`query Feed($n: Int) { feed(first: $n) { … } }`,
 * a `{ … }` shorthand query, `mutation { login(…) { token } }`), with their lines; aliases give way
 * to the field (`mine: articles` asks for `articles`), fragments and type definitions ask nothing.
 */
export function documentOperations(
  text: string,
  firstLine = 1,
): { method: string; path: string; line: number }[] {
  const doc = blankNoise(text);
  const lineOf = lineIndex(doc);
  const found: { method: string; path: string; line: number }[] = [];
  let i = 0;
  while (i < doc.length) {
    const rest = doc.slice(i, i + 200);
    const head = /^(?:(query|mutation|subscription)\b[^{}]*)?\{/.exec(rest);
    if (!head) {
      // A fragment, a type definition, anything else: past its block, or past its word.
      const block = /^[_A-Za-z][^{}]*\{/.exec(rest);
      i = block
        ? pastClosing(doc, i + block[0].length - 1)
        : i + (/^[_A-Za-z]\w*|^./s.exec(rest)?.[0].length ?? 1);
      continue;
    }
    const method = (head[1] ?? 'query').toUpperCase();
    const open = i + head[0].length - 1;
    const end = pastClosing(doc, open) - 1;
    let j = open + 1;
    while (j < end) {
      const c = doc[j] as string;
      if (c === '.') {
        // `...Fragment` or `... on Type { }`: what it asks is written elsewhere.
        const spread = /^\.\.\.\s*(?:on\s+\w+\s*)?(?:\w+)?/.exec(doc.slice(j, j + 200))?.[0] ?? '.';
        j += spread.length;
      } else if (c === '(' || c === '{' || c === '[') j = pastClosing(doc, j);
      else if (c === '@') j += /^@\w*/.exec(doc.slice(j, j + 100))?.[0].length ?? 1;
      else if (/[_A-Za-z]/.test(c)) {
        const word = /^[_A-Za-z]\w*/.exec(doc.slice(j, j + 200))?.[0] ?? c;
        const alias = /^\s*:\s*([_A-Za-z]\w*)/.exec(doc.slice(j + word.length, j + word.length + 200));
        const at = alias ? j + word.length + alias[0].length - (alias[1] as string).length : j;
        if (!word.startsWith('__'))
          found.push({ method, path: alias?.[1] ?? word, line: firstLine - 1 + lineOf(at) });
        j = alias ? at + (alias[1] as string).length : j + word.length;
      } else j++;
    }
    i = end + 1;
  }
  return found;
}

/** An SDL file (`schema.graphql`): its root fields as routes. */
export function graphqlFileFacts(text: string): FileFacts {
  const facts = emptyFacts('graphql');
  facts.routes = sdlOperations(text).map((op) => graphqlRoute(op.method, op.path, op.line, 'graphql'));
  if (facts.routes.length) facts.frameworks = ['graphql'];
  return facts;
}

/**
 * A JVM GraphQL handler's operation and field from its annotation and arguments: Spring for
 * GraphQL's `@QueryMapping(name=…)`, `@MutationMapping`, `@SubscriptionMapping`,
 * `@SchemaMapping(typeName="Query", field=…)`, and Netflix DGS's `@DgsQuery(field=…)`,
 * `@DgsMutation`, `@DgsSubscription`, `@DgsData(parentType="Query", field=…)`. The method's name
 * is the field's where none is given.
 */
export function jvmGraphqlField(
  annotation: string,
  arg: (names: readonly string[]) => string | undefined,
  method: string,
): { operation: string; field: string } | undefined {
  const direct = /^(?:Dgs)?(Query|Mutation|Subscription)(?:Mapping)?$/.exec(annotation)?.[1];
  const parent =
    annotation === 'SchemaMapping'
      ? arg(['typeName'])
      : annotation === 'DgsData'
        ? arg(['parentType'])
        : undefined;
  // DGS codegen's constants (`QUERY.TYPE_NAME`, `DgsConstants.QUERY_TYPE`, field `QUERY.Feed`): a
  // GraphQL name has no dot, so a dotted value is a constant, read by codegen's naming.
  const constant = parent?.includes('.')
    ? /\b(QUERY|MUTATION|SUBSCRIPTION)(?:_TYPE)?\b/.exec(parent)?.[1]
    : undefined;
  const parentType = constant ? upperFirst(constant.toLowerCase()) : parent;
  const operation = direct ? OPERATIONS.get(direct) : OPERATIONS.get(parentType ?? '');
  if (!operation) return undefined;
  const given = direct && !annotation.startsWith('Dgs') ? arg(['name', 'value']) : arg(['field', 'value']);
  const field = given?.includes('.') ? given.slice(given.lastIndexOf('.') + 1) : given;
  return {
    operation,
    field: field && given !== field ? lowerFirst(field) : (field ?? method),
  };
}
