// Start-up of 8 stdio servers through the hub vs the slowest of them alone (goal: ≤ 1.1×, issue #14).
// The servers are real: server-everything, server-filesystem and our 2026-07-28 fixture, one of them
// slow to become ready (2 s), as npx-launched or index-warming servers are. Concurrency is what is
// measured: sequential connects would cost the sum, which is printed too.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpHub } from '../packages/mcp-hub/dist/index.js';
import { median } from './lib-measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../packages/mcp-hub/package.json'));
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const filesystem = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const modern = path.join(here, '../packages/mcp-hub/test/fixtures/modern-server.mjs');
const node = process.execPath;
const entry = (name, args) => ({ name, transport: 'stdio', command: node, args, enabled: true });

const servers = [
  entry('slow', [modern, 'stdio', '--startup-delay', '2000']),
  entry('everything1', [everything, 'stdio']),
  entry('everything2', [everything, 'stdio']),
  entry('fs1', [filesystem, here]),
  entry('fs2', [filesystem, here]),
  entry('modern1', [modern]),
  entry('modern2', [modern]),
  entry('modern3', [modern]),
];

async function timeStart(entries) {
  const hub = new McpHub(entries);
  const started = performance.now();
  await hub.start();
  const elapsed = performance.now() - started;
  const failed = hub.status().filter((s) => s.state !== 'connected');
  await hub.close();
  if (failed.length)
    throw new Error(`not connected: ${failed.map((s) => `${s.name} (${s.error})`).join(', ')}`);
  return elapsed;
}

const reps = Number(process.env.REPS ?? 3);
const alone = {};
for (const server of servers) {
  const times = [];
  for (let i = 0; i < reps; i++) times.push(await timeStart([server]));
  alone[server.name] = median(times);
}
const together = [];
for (let i = 0; i < reps; i++) together.push(await timeStart(servers));

const slowest = Math.max(...Object.values(alone));
const sum = Object.values(alone).reduce((a, b) => a + b, 0);
for (const [name, ms] of Object.entries(alone)) console.log(`alone  ${name.padEnd(12)} ${ms.toFixed(0)} ms`);
console.log(`sum of alone (what sequential connects would cost): ${sum.toFixed(0)} ms`);
console.log(`slowest alone: ${slowest.toFixed(0)} ms`);
console.log(`all 8 together (median of ${reps}): ${median(together).toFixed(0)} ms`);
console.log(`ratio all-8 / slowest-alone: ${(median(together) / slowest).toFixed(2)}x (goal <= 1.10x)`);
