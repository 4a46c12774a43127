import path from 'node:path';
import { type LanguageId, ModuleResolver } from '@boocode/source-kit';
import type { Db } from '../indexer/store.js';
import { familyOf, JS_FAMILY } from '../parse/node-types.js';
import { remembered } from './memo.js';

/** Symbols that have members: what a receiver's type can be. */
export const TYPE_KINDS = ['class', 'interface', 'struct', 'trait'];

export interface SymbolRow {
  id: number;
  file: string;
  name: string;
  short: string;
  kind: string;
  parent: string | null;
  line: number;
  end_line: number;
  exported: number;
  /** The function this one is declared in, if any. */
  local: string | null;
}

interface ImportRow {
  file: string;
  local: string;
  imported: string;
  source: string;
  reexport: number;
}

/** What a name bound in a file refers to: a symbol, or a whole module (`import * as x`, a Go package). */
export interface Binding {
  symbol?: SymbolRow;
  module?: string;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

const inGroup = (outer: Map<string, Map<string, SymbolRow[]>>, s: SymbolRow) => {
  const map = outer.get(s.file) ?? new Map<string, SymbolRow[]>();
  outer.set(s.file, map);
  push(map, s.name, s);
};

/** Languages whose files see their package's (or module's) declarations without an import. */
const PACKAGE_SCOPED = new Set(['kotlin', 'swift', 'dart']);
/** Files an Elixir alias is looked for in through `use`s, at most: a web module's chain is a few. */
const MAX_USED_FILES = 16;
/** Languages whose methods read their class's members and call its methods without `this.`/`self.`. */
const IMPLICIT_THIS = new Set([...PACKAGE_SCOPED, 'java']);

/**
 * The stored symbols, imports and type hints of the whole project, indexed for name lookups:
 * what a name means in a file (declarations, imports through re-export chains, Go packages),
 * members up an inheritance chain, functions local to another.
 */
export class SymbolIndex {
  /** Every symbol of a file by name, in file order: a file may declare `next` in several places. */
  private readonly named = new Map<string, Map<string, SymbolRow[]>>();
  /** Functions' locals by name, apart: a name bound at file level never means one of them. */
  private readonly locals = new Map<string, Map<string, SymbolRow[]>>();
  private readonly topLevel = new Map<string, Map<string, SymbolRow>>();
  /** Top-level symbols by language family and lower-cased name, for receivers named after their class. */
  private readonly byLowerName = new Map<string, SymbolRow[]>();
  private readonly importsOf = new Map<string, ImportRow[]>();
  private readonly language: Map<string, string>;
  /** Each file's type hints (`scope::name` → type name). */
  readonly types: Map<string, Record<string, string>>;
  private readonly defaultExports: Map<string, string | null>;
  private readonly modules: ModuleResolver;
  /** Per file, then per name: one key string per lookup (`file\0name`) was a tenth of resolving. */
  private readonly boundMemo = new Map<string, Map<string, Binding>>();
  /** Where each import row leads (null: outside the index); a barrel is walked once per name looked up through it. */
  private readonly importTargets = new Map<ImportRow, string | null>();
  /** Members by directory, owner and name (`dir\0Type\0member`): Go methods and Rust impls in sibling files. */
  private readonly membersInDir = new Map<string, SymbolRow>();
  private readonly ids = new Map<number, SymbolRow>();
  /** The short names of the project's getters (`@property`): an attribute read of another name calls nothing. */
  readonly propertyNames = new Set<string>();
  /** Per language family and short name: the one non-local function of that name, or null when there are several. */
  private readonly onlyFunction = new Map<string, SymbolRow | null>();

  constructor(db: Db, root: string) {
    const files = db.prepare('SELECT path, language, types, default_export FROM files').all() as {
      path: string;
      language: string;
      types: string;
      default_export: string | null;
    }[];
    this.language = new Map(files.map((f) => [f.path, f.language]));
    this.types = new Map(files.map((f) => [f.path, JSON.parse(f.types) as Record<string, string>]));
    this.defaultExports = new Map(files.map((f) => [f.path, f.default_export]));
    this.modules = new ModuleResolver(root, this.language.keys());
    const symbols = db
      .prepare('SELECT id, file, name, short, kind, parent, line, end_line, exported, local FROM symbols')
      .all() as SymbolRow[];
    for (const s of symbols) {
      this.ids.set(s.id, s);
      inGroup(this.named, s);
      if (s.local) inGroup(this.locals, s);
      else {
        const map = this.topLevel.get(s.file) ?? new Map<string, SymbolRow>();
        this.topLevel.set(s.file, map);
        if (!map.has(s.name)) map.set(s.name, s);
      }
      if (s.parent) {
        const key = `${path.posix.dirname(s.file)}\u0000${s.parent}\u0000${s.short}`;
        if (!this.membersInDir.has(key)) this.membersInDir.set(key, s);
      }
      if (s.kind === 'function' && !s.local) {
        const key = `${this.familyAt(s.file)}\u0000${s.short}`;
        this.onlyFunction.set(key, this.onlyFunction.has(key) ? null : s);
      }
    }
    for (const s of symbols)
      if (!s.parent) push(this.byLowerName, `${this.familyAt(s.file)}\u0000${s.name.toLowerCase()}`, s);
    for (const hints of this.types.values())
      for (const key of Object.keys(hints))
        if (key.endsWith('::property'))
          this.propertyNames.add(key.slice(0, -'::property'.length).split('.').pop() ?? '');
    const imports = db
      .prepare('SELECT file, local, imported, source, reexport FROM imports')
      .all() as ImportRow[];
    for (const i of imports) push(this.importsOf, i.file, i);
  }

  /**
   * Files of the package-scoped languages by language and package: Kotlin's `package` line (which
   * need not match the folder), Swift's module and Dart's files (all of them in one).
   */
  private packageFiles?: Map<string, string[]>;

  /** A top-level declaration of a Kotlin package (or of the Swift module), in any of its files. */
  private inPackage(language: string, pkg: string, name: string): SymbolRow | undefined {
    if (!this.packageFiles) {
      this.packageFiles = new Map();
      // A file without a `package` line is in the root package, with every other such file.
      for (const [file, hints] of this.types) {
        const of = this.language.get(file) ?? '';
        if (PACKAGE_SCOPED.has(of)) push(this.packageFiles, `${of}\0${hints['::package'] ?? ''}`, file);
      }
    }
    for (const file of this.packageFiles.get(`${language}\0${pkg}`) ?? []) {
      const found = this.topLevel.get(file)?.get(name);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Kotlin names a class by import (`import a.b.UserService`, `… as Users`), by its package (every
   * file of the package sees the others' declarations), or by its default imports (none of the
   * project's); Swift by its module alone.
   */
  private boundByPackage(file: string, name: string): Binding {
    for (const i of this.importsOf.get(file) ?? []) {
      if (i.local !== name) continue;
      const dot = i.source.lastIndexOf('.');
      const symbol = dot > 0 ? this.inPackage('kotlin', i.source.slice(0, dot), i.imported) : undefined;
      return symbol ? { symbol } : {};
    }
    const own = this.types.get(file)?.['::package'] ?? '';
    const symbol = this.inPackage(this.language.get(file) ?? '', own, name);
    return symbol ? { symbol } : {};
  }

  /** Elixir modules by full name (`RealWorld.Blog`): names are global, whatever file holds them. */
  private elixirModules?: Map<string, SymbolRow>;

  /**
   * An Elixir module named in `file`: `Blog` or `Blog.Article` through an `alias` (`alias
   * RealWorld.{Blog, Repo}`), or by its full name.
   */
  private boundInElixir(file: string, name: string): Binding {
    if (!this.elixirModules) {
      this.elixirModules = new Map();
      for (const s of this.ids.values())
        if (s.kind === 'module' && this.language.get(s.file) === 'elixir' && !this.elixirModules.has(s.name))
          this.elixirModules.set(s.name, s);
    }
    const [head = '', ...rest] = name.split('.');
    const alias = this.elixirAlias(file, head, new Set([file]));
    const full = alias ? [alias, ...rest].join('.') : name;
    const symbol = this.elixirModules.get(full);
    return symbol ? { symbol } : {};
  }

  /**
   * The module an Elixir alias names in a file: its own `alias`, or one a module it `use`s writes
   * into it (`use HexpmWeb, :controller` → `use Hexpm.Shared` → `alias Hexpm.Repository.Owners`),
   * any alias of that module's file counting, through `use`s of `use`s.
   */
  private elixirAlias(file: string, local: string, seen: Set<string>): string | undefined {
    const own = this.importsOf.get(file)?.find((i) => i.local === local)?.source;
    if (own || seen.size > MAX_USED_FILES) return own;
    for (const used of this.types.get(file)?.['::uses']?.split(',') ?? []) {
      const usedFile = this.elixirModules?.get(used)?.file;
      if (!usedFile || seen.has(usedFile)) continue;
      seen.add(usedFile);
      const found = this.elixirAlias(usedFile, local, seen);
      if (found) return found;
    }
    return undefined;
  }

  private readonly rustModules = new Map<string, string | null>();

  /**
   * Rust's `database::profiles::find(…)`: a function of the module that path names, the file
   * `…/database/profiles.rs` (or `…/profiles/mod.rs`) when exactly one file of the project is it.
   */
  rustModuleMember(file: string, receiver: string, name: string): SymbolRow | undefined {
    if (this.language.get(file) !== 'rust' || !/^[a-z_][\w:]*$/.test(receiver)) return undefined;
    const suffix = receiver
      .split('::')
      .filter((p) => p && p !== 'crate' && p !== 'self' && p !== 'super')
      .join('/');
    if (!suffix) return undefined;
    const module = remembered(this.rustModules, suffix, () => {
      const files = [...this.language.keys()].filter(
        (f) =>
          f === `${suffix}.rs` ||
          f.endsWith(`/${suffix}.rs`) ||
          f === `${suffix}/mod.rs` ||
          f.endsWith(`/${suffix}/mod.rs`),
      );
      return files.length === 1 ? (files[0] as string) : null;
    });
    return module ? this.topLevel.get(module)?.get(name) : undefined;
  }

  /** A receiver that names a module by a dotted path (`RealWorld.Blog.get!()`), in a language that does. */
  namesModulePath(file: string, receiver: string): boolean {
    return this.language.get(file) === 'elixir' && /^[A-Z]\w*(\.[A-Z]\w*)+$/.test(receiver);
  }

  languageOf(file: string): string | undefined {
    return this.language.get(file);
  }

  /**
   * Kotlin, Swift and Java read a class's fields without `this.`/`self.`: `repo.find()` in a method is
   * `this.repo.find()` (Spring's `@Autowired private BrandService brandService;`).
   */
  implicitThis(file: string): boolean {
    return IMPLICIT_THIS.has(this.language.get(file) ?? '');
  }

  byId(id: number): SymbolRow | undefined {
    return this.ids.get(id);
  }

  /** The language family of a file's code: names it calls are looked up among that family's symbols. */
  familyAt(file: string): string {
    return familyOf(this.language.get(file) ?? '')[0] as string;
  }

  /**
   * The one function (not local to another) named `name` in the code `file` can call (the whole
   * project in its language family), if there is exactly one.
   */
  uniqueFunction(file: string, name: string): SymbolRow | undefined {
    const only = this.onlyFunction.get(`${this.familyAt(file)}\u0000${name}`) ?? undefined;
    // In JavaScript a module's function reaches another file only through an import: a name the
    // calling file imports from nowhere that could be followed may be it, a name it does not import
    // is its own (`const { error } = parse(…); error()`), or a global a plain script declares.
    if (
      only &&
      JS_FAMILY.has(this.language.get(file) as LanguageId) &&
      !this.importsOf.get(file)?.some((i) => i.local === name && !i.reexport) &&
      this.importsOf.has(only.file)
    )
      return undefined;
    return only;
  }

  /**
   * The project's classes, interfaces, structs and traits of `file`'s language family named `name`,
   * any case; with `withObjects`, JS object literals with members (`const Articles = { get() {…} }`) too.
   */
  typesNamed(file: string, name: string, withObjects = false): SymbolRow[] {
    return (this.byLowerName.get(`${this.familyAt(file)}\u0000${name.toLowerCase()}`) ?? []).filter(
      (s) => TYPE_KINDS.includes(s.kind) || (withObjects && s.kind === 'variable'),
    );
  }

  first(file: string, name: string): SymbolRow | undefined {
    return this.named.get(file)?.get(name)?.[0];
  }

  /** The innermost symbol of the file whose lines hold `line`, named `short` when given. */
  innermostAt(file: string, line: number, short?: string): SymbolRow | undefined {
    let best: SymbolRow | undefined;
    for (const list of this.named.get(file)?.values() ?? [])
      for (const s of list)
        if (
          s.line <= line &&
          line <= s.end_line &&
          (short === undefined || s.short === short) &&
          (!best || s.end_line - s.line < best.end_line - best.line)
        )
          best = s;
    return best;
  }

  /**
   * The symbol a declaration named `name` (`fn`, `Class.method`) at `line` of the file is: the one
   * of its short name whose lines hold that line, or — the file edited since, its lines moved —
   * the one of that full name nearest to it.
   */
  declaredNear(file: string, name: string, line: number): SymbolRow | undefined {
    const short = name.slice(name.indexOf('.') + 1);
    const at = this.innermostAt(file, line, short);
    if (at) return at;
    let best: SymbolRow | undefined;
    for (const s of this.named.get(file)?.get(name) ?? [])
      if (!best || Math.abs(s.line - line) < Math.abs(best.line - line)) best = s;
    return best;
  }

  /** Per file, the hints bound to lines (`scope::name@from-to`): a callback's parameters. */
  private readonly scopedHints = new Map<string, Map<string, { from: number; to: number; type: string }[]>>();

  /** The type a callback parameter `name` has at `line` of the file, in `scope` (innermost callback first). */
  scopedType(file: string, scope: string, name: string, line: number): string | undefined {
    let byName = this.scopedHints.get(file);
    if (!byName) {
      byName = new Map();
      for (const [key, type] of Object.entries(this.types.get(file) ?? {})) {
        const m = /^(.*)@(\d+)-(\d+)$/.exec(key);
        if (!m) continue;
        const list = byName.get(m[1] as string) ?? [];
        list.push({ from: Number(m[2]), to: Number(m[3]), type });
        byName.set(m[1] as string, list);
      }
      this.scopedHints.set(file, byName);
    }
    let best: { from: number; to: number; type: string } | undefined;
    for (const hint of byName.get(`${scope}::${name}`) ?? [])
      if (hint.from <= line && line <= hint.to && (!best || hint.to - hint.from < best.to - best.from))
        best = hint;
    return best?.type;
  }

  /** The symbol of that name whose lines hold `line`. */
  symbolAt(file: string, name: string, line: number): SymbolRow | undefined {
    const all = this.named.get(file)?.get(name);
    return all?.find((s) => s.line <= line && line <= s.end_line) ?? all?.[0];
  }

  /** A name exported by a module, following `export … from` chains. */
  exported(file: string, name: string, depth = 0): SymbolRow | undefined {
    if (depth > 6) return undefined;
    const own = this.topLevel.get(file);
    if (name === 'default') {
      const named = this.defaultExports.get(file);
      const declared = named ? own?.get(named) : undefined;
      if (declared) return declared;
      const defaults = [...(own?.values() ?? [])].filter((s) => s.exported && !s.parent);
      if (defaults.length === 1) return defaults[0];
    }
    const direct = own?.get(name);
    if (direct) return direct;
    // A Python module's stub (`queries.pyi` beside `queries.py`) declares what the module has.
    if (file.endsWith('.py') && this.language.has(`${file}i`)) {
      const stubbed = this.exported(`${file}i`, name, depth + 1);
      if (stubbed) return stubbed;
    }
    for (const i of this.importsOf.get(file) ?? []) {
      if (!i.reexport) continue;
      // A module re-exported under a name (`module.exports.auth = require('./auth')`) is no symbol.
      if (i.imported === '*' && i.local !== '*') continue;
      if (i.local !== name && i.imported !== '*') continue;
      const target = this.targetOf(file, i);
      if (!target) continue;
      const found = this.exported(target, i.imported === '*' ? name : i.imported, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  /** The module a file re-exports under `name` (`module.exports.auth = require('./auth')`). */
  private reexportedModule(file: string, name: string): string | undefined {
    const row = (this.importsOf.get(file) ?? []).find(
      (i) => i.reexport && i.imported === '*' && i.local === name,
    );
    return row ? this.targetOf(file, row) : undefined;
  }

  /** A function named `name` declared inside `caller` or one of the functions enclosing it, innermost first. */
  localInScope(file: string, caller: string | null, name: string, line: number): SymbolRow | undefined {
    const candidates = this.locals.get(file)?.get(name);
    if (!candidates || !caller) return undefined;
    let scope = this.symbolAt(file, caller, line);
    for (let depth = 0; scope && depth < 32; depth++) {
      const { name, line, end_line } = scope;
      const found = candidates.find((l) => l.local === name && l.line >= line && l.end_line <= end_line);
      if (found) return found;
      scope = scope.local ? this.symbolAt(file, scope.local, scope.line) : undefined;
    }
    return undefined;
  }

  /** What a name bound in `file` refers to: a declaration of the file or an import. */
  bound(file: string, name: string): Binding {
    let inFile = this.boundMemo.get(file);
    if (!inFile) {
      inFile = new Map();
      this.boundMemo.set(file, inFile);
    }
    return remembered(inFile, name, () => this.boundUncached(file, name));
  }

  private targetOf(file: string, i: ImportRow): string | undefined {
    return (
      remembered(
        this.importTargets,
        i,
        () => this.modules.resolve(file, i.source, this.language.get(file) ?? '') ?? null,
      ) ?? undefined
    );
  }

  private boundUncached(file: string, name: string): Binding {
    const declared = this.topLevel.get(file)?.get(name);
    if (declared) return { symbol: declared };
    const language = this.language.get(file) ?? '';
    if (PACKAGE_SCOPED.has(language)) return this.boundByPackage(file, name);
    if (language === 'elixir') return this.boundInElixir(file, name);
    for (const i of this.importsOf.get(file) ?? []) {
      if (i.local !== name || i.reexport) continue;
      const target = this.targetOf(file, i);
      if (!target) return {};
      if (i.imported === '*') return { module: target };
      const reexported = this.reexportedModule(target, i.imported);
      if (reexported) return { module: reexported };
      const symbol = this.exported(target, i.imported);
      if (symbol) return { symbol };
      // Python's `from app.services import jwt`: a package's submodule, not a name it declares.
      const submodule = this.language.get(file) === 'python' ? this.pythonSubmodule(file, i) : undefined;
      return submodule ? { module: submodule } : {};
    }
    if (language === 'go') {
      const found = this.packageMember(file, name);
      if (found) return { symbol: found };
    }
    // Rust's `use crate::schema::*`: every name the module declares or re-exports.
    if (language === 'rust')
      for (const i of this.importsOf.get(file) ?? []) {
        if (i.local !== '*' || i.reexport) continue;
        const target = this.targetOf(file, i);
        const symbol = target && this.exported(target, name);
        if (symbol) return { symbol };
      }
    // C#'s `using Shop.Orders;` brings in a namespace's every type by its simple name, as Java's
    // imports and its package do, and PHP's `use App\Services\FavoriteService;` (and its namespace)
    // one: the one type of the project so named, when there is one.
    if (language === 'c_sharp' || language === 'java' || language === 'php') {
      const type = this.onlyTypeNamed(file, name);
      if (type) return { symbol: type };
    }
    return {};
  }

  private pythonSubmodule(file: string, i: ImportRow): string | undefined {
    const specifier = i.source.endsWith('.') ? `${i.source}${i.imported}` : `${i.source}.${i.imported}`;
    return this.modules.resolve(file, specifier, 'python');
  }

  /**
   * The type a module-level variable was declared or built with (`queries: Queries`,
   * `service = UserService()`), read in its own file or its Python stub.
   */
  variableType(variable: SymbolRow): SymbolRow | undefined {
    for (const file of [variable.file, `${variable.file}i`]) {
      const typeName = this.types.get(file)?.[`::${variable.name}`];
      const type = typeName ? this.bound(file, typeName.split('.').pop() ?? typeName).symbol : undefined;
      if (type && TYPE_KINDS.includes(type.kind)) return type;
    }
    return undefined;
  }

  /** A top-level symbol of any file in `anyFile`'s directory: a Go package's members. */
  packageMember(anyFile: string, name: string): SymbolRow | undefined {
    const family = this.familyAt(anyFile);
    for (const sibling of this.modules.filesInDir(anyFile)) {
      if (this.familyAt(sibling) !== family) continue;
      const found = this.topLevel.get(sibling)?.get(name);
      if (found) return found;
    }
    return undefined;
  }

  superOf(type: SymbolRow): SymbolRow | undefined {
    const parentName = this.types.get(type.file)?.[`${type.name}::super`];
    if (!parentName) return undefined;
    // A base no import binds (a PHP class of its own namespace, needing no `use`; a Python base a
    // package re-exports): the one type so named.
    const found = this.bound(type.file, parentName).symbol ?? this.onlyTypeNamed(type.file, parentName);
    return found && found.id !== type.id ? found : undefined;
  }

  /**
   * The one class, trait or interface with this name `file` can use, if exactly one, spelled as
   * written (a method `articleResponse` is no type `ArticleResponse`).
   */
  private onlyTypeNamed(file: string, name: string): SymbolRow | undefined {
    const types = this.typesNamed(file, name).filter((s) => s.short === name);
    return types.length === 1 ? types[0] : undefined;
  }

  /** A member one of the type's mixins (PHP traits, Kotlin interfaces' bodies) declares. */
  mixedInMember(type: SymbolRow, member: string, depth = 1): SymbolRow | undefined {
    for (const mixin of this.types.get(type.file)?.[`${type.name}::mixins`]?.split(',') ?? []) {
      // A PHP `use` imports by namespace, which the index does not follow: the one type so named.
      const found = this.bound(type.file, mixin).symbol ?? this.onlyTypeNamed(type.file, mixin);
      const mixed = found && found.id !== type.id ? this.memberOf(found, member, depth) : undefined;
      if (mixed) return mixed;
    }
    return undefined;
  }

  /** A member of a type, looked up the inheritance chain. */
  memberOf(type: SymbolRow, member: string, depth = 0): SymbolRow | undefined {
    const inFile = this.first(type.file, `${type.name}.${member}`);
    if (inFile) return inFile;
    // Go methods and Rust impls may live in another file of the same package.
    const sibling = this.membersInDir.get(
      `${path.posix.dirname(type.file)}\u0000${type.name}\u0000${member}`,
    );
    if (sibling) return sibling;
    if (depth >= 6) return undefined;
    // Mixed-in members (PHP traits) before the parent's: a trait's method overrides an inherited one.
    const mixed = this.mixedInMember(type, member, depth + 1);
    if (mixed) return mixed;
    const parent = this.superOf(type);
    return parent ? this.memberOf(parent, member, depth + 1) : undefined;
  }
}
