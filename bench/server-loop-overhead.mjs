// Loop overhead of BooCode's inference loop: time from the model's last byte (the end of a
// response asking for a tool) to the `tool-result` event reaching an SSE watcher, for a trivial
// native tool and a trivial MCP tool, p50/p99 over 500 calls, next to the raw tool time measured
// by calling the same tool directly. BooCode runs in this process on loopback; the scripted model
// and the watcher run together in a child process (lib-loop-driver.mjs), as a model endpoint and
// a browser would, and time both ends there, on one clock.

import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBooCode, loadConfig } from '../apps/server/dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../apps/server/package.json'));
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const CALLS = Number(process.env.CALLS ?? 500);

const root = await mkdtemp(path.join(tmpdir(), 'boocode-bench-'));
await mkdir(path.join(root, 'ws'));
await writeFile(path.join(root, 'ws', 'a.txt'), 'hello\n');
await writeFile(
  path.join(root, 'mcp.json'),
  JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } }),
);

const driver = fork(path.join(here, 'lib-loop-driver.mjs'), {
  env: { ...process.env, CALLS: String(CALLS) },
});
const [{ modelUrl }] = await once(driver, 'message');
const config = loadConfig({
  PORT: '0',
  DATA_DIR: path.join(root, 'data'),
  WORKSPACE_DIR: path.join(root, 'ws'),
  MCP_CONFIG_PATH: path.join(root, 'mcp.json'),
  LLM_BASE_URL: modelUrl,
  LLM_MODEL: 'scripted',
  LOG_LEVEL: 'silent',
});
const booCode = await createBooCode(config, { logger: false });
await booCode.app.listen({ host: '127.0.0.1', port: 0 });
await booCode.connectMcp();
const base = `http://127.0.0.1:${booCode.app.server.address().port}`;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

driver.send({ base });
const [{ loop }] = await once(driver, 'message');

// Raw tool time: the same tools called directly through the registry, without model or loop.
const raw = { list_dir: [], everything_echo: [] };
const signal = new AbortController().signal;
for (let i = 0; i < CALLS; i++) {
  for (const [name, args] of [
    ['list_dir', {}],
    ['everything_echo', { message: 'x' }],
  ]) {
    const t = performance.now();
    const r = await booCode.tools.get(name).run(args, { signal });
    raw[name].push(performance.now() - t);
    if (r.error) throw new Error(r.output);
  }
}
await booCode.app.close();
await rm(root, { recursive: true, force: true });

for (const name of Object.keys(loop)) {
  console.log(
    `${name.padEnd(16)} model last byte -> tool-result event: p50 ${pct(loop[name], 50).toFixed(2)} ms, p99 ${pct(loop[name], 99).toFixed(2)} ms (goal <= 5 ms)` +
      ` | raw tool: p50 ${pct(raw[name], 50).toFixed(2)} ms, p99 ${pct(raw[name], 99).toFixed(2)} ms` +
      ` | loop overhead p50 ${(pct(loop[name], 50) - pct(raw[name], 50)).toFixed(2)} ms`,
  );
}
