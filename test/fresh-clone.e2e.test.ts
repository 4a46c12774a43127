import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, run, scratch } from './support.js';

const BINS = ['boocode', 'boocontext', 'code-graph', 'ts-types'];

describe('a fresh clone', () => {
  it('links every bin at install time, and each answers --version once built', async () => {
    const clone = path.join(scratch('boocode-clone-'), 'repo');
    expect((await run('git', ['clone', '-q', repoRoot, clone])).code).toBe(0);
    // Scripts off: better-sqlite3's compile is not what this checks, and the bins must be linked by
    // the install itself, before `prepare` (npm run build) has made any dist/ file.
    const install = await run(
      'npm',
      ['ci', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        cwd: clone,
        timeoutMs: 300_000,
      },
    );
    expect(install.code, install.stderr).toBe(0);
    for (const bin of BINS) {
      const link = path.join(clone, 'node_modules/.bin', bin);
      accessSync(link, constants.X_OK);
      const unbuilt = await run('npx', ['--no-install', bin, '--version'], { cwd: clone });
      expect(unbuilt.code).toBe(1);
      expect(unbuilt.stderr).toMatch(new RegExp(`${bin} is not built yet .* run \`npm run build\``));
    }
    const build = await run('npm', ['run', 'build'], { cwd: clone, timeoutMs: 300_000 });
    expect(build.code, build.stderr).toBe(0);
    for (const bin of BINS) {
      const ran = await run('npx', ['--no-install', bin, '--version'], { cwd: clone });
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout.trim()).toMatch(new RegExp(`^${bin} \\d+\\.\\d+\\.\\d+$`));
    }
  }, 600_000);

  it('installs with no engine warning on this node', () => {
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string }; dev?: boolean }>;
    };
    const demanding = Object.entries(lock.packages)
      .filter(([, p]) => /^>=\s*2[2-9]/.test(p.engines?.node ?? ''))
      .map(([name, p]) => `${name} (${p.engines?.node})`);
    expect(demanding).toEqual([]);
  });
});
