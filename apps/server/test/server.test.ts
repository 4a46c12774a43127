import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TurnEvent } from '@boocode/api-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everythingBin, type Harness, readEvents, startHarness, textOf } from '../src/testing/harness.js';
import { type ScriptedModel, startScriptedModel } from '../src/testing/scripted-model.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setup(
  script: Parameters<typeof startScriptedModel>[0],
  options: Parameters<typeof startHarness>[0] = {},
) {
  const model = await startScriptedModel(script);
  cleanup.push(model.close);
  const harness = await startHarness({ modelUrl: model.url, ...options });
  cleanup.push(harness.close);
  return { model, harness };
}

async function newSession(harness: Harness, agent?: string): Promise<string> {
  const { status, body } = await harness.api('POST', '/api/sessions', agent ? { agent } : {});
  expect(status).toBe(201);
  return body.id;
}

/** Sends a message and follows that turn's stream to its end. */
async function chat(harness: Harness, sessionId: string, content: string): Promise<TurnEvent[]> {
  const { events } = await readEvents(`${harness.url}/api/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content }),
  });
  return events;
}

const toolNames = (model: ScriptedModel, index: number) =>
  model.requests[index]?.tools?.map((t) => t.function.name) ?? [];

describe('a chat that uses MCP and native tools', () => {
  it('calls an MCP tool, then a native tool, then answers; everything is stored', async () => {
    const { model, harness } = await setup([
      { text: 'Let me echo. ', toolCalls: [{ name: 'everything_echo', arguments: { message: 'hi' } }] },
      { toolCalls: [{ name: 'view_file', arguments: { path: 'src/hello.ts' } }] },
      { text: 'The file exports hello = "world".' },
    ]);
    const id = await newSession(harness);
    const events = await chat(harness, id, 'What does hello.ts export?');
    const kinds = events.map((e) => e.type).filter((t) => t !== 'text-delta');
    expect(kinds).toEqual(['turn-start', 'tool-call', 'tool-result', 'tool-call', 'tool-result', 'done']);
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results[0]).toMatchObject({ name: 'everything_echo', output: 'Echo: hi', error: false });
    expect(results[1]).toMatchObject({ name: 'view_file', error: false });
    expect((results[1] as { output: string }).output).toContain('export const hello = "world";');
    expect(events.find((e) => e.type === 'tool-call')).toMatchObject({ server: 'everything' });
    expect(textOf(events)).toBe('Let me echo. The file exports hello = "world".');
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'done' });

    // The model saw every tool, alpha-sorted, and got the results back in the next request.
    const names = toolNames(model, 0);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining(['everything_echo', 'find_files', 'grep', 'list_dir', 'view_file']),
    );
    const second = model.requests[1]?.messages ?? [];
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [expect.objectContaining({ type: 'function' })],
    });
    expect(second.at(-1)).toMatchObject({ role: 'tool', content: 'Echo: hi' });

    const { body } = await harness.api('GET', `/api/sessions/${id}`);
    expect(body.title).toBe('What does hello.ts export?');
    expect(body.turns).toEqual([expect.objectContaining({ status: 'done' })]);
    const assistant = body.messages[1];
    expect(assistant.status).toBe('complete');
    expect(assistant.parts.map((p: { type: string }) => p.type)).toEqual([
      'text',
      'tool_call',
      'tool_result',
      'tool_call',
      'tool_result',
      'text',
    ]);
    expect(assistant.parts[2]).toMatchObject({
      error: false,
      durationMs: expect.any(Number),
      output: 'Echo: hi',
    });
    // Stored with its server, so a reloaded page badges the card without asking the hub.
    expect(assistant.parts[1]).toMatchObject({
      name: 'everything_echo',
      arguments: { message: 'hi' },
      server: 'everything',
    });
    expect(assistant.parts[3]).not.toHaveProperty('server');
  });

  it('runs independent tool calls of one step concurrently and returns errors so the model can self-correct', async () => {
    const { model, harness } = await setup([
      {
        toolCalls: [
          { name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
          { name: 'everything_trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
          { name: 'view_file', arguments: { path: 'nope.ts' } },
          { name: 'grep', arguments: '{not json' },
        ],
      },
      { text: 'done' },
    ]);
    const id = await newSession(harness);
    const started = Date.now();
    const events = await chat(harness, id, 'go');
    expect(Date.now() - started).toBeLessThan(1_900);
    const results = events.filter(
      (e): e is Extract<TurnEvent, { type: 'tool-result' }> => e.type === 'tool-result',
    );
    expect(results).toHaveLength(4);
    const byName = (n: string) => results.filter((r) => r.name === n);
    expect(byName('view_file')[0]).toMatchObject({
      error: true,
      output: expect.stringMatching(/no such file/),
    });
    expect(byName('grep')[0]).toMatchObject({ error: true, output: expect.stringMatching(/not valid JSON/) });
    const toolMessages = model.requests[1]?.messages.filter((m) => m.role === 'tool') ?? [];
    expect(toolMessages).toHaveLength(4);
    expect(toolMessages.some((m) => m.content?.startsWith('Error: '))).toBe(true);
  });
});

describe('progress of long tool calls', () => {
  const longRun = {
    name: 'everything_trigger-long-running-operation',
    arguments: { duration: 0.9, steps: 3 },
  };

  it("streams a server's progress as tool-progress events of the call, not stored", async () => {
    const { harness } = await setup([{ toolCalls: [longRun] }, { text: 'done' }]);
    const id = await newSession(harness);
    const events = await chat(harness, id, 'run it');
    const call = events.find((e) => e.type === 'tool-call');
    const progress = events.filter((e) => e.type === 'tool-progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toMatchObject({ callId: (call as { callId: string }).callId, progress: 1, total: 3 });
    const kinds = events.map((e) => e.type);
    expect(kinds.lastIndexOf('tool-progress')).toBeLessThan(kinds.indexOf('tool-result'));
    const { body } = await harness.api('GET', `/api/sessions/${id}`);
    expect(body.messages[1].parts.map((p: { type: string }) => p.type)).toEqual([
      'tool_call',
      'tool_result',
      'text',
    ]);
  });

  it('streams progress then the result from the tool console when asked for an event stream', async () => {
    const { harness } = await setup([]);
    const { events } = await readEvents(`${harness.url}/api/tools/${longRun.name}/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-boocode-client': 'test' },
      body: JSON.stringify({ arguments: longRun.arguments }),
    });
    const kinds = events.map((e) => (e as { type: string }).type);
    expect(kinds.at(-1)).toBe('result');
    expect(kinds.filter((k) => k === 'progress').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toMatchObject({ error: false, durationMs: expect.any(Number) });
    // Without the event-stream header, one JSON answer as before.
    const plain = await harness.api('POST', `/api/tools/everything_echo/call`, {
      arguments: { message: 'x' },
    });
    expect(plain.body).toMatchObject({ error: false, output: 'Echo: x' });
  });
});

describe('agents and tool globs', () => {
  it('an agent scoped to [view_file] never sees MCP tools and cannot call them', async () => {
    const { model, harness } = await setup([
      { toolCalls: [{ name: 'everything_echo', arguments: { message: 'sneaky' } }] },
      { text: 'ok' },
    ]);
    const tools = await harness.api('GET', '/api/tools?agent=reader');
    expect(tools.body.tools.map((t: { name: string }) => t.name)).toEqual(['view_file']);
    const id = await newSession(harness, 'reader');
    const events = await chat(harness, id, 'echo something');
    expect(toolNames(model, 0)).toEqual(['view_file']);
    expect(model.requests[0]?.messages[0]).toMatchObject({ role: 'system', content: 'You read files.' });
    const result = events.find((e) => e.type === 'tool-result');
    expect(result).toMatchObject({
      error: true,
      output: expect.stringMatching(/not available here; available tools: view_file/),
    });
    // Each answer remembers who gave it: the turn's model and agent, streamed and stored.
    expect(events[0]).toMatchObject({ type: 'turn-start', model: 'scripted', agent: 'reader' });
    const { body } = await harness.api('GET', `/api/sessions/${id}`);
    expect(body.turns[0]).toMatchObject({ model: 'scripted', agent: 'reader' });
  });

  it('[*, !everything_*] keeps the native tools and drops the everything server', async () => {
    const { harness } = await setup([]);
    const { body } = await harness.api('GET', '/api/tools?agent=no-everything');
    const names = body.tools.map((t: { name: string }) => t.name);
    expect(names).toEqual(['find_files', 'grep', 'list_dir', 'view_file']);
    const agents = await harness.api('GET', '/api/agents');
    expect(agents.body.agents.map((a: { name: string }) => a.name)).toEqual(['reader', 'no-everything']);
    expect(agents.body.agents[0]).toMatchObject({ tools: ['view_file'], toolNames: ['view_file'] });
  });

  it('refuses an unknown agent', async () => {
    const { harness } = await setup([]);
    const { status, body } = await harness.api('POST', '/api/sessions', { agent: 'ghost' });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'UNKNOWN_AGENT', message: 'no agent named "ghost" in AGENTS.md' });
  });
});

describe('degradation', () => {
  it('an MCP server killed mid-session turns into an error result, the chat goes on, reconnect brings it back', async () => {
    const { harness } = await setup([
      { toolCalls: [{ name: 'everything_echo', arguments: { message: 'one' } }] },
      { text: 'first done' },
      { toolCalls: [{ name: 'everything_echo', arguments: { message: 'two' } }] },
      { text: 'the echo server is down, sorry' },
    ]);
    const id = await newSession(harness);
    const first = await chat(harness, id, 'echo one');
    expect(first.find((e) => e.type === 'tool-result')).toMatchObject({ error: false });
    const mcp = await harness.api('GET', '/api/mcp');
    const pid = mcp.body.servers.find((s: { name: string }) => s.name === 'everything').pid;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(async () => {
      const now = await harness.api('GET', '/api/mcp');
      expect(now.body.servers[0].state).toBe('unavailable');
    });
    const second = await chat(harness, id, 'echo two');
    expect(second.find((e) => e.type === 'tool-result')).toMatchObject({
      error: true,
      output: expect.stringMatching(
        /cannot be called right now: MCP server "everything" is unavailable.*SIGKILL/,
      ),
    });
    expect(second.at(-1)).toMatchObject({ type: 'done', status: 'done' });
    expect(textOf(second)).toBe('the echo server is down, sorry');
    const again = await harness.api('POST', '/api/mcp/everything/reconnect');
    expect(again.body.state).toBe('connected');
    const call = await harness.api('POST', '/api/tools/everything_echo/call', {
      arguments: { message: 'back' },
    });
    expect(call.body).toMatchObject({ error: false, output: 'Echo: back' });
  });

  it('answers a clear error when no model is configured, while tools and MCP still work', async () => {
    const harness = await startHarness();
    cleanup.push(harness.close);
    const id = await newSession(harness);
    const { status, body } = await harness.api('POST', `/api/sessions/${id}/messages`, { content: 'hi' });
    expect(status).toBe(409);
    expect(body.error.code).toBe('NO_MODEL');
    expect(body.error.message).toMatch(/LLM_BASE_URL.*LLM_MODEL/);
    const call = await harness.api('POST', '/api/tools/list_dir/call', { arguments: {} });
    expect(call.body.output).toMatch(/src\//);
    expect((await harness.api('GET', '/healthz')).body).toMatchObject({ ok: true, model: 'not configured' });
  });

  it('reports a model endpoint failure as an error event, and the turn ends failed', async () => {
    const { harness } = await setup([{ status: 503 }]);
    const id = await newSession(harness);
    const events = await chat(harness, id, 'hello');
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      code: 'MODEL_ERROR',
      message: expect.stringMatching(/HTTP 503/),
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', status: 'failed' });
  });
});

describe('the MCP panel API', () => {
  const spare = { command: process.execPath, args: [everythingBin, 'stdio'], enabled: false };
  const fileOf = async (harness: Harness) =>
    JSON.parse(await readFile(path.join(harness.dataDir, 'mcp.json'), 'utf8'));

  it('turns a server on and off at run time, persisted to mcp.json, and streams each change', async () => {
    const { harness } = await setup([], { servers: { spare } });
    let enabling: Promise<{ status: number; body: any }> | undefined;
    type McpEvent = { type: string; servers?: { name: string }[]; server?: { name: string; state: string } };
    const { events } = await readEvents(`${harness.url}/api/mcp/events`, {
      stop: (event) => {
        const e = event as unknown as McpEvent;
        if (e.type === 'servers') enabling = harness.api('POST', '/api/mcp/spare/enable');
        return e.type === 'server' && e.server?.name === 'spare' && e.server.state === 'connected';
      },
    });
    const stream = events as unknown as McpEvent[];
    expect(stream[0]?.servers?.map((s) => s.name)).toEqual(['everything', 'spare']);
    expect(stream.filter((e) => e.type === 'server').map((e) => e.server?.state)).toContain('connecting');
    expect((await enabling)?.body).toMatchObject({ name: 'spare', state: 'connected' });
    expect((await fileOf(harness)).mcpServers.spare.enabled).toBe(true);
    const tools = await harness.api('GET', '/api/tools');
    expect(tools.body.tools.map((t: { name: string }) => t.name)).toContain('spare_echo');

    const off = await harness.api('POST', '/api/mcp/spare/disable');
    expect(off.body).toMatchObject({ state: 'disabled', toolCount: 0 });
    expect((await fileOf(harness)).mcpServers.spare.enabled).toBe(false);
    const after = await harness.api('GET', '/api/tools');
    expect(after.body.tools.map((t: { name: string }) => t.name)).not.toContain('spare_echo');
  });

  it('refuses an unknown server, and one gone from the file since start-up, changing nothing', async () => {
    const { harness } = await setup([], { servers: { spare } });
    const unknown = await harness.api('POST', '/api/mcp/nobody/enable');
    expect(unknown.status).toBe(404);
    const file = path.join(harness.dataDir, 'mcp.json');
    await writeFile(file, JSON.stringify({ mcpServers: {} }));
    const gone = await harness.api('POST', '/api/mcp/spare/enable');
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toMatch(/no server "spare".*restart BooCode/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ mcpServers: {} });
    const status = await harness.api('GET', '/api/mcp');
    expect(status.body.servers.find((s: { name: string }) => s.name === 'spare').state).toBe('disabled');
  });
});

describe('durable turns', () => {
  it('a client that disconnects mid-turn reconnects with Last-Event-ID and misses nothing', async () => {
    const answer = 'This answer streams slowly enough to walk away from it halfway through.';
    const { harness } = await setup([{ text: answer, chunkDelayMs: 15 }]);
    const id = await newSession(harness);
    const post = await harness.api('POST', `/api/sessions/${id}/messages`, { content: 'stream please' });
    expect(post.status).toBe(202);
    let seen = 0;
    const first = await readEvents(`${harness.url}/api/sessions/${id}/events`, {
      stop: (e) => e.type === 'text-delta' && ++seen === 3,
    });
    const lastId = first.ids.at(-1) ?? '';
    const rest = await readEvents(`${harness.url}/api/sessions/${id}/events`, {
      headers: { 'last-event-id': lastId },
      stop: (e) => e.type === 'done',
    });
    const all = [...first.events, ...rest.events];
    const seqs = all.map((e) => e.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(textOf(all)).toBe(answer);
    // A late watcher (a reloaded page) gets the whole turn from the start.
    const late = await readEvents(`${harness.url}/api/sessions/${id}/events`, {
      stop: (e) => e.type === 'done',
    });
    expect(textOf(late.events)).toBe(answer);
  });

  it('cancel stops the model stream and keeps the partial answer', async () => {
    const { harness } = await setup([{ text: 'partial words', hang: true }]);
    const id = await newSession(harness);
    await harness.api('POST', `/api/sessions/${id}/messages`, { content: 'never finish' });
    await vi.waitFor(async () => {
      const { body } = await harness.api('GET', `/api/sessions/${id}`);
      expect(body.messages[1]?.parts[0]?.text).toBe('partial words');
    });
    const second = await harness.api('POST', `/api/sessions/${id}/messages`, { content: 'again' });
    expect(second.status).toBe(409);
    const cancel = await harness.api('POST', `/api/sessions/${id}/cancel`);
    expect(cancel.body).toEqual({ cancelled: true });
    await vi.waitFor(async () => {
      const { body } = await harness.api('GET', `/api/sessions/${id}`);
      expect(body.turns[0].status).toBe('cancelled');
      expect(body.messages[1].status).toBe('cancelled');
      expect(body.runningTurnId).toBeNull();
    });
  });
});

describe('the workspace sandbox', () => {
  it('refuses .., absolute paths and symlinks that lead out, and hides ignored files', async () => {
    const { harness } = await setup([]);
    const call = (args: object) => harness.api('POST', '/api/tools/view_file/call', { arguments: args });
    expect((await call({ path: '../outside.txt' })).body).toMatchObject({
      error: true,
      output: expect.stringMatching(/outside the workspace/),
    });
    expect((await call({ path: '/etc/passwd' })).body).toMatchObject({
      error: true,
      output: expect.stringMatching(/outside the workspace/),
    });
    expect((await call({ path: 'escape.txt' })).body).toMatchObject({
      error: true,
      output: expect.stringMatching(/symlink leading outside/),
    });
    expect((await call({ path: 'secret.txt' })).body).toMatchObject({
      error: true,
      output: expect.stringMatching(/ignored/),
    });
    expect((await call({ path: 'src/hello.ts' })).body).toMatchObject({ error: false });
    const grep = await harness.api('POST', '/api/tools/grep/call', {
      arguments: { pattern: 'hunter2|outside the' },
    });
    expect(grep.body.output).toMatch(/no matches/);
    const list = await harness.api('POST', '/api/tools/list_dir/call', { arguments: {} });
    expect(list.body.output).not.toMatch(/secret\.txt|escape\.txt/);
  });
});

describe('HTTP edges', () => {
  it('needs the token when BOOCODE_TOKEN is set, and only then', async () => {
    const { harness } = await setup([], { env: { BOOCODE_TOKEN: 's3cret' } });
    const denied = await harness.api('GET', '/api/sessions');
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('UNAUTHORIZED');
    expect(
      (await harness.api('GET', '/api/sessions', undefined, { authorization: 'Bearer wrong' })).status,
    ).toBe(401);
    expect(
      (await harness.api('GET', '/api/sessions', undefined, { authorization: 'Bearer s3cret' })).status,
    ).toBe(200);
    expect((await harness.api('GET', '/healthz')).status).toBe(200);
    const open = await startHarness({ mcp: false });
    cleanup.push(open.close);
    expect((await open.api('GET', '/api/sessions')).status).toBe(200);
  });

  it('answers bad input with 4xx and { error: { code, message } }', async () => {
    const { harness } = await setup([]);
    const id = await newSession(harness);
    const cases = [
      await harness.api('POST', `/api/sessions/${id}/messages`, '{"content":'),
      await harness.api('POST', `/api/sessions/${id}/messages`, { content: '   ' }),
      await harness.api('POST', `/api/sessions/${id}/messages`, { content: 'x', extra: 1 }),
      await harness.api('GET', '/api/sessions/does-not-exist'),
      await harness.api('POST', '/api/tools/no_such_tool/call', { arguments: {} }),
      await harness.api('POST', '/api/mcp/nobody/reconnect'),
      await harness.api('GET', '/api/nothing-here'),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 404, 404, 404, 404]);
    for (const c of cases)
      expect(c.body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
    const deleted = await harness.api('DELETE', `/api/sessions/${id}`);
    expect(deleted.status).toBe(204);
    expect((await harness.api('GET', `/api/sessions/${id}`)).status).toBe(404);
  });
});

describe('context budget', () => {
  it('trims long tool results for the model, keeps them whole in storage, and compacts old ones when the window is small', async () => {
    const { model, harness } = await setup(
      [
        { toolCalls: [{ name: 'view_file', arguments: { path: 'big.txt' } }] },
        { toolCalls: [{ name: 'view_file', arguments: { path: 'big.txt', start_line: 2 } }] },
        { text: 'ok' },
      ],
      { env: { TOOL_RESULT_BUDGET: '1000', LLM_CONTEXT_WINDOW: '700' } },
    );
    const { writeFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1} ${'y'.repeat(40)}`);
    await writeFile(path.join(harness.workspace, 'big.txt'), `${lines.join('\n')}\n`);
    const id = await newSession(harness, 'reader');
    const events = await chat(harness, id, 'read big.txt');
    const toolMessage = model.requests[1]?.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content?.length).toBeLessThan(1_200);
    expect(toolMessage?.content).toMatch(/more characters not shown/);
    expect(events.some((e) => e.type === 'notice')).toBe(true);
    const last = model.requests[2]?.messages.filter((m) => m.role === 'tool') ?? [];
    expect(last[0]?.content).toMatch(/removed to fit the context window/);
    expect(last[1]?.content).toMatch(/more characters not shown/);
    const { body } = await harness.api('GET', `/api/sessions/${id}`);
    const stored = body.messages[1].parts.find((p: { type: string }) => p.type === 'tool_result');
    expect(stored.output).toContain('line 200 ');
    expect(body.messages[1].parts.some((p: { type: string }) => p.type === 'notice')).toBe(true);
  });

  it('refuses to send a request whose tool schemas alone exceed the window, and warns past half of it', async () => {
    // Every tool (the native four and server-everything's) against a 1,000-token window.
    const tiny = await setup([{ text: 'never asked' }], { env: { LLM_CONTEXT_WINDOW: '1000' } });
    const events = await chat(tiny.harness, await newSession(tiny.harness), 'hi');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'error',
        code: 'TOOLS_EXCEED_CONTEXT',
        message: expect.stringMatching(/tool schemas alone take ~\d+ tokens/),
      }),
    );
    expect(tiny.model.requests).toHaveLength(0);
    const tight = await setup([{ text: 'ok' }], { env: { LLM_CONTEXT_WINDOW: '2400' } });
    const warned = await chat(tight.harness, await newSession(tight.harness), 'hi');
    expect(warned).toContainEqual(
      expect.objectContaining({
        type: 'notice',
        message: expect.stringMatching(/tool schemas take ~\d+ of the model's 2400 tokens/),
      }),
    );
  });
});

describe('tool search past the tool limit', () => {
  it('sends tool_search instead of every MCP schema; what it finds is offered from the next step and runs', async () => {
    const { model, harness } = await setup(
      [
        { toolCalls: [{ name: 'tool_search', arguments: { query: 'echo a message back' } }] },
        { toolCalls: [{ name: 'everything_echo', arguments: { message: 'found you' } }] },
        { text: 'Done.' },
      ],
      { env: { TOOL_SEARCH_MAX_TOOLS: '6' } },
    );
    const id = await newSession(harness);
    const events = await chat(harness, id, 'Echo something');
    const results = events.filter((e) => e.type === 'tool-result');
    expect((results[0] as { output: string }).output).toMatch(/^found: everything_echo/);
    expect(results[1]).toMatchObject({ name: 'everything_echo', output: 'Echo: found you', error: false });
    const first = toolNames(model, 0);
    expect(first).toEqual(['find_files', 'grep', 'list_dir', 'tool_search', 'view_file']);
    const second = toolNames(model, 1);
    expect(second).toEqual([...second].sort());
    expect(second).toContain('everything_echo');
    expect(second.filter((n) => n.startsWith('everything_')).length).toBeLessThanOrEqual(5);
    // The step after still offers it: finds are read back from the stored results, not held in memory.
    expect(JSON.stringify(model.requests[2]?.tools)).toContain('everything_echo');
  });
});
