// One boocontext for a team, measured: 20 clients making the same mix of tool calls on one
// `boocontext serve --http` against 20 stdio servers (one per client, as 20 hosts would each spawn),
// on a real application repository of 2,700 files (Outline: Koa + Sequelize server, React front end).
// Printed: total memory of every process tree (peak and at the end), index builds, per-call p50/p99.
//
// Corpus: fetch github:outline/outline into $BOOCODE_MIRRORS (default /work/.mirror).
// Each stdio server gets its own code-graph cache folder, as each team member's machine would; the
// disk cache of scans is off for both, so neither side is handed a build it did not do.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { median } from './lib-measure.mjs';
import { materialize } from './lib-stacks.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '../packages/boocontext/bin/boocontext.js');
const work = path.join(here, '.work/team-index');
const CLIENTS = 20;
const ROUNDS = 3;
const MIX = [
  ['boocontext_overview', {}],
  ['boocontext_map', {}],
  ['boocontext_symbols', { query: 'document' }],
  ['boocontext_symbols', { query: 'collection policy' }],
  ['boocontext_callgraph', { symbol: 'presentDocument' }],
];

const corpus = materialize(
  { name: 'outline', source: { mirror: 'outline/outline' } },
  path.join(work, 'corpus'),
);
if (corpus.missing) {
  console.log(`team-index: corpus missing: ${corpus.missing}`);
  process.exit(1);
}
const root = corpus.dir;

function countFiles(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

/** Resident memory of a process and everything it started, in MB, from /proc. */
function treeRssMb(pid) {
  let kb = 0;
  const visit = (p) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`))
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, 'utf8')
          .split(' ')
          .filter(Boolean))
          visit(child);
    } catch {
      // The process ended between two reads.
    }
  };
  visit(pid);
  return kb / 1024;
}

function sampler(pids) {
  let peak = 0;
  const take = () => {
    const total = pids().reduce((sum, pid) => sum + treeRssMb(pid), 0);
    peak = Math.max(peak, total);
    return total;
  };
  const timer = setInterval(take, 100);
  return {
    stop: () => {
      clearInterval(timer);
      const end = take();
      return { peak, end };
    },
  };
}

const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Every client runs the mix ROUNDS times, all clients at once; returns each call's time in ms. */
async function drive(clients) {
  const times = [];
  const firstOverviews = [];
  await Promise.all(
    clients.map(async (client, i) => {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, args] of MIX) {
          const started = performance.now();
          const result = await client.callTool({ name, arguments: args }, { timeout: 600_000 });
          times.push(performance.now() - started);
          const envelope = JSON.parse(result.content[0].text);
          if (envelope.verdict === 'UNSAFE' || result.isError)
            throw new Error(`${name} failed for client ${i}: ${result.content[0].text.slice(0, 300)}`);
          if (round === 0 && name === 'boocontext_overview') firstOverviews[i] = envelope;
        }
      }
    }),
  );
  return { times, firstOverviews };
}

const newClient = () =>
  new Client({ name: 'team-member', version: '1' }, { versionNegotiation: { mode: 'auto' } });

async function stdioTeam() {
  const caches = path.join(work, 'stdio-caches');
  rmSync(caches, { recursive: true, force: true });
  const transports = [];
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [bin, '--allow', root],
        cwd: root,
        stderr: 'ignore',
        env: {
          ...process.env,
          BOOCONTEXT_CACHE_DIR: 'off',
          CODE_GRAPH_CACHE_DIR: path.join(caches, `member-${i}`),
        },
      });
      transports.push(transport);
      const client = newClient();
      await client.connect(transport);
      return client;
    }),
  );
  const memory = sampler(() => transports.map((t) => t.pid).filter(Boolean));
  const { times, firstOverviews } = await drive(clients);
  const mem = memory.stop();
  const scannerBuilds = firstOverviews.filter((o) => o.metadata?.notes?.files_read > 0).length;
  await Promise.all(clients.map((c) => c.close()));
  return { times, mem, scannerBuilds, graphBuilds: indexFiles(caches), firstOverviews };
}

async function httpTeam() {
  const cache = path.join(work, 'http-cache');
  rmSync(cache, { recursive: true, force: true });
  const server = spawn(process.execPath, [bin, 'serve', '--http', '--port', '0', '--root', root], {
    cwd: root,
    env: { ...process.env, BOOCONTEXT_CACHE_DIR: 'off', CODE_GRAPH_CACHE_DIR: cache },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise((resolve, reject) => {
    server.stderr.on('data', (c) => {
      stderr += c.toString();
      const found = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (found) resolve(found);
    });
    server.once('exit', (code) => reject(new Error(`serve --http exited ${code}: ${stderr}`)));
  });
  const memory = sampler(() => [server.pid]);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = newClient();
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      return client;
    }),
  );
  const { times } = await drive(clients);
  const mem = memory.stop();
  await Promise.all(clients.map((c) => c.close()));
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  return {
    times,
    mem,
    scannerBuilds: (stderr.match(/indexed /g) ?? []).length,
    graphBuilds: indexFiles(cache),
  };
}

/** code-graph indexes written: one SQLite file per repository per cache folder. */
function indexFiles(dir) {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile() && entry.name.endsWith('.db')) n++;
  return n;
}

mkdirSync(work, { recursive: true });
console.log(
  `team-index: ${CLIENTS} clients × ${ROUNDS} rounds of ${MIX.map(([n]) => n.replace('boocontext_', '')).join(', ')} on Outline (${countFiles(root)} files)`,
);
const stdio = await stdioTeam();
const http = await httpTeam();
const row = (label, r) =>
  `${label.padEnd(28)} peak ${Math.round(r.mem.peak)} MB, end ${Math.round(r.mem.end)} MB; builds: scanner ${r.scannerBuilds}, code-graph ${r.graphBuilds}; per call p50 ${Math.round(median(r.times))} ms, p99 ${Math.round(percentile(r.times, 0.99))} ms (${r.times.length} calls)`;
console.log(row(`${CLIENTS} stdio servers`, stdio));
console.log(row('one serve --http', http));
console.log(
  `ratios: memory (peak) ${(stdio.mem.peak / http.mem.peak).toFixed(1)}× less over HTTP; index builds ${stdio.scannerBuilds + stdio.graphBuilds} → ${http.scannerBuilds + http.graphBuilds}; p99 HTTP/stdio ${(percentile(http.times, 0.99) / percentile(stdio.times, 0.99)).toFixed(2)}, p50 HTTP/stdio ${(median(http.times) / median(stdio.times)).toFixed(2)}`,
);
