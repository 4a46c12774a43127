import path from 'node:path';
import type { McpEvent } from '@boocode/api-types';
import Database from 'better-sqlite3';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubFixture, startOAuthServer } from '../src/testing/fixtures.js';
import { type Harness, startHarness } from '../src/testing/harness.js';
import { type ScriptedModel, startScriptedModel } from '../src/testing/scripted-model.js';

// What MCP servers ask of the user, through BooCode's API: an OAuth login to a remote server
// (the MCP SDK's own auth router on loopback), forms (elicitation) and model calls (sampling)
// from a real SDK server over stdio, answered the way the page answers them.
/** The page's side of /api/mcp/events: every event, as it comes. */
function watchMcp(h: Harness) {
  const controller = new AbortController();
  const events: McpEvent[] = [];
  const opened = fetch(`${h.url}/api/mcp/events`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  }).then(async (response) => {
    const stream = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    (async () => {
      try {
        for await (const message of stream) events.push(JSON.parse(message.data));
      } catch {
        // Closed by the test.
      }
    })();
  });
  const waitFor = async <T extends McpEvent['type']>(type: T) => {
    await opened;
    await expect.poll(() => events.some((e) => e.type === type), { timeout: 10_000 }).toBe(true);
    return events.find((e) => e.type === type) as Extract<McpEvent, { type: T }>;
  };
  return { events, opened, waitFor, close: () => controller.abort() };
}

let h: Harness;
let model: ScriptedModel;
let oauth: { url: string; stop: () => void };

beforeAll(async () => {
  oauth = await startOAuthServer();
  model = await startScriptedModel([{ text: 'A short summary.' }, { text: 'Again, briefly.' }]);
  h = await startHarness({
    modelUrl: model.url,
    servers: {
      m: { command: process.execPath, args: [hubFixture('modern-server.mjs')] },
      remote: { url: oauth.url },
    },
  });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  oauth?.stop();
});

const status = async (name: string) =>
  (await h.api('GET', '/api/mcp')).body.servers.find((s: { name: string }) => s.name === name);

describe('OAuth login to a remote MCP server', () => {
  it('needs a login, logs in through the browser round trip, keeps tokens in SQLite, logs out', async () => {
    expect(await status('remote')).toMatchObject({ state: 'needs-login', canLogin: true });
    const login = await h.api('POST', '/api/mcp/remote/login');
    expect(login.status).toBe(200);
    // The browser: the authorization server approves and redirects to BooCode's callback.
    const approved = await fetch(login.body.authorizationUrl, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location') ?? '');
    expect(callback.href.startsWith(`${h.url}/oauth/callback?`)).toBe(true);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'remote.forged');
    const refused = await fetch(forged);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/state mismatch/);

    const landed = await fetch(callback);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toMatch(/Logged in to remote/);
    expect(await status('remote')).toMatchObject({ state: 'connected' });
    const call = await h.api('POST', '/api/tools/remote_whoami/call', { arguments: {} });
    expect(call.body).toMatchObject({ error: false, output: expect.stringMatching(/^client /) });

    const db = new Database(path.join(h.dataDir, 'boocode.db'), { readonly: true });
    const row = db.prepare('SELECT data FROM mcp_oauth WHERE server = ?').get('remote') as { data: string };
    db.close();
    expect(JSON.parse(row.data).tokens.access_token).toEqual(expect.any(String));

    expect(await h.api('POST', '/api/mcp/remote/logout')).toMatchObject({
      status: 200,
      body: { state: 'needs-login' },
    });
    expect(await h.api('POST', '/api/tools/remote_whoami/call', { arguments: {} })).toMatchObject({
      status: 404,
    });
  });

  it('refuses a login to a server that cannot have one', async () => {
    expect(await h.api('POST', '/api/mcp/m/login')).toMatchObject({
      status: 409,
      body: { error: { code: 'NOT_SUPPORTED' } },
    });
  });
});

describe('a server asking the user (elicitation)', () => {
  it('is declined when no page is open', async () => {
    const call = await h.api('POST', '/api/tools/m_ask/call', { arguments: {} });
    expect(call.body.output).toBe('answer: {"action":"decline"}');
  });

  it('shows the form to an open page and returns its answer, defaults filled in', async () => {
    const page = watchMcp(h);
    await page.opened;
    const call = h.api('POST', '/api/tools/m_ask/call', { arguments: {} });
    const { request } = await page.waitFor('input-requested');
    expect(request).toMatchObject({ kind: 'elicitation', server: 'm', message: 'Who is asking?' });
    expect((await h.api('GET', '/api/mcp/input')).body.requests).toHaveLength(1);
    const wrong = await h.api('POST', `/api/mcp/input/${request.id}`, { approve: true });
    expect(wrong).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/a form is answered/) } },
    });
    // Checked on the server against the server's schema, whoever posts it: named field by field.
    const misfit = await h.api('POST', `/api/mcp/input/${request.id}`, {
      action: 'accept',
      content: { name: 5, age: 36.5, role: 'boss' },
    });
    expect(misfit.status).toBe(400);
    expect(misfit.body.error.message).toMatch(/field "name": .*string/);
    expect(misfit.body.error.message).toMatch(/field "age": .*int/);
    expect(misfit.body.error.message).toMatch(/field "role": .*"dev"\|"ops"/);
    expect(
      await h.api('POST', `/api/mcp/input/${request.id}`, { action: 'accept', content: { name: 'Grace' } }),
    ).toMatchObject({ status: 200 });
    expect((await call).body.output).toBe(
      'answer: {"action":"accept","content":{"name":"Grace","age":36,"role":"dev"}}',
    );
    await page.waitFor('input-settled');
    expect(await h.api('POST', `/api/mcp/input/${request.id}`, { action: 'decline' })).toMatchObject({
      status: 404,
    });
    page.close();
  });
});

describe("a server asking for BooCode's model (sampling)", () => {
  it('asks the page, runs the model once approved, remembers "always", and obeys "never"', async () => {
    const page = watchMcp(h);
    await page.opened;
    const first = h.api('POST', '/api/tools/m_summarize/call', { arguments: { text: 'MCP' } });
    const { request } = await page.waitFor('input-requested');
    expect(request).toMatchObject({
      kind: 'sampling',
      server: 'm',
      systemPrompt: 'Be brief.',
      messages: [{ role: 'user', text: 'Summarize: MCP' }],
      maxTokens: 50,
    });
    await h.api('POST', `/api/mcp/input/${request.id}`, { approve: true, remember: 'always' });
    expect((await first).body.output).toMatch(/^sampled: .*"text":"A short summary\."/);
    const sent = model.requests.at(-1);
    expect(sent?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    page.close();

    // Remembered: no page needed now.
    expect(await h.api('GET', '/api/mcp/m/sampling')).toMatchObject({ body: { policy: 'always' } });
    const second = await h.api('POST', '/api/tools/m_summarize/call', { arguments: { text: 'again' } });
    expect(second.body.output).toMatch(/Again, briefly\./);

    expect(await h.api('PUT', '/api/mcp/m/sampling', { policy: 'never' })).toMatchObject({ status: 200 });
    const refused = await h.api('POST', '/api/tools/m_summarize/call', { arguments: { text: 'no' } });
    expect(refused.body).toMatchObject({
      error: true,
      output: expect.stringMatching(/does not let m use the model/),
    });
    expect(await h.api('PUT', '/api/mcp/m/sampling', { policy: 'sometimes' })).toMatchObject({ status: 400 });
  });
});
