import type { LanguageId } from '@boocode/source-kit';
import type { Node } from 'web-tree-sitter';
import type { FileFacts, FunctionMetrics } from './facts.js';

/** Where the walk is: what a node inside it belongs to. */
export interface Scope {
  qualified: string | null;
  /** The class (or impl) whose members are being declared: set in a class body, not in a method body. */
  container: string | null;
  /** The class `this`/`self` means here: set inside a method body and the closures within it. */
  thisClass?: string | null;
  /** Metrics this node counts into, at this nesting level (inside a function body only). */
  counting?: { metrics: FunctionMetrics; nesting: number };
  /** A declared function whose body has not been reached yet. */
  pendingBody?: FunctionMetrics;
  /**
   * JS/TS: inside a module-level object literal (`const api = { get: (id) => … }`), whose
   * function-valued properties are its members (`api.get`), as a class's methods are.
   */
  objectLiteral?: boolean;
}

/** A name read in a symbol's body: the first read of each name per symbol becomes a reference edge. */
export interface Read {
  caller: string | null;
  name: string;
  line: number;
}

/** One file's extraction in progress, shared by the symbol, call, import and type readers. */
export interface Extraction {
  readonly facts: FileFacts;
  readonly language: LanguageId;
  /** JS/TS only: module-level values become symbols and reads of bound names become references. */
  readonly tracksValues: boolean;
  /** First read of each name per enclosing symbol (`caller\0name` → read). */
  readonly reads: Map<string, Read>;
  /** Names exported by `export { a, b as c }` / `export default a` rather than at their declaration. */
  readonly exportedLater: Set<string>;
}

/** Records `variable` (in `scope`) as having `type`, when the annotation names a plain type. */
export function pushType(
  x: Extraction,
  scope: Pick<Scope, 'qualified'>,
  variable: string,
  type: string,
): void {
  const clean = type
    .replace(/^:\s*/, '')
    .replace(/<.*$/, '')
    .replace(/\[\]$/, '')
    // Kotlin's nullable `Repo?`, C#'s `int?`.
    .replace(/\?$/, '')
    .replace(/^(\[\]|\*|&)+/, '')
    // PHP's namespaced `\App\Services\Mailer` is known by its own name.
    .replace(/^.*\\/, '')
    .trim();
  if (!/^[A-Za-z_][\w.]*$/.test(clean)) return;
  x.facts.types[`${scope.qualified ?? ''}::${variable}`] = clean;
  // A generic's first type argument, under `variable<>`: what a generic repository holds
  // (`IRepository<CatalogItem> items`, TypeORM's `Repository<User>`).
  const argument = /^[^<]*<\s*(?:[\w]+\.)*([A-Za-z_]\w*)\s*[,>]/.exec(type)?.[1];
  if (argument) x.facts.types[`${scope.qualified ?? ''}::${variable}<>`] = argument;
}

/**
 * A call's text longer than this is neither kept as a variable's type nor read as a receiver: a chain
 * with callbacks inside, not a builder's.
 */
export const MAX_CALL_TYPE = 400;

/**
 * Records `variable` as holding what a call chain returns (`q := s.NewQuery(id).WithSort(c)`): the
 * call's text, typed when calls are resolved, by what each call in it returns.
 */
export function pushCallType(
  x: Extraction,
  scope: Pick<Scope, 'qualified'>,
  variable: string,
  call: string,
): void {
  if (call.length <= MAX_CALL_TYPE && call.endsWith(')'))
    x.facts.types[`${scope.qualified ?? ''}::${variable}`] = call;
}

/**
 * Adds names to a type's list fact, once each: what it implements (`Type::implements`: `implements`,
 * a C# base list, a Rust `impl Trait for Type`) or mixes in (`Type::mixins`: PHP's `use Trait;`).
 */
export function addToTypeList(x: Extraction, key: string, names: string[]): void {
  const known = x.facts.types[key]?.split(',') ?? [];
  const all = [...new Set([...known, ...names.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n))])];
  if (all.length) x.facts.types[key] = all.join(',');
}

/**
 * The class a written type names, as a receiver's type is looked up: `Repo`, `Repo?`, `Repo!`,
 * `a.b.Repo<T>`, an array's element (`[Article]`) → `Repo`, `Article`.
 */
export const typeNameOf = (node: Node): string =>
  node.text
    .replace(/<.*$/s, '')
    .replace(/[?!]+$/, '')
    .replace(/^\[(.*)\]$/s, '$1')
    .split('.')
    .pop()
    ?.trim() ?? '';
