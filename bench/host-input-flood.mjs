// One hostile stdio server asks for 5,000 model calls (maxTokens 1,000,000 each) and 5,000 forms in
// a single tool call, against the built BooCode in its own process, a page open (an event stream
// that declines each form 20 ms after it appears) and the server allowed to sample "always".
// Prints what reached the model (most at once, how many, the largest maxTokens), how many forms
// waited at once, how the server heard its refusals, the server's memory growth, /healthz
// latency while it floods, and the database files' permissions, each beside its goal.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startScriptedModel } from '../apps/server/dist/testing/scripted-model.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '../apps/server/dist/cli/main.js');
const flooder = path.join(here, '../packages/mcp-hub/test/fixtures/flooding-server.mjs');
const REQUESTS = 5_000;

const root = await mkdtemp(path.join(tmpdir(), 'boocode-flood-'));
const dataDir = path.join(root, 'data');
await mkdir(path.join(root, 'ws'), { recursive: true });
await writeFile(
  path.join(root, 'mcp.json'),
  JSON.stringify({
    mcpServers: { flood: { command: process.execPath, args: [flooder], protocol: 'legacy' } },
  }),
);
const model = await startScriptedModel(
  Array.from({ length: 200 }, () => ({ text: 'ok '.repeat(20), chunkDelayMs: 5 })),
);

const child = spawn(process.execPath, [bin, 'serve'], {
  env: {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    WORKSPACE_DIR: path.join(root, 'ws'),
    MCP_CONFIG_PATH: path.join(root, 'mcp.json'),
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'scripted',
    LOG_FORMAT: 'json',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const base = await new Promise((resolve, reject) => {
  let seen = '';
  child.stdout.on('data', (c) => {
    if (seen.length < 100_000) seen += c.toString();
    const m = /listening at (http:\/\/[\d.:]+)/.exec(seen);
    if (m) resolve(m[1]);
  });
  child.stdout.resume();
  child.once('exit', (code) => reject(new Error(`server exited (${code}): ${seen.slice(-2000)}`)));
});
const rssMb = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const json = { 'content-type': 'application/json' };
const call = (method, route, body) =>
  fetch(base + route, { method, headers: json, ...(body ? { body: JSON.stringify(body) } : {}) });

for (let i = 0; i < 100; i++) {
  const { servers } = await (await call('GET', '/api/mcp')).json();
  if (servers.find((s) => s.name === 'flood')?.state === 'connected') break;
  await new Promise((r) => setTimeout(r, 100));
}
await call('PUT', '/api/mcp/flood/sampling', { policy: 'always' });

// The page: watches the MCP events, declines each form shortly after it appears.
const page = new AbortController();
const waiting = new Set();
let mostWaiting = 0;
let eventBytes = 0;
const events = await fetch(`${base}/api/mcp/events`, {
  headers: { accept: 'text/event-stream' },
  signal: page.signal,
});
void (async () => {
  let buffer = '';
  try {
    for await (const chunk of events.body.pipeThrough(new TextDecoderStream())) {
      eventBytes += chunk.length;
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const event = JSON.parse(data);
        if (event.type === 'input-requested') {
          waiting.add(event.request.id);
          mostWaiting = Math.max(mostWaiting, waiting.size);
          setTimeout(
            () => void call('POST', `/api/mcp/input/${event.request.id}`, { action: 'decline' }),
            20,
          );
        } else if (event.type === 'input-settled') waiting.delete(event.id);
      }
    }
  } catch {}
})();

// /healthz from a worker thread, so the bench's own event handling is not counted as latency.
const poller = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   let polling = true; const times = [];
   parentPort.on('message', () => { polling = false; });
   (async () => {
     while (polling) {
       const t = performance.now();
       try { await (await fetch(workerData + '/healthz')).text(); times.push(performance.now() - t); } catch {}
       await new Promise((r) => setTimeout(r, 25));
     }
     parentPort.postMessage(times);
   })();`,
  { eval: true, workerData: base },
);
const healthDone = new Promise((resolve) => poller.once('message', resolve));

await new Promise((r) => setTimeout(r, 500));
const rssBefore = rssMb();
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, rssMb());
}, 50);
const started = performance.now();
const answer = await (
  await call('POST', '/api/tools/flood_flood/call', {
    arguments: { sampling: REQUESTS, forms: REQUESTS, maxTokens: 1_000_000 },
  })
).json();
const floodMs = performance.now() - started;
clearInterval(sampler);
poller.postMessage('stop');
const health = (await healthDone).sort((a, b) => a - b);
// Its keep-alive connections would hold the bench open after the last line.
await poller.terminate();
const { servers } = await (await call('GET', '/api/mcp')).json();
page.abort();

const report = JSON.parse(answer.output);
const refused = Object.values(report.refused).reduce((a, b) => a + b, 0);
const formsAnswered = Object.values(report.forms).reduce((a, b) => a + b, 0);
const pct = (p) => health[Math.min(health.length - 1, Math.floor(p * health.length))]?.toFixed(1);
const mode = (f) => {
  try {
    return (statSync(f).mode & 0o777).toString(8);
  } catch {
    return 'absent';
  }
};
const line = (what, value, goal) =>
  console.log(`${what.padEnd(44)} ${String(value).padEnd(16)} goal ${goal}`);
console.log(
  `flood of ${REQUESTS} sampling requests and ${REQUESTS} forms in one call: ${Math.round(floodMs)} ms`,
);
line('model: most requests at once', model.mostAtOnce(), '<= 2');
line('model: requests received', model.requests.length, '<= 30 (a minute at the default rate)');
line('model: largest max_tokens', Math.max(0, ...model.requests.map((r) => r.max_tokens ?? 0)), '<= 4096');
line('sampling refused (server heard why)', `${refused} of ${REQUESTS}`, 'every one not sampled');
for (const [reason, n] of Object.entries(report.refused)) console.log(`  ${n} × ${reason}`);
line('slowest refusal to reach the server', `${report.slowestRefusalMs} ms`, 'at once');
line('forms waiting at once (page)', mostWaiting, '<= 16');
line('forms answered', `${formsAnswered} of ${REQUESTS}`, 'every one');
line('MCP events to the page', `${(eventBytes / 1024).toFixed(0)} KiB`, '(was 2.2 MB)');
line('server memory growth (RSS peak - before)', `${(rssPeak - rssBefore).toFixed(1)} MiB`, '< 60 MiB');
line(
  '/healthz while flooding p50 / p99 / max',
  `${pct(0.5)} / ${pct(0.99)} / ${health.at(-1)?.toFixed(1)} ms`,
  '< 100 ms',
);
line('flood shown as', servers.find((s) => s.name === 'flood')?.degraded ?? 'not degraded', 'degraded');
const db = path.join(dataDir, 'boocode.db');
line('boocode.db / -wal / -shm modes', `${mode(db)} / ${mode(`${db}-wal`)} / ${mode(`${db}-shm`)}`, '600');
line('DATA_DIR mode', mode(dataDir), '700');

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await model.close();
await rm(root, { recursive: true, force: true });
