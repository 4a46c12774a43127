import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '@boocode/source-kit';
import { ToolFailure } from './envelope.js';

/**
 * Directories boocontext may read: the working directory and below by default, widened by
 * `--allow DIR` or `BOOCONTEXT_ALLOWED_ROOTS` (path-delimited). A root outside is refused before
 * anything under it is read.
 */
export class AllowedRoots {
  readonly dirs: string[];

  constructor(dirs: readonly string[]) {
    this.dirs = dirs.map((d) => {
      try {
        return realpathSync(path.resolve(d));
      } catch {
        return path.resolve(d);
      }
    });
  }

  static fromEnvironment(cwd: string, fromEnv: readonly string[], extra: readonly string[]): AllowedRoots {
    return new AllowedRoots([cwd, ...fromEnv, ...extra]);
  }

  /** The real path of `root` (default: the first allowed directory), or a refusal that says why. */
  check(root: string | undefined): string {
    const requested = path.resolve(root ?? this.dirs[0] ?? '.');
    let real: string;
    try {
      real = realpathSync(requested);
    } catch {
      throw new ToolFailure(
        'UNSAFE',
        'BAD_ROOT',
        `root ${requested} does not exist; pass root as an existing directory inside ${this.dirs.join(' or ')}`,
      );
    }
    if (!statSync(real).isDirectory())
      throw new ToolFailure('UNSAFE', 'BAD_ROOT', `root ${requested} is a file, not a directory`);
    const allowed = this.dirs.some((dir) => isInside(dir, real));
    if (!allowed) {
      throw new ToolFailure(
        'UNSAFE',
        'OUTSIDE_ROOT',
        `root ${requested} is outside the allowed directories (${this.dirs.join(', ')}); nothing was read. Start boocontext with --allow ${requested} or set BOOCONTEXT_ALLOWED_ROOTS to widen it`,
      );
    }
    return real;
  }

  /** A path given relative to (or inside) a root, checked to stay inside it. */
  static inside(root: string, file: string): string {
    const abs = path.resolve(root, file);
    if (!isInside(root, abs)) {
      throw new ToolFailure(
        'UNSAFE',
        'OUTSIDE_ROOT',
        `${file} is outside the root ${root}; give a path inside it`,
      );
    }
    return path.relative(root, abs).split(path.sep).join('/');
  }
}
