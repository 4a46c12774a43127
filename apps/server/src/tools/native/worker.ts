import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { Workspace } from '../workspace.js';
import { nativeToolsInProcess } from './index.js';
import type { WorkerCall, WorkerReply } from './worker-protocol.js';

// A regular expression that backtracks without end falls back to V8's linear-time engine (which
// cannot take backreferences or lookaround; those are stopped by the pool's time budget instead).
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

const tools = new Map(nativeToolsInProcess(Workspace.at(workerData.root as string)).map((t) => [t.name, t]));
// Cancellation terminates this worker, so the call itself never needs to see an aborted signal.
const never = new AbortController().signal;

parentPort?.on('message', async ({ name, args }: WorkerCall) => {
  const tool = tools.get(name);
  const result: WorkerReply = tool
    ? await tool.run(args, { signal: never })
    : { error: true, output: `no native tool ${name}` };
  parentPort?.postMessage(result);
});
