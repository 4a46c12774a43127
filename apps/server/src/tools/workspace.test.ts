import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeToolsInProcess } from './native/index.js';
import { Workspace } from './workspace.js';

let root: string;
let ws: Workspace;
const run = async (name: string, args: Record<string, unknown>) => {
  const tool = nativeToolsInProcess(ws).find((t) => t.name === name);
  if (!tool) throw new Error(name);
  return tool.run(args, { signal: new AbortController().signal });
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ws-test-'));
  const w = path.join(root, 'w');
  await mkdir(path.join(w, 'src', 'deep'), { recursive: true });
  await mkdir(path.join(w, 'build'), { recursive: true });
  await mkdir(path.join(w, '.git'), { recursive: true });
  await writeFile(path.join(w, '.gitignore'), 'build/\n*.log\n.env\n');
  await writeFile(path.join(w, '.env'), 'alpha_SECRET=hunter2\n');
  await symlink(path.join(w, '.env'), path.join(w, 'env-link'));
  await symlink(path.join(w, '.git', 'config'), path.join(w, 'git-config-link'));
  await mkdir(path.join(w, 'node_modules', 'dep'), { recursive: true });
  await writeFile(path.join(w, 'node_modules', 'dep', 'index.js'), 'alpha\n');
  await writeFile(path.join(w, 'minified.js'), 'x'.repeat(1_500_000));
  await writeFile(path.join(w, 'big.txt'), `alpha\n${'y'.repeat(1_200_000)}\n`);
  await writeFile(path.join(w, 'src', '.gitignore'), 'generated.ts\n');
  await writeFile(path.join(w, 'src', 'a.ts'), 'export function alpha() {}\nconst beta = 2;\n');
  await writeFile(path.join(w, 'src', 'generated.ts'), 'export function alpha2() {}\n');
  await writeFile(path.join(w, 'src', 'deep', 'b.test.ts'), 'alpha();\n');
  await writeFile(path.join(w, 'build', 'out.js'), 'alpha\n');
  await writeFile(path.join(w, 'debug.log'), 'alpha\n');
  await writeFile(path.join(w, '.git', 'config'), 'alpha\n');
  await writeFile(path.join(w, 'image.bin'), Buffer.from([0, 1, 2, 97, 108, 112, 104, 97]));
  await writeFile(path.join(w, 'lines.txt'), Array.from({ length: 3000 }, (_, i) => `L${i + 1}`).join('\n'));
  await writeFile(path.join(root, 'secret'), 'alpha outside\n');
  await symlink(path.join(root, 'secret'), path.join(w, 'link-out'));
  await symlink(root, path.join(w, 'dir-out'));
  await symlink(path.join(w, 'src', 'a.ts'), path.join(w, 'link-in.ts'));
  ws = await Workspace.open(w);
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('native tools', () => {
  it('grep honours nested .gitignore files, skips .git, binaries and links leading out', async () => {
    const result = await run('grep', { pattern: 'alpha' });
    expect(result.error).toBe(false);
    expect(
      result.output
        .split('\n')
        .filter((line) => !line.startsWith('[skipped'))
        .sort(),
    ).toEqual([
      'link-in.ts:1: export function alpha() {}',
      'src/a.ts:1: export function alpha() {}',
      'src/deep/b.test.ts:1: alpha();',
    ]);
  });

  it('grep filters by glob, caps results and explains a bad regex', async () => {
    expect((await run('grep', { pattern: 'alpha', glob: '**/*.test.ts' })).output).toBe(
      'src/deep/b.test.ts:1: alpha();',
    );
    const capped = await run('grep', { pattern: '^L', path: 'lines.txt', max_results: 5 });
    expect(capped.output.split('\n')).toHaveLength(6);
    expect(capped.output).toMatch(/results capped at 5/);
    expect(await run('grep', { pattern: '(' })).toMatchObject({
      error: true,
      output: expect.stringMatching(/invalid regular expression/),
    });
  });

  it('view_file shows numbered line ranges and says what is left', async () => {
    const first = await run('view_file', { path: 'lines.txt' });
    expect(first.output).toMatch(
      /^lines.txt: lines 1-2000 of 3000; more below: call again with start_line=2001/,
    );
    const range = await run('view_file', { path: 'lines.txt', start_line: 10, end_line: 12 });
    expect(range.output.split('\n').slice(1)).toEqual(['10\tL10', '11\tL11', '12\tL12']);
    expect(await run('view_file', { path: 'image.bin' })).toMatchObject({
      error: true,
      output: expect.stringMatching(/binary/),
    });
    expect(await run('view_file', { path: 'src' })).toMatchObject({
      error: true,
      output: expect.stringMatching(/directory/),
    });
    expect(await run('view_file', {})).toMatchObject({
      error: true,
      output: expect.stringMatching(/invalid arguments.*path/),
    });
  });

  it('refuses every way out of the workspace', async () => {
    for (const p of [
      '../secret',
      path.join(root, 'secret'),
      'link-out',
      'dir-out/secret',
      'src/../../secret',
    ]) {
      const result = await run('view_file', { path: p });
      expect(result.error, p).toBe(true);
      expect(result.output, p).toMatch(/outside the workspace/);
    }
    expect((await run('list_dir', { path: '..' })).error).toBe(true);
  });

  it('list_dir lists one level, find_files matches globs, both honour .gitignore', async () => {
    const list = await run('list_dir', {});
    expect(list.output.split('\n').slice(1)).toEqual([
      '.gitignore',
      'big.txt',
      'image.bin',
      'lines.txt',
      'link-in.ts',
      'minified.js',
      'src/',
    ]);
    expect((await run('find_files', { pattern: '*.ts' })).output.split('\n')).toEqual([
      'link-in.ts',
      'src/a.ts',
      'src/deep/b.test.ts',
    ]);
    expect((await run('find_files', { pattern: 'src/**/*.test.ts' })).output).toBe('src/deep/b.test.ts');
    expect((await run('find_files', { pattern: '*.xyz' })).output).toMatch(/no files match/);
  });
});

describe('one ignore rule for every native tool', () => {
  it.each([
    ['grep', { pattern: 'SECRET', path: '.env' }],
    ['grep', { pattern: 'alpha', path: '.git' }],
    ['grep', { pattern: 'alpha', path: 'env-link' }],
    ['view_file', { path: 'git-config-link' }],
    ['view_file', { path: '.env' }],
    ['list_dir', { path: 'node_modules' }],
    ['find_files', { pattern: '*.js', path: 'node_modules/dep' }],
    ['grep', { pattern: 'alpha', path: 'build/out.js' }],
  ])('%s %j is refused as ignored', async (name, args) => {
    expect(await run(name, args)).toEqual({ error: true, output: expect.stringMatching(/is ignored/) });
  });

  it('a repository-wide search never shows a secret through a symlink', async () => {
    const grep = await run('grep', { pattern: 'hunter2|alpha' });
    expect(grep.output).not.toMatch(/hunter2|env-link|git-config-link|node_modules/);
    const listing = await run('list_dir', {});
    expect(listing.output).not.toMatch(/env-link|git-config-link|node_modules|\.env/);
    expect((await run('find_files', { pattern: '*link*' })).output).toBe('link-in.ts');
  });

  it('grep names the files it skipped for size; view_file shows a one-line file cut, not empty', async () => {
    expect((await run('grep', { pattern: 'nothing-matches-this' })).output).toMatch(
      /skipped 2 file\(s\) over 1 MB: big.txt, minified.js; read them with view_file/,
    );
    const view = await run('view_file', { path: 'minified.js' });
    expect(view.error).toBe(false);
    expect(view.output).toMatch(/^minified.js: lines 1-1 of 1\+/);
    expect(view.output).toMatch(/x{100}… \[line cut\]/);
  });
});
