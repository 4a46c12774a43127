import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The `node_modules/.bin` folders above `fromDir`, nearest first: where npm linked the bins
 * installed beside BooCode (`boocontext` among them).
 */
export function installedBinDirs(fromDir: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules', '.bin');
    if (existsSync(bin)) dirs.push(bin);
    if (path.dirname(dir) === dir) return dirs;
  }
}

/**
 * PATH with `dirs` in front (those already on it are moved, not repeated), as `npm run` builds it:
 * a bare `"command": "boocontext"` in mcp.json then starts the one installed with this BooCode,
 * from a checkout, an npm install or the container image alike.
 */
export function withBinDirsFirst(pathValue: string | undefined, dirs: readonly string[]): string {
  const rest = (pathValue ?? '').split(path.delimiter).filter((d) => d !== '' && !dirs.includes(d));
  return [...dirs, ...rest].join(path.delimiter);
}
