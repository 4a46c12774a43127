// Soak: a real `boocode serve` with every hostile MCP server of the attack review at once (a
// tools/list_changed storm, 20 MB stdout lines, non-JSON chatter, one that hangs), TURNS chat
// turns each viewing a 1 MB file, KILLS kill -9s at random moments (each followed by a restart on
// the same data directory), and /healthz polled every 50 ms throughout. Prints peak RSS of the
// server, /healthz p50/p99, and lost rows: turns whose `done` a client saw that the database
// does not have as done after the restarts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startScriptedModel } from '../apps/server/dist/testing/scripted-model.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TURNS = Number(process.env.TURNS ?? 1000);
const KILLS = Number(process.env.KILLS ?? 20);
const bin = path.join(here, '../apps/server/bin/boocode.js');
const hostile = path.join(here, '../packages/mcp-hub/test/fixtures/misbehaving-server.mjs');

const root = await mkdtemp(path.join(tmpdir(), 'boocode-soak-'));
const ws = path.join(root, 'ws');
await mkdir(ws);
await writeFile(path.join(ws, 'big.txt'), `${'z'.repeat(499)}\n`.repeat(2_000));
const server = (mode) => ({ command: process.execPath, args: [hostile, mode], timeout: 3000 });
// HOSTILE=0 runs the same soak without the hostile servers, for comparison.
const hostileServers = {
  storm: server('hostile'),
  junk: server('hostile'),
  chatter: server('garbage-only'),
  hangs: server('hang'),
};
await writeFile(
  path.join(root, 'mcp.json'),
  JSON.stringify({ mcpServers: process.env.HOSTILE === '0' ? {} : hostileServers }),
);
// Stateless answers, so a turn cut off by a kill does not shift the script for the next one.
const answer = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: 'It is a big file.' }
    : { toolCalls: [{ name: 'view_file', arguments: { path: 'big.txt' } }] };
const model = await startScriptedModel(Array.from({ length: TURNS * 3 + 100 }, () => answer));

let child;
let base;
let peakRssKb = 0;
const sampler = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${child?.pid}/status`, 'utf8');
    peakRssKb = Math.max(peakRssKb, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
  } catch {}
}, 100);

/** When each server process began listening: its first seconds are start-up, not steady state. */
const starts = [];
async function start() {
  child = spawn(process.execPath, [bin, 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: path.join(root, 'data'),
      WORKSPACE_DIR: ws,
      MCP_CONFIG_PATH: path.join(root, 'mcp.json'),
      LLM_BASE_URL: model.url,
      LLM_MODEL: 'scripted',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logBytes = 0;
  base = await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (c) => {
      logBytes += c.length;
      if (seen.length < 100_000) seen += c.toString();
      const m = /listening at (http:\/\/[\d.:]+)/.exec(seen);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${seen.slice(-2000)}`)));
  });
  child.logBytes = () => logBytes;
  starts.push(performance.timeOrigin + performance.now());
  poller.postMessage({ base });
}

const json = { 'content-type': 'application/json' };
const post = (route, body) =>
  fetch(base + route, { method: 'POST', headers: json, body: JSON.stringify(body) });

// /healthz is polled from a worker thread with its own event loop, so the bench's own work
// (reading event streams) does not show up as the server's latency.
const poller = new Worker(
  `const { parentPort } = require('node:worker_threads');
   const http = require('node:http');
   const agent = new http.Agent({ keepAlive: true });
   let base; let polling = true; const times = [];
   parentPort.on('message', (m) => { if (m.base) base = m.base; if (m.stop) { polling = false; } });
   const get = (url) => new Promise((resolve) => {
     const req = http.get(url, { agent, timeout: 5000 }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode === 200)); });
     req.on('error', () => resolve(false));
     req.on('timeout', () => { req.destroy(); resolve(false); });
   });
   (async () => {
     while (polling) {
       if (base) {
         const t = performance.now();
         if (await get(base + '/healthz')) times.push([performance.timeOrigin + t, performance.now() - t]);
       }
       await new Promise((r) => setTimeout(r, 50));
     }
     parentPort.postMessage(times);
   })();`,
  { eval: true },
);
const pollerDone = new Promise((resolve) => poller.once('message', resolve));

await start();
/** Sets the hostile servers off (again after every restart) once they are up. */
async function provoke() {
  for (let i = 0; i < 50; i++) {
    const mcp = await (await fetch(`${base}/api/mcp`)).json();
    if (mcp.servers.every((s) => s.state !== 'connecting')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await post('/api/tools/storm_storm/call', { arguments: {} }).catch(() => {});
  await post('/api/tools/junk_junk/call', { arguments: {} }).catch(() => {});
}
await provoke();

/** One turn over its event stream; the turn id if a `done` event with status done arrived. */
async function runTurn(session) {
  try {
    const response = await fetch(`${base}/api/sessions/${session}/messages`, {
      method: 'POST',
      headers: { ...json, accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'view big.txt' }),
    });
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      text += decoder.decode(chunk, { stream: true });
      if (/"type":"done"/.test(text)) {
        const events = text
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => JSON.parse(l.slice(6)));
        const last = events.at(-1);
        return last?.type === 'done' && last.status === 'done' ? last.turnId : undefined;
      }
    }
  } catch {
    // killed mid-turn
  }
  return undefined;
}

const seenDone = []; // [sessionId, turnId]
const killAt = new Set(Array.from({ length: KILLS }, () => Math.floor(Math.random() * TURNS)));
let kills = 0;
const started = performance.now();
let session;
for (let i = 0; i < TURNS; i++) {
  if (i % 10 === 0 || !session) session = (await (await post('/api/sessions', {})).json()).id;
  const turn = runTurn(session);
  if (killAt.has(i)) {
    // Mid-turn, at a random moment.
    await new Promise((r) => setTimeout(r, Math.random() * 30));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    await turn;
    kills++;
    await start();
    await provoke();
    session = undefined;
    continue;
  }
  const done = await turn;
  if (done) seenDone.push([session, done]);
}
const elapsed = performance.now() - started;

// One more kill and restart, then every turn seen done must still be done.
child.kill('SIGKILL');
await new Promise((r) => child.once('exit', r));
await start();
let lost = 0;
for (const [sessionId, turnId] of seenDone) {
  const detail = await (await fetch(`${base}/api/sessions/${sessionId}`)).json();
  const turn = detail.turns?.find((t) => t.id === turnId);
  const answer = detail.messages?.find((m) => m.turnId === turnId && m.role === 'assistant');
  if (turn?.status !== 'done' || !answer?.parts.some((p) => p.type === 'tool_result')) lost++;
}
const mcp = await (await fetch(`${base}/api/mcp`)).json();
poller.postMessage({ stop: true });
const healthz = await pollerDone;
await poller.terminate();
clearInterval(sampler);
const termStarted = performance.now();
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
const termMs = performance.now() - termStarted;
await model.close();
await rm(root, { recursive: true, force: true });

const pctOf = (list) => {
  const sorted = list.map(([, ms]) => ms).sort((a, b) => a - b);
  return (p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1);
};
const pct = pctOf(healthz);
const steady = healthz.filter(([at]) => !starts.some((s) => at >= s && at < s + 2_000));
const pctSteady = pctOf(steady);
console.log(
  `turns: ${TURNS} (${seenDone.length} seen done), kill -9: ${kills + 1}, ${(elapsed / 1000).toFixed(1)} s`,
);
console.log(
  `servers: ${mcp.servers.map((s) => `${s.name}=${s.state}${s.degraded ? ' (degraded)' : ''}`).join(', ')}`,
);
console.log(`SIGTERM to exit: ${termMs.toFixed(0)} ms`);
console.log(`peak RSS of boocode: ${(peakRssKb / 1024).toFixed(0)} MB`);
console.log(`/healthz: ${healthz.length} polls, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms (goal ≤ 50)`);
console.log(
  `/healthz outside the 2 s after each (re)start: ${steady.length} polls, p50 ${pctSteady(0.5)} ms, p99 ${pctSteady(0.99)} ms`,
);
console.log(`lost rows: ${lost} (goal 0)`);
process.exitCode = lost > 0 ? 1 : 0;
