import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Envelope } from '../src/envelope.js';

/** `boocontext serve --http` as a team runs it: one process, real MCP clients over real loopback HTTP. */
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '../dist/bundle/boocontext.cjs');
const fake = path.join(here, 'fixtures/fake-child.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'boocontext-http-'));
const repo = path.join(work, 'express');
const TOKEN = 'team-token-0123456789abcdef';

interface Served {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

const running: Served[] = [];

/** Starts the server; resolves with its URL once it says where it listens, or with its exit. */
function serve(
  args: string[],
  env: Record<string, string> = {},
): Promise<Served | { exit: number; stderr: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--http', ...args], {
    cwd: work,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) {
        const served: Served = {
          url,
          process: child,
          stderr: () => stderr,
          stop: async () => {
            if (child.exitCode !== null) return;
            child.kill('SIGTERM');
            await new Promise((r) => child.once('exit', r));
          },
        };
        running.push(served);
        resolve(served);
      }
    });
    child.once('exit', (code) => resolve({ exit: code ?? -1, stderr }));
  });
}

async function started(args: string[], env?: Record<string, string>): Promise<Served> {
  const result = await serve(args, env);
  if ('exit' in result) throw new Error(`boocontext serve --http exited ${result.exit}: ${result.stderr}`);
  return result;
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  // `auto`: the 2026-07-28 revision first, as current hosts speak it.
  const client = new Client({ name: 'team-member', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>, signal?: AbortSignal) {
  const result = await client.callTool({ name, arguments: args }, signal ? { signal } : undefined);
  return Envelope.parse(JSON.parse((result.content as { text: string }[])[0]?.text ?? ''));
}

/** A raw request, so the test sets Host, Origin and bodies as an attacker would. */
function raw(
  url: string,
  headers: Record<string, string>,
  body = '{}',
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (c: Buffer) => {
          text += c.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(() => {
  cpSync(path.join(here, 'fixtures/repos/express'), repo, { recursive: true });
});

afterAll(async () => {
  for (const served of running) await served.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('boocontext serve --http', () => {
  let server: Served;
  beforeAll(async () => {
    server = await started(
      ['--port', '0', '--root', repo, '--child', `code-graph=${process.execPath},${fake}`],
      {
        CANCEL_MARKER: path.join(work, 'cancelled.txt'),
      },
    );
  });

  it('serves several clients at once from one index per repository', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(server.url)));
    expect(clients.map((c) => c.getNegotiatedProtocolVersion())).toEqual(Array(6).fill('2026-07-28'));
    const listed = await Promise.all(clients.map((c) => c.listTools()));
    for (const { tools } of listed) expect(tools.map((t) => t.name)).toHaveLength(9);
    const answers = await Promise.all(clients.map((c) => call(c, 'boocontext_overview', {})));
    for (const answer of answers) {
      expect(answer.verdict).toBe('SAFE');
      expect(answer.details).toMatchObject({ root: repo });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a.details))).size).toBe(1);
    // Built at start (or by the first call, which the others join): once, whoever asked.
    expect(server.stderr().match(/indexed /g)).toHaveLength(1);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('has code-graph index every root it serves at start, before any call', async () => {
    const marker = path.join(work, 'indexed-at-start.txt');
    await started(['--port', '0', '--root', repo, '--child', `code-graph=${process.execPath},${fake}`], {
      INDEX_MARKER: marker,
    });
    await expect
      .poll(() => existsSync(marker) && readFileSync(marker, 'utf8'), { timeout: 10_000 })
      .toBe(`${repo} *\n`);
  });

  it('answers a 2025-era client through the stateless fallback', async () => {
    const legacy = new LegacyClient({ name: 'old-host', version: '1' });
    await legacy.connect(new LegacyTransport(new URL(server.url)));
    const { tools } = await legacy.listTools();
    expect(tools.map((t) => t.name)).toContain('boocontext_map');
    const result = await legacy.callTool({ name: 'boocontext_overview', arguments: {} });
    expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '').verdict).toBe('SAFE');
    await legacy.close();
  });

  it("never holds one client behind another's slow call, and cancels that call for its client alone", async () => {
    const slowClient = await connect(server.url);
    const quickClient = await connect(server.url);
    const controller = new AbortController();
    const slow = call(slowClient, 'boocontext_callgraph', { symbol: 'list' }, controller.signal);
    slow.catch(() => {});
    // Let the slow call reach the child (it takes 5 s there) before the quick one.
    await new Promise((r) => setTimeout(r, 1_500));
    const started = performance.now();
    expect((await call(quickClient, 'boocontext_overview', {})).verdict).toBe('SAFE');
    expect(performance.now() - started).toBeLessThan(1_000);
    controller.abort();
    await expect(slow).rejects.toThrow();
    const marker = path.join(work, 'cancelled.txt');
    const until = Date.now() + 5_000;
    while (!existsSync(marker) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(marker, 'utf8')).toBe('cancelled');
    // The other client goes on.
    expect((await call(quickClient, 'boocontext_symbols', { query: 'list' })).verdict).toBe('SAFE');
    await Promise.all([slowClient.close(), quickClient.close()]);
  });

  it("relays a child's progress notifications to the client whose call it is", async () => {
    const asking = await connect(server.url);
    const heard: { progress: number; message?: string }[] = [];
    const result = await asking.callTool(
      { name: 'boocontext_callgraph', arguments: { symbol: 'with-progress' } },
      { onprogress: (p) => heard.push(p) },
    );
    expect(result.isError).toBeFalsy();
    // Relayed at most every 200 ms, as over stdio; the last may race the answer and go unheard.
    expect(heard.length).toBeGreaterThanOrEqual(1);
    expect(heard[0]?.message).toMatch(/step 1 of 3/);
    await asking.close();
  });

  it('refuses a foreign Host or Origin, another path, and a body over 1 MiB', async () => {
    const port = new URL(server.url).port;
    const evilHost = await raw(server.url, { host: `evil.example:${port}` });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await raw(server.url, { origin: 'http://evil.example' });
    expect(evilOrigin.status).toBe(403);
    expect((await raw(server.url.replace('/mcp', '/other'), {})).status).toBe(404);
    const big = await raw(
      server.url,
      {},
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(1_100_000) }),
    );
    expect(big.status).toBe(413);
  });
});

describe('boocontext serve --http with a token', () => {
  it('refuses to start off loopback without a token, and names what to set', async () => {
    const refused = await serve(['--host', '0.0.0.0', '--port', '0', '--root', repo]);
    expect(refused).toMatchObject({ exit: 2 });
    expect((refused as { stderr: string }).stderr).toMatch(/without a token.*BOOCONTEXT_TOKEN/);
  });

  it('off loopback with a token: refuses a request without it, serves one with it', async () => {
    const server = await started(['--host', '0.0.0.0', '--port', '0', '--root', repo], {
      BOOCONTEXT_TOKEN: TOKEN,
    });
    const url = server.url.replace('0.0.0.0', '127.0.0.1');
    expect((await raw(url, {})).status).toBe(401);
    expect((await raw(url, { authorization: 'Bearer wrong-token-0123456789ab' })).status).toBe(401);
    await expect(connect(url)).rejects.toThrow();
    const client = await connect(url, { authorization: `Bearer ${TOKEN}` });
    expect((await call(client, 'boocontext_overview', {})).verdict).toBe('SAFE');
    await client.close();
  });

  it('refuses a token too short to be one', async () => {
    const refused = await serve(['--port', '0', '--root', repo], { BOOCONTEXT_TOKEN: 'short' });
    expect(refused).toMatchObject({ exit: 2 });
    expect((refused as { stderr: string }).stderr).toMatch(/BOOCONTEXT_TOKEN must be at least 16 characters/);
  });
});
