import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ScriptedModel, startScriptedModel } from '@boocode/server/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support.js';
import { buildImage, type Engine, ensureBaseImage, findEngine } from './engine.js';

/**
 * The image as the design deploys it: the repository's own data/ copied to a host folder and
 * mounted at /data, a workspace mounted read-only beside it, reached on a published port and
 * through nginx and Caddy with forward auth. Runs with the engine that is there (podman or docker).
 */
const TAG = 'localhost/boocode:container-test';
const WORKSPACE = path.join(repoRoot, 'packages/boocontext/test/fixtures/stacks/gin');
const PUBLIC_HOST = 'boocode.example.com';
const IMAGE_UID = 1000;

let engine: Engine;
let model: ScriptedModel;
const containers: string[] = [];
const folders: string[] = [];

function folder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** A host folder for /data, handed to the image's user as the README says. */
function dataFolder(withRepoData: boolean): string {
  const dir = folder('boocode-data-');
  if (withRepoData) {
    cpSync(path.join(repoRoot, 'data/mcp.json'), path.join(dir, 'mcp.json'));
    // A heading of our own proves the agents come from the mounted file, not the image's defaults.
    const agents = readFileSync(path.join(repoRoot, 'data/AGENTS.md'), 'utf8');
    writeFileSync(
      path.join(dir, 'AGENTS.md'),
      `${agents}\n## mounted-check\ndescription: only in /data\n\nHello.\n`,
    );
  }
  if (process.getuid?.() === 0) {
    chownSync(dir, IMAGE_UID, IMAGE_UID);
    for (const name of ['mcp.json', 'AGENTS.md'])
      if (existsSync(path.join(dir, name))) chownSync(path.join(dir, name), IMAGE_UID, IMAGE_UID);
  }
  return dir;
}

interface Started {
  name: string;
  url: string;
  port: number;
}

async function startContainer(
  data: string,
  env: Record<string, string> = {},
  runArgs: string[] = [],
): Promise<Started> {
  const name = `boocode-test-${process.pid}-${containers.length}`;
  containers.push(name);
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  await engine.exec([
    'run',
    '-d',
    '--name',
    name,
    '-p',
    '127.0.0.1::3000',
    '-v',
    `${data}:/data`,
    '-v',
    `${WORKSPACE}:/workspace:ro`,
    ...engine.hostArgs,
    ...envArgs,
    ...runArgs,
    TAG,
  ]);
  const mapping = (await engine.exec(['port', name, '3000/tcp'])).trim().split('\n')[0] ?? '';
  const port = Number(mapping.slice(mapping.lastIndexOf(':') + 1));
  const url = `http://localhost:${port}`;
  await waitFor(async () => (await fetch(`${url}/healthz`)).ok, 90_000, `${name} to answer /healthz`);
  return { name, url, port };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

async function api<T = Record<string, unknown>>(base: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${base}${route}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** What runs in the container: pid, uid, state and command line, read from /proc by the image's node. */
async function processes(
  name: string,
): Promise<{ pid: number; uid: number; state: string; command: string }[]> {
  const script = `const fs = require('fs');
const out = [];
for (const pid of fs.readdirSync('/proc').filter((d) => /^\\d+$/.test(d))) {
  try {
    const status = fs.readFileSync('/proc/' + pid + '/status', 'utf8');
    out.push({ pid: Number(pid), uid: Number(/Uid:\\s+(\\d+)/.exec(status)[1]), state: /State:\\s+(\\S)/.exec(status)[1],
      command: fs.readFileSync('/proc/' + pid + '/cmdline', 'utf8').split('\\0').join(' ').trim() });
  } catch {}
}
console.log(JSON.stringify(out));`;
  const listed = JSON.parse(await engine.exec(['exec', name, 'node', '-e', script])) as {
    pid: number;
    uid: number;
    state: string;
    command: string;
  }[];
  return listed.filter((p) => !p.command.startsWith('node -e'));
}

/** Waits for the shipped mcp.json's boocontext to be connected in the container. */
function boocontextConnected(box: Started): Promise<void> {
  return waitFor(
    async () =>
      (
        await api<{ servers: { name: string; state: string }[] }>(box.url, 'GET', '/api/mcp')
      ).body.servers.some((s) => s.name === 'boocontext' && s.state === 'connected'),
    60_000,
    'boocontext to connect',
  );
}

/**
 * Kills boocontext after a call that made it start its code-graph child, orphaning that child:
 * the init must reap both (under one that does not, the orphan stays a zombie). No process as root.
 */
async function killServerExpectReaped(box: Started): Promise<void> {
  await boocontextConnected(box);
  const searched = await api<{ error: boolean }>(box.url, 'POST', '/api/tools/boocontext_symbols/call', {
    arguments: { query: 'list' },
  });
  expect(searched.body.error).toBe(false);
  const before = await processes(box.name);
  const server = before.find((p) => p.command.includes('.bin/boocontext'));
  const orphan = before.find((p) => p.command.includes('code-graph'));
  expect({ server, orphan }, JSON.stringify(before)).toMatchObject({ server: {}, orphan: {} });
  expect(before.filter((p) => p.uid !== IMAGE_UID)).toEqual([]);
  await engine.exec(['exec', box.name, 'node', '-e', `process.kill(${server?.pid}, 'SIGKILL')`]);
  await waitFor(
    async () => {
      const now = await processes(box.name);
      return !now.some((p) => p.pid === server?.pid || p.pid === orphan?.pid || p.state === 'Z');
    },
    15_000,
    'the killed server and its orphan to be reaped',
  );
  expect((await processes(box.name)).filter((p) => p.uid !== IMAGE_UID)).toEqual([]);
}

/** A raw HTTP exchange (fetch cannot set Host), with the time each body chunk arrived. */
function exchange(
  port: number,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: { at: number; text: string }[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: route, headers }, (response) => {
      const chunks: { at: number; text: string }[] = [];
      response.on('data', (c: Buffer) => chunks.push({ at: performance.now(), text: c.toString() }));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, chunks }),
      );
    });
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`${method} ${route}: no answer in 60 s`)));
    request.end(body);
  });
}

beforeAll(async () => {
  engine = findEngine();
  await ensureBaseImage(engine);
  await buildImage(engine, TAG);
  // One streamed answer for each proxy's chat turn.
  const answer = {
    text: 'Streaming through the proxy, one piece at a time, as the model writes it.',
    chunkDelayMs: 120,
  };
  model = await startScriptedModel([answer, answer], { host: '0.0.0.0' });
}, 1_800_000);

afterAll(async () => {
  for (const name of containers) await engine?.try(['rm', '-f', '-t', '0', name]);
  await model?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the image with the repository data/ at /data', () => {
  let data: string;
  let box: Started;
  beforeAll(async () => {
    data = dataFolder(true);
    const modelPort = new URL(model.url).port;
    box = await startContainer(data, {
      LLM_BASE_URL: `http://${engine.hostName}:${modelPort}/v1`,
      LLM_MODEL: 'scripted',
      BOOCODE_PUBLIC_URL: `https://${PUBLIC_HOST}`,
    });
  }, 180_000);

  it('serves the page and the API on the published port, with no further setting', async () => {
    const page = await fetch(`${box.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    expect((await api(box.url, 'GET', '/api/sessions')).status).toBe(200);
    // The image's HEALTHCHECK: podman runs it on demand; Docker on its own interval.
    if (engine.name === 'podman') expect((await engine.try(['healthcheck', 'run', box.name])).code).toBe(0);
    else
      await waitFor(
        async () =>
          (await engine.exec(['inspect', '--format', '{{.State.Health.Status}}', box.name])).trim() ===
          'healthy',
        90_000,
        'the HEALTHCHECK to pass',
      );
  });

  it('connects boocontext from the shipped mcp.json, and it reads the mounted workspace', async () => {
    await waitFor(
      async () => {
        const { body } = await api<{ servers: { name: string; state: string; toolCount?: number }[] }>(
          box.url,
          'GET',
          '/api/mcp',
        );
        return body.servers.some(
          (s) => s.name === 'boocontext' && s.state === 'connected' && s.toolCount === 9,
        );
      },
      60_000,
      'boocontext to connect',
    );
    const { status, body } = await api<{ error: boolean; output: string }>(
      box.url,
      'POST',
      '/api/tools/boocontext_overview/call',
      { arguments: {} },
    );
    expect(status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.output).toContain('"root":"/workspace"');
    expect(body.output).toContain('shop/handler.go');
  });

  it('takes its agents from /data/AGENTS.md', async () => {
    const { body } = await api<{ agents: { name: string }[] }>(box.url, 'GET', '/api/agents');
    expect(body.agents.map((a) => a.name)).toEqual(
      expect.arrayContaining(['explorer', 'architect', 'mounted-check']),
    );
  });

  it('runs no process as root, and a killed MCP server leaves no zombie, its own children included', () =>
    killServerExpectReaped(box));

  for (const proxy of ['nginx', 'caddy'] as const) {
    it(`behind ${proxy} with forward auth: refused without the login, and the chat streams through as it is made`, async () => {
      const front = await startProxy(proxy, box.port);
      try {
        const host = { host: PUBLIC_HOST };
        const refused = await exchange(front.port, 'GET', '/api/sessions', host);
        expect(refused.status).toBe(302);
        expect(refused.headers.location).toContain('https://auth.example.com/');
        const login = { ...host, cookie: 'authelia_session=good' };
        expect((await exchange(front.port, 'GET', '/', login)).status).toBe(200);

        const json = { ...login, 'content-type': 'application/json', origin: `https://${PUBLIC_HOST}` };
        const created = await exchange(front.port, 'POST', '/api/sessions', json, '{}');
        expect(created.status).toBe(201);
        const session = JSON.parse(created.chunks.map((c) => c.text).join('')) as { id: string };
        const turn = await exchange(
          front.port,
          'POST',
          `/api/sessions/${session.id}/messages`,
          { ...json, accept: 'text/event-stream' },
          JSON.stringify({ content: `hello through ${proxy}` }),
        );
        expect(turn.status).toBe(200);
        const withText = turn.chunks.filter((c) => c.text.includes('"text-delta"'));
        const done = turn.chunks.find((c) => c.text.includes('"type":"done"'));
        expect(done).toBeDefined();
        // 19 pieces 120 ms apart: buffered, they would all arrive together at the end.
        expect(withText.length).toBeGreaterThan(5);
        expect((done?.at ?? 0) - (withText[0]?.at ?? 0)).toBeGreaterThan(1000);
        expect(front.authChecks()).toBeGreaterThanOrEqual(4);
      } finally {
        await front.stop();
      }
    });
  }

  it('writes the database into /data, keeps a session across a restart, and stops in under 10 s', async () => {
    const created = await api<{ id: string }>(box.url, 'POST', '/api/sessions', {});
    expect(created.status).toBe(201);
    expect(statSync(path.join(data, 'boocode.db')).uid).toBe(statSync(data).uid);
    const started = performance.now();
    await engine.exec(['stop', '-t', '30', box.name]);
    const stopMs = performance.now() - started;
    expect(stopMs).toBeLessThan(10_000);
    expect((await engine.exec(['inspect', '--format', '{{.State.ExitCode}}', box.name])).trim()).toBe('0');
    await engine.exec(['start', box.name]);
    const mapping = (await engine.exec(['port', box.name, '3000/tcp'])).trim();
    box.url = `http://localhost:${mapping.slice(mapping.lastIndexOf(':') + 1)}`;
    await waitFor(async () => (await fetch(`${box.url}/healthz`)).ok, 90_000, 'the restarted container');
    const { body } = await api<{ sessions: { id: string }[] }>(box.url, 'GET', '/api/sessions');
    expect(body.sessions.map((s) => s.id)).toContain(created.body.id);
    console.log(`container stop took ${Math.round(stopMs)} ms`);
  });
});

describe('the data folder', () => {
  it('an empty /data starts cleanly, with the shipped mcp.json and AGENTS.md', async () => {
    const data = dataFolder(false);
    const box = await startContainer(data);
    expect(readFileSync(path.join(data, 'mcp.json'), 'utf8')).toBe(
      readFileSync(path.join(repoRoot, 'data/mcp.json'), 'utf8'),
    );
    const { body } = await api<{ agents: { name: string }[] }>(box.url, 'GET', '/api/agents');
    expect(body.agents.map((a) => a.name)).toContain('explorer');
    await boocontextConnected(box);
  });

  it("reaps under the runtime's own init too (run --init: tini is then not PID 1)", async () => {
    await killServerExpectReaped(await startContainer(dataFolder(true), {}, ['--init']));
  });

  it('an unwritable /data: one line saying what to run, no stack trace', async () => {
    const data = folder('boocode-root-data-');
    const ran = await engine.try(['run', '--rm', '-v', `${data}:/data`, TAG], 60_000);
    expect(ran.code).toBe(1);
    const lines = ran.output.trim().split('\n');
    expect(lines, ran.output).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR \/data is not writable by uid 1000 .*chown -R 1000:1000/);
  });
});

describe('boocontext serve --http from the same image (deploy/compose.team-index.yaml)', () => {
  it('serves the mounted workspace to MCP clients on the published port, with the token', async () => {
    const token = 'container-team-token-0123456789';
    const compose = readFileSync(path.join(repoRoot, 'deploy/compose.team-index.yaml'), 'utf8');
    const command = JSON.parse(/command: (\[.*\])/.exec(compose)?.[1] ?? '[]') as string[];
    const name = `boocode-team-${process.pid}`;
    containers.push(name);
    await engine.exec([
      'run',
      '-d',
      '--name',
      name,
      '-p',
      '127.0.0.1::7433',
      '-e',
      `BOOCONTEXT_TOKEN=${token}`,
      '-v',
      `${WORKSPACE}:/workspace:ro`,
      TAG,
      ...command,
    ]);
    const mapping = (await engine.exec(['port', name, '7433/tcp'])).trim().split('\n')[0] ?? '';
    const url = new URL(`http://localhost:${mapping.slice(mapping.lastIndexOf(':') + 1)}/mcp`);
    let client: Client | undefined;
    await waitFor(
      async () => {
        const attempt = new Client(
          { name: 'container-test', version: '1' },
          { versionNegotiation: { mode: 'auto' } },
        );
        await attempt.connect(
          new StreamableHTTPClientTransport(url, {
            requestInit: { headers: { authorization: `Bearer ${token}` } },
          }),
        );
        client = attempt;
        return true;
      },
      60_000,
      'boocontext serve --http in the container',
    );
    expect((await client?.listTools())?.tools.map((t) => t.name)).toContain('boocontext_overview');
    const result = await client?.callTool({ name: 'boocontext_overview', arguments: {} });
    expect(JSON.stringify(result)).toContain('shop/handler.go');
    await client?.close();
    const refused = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
  });
});

describe('the runtime image', () => {
  it('holds no dev-only packages (test runner, linter, bundlers, compiler types)', async () => {
    const found = await engine.exec([
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      TAG,
      '-c',
      'cd /app/node_modules && ls -d vitest @vitest @biomejs rolldown vite playwright-core @types/node @types/better-sqlite3 2>/dev/null; ls -d /app/apps/*/src /app/apps/*/test /app/packages/*/src /app/packages/*/test 2>/dev/null; true',
    ]);
    expect(found.trim()).toBe('');
    const size = Number((await engine.exec(['image', 'inspect', '--format', '{{.Size}}', TAG])).trim());
    const base = Number(
      (
        await engine.exec([
          'image',
          'inspect',
          '--format',
          '{{.Size}}',
          'docker.io/library/node:22-bookworm-slim',
        ])
      ).trim(),
    );
    console.log(`image ${Math.round(size / 1e6)} MB, ${Math.round((size - base) / 1e6)} MB over its base`);
  });
});

/**
 * Debian's nginx or Caddy on loopback with the shipped deploy/ example, its upstreams pointed at the
 * container and at a stand-in for Authelia's endpoints: a login cookie passes, else nginx's
 * auth-request gets a 401 with where to log in and Caddy's forward-auth a redirect there, as
 * Authelia answers each.
 */
async function startProxy(
  kind: 'nginx' | 'caddy',
  boocodePort: number,
): Promise<{ port: number; stop: () => Promise<void>; authChecks: () => number }> {
  let checks = 0;
  const login = 'https://auth.example.com/?rd=';
  const auth = http.createServer((request, response) => {
    checks++;
    const loggedIn = /authelia_session=good/.test(request.headers.cookie ?? '');
    if (request.url === '/api/authz/auth-request') {
      if (loggedIn) return response.writeHead(200).end();
      return response.writeHead(401, { location: `${login}${request.headers['x-original-url']}` }).end();
    }
    if (request.url?.startsWith('/api/authz/forward-auth')) {
      if (loggedIn) return response.writeHead(200).end();
      return response.writeHead(302, { location: `${login}${request.headers['x-forwarded-uri']}` }).end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((r) => auth.listen(0, '127.0.0.1', r));
  const authPort = (auth.address() as AddressInfo).port;
  const port = await freePort();
  const prefix = folder(`boocode-${kind}-`);
  // nginx's workers (nobody) spool large answers into the prefix.
  chmodSync(prefix, 0o755);
  const upstreams = (text: string) =>
    text
      .replaceAll('boocode:3000', `127.0.0.1:${boocodePort}`)
      .replaceAll('authelia:9091', `127.0.0.1:${authPort}`);
  let command: string[];
  if (kind === 'nginx') {
    const site = upstreams(readFileSync(path.join(repoRoot, 'deploy/nginx-authelia.conf'), 'utf8')).replace(
      'listen 80;',
      `listen 127.0.0.1:${port};`,
    );
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      `daemon off;\npid ${prefix}/nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n${site}\n}\n`,
    );
    command = ['nginx', '-p', prefix, '-c', conf];
  } else {
    const site = upstreams(readFileSync(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8')).replace(
      `${PUBLIC_HOST} {`,
      `http://${PUBLIC_HOST}:${port} {\n\tbind 127.0.0.1`,
    );
    const conf = path.join(prefix, 'Caddyfile');
    writeFileSync(conf, `{\n\tadmin off\n\tauto_https off\n\tstorage file_system ${prefix}\n}\n${site}`);
    command = ['caddy', 'run', '--adapter', 'caddyfile', '--config', conf];
  }
  const [bin = '', ...args] = command;
  const child: ChildProcess = spawn(bin, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: prefix, XDG_DATA_HOME: prefix, XDG_CONFIG_HOME: prefix },
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${kind} exited: ${stderr.slice(-2000)}`);
      return (await exchange(port, 'GET', '/healthz', { host: PUBLIC_HOST })).status > 0;
    },
    15_000,
    kind,
  );
  return {
    port,
    authChecks: () => checks,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      await new Promise((r) => auth.close(r));
    },
  };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}
