import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo {
  name: string;
  version: string;
  /** The package's directory (where its package.json is). */
  dir: string;
}

/**
 * The package.json nearest above a module: the module's own package, whether it runs from
 * `dist/`, from a bundle in `dist/bundle/`, or installed under node_modules. Pass `import.meta.url`.
 */
export function packageInfo(moduleUrl: string): PackageInfo {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Partial<PackageInfo>;
      if (typeof json.name === 'string' && typeof json.version === 'string')
        return { name: json.name, version: json.version, dir };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
}
