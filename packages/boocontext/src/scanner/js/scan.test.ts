import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanJs } from './scan.js';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/js-samples');
const read = (name: string) => scanJs(name, readFileSync(path.join(samples, name), 'utf8'));
const routes = (facts: Awaited<ReturnType<typeof scanJs>>) =>
  facts.routes.map((r) => `${r.method} ${r.path} :${r.line} ${r.owner}${r.handler ? ` ${r.handler}` : ''}`);

describe('scanJs (tree-sitter)', () => {
  it("reads a route per string of the loop its path's template runs in, and {unknown} for a value it cannot know", async () => {
    const facts = await scanJs(
      'routes.ts',
      [
        "import Fastify from 'fastify';",
        'const app = Fastify();',
        "for (const op of ['enable', 'disable'] as const) {",
        '  app.post(`/api/mcp/:server/${op}`, async () => op);',
        '}',
        'app.get(`/api/${version()}/health`, health);',
      ].join('\n'),
    );
    expect(routes(facts)).toEqual([
      'POST /api/mcp/:server/enable :4 app',
      'POST /api/mcp/:server/disable :4 app',
      'GET /api/{unknown}/health :6 app health',
    ]);
  });

  it('names the handler of route options kept in a constant (Fastify’s `get(path, opts)`), not the options', async () => {
    const facts = await scanJs(
      'server.js',
      [
        "import Fastify from 'fastify';",
        'const fastify = Fastify();',
        'const getUsers = async (req, reply) => reply.send([]);',
        'const getUsersOpts = { schema: {}, handler: getUsers };',
        'const limits = { schema: {} };',
        "fastify.get('/api/users', getUsersOpts);",
        "fastify.get('/api/limits', limits);",
        "fastify.get('/api/health', getUsers);",
      ].join('\n'),
    );
    expect(routes(facts)).toEqual([
      'GET /api/users :6 fastify getUsers',
      'GET /api/limits :7 fastify limits',
      'GET /api/health :8 fastify getUsers',
    ]);
  });

  it('reads Nest controllers (decorator lines, stacked decorators) and TypeORM entities', async () => {
    const facts = await read('nest.ts');
    expect(routes(facts)).toEqual([
      'GET /users :6 UsersController UsersController.list',
      'GET /users/:id :11 UsersController UsersController.findOne',
      'POST /users/:id/copy :11 UsersController UsersController.findOne',
    ]);
    expect(facts.models.map((m) => `${m.name} ${m.orm} :${m.line}`)).toEqual([
      'accounts typeorm :18',
      'Session typeorm :23',
    ]);
    expect(facts.frameworks).toEqual(['nestjs']);
    expect(facts.error).toBeUndefined();
  });

  it('reads Mongoose, Sequelize and Drizzle models and every form of env read', async () => {
    const facts = await read('orm.ts');
    expect(facts.models.map((m) => `${m.name} ${m.orm} :${m.line}`)).toEqual([
      'Cat mongoose :5',
      'Invoice sequelize :6',
      'Payment sequelize :7',
      'users drizzle :8',
    ]);
    expect(facts.models.at(-1)?.fields).toEqual(['id', "'full name'"]);
    expect(facts.env).toEqual(['JWT_SECRET', 'REFRESH_SECRET', 'VITE_API']);
  });

  it('reads env through wrappers, schema builders (t3-env, envalid, zod) and destructuring', async () => {
    const facts = await read('env.ts');
    expect(facts.env).toEqual([
      'DATABASE_URL',
      'MAIL_FROM',
      'NEXT_PUBLIC_SITE_URL',
      'NODE_ENV',
      'PORT',
      'REDIS_URL',
      'S3_BUCKET',
      'SENTRY_DSN',
      'SMTP_HOST',
      'STRIPE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'VITE_FLAG',
    ]);
  });

  it('reads nested tRPC routers, procedure kinds and mounted routers', async () => {
    const facts = await read('trpc.ts');
    expect(routes(facts)).toEqual([
      'QUERY health :5 appRouter',
      'MUTATION user.create :7 appRouter',
      'SUBSCRIPTION user.onChange :8 appRouter',
    ]);
    expect(facts.mounts).toEqual([{ owner: 'appRouter', prefix: 'posts', target: 'postsRouter', line: 10 }]);
  });

  it("reads a conventionally named owner's calls whose value is used as an HTTP client's, not routes; registrations as routes", async () => {
    const facts = await scanJs(
      'src/case/api.js',
      [
        'import API from "@/api"',
        'const resource = "cases"',
        'export default {',
        '  getAll(options) {',
        '    return API.get(`/${resource}`, { params: { ...options } })',
        '  },',
        '  async create(payload) {',
        '    const created = await API.post(`/${resource}`, payload)',
        '    return created',
        '  },',
        '  remove: (id) => API.delete(`/${resource}/${id}`, id),',
        '}',
        'app.post("/hooks", onHook)',
        'export const health = (app) => app.get("/health", () => "ok")',
      ].join('\n'),
    );
    expect(routes(facts)).toEqual(['POST /hooks :13 app onHook', 'GET /health :14 app']);
  });

  it('reads CommonJS Express: require bindings, chained route(), module.exports', async () => {
    const facts = await read('express.js');
    expect(routes(facts)).toEqual([
      'POST /books :6 router createBook',
      'GET /books :6 router listBooks',
      'GET /upper :7 router upper',
      'ALL /health :9 app',
    ]);
    expect(facts.mounts.map((m) => `${m.owner} ${m.prefix} ${m.target}`)).toEqual([
      'app /api router',
      'app /api users',
    ]);
    expect(facts.bindings.users).toEqual({ spec: './users', name: 'default' });
    expect(facts.exportedRouters.default).toBe('app');
    expect(facts.language).toBe('javascript');
  });

  it("reads Hono basePath, Koa routers with a prefix (mounted as koa-router's `kr.routes()`), and namespace imports as bindings", async () => {
    const facts = await read('hono.ts');
    expect(routes(facts)).toEqual(['GET /items :7 app', 'POST /login :12 kr login']);
    expect(facts.mounts.map((m) => `${m.owner} ${m.prefix} ${m.target}`)).toEqual([
      'app#self /v2 app',
      'app /admin admin',
      'kr#self /k kr',
      'koa  kr',
    ]);
    expect(facts.bindings.admin).toEqual({ spec: './admin', name: '*' });
    expect(facts.frameworks).toEqual(['hono', 'koa']);
  });

  it('reads Fastify route objects (with their handler) and plugin registration; the plugin parameter is the export', async () => {
    const facts = await read('plugin.ts');
    expect(routes(facts)).toEqual([
      'GET /files :4 instance list',
      'HEAD /files :4 instance list',
      'DELETE /files/:id :5 instance remove',
    ]);
    expect(facts.mounts).toEqual([
      { owner: 'instance', prefix: '/nested', target: 'import:./nested', line: 6 },
    ]);
    expect(facts.exportedRouters.default).toBe('instance');
  });

  it('follows route calls through comments, optional chaining, type arguments and calls on the owner', async () => {
    const facts = await read('chains.ts');
    expect(routes(facts)).toEqual([
      'GET /a :7 app helper',
      'POST /b :8 app helper',
      'PUT /c :9 app helper',
      'DELETE /d :10 r helper',
    ]);
  });

  it('finds React components in JSX files, fragments included', async () => {
    const facts = await read('Widget.tsx');
    expect(facts.components.map((c) => `${c.name} :${c.line}`)).toEqual([
      'Widget :3',
      'Panel :7',
      'Page :14',
    ]);
    expect(facts.env).toEqual(['NEXT_PUBLIC_TITLE']);
  });

  it('takes newer TypeScript syntax the grammar lacks (export type *) without calling the file broken', async () => {
    const facts = await read('util.ts');
    expect(facts.error).toBeUndefined();
    expect(facts.imports.map((i) => `${i.spec}:${i.line}`)).toEqual(
      expect.arrayContaining(['./a:2', './b:3', './c:4', './e:6', './lazy:9']),
    );
  });

  it('reports a file that does not parse', async () => {
    const facts = await scanJs('broken.ts', 'export function broken( {\n  return ;\n');
    expect(facts.error).toMatch(/syntax errors/);
  });
});
