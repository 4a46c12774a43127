// 1,000 sequential calls of a trivial tool through the hub vs the raw v2 SDK client on the same
// server (goal: ≤ 1.10×); per-call overhead in µs; idle memory per connected server.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { McpHub } from '../packages/mcp-hub/dist/index.js';
import { median } from './lib-measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const modern = path.join(here, '../packages/mcp-hub/test/fixtures/modern-server.mjs');
const CALLS = Number(process.env.CALLS ?? 1000);
const BLOCK = 100;

const hub = new McpHub([
  { name: 'm', transport: 'stdio', command: process.execPath, args: [modern], enabled: true },
]);
await hub.start();
const raw = new Client({ name: 'bench-raw', version: '1' }, { versionNegotiation: { mode: 'auto' } });
await raw.connect(new StdioClientTransport({ command: process.execPath, args: [modern], stderr: 'ignore' }));

async function viaHub() {
  const r = await hub.callTool('m_echo', { message: 'ping' });
  if (r.error) throw new Error(r.output);
}
async function viaRaw() {
  const r = await raw.callTool({ name: 'echo', arguments: { message: 'ping' } });
  if (r.isError) throw new Error('raw call failed');
}

// Warm both paths, then interleave blocks so drift on a busy machine hits both sides alike.
for (let i = 0; i < 200; i++) {
  await viaHub();
  await viaRaw();
}
let hubMs = 0;
let rawMs = 0;
for (let done = 0; done < CALLS; done += BLOCK) {
  let t = performance.now();
  for (let i = 0; i < BLOCK; i++) await viaRaw();
  rawMs += performance.now() - t;
  t = performance.now();
  for (let i = 0; i < BLOCK; i++) await viaHub();
  hubMs += performance.now() - t;
}
await raw.close();
await hub.close();

// Idle memory: host heap per connected server, and each server process's own RSS.
const N = 8;
global.gc?.();
const before = process.memoryUsage();
const many = new McpHub(
  Array.from({ length: N }, (_, i) => ({
    name: `s${i}`,
    transport: 'stdio',
    command: process.execPath,
    args: [modern],
    enabled: true,
  })),
);
await many.start();
await new Promise((r) => setTimeout(r, 300));
global.gc?.();
const after = process.memoryUsage();
const rss = many.status().map((s) => {
  const status = readFileSync(`/proc/${s.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
});
await many.close();

console.log(
  `raw SDK client: ${CALLS} calls in ${rawMs.toFixed(0)} ms (${((rawMs / CALLS) * 1000).toFixed(0)} µs/call)`,
);
console.log(
  `through hub:    ${CALLS} calls in ${hubMs.toFixed(0)} ms (${((hubMs / CALLS) * 1000).toFixed(0)} µs/call)`,
);
console.log(`per-call overhead of the hub: ${(((hubMs - rawMs) / CALLS) * 1000).toFixed(0)} µs`);
console.log(
  `host heap per idle connected server: ${((after.heapUsed - before.heapUsed) / N / 1024).toFixed(0)} KiB`,
);
console.log(`server process RSS (node fixture), median: ${median(rss).toFixed(1)} MiB`);
console.log(`ratio hub / raw: ${(hubMs / rawMs).toFixed(3)}x (goal <= 1.10x)`);
