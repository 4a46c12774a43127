import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeAtomically } from './write-atomically.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('writes through a symlink: the link stays a link and its target gets the text', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-write-'));
    const target = path.join(dir, 'dotfiles', 'mcp.json');
    const link = path.join(dir, 'mcp.json');
    await writeAtomically(target, '{}\n');
    symlinkSync(target, link);
    await writeAtomically(link, '{"mcpServers":{}}\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('{"mcpServers":{}}\n');
  });

  it('keeps the file’s mode, or sets the one asked for, and leaves no temporary file', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-write-'));
    const file = path.join(dir, 'login.json');
    writeFileSync(file, 'old', { mode: 0o640 });
    await writeAtomically(file, 'new');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    await writeAtomically(file, 'secret', 0o600);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('secret');
  });

  it('lands concurrent writes to one file one after another, the last one last', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'boocode-write-'));
    const file = path.join(dir, 'mcp.json');
    await Promise.all(Array.from({ length: 20 }, (_, i) => writeAtomically(file, `write ${i}`)));
    expect(readFileSync(file, 'utf8')).toBe('write 19');
    expect(readFileSync(file, 'utf8')).not.toBe('');
  });
});
