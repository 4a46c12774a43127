/** Single-file components (Vue, Svelte): markup around one or two `<script>` blocks of JS or TS. */
export const COMPONENT_FILE = /\.(vue|svelte)$/;

const SCRIPT = /(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi;

/**
 * A component file's scripts where they stand, everything else blanked (line breaks kept): parsed as
 * TypeScript, its symbols and calls keep the lines and columns they have in the file.
 */
export function componentScript(text: string): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  let out = '';
  let at = 0;
  for (const match of text.matchAll(SCRIPT)) {
    const open = match[1] as string;
    const start = (match.index as number) + open.length;
    out += blank(text.slice(at, start)) + (match[2] as string);
    at = start + (match[2] as string).length;
  }
  return out + blank(text.slice(at));
}
