// Symbol search at 10k, 50k and 150k symbols: SQLite FTS5 as the index now holds it (filled as
// symbols are written, ranked by its bm25) beside the in-memory BM25 it replaced (every symbol
// tokenised into a map per symbol when the first query of an index generation came, kept on the
// heap, every query scoring every symbol). Same synthetic symbols, same 30 queries, one run.
// Prints build time, query p50/p95 and heap held, per size and approach.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queries } from '../packages/code-graph/dist/graph/queries.js';
import { IndexWriter, openIndex } from '../packages/code-graph/dist/indexer/store.js';
import { tokenize } from '../packages/code-graph/dist/search/words.js';
import { median } from './lib-measure.mjs';

const SIZES = [10_000, 50_000, 150_000];
const PER_FILE = 10;
const VERBS = [
  'get',
  'set',
  'parse',
  'load',
  'save',
  'dispatch',
  'render',
  'build',
  'handle',
  'create',
  'update',
  'delete',
  'validate',
  'format',
  'resolve',
  'fetch',
];
const NOUNS = [
  'user',
  'order',
  'config',
  'queue',
  'session',
  'token',
  'route',
  'model',
  'cache',
  'event',
  'request',
  'response',
  'invoice',
  'payment',
  'message',
  'schema',
  'file',
  'index',
  'graph',
  'client',
];
const QUERIES = [
  'dispatch',
  'user',
  'parse config',
  'render route',
  'queue',
  'payment invoice',
  'sess',
  'validate schema',
  'fetch client',
  'create order',
  'token',
  'cache',
  'handle request',
  'build graph',
  'delete file',
  'format message',
  'load model',
  'event',
  'save',
  'resolve index',
  'get user session',
  'update payment',
  'respon',
  'schema',
  'invo',
  'route handler',
  'client cache',
  'order',
  'message queue',
  'graph index',
];

const pick = (list, n) => list[n % list.length];
function facts(file) {
  return {
    language: 'typescript',
    symbols: Array.from({ length: PER_FILE }, (_, i) => {
      const n = file * PER_FILE + i;
      const name = `${pick(VERBS, n)}${cap(pick(NOUNS, n >> 4))}${cap(pick(NOUNS, n >> 8))}`;
      return {
        name,
        kind: 'function',
        line: i * 10 + 1,
        endLine: i * 10 + 9,
        signature: `function ${name}(input: ${cap(pick(NOUNS, n >> 2))}): Promise<${cap(pick(NOUNS, n >> 6))}>`,
        doc:
          n % 3 === 0
            ? `${cap(pick(VERBS, n >> 3))}s the ${pick(NOUNS, n >> 5)} for the ${pick(NOUNS, n >> 7)}.`
            : undefined,
        exported: true,
      };
    }),
    calls: [],
    imports: [],
    types: {},
    errorLines: [],
  };
}
function cap(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** The in-memory BM25 the index used before (as it was: weighted fields, prefix matches at 0.7). */
class InMemoryBm25 {
  constructor(rows) {
    this.bags = rows.map((r) => {
      const counts = new Map();
      let length = 0;
      for (const [text, weight] of [
        [r.name, 3],
        [r.signature, 1],
        [r.doc ?? '', 1],
        [r.file, 0.5],
      ])
        for (const token of tokenize(text)) {
          counts.set(token, (counts.get(token) ?? 0) + weight);
          length += weight;
        }
      return { id: r.id, counts, length };
    });
    this.avg = this.bags.reduce((s, b) => s + b.length, 0) / Math.max(1, this.bags.length);
  }
  rank(query) {
    const terms = [...new Set(tokenize(query))];
    const tf = (bag, term) => {
      let n = bag.counts.get(term) ?? 0;
      if (n === 0 && term.length >= 3) for (const [t, c] of bag.counts) if (t.startsWith(term)) n += c * 0.7;
      return n;
    };
    const df = new Map(terms.map((t) => [t, this.bags.filter((b) => tf(b, t) > 0).length]));
    const scored = [];
    for (const bag of this.bags) {
      let score = 0;
      for (const term of terms) {
        const f = tf(bag, term);
        if (f === 0) continue;
        const n = df.get(term) ?? 0;
        score +=
          (Math.log(1 + (this.bags.length - n + 0.5) / (n + 0.5)) * f * 2.2) /
          (f + 1.2 * (0.25 + (0.75 * bag.length) / this.avg));
      }
      if (score > 0) scored.push({ id: bag.id, score });
    }
    return scored.sort((a, b) => b.score - a.score);
  }
}

const heapMb = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const time = (fn) => {
  const t = performance.now();
  const out = fn();
  return [performance.now() - t, out];
};

const work = mkdtempSync(path.join(tmpdir(), 'symbol-search-'));
console.log('symbols   approach      build ms   query p50 / p95 ms   heap held MB');
for (const size of SIZES) {
  const db = openIndex(path.join(work, `${size}.db`));
  const writer = new IndexWriter(db);
  const [writeMs] = time(() =>
    db.transaction(() => {
      for (let f = 0; f < size / PER_FILE; f++)
        writer.write(
          {
            path: `src/${pick(NOUNS, f)}/${pick(VERBS, f >> 3)}-${f}.ts`,
            hash: String(f),
            size: 1,
            mtime_ms: 0,
            language: 'typescript',
          },
          facts(f),
        );
    })(),
  );
  const queries = new Queries(db, work);
  const before = heapMb();
  const fts = QUERIES.map((q) => time(() => queries.search(q, { limit: 20 }))[0]);
  const ftsHeld = heapMb() - before;

  const base = heapMb();
  const [bm25Build, bm25] = time(() => new InMemoryBm25(db.prepare('SELECT * FROM symbols').all()));
  const bm25Held = heapMb() - base;
  const bm = QUERIES.map((q) => time(() => bm25.rank(q).slice(0, 20))[0]);
  const row = (name, build, times, held) =>
    console.log(
      `${String(size).padStart(7)}   ${name.padEnd(12)} ${Math.round(build).toString().padStart(8)}   ${pct(times, 0.5).toFixed(1).padStart(8)} / ${pct(times, 0.95).toFixed(1).padEnd(8)}   ${held.toFixed(1).padStart(8)}`,
    );
  row('fts5', writeMs, fts, ftsHeld);
  row('bm25 (old)', bm25Build, bm, bm25Held);
  console.log(
    `          p95 ratio fts5 / old: ${(pct(fts, 0.95) / pct(bm, 0.95)).toFixed(3)}  (median ${(median(fts) / median(bm)).toFixed(3)})`,
  );
  db.close();
}
console.log(
  'goal: p95 < 50 ms at 150,000 symbols, no in-memory copy of the symbol table (fts5 build = writing symbols and their words)',
);
rmSync(work, { recursive: true, force: true });
