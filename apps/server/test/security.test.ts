import { writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../src/testing/harness.js';
import { startScriptedModel } from '../src/testing/scripted-model.js';

const TOKEN = 's3cret-token';

/** A raw request, so the test controls every header (fetch would set Host and Origin itself). */
function raw(
  base: string,
  method: string,
  route: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: route,
        headers: { ...headers, connection: 'close' },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
          // An event stream never ends by itself: its first bytes are the answer.
          if (res.headers['content-type']?.startsWith('text/event-stream')) req.destroy();
        });
        res.on('close', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
    req.end(body);
  });
}

/** `POST /api/sessions` as JSON with the given headers (Host, Origin…). */
const postSession = (base: string, headers: Record<string, string>) =>
  raw(base, 'POST', '/api/sessions', { 'content-type': 'application/json', ...headers }, '{}');

describe('with BOOCODE_TOKEN set', () => {
  let h: Harness;
  let session: string;
  beforeAll(async () => {
    h = await startHarness({ mcp: false, env: { BOOCODE_TOKEN: TOKEN } });
    const created = await h.api('POST', '/api/sessions', {}, { authorization: `Bearer ${TOKEN}` });
    session = created.body.id;
  });
  afterAll(() => h.close());

  it.each([
    ['POST', '/%61pi/tools/grep/call', '{"arguments":{"pattern":"hunter"}}'],
    ['GET', '/%61pi/sessions'],
    ['GET', '/a%70i/sessions'],
    ['GET', '/%61%70%69/sessions'],
    ['GET', '/api/sessions/../sessions'],
    ['GET', '/API/sessions'],
    ['POST', '/%61pi/mcp/everything/reconnect'],
    ['DELETE', '/%61pi/sessions/SESSION'],
    ['GET', '/%61pi/sessions/SESSION/events'],
    ['GET', '/api/sessions?x=/events&access_token=s3cret-token'],
  ])('%s %s gets nothing without the token', async (method, route, body) => {
    const headers: Record<string, string> = { host: new URL(h.url).host, 'x-boocode-client': 't' };
    if (body) headers['content-type'] = 'application/json';
    const answer = await raw(h.url, method, route.replace('SESSION', session), headers, body);
    // Refused, or (for a path that is no API route) the page itself: never data.
    if (answer.status === 200) expect(answer.body).toMatch(/^<!doctype html>/i);
    else expect([401, 404]).toContain(answer.status);
    expect(answer.body).not.toMatch(/hunter2|"sessions":|^data: /m);
  });

  it('lets the event stream, and only it, authenticate by query string', async () => {
    const host = new URL(h.url).host;
    const stream = await raw(h.url, 'GET', `/api/sessions/${session}/events?access_token=${TOKEN}`, { host });
    expect(stream.status).toBe(200);
    expect((await raw(h.url, 'GET', `/api/sessions?access_token=${TOKEN}`, { host })).status).toBe(401);
    expect((await raw(h.url, 'GET', '/healthz', { host })).status).toBe(200);
  });
});

describe('browser-origin defences (default config, no token)', () => {
  let h: Harness;
  let host: string;
  beforeAll(async () => {
    h = await startHarness({ mcp: false, env: { ALLOWED_HOSTS: 'boocode.lan' } });
    host = new URL(h.url).host;
  });
  afterAll(() => h.close());

  it('refuses a Host that is not this server (DNS rebinding), and takes ALLOWED_HOSTS', async () => {
    for (const evil of ['evil.example', `evil.example:${new URL(h.url).port}`, '127.0.0.1.evil.example']) {
      const answer = await raw(h.url, 'GET', '/api/sessions', { host: evil });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error.code).toBe('FORBIDDEN_HOST');
    }
    expect(
      (await raw(h.url, 'GET', '/api/sessions', { host: `localhost:${new URL(h.url).port}` })).status,
    ).toBe(200);
    expect((await raw(h.url, 'GET', '/api/sessions', { host: 'boocode.lan' })).status).toBe(200);
  });

  it('refuses what a cross-site page can send: bodyless or text/plain POSTs, foreign origins', async () => {
    const bodyless = await raw(h.url, 'POST', '/api/sessions', { host });
    expect(bodyless.status).toBe(415);
    const simple = await raw(
      h.url,
      'POST',
      '/api/tools/list_dir/call',
      { host, 'content-type': 'text/plain' },
      '{}',
    );
    expect(simple.status).toBe(415);
    const foreign = await postSession(h.url, { host, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('FORBIDDEN_ORIGIN');
    expect((await postSession(h.url, { host, origin: `http://${host}` })).status).toBe(201);
    expect((await h.api('GET', '/api/sessions')).body.sessions).toHaveLength(1);
  });
});

describe('behind a proxy at BOOCODE_PUBLIC_URL', () => {
  let h: Harness;
  let port: string;
  beforeAll(async () => {
    h = await startHarness({ mcp: false, env: { BOOCODE_PUBLIC_URL: 'https://boo.example.com' } });
    port = new URL(h.url).port;
  });
  afterAll(() => h.close());

  it('answers to the public host with no other setting, and to the proxy passing its own Host', async () => {
    expect((await raw(h.url, 'GET', '/api/sessions', { host: 'boo.example.com' })).status).toBe(200);
    expect((await raw(h.url, 'GET', '/api/sessions', { host: 'other.example.com' })).status).toBe(403);
    const origin = 'https://boo.example.com';
    expect((await postSession(h.url, { host: 'boo.example.com', origin })).status).toBe(201);
    // nginx's default proxy_pass sends the upstream address as Host; the browser's Origin is the public one.
    expect((await postSession(h.url, { host: `127.0.0.1:${port}`, origin })).status).toBe(201);
    const foreign = await postSession(h.url, { host: 'boo.example.com', origin: 'https://evil.example.com' });
    expect(foreign.status).toBe(403);
  });
});

describe("a remote server's credentials in mcp.json", () => {
  it('never reach the API (status, events, tools), connected or not', async () => {
    const secret = 'S3CRET-in-mcp-json-0123456789';
    const key = '-----BEGIN PRIVATE KEY-----KEY-MATERIAL-----END PRIVATE KEY-----';
    const h = await startHarness({
      servers: {
        svc: {
          url: 'http://127.0.0.1:9/mcp',
          timeout: 1000,
          oauth: { grant: 'client_credentials', clientId: 'boocode-ci', clientSecret: secret },
        },
        signed: {
          url: 'http://127.0.0.1:9/mcp',
          timeout: 1000,
          oauth: { grant: 'client_credentials', clientId: 'boocode-ci', privateKey: key, algorithm: 'ES256' },
        },
      },
    });
    try {
      const seen = JSON.stringify([
        (await h.api('GET', '/api/mcp')).body,
        (await h.api('GET', '/api/tools')).body,
        await raw(h.url, 'GET', '/api/mcp/events', { host: new URL(h.url).host }),
      ]);
      expect(seen).toContain('"svc"');
      expect(seen).not.toContain(secret);
      expect(seen).not.toContain('KEY-MATERIAL');
    } finally {
      await h.close();
    }
  });
});

describe('a native tool that would run for minutes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mcp: false, env: { TOOL_TIME_LIMIT_MS: '2000' } });
    await writeFile(path.join(h.workspace, 'src', 'aaa.txt'), `${'a'.repeat(40)}b\n`);
  });
  afterAll(() => h.close());

  it('keeps /healthz answering within 50 ms (p99) while it runs, then stops it', async () => {
    const call = h.api('POST', '/api/tools/grep/call', { arguments: { pattern: '^(a+)+\\1$' } });
    const timings: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      expect((await h.api('GET', '/healthz')).status).toBe(200);
      timings.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length * 0.99)]).toBeLessThan(50);
    const result = await call;
    expect(result.body).toMatchObject({
      error: true,
      output: expect.stringMatching(/did not finish within 2 s/),
    });
  });
});

describe('a second BooCode on the same data directory', () => {
  it("refuses to start, and leaves the first one's running turn alone", async () => {
    const model = await startScriptedModel([{ text: 'thinking…', hang: true }]);
    const first = await startHarness({ modelUrl: model.url, mcp: false });
    try {
      const session = (await first.api('POST', '/api/sessions', {})).body.id;
      expect((await first.api('POST', `/api/sessions/${session}/messages`, { content: 'hi' })).status).toBe(
        202,
      );
      await expect(startHarness({ mcp: false, dataDir: first.dataDir })).rejects.toThrow(
        /another BooCode \(pid \d+\) is using DATA_DIR/,
      );
      const detail = (await first.api('GET', `/api/sessions/${session}`)).body;
      expect(detail.runningTurnId).not.toBeNull();
      expect(detail.turns.at(-1).status).toBe('running');
    } finally {
      await first.close();
      await model.close();
    }
  });
});
