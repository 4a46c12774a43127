import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '@boocode/source-kit/files';
import {
  isPathHidden,
  linkTargetInside,
  VCS_AND_DEPENDENCY_DIRS,
  type WalkDecision,
  type WalkEntry,
  walkTree,
} from '@boocode/source-kit/walk';
import { AppError } from '../errors.js';

export type { WalkEntry } from '@boocode/source-kit/walk';

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
    if (this.isIgnored(this.relative(lexical), isDir) || this.isIgnored(this.relative(real), isDir))
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
   * .gitignore on the way and skipping .git and node_modules: what a user may see, build output
   * included. A symlink is shown when what it leads to could be shown itself; none is descended
   * into (it could lead out or loop). `visit` returns false to stop the walk, 'skip' to not
   * descend into that directory.
   */
  walk(start: string, visit: (entry: WalkEntry) => WalkDecision | Promise<WalkDecision>): Promise<void> {
    return walkTree(this.root, visit, {
      start,
      skipDirs: VCS_AND_DEPENDENCY_DIRS,
      showLink: (link) => {
        const target = linkTargetInside(this.root, link.abs);
        return target !== undefined && !this.isIgnored(this.relative(target.real), target.isDir);
      },
    });
  }

  /** Whether a path (relative to root) is hidden from the walk; used to refuse direct reads too. */
  isIgnored(rel: string, isDir: boolean): boolean {
    return isPathHidden(this.root, rel === '.' ? '' : rel, isDir, VCS_AND_DEPENDENCY_DIRS);
  }
}

function outside(requested: string, viaSymlink = false): AppError {
  return new AppError(
    'PATH_OUTSIDE_WORKSPACE',
    viaSymlink
      ? `"${requested}" is a symlink leading outside the workspace; only files inside the workspace can be read`
      : `"${requested}" is outside the workspace; use a path relative to the workspace root`,
  );
}
