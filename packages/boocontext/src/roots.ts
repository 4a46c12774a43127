import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ClientRoots } from '@boocode/mcp-server-kit';
import { isInside } from '@boocode/source-kit';
import { ToolFailure } from './envelope.js';

const resolved = (dirs: readonly string[]) =>
  dirs.map((d) => {
    try {
      return realpathSync(path.resolve(d));
    } catch {
      return path.resolve(d);
    }
  });

/**
 * Directories boocontext may read: the working directory and below by default, widened by
 * `--allow DIR` or `BOOCONTEXT_ALLOWED_ROOTS` (path-delimited). Started without either, the MCP
 * client's roots replace the working directory once it gives them (flags always win over roots).
 * A root outside is refused before anything under it is read.
 */
export class AllowedRoots implements ClientRoots {
  dirs: string[];
  private clientRootsGiven = false;

  /** `followsClient`: the directories are a default the client's roots replace. */
  constructor(
    dirs: readonly string[],
    private readonly followsClient = false,
  ) {
    this.dirs = resolved(dirs);
  }

  static fromEnvironment(cwd: string, fromEnv: readonly string[], extra: readonly string[]): AllowedRoots {
    return new AllowedRoots([cwd, ...fromEnv, ...extra], fromEnv.length === 0 && extra.length === 0);
  }

  wanted(): boolean {
    return this.followsClient && !this.clientRootsGiven;
  }

  /** The client's roots become the allowed directories, the first the default root; none keeps the default. */
  adopt(paths: string[]): void {
    if (!this.followsClient) return;
    this.clientRootsGiven = true;
    if (paths.length > 0) this.dirs = resolved(paths);
  }

  changed(): void {
    this.clientRootsGiven = false;
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
