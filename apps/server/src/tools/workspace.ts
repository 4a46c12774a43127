import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '@boocode/source-kit/files';
import ignore, { type Ignore } from 'ignore';
import { AppError } from '../errors.js';

interface Rules {
  /** Directory (relative to the root, posix) the .gitignore lives in. */
  base: string;
  ig: Ignore;
}

export interface WalkEntry {
  /** Relative to the workspace root, with `/` separators. */
  rel: string;
  abs: string;
  dirent: Dirent;
}

export type WalkDecision = boolean | 'skip' | undefined;

const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

/**
 * The one directory tools may read. Every path is resolved through symlinks and must land inside
 * the root: `..`, absolute paths elsewhere and symlinks leading out are refused before any read.
 */
export class Workspace {
  private constructor(readonly root: string) {}

  /** For a root already resolved by `open` (a tool worker gets it that way). */
  static at(realRoot: string): Workspace {
    return new Workspace(realRoot);
  }

  static async open(dir: string): Promise<Workspace> {
    try {
      return new Workspace(await realpath(dir));
    } catch {
      throw new AppError('CONFIG_INVALID', `WORKSPACE_DIR ${dir} does not exist or cannot be read`);
    }
  }

  private inside(abs: string): boolean {
    return isInside(this.root, abs);
  }

  /**
   * Resolves a user/model path to a real absolute path inside the workspace, or throws. What the
   * walk never shows cannot be named either: a path that is, or leads through a symlink to, `.git`,
   * `node_modules` or a gitignored file is refused, for every tool alike.
   */
  async resolve(input: string | undefined): Promise<string> {
    const requested = input === undefined || input.trim() === '' ? '.' : input.trim();
    const lexical = path.resolve(this.root, requested);
    if (!this.inside(lexical)) throw outside(requested);
    let real: string;
    try {
      real = await realpath(lexical);
    } catch {
      throw new AppError('NOT_FOUND', `no such file or directory in the workspace: ${requested}`);
    }
    if (!this.inside(real)) throw outside(requested, true);
    const isDir = (await stat(real)).isDirectory();
    if (
      (await this.isIgnored(this.relative(lexical), isDir)) ||
      (await this.isIgnored(this.relative(real), isDir))
    )
      throw new AppError(
        'PATH_IGNORED',
        `"${requested}" is ignored (.gitignore, .git or node_modules) and cannot be read; tools see only what git would track`,
      );
    return real;
  }

  relative(abs: string): string {
    return path.relative(this.root, abs).split(path.sep).join('/') || '.';
  }

  /**
   * Walks files and directories below `start` depth-first in name order, honouring every
   * .gitignore on the way, skipping .git and node_modules, and never following symlinked
   * directories (they could lead out or loop). `visit` returns false to stop the walk, 'skip' to
   * not descend into that directory.
   */
  async walk(
    start: string,
    visit: (entry: WalkEntry) => WalkDecision | Promise<WalkDecision>,
  ): Promise<void> {
    const rules = await this.rulesAbove(start);
    let stopped = false;
    const walkDir = async (abs: string, stack: Rules[]): Promise<void> => {
      const rel = this.relative(abs);
      const here = await this.loadRules(abs, rel === '.' ? '' : rel);
      const active = here ? [...stack, here] : stack;
      let entries: Dirent[];
      try {
        entries = await readdir(abs, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const dirent of entries) {
        if (stopped) return;
        if (ALWAYS_SKIPPED.has(dirent.name)) continue;
        const childAbs = path.join(abs, dirent.name);
        const childRel = this.relative(childAbs);
        if (isIgnored(active, childRel, dirent.isDirectory())) continue;
        if (dirent.isSymbolicLink()) {
          // A link is shown only when what it leads to could be shown itself.
          const target = await realpath(childAbs).catch(() => undefined);
          if (!target || !this.inside(target)) continue;
          const targetIsDir = await stat(target).then(
            (s) => s.isDirectory(),
            () => false,
          );
          if (await this.isIgnored(this.relative(target), targetIsDir)) continue;
        }
        const decision = await visit({ rel: childRel, abs: childAbs, dirent });
        if (decision === false) {
          stopped = true;
          return;
        }
        if (dirent.isDirectory() && decision !== 'skip') await walkDir(childAbs, active);
      }
    };
    await walkDir(start, rules);
  }

  /** .gitignore rules of the directories between the root and `start` (exclusive). */
  private async rulesAbove(start: string): Promise<Rules[]> {
    const rules: Rules[] = [];
    const rel = this.relative(start);
    if (rel === '.') return rules;
    const parts = rel.split('/');
    for (let i = 0; i < parts.length; i++) {
      const base = parts.slice(0, i).join('/');
      const loaded = await this.loadRules(path.join(this.root, base), base);
      if (loaded) rules.push(loaded);
    }
    return rules;
  }

  private async loadRules(absDir: string, base: string): Promise<Rules | undefined> {
    try {
      const text = await readFile(path.join(absDir, '.gitignore'), 'utf8');
      return { base, ig: ignore().add(text) };
    } catch {
      return undefined;
    }
  }

  /** Whether a path (relative to root) is hidden by a .gitignore; used to refuse direct reads too. */
  async isIgnored(rel: string, isDir: boolean): Promise<boolean> {
    if (rel === '.' || rel === '') return false;
    if (rel.split('/').some((part) => ALWAYS_SKIPPED.has(part))) return true;
    const rules = await this.rulesAbove(path.join(this.root, rel));
    return isIgnored(rules, rel, isDir);
  }
}

function isIgnored(stack: Rules[], rel: string, isDir: boolean): boolean {
  for (const { base, ig } of stack) {
    const sub = base === '' ? rel : rel.slice(base.length + 1);
    if (sub && ig.ignores(isDir ? `${sub}/` : sub)) return true;
  }
  return false;
}

function outside(requested: string, viaSymlink = false): AppError {
  return new AppError(
    'PATH_OUTSIDE_WORKSPACE',
    viaSymlink
      ? `"${requested}" is a symlink leading outside the workspace; only files inside the workspace can be read`
      : `"${requested}" is outside the workspace; use a path relative to the workspace root`,
  );
}
