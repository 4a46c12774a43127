import type { LanguageId } from './languages.js';

const TS_FAMILY = new Set<LanguageId>(['typescript', 'tsx']);
/** `export type * from './x'` (TypeScript 5.0): the newest published grammar reads it as an error. */
const EXPORT_TYPE_STAR = /\bexport(\s+)type(\s+\*)/g;
/** Variance annotations `<in T>`, `<out T>`, `<in out T>` (TypeScript 4.7), likewise. */
const VARIANCE = /([<,]\s*)((?:in|out|in\s+out)\s+)(?=[A-Za-z_$][\w$]*\s*(?:extends\b|=|,|>))/g;

/**
 * Swift constructs tree-sitter-swift 0.7.1 misreads, and at what cost: one `if let a = try await
 * f()` turns the whole file into one error node, and recovering from it took 2.4 s on a 160 KB file.
 * `await` after `try` (what is awaited is still the call), typed `throws(E)`, compiler directives'
 * lines (`#if DEBUG` … `#endif`: both branches are read) and extended regex literals (`#/…/#`, read
 * as a string of the same length).
 */
const SWIFT_TRY_AWAIT = /\b(try[?!]?\s+)await\b/g;
const SWIFT_TYPED_THROWS = /\b(throws|rethrows)(\s*\([^()\n]*\))/g;
const SWIFT_DIRECTIVE = /^([ \t]*)#(?:if|elseif|else|endif)\b[^\n]*/gm;
const SWIFT_EXTENDED_REGEX = /#\/[^\n]*?\/#/g;

function maskSwift(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  let text = source;
  if (text.includes('await')) text = text.replace(SWIFT_TRY_AWAIT, (_m, lead) => `${lead}     `);
  if (text.includes('throws(') || text.includes('throws (') || text.includes('rethrows('))
    text = text.replace(SWIFT_TYPED_THROWS, (_m, keyword, type) => keyword + blank(type));
  if (text.includes('#')) {
    text = text.replace(SWIFT_DIRECTIVE, (line) => blank(line));
    text = text.replace(SWIFT_EXTENDED_REGEX, (literal) => `"${blank(literal.slice(2))}"`);
  }
  return text;
}

/**
 * A JSX attribute named by a reserved word (Solid's and Preact's `class={…}`, `<label for="x">`):
 * the JavaScript grammar reads the whole element, and often the rest of the component, as an
 * error (the TSX grammar reads it). In JavaScript code a reserved word is never followed by `=`
 * and a value, so this matches attributes only (and the same text inside a string, where a
 * capital letter changes nothing a reader looks at).
 */
const JSX_RESERVED_ATTRIBUTE =
  /(?<=\s)(class|for|default|new|if|in|typeof|delete|return|import|export|const|var|do|else|switch|case|while|with|try|catch|finally|throw|void|instanceof|extends|function|super|this)(?=\s*=\s*[{"'])/g;

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * A JSX attribute's quoted value (`href="…"`: no space before the `=`, as JSX is written). In one,
 * both grammars read `&name` without its `;` (a query string: `?family=Inter&display=swap`) as a
 * character reference left open, and the rest of the file as an error. That `&` becomes a space.
 */
const JSX_STRING_ATTRIBUTE = /(?<=\s[A-Za-z_$][\w$:.-]*=)("[^"\n]*&[^"\n]*"|'[^'\n]*&[^'\n]*')/g;
const OPEN_REFERENCE = /&(?=[A-Za-z#])(?![A-Za-z][A-Za-z\d]*;|#\d+;|#x[\da-fA-F]+;)/g;

function maskJsx(source: string, language: LanguageId): string {
  if (!source.includes('<')) return source;
  let text = source;
  if (language === 'javascript') text = text.replace(JSX_RESERVED_ATTRIBUTE, capitalised);
  if (text.includes('&'))
    text = text.replace(JSX_STRING_ATTRIBUTE, (value) => value.replace(OPEN_REFERENCE, ' '));
  return text;
}

/**
 * An indented line opening a generic call signature: `<T>(x: T): T`, `<T extends X = Y>(`, or the
 * list spread over lines (`<\n  R,`). JSX never has a name followed by `,`, `extends`, `=` or `>(`.
 */
const CALL_SIGNATURE_LINE = /^([ \t]+)<(?=\s*$|\s*[A-Za-z_$][\w$]*\s*(?:,|extends\b|=|>\s*\())/;
/** Where a type ends and a new member may start: a name, `>`, `]`, `)` or `}` ends the line. */
const ENDS_A_TYPE = /[\w$>\])}]\s*$/;
const COMMENT_ONLY = /^\s*(?:\/\/|\/\*|\*)/;

/**
 * TypeScript reads `<` on a new line as the start of a member, never as type arguments of the
 * type ending the line above; the grammar reads `Foo\n  <T>(x: T): T` as `Foo<T>` and loses the
 * rest of the file. A `;` in the indentation says where the member starts.
 */
function separateCallSignatures(text: string): string {
  if (!/\n[ \t]+<\s*(?:$|[A-Za-z_$])/m.test(text)) return text;
  const lines = text.split('\n');
  let previous = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const opening = CALL_SIGNATURE_LINE.exec(line);
    if (opening && ENDS_A_TYPE.test(previous)) {
      const indent = opening[1] as string;
      lines[i] = `${indent.slice(0, -1)};${line.slice(indent.length)}`;
    }
    if (line.trim() !== '' && !COMMENT_ONLY.test(line)) previous = line;
  }
  return lines.join('\n');
}

/**
 * Blanks (or separates) the few TypeScript, JSX and Swift constructs the grammars misread, keeping
 * every other character where it was, so lines, columns and byte offsets in the tree stay those of
 * the file. Without it, one `export type *` makes a valid file look broken ("syntax errors").
 */
export function maskUnsupportedSyntax(source: string, language: LanguageId): string {
  if (language === 'swift') return maskSwift(source);
  if (language === 'javascript') return maskJsx(source, language);
  if (!TS_FAMILY.has(language)) return source;
  let text = language === 'tsx' ? maskJsx(source, language) : source;
  if (text.includes('type')) text = text.replace(EXPORT_TYPE_STAR, (_m, a, b) => `export${a}    ${b}`);
  if (/\b(in|out)\s/.test(text))
    text = text.replace(VARIANCE, (_m, lead, mod) => lead + ' '.repeat(mod.length));
  return separateCallSignatures(text);
}
