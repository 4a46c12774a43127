import {
  closeSync,
  fstatSync,
  futimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, Module } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

/** What `Module.prototype._compile` is given and returns; not in node's published types. */
type Compile = (this: NodeModule, content: string, filename: string, ...rest: unknown[]) => unknown;
type Wrapper = (
  exports: unknown,
  require: NodeJS.Require,
  module: unknown,
  filename: string,
  dirname: string,
) => unknown;

const id = (text: string) => crc32(text).toString(36);

const DAY_MS = 86_400_000;
/**
 * A cache unused this long is removed when the next one is written: one made by an install that is
 * gone (every `npx` version has a folder of its own, and the folder is in the name) is never
 * replaced by a newer build's.
 */
const UNUSED_MS = 30 * DAY_MS;

/**
 * V8's code cache for CommonJS files, kept on disk between processes. A file compiled with a
 * cache V8 accepts skips parsing and compiling: its top level and every function compiled by the
 * time the cache was written (after the process's work, so a command's whole path is in it). Node
 * 22's own compile cache writes right after compiling, before anything has run, and node 20 has
 * none. One file per file path, source, node and set of V8 flags: V8 refuses a cache made under
 * other flags, and checks only the length of the source, so the name carries a checksum of the
 * source (or an identity the caller vouches for, such as a package version). Under the user's own
 * cache folder, not the shared temporary one: a cache is code this process runs.
 * `NODE_DISABLE_COMPILE_CACHE=1` (node's switch for its own) turns it off.
 */
export class CodeCache {
  private readonly unsaved = new Map<string, { script: vm.Script; prefix: string }>();
  private readonly flagsId: string;

  /** `flags`: what V8 flags this process set at run time before compiling (`v8.setFlagsFromString`). */
  constructor(
    readonly dir: string,
    flags: readonly string[] = [],
    private readonly enabled = true,
  ) {
    this.flagsId = id([...process.execArgv, process.env.NODE_OPTIONS ?? '', ...flags].join('\0'));
  }

  static inHome(flags: readonly string[] = [], env: NodeJS.ProcessEnv = process.env): CodeCache {
    const base = env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
    return new CodeCache(path.join(base, 'boocode', 'v8'), flags, env.NODE_DISABLE_COMPILE_CACHE !== '1');
  }

  /** The cache file of `file` whose source is identified by `sourceId`. */
  fileFor(file: string, sourceId: string): string {
    return path.join(this.dir, `${this.prefixOf(file)}${process.version}-${process.arch}-${sourceId}.bin`);
  }

  /** The file's folder is in the name: two installs used in turn must not replace each other's. */
  private prefixOf(file: string): string {
    return `${path.basename(file)}.${id(path.dirname(file))}.${this.flagsId}.`;
  }

  /**
   * Runs `source` as the CommonJS module `module` at `file`, compiled from the cache when one fits.
   * Says whether it did; one that did not is written by `save()`.
   */
  run(module: { exports: unknown }, file: string, source: string, sourceId = id(source)): boolean {
    const cacheFile = this.fileFor(file, sourceId);
    const cachedData = this.enabled ? readUsed(cacheFile) : undefined;
    // A shebang line is valid at the top of a file but not inside the wrapper.
    const code = Module.wrap(source.startsWith('#!') ? `//${source}` : source);
    const script = new vm.Script(code, { filename: file, cachedData });
    const fromCache = cachedData !== undefined && !script.cachedDataRejected;
    if (!fromCache && this.enabled) this.unsaved.set(cacheFile, { script, prefix: this.prefixOf(file) });
    const wrapper = script.runInThisContext() as Wrapper;
    wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
    return fromCache;
  }

  /**
   * Compiles every CommonJS file `accept`s through this cache (node's loader still resolves and
   * caches the modules): how a bundle's chunks, loaded with `require`, each get theirs.
   */
  hook(accept: (file: string) => boolean): void {
    const prototype = Module.prototype as unknown as { _compile: Compile };
    const compile = prototype._compile;
    const cache = this;
    prototype._compile = function (this: NodeModule, content, filename, ...rest) {
      if (!accept(filename)) return compile.call(this, content, filename, ...rest);
      cache.run(this, filename, content);
      return undefined;
    };
  }

  /**
   * Requires a bundle's `entry` with the files of its folder (its chunks) and those `alsoAccept`
   * takes compiled through this cache, which is written as the process exits: what a bin does.
   */
  runBundle(entry: string, alsoAccept: (file: string) => boolean = () => false): void {
    const folder = path.dirname(entry) + path.sep;
    this.hook((file) => file.startsWith(folder) || alsoAccept(file));
    process.once('exit', () => this.save());
    createRequire(entry)(entry);
  }

  /**
   * Writes the caches of the files compiled without one: call it after the work, so that the
   * functions the work compiled are in them. Removes this file's caches of other sources (older
   * builds, other nodes), and any cache unused for 30 days. Best effort: a read-only home only costs
   * the gain.
   */
  save(): void {
    if (this.unsaved.size === 0) return;
    // A file's prefix → the cache just written for it.
    const written = new Map<string, string>();
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    } catch {
      // Then each write below fails alone.
    }
    for (const [cacheFile, { script, prefix }] of this.unsaved) {
      try {
        const temp = `${cacheFile}.${process.pid}`;
        writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        renameSync(temp, cacheFile);
        written.set(prefix, path.basename(cacheFile));
      } catch {
        // The cache is an optimisation only.
      }
    }
    const unusedSince = Date.now() - UNUSED_MS;
    const kept = new Set(written.values());
    let others: string[] = [];
    try {
      others = readdirSync(this.dir).filter((f) => f.endsWith('.bin') && !kept.has(f));
    } catch {
      // Nothing written, or the folder unreadable: nothing to prune.
    }
    for (const other of others) {
      const file = path.join(this.dir, other);
      try {
        const replaced = [...written.keys()].some((p) => other.startsWith(p));
        if (replaced || statSync(file).mtimeMs < unusedSince) rmSync(file, { force: true });
      } catch {
        // Gone meanwhile (another process pruning): nothing to do.
      }
    }
    this.unsaved.clear();
  }
}

/**
 * A cache file's bytes, its modification time moved to now when it is a day old (what `save` reads
 * as last used: a cache V8 accepts is never written again); undefined when there is none.
 */
function readUsed(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const now = Date.now();
    if (fstatSync(fd).mtimeMs < now - DAY_MS)
      try {
        futimesSync(fd, now / 1000, now / 1000);
      } catch {
        // Another user's cache: read, not marked.
      }
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
