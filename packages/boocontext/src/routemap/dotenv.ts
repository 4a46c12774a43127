import path from 'node:path';
import { parseEnv } from 'node:util';
import type { SourceFile } from './source-file.js';

/**
 * The order a folder's dotenv files are read in for a name: the development ones first (they point at
 * this repository's own back end, a local server or the dev server's proxy, where production's often
 * name a deployment's host or a placeholder), then the plain `.env`, then any other by name.
 */
const FIRST = ['.env.development.local', '.env.development', '.env.local', '.env'];
const rank = (name: string) => {
  const at = FIRST.indexOf(name);
  return at >= 0 ? at : FIRST.length;
};

/** The dotenv values of a tree's folders, for the code below each folder. */
export class DotEnv {
  private readonly byFolder = new Map<
    string,
    { name: string; values: Record<string, string | undefined> }[]
  >();

  constructor(files: readonly SourceFile[]) {
    for (const file of files) {
      const folder = path.posix.dirname(file.rel);
      const list = this.byFolder.get(folder) ?? [];
      list.push({ name: path.posix.basename(file.rel), values: parseEnv(file.text) });
      this.byFolder.set(folder, list);
    }
    for (const list of this.byFolder.values())
      list.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  }

  /** The value `name` has for code in `rel`: from the nearest folder up that sets it. */
  value(rel: string, name: string): string | undefined {
    if (this.byFolder.size === 0) return undefined;
    for (let folder = path.posix.dirname(rel); ; folder = path.posix.dirname(folder)) {
      for (const file of this.byFolder.get(folder) ?? []) {
        const value = file.values[name];
        if (value !== undefined) return value;
      }
      if (folder === '.' || folder === '/' || folder === '') return undefined;
    }
  }
}
