import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processAlive } from '@boocode/mcp-server-kit';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Envelope } from '../src/envelope.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(here, '../dist/bundle/boocontext.cjs');
const work = mkdtempSync(path.join(tmpdir(), 'boocontext-test-'));
const repos = path.join(work, 'repos');
const clients: Client[] = [];

async function connect(
  args: string[] = [],
  cwd = repos,
  env?: Record<string, string>,
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, ...args],
    cwd,
    stderr: 'pipe',
    ...(env ? { env: { ...(process.env as Record<string, string>), ...env } } : {}),
  });
  const client = new Client(
    { name: 'boocontext-test', version: '1' },
    { versionNegotiation: { mode: 'auto' } },
  );
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

let main: Client;

beforeAll(async () => {
  cpSync(path.join(here, 'fixtures/repos'), repos, { recursive: true });
  main = (await connect()).client;
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>, client = main) {
  const result = await client.callTool({ name, arguments: args });
  // Every answer is an envelope, valid against the schema, in structuredContent and as text.
  const envelope = Envelope.parse(result.structuredContent);
  expect(JSON.parse((result.content as { text: string }[])[0]?.text ?? '')).toEqual(envelope);
  return envelope;
}

const routesOf = (envelope: Envelope) =>
  (envelope.details.routes as { method: string; path: string; file: string; line: number }[]).map(
    (r) => `${r.method} ${r.path} ${r.file}:${r.line}`,
  );

describe('boocontext over MCP', () => {
  it('offers exactly the nine read-only tools, each with an output schema', async () => {
    const { tools } = await main.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'boocontext_callgraph',
      'boocontext_flows',
      'boocontext_health',
      'boocontext_impact',
      'boocontext_map',
      'boocontext_overview',
      'boocontext_routemap',
      'boocontext_symbols',
      'boocontext_types',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.outputSchema?.properties).toHaveProperty('verdict');
    }
  });

  it('maps Express routers mounted inside routers, and ignores routes in tests', async () => {
    const overview = await call('boocontext_overview', { root: path.join(repos, 'express') });
    expect(overview.verdict).toBe('SAFE');
    expect(routesOf(overview)).toEqual([
      'GET / src/app.ts:9',
      'GET /api/health src/routes/api.ts:6',
      'GET /api/users src/routes/users.ts:10',
      'GET /api/users/:id src/routes/users.ts:11',
      'GET /api/users/:id/roles src/routes/users.ts:12',
      'POST /api/users/:id/roles src/routes/users.ts:12',
    ]);
    expect(overview.details.envVars).toEqual(['DATABASE_URL', 'PORT']);
    expect(overview.details.frameworks).toEqual(['express']);
  });

  it('carries prefixes through routers mounted without a path, factory chains, default exports and arrays', async () => {
    // Written from the shapes of a real Express API (the RealWorld example): `Router().use(a).use(b)`,
    // `export default Router().use('/api', api)`, `app.use(routes)`, `app.use('/v1', [auth, r])`.
    const overview = await call('boocontext_overview', { root: path.join(repos, 'express-mounts') });
    expect(routesOf(overview)).toEqual([
      'POST /api/articles src/controllers/articles.ts:8',
      'GET /api/articles/:slug src/controllers/articles.ts:4',
      'GET /api/tags src/controllers/tags.ts:3',
      'GET /api/users src/controllers/users.ts:3',
      'GET /v1/users src/controllers/users.ts:3',
    ]);
    // Read by name from the example file, values never kept.
    expect(overview.details.envVars).toEqual(['DATABASE_URL', 'JWT_SECRET', 'lower_case_too']);
    expect(JSON.stringify(overview)).not.toContain('postgres://');
  });

  it('names the routes, mains and tests a change reaches, with depth', async () => {
    const root = path.join(repos, 'express-mounts');
    const entries = async (args: Record<string, unknown>) =>
      (
        (await call('boocontext_impact', { root, ...args })).details.entryPoints as {
          kind: string;
          name: string;
          depth: number;
        }[]
      ).map((e) => `${e.kind} ${e.name} @${e.depth}`);
    // A module-level client, read by a service that an inline route handler and a script call.
    expect(await entries({ symbol: 'prisma', file: 'src/db/client.ts' })).toEqual([
      'route GET /api/articles/:slug @2',
      'main main @2',
    ]);
    expect(await entries({ file: 'src/db/client.ts' })).toEqual([
      'route GET /api/articles/:slug @2',
      'main main @2',
    ]);
    // A change inside a router file reaches its own routes.
    expect(await entries({ file: 'src/controllers/tags.ts' })).toEqual(['route GET /api/tags @0']);
  });

  it('routes React Router / Remix modules by their file names and by app/routes.ts', async () => {
    const remix = await call('boocontext_overview', { root: path.join(repos, 'remix') });
    expect(routesOf(remix)).toEqual([
      'PAGE / app/routes/_index.tsx:1',
      'PAGE /* app/routes/$.tsx:1',
      'PAGE /:lang?/about app/routes/($lang).about.tsx:1',
      'PAGE /concerts/:city app/routes/concerts.$city/route.tsx:1',
      'PAGE /concerts/mine app/routes/concerts_.mine.tsx:1',
      'PAGE /login app/routes/_auth+/login.tsx:1',
      'POST /login app/routes/_auth+/login.tsx:1',
      'GET /sitemap.xml app/routes/[sitemap.xml].ts:1',
    ]);
    expect(remix.details.frameworks).toContain('remix');
    // A config that lists its routes replaces the file convention for that app.
    const rr7 = await call('boocontext_overview', { root: path.join(repos, 'rr7') });
    expect(routesOf(rr7)).toEqual([
      'PAGE / app/routes/home.tsx:1',
      'PAGE /about app/routes/about.tsx:1',
      'PAGE /concerts app/routes/concerts/home.tsx:1',
      'PAGE /concerts/:city app/routes/concerts/city.tsx:1',
      'PAGE /login app/routes/auth/login.tsx:1',
    ]);
    expect(rr7.details.frameworks).toContain('react-router');
  });

  it('applies Fastify register prefixes, including dynamic imports', async () => {
    const overview = await call('boocontext_overview', { root: path.join(repos, 'fastify') });
    expect(routesOf(overview)).toEqual([
      'GET /admin/stats src/routes/admin.ts:2',
      'GET /ping src/server.ts:7',
      'GET /v1/users src/routes/users.ts:4',
      'POST /v1/users/:id/avatar src/routes/users.ts:5',
    ]);
  });

  it('reads Next.js app router routes from the file tree, groups removed, each method at its function', async () => {
    const overview = await call('boocontext_overview', { root: path.join(repos, 'nextjs') });
    expect(routesOf(overview)).toEqual([
      'PAGE / app/page.tsx:1',
      'GET /api/orders app/api/orders/route.ts:1',
      'POST /api/orders app/api/orders/route.ts:5',
      'PAGE /items/[id] app/(shop)/items/[id]/page.tsx:1',
    ]);
    expect(overview.details.counts).toMatchObject({ components: 3 });
  });

  it('joins FastAPI router prefixes with include_router prefixes and finds SQLAlchemy tables', async () => {
    const overview = await call('boocontext_overview', { root: path.join(repos, 'fastapi') });
    expect(routesOf(overview)).toEqual([
      'POST /api/users app/routers/users.py:13',
      'GET /api/users/{user_id} app/routers/users.py:8',
      'GET /health app/main.py:13',
    ]);
    expect(overview.details.models).toEqual(['users (sqlalchemy)']);
    expect(overview.details.envVars).toEqual(['SECRET_KEY']);
  });

  it('resolves workspace package names and tsconfig paths in the import graph', async () => {
    const map = await call('boocontext_map', { root: path.join(repos, 'pnpm') });
    expect(map.verdict).toBe('SAFE');
    const text = map.details.map as string;
    expect(text).toContain('packages/app/src/main.ts → packages/core/src/index.ts, packages/app/src/util.ts');
    expect(text).toContain('packages/core/src/index.ts → packages/core/src/money.ts');
    const overview = await call('boocontext_overview', { root: path.join(repos, 'pnpm') });
    expect(overview.details.workspaces).toEqual(['packages/app', 'packages/core']);
  });

  it('finds Prisma models at a custom schema path and replays SQL migrations (a dropped table is gone)', async () => {
    const prisma = await call('boocontext_overview', { root: path.join(repos, 'prisma') });
    expect(prisma.details.models).toEqual(['User (prisma)', 'Post (prisma)']);
    const sql = await call('boocontext_map', { root: path.join(repos, 'sql') });
    const text = sql.details.map as string;
    expect(text).toContain('users (sql) db/migrations/001_init.sql:2 { id, email }');
    expect(text).toContain('articles (sql)');
    expect(text).not.toMatch(/sessions|posts \(sql\)/);
  });

  it('compresses a map over the token budget into plain text and says what it left out', async () => {
    const full = await call('boocontext_map', { root: path.join(repos, 'express') });
    const small = await call('boocontext_map', { root: path.join(repos, 'express'), max_tokens: 500 });
    expect(full.metadata.notes?.stage).toBe('full');
    expect(small.metadata.notes?.compression_ratio).toBeLessThanOrEqual(1);
    expect(typeof small.details.map).toBe('string');
    expect(small.details.map as string).not.toMatch(/[A-Za-z0-9+/]{200,}/);
  });

  it('re-reads only the edited file on the next call', async () => {
    const root = path.join(repos, 'express');
    await call('boocontext_overview', { root });
    const file = path.join(root, 'src/routes/users.ts');
    writeFileSync(
      file,
      "import express from 'express';\nconst router = express.Router();\nfunction list() {}\nrouter.delete('/:id', list);\nexport default router;\n",
    );
    utimesSync(file, new Date(), new Date(Date.now() + 1000));
    const after = await call('boocontext_overview', { root });
    expect(after.metadata.notes).toMatchObject({ files_read: 1 });
    expect(routesOf(after)).toContain('DELETE /api/users/:id src/routes/users.ts:4');
  });

  it('refuses roots outside the allowed directories without reading them', async () => {
    const outside = await call('boocontext_overview', { root: '/etc' });
    expect(outside.verdict).toBe('UNSAFE');
    expect(outside.summary).toMatch(/outside the allowed directories.*--allow/);
    expect(outside.details.error).toEqual({ code: 'OUTSIDE_ROOT', message: outside.summary });
    const missing = await call('boocontext_map', { root: path.join(repos, 'nope') });
    expect(missing).toMatchObject({ verdict: 'UNSAFE', summary: expect.stringMatching(/does not exist/) });
    expect(missing.details.error).toMatchObject({ code: 'BAD_ROOT' });
    const outsideRoot = await call('boocontext_health', {
      root: path.join(repos, 'express'),
      file: '../../etc/passwd',
    });
    expect(outsideRoot).toMatchObject({
      verdict: 'UNSAFE',
      summary: expect.stringMatching(/outside the root/),
    });
  });

  it('answers the deep tools through the real code-graph and ts-types children', async () => {
    const root = path.join(repos, 'express');
    const symbols = await call('boocontext_symbols', { root, query: 'list' });
    expect(symbols).toMatchObject({ verdict: 'SAFE', metadata: { source: 'code-graph' } });
    const health = await call('boocontext_health', { root });
    expect(health.details.grade).toMatch(/^[A-F]$/);
    const impact = await call('boocontext_impact', { root, file: 'src/routes/users.ts' });
    expect(impact.metadata.source).toBe('merged');
    expect((impact.details.importers as { file: string }[]).map((i) => i.file)).toEqual([
      'src/routes/api.ts',
      'src/app.ts',
    ]);
    const unknown = await call('boocontext_callgraph', { root, symbol: 'noSuchThing' });
    // A child's refusal keeps the child's code through the envelope.
    expect(unknown).toMatchObject({
      verdict: 'CAUTION',
      summary: expect.stringMatching(/no symbol named "noSuchThing"/),
      details: { error: { code: 'NOT_FOUND' } },
    });
    const tsRoot = path.join(repos, 'pnpm');
    const types = await call('boocontext_types', {
      root: tsRoot,
      file: 'packages/core/src/money.ts',
      symbol: 'money',
    });
    expect(types.details.type).toBe('(n: number) => string');
  });
});

describe('long calls on a big tree', () => {
  const big = path.join(work, 'big');
  beforeAll(() => {
    for (let i = 0; i < 1_500; i++) {
      const dir = path.join(big, 'src', `m${Math.floor(i / 100)}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, `f${i}.ts`),
        `import { f${(i + 1) % 1_500} } from './f${(i + 1) % 1_500}';\nexport function f${i}(n: number): number {\n  if (n > 1) return n * 2;\n  for (let k = 0; k < n; k++) n += k;\n  return n;\n}\nexport const g${i} = (x: string) => x.trim();\n`,
      );
    }
  });

  it('reports progress with phase and counts, rising, while scanning and indexing', async () => {
    const { client } = await connect(['--allow', big], repos, {
      CODE_GRAPH_CACHE_DIR: path.join(work, 'cache-progress'),
    });
    const heard: { progress: number; total?: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'boocontext_health', arguments: { root: big } },
      { onprogress: (p) => heard.push(p) },
    );
    expect(Envelope.parse(result.structuredContent).verdict).toBe('SAFE');
    const messages = heard.map((p) => p.message ?? '');
    expect(messages).toContainEqual(expect.stringMatching(/^indexing: [\d,]+ \/ 1,500 files$/));
    const values = heard.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));

    heard.length = 0;
    await client.callTool(
      { name: 'boocontext_overview', arguments: { root: big } },
      { onprogress: (p) => heard.push(p) },
    );
    expect(heard.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/^reading: [\d,]+ \/ 1,500 files$/),
    );
  });

  it('answers CAUTION with how far indexing got to a client that takes no progress, then the answer', async () => {
    const { client } = await connect(['--allow', big], repos, {
      CODE_GRAPH_CACHE_DIR: path.join(work, 'cache-budget'),
      BOOCONTEXT_ANSWER_WITHIN_MS: '300',
    });
    const started = performance.now();
    const first = await call('boocontext_health', { root: big }, client);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(first).toMatchObject({ verdict: 'CAUTION', summary: expect.stringMatching(/still .* ask again/) });
    let answer = first;
    for (let tries = 0; answer.verdict === 'CAUTION' && tries < 120; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await call('boocontext_health', { root: big }, client);
    }
    expect(answer.verdict).toBe('SAFE');
    expect(answer.details.grade).toMatch(/^[A-F]$/);
  });
});

describe('child server lifecycle', () => {
  const fake = path.join(here, 'fixtures/fake-child.mjs');

  it('respawns a crashed child once, then answers UNSAFE; no process outlives boocontext', async () => {
    const { client, transport } = await connect([`--child`, `code-graph=${process.execPath},${fake}`]);
    const root = path.join(repos, 'express');
    const first = await call('boocontext_symbols', { root, query: 'a' }, client);
    const pid1 = first.details.pid as number;
    process.kill(pid1, 'SIGKILL');
    await vi.waitFor(() => expect(processAlive(pid1)).toBe(false));
    // Two calls at once on the dead child: one respawn serves both.
    const [second, alongside] = await Promise.all([
      call('boocontext_symbols', { root, query: 'b' }, client),
      call('boocontext_symbols', { root, query: 'b2' }, client),
    ]);
    expect(second.verdict).toBe('SAFE');
    expect(alongside.verdict).toBe('SAFE');
    const pid2 = second.details.pid as number;
    expect(pid2).not.toBe(pid1);
    expect(alongside.details.pid).toBe(pid2);
    const crash = await call('boocontext_health', { root }, client);
    expect(crash).toMatchObject({ verdict: 'UNSAFE', summary: expect.stringMatching(/code-graph/) });
    const after = await call('boocontext_symbols', { root, query: 'c' }, client);
    expect(after).toMatchObject({
      verdict: 'UNSAFE',
      summary: expect.stringMatching(/code-graph child server is unavailable/),
      details: { error: { code: 'UNAVAILABLE' } },
    });
    const boocontextPid = transport.pid as number;
    await client.close();
    await vi.waitFor(() => expect(processAlive(boocontextPid)).toBe(false), { timeout: 8_000 });
    expect(processAlive(pid2)).toBe(false);
  });

  it('serves a quick call while a slow one runs, and passes a cancellation on to the child', async () => {
    const marker = path.join(work, 'cancelled.txt');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, '--child', `code-graph=${process.execPath},${fake}`],
      cwd: repos,
      env: { ...process.env, CANCEL_MARKER: marker } as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'boocontext-test', version: '1' });
    await client.connect(transport);
    clients.push(client);
    const root = path.join(repos, 'express');
    const controller = new AbortController();
    const slow = client.callTool(
      { name: 'boocontext_callgraph', arguments: { root, symbol: 'list' } },
      { signal: controller.signal },
    );
    slow.catch(() => {});
    const started = Date.now();
    const quick = await call('boocontext_overview', { root }, client);
    expect(quick.verdict).toBe('SAFE');
    expect(Date.now() - started).toBeLessThan(3_000);
    // Give the child time to start and take the call, so the cancellation has something to stop.
    await new Promise((r) => setTimeout(r, 1_500));
    controller.abort();
    await expect(slow).rejects.toThrow();
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 5_000 });
  });

  it('has code-graph index a root from the first call naming it, once, what its flows need first; with --lazy only when a tool needs it', async () => {
    const root = path.join(repos, 'express');
    const child = ['--child', `code-graph=${process.execPath},${fake}`];
    const ahead = path.join(work, 'indexed-ahead.txt');
    const { client } = await connect(child, repos, { INDEX_MARKER: ahead });
    await call('boocontext_overview', { root }, client);
    await call('boocontext_map', { root }, client);
    await vi.waitFor(() => expect(existsSync(ahead)).toBe(true), { timeout: 8_000 });
    await call('boocontext_symbols', { root, query: 'a' }, client);
    // First scoped to the files the overview's routes are declared in (what a flows call needs)…
    const scoped = `${root} src/app.ts,src/routes/api.ts,src/routes/users.ts\n`;
    expect(readFileSync(ahead, 'utf8')).toBe(scoped);
    // …the rest once no deep call has been made for a while.
    await vi.waitFor(() => expect(readFileSync(ahead, 'utf8')).toBe(`${scoped}${root} *\n`), {
      timeout: 8_000,
    });

    const lazy = path.join(work, 'indexed-lazily.txt');
    const { client: lazyClient } = await connect([...child, '--lazy'], repos, { INDEX_MARKER: lazy });
    await call('boocontext_overview', { root }, lazyClient);
    // The child starts with this call; an index_status sent before it would have been taken first.
    expect((await call('boocontext_symbols', { root, query: 'a' }, lazyClient)).verdict).toBe('SAFE');
    expect(existsSync(lazy)).toBe(false);
  });

  it('answers UNSAFE naming the command when a child cannot start', async () => {
    const { client } = await connect(['--child', 'ts-types=boocontext-no-such-binary']);
    const result = await call(
      'boocontext_types',
      { root: path.join(repos, 'pnpm'), symbol: 'money' },
      client,
    );
    expect(result).toMatchObject({
      verdict: 'UNSAFE',
      summary: expect.stringMatching(/boocontext-no-such-binary/),
    });
  });
});

describe('the command line', () => {
  // Executed as npx does, through the bin's shebang.
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(path.join(here, '../bin/boocontext.js'), args, {
      cwd: path.join(repos, 'express'),
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });

  it('starts the next run warm from its cache outside the repository, and keeps none when told off', () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'boocontext-cli-cache-'));
    try {
      const overview = (env: NodeJS.ProcessEnv) =>
        JSON.parse(run(['overview', '--json'], env).stdout).metadata.notes;
      const cold = overview({ BOOCONTEXT_CACHE_DIR: cacheDir });
      expect(cold).toMatchObject({ files_from_cache: 0 });
      expect(cold.files_read).toBeGreaterThan(0);
      expect(overview({ BOOCONTEXT_CACHE_DIR: cacheDir })).toMatchObject({
        files_read: 0,
        files_from_cache: cold.files_read,
      });
      const home = mkdtempSync(path.join(tmpdir(), 'boocontext-home-'));
      const off = { BOOCONTEXT_CACHE_DIR: 'off', HOME: home, XDG_CACHE_HOME: '' };
      expect(overview({ ...off, NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ files_from_cache: 0 });
      expect(readdirSync(home)).toEqual([]);
      // Scan caches off, V8's code cache (compiled code, no facts of the repository) is still kept.
      expect(overview(off)).toMatchObject({ files_from_cache: 0 });
      expect(readdirSync(path.join(home, '.cache'))).toEqual(['boocode']);
      rmSync(home, { recursive: true });
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('compiles its bundle and web-tree-sitter from V8’s code cache from the second run on, answering the same', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'boocontext-code-cache-'));
    try {
      const env = { XDG_CACHE_HOME: home, BOOCONTEXT_CACHE_DIR: 'off' };
      const map = (result: ReturnType<typeof run>) => {
        expect(result.status, result.stderr).toBe(0);
        return JSON.parse(result.stdout).details.map as string;
      };
      // What the bundle answers loaded by node itself, with no cache.
      const plain = map(
        spawnSync(process.execPath, [cli, 'map', '--json'], {
          cwd: path.join(repos, 'express'),
          encoding: 'utf8',
          env: { ...process.env, ...env },
        }),
      );
      expect(plain).toMatch(/## ROUTES/);
      expect(map(run(['map', '--json'], env))).toBe(plain);
      const dir = path.join(home, 'boocode', 'v8');
      const written = () => new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f))]));
      const first = written();
      const names = [...first.keys()];
      expect(names.some((f) => f.startsWith('boocontext.cjs.'))).toBe(true);
      expect(names.some((f) => f.startsWith('web-tree-sitter.cjs.'))).toBe(true);
      // Used, not rewritten: V8 accepted every cache.
      expect(map(run(['map', '--json'], env))).toBe(plain);
      expect(written()).toEqual(first);
      // A damaged cache is refused by V8 and written again; the answer does not change.
      const bundleCache = path.join(dir, names.find((f) => f.startsWith('boocontext.cjs.')) as string);
      const damaged = Buffer.alloc(readFileSync(bundleCache).length, 7);
      writeFileSync(bundleCache, damaged);
      expect(map(run(['map', '--json'], env))).toBe(plain);
      const repaired = written();
      expect(repaired.get(path.basename(bundleCache))).not.toEqual(damaged);
      expect(map(run(['map', '--json'], env))).toBe(plain);
      expect(written()).toEqual(repaired);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('gives node no flag on its command line and loads the node modules a one-shot map uses before it sets one: any V8 flag makes node refuse their code cache', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'boocontext-builtins-'));
    try {
      // Preloaded into the bin's process: notes which of node's own modules load after the first flag.
      const probe = path.join(dir, 'probe.cjs');
      const out = path.join(dir, 'loaded-after.json');
      writeFileSync(
        probe,
        `const v8 = require('node:v8');
const set = v8.setFlagsFromString;
let before;
v8.setFlagsFromString = (flag) => { before ??= new Set(process.moduleLoadList); return set(flag); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({
  execArgv: process.execArgv,
  loadedAfter: before && process.moduleLoadList.filter((m) => !before.has(m) && m.startsWith('NativeModule ')),
})));`,
      );
      const result = run(['map', '--json'], {
        NODE_OPTIONS: `--require ${probe}`,
        BOOCONTEXT_CACHE_DIR: 'off',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).details.map).toMatch(/## ROUTES/);
      const { execArgv, loadedAfter } = JSON.parse(readFileSync(out, 'utf8'));
      // A flag on node's command line (the shebang's) would make every module of node's compile from source.
      expect(execArgv).toEqual([]);
      // console.log's colour check loads its one module on first use; no public module loads it alone.
      expect(loadedAfter.filter((m: string) => m !== 'NativeModule internal/util/colors')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles code-graph’s bundle, which a one-shot command runs in its own process, from the code cache too', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'boocontext-code-cache-'));
    try {
      // A fresh index each run: the second run does the first one's work again, from cached code.
      const symbols = () => {
        const result = run(['symbols', 'list', '--json'], {
          XDG_CACHE_HOME: home,
          CODE_GRAPH_CACHE_DIR: mkdtempSync(path.join(home, 'index-')),
        });
        expect(result.status, result.stderr).toBe(0);
        return JSON.parse(result.stdout).details;
      };
      const dir = path.join(home, 'boocode', 'v8');
      const written = () => new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f))]));
      const answer = symbols();
      expect(JSON.stringify(answer)).toMatch(/list/);
      const first = written();
      // code-graph's in-process tools (its `tools` entry chunk) beside boocontext's bundle.
      expect([...first.keys()].filter((f) => /^(tools|boocontext)\.c?js\./.test(f))).toHaveLength(2);
      expect(symbols()).toEqual(answer);
      expect(written()).toEqual(first);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('runs from a folder whose path has a space in it', () => {
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'boocontext-')), 'my tools', 'boocontext');
    try {
      const pkg = path.join(here, '..');
      for (const part of ['bin', 'dist/bundle', 'package.json'])
        cpSync(path.join(pkg, part), path.join(copy, part), { recursive: true });
      // The packages it loads from outside its bundle (the workspace's, hoisted to its root).
      symlinkSync(path.join(pkg, '../../node_modules'), path.join(copy, 'node_modules'));
      // Its code cache in the test's folder: a copy's cache is named after the copy's folder, which
      // no later run of the user's own install would replace.
      const result = spawnSync(path.join(copy, 'bin/boocontext.js'), ['--version'], {
        encoding: 'utf8',
        env: { ...process.env, XDG_CACHE_HOME: path.dirname(copy) },
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(/^boocontext \d+\.\d+\.\d+\n$/);
    } finally {
      rmSync(path.dirname(path.dirname(copy)), { recursive: true, force: true });
    }
  });

  it('answers --help and --version, and exits 2 on an unknown flag or missing argument', () => {
    expect(run(['--version'])).toMatchObject({
      status: 0,
      stdout: expect.stringMatching(/^boocontext \d+\.\d+\.\d+\n$/),
    });
    expect(run(['--help'])).toMatchObject({ status: 0, stdout: expect.stringMatching(/^usage:/) });
    expect(run(['--frobnicate'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/Unknown option '--frobnicate'/),
    });
    expect(run(['types'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/types needs --symbol or --file/),
    });
    expect(run(['map', '--max-tokens', 'lots'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--max-tokens must be a whole number/),
    });
    expect(run(['serve', '--warm', '--lazy'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--warm and --lazy contradict/),
    });
    // Every command is named, routemap too (the list had left it out), and none other is run.
    expect(run(['toString'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/unknown command "toString"; one of: .*\bflows, routemap$/m),
    });
    expect(run(['--help'])).toMatchObject({ stdout: expect.stringMatching(/\|flows\|routemap\b/) });
  });

  it('runs a one-shot command without loading the MCP SDK (the bundle chunks it imports up front)', () => {
    const bundle = path.dirname(cli);
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      const text = readFileSync(path.join(bundle, file), 'utf8');
      // Top-level requires only: a chunk required in a promise loads when a command needs it.
      for (const [, next] of text.matchAll(/^(?:const \w+ = )?require\("\.\/([^"]+)"\);$/gm))
        visit(next as string);
    };
    visit('boocontext.cjs');
    expect(loaded.size).toBeGreaterThan(1);
    const sdkChunks = [...loaded].filter((file) =>
      /^var McpServer = class/m.test(readFileSync(path.join(bundle, file), 'utf8')),
    );
    expect(sdkChunks).toEqual([]);
  });

  it("starts a one-shot command's node child with its wasm left unoptimised, and a served one's as node would", async () => {
    const fake = path.join(here, 'fixtures/fake-child.mjs');
    const child = ['--child', `code-graph=${process.execPath},${fake}`];
    const oneShot = JSON.parse(run(['symbols', '--query', 'a', '--json', ...child]).stdout);
    expect(oneShot.details.execArgv).toContain('--liftoff-only');
    const { client } = await connect(child);
    const served = await call(
      'boocontext_symbols',
      { root: path.join(repos, 'express'), query: 'a' },
      client,
    );
    expect(served.details.execArgv).not.toContain('--liftoff-only');
  });

  it('keeps a numeric-looking file name a string (--file 2024)', () => {
    const answer = run(['impact', '--file', '2024', '--json']);
    expect(JSON.parse(answer.stdout).summary).not.toMatch(/expected string/);
  });
});

describe('boocontext_flows over MCP', () => {
  const flowsDir = path.join(work, 'flows');
  let client: Client;
  type Flow = {
    entry: { method: string; path: string; file?: string; line?: number; handler?: string };
    steps: { symbol: string; file: string; line: number; depth: number; via?: string }[];
    data: { entity: string; op: string; call: string; file: string; line: number }[];
    outside?: boolean;
    unread?: boolean;
  };
  const flowsOf = async (app: string, args: Record<string, unknown> = {}) => {
    const envelope = await call('boocontext_flows', { root: path.join(flowsDir, app), ...args }, client);
    return { envelope, flows: envelope.details.flows as Flow[] };
  };
  const at = (flow: Flow | undefined) => flow?.data.map((d) => `${d.op} ${d.entity} ${d.file}:${d.line}`);
  const flowAt = (flows: Flow[], method: string, path: string) =>
    flows.find((f) => f.entry.method === method && f.entry.path === path);
  const stepsOf = (flow: Flow | undefined) =>
    flow?.steps.map((s) => `${s.symbol} ${s.file}:${s.line}${s.via ? ` (${s.via})` : ''}`);

  beforeAll(async () => {
    cpSync(path.join(here, 'fixtures/flows'), flowsDir, { recursive: true });
    client = (await connect(['--allow', flowsDir], flowsDir)).client;
  });

  it('follows a NestJS route through its injected service to the repository calls', async () => {
    const { envelope, flows } = await flowsOf('nest');
    expect(envelope.verdict).toBe('SAFE');
    const remove = flows.find((f) => f.entry.method === 'DELETE');
    expect(remove?.entry.path).toBe('/api/articles/:slug');
    expect(remove?.steps.map((s) => s.symbol)).toEqual([
      'ArticleController.remove',
      'ArticleService.remove',
      'ArticleService.findOne',
    ]);
    expect(at(remove)).toEqual([
      'read article src/article/article.service.ts:10',
      'write article src/article/article.service.ts:15',
    ]);
  });

  it('traces every route when the flows of a batch pass code-graph’s answer cap: none reported without a handler', async () => {
    const dir = path.join(flowsDir, 'long');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "long", "dependencies": { "express": "4" } }\n');
    // Each handler calls 40 functions: a flow as long as code-graph traces, 20 of them past its cap.
    const names = Array.from({ length: 40 }, (_, i) => `stepNumber${i}OfAnAdmittedlyLongChain`);
    writeFileSync(
      path.join(dir, 'src/steps-with-a-rather-long-file-name.ts'),
      names.map((n) => `export function ${n}() {\n  return 1;\n}\n`).join(''),
    );
    const routes = Array.from(
      { length: 24 },
      (_, i) => `app.get('/r${i}', () => { ${names.map((n) => `${n}();`).join(' ')} });`,
    );
    writeFileSync(
      path.join(dir, 'src/app.ts'),
      [
        "import express from 'express';",
        `import { ${names.join(', ')} } from './steps-with-a-rather-long-file-name';`,
        'const app = express();',
        ...routes,
        '',
      ].join('\n'),
    );
    const { envelope, flows } = await flowsOf('long', { limit: 100, max_tokens: 100_000 });
    expect(flows.filter((f) => f.entry.path)).toHaveLength(24);
    expect(flows.filter((f) => f.entry.path && f.steps.length < 40)).toEqual([]);
    expect(envelope.summary).toMatch(/24 entry points: 0 reach data access, 0 with no handler found/);
  });

  it('follows a Phoenix resource route through its controller action and context module to Repo', async () => {
    const { envelope, flows } = await flowsOf('phoenix');
    expect(envelope.summary).toMatch(/5 reach data access, 0 with no handler found/);
    const byRoute = (method: string) => flowAt(flows, method, '/api/orders');
    // Two controllers of one name: the one under the modules the route's scopes alias.
    expect(flowAt(flows, 'GET', '/admin/orders')?.steps.map((s) => s.symbol)).toEqual([
      'ShopWeb.Admin.OrderController.index',
      'Shop.Sales.list_orders',
    ]);
    expect(byRoute('GET')?.steps.map((s) => s.symbol)).toEqual([
      'ShopWeb.OrderController.index',
      'Shop.Sales.list_orders',
    ]);
    // `conn` is Plug's connection: `render(conn, …)` is no data access. The insert at the end of a
    // pipeline names its entity in the function it is made in (`create_order`).
    expect(at(byRoute('GET'))).toEqual(['read orders lib/shop/sales.ex:7']);
    expect(byRoute('POST')?.steps.map((s) => s.symbol)).toEqual([
      'ShopWeb.OrderController.create',
      'Shop.Sales.create_order',
      'Shop.Order.changeset',
    ]);
    expect(at(byRoute('POST'))).toEqual(['write orders lib/shop/sales.ex:21']);
    // A LiveView route runs the view's mount, then handle_params; `:show` is only an action.
    const live = flows.find((f) => f.entry.path === '/orders/:id');
    expect(live?.steps.map((s) => s.symbol)).toEqual([
      'ShopWeb.OrderLive.Show.mount',
      'ShopWeb.OrderLive.Show.handle_params',
      'Shop.Sales.get_order!',
    ]);
    expect(at(live)).toEqual(['read orders lib/shop/sales.ex:10']);
    // Each handle_event clause is an entry point of its own, traced from that clause.
    const event = (name: string) =>
      flows.find(
        (f) => (f.entry as { name?: string }).name === `handle_event "${name}" ShopWeb.OrderLive.Show`,
      );
    expect(event('cancel')?.steps.map((s) => `${s.symbol}:${s.line}`)).toEqual([
      'ShopWeb.OrderLive.Show.handle_event:14',
      'Shop.Sales.cancel_order!:12',
      'Shop.Order.changeset:10',
    ]);
    expect(at(event('cancel'))).toEqual(['write orders lib/shop/sales.ex:15']);
    expect(event('close')?.steps.map((s) => `${s.symbol}:${s.line}`)).toEqual([
      'ShopWeb.OrderLive.Show.handle_event:18',
    ]);
  });

  it('follows an ASP.NET minimal-API lambda, mapped in an extension method called on a group, through its typed parameter to the EF Core query', async () => {
    const { envelope, flows } = await flowsOf('minimal-api');
    expect(envelope.summary).toMatch(/2 reach data access, 0 with no handler found/);
    const orders = flowAt(flows, 'GET', '/api/orders');
    expect(orders?.entry.path).toBe('/api/orders');
    // The lambda's `IOrderQueries orders` parameter types the call; `using Shop.Orders;` names the type.
    // The lambda is the flow's first step, named by the route it serves.
    expect(orders?.steps.map((s) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`)).toEqual([
      'GET /api/orders (inline handler)',
      'IOrderQueries.Recent',
      'OrderQueries.Recent (implements IOrderQueries)',
    ]);
    expect(orders?.steps[0]).toMatchObject({ file: orders?.entry.file, line: orders?.entry.line, depth: 0 });
    expect(at(orders)).toEqual(['read Order Shop/Orders/OrderQueries.cs:9']);
    // A local cast to `IQueryable<Order>` holds the entity its DbSet does.
    expect(at(flowAt(flows, 'GET', '/api/orders/search'))).toEqual([
      'read Order Shop/Orders/OrderQueries.cs:19',
    ]);
  });

  it('follows an [AsParameters] services class’s typed properties, a MediatR request wrapped in another to its own handler in a file of its own, and a DbSet read by its property’s name', async () => {
    const { envelope, flows } = await flowsOf('mediatr-api');
    expect(envelope.summary).toMatch(/3 reach data access, 0 with no handler found/);
    const create = flowAt(flows, 'POST', '/api/orders');
    expect(stepsOf(create)).toEqual([
      'OrderEndpoints.CreateOrder Shop/Endpoints/OrderEndpoints.cs:16',
      'IdentifiedCommandHandler.Handle Shop/Commands/IdentifiedCommandHandler.cs:8 (Send(IdentifiedCommand) → handler)',
      'CreateOrderCommandHandler.Handle Shop/Commands/CreateOrderCommandHandler.cs:9 (Send(CreateOrderCommand) → handler)',
    ]);
    // The commit writes what was staged before it: the order.
    expect(at(create)).toEqual([
      'write Order Shop/Commands/CreateOrderCommandHandler.cs:11',
      'write Order Shop/Commands/CreateOrderCommandHandler.cs:12',
    ]);
    // `services.Queries.Find(id)`: the property's declared type, then the interface's implementation.
    expect(stepsOf(flowAt(flows, 'GET', '/api/orders/{id:int}'))).toEqual([
      'OrderEndpoints.GetOrder Shop/Endpoints/OrderEndpoints.cs:24',
      'IOrderQueries.Find Shop/Orders/IOrderQueries.cs:5',
      'OrderQueries.Find Shop/Orders/OrderQueries.cs:8 (implements IOrderQueries)',
    ]);
    expect(at(flowAt(flows, 'GET', '/api/lines'))).toEqual([
      'read OrderLine Shop/Endpoints/OrderEndpoints.cs:12',
    ]);
  });

  it('tells two Laravel controllers of one name apart by an aliased import, and runs a dispatched job’s handle', async () => {
    const { envelope, flows } = await flowsOf('laravel-jobs');
    expect(envelope.summary).toMatch(/3 reach data access, 0 with no handler found/);
    const approve = flowAt(flows, 'PUT', '/admin/posts/{post}/approve');
    expect(approve?.entry).toMatchObject({
      handler: 'App\\Http\\Controllers\\Staff\\PostsController@approve',
    });
    expect(stepsOf(approve)).toEqual([
      'PostsController.approve app/Http/Controllers/Staff/PostsController.php:11',
      'ApprovePost.handle app/Jobs/ApprovePost.php:13 (dispatchSync(ApprovePost) → handle)',
    ]);
    expect(at(approve)).toContain('write Post app/Jobs/ApprovePost.php:16');
    // `PublishPost::dispatch($post)`: the job's own static dispatcher.
    expect(at(flowAt(flows, 'PUT', '/admin/posts/{post}/publish'))).toContain(
      'write Post app/Jobs/PublishPost.php:15',
    );
  });

  it('follows a Symfony controller forwarding to another, and an action calling its parent’s (`parent::`), on to the Doctrine write', async () => {
    const { flows } = await flowsOf('symfony-forward');
    const forwarded = flowAt(flows, 'DELETE', '/api/notes/{id}');
    expect(stepsOf(forwarded)).toEqual([
      'NoteRestController.deleteNote src/Controller/Api/NoteRestController.php:11',
      'NoteController.delete src/Controller/NoteController.php:16 (forward(NoteController::delete))',
    ]);
    // The entity the route's `{id}` loads (Symfony's entity value resolver), then the forwarded action's writes.
    expect(at(forwarded)).toEqual([
      'read Note src/Controller/Api/NoteRestController.php:11',
      'write Note src/Controller/NoteController.php:19',
      'write Note src/Controller/NoteController.php:20',
    ]);
    expect(stepsOf(flowAt(flows, 'DELETE', '/archive/notes/{id}'))).toEqual([
      'ArchivedNoteController.delete src/Controller/ArchivedNoteController.php:10',
      'NoteController.delete src/Controller/NoteController.php:16',
    ]);
  });

  it('reads ASP.NET Core Identity’s user as an EF Core model, written and read through its UserManager', async () => {
    const root = path.join(flowsDir, 'aspnet-identity');
    const overview = await call('boocontext_overview', { root }, client);
    expect(overview.details.models).toEqual(expect.arrayContaining(['AppUser (efcore)', 'Note (efcore)']));
    const { envelope, flows } = await flowsOf('aspnet-identity');
    expect(envelope.summary).toMatch(/2 reach data access, 0 with no handler found/);
    expect(at(flowAt(flows, 'POST', '/account/register'))).toEqual([
      'write AppUser Controllers/AccountController.cs:24',
    ]);
    expect(at(flowAt(flows, 'GET', '/account/{id}'))).toEqual([
      'read AppUser Controllers/AccountController.cs:31',
    ]);
    // The sign-in manager's schemes are configuration, not the user store.
    expect(at(flowAt(flows, 'GET', '/account/schemes'))).toEqual([]);
  });

  it('follows NestJS CQRS buses to the handler each request’s decorator registers, and an event published to its handler', async () => {
    const { envelope, flows } = await flowsOf('nest-cqrs');
    expect(envelope.summary).toMatch(/3 reach data access, 0 with no handler found/);
    expect(stepsOf(flowAt(flows, 'GET', '/users'))).toEqual([
      'UsersController.list src/users/users.controller.ts:15',
      'ListUsersHandler.execute src/users/list-users.handler.ts:10 (this.queryBus.execute(ListUsersQuery) → handler)',
    ]);
    // A command built above the call; the event its handler publishes runs its own handler.
    const create = flowAt(flows, 'POST', '/users');
    expect(stepsOf(create)).toContain(
      'CreateUserHandler.execute src/users/create-user.handler.ts:13 (this.commandBus.execute(CreateUserCommand) → handler)',
    );
    expect(stepsOf(create)).toContain(
      'UserCreatedAudit.handle src/users/create-user.handler.ts:24 (this.eventBus.publish(UserCreatedEvent) → handler)',
    );
    expect(at(create)).toEqual([
      'write users src/users/create-user.handler.ts:14',
      'write audit_log src/users/create-user.handler.ts:25',
    ]);
    // Built on the lines below the call; a handler registered by its decorator alone.
    expect(at(flowAt(flows, 'DELETE', '/users/:id'))).toEqual(['write users src/users/delete-user.ts:15']);
  });

  it('starts a Go route written on a handler variable (`handler.GetByID`, `handler := &LoafHandler{…}`) at that type’s method, not at an interface’s of the same name nor at echo’s route middleware after it; an inline one at its own lines', async () => {
    const { envelope, flows } = await flowsOf('echo-handler');
    expect(envelope.summary).toMatch(/1 reach data access, 0 with no handler found/);
    const loaf = flowAt(flows, 'GET', '/loaves/:id');
    expect(loaf?.steps.map((s) => s.symbol)).toEqual([
      'LoafHandler.GetByID',
      'LoafService.GetByID',
      'Loaves.GetByID',
    ]);
    expect(at(loaf)).toEqual(['read Loaf store/loaf.go:16']);
    // A func literal is the route's own lines: its calls are the flow's first steps.
    expect(flowAt(flows, 'GET', '/health')?.steps.map((s) => s.symbol)).toEqual([
      'GET /health (inline handler)',
      'Ping',
    ]);
  });

  it('starts a Go route a helper registers from its parameter at the function its caller hands over, through the closures wrapping it; one a project’s function builds at that function', async () => {
    const { envelope, flows } = await flowsOf('subsonic-go');
    expect(envelope.summary).toMatch(/5 reach data access, 0 with no handler found/);
    const loaf = flowAt(flows, 'ALL', '/getLoaf');
    expect(loaf?.entry).toMatchObject({ file: 'server/api.go', line: 18, handler: 'api.GetLoaf' });
    expect(loaf?.steps.map((s) => s.symbol)).toEqual(['Router.GetLoaf', 'Loaves.Get']);
    expect(at(loaf)).toEqual(['read Loaf store/loaf.go:16']);
    expect(at(flowAt(flows, 'GET', '/loaves'))).toEqual(['read Loaf store/loaf.go:22']);
    // A helper's own closure is the route's lines.
    expect(flowAt(flows, 'ALL', '/getLyrics')?.steps.map((s) => s.symbol)).toEqual([
      'ALL /getLyrics (inline handler)',
    ]);
    // Handlers the project's functions build, held in a local variable or a package's: flows start there.
    expect(at(flowAt(flows, 'GET', '/ready'))).toEqual(['read Loaf store/loaf.go:16']);
    const feed = flowAt(flows, 'ALL', '/feed');
    expect(feed?.steps.map((s) => `${s.symbol} ${s.file}`)).toEqual([
      'NewHandler feeds/handler.go',
      'Loaves.All store/loaf.go',
    ]);
  });

  it("follows a Litestar controller to its injected service's calls when the service is built on a library's repository, the entity from the base's type argument", async () => {
    const { envelope, flows } = await flowsOf('litestar');
    expect(envelope.summary).toMatch(/2 reach data access, 0 with no handler found/);
    const byMethod = (method: string) => flows.find((f) => f.entry.method === method);
    expect(byMethod('GET')?.entry.path).toBe('/pantries');
    // The model is named after its table (`pantry_shelf`); the service names its class, an alias of it.
    expect(at(byMethod('GET'))).toEqual(['read pantry_shelf app/controllers.py:11']);
    expect(at(byMethod('POST'))).toEqual(['write pantry_shelf app/controllers.py:15']);
  });

  it('answers again from the code as it is after an edit, not from the answer before', async () => {
    const service = path.join(flowsDir, 'nest/src/article/article.service.ts');
    const before = await flowsOf('nest', { entry: 'GET /api/articles/:slug' });
    expect(at(before.flows[0])).toEqual(['read article src/article/article.service.ts:10']);
    writeFileSync(service, `// moved down one line\n${readFileSync(service, 'utf8')}`);
    // code-graph refreshes an index at most every 2 s.
    await new Promise((r) => setTimeout(r, 2_100));
    const after = await flowsOf('nest', { entry: 'GET /api/articles/:slug' });
    expect(at(after.flows[0])).toEqual(['read article src/article/article.service.ts:11']);
  });

  it('lists only the entry points a git range reaches', async () => {
    const repo = path.join(flowsDir, 'nest-git');
    cpSync(path.join(here, 'fixtures/flows/nest'), repo, { recursive: true });
    const git = (...args: string[]) => {
      const run = spawnSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
        cwd: repo,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
    };
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'one');
    const service = path.join(repo, 'src/article/article.service.ts');
    writeFileSync(
      service,
      readFileSync(service, 'utf8').replace('{ id: found.id }', '{ id: found.id, slug }'),
    );
    git('commit', '-qam', 'two');
    const { envelope, flows } = await flowsOf('nest-git', { diff: 'HEAD~1..HEAD' });
    expect(flows.map((f) => `${f.entry.method} ${f.entry.path}`)).toEqual(['DELETE /api/articles/:slug']);
    expect(envelope.summary).toMatch(/1 of 2 entry points reached by HEAD~1\.\.HEAD/);
    expect(envelope.details.changed).toEqual(['ArticleService.remove (src/article/article.service.ts:13)']);
  });

  it('takes DRF’s own wiring: a serializer’s save to its create, a generic view’s get_queryset', async () => {
    const { flows } = await flowsOf('django');
    const create = flows.find((f) => f.entry.method === 'POST');
    expect(create?.steps.map((s) => s.symbol)).toEqual(['PostViewSet.create', 'PostSerializer.create']);
    expect(create?.steps[1]?.via).toMatch(/save\(\) → create/);
    expect(at(create)).toContain('write Post blog/serializers.py:12');
    // Django's admin site is served by Django itself: said, not counted as a handler missed.
    const admin = flows.find((f) => f.entry.path === '/admin') as Flow & { outside?: boolean };
    expect(admin).toMatchObject({ steps: [], outside: true });
    const search = flows.find((f) => f.entry.path === '/api/search');
    expect(search?.steps.map((s) => s.symbol)).toContain('PostList.get_queryset');
    expect(at(search)).toEqual(['read Post blog/views.py:27']);
    // A view imported under another name (`from blog.feeds import latest as latest_view`): that module's.
    const latest = flows.find((f) => f.entry.path === '/api/latest');
    expect(latest?.steps.map((s) => `${s.symbol} ${s.file}`)).toEqual(['latest blog/feeds.py']);
    expect(at(latest)).toEqual(['read Post blog/feeds.py:7']);
  });

  it('traces entry points that are not routes: a Celery task, a main', async () => {
    const { flows } = await flowsOf('django');
    const task = flows.find((f) => (f.entry as { kind?: string }).kind === 'job');
    expect(task?.entry).toMatchObject({
      kind: 'job',
      name: '@shared_task purge_drafts',
      file: 'blog/tasks.py',
    });
    expect(at(task)).toEqual(['write Post blog/tasks.py:8']);
    expect(flows.map((f) => (f.entry as { kind?: string; name?: string }).kind && f.entry)).toContainEqual(
      expect.objectContaining({ kind: 'main', name: 'main', file: 'manage.py' }),
    );
  });

  it('runs FastAPI dependencies before the route, and theirs before them', async () => {
    const { flows } = await flowsOf('fastapi');
    const read = flows.find((f) => f.entry.path === '/items/{item_id}');
    expect(read?.steps.map((s) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`)).toEqual([
      'read_item',
      'get_item (Depends(get_item))',
      'get_db (Depends(get_db))',
    ]);
    expect(at(read)).toEqual(['read items app/main.py:18']);
  });

  it('runs a Rails action’s before_action callbacks, as only: says, its concerns’ too', async () => {
    const { flows } = await flowsOf('rails');
    const destroy = flows.find((f) => f.entry.method === 'DELETE');
    expect(destroy?.steps.map((s) => s.symbol)).toEqual([
      'PostsController.destroy',
      'PostsController.find_post!',
    ]);
    expect(at(destroy)).toEqual([
      'write Post app/controllers/posts_controller.rb:12',
      'read Post app/controllers/posts_controller.rb:19',
    ]);
    const index = flows.find((f) => f.entry.method === 'GET' && f.entry.path === '/api/posts');
    // A concern's `included do before_action … end` runs before its includer's actions too.
    expect(index?.steps.map((s) => s.symbol)).toEqual(['PostsController.index', 'Publishable.count_drafts']);
    // An action the controller takes from a concern it includes, with the concern's callbacks.
    const publish = flowAt(flows, 'POST', '/api/posts/:id/publish');
    expect(publish?.steps.map((s) => s.symbol)).toEqual(['Publishable.publish', 'Publishable.count_drafts']);
    expect(at(publish)).toEqual([
      'read Post app/controllers/concerns/publishable.rb:9',
      'write Post app/controllers/concerns/publishable.rb:10',
      'read Post app/controllers/concerns/publishable.rb:17',
    ]);
  });

  it('says a Rails action inherited from a library controller is served outside the repository, and a missing one is not', async () => {
    const { envelope, flows } = await flowsOf('rails');
    const outside = (path: string) => flowAt(flows, 'GET', path);
    // SessionsController < Devise::SessionsController has no `new`: Devise's runs.
    expect(outside('/api/login')).toMatchObject({ steps: [], outside: true });
    // PostsController < ApplicationController (the project's own) has no `history`: a broken route.
    expect(outside('/api/posts/:id/history')?.steps).toEqual([]);
    expect(outside('/api/posts/:id/history')?.outside).toBeUndefined();
    expect(envelope.summary).toMatch(
      /1 with no handler found in the code graph, 1 served by a handler outside/,
    );
  });

  it('says a Laravel action a framework trait provides is served outside the repository, and a missing one is missing: calling it fails', async () => {
    const { envelope, flows } = await flowsOf('laravel-auth');
    const route = (method: string, path: string) => flowAt(flows, method, path);
    // LoginController `use`s laravel/ui's AuthenticatesUsers, which declares showLoginForm.
    expect(route('GET', '/login')).toMatchObject({ steps: [], outside: true });
    // PostController (extending the project's Controller, which declares nothing) has no `history`.
    expect(route('GET', '/posts/{post}/history')).toMatchObject({ steps: [], missing: true });
    expect(route('GET', '/posts/{post}/history')?.outside).toBeUndefined();
    expect(route('POST', '/posts')?.steps.map((s) => s.symbol)).toEqual(['PostController.store']);
    expect(envelope.verdict).toBe('CAUTION');
    expect(envelope.summary).toMatch(
      /0 with no handler found in the code graph, 1 served by a handler outside.*, 1 naming an action their controller does not define \(`missing`: calling them fails\)/,
    );
  });

  it('follows a shelf route to the controller method its router names, and on to the SQL it runs', async () => {
    const { flows } = await flowsOf('shelf');
    const route = (method: string) =>
      flows.find((f) => f.entry.method === method && f.entry.path === '/bins');
    expect(route('GET')?.entry).toMatchObject({ handler: 'BinController.list' });
    expect(route('GET')?.steps.map((s) => s.symbol)).toEqual(['BinController.list']);
    // The statement is a variable's: the SQL assigned to it above the call names the table.
    expect(at(route('GET'))).toEqual(['read bin bin/bin_controller.dart:8']);
    expect(route('POST')?.steps.map((s) => s.symbol)).toEqual(['addBin']);
    expect(flows.some((f) => f.unread)).toBe(false);
  });

  it('follows an Express route to the method of the controller module it names, and on to the Knex query on a migration table', async () => {
    const { flows } = await flowsOf('express-knex');
    const route = (method: string) =>
      flows.find((f) => f.entry.method === method && f.entry.path === '/bins');
    expect(route('GET')?.steps.map((s) => s.symbol)).toEqual(['index']);
    expect(at(route('GET'))).toEqual(['read bins src/controllers/BinController.js:5']);
    expect(route('POST')?.steps.map((s) => s.symbol)).toEqual(['create']);
    expect(at(route('POST'))).toEqual(['write bins src/controllers/BinController.js:9']);
  });

  it('follows a Koa route to the method of the module its chain names, through a controllers index and nested objects, with the router’s param loader', async () => {
    const { flows } = await flowsOf('koa-modules');
    const route = (method: string, path: string) => flowAt(flows, method, path);
    const steps = (method: string, path: string) => stepsOf(route(method, path));
    // Four modules have a `list`: each route reaches the one its chain names.
    expect(steps('GET', '/books')).toEqual(['list src/controllers/books.js:10']);
    expect(steps('GET', '/members')).toEqual(['list src/controllers/members.js:4']);
    expect(steps('GET', '/books/:isbn/loans')).toEqual([
      'list src/controllers/books.js:19',
      'byIsbn src/controllers/books.js:5 (param :isbn)',
    ]);
    expect(steps('GET', '/books/:isbn/reviews')?.[0]).toBe('list src/controllers/reviews.js:4');
    expect(route('GET', '/books/:isbn/reviews')?.entry).toMatchObject({ handler: 'ctrl.reviews.list' });
    // The loader reads the row the handler only returns.
    expect(at(route('GET', '/books/:isbn'))).toEqual(['read books src/controllers/books.js:6']);
    expect(at(route('POST', '/books/:isbn/loans'))).toEqual([
      'read books src/controllers/books.js:6',
      'write loans src/controllers/books.js:24',
    ]);
  });

  it('follows a hapi handler through the server methods it calls to the functions registered under those names, and its route prerequisites, on to the Mongoose query', async () => {
    const { flows } = await flowsOf('hapi-methods');
    const route = (method: string, path: string) => flowAt(flows, method, path);
    const steps = (method: string, path: string) => stepsOf(route(method, path));
    // Registered in a list of `{ name, method }` (either order) and by `server.method(name, fn)`.
    expect(steps('GET', '/shelves')).toEqual([
      'list src/api/handlers.js:2',
      'listShelves src/services/shelves.js:3 (server.methods.services.shelves.list)',
    ]);
    expect(steps('PUT', '/shelves/{id}')?.[1]).toBe(
      'relabelShelf src/services/shelves.js:7 (server.methods.services.shelves.relabel)',
    );
    expect(steps('GET', '/shelves/count')?.[1]).toBe(
      'countShelves src/services/index.js:3 (server.methods.services.shelves.count)',
    );
    // A route prerequisite runs before the handler, which only returns what it loaded.
    expect(steps('GET', '/shelves/{id}')).toEqual([
      'show src/api/handlers.js:8',
      'loadShelf src/api/prerequisites.js:3 (pre loadShelf)',
    ]);
    expect(at(route('GET', '/shelves/{id}'))).toEqual(['read Shelf src/api/prerequisites.js:4']);
    // `exec()` runs the query it ends: a find reads, a findByIdAndUpdate writes.
    expect(at(route('GET', '/shelves'))).toEqual(['read Shelf src/services/shelves.js:4']);
    expect(at(route('PUT', '/shelves/{id}'))).toEqual(['write Shelf src/services/shelves.js:8']);
  });

  it('starts a GraphQL operation at its resolver map’s method, not at a function of the same name elsewhere', async () => {
    const { envelope, flows } = await flowsOf('graphql-resolvers');
    expect(envelope.summary).toMatch(/3 reach data access, 0 with no handler found/);
    const operation = (method: string, path: string) => flowAt(flows, method, path);
    expect(stepsOf(operation('QUERY', 'recipes'))).toEqual([
      'recipes src/resolvers.js:6',
      'listRecipes src/recipes.js:3',
    ]);
    expect(at(operation('QUERY', 'recipes'))).toEqual(['read Recipe src/recipes.js:4']);
    expect(operation('QUERY', 'recipe')?.steps[0]).toMatchObject({
      symbol: 'recipe',
      file: 'src/resolvers.js',
    });
    expect(at(operation('MUTATION', 'addRecipe'))).toEqual(['write Recipe src/resolvers.js:15']);
    expect(flows.some((f) => f.outside)).toBe(false);
  });

  it('reads what a framework serves from a declaration: API Platform operations through Doctrine or their own processor, Lighthouse directives', async () => {
    const api = (await flowsOf('api-platform')).flows;
    const operation = flowAt;
    // No provider or processor named: Doctrine's read (and write) the resource, outside the code.
    expect(operation(api, 'GET', '/shelves')).toMatchObject({ steps: [], outside: true });
    expect(at(operation(api, 'GET', '/shelves'))).toEqual(['read Shelf src/Entity/Shelf.php:15']);
    expect(at(operation(api, 'DELETE', '/shelves/{id}'))).toEqual(['write Shelf src/Entity/Shelf.php:18']);
    // A processor named: the operation runs it.
    expect(operation(api, 'POST', '/shelves')?.steps.map((s) => s.symbol)).toEqual([
      'ShelfLabelProcessor.process',
    ]);
    expect(operation(api, 'POST', '/shelves')?.outside).toBeUndefined();

    const { envelope, flows } = await flowsOf('lighthouse');
    expect(envelope.summary).toMatch(/3 reach data access, 0 with no handler found/);
    expect(at(operation(flows, 'QUERY', 'books'))).toEqual(['read Book graphql/schema.graphql:2']);
    expect(at(operation(flows, 'MUTATION', 'createBook'))).toEqual(['write Book graphql/schema.graphql:7']);
    expect(flows.some((f) => f.unread)).toBe(false);
  });

  it("starts each method of a Next.js route file at its own function: a GET's flow holds none of the DELETE's writes; a page's flow goes on through the requests it makes into theirs", async () => {
    const { flows } = await flowsOf('nextjs-routes');
    const get = flowAt(flows, 'GET', '/api/boards/[boardId]');
    expect(get?.steps.map((s) => s.symbol)).toEqual(['GET', 'getBoard']);
    expect(at(get)).toEqual(['read Board lib/queries.ts:4']);
    const remove = flowAt(flows, 'DELETE', '/api/boards/[boardId]');
    expect(remove?.steps.map((s) => s.symbol)).toEqual(['DELETE', 'deleteBoard']);
    expect(at(remove)).toEqual(['write Board lib/queries.ts:8']);
    // A page's flow goes on past the requests it makes, through the route map, into each route's flow.
    const page = flowAt(flows, 'PAGE', '/boards/[boardId]');
    expect(page?.steps.filter((s) => s.via).map((s) => `${s.symbol} ${s.file} ← ${s.via}`)).toEqual([
      'GET app/api/boards/[boardId]/route.ts ← GET /api/boards/:param (lib/boards-api.ts:3)',
      'DELETE app/api/boards/[boardId]/route.ts ← DELETE /api/boards/:param (lib/boards-api.ts:8)',
    ]);
    expect(at(page)).toEqual(['read Board lib/queries.ts:4', 'write Board lib/queries.ts:8']);
    // Cut to a small budget, it keeps the routes its requests reach over its own pieces.
    const small = flowAt(
      (await flowsOf('nextjs-routes', { max_tokens: 500 })).flows,
      'PAGE',
      '/boards/[boardId]',
    );
    expect(small?.steps).toHaveLength(8);
    expect(small?.steps.filter((s) => s.via).map((s) => s.symbol)).toEqual(['GET', 'DELETE']);
  });

  it("starts a SvelteKit page's flow at the load beside its component, and goes on through its fetch into the API route's", async () => {
    const { envelope, flows } = await flowsOf('sveltekit-pages');
    expect(envelope.summary).toMatch(/2 reach data access, 0 with no handler found/);
    const page = flowAt(flows, 'PAGE', '/orders/[id]') as Flow & { unread?: boolean };
    expect(page?.unread).toBeUndefined();
    expect(page?.steps.slice(1).map((s) => `${s.depth} ${s.symbol} ${s.file} ← ${s.via}`)).toEqual([
      '1 load src/routes/orders/[id]/+page.ts ← load (+page.ts)',
      '2 GET src/routes/api/orders/[id]/+server.ts ← GET /api/orders/:param (src/routes/orders/[id]/+page.ts:2)',
    ]);
    expect(at(page)).toEqual(['read Order src/routes/api/orders/[id]/+server.ts:5']);
  });

  it("starts a single-page app's screen at its component and goes on through the API module's request into the route's flow", async () => {
    const { envelope, flows } = await flowsOf('spa-screens');
    expect(envelope.summary).toMatch(/^2 entry points: 2 reach data access, 0 with no handler found/);
    const screen = flowAt(flows, 'SCREEN', '/orders/:id');
    expect(screen?.entry.file).toBe('web/src/pages/OrderPage.jsx');
    expect(screen?.steps.map((s) => `${s.depth} ${s.symbol} ${s.file}${s.via ? ` ← ${s.via}` : ''}`)).toEqual(
      [
        '0 OrderPage web/src/pages/OrderPage.jsx',
        '1 Orders.get web/src/agent.js',
        '2 requests.get web/src/agent.js',
        '2 getOrder server/orders.js ← GET /api/orders/:param (web/src/agent.js:6)',
      ],
    );
    expect(at(screen)).toEqual(['read Order server/orders.js:6']);
  });

  it("reads a Vue screen's script where it stands in the component, and goes on through its request", async () => {
    const { flows } = await flowsOf('vue-screens');
    const screen = flowAt(flows, 'SCREEN', '/orders/:id') as Flow & { unread?: boolean };
    expect(screen?.unread).toBeUndefined();
    expect(stepsOf(screen)).toEqual([
      'SCREEN /orders/:id (inline handler) web/src/views/OrderView.vue:1',
      'getOrder web/src/api.js:1',
      'load web/src/views/OrderView.vue:12',
      'getOrder server/orders.js:5 (GET /api/orders/:param (web/src/api.js:2))',
    ]);
    expect(at(screen)).toEqual(['read Order server/orders.js:6']);
  });

  it("reads goyesql's statements by the query names of the tree's SQL files, through handlers wrapped in middleware calls, not a project method sharing a query's name", async () => {
    const { flows } = await flowsOf('yesql-go');
    const list = flowAt(flows, 'GET', '/api/shelves');
    expect(list?.steps.map((s) => s.symbol)).toEqual(['App.GetShelves', 'Core.GetShelves']);
    expect(list?.data.map((d) => `${d.op} ${d.entity} ${d.file}:${d.line} ${d.call}`)).toEqual([
      'read shelves internal/core/shelves.go:12 c.q.GetShelves.Select',
    ]);
    // `pm(gzip(config)(hasID(a.DeleteShelf)), perm)`: the function the wrappers wrap.
    const remove = flowAt(flows, 'DELETE', '/api/shelves/:id');
    expect(remove?.steps.map((s) => s.symbol)).toEqual(['App.DeleteShelf', 'Core.DeleteShelf']);
    expect(at(remove)).toEqual(['write shelves internal/core/shelves.go:17']);
  });

  it('reads a call of a sqlc-generated method as the query of its name in the SQL files of the tree', async () => {
    const { flows } = await flowsOf('sqlc-go');
    const route = (method: string) => flowAt(flows, method, '/shelves');
    expect(route('GET')?.steps.map((s) => s.symbol)).toEqual(['Server.listShelves']);
    expect(route('GET')?.data.map((d) => `${d.op} ${d.entity} ${d.file}:${d.line} ${d.call}`)).toEqual([
      'read shelves api/server.go:20 s.store.ListShelves',
    ]);
    expect(at(route('POST'))).toEqual(['write shelves api/server.go:29']);
  });

  it("runs a Spring MVC controller's @ModelAttribute methods before its request-mapped method", async () => {
    const { flows } = await flowsOf('spring-mvc');
    const [edit] = flows;
    expect(edit?.steps.map((s) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`)).toEqual([
      'OwnerController.initUpdateForm',
      'OwnerController.findOwner (@ModelAttribute)',
    ]);
    expect(at(edit)).toEqual(['read Owner src/main/java/com/example/clinic/OwnerController.java:22']);
    // A repository not named after its entity: the entity its interface's base is typed with.
    expect(at(flowAt(flows, 'GET', '/owners/{ownerId}/visits'))).toEqual([
      'read Owner src/main/java/com/example/clinic/OwnerController.java:22',
      'read Visit src/main/java/com/example/clinic/OwnerController.java:32',
    ]);
  });

  it('follows a Spring controller through a field named apart from its type, imported from another package, to the repository its implementation holds', async () => {
    const { flows } = await flowsOf('spring-layers');
    const list = flowAt(flows, 'GET', '/shelves');
    // `catalog.all()` on `@Autowired private ShelfService catalog;`, Java reading the field without
    // `this.`; the sibling `shelfView(…)` is no constructor of the class `ShelfView`.
    expect(list?.steps.map((s) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`)).toEqual([
      'ShelfController.list',
      'ShelfService.all',
      'ShelfServiceImpl.all (implements ShelfService)',
      'ShelfController.shelfView',
    ]);
    expect(at(list)).toEqual([
      'read Shelf src/main/java/com/example/shelves/service/impl/ShelfServiceImpl.java:17',
    ]);
  });

  it('follows a Vapor route through its collection and the service it holds to the Fluent query', async () => {
    const { envelope, flows } = await flowsOf('vapor');
    expect(envelope.verdict).toBe('SAFE');
    const route = (method: string) => flowAt(flows, method, '/shelves');
    expect(route('GET')?.steps.map((s) => s.symbol)).toEqual(['ShelfController.index', 'ShelfService.all']);
    expect(at(route('GET'))).toEqual(['read Shelf Sources/App/Services/ShelfService.swift:5']);
    expect(route('POST')?.steps.map((s) => s.symbol)).toEqual(['ShelfController.create']);
    expect(at(route('POST'))).toEqual(['write Shelf Sources/App/Controllers/ShelfController.swift:19']);
  });

  it('maps each front-end call through its wrappers to the route it reaches, and both kinds of unmatched', async () => {
    const envelope = await call('boocontext_routemap', { root: path.join(flowsDir, 'shop') }, client);
    expect(envelope.verdict).toBe('SAFE');
    const details = envelope.details as {
      links: {
        client: { method: string; path: string; file: string; line: number };
        route: { path: string; file: string; line: number };
      }[];
      unmatched: { method: string; path: string; file: string; line: number }[];
      uncalled: { method: string; path: string }[];
    };
    expect(
      details.links.map(
        (l) =>
          `${l.client.method} ${l.client.path} ${l.client.file}:${l.client.line} → ${l.route.file}:${l.route.line}`,
      ),
    ).toEqual([
      'GET /api/orders/mine web/src/api.js:12 → server/src/orders.js:5',
      'GET /api/orders web/src/api.js:12 → server/src/orders.js:4',
      'GET /api/orders/:param web/src/api.js:13 → server/src/orders.js:6',
      'POST /api/orders/:param/cancel web/src/api.js:14 → server/src/orders.js:7',
    ]);
    expect(details.unmatched.map((c) => `${c.method} ${c.path} ${c.file}:${c.line}`)).toEqual([
      'POST /api/orders/:param/refund web/src/api.js:15',
    ]);
    expect(details.uncalled.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/health']);
  });

  it('answers one route by "METHOD /path" (any parameter spelling), and names a missing one', async () => {
    const { flows } = await flowsOf('django', { entry: 'GET /api/posts/{slug}' });
    expect(flows.map((f) => `${f.entry.method} ${f.entry.path}`)).toEqual(['GET /api/posts/<pk>']);
    const missing = await call(
      'boocontext_flows',
      { root: path.join(flowsDir, 'django'), entry: 'GET /nope' },
      client,
    );
    expect(missing.verdict).toBe('CAUTION');
    expect(missing.summary).toMatch(/no route "GET \/nope".*boocontext_overview/);
  });
});
