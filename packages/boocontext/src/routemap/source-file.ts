import { lineIndex } from '../scanner/languages/syntax.js';
import { blankComments, closing, expressionEnd, splitTop } from './js-text.js';

/** A `const`/`let`/`var` binding and the expression it was given. */
export interface Declaration {
  name: string;
  expr: string;
  offset: number;
}

export interface Param {
  name: string;
  /** The default value's expression (`slug = ""`), used when a call leaves the argument out. */
  fallback?: string;
  /** A destructured object parameter's keys (`send({ method, path })`). */
  keys?: string[];
}

/** A named function, method or arrow: its parameters and the span of its body. */
export interface FunctionDef {
  name: string;
  /** The object literal or class it is a member of. */
  owner?: string;
  params: Param[];
  start: number;
  end: number;
}

const KEYWORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'with',
  'await',
  'typeof',
  'new',
  'import',
  'super',
  'constructor',
]);

function parseParams(text: string): Param[] {
  // Generic arguments in types (`Record<string, string>`) hold commas that separate nothing.
  let plain = text;
  while (/<[^<>()]*>/.test(plain)) plain = plain.replace(/<[^<>()]*>/g, '');
  return splitTop(plain, ',')
    .map((raw) => raw.trim().replace(/^\.\.\./, ''))
    .filter(Boolean)
    .map((raw) => {
      if (raw.startsWith('{')) {
        const end = closing(raw, 0) ?? raw.length;
        const keys = splitTop(raw.slice(1, end), ',')
          .map((k) => /^\s*([\w$]+)/.exec(k)?.[1])
          .filter((k): k is string => Boolean(k));
        return { name: '', keys };
      }
      const name = /^([\w$]+)/.exec(raw)?.[1] ?? '';
      const fallback = /^[\w$]+\s*(?::[^=]+)?=\s*([\s\S]+)$/.exec(raw)?.[1];
      return fallback ? { name, fallback: fallback.trim() } : { name };
    });
}

/**
 * One front-end source file as the route map reads it: comments blanked, its bindings, its
 * functions with their bodies, the containers (object literals, classes) that name members, and
 * what it imports.
 */
export class SourceFile {
  readonly text: string;
  /** 1-based line of an offset. */
  readonly line: (offset: number) => number;
  readonly declarations: Declaration[] = [];
  readonly functions: FunctionDef[] = [];
  /** `import * as api from '$lib/api'`: alias → specifier. */
  readonly namespaces = new Map<string, string>();
  /** Names imported one by one (`import { get } from …`, a default import), with their specifier. */
  readonly imported = new Map<string, string>();

  constructor(
    readonly rel: string,
    source: string,
    /**
     * Made by a generator (an OpenAPI client's SDK): its requests are reported where the app calls
     * its functions, never inside it.
     */
    readonly generated = false,
  ) {
    this.text = blankComments(source);
    this.line = lineIndex(this.text);
    this.readImports();
    this.readDeclarations();
    this.readFunctions();
  }

  private identifiers?: Set<string>;

  /** Whether the file names `identifier` anywhere: one lookup where a search of its text per wrapper would be one pass each. */
  names(identifier: string): boolean {
    this.identifiers ??= new Set(this.text.match(/[\w$]+/g));
    return this.identifiers.has(identifier);
  }

  /** The innermost named function whose body holds `offset`. */
  enclosing(offset: number): FunctionDef | undefined {
    return this.enclosingChain(offset)[0];
  }

  /** The named functions whose bodies hold `offset`, innermost first. */
  enclosingChain(offset: number): FunctionDef[] {
    return this.functions
      .filter((fn) => fn.start <= offset && offset < fn.end)
      .sort((a, b) => b.start - a.start);
  }

  /** The nearest binding of `name` declared before `offset`. */
  declaration(name: string, offset = this.text.length): Declaration | undefined {
    let best: Declaration | undefined;
    for (const d of this.declarations) if (d.name === name && d.offset < offset) best = d;
    return best;
  }

  private readImports(): void {
    for (const m of this.text.matchAll(/\bimport\s+\*\s+as\s+([\w$]+)\s+from\s+['"]([^'"]+)['"]/g))
      if (m[1] && m[2]) this.namespaces.set(m[1], m[2]);
    for (const m of this.text.matchAll(
      /\bimport\s+([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?\s*from\s+['"]([^'"]+)['"]/g,
    )) {
      const from = m[3] ?? '';
      if (m[1]) this.imported.set(m[1], from);
      for (const part of (m[2] ?? '').split(',')) {
        const local =
          part
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '';
        if (local) this.imported.set(local.replace(/^type\s+/, ''), from);
      }
    }
  }

  private readDeclarations(): void {
    for (const m of this.text.matchAll(/\b(?:const|let|var)\s+(?=[\w$]+\s*(?::\s*[\w$.<>[\]| ]+)?=)/g)) {
      // `const a = x, b = y`: every declarator, each up to its own end.
      let at = (m.index ?? 0) + m[0].length;
      for (;;) {
        const d = /^\s*([\w$]+)\s*(?::\s*[\w$.<>[\]| ]+)?=\s*/.exec(this.text.slice(at, at + 200));
        if (!d?.[1]) break;
        const from = at + d[0].length;
        const end = expressionEnd(this.text, from);
        this.declarations.push({ name: d[1], expr: this.text.slice(from, end).trim(), offset: at });
        if (this.text[end] !== ',') break;
        at = end + 1;
      }
    }
  }

  /**
   * The span of a body after a parameter list ending at `from`: past a return type, the first `{`
   * of a function or method, or what follows an arrow's `=>` (braces, or one expression).
   */
  private bodyFrom(from: number, arrow: boolean): { start: number; end: number } | undefined {
    const text = this.text;
    let depth = 0;
    for (let i = from; i < text.length && i < from + 400; i++) {
      const c = text[i];
      if (c === '(' || c === '<' || c === '[') depth++;
      else if ((c === ')' || c === '>' || c === ']') && text[i - 1] !== '=') depth = Math.max(0, depth - 1);
      else if (c === ';' && depth === 0) return undefined;
      else if (depth === 0 && arrow && c === '=' && text[i + 1] === '>') {
        let at = i + 2;
        while (/\s/.test(text[at] ?? '')) at++;
        if (text[at] === '{') {
          const end = closing(text, at);
          return end === undefined ? undefined : { start: at, end };
        }
        return { start: at, end: expressionEnd(text, at) };
      } else if (depth === 0 && !arrow && c === '{') {
        const end = closing(text, i);
        return end === undefined ? undefined : { start: i, end };
      }
    }
    return undefined;
  }

  private readFunctions(): void {
    const text = this.text;
    const add = (name: string, params: Param[], after: number, at: number, arrow = false) => {
      const body = this.bodyFrom(after, arrow);
      if (!name || KEYWORDS.has(name) || !body) return;
      this.functions.push({ name, params, start: at, end: body.end, ...this.ownerAt(at) });
    };
    // Each pattern starts at a literal token and reads the name behind it: a pattern that starts
    // with a name is tried at every character of the file.
    const nameBefore = (at: number) =>
      /([\w$]+)\s*[:=]\s*(?:async\s*)?$/.exec(text.slice(Math.max(0, at - 80), at));
    // `function name(…)`, `name: function (…)`, `name = async function (…)`.
    for (const m of text.matchAll(/\bfunction\b\s*\*?\s*([\w$]*)\s*(?:<[^<>()]*>)?\s*\(/g)) {
      const open = (m.index ?? 0) + m[0].length - 1;
      const close = closing(text, open);
      const named = m[1] || nameBefore(m.index ?? 0)?.[1] || '';
      if (close !== undefined) add(named, parseParams(text.slice(open + 1, close)), close + 1, m.index ?? 0);
    }
    // `name: (…) =>`, `name = async <T>(…) =>`, `name: x =>`; React's `name: useCallback(async (…) =>
    // …, deps)` is the callback itself.
    for (const m of text.matchAll(
      /[:=]\s*(?:useCallback\s*\(\s*)?(?:async\s*)?(?:<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>\s*)?(\(|[\w$]+\s*=>)/g,
    )) {
      const at = m.index ?? 0;
      if (
        text[at] === '=' &&
        (text[at - 1] === '=' || text[at - 1] === '!' || text[at + 1] === '=' || text[at + 1] === '>')
      )
        continue;
      const named = /([\w$]+)\s*$/.exec(text.slice(Math.max(0, at - 60), at));
      if (!named?.[1]) continue;
      const start = at - named[0].length;
      if (m[1] !== '(') {
        const single = /^([\w$]+)/.exec(m[1] ?? '')?.[1] ?? '';
        add(named[1], [{ name: single }], at + m[0].length - 2, start, true);
        continue;
      }
      const open = at + m[0].length - 1;
      const close = closing(text, open);
      if (close === undefined || !/^\s*(?::[^;{]*?)?=>/.test(text.slice(close + 1, close + 300))) continue;
      add(named[1], parseParams(text.slice(open + 1, close)), close + 1, start, true);
    }
    // Methods: `name(…) {` in a class or object literal, declared at the start of a line.
    for (const m of text.matchAll(
      /^[ \t]*(?:(?:async|static|public|private|protected|readonly|override|get|set)\s+)*([\w$]+)\s*(?:<[^<>()]*>)?\s*\(/gm,
    )) {
      const name = m[1] ?? '';
      const before = text.slice(Math.max(0, (m.index ?? 0) - 12), (m.index ?? 0) + 1);
      if (KEYWORDS.has(name) || /function\s*$|\.\s*$/.test(before)) continue;
      const open = (m.index ?? 0) + m[0].length - 1;
      const close = closing(text, open);
      if (close === undefined || !/^\s*(?::\s*[^=;{]+?)?\s*\{/.test(text.slice(close + 1))) continue;
      if (this.functions.some((f) => f.start === (m.index ?? 0) + m[0].indexOf(name))) continue;
      add(name, parseParams(text.slice(open + 1, close)), close + 1, (m.index ?? 0) + m[0].indexOf(name));
    }
  }

  private containers?: { name: string; start: number; end: number }[];

  /** The object literal (`const Api = {`) or class (`class ApiService`) a member is declared in. */
  ownerAt(offset: number): { owner?: string } {
    this.containers ??= [
      ...this.text.matchAll(
        /(?:\b(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=\s*\{|\bclass\s+([\w$]+)[^{]*\{)/g,
      ),
    ].flatMap((m) => {
      const start = (m.index ?? 0) + m[0].length - 1;
      const end = closing(this.text, start);
      return end === undefined ? [] : [{ name: m[1] ?? m[2] ?? '', start, end }];
    });
    let best: { name: string; start: number } | undefined;
    for (const c of this.containers)
      if (c.start < offset && c.end > offset && (!best || c.start > best.start)) best = c;
    return best ? { owner: best.name } : {};
  }
}
