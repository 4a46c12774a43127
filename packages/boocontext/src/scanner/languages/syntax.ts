import type { SyntaxNode as Node } from '@boocode/source-kit';
import pluralize from 'pluralize';
import { UNKNOWN_PART } from '../types.js';

/** Small readers of tree-sitter nodes shared by the Python, Go, Java and Ruby readers. */
export const HTTP = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A string literal's value, quotes and Python prefixes (`r`, `b`, `f`…) removed. */
export const unquote = (node: Node | null | undefined): string | undefined => {
  if (!node) return undefined;
  if (!/string/.test(node.type)) return undefined;
  return node.text.replace(/^[rbuf]*("""|'''|"|'|`)/i, '').replace(/("""|'''|"|'|`)$/, '');
};

export const line = (node: Node) => node.startPosition.row + 1;

/** `GetCart` → `getCart`: how code-first GraphQL and gRPC clients spell a name written the other way. */
export const lowerFirst = (name: string) => `${name.charAt(0).toLowerCase()}${name.slice(1)}`;

/** `getCart` → `GetCart`. */
export const upperFirst = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

const typeLists = new WeakMap<ReadonlySet<string>, string[]>();

/**
 * Pre-order walk over the named nodes of `types`; `visit` returning `false` skips a node's
 * descendants. The tree is searched inside wasm and a node object made only for a node of those
 * types: stepping a cursor over every node crossed into wasm three times a node, the most of a
 * small app's scan.
 */
export function walk(node: Node, visit: (n: Node) => boolean | undefined, types: ReadonlySet<string>): void {
  let list = typeLists.get(types);
  if (!list) {
    list = [...types];
    typeLists.set(types, list);
  }
  // Pre-order: a node after a skipped one that starts inside it is one of its descendants.
  let skippedUntil = -1;
  for (const found of node.descendantsOfType(list)) {
    // An anonymous token may share a type's name (a keyword spelled like a node type).
    if (!found?.isNamed || found.startIndex < skippedUntil) continue;
    if (visit(found) === false) skippedUntil = found.endIndex;
  }
}

/** The CRUD routes of a resource, by the action's role; Rails, Phoenix and Laravel agree on these. */
export type ResourceRole = 'index' | 'new' | 'create' | 'show' | 'edit' | 'update' | 'destroy';

/**
 * Each role's method and path below the collection: `:id` stands for the member, `new` for the
 * form's path (Laravel calls it `create`). A singular resource (`resource :profile`) has no index
 * and no member id.
 */
export function resourceRoutes(singular: boolean): { role: ResourceRole; method: string; sub: string }[] {
  const all: [ResourceRole, string, string][] = [
    ['index', 'GET', ''],
    ['new', 'GET', 'new'],
    ['create', 'POST', ''],
    ['show', 'GET', ':id'],
    ['edit', 'GET', ':id/edit'],
    ['update', 'PATCH', ':id'],
    ['update', 'PUT', ':id'],
    ['destroy', 'DELETE', ':id'],
  ];
  return all
    .filter(([role]) => !singular || role !== 'index')
    .map(([role, method, sub]) => ({ role, method, sub: singular ? sub.replace(/^:id\/?/, '') : sub }));
}

/** Laravel's and AdonisJS's action names for the resource roles: the form is `create`, storing it `store`. */
export const STORE_ACTIONS: Record<string, string> = { new: 'create', create: 'store' };

/** Spring's mapping annotations and the method each names (`RequestMapping` says it in `method=`). */
export const SPRING_MAPPINGS: Record<string, string | undefined> = {
  GetMapping: 'GET',
  PostMapping: 'POST',
  PutMapping: 'PUT',
  PatchMapping: 'PATCH',
  DeleteMapping: 'DELETE',
  RequestMapping: undefined,
};

/**
 * A JVM class's persistence mapping, by its annotations: JPA's `@Entity`, Spring Data's `@Table`
 * (R2DBC, JDBC, Cassandra) and `@Document` (MongoDB), Micronaut Data's `@MappedEntity`; its table or
 * collection from the first annotation that names one. `argumentOf` reads an annotation's argument
 * (the first of `keys` given) the way the reader's language writes it.
 */
export function jvmEntity(
  annotations: readonly string[],
  imports: readonly string[],
  argumentOf: (annotation: string, keys: readonly string[]) => string | undefined,
): { orm: string; table?: string } | undefined {
  const mapped = (orm: string, ...naming: [string, string[]][]) => {
    for (const [annotation, keys] of naming) {
      const table = annotations.includes(annotation) ? argumentOf(annotation, keys) : undefined;
      if (table) return { orm, table };
    }
    return { orm };
  };
  if (annotations.includes('Entity')) return mapped('jpa', ['Table', ['name']], ['Entity', ['name']]);
  if (annotations.includes('MappedEntity')) return mapped('micronaut-data', ['MappedEntity', ['value']]);
  // `@Table` and `@Document` are other libraries' names too: Spring Data's are imported from it.
  if (!imports.some((spec) => spec.startsWith('org.springframework.data.'))) return undefined;
  if (annotations.includes('Document')) return mapped('mongodb', ['Document', ['collection', 'value']]);
  if (annotations.includes('Table')) return mapped('spring-data', ['Table', ['value', 'name']]);
  return undefined;
}

/** JAX-RS's method designators (`@GET`). */
export const JAXRS_VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
/** HTTP verbs as annotations and decorators name them: Micronaut's `@Get("/x")`, NestJS's `@Get()`. */
export const CAPITALISED_VERBS: Record<string, string> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
  Head: 'HEAD',
  Options: 'OPTIONS',
};

/** Line numbers by offset, from the offsets of the text's line starts (a binary search each). */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/**
 * An English plural's singular as routing DSLs derive it with their inflectors (`articles` →
 * `article`, `categories` → `category`, `addresses` → `address`, `shelves` → `shelf`, `people` →
 * `person`, `movies` → `movie`).
 */
export const singular = (word: string): string => pluralize.singular(word);

/**
 * The argument text of a call whose `(` is at `open`, strings skipped (a `)` inside one closes
 * nothing), and the offset just past its `)`.
 */
export function parenthesised(text: string, open: number): { args: string; end: number } {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    const c = text[j];
    // A raw or text block (Kotlin's, Java's, C#'s, Swift's `"""…"""`): quotes inside it end nothing.
    if (c === '"' && text.startsWith('"""', j)) {
      const close = text.indexOf('"""', j + 3);
      if (close < 0) break;
      j = close + 2;
    } else if (c === '"') {
      j++;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { args: text.slice(open + 1, j), end: j + 1 };
  }
  return { args: text.slice(open + 1), end: text.length };
}

/**
 * A route written as a regex (Django's `url()`/`re_path()`, Tornado's handlers) as the path it
 * matches: anchors and optional trailing slashes dropped, named groups as `<name>`, other groups
 * as `{unknown}`.
 */
export function regexRoutePath(pattern: string): string {
  return pattern
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\/\?$/, '/')
    .replace(/\(\?P<(\w+)>[^)]*\)/g, '<$1>')
    .replace(/\((?!\?P<)[^)]*\)\??/g, UNKNOWN_PART)
    .replace(/\\([./-])/g, '$1')
    .replace(/\?$/, '');
}
