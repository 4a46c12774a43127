import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir.js';

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function shipped(): string {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'mcp.json'), '{"mcpServers":{}}');
  writeFileSync(path.join(dir, 'AGENTS.md'), '# shipped agents\n');
  return dir;
}

describe('prepareDataDir', () => {
  it('gives an empty data folder the shipped mcp.json and AGENTS.md', () => {
    const data = path.join(tempDir(), 'data');
    expect(prepareDataDir(data, shipped()).seeded).toEqual(['mcp.json', 'AGENTS.md']);
    expect(readFileSync(path.join(data, 'AGENTS.md'), 'utf8')).toBe('# shipped agents\n');
  });

  it("never touches the user's own files", () => {
    const data = tempDir();
    writeFileSync(path.join(data, 'mcp.json'), '{"mine":true}');
    expect(prepareDataDir(data, shipped()).seeded).toEqual(['AGENTS.md']);
    expect(readFileSync(path.join(data, 'mcp.json'), 'utf8')).toBe('{"mine":true}');
    expect(prepareDataDir(data, shipped()).seeded).toEqual([]);
  });

  it('seeds nothing without a defaults folder, or when the defaults are the data folder', () => {
    const data = shipped();
    expect(prepareDataDir(tempDir()).seeded).toEqual([]);
    expect(prepareDataDir(data, data).seeded).toEqual([]);
  });

  it('says in one line which folder is not writable and what to run', () => {
    const data = tempDir();
    chmodSync(data, 0o500);
    // Root may write anywhere: as root, the check runs as another user, the way the container does.
    const root = process.getuid?.() === 0;
    if (root) chownSync(data, 1000, 1000);
    const compiled = new URL('../../dist/config/data-dir.js', import.meta.url).href;
    const asUser = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(compiled)});
         try { m.prepareDataDir(${JSON.stringify(data)}); } catch (e) { console.log(e.code, e.message); }`,
      ],
      { encoding: 'utf8', ...(root ? { uid: 1001, gid: 1001 } : {}) },
    );
    expect(asUser.stderr).toBe('');
    expect(asUser.stdout.trim().split('\n')).toHaveLength(1);
    expect(asUser.stdout).toMatch(
      /^DATA_DIR_NOT_WRITABLE DATA_DIR .+ is not writable by uid \d+ .*chown -R \d+:\d+/,
    );
  });

  it('fails with the underlying error for anything but permissions (a file where the folder goes)', () => {
    const file = path.join(tempDir(), 'not-a-dir');
    writeFileSync(file, '');
    expect(() => prepareDataDir(path.join(file, 'data'))).toThrow(/ENOTDIR/);
  });
});
