import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, readEvents, startHarness } from '../src/testing/harness.js';
import { type ModelRequest, type ScriptedModel, startScriptedModel } from '../src/testing/scripted-model.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

// Each turn views a 1 MB file (its tool result is stored in full, and sent capped in an event),
// then answers; every turn in a session of its own, so nothing is replaced, only let go.
const TURNS = 1_000;
const answer = (request: ModelRequest) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: 'It is a big file.' }
    : { toolCalls: [{ name: 'view_file', arguments: { path: 'big.txt' } }] };

let model: ScriptedModel;
let h: Harness;
beforeAll(async () => {
  model = await startScriptedModel(Array.from({ length: TURNS * 2 }, () => answer));
  h = await startHarness({ modelUrl: model.url, mcp: false });
  await writeFile(path.join(h.workspace, 'big.txt'), `${'z'.repeat(499)}\n`.repeat(2_000));
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

async function turn(): Promise<void> {
  const session = (await h.api('POST', '/api/sessions', {})).body.id as string;
  const { events } = await readEvents(`${h.url}/api/sessions/${session}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'view big.txt' }),
  });
  expect(events.at(-1)).toMatchObject({ type: 'done', status: 'done' });
}

describe('memory over many turns', () => {
  it(`stays flat in the number of turns (${TURNS} turns, each with a 1 MB tool result)`, async () => {
    for (let i = 0; i < 100; i++) await turn();
    const before = heapAfterGc();
    for (let i = 100; i < TURNS; i++) await turn();
    const growth = heapAfterGc() - before;
    // The retention cap (16 MB of finished turns' events) plus slack; unbounded, it was ~1 GB here.
    expect(growth).toBeLessThan(40 * 1024 * 1024);
  }, 240_000);
});
