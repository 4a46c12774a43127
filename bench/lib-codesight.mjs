// Shared by the benches that put codesight beside boocontext: codesight 1.13.1 from npm, installed
// into bench/.work only (never a dependency of the project).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { workDir } from './lib-fetch.mjs';

const codesightDir = path.join(workDir, 'codesight');
export const codesightBin = path.join(codesightDir, 'node_modules/codesight/dist/index.js');

export function installCodesight() {
  if (existsSync(codesightBin)) return;
  mkdirSync(codesightDir, { recursive: true });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', codesightDir, 'codesight@1.13.1'], {
    stdio: 'inherit',
  });
}

/** codesight `--json` prints a banner, then the JSON document. */
export const parseCodesightOutput = (stdout) => JSON.parse(stdout.slice(stdout.indexOf('\n{') + 1));

/**
 * codesight writes its files under the root it scans whatever `-o` says (an absolute path is
 * joined onto the root): the benches give it this name and remove it after each run, so the next
 * tool, and the next round, scan the tree as it was.
 */
const OUT = '.codesight-bench';
export const codesightArgs = (root) => [codesightBin, '--json', '-o', OUT, root];
export const removeCodesightOutput = (root) => rmSync(path.join(root, OUT), { recursive: true, force: true });
