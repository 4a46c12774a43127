import { readFile, stat } from 'node:fs/promises';
import { isTestFile, MAX_FILE_BYTES, notAppCode } from '@boocode/source-kit';
import { ListingCache, listRepoFiles } from '@boocode/source-kit/walk';
import { ENV_FILE } from '../scanner/types.js';
import { type ClientCall, clientCalls, type UnresolvedCall } from './client-calls.js';
import { PAGE_FILE } from './page-globals.js';
import { SourceFile } from './source-file.js';

/**
 * Where front-end calls are written: scripts, single-file components, GraphQL documents; and the
 * dotenv files whose values a bundler puts in them (the pages booting them are read for the globals
 * they set).
 */
const FRONT_END_FILE = /\.(m?[jt]sx?|cjs|vue|svelte|astro|graphql|gql)$/;
const READS_AT_ONCE = 32;

interface Kept {
  mtimeMs: number;
  size: number;
  file: SourceFile | undefined;
}

/**
 * One root's front-end files and the calls read from them, kept between calls: a file is read
 * again only when its size or mtime moved, and the calls are worked out again only when a file did.
 */
export class RootSources {
  private readonly kept = new Map<string, Kept>();
  /** Unchanged folders are not listed again (as the scanner keeps its own). */
  private readonly listings = new ListingCache();
  private answer?: { calls: ClientCall[]; unresolved: UnresolvedCall[] };

  constructor(private readonly root: string) {}

  private checkedAt = Number.NEGATIVE_INFINITY;

  /** The calls as the files are now; files checked less than `maxAgeMs` ago are taken as they were. */
  async calls(
    signal?: AbortSignal,
    maxAgeMs = 0,
  ): Promise<{ calls: ClientCall[]; unresolved: UnresolvedCall[] }> {
    if (this.answer && performance.now() - this.checkedAt < maxAgeMs) return this.answer;
    const answer = await this.readCalls(signal);
    this.checkedAt = performance.now();
    return answer;
  }

  private async readCalls(
    signal?: AbortSignal,
  ): Promise<{ calls: ClientCall[]; unresolved: UnresolvedCall[] }> {
    const listed = await listRepoFiles(
      this.root,
      (rel) =>
        ENV_FILE.test(rel) ||
        PAGE_FILE.test(rel) ||
        (FRONT_END_FILE.test(rel) && !isTestFile(rel) && !rel.endsWith('.d.ts')),
      signal,
      this.listings,
    );
    let changed = listed.length !== this.kept.size;
    const seen = new Set<string>();
    for (let i = 0; i < listed.length; i += READS_AT_ONCE) {
      if (signal?.aborted) throw new Error('route map cancelled');
      const batch = listed.slice(i, i + READS_AT_ONCE);
      const updates = await Promise.all(
        batch.map(async (f) => {
          seen.add(f.rel);
          const info = await stat(f.abs).catch(() => undefined);
          if (!info) return undefined;
          const known = this.kept.get(f.rel);
          if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return undefined;
          const buffer = await readFile(f.abs).catch(() => undefined);
          // Every file counts: a call to the project's own wrapper (`api('GET', …)`) names no library;
          // a generated client's SDK too (its functions are the app's wrappers), not a minified bundle.
          const readable = buffer && buffer.length <= MAX_FILE_BYTES ? buffer : undefined;
          const kind = readable && notAppCode(f.rel, readable);
          const file =
            readable && (kind === undefined || kind === 'generated')
              ? new SourceFile(f.rel, readable.toString('utf8'), kind === 'generated')
              : undefined;
          return [f.rel, { mtimeMs: info.mtimeMs, size: info.size, file }] as const;
        }),
      );
      for (const update of updates)
        if (update) {
          this.kept.set(update[0], update[1]);
          changed = true;
        }
    }
    for (const rel of [...this.kept.keys()])
      if (!seen.has(rel)) {
        this.kept.delete(rel);
        changed = true;
      }
    if (!changed && this.answer) return this.answer;
    const files = [...this.kept.values()].flatMap((k) => (k.file ? [k.file] : []));
    this.answer = clientCalls(files);
    return this.answer;
  }
}
