import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, run } from './support.js';

const READMES = [
  'README.md',
  'packages/boocontext/README.md',
  'packages/code-graph/README.md',
  'packages/ts-types/README.md',
];
/** Commands a reader would paste: the bins, through npx or bare. */
const RUNNABLE = /^(npx |boocode |boocontext |code-graph |ts-types )/;
/** The scratch file the README's editing examples write to. */
const SCRATCH = '/tmp/boocode-readme';

function shellCommands(file: string): string[] {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n').map((line) => line.trim()))
    .filter((line) => RUNNABLE.test(line));
}

describe('every command the READMEs show, run verbatim', () => {
  const commands = READMES.flatMap((file) => shellCommands(file).map((command) => ({ file, command })));

  it('finds the commands to run', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
  });

  it('shows no synopsis as a command (those go in text blocks)', () => {
    const synopses = commands.filter(({ command }) => /[<>…|]|\[-/.test(command.replace(/'[^']*'/g, '')));
    expect(synopses).toEqual([]);
  });

  it('runs each one to a clean exit', async () => {
    rmSync(SCRATCH, { recursive: true, force: true });
    try {
      for (const { file, command } of commands) {
        // Servers among them (`npx boocontext` serves stdio) stop when their input closes.
        const ran = await run('bash', ['-c', command], { cwd: repoRoot, timeoutMs: 120_000 });
        expect({ file, command, code: ran.code, stderr: ran.stderr.slice(-2000) }).toMatchObject({ code: 0 });
        expect(ran.stdout.trim().length, `${command} printed nothing`).toBeGreaterThan(0);
      }
    } finally {
      rmSync(SCRATCH, { recursive: true, force: true });
    }
  }, 600_000);
});
