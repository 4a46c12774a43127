import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPathsMatcher, getTsconfig } from 'get-tsconfig';

const JS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** Components' files a bundler finds without their extension (vue-cli's, Vite's with Vue or Svelte). */
const COMPONENT_EXTENSIONS = ['.vue', '.svelte'];

type PathsMatcher = (specifier: string) => string[];

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Turns an import specifier into a file of the index: relative paths (with the `.js`→`.ts`
 * mapping of ESM TypeScript), `tsconfig` `paths`, workspace package names, Python modules and Go
 * packages. Built once per index pass from the set of indexed files.
 */
/**
 * `dir/rel` for a folder of indexed paths (`.` the root) and a relative path of names, without
 * normalising: both are clean, and this runs for every candidate of every import (node's
 * join-and-normalise was most of a Rust app's module resolution).
 */
const joinClean = (dir: string, rel: string): string =>
  dir === '.' || dir === '' ? rel || '.' : rel ? `${dir}/${rel}` : dir;

export class ModuleResolver {
  private readonly files: Set<string>;
  private readonly dirs = new Map<string, string[]>();
  /** The `paths` matcher of the tsconfig (or jsconfig) governing each directory, by directory. */
  private readonly matchers = new Map<string, { config: string; match: PathsMatcher } | null>();
  private readonly tsconfigCache = new Map<string, unknown>();
  private readonly packages = new Map<string, string>();
  /** Go modules by directory (relative to root): nested modules are common in monorepos. */
  private readonly goModules = new Map<string, string>();

  /**
   * `exists` answers whether a root-relative path is a file (configs, manifests); by default it
   * asks the file system, but a caller that has just listed the tree can answer from its listing.
   */
  constructor(
    private readonly root: string,
    files: Iterable<string>,
    private readonly exists: (rel: string) => boolean = (rel) => existsSync(path.join(root, rel)),
  ) {
    this.files = new Set(files);
    for (const file of this.files) {
      const dir = path.posix.dirname(file);
      const list = this.dirs.get(dir) ?? [];
      list.push(file);
      this.dirs.set(dir, list);
    }
    this.loadWorkspacePackages();
    this.loadGoModules();
  }

  /**
   * The `paths` of the nearest tsconfig.json (else jsconfig.json) above a directory, inside the
   * root: read as TypeScript reads it (comments, trailing commas, `extends` chains including
   * packages such as `@tsconfig/*`, `baseUrl`), each package of a monorepo with its own.
   */
  private matcherFor(dir: string): { config: string; match: PathsMatcher } | null {
    const known = this.matchers.get(dir);
    if (known !== undefined) return known;
    let found: { config: string; match: PathsMatcher } | null = null;
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const configDir = this.nearestDirWith(dir, name);
      if (configDir === undefined) continue;
      try {
        const config = getTsconfig(
          path.join(this.root, configDir),
          name,
          this.tsconfigCache as Map<string, never>,
        );
        if (!config) continue;
        const match = createPathsMatcher(config);
        found = match ? { config: config.path, match } : null;
        break;
      } catch {
        // An unreadable config resolves nothing, as before.
      }
    }
    this.matchers.set(dir, found);
    return found;
  }

  private readonly nearest = new Map<string, string | undefined>();

  /**
   * The closest directory at or above `dir`, inside the root, holding `name`. Memoised per
   * directory, so a tree of thousands of directories costs one existence check each rather than
   * a walk to the file system's root from every one of them.
   */
  private nearestDirWith(dir: string, name: string): string | undefined {
    const key = `${dir}\u0000${name}`;
    if (this.nearest.has(key)) return this.nearest.get(key);
    const found = this.exists(path.posix.join(dir, name))
      ? dir
      : dir === '.' || dir === ''
        ? undefined
        : this.nearestDirWith(path.posix.dirname(dir), name);
    this.nearest.set(key, found);
    return found;
  }

  private loadWorkspacePackages(): void {
    const seen = new Set<string>();
    for (const file of this.files) {
      let dir = path.posix.dirname(file);
      while (dir !== '.' && dir !== '' && !seen.has(dir)) {
        seen.add(dir);
        const manifest = path.posix.join(dir, 'package.json');
        const pkg = this.exists(manifest) ? readJson(path.join(this.root, manifest)) : undefined;
        if (typeof pkg?.name === 'string') this.packages.set(pkg.name, dir);
        dir = path.posix.dirname(dir);
      }
    }
  }

  private loadGoModules(): void {
    const checked = new Set<string>();
    for (const file of this.files) {
      if (!file.endsWith('.go')) continue;
      let dir = path.posix.dirname(file);
      for (;;) {
        if (checked.has(dir)) break;
        checked.add(dir);
        const goMod = path.join(this.root, dir, 'go.mod');
        if (existsSync(goMod)) {
          const name = /^module\s+(\S+)/m.exec(readFileSync(goMod, 'utf8'))?.[1];
          if (name) this.goModules.set(dir, name);
        }
        if (dir === '.' || dir === '') break;
        dir = path.posix.dirname(dir);
      }
    }
  }

  private readonly memo = new Map<string, string | undefined>();

  /** The indexed file a specifier imported from `fromFile` refers to, if it is in the index. */
  resolve(fromFile: string, specifier: string, language: string): string | undefined {
    // A relative specifier costs a few set lookups: remembering each (directory, specifier) pair
    // would cost more. Bare ones depend on the tsconfig governing the importing directory.
    if (specifier.startsWith('.') && language !== 'python' && language !== 'go')
      return this.resolveUncached(fromFile, specifier, language);
    // A Rust path starts from the importing module itself (`self`, `super`, its child modules).
    const scope =
      language === 'python'
        ? this.pythonScope(fromFile, specifier)
        : language === 'go'
          ? ''
          : language === 'rust'
            ? fromFile
            : (this.matcherFor(path.posix.dirname(fromFile))?.config ?? '');
    const key = `${scope}\u0000${specifier}\u0000${language}`;
    if (this.memo.has(key)) return this.memo.get(key);
    const found = this.resolveUncached(fromFile, specifier, language);
    this.memo.set(key, found);
    return found;
  }

  private resolveUncached(fromFile: string, specifier: string, language: string): string | undefined {
    if (language === 'python') return this.resolvePython(fromFile, specifier);
    if (language === 'rust') return this.resolveRust(fromFile, specifier);
    if (language === 'go') return this.resolveGoDir(specifier);
    if (specifier.startsWith('.'))
      return this.resolveJsPath(
        path.posix.join(path.posix.dirname(fromFile), specifier),
        COMPONENT_EXTENSIONS,
      );
    for (const candidate of this.matcherFor(path.posix.dirname(fromFile))?.match(specifier) ?? []) {
      const rel = path.relative(this.root, candidate).split(path.sep).join('/');
      const found = rel.startsWith('..') ? undefined : this.resolveJsPath(rel);
      if (found) return found;
    }
    // `@/views/Home`: the alias vue-cli sets (and Vite templates copy) for the project's `src/`,
    // unless a tsconfig's paths said otherwise above. No npm package is named `@`.
    if (specifier.startsWith('@/')) {
      const project = this.nearestDirWith(path.posix.dirname(fromFile), 'package.json');
      if (project !== undefined)
        return this.resolveJsPath(joinClean(project, `src/${specifier.slice(2)}`), COMPONENT_EXTENSIONS);
    }
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
    const dir = this.packages.get(name);
    if (dir !== undefined) {
      const sub = specifier.slice(name.length + 1);
      return sub
        ? (this.resolveJsPath(path.posix.join(dir, 'src', sub)) ??
            this.resolveJsPath(path.posix.join(dir, sub)))
        : (this.resolveJsPath(path.posix.join(dir, 'src/index')) ??
            this.resolveJsPath(path.posix.join(dir, 'index')));
    }
    return undefined;
  }

  /** `components`: the extensions of components' files tried after the scripts'. */
  private resolveJsPath(target: string, components: readonly string[] = []): string | undefined {
    const clean = path.posix.normalize(target);
    if (this.files.has(clean)) return clean;
    const stem = clean.replace(/\.(m|c)?js$|\.jsx$/, '');
    for (const ext of JS_EXTENSIONS) if (this.files.has(stem + ext)) return stem + ext;
    for (const ext of components) if (this.files.has(clean + ext)) return clean + ext;
    for (const ext of JS_EXTENSIONS)
      if (this.files.has(`${clean}/index${ext}`)) return `${clean}/index${ext}`;
    return undefined;
  }

  /**
   * A Rust module path (`crate::auth`, `super::models`, `self::queries`, or a child module's name as
   * a `use` inside `mod.rs` writes it) → the module's file, `auth.rs` or `auth/mod.rs`. A path that
   * starts with another name is tried as a child module, then from the crate's root (2015 paths);
   * an external crate's (`sqlx::postgres`) finds no file.
   */
  private resolveRust(fromFile: string, specifier: string): string | undefined {
    // A whole `use` as written (`crate::db::{self, Pool}`, `crate::db::Pool as P`): its module path.
    const [first, ...rest] = specifier
      .replace(/\s+as\s+\w+\s*$/, '')
      .replace(/::\s*(\{[\s\S]*\}|\*)\s*$/, '')
      .replace(/\s+/g, '')
      .split('::');
    // Where a module's children live: beside `mod.rs`/`lib.rs`/`main.rs`, else in the folder named after it.
    const childDir = /(^|\/)(mod|lib|main)\.rs$/.test(fromFile)
      ? path.posix.dirname(fromFile)
      : fromFile.replace(/\.rs$/, '');
    const bases: string[] = [];
    let segments = rest;
    if (first === 'crate') {
      const root = this.rustCrateRoot(fromFile);
      if (root !== undefined) bases.push(root);
    } else if (first === 'self') bases.push(childDir);
    else if (first === 'super') {
      let base = path.posix.dirname(childDir);
      while (segments[0] === 'super') {
        base = path.posix.dirname(base);
        segments = segments.slice(1);
      }
      bases.push(base);
    } else {
      segments = [first as string, ...rest];
      bases.push(childDir);
      const root = this.rustCrateRoot(fromFile);
      if (root !== undefined && root !== childDir) bases.push(root);
    }
    // The last segments may name items in the module (`crate::db::Pool`): the longest path that is a
    // module; `crate`, `self` or `super` alone is that module's own file, another crate's name none.
    const fewest = first === 'crate' || first === 'self' || first === 'super' ? 0 : 1;
    for (let end = segments.length; end >= fewest; end--)
      for (const base of bases) {
        const found = end > 0 ? this.rustModuleFile(base, segments.slice(0, end)) : this.rustOwnFile(base);
        if (found) return found;
      }
    return undefined;
  }

  /** `base/a/b.rs` or `base/a/b/mod.rs`. */
  private rustModuleFile(base: string, segments: string[]): string | undefined {
    const target = joinClean(base, segments.filter(Boolean).join('/'));
    return [`${target}.rs`, `${target}/mod.rs`].find((candidate) => this.files.has(candidate));
  }

  /** The file of the module whose children live in `dir`. */
  private rustOwnFile(dir: string): string | undefined {
    return [...['lib.rs', 'main.rs', 'mod.rs'].map((f) => joinClean(dir, f)), `${dir}.rs`].find((f) =>
      this.files.has(f),
    );
  }

  private readonly crateRoots = new Map<string, string | undefined>();

  /** The folder of the crate `file` is in: the nearest one up with its `lib.rs` or `main.rs`. */
  private rustCrateRoot(file: string): string | undefined {
    const dir = path.posix.dirname(file);
    if (this.crateRoots.has(dir)) return this.crateRoots.get(dir);
    const found =
      this.files.has(joinClean(dir, 'lib.rs')) || this.files.has(joinClean(dir, 'main.rs'))
        ? dir
        : dir === '.' || dir === '' || dir === '/'
          ? undefined
          : this.rustCrateRoot(dir);
    this.crateRoots.set(dir, found);
    return found;
  }

  /**
   * What a Python import resolves against: a relative one, the importing folder; an absolute one,
   * only the folder its path starts from — so every file under one top package shares the answer.
   */
  private pythonScope(fromFile: string, specifier: string): string {
    const dir = path.posix.dirname(fromFile);
    return specifier.startsWith('.') ? dir : `\u0001${this.pythonStart(dir)}`;
  }

  private readonly pythonStarts = new Map<string, string>();

  /**
   * Where Python's path starts for a file in `dir`: the folder above its top package (a src layout,
   * or a script's own folder), '.' at the root.
   */
  private pythonStart(dir: string): string {
    let start = this.pythonStarts.get(dir);
    if (start === undefined) {
      start =
        dir !== '.' && dir !== '' && this.files.has(`${dir}/__init__.py`)
          ? this.pythonStart(path.posix.dirname(dir))
          : dir || '.';
      this.pythonStarts.set(dir, start);
    }
    return start;
  }

  private resolvePython(fromFile: string, specifier: string): string | undefined {
    const dots = /^\.*/.exec(specifier)?.[0].length ?? 0;
    const rest = specifier.slice(dots).replace(/\./g, '/');
    const bases: string[] = [];
    if (dots > 0) {
      let base = path.posix.dirname(fromFile);
      for (let i = 1; i < dots; i++) base = path.posix.dirname(base);
      bases.push(base);
    } else {
      // Absolute imports: from the root, or from where the importing file's top package starts — not
      // from any ancestor: `import json` inside a package's `json/` means the standard library's.
      const start = this.pythonStart(path.posix.dirname(fromFile));
      bases.push('.');
      if (start !== '.') bases.push(start);
    }
    for (const base of bases) {
      const target = joinClean(base, rest);
      // A stub alone (`.pyi`, no module beside it) stands for the module.
      for (const candidate of [
        `${target}.py`,
        `${target}/__init__.py`,
        `${target}.pyi`,
        `${target}/__init__.pyi`,
      ])
        if (this.files.has(candidate)) return candidate;
    }
    return undefined;
  }

  /**
   * Go imports name packages (directories); one file stands for the package: the first by name of
   * those an import compiles (a `_test.go` file is no part of what another package imports), so the
   * answer does not depend on the order files were read in.
   */
  private resolveGoDir(specifier: string): string | undefined {
    for (const [moduleDir, name] of this.goModules) {
      if (specifier !== name && !specifier.startsWith(`${name}/`)) continue;
      const dir = path.posix.normalize(path.posix.join(moduleDir, specifier.slice(name.length + 1) || '.'));
      const sources = (this.dirs.get(dir) ?? []).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
      const found = sources.reduce<string | undefined>(
        (first, f) => (first === undefined || f < first ? f : first),
        undefined,
      );
      if (found) return found;
    }
    return undefined;
  }

  filesInDir(file: string): string[] {
    return this.dirs.get(path.posix.dirname(file)) ?? [];
  }
}
