import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import type { CachedFile, FileFacts } from './types.js';

/** What is kept of a file between processes: enough to reuse its facts without reading it again. */
type StoredFile = Pick<CachedFile, 'mtimeMs' | 'size' | 'hash' | 'facts' | 'text'>;

/** The first record: whose facts follow. The facts are trusted only because the scanner's code identity matched. */
const Header = z.object({ code: z.string(), root: z.string() });

/** Every later record: a batch of files. */
const Batch = z.array(
  z.tuple([
    z.string(),
    z.object({
      mtimeMs: z.number(),
      size: z.number(),
      hash: z.number().optional(),
      facts: z.custom<FileFacts>((facts) => typeof facts === 'object' && facts !== null),
      text: z.string().optional(),
    }),
  ]),
);

/**
 * Files per record. Written in batches, not as one value: one serialised value grows its buffer
 * by doubling and is copied once more at the end, ~3 MB of peak memory for a 2,000-file app.
 */
const BATCH = 256;

/** Cache files kept; past this the least recently written go, so scanned temp trees do not pile up. */
const KEEP = 64;

/**
 * A checksum of a file's bytes: a file whose mtime moved (a branch switch) but whose size and
 * checksum did not keeps its facts. CRC-32 rather than a cryptographic hash: zlib's is native and
 * already loaded, where loading OpenSSL cost a one-shot scan ~2 MB of peak memory; with the size
 * also equal, a changed file passes for unchanged about once in four billion.
 */
export const contentHash = (bytes: Uint8Array) => crc32(bytes);

/**
 * The scanner's per-file facts kept on disk, outside the repository, one file per root: a new
 * process (a host's next session, the next CLI run) starts warm and reads only what changed.
 * Facts are valid only for the scanner code that derived them, so the cache is keyed by a hash
 * of that code as well as the root; anything unreadable or from other code is ignored, never
 * trusted. Written whole to a temp file and renamed, so a reader never sees half of one.
 */
export class ScanDiskCache {
  /** `code`: the scanner code's identity; by default a checksum of its module, read when first needed. */
  constructor(
    readonly dir: string,
    private readonly code?: string,
  ) {}

  private get codeId(): string {
    return this.code ?? codeIdentity();
  }

  /** `configured` is `BOOCONTEXT_CACHE_DIR` (`off` disables); by default `$XDG_CACHE_HOME/boocontext` or `~/.cache/boocontext`. */
  static at(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): ScanDiskCache | undefined {
    if (configured === 'off') return undefined;
    return new ScanDiskCache(
      configured ?? path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'boocontext'),
    );
  }

  load(root: string): Map<string, CachedFile> | undefined {
    try {
      const records = recordsOf(readFileSync(this.fileFor(root)));
      const header = Header.safeParse(records.next().value);
      if (!header.success || header.data.code !== this.codeId || header.data.root !== root) return undefined;
      const files = new Map<string, CachedFile>();
      for (const record of records) for (const [rel, file] of Batch.parse(record)) files.set(rel, file);
      return files;
    } catch {
      return undefined;
    }
  }

  /** Best effort: a cache that cannot be written costs the next process a cold scan, nothing more. */
  save(root: string, files: ReadonlyMap<string, CachedFile>): void {
    const file = this.fileFor(root);
    const temp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeRecord(fd, { code: this.codeId, root });
        let batch: [string, StoredFile][] = [];
        for (const [rel, { mtimeMs, size, hash, facts, text }] of files) {
          batch.push([rel, { mtimeMs, size, hash, facts, ...(text !== undefined ? { text } : {}) }]);
          if (batch.length === BATCH) {
            writeRecord(fd, batch);
            batch = [];
          }
        }
        if (batch.length) writeRecord(fd, batch);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
      this.prune();
    } catch {
      // Under a path that is not a directory even the clean-up fails (ENOTDIR): nothing to remove then.
      try {
        rmSync(temp, { force: true });
      } catch {}
    }
  }

  private fileFor(root: string): string {
    // Two roots with one name share a file: each finds the other's root inside and starts cold.
    return path.join(this.dir, `${crc32(root).toString(16).padStart(8, '0')}.scan`);
  }

  private prune(): void {
    const files = readdirSync(this.dir)
      .filter((name) => name.endsWith('.scan'))
      .map((name) => {
        const abs = path.join(this.dir, name);
        return { abs, mtimeMs: statSync(abs, { throwIfNoEntry: false })?.mtimeMs ?? 0 };
      });
    if (files.length <= KEEP) return;
    files.sort((a, b) => b.mtimeMs - a.mtimeMs);
    for (const { abs } of files.slice(KEEP)) rmSync(abs, { force: true });
  }
}

/** A record: its serialised length (4 bytes, little-endian), then the V8-serialised value. */
function writeRecord(fd: number, value: unknown): void {
  const bytes = v8.serialize(value);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  writeSync(fd, length);
  writeSync(fd, bytes);
}

function* recordsOf(bytes: Buffer): Generator<unknown> {
  for (let at = 0; at < bytes.length; ) {
    const end = at + 4 + bytes.readUInt32LE(at);
    if (end > bytes.length) throw new Error('truncated scan cache');
    yield v8.deserialize(bytes.subarray(at + 4, end));
    at = end;
  }
}

let identity: string | undefined;

/**
 * The bytes of the module holding the scanner (in the bundle, the chunk it shares with the lexer
 * and readers), read once per process and only when a cache is loaded or saved, not at start-up.
 */
function codeIdentity(): string {
  identity ??= String(contentHash(readFileSync(fileURLToPath(import.meta.url))));
  return identity;
}
