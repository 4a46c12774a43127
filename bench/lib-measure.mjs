// Measuring helpers of the benches: one command as its own process under /usr/bin/time (wall time,
// peak RSS, its output), and the median they all report.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The middle value (the upper of the two middle ones for an even count), as every bench reports it. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function timed(command, args, { cwd, env = {} } = {}) {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', command, ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr.slice(-800)}`);
  const rssKb = Number(run.stderr.trim().split('\n').pop());
  return { ms, rssMb: rssKb / 1024, stdout: run.stdout };
}

/** One measurement by lib-scale-child.mjs in a fresh process: what it prints, with the process's peak RSS. */
export function inChild(...args) {
  const { stdout, rssMb } = timed(process.execPath, [path.join(here, 'lib-scale-child.mjs'), ...args]);
  return { ...JSON.parse(stdout.trim().split('\n').pop()), rssMb };
}
