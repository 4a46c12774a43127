import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '@boocode/mcp-server-kit';
import type * as TS from 'typescript';
import ts from '../typescript.js';

/** Larger files (minified bundles, generated dumps) are not loaded: the checker would take minutes and gigabytes. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** TypeScript's own lib.*.d.ts files live here; they are read wherever TypeScript is installed. */
const LIB_DIR = path.dirname(ts.getDefaultLibFilePath({}));

export interface Project {
  configFile: string | undefined;
  service: TS.LanguageService;
  fileNames: string[];
  /** `fileNames` as a set: membership is asked once per file of a tree. */
  files: Set<string>;
  versions: Map<string, string>;
}

/** Without a tsconfig we still answer: JavaScript with JSDoc types, TypeScript with strict defaults. */
const INFERRED_OPTIONS: TS.CompilerOptions = {
  allowJs: true,
  checkJs: true,
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  noEmit: true,
};

/** What a jsconfig.json implies before its own options, as the editor reads it. */
const JSCONFIG_DEFAULTS: TS.CompilerOptions = {
  allowJs: true,
  maxNodeModuleJsDepth: 2,
  allowSyntheticDefaultImports: true,
  skipLibCheck: true,
};

/** Libs that declare a host's globals (browser, worker, Windows Script Host), not the language's. */
const HOST_LIB = /^lib\.(dom|webworker|scripthost)\b/;

/**
 * The options without what declares only a host environment's globals: the DOM and worker libs
 * (also those a target's default lib pulls in) and the `@types` packages included for their
 * globals. An import of a package still finds its types; no function of the project is declared
 * there.
 */
function withoutHostGlobals(options: TS.CompilerOptions): TS.CompilerOptions {
  // A target's default lib (lib.d.ts, lib.es6.d.ts, lib.es2020.full.d.ts) is its language lib
  // plus the DOM's.
  const defaultLib = path
    .basename(ts.getDefaultLibFilePath(options))
    .replace(/^lib\.d\.ts$/, 'lib.es5.d.ts')
    .replace(/^lib\.es6\.d\.ts$/, 'lib.es2015.d.ts')
    .replace(/\.full\.d\.ts$/, '.d.ts');
  const lib = (options.lib ?? [defaultLib]).filter((name) => !HOST_LIB.test(name));
  return { ...options, lib, types: [] };
}

/**
 * Lib declarations no call of a project can reach a project function through: the typed arrays
 * (numbers in, numbers out), `Intl` (formatting) and `Atomics`. Nearly half of the language lib's
 * text (lib.es5.d.ts alone is 2,500 lines of typed arrays), parsed and bound by every program.
 */
const NUMERIC_LIB_DECLARATION =
  /^(?:interface|declare var|declare namespace) (?:(?:Big)?(?:Int|Uint|Float)(?:8|16|32|64)(?:Clamped)?Array(?:Constructor)?|Intl|Atomics)\b/;

/**
 * A TypeScript lib file without its numeric declarations: each is a top-level `declare var …;` line
 * or a block that closes with `}` at the start of a line, as TypeScript writes its libs. Text of
 * any other shape is returned as it is.
 */
export function withoutNumericDeclarations(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!NUMERIC_LIB_DECLARATION.test(line)) {
      kept.push(line);
      continue;
    }
    if (line.startsWith('declare var ')) continue;
    let end = i + 1;
    while (end < lines.length && lines[end]?.trimEnd() !== '}') end++;
    if (end === lines.length) return text;
    i = end;
  }
  return kept.join('\n');
}

/** The nearest tsconfig.json or jsconfig.json at or above `dir` (tsconfig first in one folder). */
function nearestConfig(dir: string): string | undefined {
  const ts_ = ts.findConfigFile(dir, ts.sys.fileExists, 'tsconfig.json');
  const js = ts.findConfigFile(dir, ts.sys.fileExists, 'jsconfig.json');
  if (!ts_ || !js) return ts_ ?? js;
  return path.dirname(js).length > path.dirname(ts_).length ? js : ts_;
}

/**
 * One warm LanguageService per tsconfig under a root, created on first use and kept for the
 * session. Script versions come from file mtimes, re-read on every query (a cheap stat), so edits
 * on disk are seen without rebuilding the program from scratch.
 */
const isUnder = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);

export class Projects {
  private readonly byConfig = new Map<string, Project>();
  private readonly realRoot: string;
  /**
   * Answers of `readable` for one program build (module resolution asks about the same paths many
   * times); forgotten at each refresh, so a file replaced by a link is seen at the next one.
   */
  private readonly readableNow = new Map<string, boolean>();
  /** One registry for every project: a monorepo's packages share their source files' trees. */
  private readonly registry: TS.DocumentRegistry;

  /**
   * `typesOnly`: JSDoc is parsed only where it gives types (JavaScript files), as a caller that
   * never shows documentation needs (a fifth less parsing on TypeScript code).
   * `projectCallsOnly`: the programs leave out the host's globals (`withoutHostGlobals`) and the
   * lib's numeric declarations (`withoutNumericDeclarations`), as a caller asking only which of
   * the project's functions a call reaches can: on a small app they are most of what is parsed
   * (lib.dom.d.ts alone is 1.9 MB, @types/node 2.4 MB).
   */
  constructor(
    readonly root: string,
    private readonly options: { typesOnly?: boolean; projectCallsOnly?: boolean } = {},
  ) {
    this.registry = ts.createDocumentRegistry(
      ts.sys.useCaseSensitiveFileNames,
      root,
      options.typesOnly ? ts.JSDocParsingMode.ParseForTypeInfo : undefined,
    );
    this.realRoot = realpathSync(root);
  }

  /**
   * A file's real path (symlinks followed) and what it is, or undefined when it is not there. Not
   * cached: a file may be replaced by a link leading out between two reads.
   */
  private inspect(file: string): { real: string; size: number; isFile: boolean } | undefined {
    try {
      // Most paths asked about do not exist (module resolution probes a dozen per import): a stat
      // that returns nothing answers those without the exception a failed realpath throws.
      if (!statSync(file, { throwIfNoEntry: false })) return undefined;
      const real = realpathSync(file);
      const info = statSync(real);
      return { real, size: info.size, isFile: info.isFile() };
    } catch {
      return undefined;
    }
  }

  /**
   * Whether the compiler may read a file: its real path (symlinks followed) is under the root, or
   * is one of TypeScript's own libs, and it is not huge. Imports and links leading elsewhere are
   * simply not there for the checker.
   */
  private readable(file: string): boolean {
    const known = this.readableNow.get(file);
    if (known !== undefined) return known;
    const found = this.inspect(file);
    const readable =
      found !== undefined &&
      found.size <= MAX_FILE_BYTES &&
      (isUnder(this.realRoot, found.real) || isUnder(LIB_DIR, found.real));
    this.readableNow.set(file, readable);
    return readable;
  }

  /** The absolute path of a file under the root, or a clear refusal. */
  resolveFile(file: string): string {
    const abs = path.resolve(this.root, file);
    if (!isUnder(this.root, abs)) {
      throw new ToolError('OUTSIDE_ROOT', `${file} is outside the root ${this.root}; give a path inside it`);
    }
    const found = this.inspect(abs);
    if (!found?.isFile)
      throw new ToolError('NOT_FOUND', `no file ${path.relative(this.root, abs)} under ${this.root}`);
    if (!isUnder(this.realRoot, found.real))
      throw new ToolError(
        'OUTSIDE_ROOT',
        `${file} is a symlink leading outside the root ${this.root}; it is not read`,
      );
    if (found.size > MAX_FILE_BYTES)
      throw new ToolError(
        'TOO_LARGE',
        `${file} is ${(found.size / 1024 / 1024).toFixed(1)} MB; ts-types reads files up to ${MAX_FILE_BYTES / 1024 / 1024} MB (a bundle or generated file?)`,
      );
    return abs;
  }

  /** The project (tsconfig) a file belongs to: the nearest tsconfig.json up to the root that includes it. */
  forFile(abs: string): Project {
    return this.configured(abs) ?? this.inferred(abs);
  }

  /**
   * Files grouped by the project that compiles them: each one's tsconfig, and one inferred project
   * holding exactly the files no tsconfig includes (not the whole tree, as a query's fallback reads).
   */
  group(files: string[]): Map<Project, string[]> {
    const groups = new Map<Project, string[]>();
    const loose: string[] = [];
    for (const file of files) {
      const project = this.configured(file);
      if (!project) loose.push(file);
      else groups.set(project, [...(groups.get(project) ?? []), file]);
    }
    if (loose.length > 0) {
      const project = this.byConfig.get('<inferred>') ?? this.create(undefined, INFERRED_OPTIONS, []);
      for (const file of loose) this.include(project, file);
      groups.set(project, loose);
    }
    return groups;
  }

  private include(project: Project, file: string): void {
    if (project.files.has(file) || !this.readable(file)) return;
    project.fileNames.push(file);
    project.files.add(file);
  }

  /** The nearest tsconfig.json up to the root that includes the file, if any. */
  private configured(abs: string): Project | undefined {
    let dir = path.dirname(abs);
    for (;;) {
      const config = nearestConfig(dir);
      if (!config || !(path.dirname(config) === this.root || config.startsWith(this.root + path.sep))) break;
      const project = this.load(config);
      if (project.files.has(abs)) return project;
      // Solution-style configs (references only) do not list the file; look in their references.
      for (const ref of this.references(config)) {
        const referenced = this.load(ref);
        if (referenced.files.has(abs)) return referenced;
      }
      const parent = path.dirname(path.dirname(config));
      if (parent === dir || !parent.startsWith(this.root)) break;
      dir = parent;
    }
    return undefined;
  }

  /** The project at the root (its tsconfig, or the inferred one) for symbol lookups without a file. */
  rootProject(): Project {
    const config = path.join(this.root, 'tsconfig.json');
    if (ts.sys.fileExists(config)) {
      const project = this.load(config);
      if (project.fileNames.length > 0) return project;
      for (const ref of this.references(config)) return this.load(ref);
    }
    return this.inferred(undefined);
  }

  allProjects(): Project[] {
    this.rootProject();
    return [...this.byConfig.values()];
  }

  private references(config: string): string[] {
    const read = ts.readConfigFile(config, ts.sys.readFile);
    const refs = (read.config?.references ?? []) as { path: string }[];
    return refs.map((r) => {
      const target = path.resolve(path.dirname(config), r.path);
      return target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    });
  }

  private load(config: string): Project {
    const existing = this.byConfig.get(config);
    if (existing) return existing;
    const read = ts.readConfigFile(config, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(
      read.config ?? {},
      ts.sys,
      path.dirname(config),
      path.basename(config) === 'jsconfig.json' ? { ...JSCONFIG_DEFAULTS, noEmit: true } : { noEmit: true },
      config,
    );
    return this.create(config, parsed.options, parsed.fileNames);
  }

  private inferred(abs: string | undefined): Project {
    const key = '<inferred>';
    let project = this.byConfig.get(key);
    if (!project) {
      const files = ts.sys.readDirectory(
        this.root,
        ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'],
        ['**/node_modules/**', '**/dist/**'],
        ['**/*'],
        8,
      );
      project = this.create(undefined, INFERRED_OPTIONS, files.slice(0, 5_000));
    }
    if (abs) this.include(project, abs);
    return project;
  }

  private create(configFile: string | undefined, given: TS.CompilerOptions, fileNames: string[]): Project {
    const options = this.options.projectCallsOnly ? withoutHostGlobals(given) : given;
    const versions = new Map<string, string>();
    const version = (file: string) => {
      try {
        return String(statSync(file).mtimeMs);
      } catch {
        return '0';
      }
    };
    const readFile = (file: string) => {
      if (!this.readable(file)) return undefined;
      const text = ts.sys.readFile(file);
      return text !== undefined && this.options.projectCallsOnly && isUnder(LIB_DIR, file)
        ? withoutNumericDeclarations(text)
        : text;
    };
    // `useSourceOfProjectReferenceRedirect` is a host option TypeScript reads but does not declare publicly.
    const host: TS.LanguageServiceHost & { useSourceOfProjectReferenceRedirect(): boolean } = {
      getCompilationSettings: () => options,
      getScriptFileNames: () => project.fileNames,
      getScriptVersion: (file) => versions.get(file) ?? version(file),
      getScriptSnapshot: (file) => {
        const text = readFile(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => (configFile ? path.dirname(configFile) : this.root),
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (file) => this.readable(file),
      readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
      realpath: ts.sys.realpath,
      useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
      // As the editor does: an import of a referenced project reaches its sources, not its
      // built .d.ts (which may be stale or not built at all).
      useSourceOfProjectReferenceRedirect: () => true,
      ...(this.options.typesOnly ? { jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo } : {}),
    };
    const readableNames = fileNames.filter((file) => this.readable(file));
    const project: Project = {
      configFile,
      service: ts.createLanguageService(host, this.registry),
      fileNames: readableNames,
      files: new Set(readableNames),
      versions,
    };
    this.byConfig.set(configFile ?? '<inferred>', project);
    return project;
  }

  /** Re-stats the project's files so changed ones get a new version; the service re-checks only those. */
  refresh(project: Project): void {
    this.readableNow.clear();
    for (const file of project.fileNames) {
      try {
        project.versions.set(file, String(statSync(file).mtimeMs));
      } catch {
        project.versions.set(file, 'deleted');
      }
    }
  }

  program(project: Project): TS.Program {
    this.refresh(project);
    return this.current(project);
  }

  /** The project's program as of its last refresh (no files re-stated). */
  current(project: Project): TS.Program {
    const program = project.service.getProgram();
    if (!program)
      throw new ToolError(
        'NO_PROGRAM',
        'the TypeScript language service could not build a program for this project',
      );
    return program;
  }
}
