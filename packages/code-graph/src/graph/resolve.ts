import { setImmediate } from 'node:timers/promises';
import { type Db, EDGE_INDEXES } from '../indexer/store.js';
import { MAX_CALL_TYPE } from '../parse/extraction.js';
import { CheckerAnswers } from './checker-answers.js';
import { remembered } from './memo.js';
import { SymbolIndex, type SymbolRow, TYPE_KINDS } from './symbol-index.js';

export type EdgeKind =
  | 'direct'
  | 'method'
  | 'constructor'
  | 'dynamic'
  | 'reference'
  | 'unresolved'
  /** The checker says the call reaches no declaration of the project (a library's, the runtime's). */
  | 'external'
  /** A Python `@property` read: its getter runs. */
  | 'property';

interface CallRow {
  file: string;
  caller: string | null;
  callee: string;
  receiver: string | null;
  kind: 'call' | 'method' | 'new' | 'reference' | 'property';
  line: number;
}

interface Target {
  id: number | null;
  kind: EdgeKind;
  confidence: number;
}

const UNRESOLVED: Target = { id: null, kind: 'unresolved', confidence: 0 };
const CONSTRUCTOR_NAMES = ['constructor', '__init__', 'initialize', 'new'];

/**
 * Resolves one call fact to the symbol it reaches. The order mirrors how a reader would follow a
 * call: the receiver's type, then this file's declarations, then imports (through re-exports),
 * then the package (Go, same directory), and only then a unique name anywhere, which is marked
 * `dynamic` with low confidence.
 */
class CallResolver {
  /** `byReceiverName` per receiver type name and member: the same pair recurs across a project. */
  private readonly byReceiverMemo = new Map<string, Target>();
  /** How many call results are being typed one inside another (`typeOfResult`). */
  private resultDepth = 0;

  constructor(private readonly index: SymbolIndex) {}

  resolve(call: CallRow, callerSymbol: SymbolRow | undefined): Target {
    // Most attribute reads name no getter: those are not resolved at all.
    if (call.kind === 'property' && !this.index.propertyNames.has(call.callee)) return UNRESOLVED;
    if (call.kind === 'new') {
      const type = this.index.bound(call.file, call.callee).symbol;
      return type ? this.constructorOf(type) : UNRESOLVED;
    }
    if (call.kind === 'reference') {
      const symbol = this.localInScope(call) ?? this.index.bound(call.file, call.callee).symbol;
      return symbol ? { id: symbol.id, kind: 'reference', confidence: 0.9 } : UNRESOLVED;
    }
    if (call.kind === 'call' && call.callee === 'super') {
      // Python's `super()` hands back the parent's methods; it constructs nothing.
      if (this.index.languageOf(call.file) === 'python') return UNRESOLVED;
      const own = this.classOf(call, callerSymbol);
      const parent = own && this.index.superOf(own);
      return parent ? this.constructorOf(parent) : UNRESOLVED;
    }
    if (call.kind === 'call') return this.plainCall(call, callerSymbol);
    // PHP spells variables with `$` and members with `->`: `$this->service->m()` is on the
    // property `this.service`, typed as any other language's.
    // Python's `super().m()` and `super(Own, self).m()` are the parent's `m`.
    const written = (call.receiver ?? '')
      .replace(/^\$(?=this\b|[a-z_]\w*(?:$|\??->))/, '')
      .replace(/^(this|[a-z_]\w*)\??->(?=[A-Za-z_]\w*$)/, '$1.')
      .replace(/^super\([^()]*\)$/, 'super');
    // PHP's `parent::m()` is the parent's `m`; `self::m()` and `static::m()` the class's own, as
    // are Rust's `Self::m()` and Swift's `Self.m()`.
    const language = this.index.languageOf(call.file);
    const php = (written === 'parent' || written === 'static') && language === 'php';
    const own = written === 'Self' && (language === 'rust' || language === 'swift');
    const receiver = php ? (written === 'parent' ? 'super' : 'self') : own ? 'self' : written;
    const member =
      receiver === 'this' || receiver === 'self' || receiver === 'super'
        ? this.ownMember(call, receiver, callerSymbol)
        : this.memberCall(call, receiver);
    if (call.kind !== 'property') return member;
    // A read is a call only of a getter.
    const symbol = member.id === null ? undefined : this.index.byId(member.id);
    return symbol && this.index.types.get(symbol.file)?.[`${symbol.name}::property`]
      ? { ...member, kind: 'property' }
      : UNRESOLVED;
  }

  private localInScope(call: CallRow): SymbolRow | undefined {
    return this.index.localInScope(call.file, call.caller, call.callee, call.line);
  }

  /** `f()`: a local function, a bound name (a class is constructed), a sibling method, or a guess. */
  private plainCall(call: CallRow, callerSymbol: SymbolRow | undefined): Target {
    const inScope = this.localInScope(call);
    if (inScope) return { id: inScope.id, kind: 'direct', confidence: 0.95 };
    const target = this.index.bound(call.file, call.callee).symbol;
    if (target) {
      // Python and Ruby construct with a plain call: `User(x)`.
      if (['class', 'struct'].includes(target.kind)) return this.constructorOf(target);
      return { id: target.id, kind: 'direct', confidence: 0.95 };
    }
    if (callerSymbol?.parent) {
      const sibling = this.index.first(call.file, `${callerSymbol.parent}.${call.callee}`);
      if (sibling) return { id: sibling.id, kind: 'method', confidence: 0.8 };
      // Kotlin and Swift call an inherited member (or an interface's method with a body) without `this.`.
      const owner = this.index.implicitThis(call.file)
        ? this.index.first(call.file, callerSymbol.parent)
        : undefined;
      const inherited = owner && this.index.memberOf(owner, call.callee);
      if (inherited) return { id: inherited.id, kind: 'method', confidence: 0.8 };
    }
    return this.byNameOnly(call);
  }

  /** `this.m()`, `self.m()`, `super.m()`: a member of the caller's class or its parent. */
  private ownMember(call: CallRow, receiver: string, callerSymbol: SymbolRow | undefined): Target {
    const own = this.classOf(call, callerSymbol);
    const start = own && (receiver === 'super' ? this.index.superOf(own) : own);
    const method = start
      ? this.index.memberOf(start, call.callee)
      : // Kotlin's `super.findBySlug()` with no superclass: an interface's method with a body.
        own && receiver === 'super'
        ? this.index.mixedInMember(own, call.callee)
        : undefined;
    if (!method) return UNRESOLVED;
    return { id: method.id, kind: 'method', confidence: method.parent === own?.name ? 0.95 : 0.9 };
  }

  /** `x.m()`: through x's known type, a module x names, a class x names, or x's own name. */
  private memberCall(call: CallRow, receiver: string): Target {
    const typed = this.typeOfReceiver(call, receiver);
    const method = typed && this.index.memberOf(typed, call.callee);
    if (method) return { id: method.id, kind: 'method', confidence: 0.85 };
    if (/^[A-Za-z_$][\w$]*$/.test(receiver) || this.index.namesModulePath(call.file, receiver)) {
      const target = this.index.bound(call.file, receiver);
      if (target.module) {
        const symbol =
          this.index.exported(target.module, call.callee) ??
          this.index.packageMember(target.module, call.callee);
        if (symbol) return { id: symbol.id, kind: 'direct', confidence: 0.9 };
      }
      // A class, a module, or an object literal's members (`requests.get` in `const requests = {…}`).
      if (target.symbol && [...TYPE_KINDS, 'module', 'variable'].includes(target.symbol.kind)) {
        const member = this.index.memberOf(target.symbol, call.callee);
        if (member) return { id: member.id, kind: 'method', confidence: 0.85 };
      }
      // An imported singleton (`from app.db.queries import queries`, `import { userService }`).
      const variableType =
        target.symbol?.kind === 'variable' ? this.index.variableType(target.symbol) : undefined;
      const member = variableType && this.index.memberOf(variableType, call.callee);
      if (member) return { id: member.id, kind: 'method', confidence: 0.85 };
    }
    const inModule = this.index.rustModuleMember(call.file, receiver, call.callee);
    if (inModule) return { id: inModule.id, kind: 'direct', confidence: 0.85 };
    return this.byReceiverName(call.file, receiver, call.callee);
  }

  /** The class `this` means in the caller: its own class, or a closure's enclosing method's. */
  private thisClassName(call: CallRow, callerSymbol?: SymbolRow): string | undefined {
    return (
      callerSymbol?.parent ??
      (call.caller ? this.index.types.get(call.file)?.[`${call.caller}::this`] : undefined) ??
      (call.caller?.includes('.') ? call.caller.split('.')[0] : undefined)
    );
  }

  private classOf(call: CallRow, callerSymbol: SymbolRow | undefined): SymbolRow | undefined {
    const owner = this.thisClassName(call, callerSymbol);
    return owner ? this.index.first(call.file, owner) : undefined;
  }

  private constructorOf(type: SymbolRow): Target {
    for (const name of CONSTRUCTOR_NAMES) {
      const ctor = this.index.memberOf(type, name);
      if (ctor) return { id: ctor.id, kind: 'constructor', confidence: 0.9 };
    }
    return { id: type.id, kind: 'constructor', confidence: 0.9 };
  }

  /**
   * Last resort for a plain call: one function of that name anywhere (a global, or an import we
   * could not follow). Method calls on an untyped receiver are never guessed this way: `console.log`
   * must not become a call to the project's own `log` method, nor a parameter `selectId(x)` a call
   * to some function's inner `selectId`.
   */
  private byNameOnly(call: CallRow): Target {
    const only = this.index.uniqueFunction(call.file, call.callee);
    return only ? { id: only.id, kind: 'dynamic', confidence: 0.4 } : UNRESOLVED;
  }

  private typeOfReceiver(call: CallRow, receiver: string): SymbolRow | undefined {
    const hints = this.index.types.get(call.file) ?? {};
    const callerClass = this.thisClassName(call);
    const key = receiver.replace(/^self\./, 'this.');
    let typeName =
      this.index.scopedType(call.file, call.caller ?? '', receiver, call.line) ??
      hints[`${call.caller ?? ''}::${receiver}`] ??
      (callerClass ? hints[`${callerClass}::${key}`] : undefined) ??
      hints[`::${receiver}`] ??
      (callerClass && this.index.implicitThis(call.file) && /^\w+$/.test(receiver)
        ? hints[`${callerClass}::this.${receiver}`]
        : undefined);
    let typedIn = call.file;
    // A field declared with its type in the class's own file (a Go struct's fields, in another file of its package).
    if (!typeName && callerClass && key.startsWith('this.')) {
      const owner =
        this.index.first(call.file, callerClass) ?? this.index.packageMember(call.file, callerClass);
      if (owner && owner.file !== call.file) {
        typeName = this.index.types.get(owner.file)?.[`${callerClass}::${key}`];
        typedIn = owner.file;
      }
    }
    if (typeName) {
      // A variable holding a call chain's result (see pushCallType).
      const chain = typedIn === call.file ? calledOn(typeName) : undefined;
      if (chain) return this.typeOfResult(call, chain);
      return this.ownMethodReturn(call, typeName) ?? this.typeNamed(typedIn, typeName);
    }
    const called = calledOn(receiver);
    if (called) return this.typeOfResult(call, called);
    // `h.store.Get()`: the field's declared type, on a receiver whose own type is known.
    const chain = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(receiver);
    if (!chain || ['this', 'self', 'super'].includes(chain[1] as string)) return undefined;
    const head = this.typeOfReceiver(call, chain[1] as string);
    const fieldType = head && this.index.types.get(head.file)?.[`${head.name}::this.${chain[2]}`];
    return fieldType ? this.typeNamed(head.file, fieldType) : undefined;
  }

  /**
   * What a call returns, by the declared type of what it calls: a method of the receiver's known
   * type (`s.NewQuery(id).WithSort(…)`), a function in scope or of a package (`NewQuery(id)`,
   * `store.NewQuery(id)`); a class called is constructed (`User(x).save()`).
   */
  private typeOfResult(call: CallRow, called: { receiver?: string; name: string }): SymbolRow | undefined {
    // A local typed by a chain on the name it shadows (`q := q.Where(a).Where(b)`) would loop.
    if (this.resultDepth >= MAX_RESULT_DEPTH) return undefined;
    this.resultDepth++;
    try {
      return this.typeOfResultNow(call, called);
    } finally {
      this.resultDepth--;
    }
  }

  private typeOfResultNow(call: CallRow, called: { receiver?: string; name: string }): SymbolRow | undefined {
    let callee: SymbolRow | undefined;
    if (called.receiver === undefined) callee = this.index.bound(call.file, called.name).symbol;
    else {
      const head = this.typeOfReceiver(call, called.receiver);
      callee = head
        ? this.index.memberOf(head, called.name)
        : /^[A-Za-z_$][\w$]*$/.test(called.receiver)
          ? this.qualifiedType(call.file, `${called.receiver}.${called.name}`)
          : undefined;
    }
    // A value is not called (a module's client is the receiver, not the call).
    return callee && callee.kind !== 'variable' ? this.resultOf(callee) : undefined;
  }

  /**
   * The type a name written in `file` means (`Store`, `article.Store`), if it is one of the
   * project's; a function's name (`x := chi.NewRouter()`, `x = make_app()`) means what it returns.
   */
  private typeNamed(file: string, typeName: string, depth = 0): SymbolRow | undefined {
    const found =
      this.index.bound(file, typeName.split('.').pop() ?? typeName).symbol ??
      this.qualifiedType(file, typeName);
    return found && this.resultOf(found, depth);
  }

  /** A type itself; a function or method, the type it is declared to return. */
  private resultOf(found: SymbolRow, depth = 0): SymbolRow | undefined {
    if (found.kind !== 'function' && found.kind !== 'method') return found;
    const returned = this.index.types.get(found.file)?.[`${found.name}::return`];
    return returned && depth < 3 ? this.typeNamed(found.file, returned, depth + 1) : undefined;
  }

  /** `x = self.make_state()`: what the caller's class's method returns, by its declared type. */
  private ownMethodReturn(call: CallRow, typeName: string): SymbolRow | undefined {
    const own = /^(?:self|this)\.([A-Za-z_$][\w$]*)$/.exec(typeName);
    const owner = own && this.classOf(call, undefined);
    const method = owner && this.index.memberOf(owner, own[1] as string);
    const returned = method && this.index.types.get(method.file)?.[`${method.name}::return`];
    return returned ? this.typeNamed(method.file, returned) : undefined;
  }

  /** `article.Store`, `models.User`: a type named through the module or package it is imported as. */
  private qualifiedType(file: string, typeName: string): SymbolRow | undefined {
    const dot = typeName.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const bound = this.index.bound(file, typeName.slice(0, dot));
    const name = typeName.slice(dot + 1);
    if (bound.module)
      return this.index.exported(bound.module, name) ?? this.index.packageMember(bound.module, name);
    // `Cart.GetCart`: a class's static method, typed by what it returns.
    return bound.symbol && TYPE_KINDS.includes(bound.symbol.kind)
      ? this.index.memberOf(bound.symbol, name)
      : undefined;
  }

  /**
   * Untyped receivers named after a class (`subscriber.next()` with a class `Subscriber`): a common
   * convention, so the member of that class is a likely target, marked `dynamic`.
   */
  private byReceiverName(file: string, receiver: string, member: string): Target {
    const last = receiver.split('.').pop() ?? '';
    if (!/^[a-z_]\w*$/i.test(last)) return UNRESOLVED;
    const typeName = last.replace(/^_+/, '').toLowerCase();
    // `article_usecase` names an `ArticleUsecase` as `articleUsecase` does: snake_case fields and
    // variables (Rust, Python, Ruby) are named after CamelCase types.
    return remembered(
      this.byReceiverMemo,
      `${this.index.familyAt(file)}\u0000${typeName}\u0000${member}`,
      () => {
        const found = this.memberOfTypesNamed(file, typeName, member);
        if (found.id !== null) return found;
        if (typeName.includes('_')) return this.memberOfTypesNamed(file, typeName.replace(/_/g, ''), member);
        // `authenticatedUser`, `currentUser`: a type named by the receiver's last word, less surely.
        const lastWord = /[A-Z][a-z0-9]+$/.exec(last)?.[0];
        if (!lastWord || lastWord.length === last.length) return found;
        const byWord = this.memberOfTypesNamed(file, lastWord.toLowerCase(), member);
        return byWord.id === null ? found : { ...byWord, confidence: 0.5 };
      },
    );
  }

  private memberOfTypesNamed(file: string, typeName: string, member: string): Target {
    const types = this.index.typesNamed(file, typeName, true);
    const members = types
      .map((t) => this.index.memberOf(t, member))
      .filter((m): m is SymbolRow => m !== undefined);
    const unique = [...new Map(members.map((m) => [m.id, m])).values()];
    return unique.length === 1 && unique[0]
      ? { id: unique[0].id, kind: 'dynamic', confidence: 0.6 }
      : UNRESOLVED;
  }
}

/** Calls in a chain typed one inside another, at most: a builder's chain is a few. */
const MAX_RESULT_DEPTH = 16;

/**
 * A receiver that is itself a call (`s.NewQuery(id)`, `q.Where(x)` on the next line, `NewQuery()`):
 * the name called and what it is called on.
 */
function calledOn(receiver: string): { receiver?: string; name: string } | undefined {
  if (!receiver.endsWith(')') || receiver.length > MAX_CALL_TYPE) return undefined;
  let depth = 0;
  let open = -1;
  for (let i = receiver.length - 1; i >= 0; i--) {
    const c = receiver[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) {
      open = i;
      break;
    }
  }
  const named = open > 0 ? /(?:^|(.*?)\s*\.\s*)([A-Za-z_$][\w$]*)$/s.exec(receiver.slice(0, open)) : null;
  if (!named) return undefined;
  const name = named[2] as string;
  return named[1] === undefined ? { name } : named[1] ? { receiver: named[1], name } : undefined;
}

/** Calls read per query: all of them at once was millions of objects on a 50,000-file tree. */
const CALL_PAGE = 10_000;

/** `rowid, file, caller, callee, receiver, kind, line`. */
type CallTuple = [number, string, string | null, string, string | null, CallRow['kind'], number];

export interface RebuildOptions {
  signal?: AbortSignal;
  /** Calls resolved so far, after each page of them. */
  onProgress?: (done: number, total: number) => void;
  /** Only these files' edges (after the precise pass answered for them); all by default. */
  files?: string[];
}

const KIND_OF_CALL: Record<CallRow['kind'], EdgeKind> = {
  call: 'direct',
  method: 'method',
  new: 'constructor',
  reference: 'reference',
  property: 'property',
};

/**
 * Recomputes call edges from the stored facts (every file's, or `files`'); returns how many edges
 * were written. A call the TypeScript checker answered for takes the checker's edges; any other,
 * the syntax's. One transaction, as a reader must never see half the edges; between pages of calls
 * it yields to the event loop, so a tree of a million calls reports progress and can be cancelled
 * (which rolls the edges back: the stale mark stays and the next refresh rebuilds them).
 */
export async function rebuildEdges(db: Db, root: string, options: RebuildOptions = {}): Promise<number> {
  const index = new SymbolIndex(db, root);
  const resolver = new CallResolver(index);
  const checker = CheckerAnswers.load(db, index, options.files);
  const only = options.files ? JSON.stringify(options.files) : undefined;
  const inFiles = only ? 'AND file IN (SELECT value FROM json_each(@only))' : '';
  // Rows as arrays: better-sqlite3 builds an object per row ~40% slower than the array.
  const page = db
    .prepare(
      `SELECT rowid, file, caller, callee, receiver, kind, line FROM calls WHERE rowid > @after ${inFiles} ORDER BY rowid LIMIT @limit`,
    )
    .raw();
  const insert = db.prepare(
    'INSERT INTO edges (caller_id, callee_id, callee_name, file, line, kind, confidence, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM calls WHERE 1 ${inFiles}`).get(only ? { only } : {}) as {
      n: number;
    }
  ).n;
  let count = 0;
  db.exec('BEGIN');
  try {
    if (only) db.prepare('DELETE FROM edges WHERE file IN (SELECT value FROM json_each(?))').run(only);
    else db.exec(`DELETE FROM edges; ${EDGE_INDEXES.drop}`);
    for (let after = 0, done = 0; ; ) {
      const calls = page.all({ after, limit: CALL_PAGE, ...(only ? { only } : {}) }) as CallTuple[];
      for (const [, file, caller, callee, receiver, kind, line] of calls) {
        const callerSymbol = caller ? index.symbolAt(file, caller, line) : undefined;
        const answered =
          kind === 'reference' || kind === 'property' ? undefined : checker.take(file, line, callee);
        if (answered) {
          // A line may call one name twice (`a.get(x).get(y)`): the first call carries every target.
          for (const id of answered.targets) {
            const found = id !== null;
            insert.run(
              callerSymbol?.id ?? null,
              id,
              callee,
              file,
              line,
              found ? KIND_OF_CALL[kind] : 'external',
              found ? 1 : 0,
              'checker',
            );
            count++;
          }
          continue;
        }
        const target = resolver.resolve({ file, caller, callee, receiver, kind, line }, callerSymbol);
        // A read that names nothing of the project (a package, a namespace) is no edge at all.
        if ((kind === 'reference' || kind === 'property') && target.id === null) continue;
        insert.run(
          callerSymbol?.id ?? null,
          target.id,
          callee,
          file,
          line,
          target.kind,
          target.confidence,
          'syntax',
        );
        count++;
      }
      done += calls.length;
      options.onProgress?.(done, total);
      if (calls.length < CALL_PAGE) break;
      after = (calls.at(-1) as CallTuple)[0];
      await setImmediate();
      if (options.signal?.aborted) throw new Error('indexing cancelled');
    }
    // Calls the checker saw that the syntax did not record (a call inside a template's tag, say).
    for (const extra of checker.untaken()) {
      const caller = index.innermostAt(extra.file, extra.line);
      for (const id of extra.targets) {
        if (id === null) continue;
        insert.run(caller?.id ?? null, id, extra.callee, extra.file, extra.line, 'direct', 1, 'checker');
        count++;
      }
    }
    if (!only) db.exec(EDGE_INDEXES.create);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return count;
}
