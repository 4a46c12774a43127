// ts-types on a real TypeScript code base (rxjs 7.8.1, its own tsconfig): time to the first
// answer (process start, program build, check of the asked file) vs `tsc --noEmit -p` on the same
// project (goal ≤ 0.5×, issue #14; the checker's own load is the limit), then warm type_at p50/p99 over up to 200
// declaration positions (goal p50 ≤ 50 ms) and the server's peak memory.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { fetchPackage } from './lib-fetch.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../packages/ts-types/package.json'));
const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
const root = fetchPackage('rxjs@7.8.1');

let t = performance.now();
try {
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--incremental', 'false', '-p', path.join(root, 'tsconfig.json')],
    { stdio: 'pipe' },
  );
} catch {
  // Type errors still cost the full check; the time is what matters here.
}
const tscMs = performance.now() - t;

t = performance.now();
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [path.join(here, '../packages/ts-types/dist/cli.js')],
  stderr: 'ignore',
});
const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(transport);
const first = await client.callTool({
  name: 'type_at',
  arguments: { root, file: 'src/internal/Observable.ts', symbol: 'Observable.pipe' },
});
const firstMs = performance.now() - t;
if (first.isError) throw new Error(first.content[0].text);

// Warm: identifiers across several files.
const files = [
  'src/internal/Observable.ts',
  'src/internal/Subscriber.ts',
  'src/internal/operators/map.ts',
  'src/internal/Subject.ts',
];
const positions = [];
for (const file of files) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((text, i) => {
    const m = /\b(const|let|function|return)\s+([A-Za-z_]\w*)/.exec(text);
    if (m) positions.push({ file, line: i + 1, column: m.index + m[1].length + 2 });
  });
}
const samples = [];
for (const pos of positions.slice(0, 200)) {
  const start = performance.now();
  await client.callTool({ name: 'type_at', arguments: { root, ...pos } });
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const status = readFileSync(`/proc/${transport.pid}/status`, 'utf8');
const peakMb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
await client.close();

console.log(`project: rxjs 7.8.1 (tsconfig.json at its root)`);
console.log(`tsc --noEmit -p: ${tscMs.toFixed(0)} ms`);
console.log(`ts-types, process start to first type_at answer: ${firstMs.toFixed(0)} ms`);
console.log(
  `warm type_at over ${samples.length} positions: p50 ${samples[samples.length >> 1].toFixed(1)} ms, p99 ${samples[Math.floor(samples.length * 0.99)].toFixed(1)} ms (goal p50 <= 50 ms)`,
);
console.log(`ts-types peak RSS: ${peakMb.toFixed(0)} MB`);
console.log(`first answer / tsc --noEmit: ${(firstMs / tscMs).toFixed(2)}x (goal <= 0.5x)`);
