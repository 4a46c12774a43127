import { type Component, emptyFacts, type FileFacts, isPascal, jsLanguage } from '../types.js';

type Import = FileFacts['imports'][number];

/**
 * Reading one JS/TS/JSX file for what a file outside the gate's rules says: its imports (static,
 * re-exports, dynamic `import('x')`, `require('x')`), plain env reads (`process.env.X`,
 * `import.meta.env.X`) and, in a JSX file, its React components —
 * a capitalised function declaration or `const`/`let`/`var` whose extent holds JSX, as the full
 * reader (js.ts) defines them. One pass over the characters with no tree: strings, templates,
 * comments, regular expressions and JSX (tags, attributes, text, nested expressions) are told
 * apart by the token before them, the way a parser's tokenizer does. Where the text does not fit
 * (an unclosed tag, a closing tag that is not the open one's, a bracket closed by another, a
 * TypeScript construct read as JSX) it gives up and the file gets a full parse: unsure means
 * `undefined`, never a wrong answer. The unit tests and `bench/lexer-agreement.mjs` hold it to
 * the full reader's answers.
 */
export function lexFile(rel: string, text: string): FileFacts | undefined {
  const lexer = new Lexer(text, /\.[jt]sx$/.test(rel), !/\.[cm]?ts$/.test(rel));
  try {
    lexer.run();
  } catch (error) {
    if (error instanceof Unsure) return undefined;
    throw error;
  }
  const facts = emptyFacts(jsLanguage(rel));
  facts.imports = lexer.imports;
  facts.bindings = lexer.bindings;
  facts.env = [...lexer.env].sort();
  // The full reader lists components in source order, an enclosing one before those it holds.
  facts.components = lexer.found.sort((a, b) => a.at - b.at).map((f) => f.component);
  return facts;
}

/** The names a `{ a, b as c, type d }` clause binds: local name → the name exported. */
export function namedInClause(statement: string): [string, string][] {
  const clause = /\{([^}]*)\}/.exec(statement)?.[1] ?? '';
  const out: [string, string][] = [];
  for (const part of clause.split(',')) {
    const named = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
    if (named?.[1]) out.push([named[2] ?? named[1], named[1]]);
  }
  return out;
}

class Unsure extends Error {}

/** Words after which an expression starts: a `/` there opens a regular expression, a `<` JSX. */
const BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
  'default',
]);
/** Words that continue the line before: a line break before them ends no statement. */
const CONTINUING = new Set(['in', 'instanceof', 'as', 'satisfies', 'of', 'extends', 'implements', 'keyof']);
/** Tokens after which a `function` keyword starts a declaration, not an expression. */
const STATEMENT_START = new Set(['', ';', '{', '}', 'export', 'default']);
/** Words the lexer acts on (when not a property name). */
const READING_WORDS = new Set(['import', 'require', 'export', 'function', 'const', 'let', 'var', 'process']);
const CLOSER: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

const STATIC_IMPORT =
  /import\s*(?:type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+\s*|\{[^}/]*\}\s*)?(?:from\s*)?(['"])([^'"\n]*)\1/y;
const IMPORT_REQUIRE = /import\s+(?:type\s+)?[\w$]+\s*=\s*require\s*\(\s*(['"])([^'"\n]*)\1\s*\)/y;
const IMPORT_ALIAS = /import\s+(?:type\s+)?[\w$]+\s*=\s*[\w$.]+/y;
const RE_EXPORT = /export\s*(?:type\s+)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}/]*\})\s*from\s*(['"])([^'"\n]*)\1/y;
/** Any read of the environment object, spaced or not; only `ENV_READ`'s forms are read without a tree. */
const ENV_OBJECT = /(?:process|import\s*\.\s*meta)\s*\.\s*env\b/y;
/** `process.env.X`, `process.env?.X`, `import.meta.env.X`, `process.env['X']`: the forms the full reader takes. */
const ENV_READ =
  /(?:process|import\.meta)\.env(?:\??\.([A-Za-z_$][\w$]*)|\[\s*(['"`])([^'"`\n\\$]*)\2\s*\])/y;
/** Where JSX text ends: an expression or a tag. */
const TEXT_END = /[{<]/g;
/** `import {`, `import type Default, {`: the start of a clause `clauseFrom` reads. */
const IMPORT_BRACE = /import\s*(?:type\s+)?(?:[\w$]+\s*,\s*)?(?=\{)/y;
const FROM = /\s*from\s*(['"])([^'"\n]*)\1/y;
/** `import('x')`, `require('x')`: a call whose first argument is a string or a plain template. */
const CALLED_WITH_STRING = /(?:import|require)\s*\(\s*(['"`])([^'"`\n\\$]*)\1\s*[),]/y;

const component = (c: Candidate): { at: number; component: Component } => ({
  at: c.at,
  component: { name: c.name, framework: 'react', line: c.line },
});

const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;
const isWordStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 36 || c === 95 || (c >= 128 && !isSpace(c));
const isWordPart = (c: number) => isWordStart(c) || (c >= 48 && c <= 57);

interface Candidate {
  name: string;
  line: number;
  /** Where the declaration starts, for source order. */
  at: number;
  /** JSX elements seen before the declaration: more at its end means it holds JSX. */
  jsxBefore: number;
}

class Lexer {
  readonly imports: Import[] = [];
  /** Names a re-export passes on (`export { default } from './users'`), as the full reader binds them. */
  readonly bindings: FileFacts['bindings'] = {};
  readonly found: { at: number; component: Component }[] = [];
  readonly env = new Set<string>();
  private pos = 0;
  private jsxSeen = 0;
  /** Whether the token before allows an expression to start (regex and JSX versus division and less-than). */
  private expressionNext = true;
  /** The token before, for keywords: a word, a punctuator, or 'value' for literals and closed groups. */
  private last = '';
  private newlineBefore = false;
  private lineCount = 1;
  private linePos = 0;

  constructor(
    private readonly text: string,
    private readonly withComponents: boolean,
    private readonly jsx: boolean,
  ) {}

  run(): void {
    if (this.text.startsWith('#!')) this.pos = this.text.indexOf('\n') + 1 || this.text.length;
    this.code('');
  }

  private lineAt(pos: number): number {
    if (pos < this.linePos) {
      this.lineCount = 1;
      this.linePos = 0;
    }
    for (
      let i = this.text.indexOf('\n', this.linePos);
      i !== -1 && i < pos;
      i = this.text.indexOf('\n', i + 1)
    ) {
      this.lineCount++;
      this.linePos = i + 1;
    }
    return this.lineCount;
  }

  private skipTrivia(): void {
    const { text } = this;
    this.newlineBefore = false;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (isSpace(c)) {
        if (c === 10 || c === 0x2028 || c === 0x2029) this.newlineBefore = true;
        this.pos++;
      } else if (c === 47 && text.charCodeAt(this.pos + 1) === 47) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end === -1 ? text.length : end;
      } else if (c === 47 && text.charCodeAt(this.pos + 1) === 42) {
        const end = text.indexOf('*/', this.pos + 2);
        if (end === -1) throw new Unsure();
        if (text.lastIndexOf('\n', end) > this.pos) this.newlineBefore = true;
        this.pos = end + 2;
      } else return;
    }
  }

  private word(): string {
    const start = this.pos;
    while (isWordPart(this.text.charCodeAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  private peekWord(): string {
    const saved = this.pos;
    this.skipTrivia();
    const word = isWordStart(this.text.charCodeAt(this.pos)) ? this.word() : '';
    this.pos = saved;
    return word;
  }

  private peekChar(): string {
    const saved = this.pos;
    this.skipTrivia();
    const char = this.text[this.pos] ?? '';
    this.pos = saved;
    return char;
  }

  /** Whether the word just read names a property: `import: x`, `import?: boolean`. */
  private propertyNameNext(): boolean {
    const next = this.peekChar();
    return next === ':' || (next === '?' && /^\s*\?\s*:/.test(this.text.slice(this.pos, this.pos + 8)));
  }

  /** Matches a sticky pattern at `at`; on a match the position moves past it. */
  private matchAt(pattern: RegExp, at: number): RegExpExecArray | null {
    pattern.lastIndex = at;
    const match = pattern.exec(this.text);
    if (match) this.pos = pattern.lastIndex;
    return match;
  }

  private addImport(spec: string, at: number): void {
    this.imports.push({ spec, line: this.lineAt(at) });
  }

  private value(): void {
    this.expressionNext = false;
    this.last = 'value';
  }

  /**
   * Code up to `closer` (a bracket this call owns, or '' for the end of the file). Declarations are
   * tracked per bracket level: a `const Name =` runs to the `;`, `,`, line break that ends its
   * statement or the level's end; a `function Name(…) {…}` to the end of its body.
   *
   * One function on purpose: it is the lexer's hot loop, and its per-level state lives in locals.
   * Split into methods over a level object (tried), the lexer ran 1.14–1.38× slower on 13,800 files.
   */
  private code(closer: string): void {
    const { text } = this;
    let declaring = false; // after const/let/var, until the statement ends
    let named: Candidate | undefined; // `const Name` before its `=`
    let variable: Candidate | undefined; // `const Name = …` until it ends
    let fn: (Candidate & { params: boolean }) | undefined;
    let leadLine: number | undefined; // line of `export`/`async` before a `function`
    // Open `<` not read as JSX: type arguments (`forwardRef<A, B>(…)`), whose commas separate no declarators.
    let angles = 0;
    const endVariable = () => {
      if (variable && this.jsxSeen > variable.jsxBefore) this.found.push(component(variable));
      variable = undefined;
      named = undefined;
    };
    for (;;) {
      this.skipTrivia();
      const at = this.pos;
      const c = text.charCodeAt(at);
      if (Number.isNaN(c)) {
        if (closer) throw new Unsure();
        endVariable();
        return;
      }
      if (isWordStart(c)) {
        const newline = this.newlineBefore;
        const afterExpression = !this.expressionNext;
        const word = this.word();
        // A line break after a finished expression ends the statement before a new word.
        if (newline && afterExpression && !CONTINUING.has(word)) {
          endVariable();
          declaring = false;
          angles = 0;
        }
        const statementStart = STATEMENT_START.has(this.last) || (newline && afterExpression);
        if (READING_WORDS.has(word) && this.last !== '.' && this.last !== '?.' && !this.propertyNameNext()) {
          if (this.keyword(word, at)) continue;
          if (word === 'function' && statementStart && this.withComponents) {
            const name = this.peekWord();
            if (isPascal(name))
              fn = { name, line: leadLine ?? this.lineAt(at), at, jsxBefore: this.jsxSeen, params: false };
          } else if (word === 'const' || word === 'let' || word === 'var') {
            declaring = true;
            if (this.withComponents) named = this.declaredName();
          }
        }
        if ((word === 'export' || word === 'async' || word === 'default') && statementStart)
          leadLine ??= this.lineAt(at);
        else if (word !== 'function') leadLine = undefined;
        // `async` leaves the token before it in place: `export async function` is a declaration.
        if (word !== 'async') this.last = word;
        this.expressionNext = BEFORE_EXPRESSION.has(word);
        continue;
      }
      leadLine = undefined;
      if (c === 34 || c === 39) {
        this.string(c);
        this.value();
      } else if (c === 96) {
        this.template();
        this.value();
      } else if (c >= 48 && c <= 57) {
        this.word();
        this.value();
      } else if (c === 47 && this.expressionNext) {
        this.regex();
        this.value();
      } else if (c === 60 && this.expressionNext) {
        this.angle();
      } else if (c === 123 || c === 40 || c === 91) {
        const open = text[at] as string;
        // After a function's parameters, the first `{` that no type annotation opens is its body.
        const body = open === '{' && fn?.params && !':<,|&(=?'.includes(this.last);
        this.group(open);
        this.value();
        if (body && fn) {
          if (this.jsxSeen > fn.jsxBefore) this.found.push(component(fn));
          fn = undefined;
          this.last = '}';
        } else if (open === '(' && fn) fn.params = true;
        // A block closes a statement: what follows starts another.
        if (open === '{' && !variable && !named && !declaring) this.last = '}';
      } else if (c === 125 || c === 41 || c === 93) {
        if (text[at] !== closer) throw new Unsure();
        this.pos++;
        endVariable();
        return;
      } else if (c === 59) {
        this.pos++;
        endVariable();
        declaring = false;
        angles = 0;
        fn = undefined;
        this.expressionNext = true;
        this.last = ';';
      } else if (c === 44 && angles === 0) {
        this.pos++;
        endVariable();
        named = declaring && this.withComponents ? this.declaredName() : undefined;
        if (named) {
          this.last = named.name;
          this.expressionNext = false;
          continue;
        }
        this.expressionNext = true;
        this.last = ',';
      } else {
        // A `>` closing type arguments ends a type, as a word would: `x as T<U>` then a line break ends a statement.
        const closesTypeArguments = c === 62 && angles > 0 && text.charCodeAt(at - 1) !== 61;
        if (c === 60 && text.charCodeAt(at + 1) !== 60) angles++;
        else if (closesTypeArguments) angles--;
        if (this.punctuator(at) && named) {
          variable = named;
          named = undefined;
        }
        if (closesTypeArguments) this.value();
      }
    }
  }

  /** A capitalised name a declaration binds next (`const Name`, `, Name`), read past; else nothing is read. */
  private declaredName(): Candidate | undefined {
    if (!isPascal(this.peekWord())) return undefined;
    this.skipTrivia();
    const at = this.pos;
    return { name: this.word(), line: this.lineAt(at), at, jsxBefore: this.jsxSeen };
  }

  /** From an opening bracket: the code up to its closer, where an expression may start. */
  private group(open: string): void {
    this.pos++;
    this.expressionNext = true;
    this.last = open;
    this.code(CLOSER[open] as string);
  }

  /** Operators and other punctuation; true for a plain `=`. */
  private punctuator(at: number): boolean {
    const { text } = this;
    const c = text.charCodeAt(at);
    const next = text.charCodeAt(at + 1);
    if (c === 46 && next === 46 && text.charCodeAt(at + 2) === 46) {
      this.pos += 3;
      this.last = '...';
      this.expressionNext = true;
    } else if (c === 63 && next === 46 && !(text.charCodeAt(at + 2) >= 48 && text.charCodeAt(at + 2) <= 57)) {
      this.pos += 2;
      this.last = '?.';
    } else if ((c === 43 || c === 45) && next === c) {
      // `++`/`--` keep what came before: after `x++` a `/` divides, after `(++` an operand follows.
      this.pos += 2;
    } else if (c === 60 && next === 60) {
      // A shift: its second `<` must not open JSX.
      this.pos += 2;
      this.last = '<<';
      this.expressionNext = true;
    } else if (c === 33 && next !== 61) {
      // `!x` starts an expression; TypeScript's non-null `x!` ends one (`x! / 2` divides).
      this.pos++;
      this.last = '!';
    } else if (c === 61 && next === 62) {
      this.pos += 2;
      this.last = '=>';
      this.expressionNext = true;
    } else if (c === 61 && next !== 61 && !'=!<>+-*/%&|^?'.includes(text[at - 1] ?? '')) {
      this.pos++;
      this.last = '=';
      this.expressionNext = true;
      return true;
    } else {
      this.pos++;
      this.last = text[at] as string;
      this.expressionNext = true;
    }
    return false;
  }

  /** Keywords that read something themselves; true when the token is consumed. */
  private keyword(word: string, at: number): boolean {
    if (word === 'process' || (word === 'import' && this.peekChar() === '.')) {
      const read = this.matchAt(ENV_READ, at);
      if (read) {
        this.env.add((read[1] ?? read[3]) as string);
        this.value();
        return true;
      }
      // `const { A } = process.env` names variables only the full reader follows; `f(process.env)`,
      // `{ ...process.env }` and `process.env[name]` name none.
      if (!this.matchAt(ENV_OBJECT, at)) return false;
      if (this.last === '=' || this.last === '=>') throw new Unsure();
      this.value();
      return true;
    }
    if (word === 'import' || word === 'require') {
      const called = this.matchAt(CALLED_WITH_STRING, at);
      if (called) {
        this.addImport(called[2] as string, at);
        this.value();
        return true;
      }
      if (word === 'require') return false;
      const next = this.peekChar();
      if (next === '(' || next === '.') return false;
      const match =
        this.matchAt(STATIC_IMPORT, at) ?? this.matchAt(IMPORT_REQUIRE, at) ?? this.matchAt(IMPORT_ALIAS, at);
      if (match) {
        if (match[2] !== undefined) this.addImport(match[2], at);
        this.value();
        return true;
      }
      if (!this.matchAt(IMPORT_BRACE, at) || !this.clauseFrom(at)) throw new Unsure();
      return true;
    }
    if (word === 'export') {
      const match = this.matchAt(RE_EXPORT, at);
      if (match) {
        this.addImport(match[2] as string, at);
        this.bindReexports(match[0], match[2] as string);
        this.value();
        return true;
      }
      // `export {` or `export type {` with comments in the clause, which the pattern cannot skip.
      const after = this.pos;
      this.skipTrivia();
      if (this.peekWord() === 'type') {
        this.word();
        this.skipTrivia();
      }
      const clause = this.text[this.pos] === '{' ? this.clauseFrom(at) : undefined;
      if (clause) {
        this.bindReexports(clause.text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ''), clause.spec);
        return true;
      }
      this.pos = after;
      return false;
    }
    return false;
  }

  private bindReexports(statement: string, spec: string): void {
    for (const [local, name] of namedInClause(statement)) this.bindings[local] = { spec, name };
  }

  /**
   * An import or export clause `{ … } from 'x'` holding comments the patterns cannot skip, read
   * as code from its `{`: its text and specifier (and past the specifier) when a `from 'x'` follows.
   */
  private clauseFrom(statementAt: number): { text: string; spec: string } | undefined {
    const open = this.pos++;
    this.code('}');
    const text = this.text.slice(open, this.pos + 1);
    const from = this.matchAt(FROM, this.pos);
    if (!from) return undefined;
    this.addImport(from[2] as string, statementAt);
    this.value();
    return { text, spec: from[2] as string };
  }

  private string(quote: number): void {
    const { text } = this;
    for (let i = this.pos + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === quote) {
        this.pos = i + 1;
        return;
      } else if (c === 10) break;
    }
    throw new Unsure();
  }

  private template(): void {
    const { text } = this;
    this.pos++;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (Number.isNaN(c)) throw new Unsure();
      if (c === 92) this.pos += 2;
      else if (c === 96) {
        this.pos++;
        return;
      } else if (c === 36 && text.charCodeAt(this.pos + 1) === 123) {
        this.pos += 2;
        this.expressionNext = true;
        this.last = '${';
        this.code('}');
      } else this.pos++;
    }
  }

  private regex(): void {
    const { text } = this;
    let inClass = false;
    for (let i = this.pos + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 10) break;
      else if (c === 91) inClass = true;
      else if (c === 93) inClass = false;
      else if (c === 47 && !inClass) {
        this.pos = i + 1;
        this.word();
        return;
      }
    }
    throw new Unsure();
  }

  /**
   * A `<` where an expression may start: a JSX element, or TypeScript type parameters of a generic
   * arrow function (`<T,>(x: T) =>`, `<T extends U>(…)`) or a type assertion (`<T>x`, .ts only).
   */
  private angle(): void {
    const saved = this.pos;
    this.pos++;
    this.skipTrivia();
    const name = isWordStart(this.text.charCodeAt(this.pos)) ? this.word() : '';
    const after = this.peekWord();
    const typeParameters = !this.jsx || (name !== '' && (this.peekChar() === ',' || after === 'extends'));
    // `fn: <T>(x: T) => T` in a type: a `<T>(` after a colon reads as JSX first, as the parser does.
    const maybeSignature = this.jsx && this.last === ':' && after === '' && this.peekChar() === '>';
    this.pos = saved;
    if (!typeParameters && maybeSignature) {
      if (this.elementOrSignature()) this.value();
      return;
    }
    if (typeParameters) {
      this.typeParametersRead();
      return;
    }
    this.element();
    this.value();
  }

  private typeParametersRead(): void {
    this.typeArguments();
    this.expressionNext = true;
    this.last = '>';
  }

  /**
   * `<T>(…` after a colon: an element when it closes as one; when it cannot, TypeScript's function
   * type (TSX allows `<T>` type parameters there), read from the same `<` with what the failed
   * element attempt noted rolled back. True when it was an element.
   */
  private elementOrSignature(): boolean {
    const saved = {
      pos: this.pos,
      jsxSeen: this.jsxSeen,
      imports: this.imports.length,
      found: this.found.length,
    };
    const env = new Set(this.env);
    try {
      this.element();
      return true;
    } catch (error) {
      if (!(error instanceof Unsure)) throw error;
      this.pos = saved.pos;
      this.jsxSeen = saved.jsxSeen;
      this.imports.length = saved.imports;
      this.found.length = saved.found;
      this.env.clear();
      for (const name of env) this.env.add(name);
      this.typeParametersRead();
      if (this.peekChar() !== '(') throw new Unsure();
      return false;
    }
  }

  /** `<…>` with nested angle brackets, from the `<` (an arrow's `=>` inside is not a closer). */
  private typeArguments(): void {
    const { text } = this;
    let depth = 0;
    for (;;) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (Number.isNaN(c)) throw new Unsure();
      if (c === 60) depth++;
      else if (c === 62 && text.charCodeAt(this.pos - 1) !== 61) depth--;
      else if (c === 34 || c === 39) {
        this.string(c);
        continue;
      } else if (c === 123 || c === 40 || c === 91) {
        this.group(text[this.pos] as string);
        continue;
      } else if (c === 125 || c === 41 || c === 93 || c === 59) throw new Unsure();
      this.pos++;
      if (depth === 0) return;
    }
  }

  /** A JSX element or fragment, from its `<` to the end of its closing tag. */
  private element(): void {
    const { text } = this;
    this.jsxSeen++;
    this.pos++;
    this.skipTrivia();
    const name = this.tagName();
    if (name === '') {
      if (text[this.pos] !== '>') throw new Unsure();
      this.pos++;
      this.children('');
      return;
    }
    this.skipTrivia();
    if (text[this.pos] === '<') this.typeArguments();
    for (;;) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (c === 47) {
        this.pos++;
        this.skipTrivia();
        if (text[this.pos] !== '>') throw new Unsure();
        this.pos++;
        return;
      }
      if (c === 62) {
        this.pos++;
        this.children(name);
        return;
      }
      if (c === 123) {
        this.group('{');
        continue;
      }
      if (!isWordStart(c) || this.tagName() === '') throw new Unsure();
      this.skipTrivia();
      if (text[this.pos] !== '=') continue;
      this.pos++;
      this.skipTrivia();
      const v = text.charCodeAt(this.pos);
      if (v === 34 || v === 39) {
        // Attribute strings have no escapes and may span lines.
        const end = text.indexOf(text[this.pos] as string, this.pos + 1);
        if (end === -1) throw new Unsure();
        this.pos = end + 1;
      } else if (v === 123) this.group('{');
      else if (v === 60) this.element();
      else throw new Unsure();
    }
  }

  /** `a`, `a.b.c`, `svg:path`, `data-x`: a tag or attribute name, '' when none starts here. */
  private tagName(): string {
    const { text } = this;
    const start = this.pos;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (isWordPart(c) || c === 45 || c === 46 || c === 58) this.pos++;
      else break;
    }
    return text.slice(start, this.pos);
  }

  /** Text, `{expressions}` and elements up to the closing tag, which must name the open one. */
  private children(name: string): void {
    const { text } = this;
    for (;;) {
      TEXT_END.lastIndex = this.pos;
      if (!TEXT_END.test(text)) throw new Unsure();
      this.pos = TEXT_END.lastIndex - 1;
      const c = text.charCodeAt(this.pos);
      if (c === 123) this.group('{');
      else if (c === 60) {
        const saved = this.pos;
        this.pos++;
        this.skipTrivia();
        if (text[this.pos] === '/') {
          this.pos++;
          this.skipTrivia();
          if (this.tagName() !== name) throw new Unsure();
          this.skipTrivia();
          if (text[this.pos] !== '>') throw new Unsure();
          this.pos++;
          return;
        }
        this.pos = saved;
        this.element();
      }
    }
  }
}
