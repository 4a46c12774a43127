import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex } from '../dist/index.js';

const work = mkdtempSync(path.join(tmpdir(), 'code-graph-indexer-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A tree of one `target` and four files calling it `calls` times each: with 2,600 calls each, more
 * than one page of the resolver (10,000 calls).
 */
function callingTree(name: string, calls: number): { root: string; index: CodeIndex } {
  const root = path.join(work, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'target.ts'), 'export function target() {}\n');
  for (let n = 0; n < 4; n++) writeRunFile(root, n, calls);
  const env = { ...process.env, CODE_GRAPH_CACHE_DIR: path.join(work, `cache-${name}`) };
  return { root, index: CodeIndex.open(root, env) };
}

function writeRunFile(root: string, n: number, calls: number): void {
  const body = '  target();\n'.repeat(calls);
  writeFileSync(
    path.join(root, `run${n}.ts`),
    `import { target } from './target';\nexport function run${n}() {\n${body}}\n`,
  );
}

describe('CodeIndex.refresh', () => {
  it('rebuilds the edges after a refresh that was cancelled once facts were written', {
    timeout: 60_000,
  }, async () => {
    const root = path.join(work, 'repo');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    // Enough files for several write batches; each calls the next one's function.
    for (let i = 0; i < 1_200; i++)
      writeFileSync(
        path.join(root, 'src', `f${i}.ts`),
        `import { f${i + 1} } from './f${i + 1}';\nexport function f${i}() {\n  return f${i + 1}();\n}\n`,
      );
    const env = { ...process.env, CODE_GRAPH_CACHE_DIR: path.join(work, 'cache') };
    const first = CodeIndex.open(root, env);
    const stop = new AbortController();
    const cutShort = {
      step: (phase: string, done: number) => {
        if (phase === 'indexing' && done >= 700) stop.abort();
      },
      relay: () => {},
    };
    await expect(first.ensureFresh(0, stop.signal, cutShort)).rejects.toThrow(/cancelled/);
    const written = first.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number };
    expect(written.n).toBeGreaterThan(0);
    expect(written.n).toBeLessThan(1_200);
    first.close();

    const second = CodeIndex.open(root, env);
    const stats = await second.refresh();
    expect(stats.parsed).toBe(1_200 - written.n);
    const callers = second.queries().walk('f500', undefined, 'up', 1, 10);
    expect(callers.edges.map((e) => e.from)).toContain('f499');
    second.close();
  });

  it('resolves every call when there are more calls than one read of them holds (10,000)', {
    timeout: 60_000,
  }, async () => {
    const { index } = callingTree('many-calls', 2_600);
    await index.refresh();
    const edges = index.db
      .prepare(
        "SELECT COUNT(*) AS n FROM edges e JOIN symbols s ON s.id = e.callee_id WHERE s.name = 'target'",
      )
      .get() as { n: number };
    expect(edges.n).toBe(4 * 2_600);
    index.close();
  });

  it('reports resolving progress in calls, and a cancel while resolving keeps the old edges whole', {
    timeout: 60_000,
  }, async () => {
    // More calls than one page of the resolver, so it yields between pages.
    const { root, index } = callingTree('resolving', 2_600);
    const steps: string[] = [];
    const listener = {
      step: (phase: string, done: number, total?: number, unit?: string) => {
        if (phase === 'resolving') steps.push(`${done}/${total} ${unit}`);
      },
      relay: () => {},
    };
    const first = await index.ensureFresh(0, undefined, listener);
    expect(first.edges).toBe(4 * 2_600);
    expect(steps).toEqual(['10000/10400 calls', '10400/10400 calls']);

    writeRunFile(root, 0, 2_700);
    const stop = new AbortController();
    const cancelling = {
      step: (phase: string) => {
        if (phase === 'resolving') stop.abort();
      },
      relay: () => {},
    };
    await expect(index.ensureFresh(0, stop.signal, cancelling)).rejects.toThrow(/cancelled/);
    const count = (sql: string) => (index.db.prepare(sql).get() as { n: number }).n;
    // Neither half of the new edges nor none: the last complete set, and a mark to rebuild.
    expect(count('SELECT COUNT(*) AS n FROM edges')).toBe(4 * 2_600);
    expect(count("SELECT COUNT(*) AS n FROM meta WHERE key = 'edges_stale'")).toBe(1);

    const again = await index.ensureFresh(0);
    expect(again.parsed).toBe(0);
    expect(again.edges).toBe(3 * 2_600 + 2_700);
    expect(count("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'index' AND tbl_name = 'edges'")).toBe(
      2,
    );
    index.close();
  });
});
