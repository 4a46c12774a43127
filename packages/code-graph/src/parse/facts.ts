import type { LanguageId } from '@boocode/source-kit';

export type SymbolKind =
  | 'function'
  | 'method'
  | 'class'
  | 'interface'
  | 'type'
  | 'enum'
  | 'struct'
  | 'trait'
  | 'module'
  /** A module-level exported value that is not a function: a client, a config, a router, a schema. */
  | 'variable';

export interface FunctionMetrics {
  cyclomatic: number;
  cognitive: number;
  length: number;
  nesting: number;
  params: number;
}

export interface SymbolFact {
  /** Qualified within the file: `fn`, `Class.method`. */
  name: string;
  kind: SymbolKind;
  line: number;
  endLine: number;
  signature: string;
  doc?: string;
  parent?: string;
  exported: boolean;
  /** Declared inside another function (this one, qualified): callable by name only from within it. */
  local?: string;
  metrics?: FunctionMetrics;
  /** Normalised body, for duplicate detection (functions only). */
  bodyHash?: string;
}

/**
 * `reference`: a name read without being called (`prisma.user`, `router.get('/', handler)`);
 * `property`: a Python attribute read (`self.name`, `ctx.request`), a call when it names a
 * `@property`.
 */
export type CallKind = 'call' | 'method' | 'new' | 'reference' | 'property';

export interface CallFact {
  /** Qualified name of the enclosing function or method; null at module level. */
  caller: string | null;
  callee: string;
  /** Receiver expression text for `a.b()` (`this`, `self`, `obj`, `pkg`). */
  receiver?: string;
  kind: CallKind;
  line: number;
}

export interface ImportFact {
  /** Name bound in this file (`*` namespace imports bind `local` too). */
  local: string;
  /** Exported name in the source module: a name, `default` or `*`. */
  imported: string;
  source: string;
  /** `export { x } from './y'` / `export * from './y'`. */
  reexport: boolean;
}

export interface FileFacts {
  language: LanguageId;
  symbols: SymbolFact[];
  calls: CallFact[];
  imports: ImportFact[];
  /** Variable or parameter name → type name, per enclosing function (`fn::x`) or module (`::x`). */
  types: Record<string, string>;
  /** Lines where the parser found syntax errors; the rest of the file is still indexed. */
  errorLines: number[];
  /** The symbol `export default` names (`export default prisma`, `export default function Page`). */
  defaultExport?: string;
}
