// Shared by the benches: fetch an npm package's tarball into bench/.work and unpack it once.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.work');

/** Returns the unpacked package directory of `spec` (e.g. `rxjs@7.8.1`), under `into`. */
export function fetchPackage(spec, into = workDir) {
  mkdirSync(into, { recursive: true });
  const dir = path.join(into, spec.replace(/[@/]/g, '_'));
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: into, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['xzf', path.join(into, tarball), '-C', dir, '--strip-components=1']);
  return dir;
}
