import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lexedFacts } from '../file-facts.js';
import { needsSyntaxTree } from './gate.js';
import { scanJs } from './scan.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** Real code to hold the gate to: this repository's own sources and the scanner's fixtures. */
function corpus(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', '.git', '.work'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|jsx?|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const dir of ['packages', 'apps', 'bench']) walk(path.join(repo, dir));
  return files;
}

const sorted = (imports: { spec: string; line: number }[]) =>
  imports.map((i) => `${i.spec}:${i.line}`).sort();

describe('the syntax-tree gate', () => {
  it('skips the tree only where the full reader finds nothing but the imports and components the lexers read', async () => {
    const files = corpus();
    let skipped = 0;
    for (const file of files) {
      const rel = path.relative(repo, file);
      const text = readFileSync(file, 'utf8');
      const lexed = lexedFacts(rel, text);
      if (!lexed) continue; // the scanner parses these fully
      skipped++;
      const full = await scanJs(rel, text);
      // Exported names count only in files with routes or mounts, and the gate parses all of those.
      const found = {
        file: rel,
        routes: full.routes,
        mounts: full.mounts,
        models: full.models,
        frameworks: full.frameworks,
      };
      expect(found).toEqual({
        file: rel,
        routes: [],
        mounts: [],
        models: [],
        frameworks: [],
      });
      expect({
        file: rel,
        imports: sorted(lexed.imports),
        components: full.components,
        env: full.env,
      }).toEqual({
        file: rel,
        imports: sorted(full.imports),
        components: lexed.components,
        env: lexed.env,
      });
    }
    // A gate that sent everything to the parser would pass the loop above and be useless.
    expect(files.length).toBeGreaterThan(150);
    expect(skipped / files.length).toBeGreaterThan(0.4);
  });

  it('sends every file with routes, models or env wrappers to the parser', () => {
    const samples = path.join(repo, 'packages/boocontext/test/fixtures/js-samples');
    const gated = readdirSync(samples).filter((name) =>
      needsSyntaxTree(name, readFileSync(path.join(samples, name), 'utf8')),
    );
    // lib.ts has a generic `R`, Map.get/delete and the word "instance"; util.ts only imports.
    // Widget.tsx's components and process.env read are the lexer's to read.
    expect(gated.sort()).toEqual([
      'chains.ts',
      'env.ts',
      'express.js',
      'hono.ts',
      'nest.ts',
      'orm.ts',
      'plugin.ts',
      'trpc.ts',
    ]);
    expect(needsSyntaxTree('app/api/orders/route.ts', 'export async function GET() {}')).toBe(true);
    expect(needsSyntaxTree('src/cache.ts', 'export const hit = cache.get(key);')).toBe(false);
    expect(needsSyntaxTree('src/s3.ts', "export const bucket = getEnv('S3_BUCKET');")).toBe(true);
    expect(needsSyntaxTree('src/env.ts', 'export const env = createEnv({ server: {} });')).toBe(true);
  });

  it('reads a comment between a chain’s links one way only: a banner of slashes after an owner’s name answers', async () => {
    // Every way of splitting 200 slashes among the gaps was tried before: the scan never returned.
    // Asked on a worker thread, so that such a regression fails here instead of holding the suite.
    const banner = '/'.repeat(200);
    const gate = pathToFileURL(path.join(repo, 'packages/boocontext/dist/scanner/js/gate.js')).href;
    const texts = [
      `export type Api = 'a'\n\n// API\n${banner}\n`,
      `API${banner}`,
      `authedProcedure${banner}`,
    ];
    const answered = await new Promise((resolve) => {
      const worker = new Worker(
        "const { parentPort, workerData } = require('node:worker_threads');" +
          'import(workerData.gate).then((m) => parentPort.postMessage(' +
          'workerData.texts.map((t) => m.needsSyntaxTree("src/types/filter.ts", t))));',
        { eval: true, workerData: { gate, texts } },
      );
      const bound = setTimeout(() => {
        void worker.terminate();
        resolve('no answer within 10 s');
      }, 10_000);
      worker.once('message', (value) => {
        clearTimeout(bound);
        void worker.terminate();
        resolve(value);
      });
    });
    expect(answered).toEqual([false, false, false]);
    // Comments between links still join a chain.
    expect(needsSyntaxTree('src/app.ts', 'app // routes\n  /* v1 */ .get(`/x`, h)')).toBe(true);
    expect(needsSyntaxTree('src/x.ts', 'authedProcedure // note\n  .query(() => 1)')).toBe(true);
  });
});
