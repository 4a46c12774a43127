import { statSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldNow } from 'node:timers/promises';
import { type ProgressReporter, silentProgress } from '@boocode/mcp-server-kit';
import {
  ListingCache,
  languageOf,
  listRepoFiles,
  ModuleResolver,
  preloadGrammar,
  readIfChanged,
} from '@boocode/source-kit';
import { Aggregator, type ScanChange, type ScanResult } from './aggregate.js';
import { grammarFor, lexedFacts, MANIFESTS, treeFacts } from './file-facts.js';
import { lexerReady } from './js/import-lexer.js';
import { type CachedFile, ENV_FILE, emptyFacts, SFC_FILE } from './types.js';

const LOCKFILE = /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock|bun\.lockb?|poetry\.lock)$/;

export { blastRadius, type ScanResult } from './aggregate.js';

const WANTED = (rel: string) =>
  languageOf(rel) !== undefined ||
  /\.(vue|svelte|sql|prisma)$/.test(rel) ||
  path.posix.basename(rel) in MANIFESTS ||
  ENV_FILE.test(rel) ||
  /(^|\/)(package\.json|pnpm-workspace\.yaml|go\.work|tsconfig[^/]*\.json|jsconfig\.json)$/.test(rel);

/** Files whose content the module resolver reads: a change to one means a new resolver. */
const RESOLVER_CONFIG = /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json|go\.mod)$/;

/** Files whose text later steps read again (schemas, migrations, workspace lists). */
const keepText = (rel: string) =>
  /\.(sql|prisma)$/.test(rel) || /(^|\/)(pnpm-workspace\.yaml|go\.work|Cargo\.toml)$/.test(rel);

interface RootState {
  listings: ListingCache;
  files: Map<string, CachedFile>;
  modules?: ModuleResolver;
  aggregator: Aggregator;
}

/**
 * Scans a repository into routes, models, components, env vars and its import graph. Results are
 * cached per file by mtime and size, so a re-scan after one edit re-reads one file and derives
 * again only what that file can change. Nothing is written anywhere.
 */
export class Scanner {
  private readonly roots = new Map<string, RootState>();

  async scan(
    root: string,
    { signal, progress = silentProgress }: { signal?: AbortSignal; progress?: ProgressReporter } = {},
  ): Promise<ScanResult> {
    const started = performance.now();
    let state = this.roots.get(root);
    if (!state) {
      state = { listings: new ListingCache(), files: new Map(), aggregator: new Aggregator() };
      this.roots.set(root, state);
    }
    const [files] = await Promise.all([listRepoFiles(root, WANTED, signal, state.listings), lexerReady]);
    const listed = performance.now();
    const cache = state.files;
    const change: ScanChange = { files: new Map(), resolverChanged: !state.modules };
    /** `fileSetChanged`: the file was added or removed, so imports may resolve differently. */
    const noteChange = (rel: string, before: CachedFile | undefined, fileSetChanged: boolean) => {
      change.files.set(rel, before);
      if (fileSetChanged || RESOLVER_CONFIG.test(rel)) change.resolverChanged = true;
    };
    const seen = new Set<string>();
    let read = 0;
    let reused = 0;
    // Files that need a syntax tree wait until the rest is read: their grammars compile meanwhile.
    const needTrees: { rel: string; stored: Omit<CachedFile, 'facts'>; text: string }[] = [];
    for (const [i, file] of files.entries()) {
      if (signal?.aborted) throw new Error('scan cancelled');
      if (i % 64 === 0) progress.step('reading', i, files.length);
      const old = cache.get(file.rel);
      if (LOCKFILE.test(file.rel)) {
        // A lockfile names its package manager by existing; its content (often megabytes, past
        // the read cap) is never needed.
        const info = statSync(file.abs, { throwIfNoEntry: false });
        if (!info?.isFile()) continue;
        seen.add(file.rel);
        if (old && old.size === info.size && old.mtimeMs === info.mtimeMs) continue;
        noteChange(file.rel, old, !old);
        cache.set(file.rel, { mtimeMs: info.mtimeMs, size: info.size, facts: emptyFacts('') });
        continue;
      }
      const result = readIfChanged(file.abs, old && { size: old.size, mtimeMs: Math.floor(old.mtimeMs) });
      if (result.kind === 'skip') continue;
      seen.add(file.rel);
      if (result.kind === 'unchanged') {
        reused++;
        continue;
      }
      read++;
      const { info, buffer } = result;
      const text = buffer.toString('utf8');
      const lexed = lexedFacts(file.rel, text);
      const stored = { mtimeMs: info.mtimeMs, size: info.size, ...(keepText(file.rel) ? { text } : {}) };
      noteChange(file.rel, old, !old);
      if (lexed) cache.set(file.rel, { ...stored, facts: lexed });
      else {
        const grammar = grammarFor(file.rel, text);
        if (grammar) preloadGrammar(grammar);
        needTrees.push({ rel: file.rel, stored, text });
      }
      // Yield between files so a slow scan never holds up other requests on this process.
      if (read % 50 === 0) await yieldNow();
    }
    const lexed = performance.now();
    progress.step('reading', files.length, files.length);
    // A file is cached only once its facts are in: a cancelled scan leaves nothing half-read.
    for (const [i, { rel, stored, text }] of needTrees.entries()) {
      if (signal?.aborted) throw new Error('scan cancelled');
      cache.set(rel, { ...stored, facts: await treeFacts(rel, text) });
      if (i % 20 === 19) {
        progress.step('parsing', i + 1, needTrees.length);
        await yieldNow();
      }
    }
    const parsed = performance.now();
    if (needTrees.length) progress.step('parsing', needTrees.length, needTrees.length);
    for (const [rel, entry] of cache) {
      if (seen.has(rel)) continue;
      cache.delete(rel);
      noteChange(rel, entry, true);
    }
    if (change.resolverChanged || !state.modules) {
      const sourceFiles = [...cache.keys()].filter((rel) => languageOf(rel) || SFC_FILE.test(rel));
      state.modules = new ModuleResolver(root, sourceFiles);
    }
    const result = state.aggregator.join(root, cache, state.modules, change);
    const done = performance.now();
    const ms = (from: number, to: number) => Math.round(to - from);
    return {
      ...result,
      stats: {
        ms: ms(started, done),
        read,
        reused,
        phases: {
          walk: ms(started, listed),
          read: ms(listed, lexed),
          parse: ms(lexed, parsed),
          link: ms(parsed, done),
        },
      },
    };
  }
}
