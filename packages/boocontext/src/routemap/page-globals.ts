import type { SourceFile } from './source-file.js';

/** A page that boots a front end: its inline scripts set the globals the code reads (`window.API_URL`). */
export const PAGE_FILE = /(?:^|\/)index\.html$/;

const ASSIGNED = /\bwindow\.([\w$]+)\s*=(?!=)\s*(["'])([^"'\\\n]*)\2/g;

/**
 * The values a front end's pages give `window.X` as a literal (Vikunja's index.html: `window.API_URL
 * = '/api/v1'`), for code that reads them at run time; for a name no page sets, the literal scripts
 * give it (a build script writing another page's `window.API_URL = ''` does not count against the
 * page's). A name given two different literals is nobody's for sure.
 */
export class PageGlobals {
  private readonly fromPages = new Map<string, Set<string>>();
  private readonly fromScripts = new Map<string, Set<string>>();

  constructor(pages: readonly SourceFile[], scripts: readonly SourceFile[] = []) {
    for (const [files, into] of [
      [pages, this.fromPages],
      [scripts, this.fromScripts],
    ] as const)
      for (const file of files)
        for (const m of file.text.matchAll(ASSIGNED))
          if (m[1] && m[3] !== undefined) into.set(m[1], (into.get(m[1]) ?? new Set()).add(m[3]));
  }

  value(name: string): string | undefined {
    const found = this.fromPages.get(name) ?? this.fromScripts.get(name);
    return found?.size === 1 ? [...found][0] : undefined;
  }
}
