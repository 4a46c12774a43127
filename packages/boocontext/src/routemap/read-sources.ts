import { readFile } from 'node:fs/promises';
import { isTestFile, MAX_FILE_BYTES, notAppCode } from '@boocode/source-kit';
import { listRepoFiles } from '@boocode/source-kit/walk';
import { SourceFile } from './source-file.js';

/** Where front-end HTTP calls are written: scripts and single-file components. */
const FRONT_END_FILE = /\.(m?[jt]sx?|cjs|vue|svelte|astro)$/;
const READS_AT_ONCE = 32;

/** The repository's front-end source files, read once (tests, bundles and generated files left out). */
export async function readSources(root: string, signal?: AbortSignal): Promise<SourceFile[]> {
  const files = await listRepoFiles(
    root,
    (rel) => FRONT_END_FILE.test(rel) && !isTestFile(rel) && !rel.endsWith('.d.ts'),
    signal,
  );
  const out: SourceFile[] = [];
  for (let i = 0; i < files.length; i += READS_AT_ONCE) {
    if (signal?.aborted) throw new Error('route map cancelled');
    const batch = await Promise.all(
      files.slice(i, i + READS_AT_ONCE).map(async (f) => {
        const buffer = await readFile(f.abs).catch(() => undefined);
        if (!buffer || buffer.length > MAX_FILE_BYTES || notAppCode(f.rel, buffer)) return undefined;
        // Every file: a call to the project's own wrapper (`api('GET', …)`) names no HTTP library.
        return new SourceFile(f.rel, buffer.toString('utf8'));
      }),
    );
    for (const file of batch) if (file) out.push(file);
  }
  return out;
}
