import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Directories no index wants: vendored code, build output, VCS metadata, caches. */
const SKIPPED_DIRS = new Set([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'vendor',
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  'coverage',
  '.cache',
]);

/** Files above this size are generated or data, not code worth a call graph. */
export const MAX_FILE_BYTES = 1024 * 1024;

export interface RepoFile {
  /** Relative to the root, with `/` separators. */
  rel: string;
  abs: string;
}

/**
 * Files under `root` that `accept` wants, honouring nested .gitignore files and skipping vendored,
 * build and VCS directories; sorted by path. Symlinks are not followed.
 */
export async function listRepoFiles(
  root: string,
  accept: (rel: string) => boolean = () => true,
  signal?: AbortSignal,
): Promise<RepoFile[]> {
  const files: RepoFile[] = [];
  const walk = async (dir: string, rel: string, rules: { base: string; ig: Ignore }[]) => {
    if (signal?.aborted) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    // Only read a .gitignore that is there: a failed read per directory costs more than the listing.
    const own = entries.some((e) => e.name === '.gitignore')
      ? await readFile(path.join(dir, '.gitignore'), 'utf8').then(
          (text) => ({ base: rel, ig: ignore().add(text) }),
          () => undefined,
        )
      : undefined;
    const active = own ? [...rules, own] : rules;
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const isDir = entry.isDirectory();
      if (isDir && SKIPPED_DIRS.has(entry.name)) continue;
      if (
        active.some(({ base, ig }) =>
          ig.ignores(`${base ? childRel.slice(base.length + 1) : childRel}${isDir ? '/' : ''}`),
        )
      )
        continue;
      if (isDir) await walk(path.join(dir, entry.name), childRel, active);
      else if (entry.isFile() && accept(childRel))
        files.push({ rel: childRel, abs: path.join(dir, entry.name) });
    }
  };
  await walk(root, '', []);
  return files.sort((a, b) => (a.rel < b.rel ? -1 : 1));
}
