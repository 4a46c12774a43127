// Child process of server-loop-overhead.mjs: the scripted model (on a worker thread) and the SSE
// watcher (on the main thread), out of the server's process as a real model endpoint and a real
// browser are, so neither's work or garbage lands on the loop being measured, and neither waits
// for the other's. Both ends are timed with process.hrtime, one monotonic clock.
//   -> parent: { modelUrl }            once the model listens
//   <- parent: { base }                BooCode's address
//   -> parent: { loop: { tool: ms[] } } model's last byte -> tool-result event, per turn
import { once } from 'node:events';
import http from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startScriptedModel } from '../apps/server/dist/testing/scripted-model.js';

const CALLS = Number(process.env.CALLS ?? 500);
const TOOLS = [
  { name: 'list_dir', arguments: {} },
  { name: 'everything_echo', arguments: { message: 'x' } },
];
const hrNow = () => Number(process.hrtime.bigint()) / 1e6;

if (!isMainThread) {
  // Turn i asks for TOOLS[i % 2] (request 2i), then answers "ok" (request 2i + 1). The tool call
  // streams with 1 ms between chunks (real models take 10-50 ms), so its last byte finds the server
  // idle as it would in use, not still busy starting the turn.
  const script = [];
  for (let i = 0; i < workerData.turns; i++)
    script.push({ toolCalls: [TOOLS[i % 2]], chunkDelayMs: 1 }, { text: 'ok' });
  const model = await startScriptedModel(script);
  parentPort.postMessage(model.url);
  await once(parentPort, 'message');
  parentPort.postMessage(model.lastByteAt);
  await model.close();
} else {
  const modelThread = new Worker(new URL(import.meta.url), { workerData: { turns: CALLS * 2 } });
  const [modelUrl] = await once(modelThread, 'message');

  const post = (url, headers, body) =>
    new Promise((resolve, reject) => {
      http
        .request(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
          resolve,
        )
        .on('error', reject)
        .end(body);
    });

  /** Runs one turn; resolves with the time its tool-result event arrived. */
  const oneTurn = async (base) => {
    let text = '';
    for await (const chunk of await post(`${base}/api/sessions`, {}, '{}')) text += chunk;
    const session = JSON.parse(text);
    const stream = await post(
      `${base}/api/sessions/${session.id}/messages`,
      { accept: 'text/event-stream' },
      '{"content":"go"}',
    );
    stream.setEncoding('utf8');
    let buffer = '';
    let resultAt;
    for await (const chunk of stream) {
      buffer += chunk;
      const result = resultAt === undefined && /^data: (.*"type":"tool-result".*)\n/m.exec(buffer);
      if (!result) continue;
      resultAt = hrNow();
      const event = JSON.parse(result[1]);
      if (event.error) throw new Error(`${event.name}: ${event.output}`);
    }
    return resultAt;
  };

  // Without the bench (done, or failed) there is nothing left to serve.
  process.once('disconnect', () => process.exit());
  process.send({ modelUrl });
  const [{ base }] = await once(process, 'message');
  const resultAt = [];
  for (let i = 0; i < CALLS * 2; i++) resultAt.push(await oneTurn(base));
  modelThread.postMessage('done');
  const [lastByteAt] = await once(modelThread, 'message');
  const loop = Object.fromEntries(TOOLS.map((t) => [t.name, []]));
  for (const [i, at] of resultAt.entries()) loop[TOOLS[i % 2].name].push(at - lastByteAt[2 * i]);
  process.send({ loop }, () => process.disconnect());
}
