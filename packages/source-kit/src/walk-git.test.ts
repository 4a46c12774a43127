// The files a walk shows, against git's own list of them (`git ls-files -co --exclude-standard`:
// tracked and untracked files that no ignore rule excludes), on trees of tricky ignore files and
// on this repository itself.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkTree } from './walk.js';

const work = mkdtempSync(path.join(tmpdir(), 'walk-git-'));
// git and the walk both read the user's global excludes from here.
const home = path.join(work, 'home');
const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
beforeAll(() => {
  mkdirSync(home, { recursive: true });
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = path.join(home, '.config');
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved))
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  rmSync(work, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });

async function walked(root: string): Promise<string[]> {
  const files: string[] = [];
  await walkTree(root, (entry) => void (entry.kind === 'file' && files.push(entry.rel)), {
    skipDirs: new Set(['.git']),
  });
  return files.sort();
}

const gitListed = (root: string) =>
  git(root, 'ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean).sort();

function repo(name: string, files: Record<string, string>): string {
  const root = path.join(work, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  git(root, 'init', '-q');
  return root;
}

const CASES: Record<string, Record<string, string>> = {
  'a deeper negation re-includes a file': {
    '.gitignore': '*.tmp.ts\n',
    'a.tmp.ts': '',
    'sub/.gitignore': '!keep.tmp.ts\n',
    'sub/keep.tmp.ts': '',
    'sub/drop.tmp.ts': '',
    'src/x.ts': '',
  },
  'a deeper negation re-includes a directory': {
    '.gitignore': '**/out/\n',
    'out/a.js': '',
    'pkg/out/b.js': '',
    'pkg/.gitignore': '!out/\n',
    'other/out/c.js': '',
  },
  'anchored, ** and directory-only patterns': {
    '.gitignore': '/build\nlogs/**/*.log\ncache/\n!cache/keep\n',
    'build/a.js': '',
    'src/build/b.js': '',
    'logs/x/y/z.log': '',
    'logs/x/y/z.txt': '',
    'cache/keep': '',
    'cache-file': '',
    'src/cache': '',
  },
  'escaped characters and trailing spaces': {
    '.gitignore': '\\#hash.txt\n\\!bang.txt\nspace.txt   \n# a comment\n',
    '#hash.txt': '',
    '!bang.txt': '',
    'space.txt': '',
    'kept.txt': '',
  },
  // Patterns as long .gitignore templates write them: a path is tried only against the patterns
  // whose plain run of characters it holds, so what is inside brackets must not count as one.
  'bracket expressions, ** and negations among many patterns': {
    '.gitignore': [
      '[Dd]ebug/',
      '[Bb]in/',
      '[Oo]bj/',
      'x64/',
      '*.[Cc]ache',
      '!*.[Cc]ache/',
      '*.user',
      '*.sw[op]',
      '**/[Pp]ackages/*',
      '!**/[Pp]ackages/build/',
      'src/**/gen-*.cs',
      '*_i.c',
      '*.?db',
      '~$*',
      '*~',
      '.vs/',
      'publish*/',
      '!publish-keep/',
    ].join('\n'),
    'src/Api/bin/x.dll': '',
    'src/Api/obj/y.json': '',
    'Debug/z.pdb': '',
    'debug.cs': '',
    'a.cache': '',
    'a.Cache': '',
    'keep.cache/readme.md': '',
    'app.user': '',
    'notes.swp': '',
    'notes.swx': '',
    'packages/lib/a.nupkg': '',
    'packages/build/b.props': '',
    'src/deep/gen-model.cs': '',
    'src/deep/model.cs': '',
    'x_i.c': '',
    'data.mdb': '',
    '~$report.docx': '',
    'draft.txt~': '',
    '.vs/settings.json': '',
    'publish1/out.txt': '',
    'publish-keep/out.txt': '',
    'Program.cs': '',
    'binder.cs': '',
  },
  'a re-included file under an excluded directory stays out, as in git': {
    '.gitignore': 'gen/\n!gen/keep.ts\n',
    'gen/keep.ts': '',
    'gen/drop.ts': '',
  },
};

describe('what a walk shows equals git’s own list', () => {
  for (const [name, files] of Object.entries(CASES))
    it(name, async () => {
      const root = repo(name.replace(/\W+/g, '-'), files);
      expect(await walked(root)).toEqual(gitListed(root));
    });

  it('with the repository’s info/exclude and the user’s global excludes file', async () => {
    const root = repo('excludes', { 'a.ts': '', 'local-only.ts': '', 'editor.swp': '', 'src/b.swp': '' });
    writeFileSync(path.join(root, '.git/info/exclude'), 'local-only.ts\n');
    mkdirSync(path.join(home, '.config/git'), { recursive: true });
    writeFileSync(path.join(home, '.config/git/ignore'), '*.swp\n');
    expect(await walked(root)).toEqual(gitListed(root));
    expect(await walked(root)).toEqual(['.gitignore', 'a.ts'].filter((f) => f !== '.gitignore'));
  });

  it('with core.excludesFile set in ~/.gitconfig', async () => {
    const root = repo('core-excludes', { 'a.ts': '', 'notes.scratch': '' });
    writeFileSync(path.join(home, 'global-ignore'), '*.scratch\n');
    writeFileSync(path.join(home, '.gitconfig'), '[core]\n\texcludesFile = ~/global-ignore\n');
    expect(await walked(root)).toEqual(gitListed(root));
    expect(await walked(root)).toEqual(['a.ts']);
    rmSync(path.join(home, '.gitconfig'));
  });

  it('on this repository', async () => {
    const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    if (!git(here, 'rev-parse', '--show-toplevel').trim()) return;
    expect(await walked(here)).toEqual(gitListed(here));
  });
});
