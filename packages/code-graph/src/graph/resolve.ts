import path from 'node:path';
import { ModuleResolver } from '@boocode/source-kit';
import type { Db } from '../index/store.js';

export type EdgeKind = 'direct' | 'method' | 'constructor' | 'dynamic' | 'reference' | 'unresolved';

interface SymbolRow {
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

interface CallRow {
  file: string;
  caller: string | null;
  callee: string;
  receiver: string | null;
  kind: 'call' | 'method' | 'new' | 'reference';
  line: number;
}

interface ImportRow {
  file: string;
  local: string;
  imported: string;
  source: string;
  reexport: number;
}

interface Target {
  id: number | null;
  kind: EdgeKind;
  confidence: number;
}

const UNRESOLVED: Target = { id: null, kind: 'unresolved', confidence: 0 };

const CONSTRUCTOR_NAMES = ['constructor', '__init__', 'initialize', 'new'];

/**
 * Recomputes every call edge from the stored facts. Resolution order mirrors how a reader would
 * follow a call: the receiver's type, then this file's declarations, then imports (through
 * re-exports), then the package (Go, same directory), and only then a unique name anywhere,
 * which is marked `dynamic` with low confidence.
 */
export function rebuildEdges(db: Db, root: string): number {
  const symbols = db
    .prepare('SELECT id, file, name, short, kind, parent, line, end_line, exported, local FROM symbols')
    .all() as SymbolRow[];
  const calls = db.prepare('SELECT file, caller, callee, receiver, kind, line FROM calls').all() as CallRow[];
  const imports = db
    .prepare('SELECT file, local, imported, source, reexport FROM imports')
    .all() as ImportRow[];
  const files = db.prepare('SELECT path, language, types, default_export FROM files').all() as {
    path: string;
    language: string;
    types: string;
    default_export: string | null;
  }[];

  const language = new Map(files.map((f) => [f.path, f.language]));
  const types = new Map(files.map((f) => [f.path, JSON.parse(f.types) as Record<string, string>]));
  const defaultExports = new Map(files.map((f) => [f.path, f.default_export]));
  const modules = new ModuleResolver(root, language.keys());
  /** Every symbol of a file by name, in file order: a file may declare `next` in several places. */
  const named = new Map<string, Map<string, SymbolRow[]>>();
  /** Functions' locals by name, apart: a name bound at file level never means one of them. */
  const locals = new Map<string, Map<string, SymbolRow[]>>();
  const topLevel = new Map<string, Map<string, SymbolRow>>();
  const byShort = new Map<string, SymbolRow[]>();
  const group = (outer: Map<string, Map<string, SymbolRow[]>>, s: SymbolRow) => {
    const map = outer.get(s.file) ?? new Map<string, SymbolRow[]>();
    outer.set(s.file, map);
    const list = map.get(s.name);
    if (list) list.push(s);
    else map.set(s.name, [s]);
  };
  for (const s of symbols) {
    group(named, s);
    if (s.local) group(locals, s);
    else {
      const map = topLevel.get(s.file) ?? new Map<string, SymbolRow>();
      topLevel.set(s.file, map);
      if (!map.has(s.name)) map.set(s.name, s);
    }
    const list = byShort.get(s.short) ?? [];
    list.push(s);
    byShort.set(s.short, list);
  }
  const first = (file: string, name: string) => named.get(file)?.get(name)?.[0];
  /** The symbol of that name whose lines hold `line`. */
  const symbolAt = (file: string, name: string, line: number): SymbolRow | undefined => {
    const all = named.get(file)?.get(name);
    return all?.find((s) => s.line <= line && line <= s.end_line) ?? all?.[0];
  };
  const byLowerName = new Map<string, SymbolRow[]>();
  for (const s of symbols) {
    if (s.parent) continue;
    const key = s.name.toLowerCase();
    const list = byLowerName.get(key) ?? [];
    list.push(s);
    byLowerName.set(key, list);
  }
  const importsOf = new Map<string, ImportRow[]>();
  for (const i of imports) {
    const list = importsOf.get(i.file) ?? [];
    list.push(i);
    importsOf.set(i.file, list);
  }

  /** A name exported by a module, following `export … from` chains. */
  const exported = (file: string, name: string, depth = 0): SymbolRow | undefined => {
    if (depth > 6) return undefined;
    const own = topLevel.get(file);
    if (name === 'default') {
      const named = defaultExports.get(file);
      const declared = named ? own?.get(named) : undefined;
      if (declared) return declared;
      const defaults = [...(own?.values() ?? [])].filter((s) => s.exported && !s.parent);
      if (defaults.length === 1) return defaults[0];
    }
    const direct = own?.get(name);
    if (direct) return direct;
    for (const i of importsOf.get(file) ?? []) {
      if (!i.reexport) continue;
      if (i.local !== name && i.imported !== '*') continue;
      const target = modules.resolve(file, i.source, language.get(file) ?? '');
      if (!target) continue;
      const found = exported(target, i.imported === '*' ? name : i.imported, depth + 1);
      if (found) return found;
    }
    return undefined;
  };

  /** A function declared inside the caller or one of the functions enclosing it, innermost first. */
  const localInScope = (call: CallRow): SymbolRow | undefined => {
    const candidates = locals.get(call.file)?.get(call.callee);
    if (!candidates || !call.caller) return undefined;
    let scope = symbolAt(call.file, call.caller, call.line);
    for (let depth = 0; scope && depth < 32; depth++) {
      const { name, line, end_line } = scope;
      const found = candidates.find((l) => l.local === name && l.line >= line && l.end_line <= end_line);
      if (found) return found;
      scope = scope.local ? symbolAt(call.file, scope.local, scope.line) : undefined;
    }
    return undefined;
  };

  /** What a name bound in `file` refers to: a declaration of the file or an import. */
  const boundMemo = new Map<string, { symbol?: SymbolRow; module?: string }>();
  const bound = (file: string, name: string): { symbol?: SymbolRow; module?: string } => {
    const key = `${file}\u0000${name}`;
    let found = boundMemo.get(key);
    if (!found) {
      found = boundUncached(file, name);
      boundMemo.set(key, found);
    }
    return found;
  };

  const boundUncached = (file: string, name: string): { symbol?: SymbolRow; module?: string } => {
    const declared = topLevel.get(file)?.get(name);
    if (declared) return { symbol: declared };
    for (const i of importsOf.get(file) ?? []) {
      if (i.local !== name || i.reexport) continue;
      const target = modules.resolve(file, i.source, language.get(file) ?? '');
      if (!target) return {};
      if (i.imported === '*') return { module: target };
      const symbol = exported(target, i.imported);
      return symbol ? { symbol } : {};
    }
    if (language.get(file) === 'go') {
      for (const sibling of modules.filesInDir(file)) {
        const found = topLevel.get(sibling)?.get(name);
        if (found) return { symbol: found };
      }
    }
    return {};
  };

  const superOf = (type: SymbolRow): SymbolRow | undefined => {
    const parentName = types.get(type.file)?.[`${type.name}::super`];
    if (!parentName) return undefined;
    const found = bound(type.file, parentName).symbol;
    return found && found.id !== type.id ? found : undefined;
  };

  /** A member of a type, looked up the inheritance chain. */
  const memberOf = (type: SymbolRow, member: string, depth = 0): SymbolRow | undefined => {
    const inFile = first(type.file, `${type.name}.${member}`);
    if (inFile) return inFile;
    // Go methods and Rust impls may live in another file of the same package.
    const sibling = byShort
      .get(member)
      ?.find((s) => s.parent === type.name && path.posix.dirname(s.file) === path.posix.dirname(type.file));
    if (sibling) return sibling;
    const parent = depth < 6 ? superOf(type) : undefined;
    return parent ? memberOf(parent, member, depth + 1) : undefined;
  };

  /** The class `this` means in the caller: its own class, or a closure's enclosing method's. */
  const thisClassName = (call: CallRow, callerSymbol?: SymbolRow): string | undefined =>
    callerSymbol?.parent ??
    (call.caller ? types.get(call.file)?.[`${call.caller}::this`] : undefined) ??
    (call.caller?.includes('.') ? call.caller.split('.')[0] : undefined);

  const classOf = (call: CallRow, callerSymbol: SymbolRow | undefined): SymbolRow | undefined => {
    const owner = thisClassName(call, callerSymbol);
    return owner ? first(call.file, owner) : undefined;
  };

  const constructorOf = (type: SymbolRow): Target => {
    for (const name of CONSTRUCTOR_NAMES) {
      const ctor = memberOf(type, name);
      if (ctor) return { id: ctor.id, kind: 'constructor', confidence: 0.9 };
    }
    return { id: type.id, kind: 'constructor', confidence: 0.9 };
  };

  /**
   * Last resort for a plain call: one function of that name anywhere (a global, or an import we
   * could not follow). Method calls on an untyped receiver are never guessed this way: `console.log`
   * must not become a call to the project's own `log` method, nor a parameter `selectId(x)` a call
   * to some function's inner `selectId`.
   */
  const byNameOnly = (name: string): Target => {
    const candidates = (byShort.get(name) ?? []).filter((s) => s.kind === 'function' && !s.local);
    if (candidates.length === 1 && candidates[0])
      return { id: candidates[0].id, kind: 'dynamic', confidence: 0.4 };
    return UNRESOLVED;
  };

  const typeOfReceiver = (call: CallRow, receiver: string): SymbolRow | undefined => {
    const hints = types.get(call.file) ?? {};
    const callerClass = thisClassName(call);
    const key = receiver.replace(/^self\./, 'this.');
    const typeName =
      hints[`${call.caller ?? ''}::${receiver}`] ??
      (callerClass ? hints[`${callerClass}::${key}`] : undefined) ??
      hints[`::${receiver}`];
    if (!typeName) return undefined;
    const found = bound(call.file, typeName.split('.').pop() ?? typeName).symbol;
    return found && found.kind !== 'function' && found.kind !== 'method' ? found : undefined;
  };

  const resolve = (call: CallRow): Target => {
    const callerSymbol = call.caller ? symbolAt(call.file, call.caller, call.line) : undefined;
    if (call.kind === 'new') {
      const type = bound(call.file, call.callee).symbol;
      if (type) return constructorOf(type);
      return UNRESOLVED;
    }
    if (call.kind === 'reference') {
      const symbol = localInScope(call) ?? bound(call.file, call.callee).symbol;
      return symbol ? { id: symbol.id, kind: 'reference', confidence: 0.9 } : UNRESOLVED;
    }
    if (call.kind === 'call' && call.callee === 'super') {
      const own = classOf(call, callerSymbol);
      const parent = own && superOf(own);
      return parent ? constructorOf(parent) : UNRESOLVED;
    }
    if (call.kind === 'call') {
      const inScope = localInScope(call);
      if (inScope) return { id: inScope.id, kind: 'direct', confidence: 0.95 };
      const target = bound(call.file, call.callee);
      if (target.symbol) {
        const isType = ['class', 'struct'].includes(target.symbol.kind);
        // Python and Ruby construct with a plain call: `User(x)`.
        if (isType) return constructorOf(target.symbol);
        return { id: target.symbol.id, kind: 'direct', confidence: 0.95 };
      }
      if (callerSymbol?.parent) {
        const sibling = first(call.file, `${callerSymbol.parent}.${call.callee}`);
        if (sibling) return { id: sibling.id, kind: 'method', confidence: 0.8 };
      }
      return byNameOnly(call.callee);
    }
    const receiver = call.receiver ?? '';
    if (receiver === 'this' || receiver === 'self' || receiver === 'super') {
      const own = classOf(call, callerSymbol);
      const start = own && (receiver === 'super' ? superOf(own) : own);
      const method = start ? memberOf(start, call.callee) : undefined;
      if (method)
        return { id: method.id, kind: 'method', confidence: method.parent === own?.name ? 0.95 : 0.9 };
      return UNRESOLVED;
    }
    const typed = typeOfReceiver(call, receiver);
    if (typed) {
      const method = memberOf(typed, call.callee);
      if (method) return { id: method.id, kind: 'method', confidence: 0.85 };
    }
    if (/^[A-Za-z_$][\w$]*$/.test(receiver)) {
      const target = bound(call.file, receiver);
      if (target.module) {
        const symbol = exported(target.module, call.callee) ?? goPackageMember(target.module, call.callee);
        if (symbol) return { id: symbol.id, kind: 'direct', confidence: 0.9 };
      }
      if (target.symbol && ['class', 'struct', 'interface', 'trait', 'module'].includes(target.symbol.kind)) {
        const method = memberOf(target.symbol, call.callee);
        if (method) return { id: method.id, kind: 'method', confidence: 0.85 };
      }
    }
    return byReceiverName(receiver, call.callee);
  };

  /**
   * Untyped receivers named after a class (`subscriber.next()` with a class `Subscriber`): a common
   * convention, so the member of that class is a likely target, marked `dynamic`.
   */
  const byReceiverName = (receiver: string, member: string): Target => {
    const last = receiver.split('.').pop() ?? '';
    if (!/^[a-z_]\w*$/i.test(last)) return UNRESOLVED;
    const typeName = last.replace(/^_+/, '').toLowerCase();
    const types = (byLowerName.get(typeName) ?? []).filter((s) =>
      ['class', 'interface', 'struct', 'trait'].includes(s.kind),
    );
    const members = types.map((t) => memberOf(t, member)).filter((m): m is SymbolRow => m !== undefined);
    const unique = [...new Map(members.map((m) => [m.id, m])).values()];
    return unique.length === 1 && unique[0]
      ? { id: unique[0].id, kind: 'dynamic', confidence: 0.6 }
      : UNRESOLVED;
  };

  const goPackageMember = (anyFile: string, name: string): SymbolRow | undefined => {
    for (const sibling of modules.filesInDir(anyFile)) {
      const found = topLevel.get(sibling)?.get(name);
      if (found) return found;
    }
    return undefined;
  };

  const insert = db.prepare(
    'INSERT INTO edges (caller_id, callee_id, callee_name, file, line, kind, confidence) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let count = 0;
  db.transaction(() => {
    db.exec('DELETE FROM edges');
    for (const call of calls) {
      const callerId = call.caller ? (symbolAt(call.file, call.caller, call.line)?.id ?? null) : null;
      const target = resolve(call);
      // A read that names nothing of the project (a package, a namespace) is no edge at all.
      if (call.kind === 'reference' && target.id === null) continue;
      insert.run(callerId, target.id, call.callee, call.file, call.line, target.kind, target.confidence);
      count++;
    }
  })();
  return count;
}
