/** Readings of a declaration's source text shared by the flow's framework readers. */

/** `text` with each quoted string (escapes kept inside, lines crossed) replaced by `by`. */
export const blankStrings = (text: string, by: string): string =>
  text.replace(/(["'`])(?:\\.|(?!\1).)*\1/gs, by);

/** What `name` was last assigned above (`name = …`): the text from its value on; none when never. */
export function lastAssigned(text: string, name: string): string | undefined {
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(new RegExp(`\\b${name}\\s*=\\s*`, 'g'))) last = m;
  return last ? text.slice(last.index + last[0].length) : undefined;
}

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The offset of the bracket closing the one at `open` (its own kind counted), or the text's end. */
export function closingBracket(text: string, open: number): number {
  const opener = text[open] ?? '';
  const closer = CLOSERS[opener];
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === opener) depth++;
    else if (text[at] === closer && --depth === 0) return at;
  }
  return text.length;
}
