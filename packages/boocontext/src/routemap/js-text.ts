/**
 * Just enough of JavaScript's lexical shape to read HTTP calls out of source text: where comments
 * are, where a bracket closes, where an expression ends, how a string or template reads. Strings,
 * templates (with their `${}` holes) and regular-expression-free code are handled; anything
 * stranger makes a reader give up on that call, never on the file.
 */

/** The text with comments blanked (newlines kept, so offsets and lines stay true). */
export function blankComments(text: string): string {
  const parts: string[] = [];
  let kept = 0;
  let i = 0;
  const blank = (from: number, to: number) => {
    parts.push(text.slice(kept, from), text.slice(from, to).replace(/[^\n]/g, ' '));
    kept = to;
  };
  const special = /["'`/]/g;
  while (i < text.length) {
    special.lastIndex = i;
    const found = special.exec(text);
    if (!found) break;
    i = found.index;
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '/') i++;
    else i = (stringEnd(text, i) ?? i) + 1;
  }
  if (kept === 0) return text;
  parts.push(text.slice(kept));
  return parts.join('');
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** Offset of the bracket closing the one at `open`, strings and templates skipped; undefined if none. */
export function closing(text: string, open: number): number | undefined {
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '`') {
      for (i++; i < text.length && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') i = closing(text, i + 1) ?? text.length;
      }
    } else if (OPEN[c]) stack.push(OPEN[c] as string);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return undefined;
      if (stack.length === 0) return i;
    }
  }
  return undefined;
}

/** Splits `text` at top-level occurrences of `separator` (outside brackets, strings, templates). */
export function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (OPEN[c] || c === '"' || c === "'" || c === '`') {
      const end = c === '"' || c === "'" || c === '`' ? stringEnd(text, i) : closing(text, i);
      if (end === undefined) return [text];
      i = end;
    } else if (text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Offset of the quote closing the string or template opened at `open`. */
export function stringEnd(text: string, open: number): number | undefined {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
      const end = closing(text, i + 1);
      if (end === undefined) return undefined;
      i = end;
    } else if (quote !== '`' && text[i] === '\n') return undefined;
  }
  return undefined;
}

/** A call's arguments, as text, from the offset of its `(`. */
export function callArguments(text: string, open: number): { args: string[]; end: number } | undefined {
  const end = closing(text, open);
  if (end === undefined) return undefined;
  const inner = text.slice(open + 1, end);
  const args = inner.trim() ? splitTop(inner, ',').map((a) => a.trim()) : [];
  return { args: args.filter((a, i) => a || i < args.length - 1), end };
}

/**
 * Where an expression that starts at `from` ends: at a top-level `;`, `,` or closing bracket, or at a
 * line end not followed by something that continues it (an operator, a member access).
 */
export function expressionEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    if (OPEN[c] || c === '"' || c === "'" || c === '`') {
      const end = c === '"' || c === "'" || c === '`' ? stringEnd(text, i) : closing(text, i);
      if (end === undefined) return text.length;
      i = end;
    } else if (c === ';' || c === ',' || c === ')' || c === ']' || c === '}') return i;
    else if (c === '\n') {
      const rest = text.slice(i + 1).trimStart();
      if (!/^([?:+.|&]|\?\?)/.test(rest) && !/[=(+?:|&,]\s*$/.test(text.slice(from, i))) return i;
    }
  }
  return text.length;
}

/** The value of a plain string literal (`'a'`, `"a"`, a template with no holes), else undefined. */
export function stringValue(text: string): string | undefined {
  const t = text.trim();
  const quote = t[0];
  if ((quote === '"' || quote === "'" || quote === '`') && t.endsWith(quote as string) && t.length >= 2) {
    const body = t.slice(1, -1);
    if (quote === '`' && body.includes('${')) return undefined;
    return body.replace(/\\(.)/g, '$1');
  }
  return undefined;
}
