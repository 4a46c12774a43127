import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from './files.js';
import { readIfChanged } from './read.js';

const dir = mkdtempSync(path.join(tmpdir(), 'read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Buffer) => {
  const abs = path.join(dir, name);
  writeFileSync(abs, content);
  return abs;
};
const text = (abs: string, known?: { size: number; mtimeMs: number }) => {
  const result = readIfChanged(abs, known);
  return result.kind === 'read' ? result.buffer.toString('utf8') : result.kind;
};

describe('readIfChanged', () => {
  it('reads each file whole, a long one and then a short one through the same buffer', () => {
    const long = file('long.ts', `export const a = '${'x'.repeat(70_000)}';\n`);
    const short = file('short.ts', 'export {};\n');
    expect(text(long)).toHaveLength(70_021);
    expect(text(short)).toBe('export {};\n');
  });

  it('reuses an unchanged file by size and mtime, and reads a changed one', () => {
    const abs = file('a.ts', 'one');
    const info = statSync(abs);
    expect(text(abs, { size: info.size, mtimeMs: Math.floor(info.mtimeMs) })).toBe('unchanged');
    expect(text(abs, { size: info.size + 1, mtimeMs: Math.floor(info.mtimeMs) })).toBe('one');
  });

  it('skips what it cannot read as source: gone, binary, past the cap, a directory, a named pipe', () => {
    expect(text(path.join(dir, 'gone.ts'))).toBe('skip');
    expect(text(file('bin.ts', Buffer.from([65, 0, 66])))).toBe('skip');
    expect(text(file('big.ts', Buffer.alloc(MAX_FILE_BYTES + 1, 65)))).toBe('skip');
    expect(text(file('cap.ts', Buffer.alloc(MAX_FILE_BYTES, 65)))).toHaveLength(MAX_FILE_BYTES);
    expect(text(dir)).toBe('skip');
    const fifo = path.join(dir, 'pipe.ts');
    execFileSync('mkfifo', [fifo]);
    expect(text(fifo)).toBe('skip');
  });
});
