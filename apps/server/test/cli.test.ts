import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const bins = {
  boocode: path.resolve(here, '../bin/boocode.js'),
  boocontext: path.resolve(here, '../../../packages/boocontext/bin/boocontext.js'),
};
const dir = mkdtempSync(path.join(tmpdir(), 'boocode-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a bin whose reader goes away before it writes (`… | head -0`): its exit code and stderr. */
function withClosedReader(bin: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('the command lines, piped into a reader that closes early', () => {
  it('exit quietly instead of crashing on EPIPE with a stack trace', async () => {
    const config = path.join(dir, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { off: { command: 'true', enabled: false } } }));
    writeFileSync(path.join(dir, 'a.ts'), 'export const a = 1;\n');
    for (const [bin, args] of [
      [bins.boocode, ['mcp', 'list', '--config', config]],
      [bins.boocontext, ['overview', '--json']],
    ] as const) {
      const { code, stderr } = await withClosedReader(bin, [...args]);
      expect({ bin: path.basename(bin), code, stderr }).toEqual({
        bin: path.basename(bin),
        code: 0,
        stderr: '',
      });
    }
  });
});
