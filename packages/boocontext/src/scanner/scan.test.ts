import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Scanner, type ScanResult } from './scan.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/repos');
const root = mkdtempSync(path.join(tmpdir(), 'boocontext-scan-'));
cpSync(fixtures, root, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

let tick = 0;
/** Writes a file with an mtime no earlier scan has seen, whatever the file system's granularity. */
function write(rel: string, text: string) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
  const when = new Date(Date.now() + ++tick * 5_000);
  utimesSync(path.join(root, rel), when, when);
}
const edit = (rel: string, change: (text: string) => string) =>
  write(rel, change(readFileSync(path.join(root, rel), 'utf8')));
const withoutStats = ({ stats: _stats, ...rest }: ScanResult) => rest;

/** A throwaway repository holding `files` (path → text) for one test; removed afterwards. */
async function inScratchRepo(files: Record<string, string>, test: (repo: string) => Promise<void>) {
  const repo = mkdtempSync(path.join(tmpdir(), 'boocontext-repo-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      writeFileSync(path.join(repo, rel), text);
    }
    await test(repo);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

describe('Scanner shared by many callers', () => {
  it('reads a root once for callers asking at the same time, and tells who indexed it', async () => {
    const indexed: string[] = [];
    const scanner = new Scanner(undefined, (scanned) => indexed.push(scanned));
    const repo = path.join(root, 'express');
    const results = await Promise.all(Array.from({ length: 8 }, () => scanner.scan(repo)));
    expect(scanner.coldScans).toBe(1);
    expect(indexed).toEqual([repo]);
    expect(new Set(results.map((r) => JSON.stringify(withoutStats(r)))).size).toBe(1);
    expect(withoutStats(await scanner.scan(repo))).toEqual(withoutStats(results[0] as ScanResult));
    expect(scanner.coldScans).toBe(1);
  });
});

describe('Scanner re-scans', () => {
  const scanner = new Scanner();

  it('equal a fresh scan after every kind of edit', async () => {
    const edits: [string, () => void][] = [
      ['lines move in a routed file', () => edit('express/src/routes/users.ts', (t) => `// moved\n${t}`)],
      [
        'a route is added',
        () =>
          edit('express/src/routes/users.ts', (t) =>
            t.replace("router.get('/', list);", "router.get('/', list);\nrouter.put('/:id', list);"),
          ),
      ],
      [
        'a mount prefix changes',
        () => edit('express/src/routes/api.ts', (t) => t.replace("'/users'", "'/people'")),
      ],
      [
        'an export is renamed',
        () => edit('express/src/routes/api.ts', (t) => t.replaceAll('apiRouter', 'mainRouter')),
      ],
      [
        'an import is added',
        () =>
          edit('pnpm/packages/core/src/money.ts', (t) => `import { util } from '../../app/src/util';\n${t}`),
      ],
      [
        'an env read is added',
        () => edit('fastify/src/routes/admin.ts', (t) => `${t}\nconst key = process.env.ADMIN_KEY;\n`),
      ],
      ['a migration drops a table', () => write('sql/db/migrations/003_more.sql', 'DROP TABLE articles;\n')],
      [
        'a Next.js route file appears',
        () => write('nextjs/app/api/health/route.ts', 'export async function GET() {}\n'),
      ],
      [
        'a Python router prefix changes',
        () => edit('fastapi/app/main.py', (t) => t.replace('prefix="/api"', 'prefix="/v2"')),
      ],
      [
        'a Prisma model is added',
        () => edit('prisma/db/schema/main.prisma', (t) => `${t}\nmodel Tag {\n  id Int @id\n}\n`),
      ],
      ['tsconfig paths change', () => edit('pnpm/tsconfig.json', (t) => t.replace('"@app/*"', '"~app/*"'))],
      [
        'a file is renamed',
        () => {
          const from = path.join(root, 'pnpm/packages/app/src/util.ts');
          write('pnpm/packages/app/src/helpers.ts', readFileSync(from, 'utf8'));
          unlinkSync(from);
        },
      ],
      [
        'a pages folder outside a project appears',
        () => write('nextjs/site/pages/about.tsx', 'export default function About() {}\n'),
      ],
      [
        'the folder holding it becomes a project',
        () => write('nextjs/site/package.json', '{"name": "site"}\n'),
      ],
      [
        'a Symfony routing config imports a folder under a prefix',
        () =>
          write(
            'symfony/config/routes.yaml',
            'controllers:\n    resource: ../src/Controller/\n    type: attribute\n    prefix: /api\n',
          ),
      ],
      [
        'a Symfony controller appears in the imported folder',
        () =>
          write(
            'symfony/src/Controller/CartController.php',
            "<?php\nclass CartController\n{\n    #[Route('/cart', methods: ['GET'])]\n    public function show(): void {}\n}\n",
          ),
      ],
      [
        'a class without routes appears in the imported folder',
        () => write('symfony/src/Controller/HelpController.php', '<?php\nclass HelpController\n{\n}\n'),
      ],
      [
        'that class gains a route',
        () =>
          edit('symfony/src/Controller/HelpController.php', (t) =>
            t.replace('{\n}', "{\n    #[Route('/help')]\n    public function show(): void {}\n}"),
          ),
      ],
      [
        'an MVC controller appears, routed by no convention yet',
        () =>
          write(
            'mvc/Controllers/ShopController.cs',
            'public class ShopController : Controller\n{\n    public IActionResult Index() => View();\n}\n',
          ),
      ],
      [
        'the app maps the default conventional route',
        () => write('mvc/Program.cs', 'app.MapDefaultControllerRoute();\n'),
      ],
      [
        'the conventional route changes',
        () =>
          edit(
            'mvc/Program.cs',
            () => 'app.MapControllerRoute("default", "store/{controller}/{action=Index}");\n',
          ),
      ],
      ['a routed file is deleted', () => unlinkSync(path.join(root, 'express/src/routes/users.ts'))],
      [
        'a dependency adds a framework',
        () => edit('fastify/package.json', (t) => t.replace('"fastify"', '"hono": "4", "fastify"')),
      ],
    ];
    await scanner.scan(root);
    for (const [what, apply] of edits) {
      apply();
      const incremental = await scanner.scan(root);
      const fresh = await new Scanner().scan(root);
      expect({ what, ...withoutStats(incremental) }).toEqual({ what, ...withoutStats(fresh) });
      expect(incremental.stats.read, what).toBeLessThanOrEqual(1);
    }
  });

  it('reads nothing again when nothing changed, and answers the same', async () => {
    const before = await scanner.scan(root);
    const again = await scanner.scan(root);
    expect(again.stats.read).toBe(0);
    expect(withoutStats(again)).toEqual(withoutStats(before));
  });
});

describe('Next.js routers', () => {
  it('are the app/ and pages/ folders at the top of a project, not any folder of that name', () =>
    inScratchRepo(
      {
        'package.json': JSON.stringify({ dependencies: { next: '15.0.0' } }),
        'pages/about.tsx': 'export default function About() {}\n',
        'src/components/layout/pages/index.tsx': 'export const Layout = () => null;\n',
        'src/lib/app/page.tsx': 'export default function NotAPage() {}\n',
        'apps/web/package.json': JSON.stringify({ name: 'web' }),
        'apps/web/src/app/items/page.tsx': 'export default function Items() {}\n',
      },
      async (repo) => {
        const { routes } = await new Scanner().scan(repo);
        expect(routes.map((r) => `${r.method} ${r.path} ${r.file}`)).toEqual([
          'PAGE /about pages/about.tsx',
          'PAGE /items apps/web/src/app/items/page.tsx',
        ]);
      },
    ));

  it("are a Next.js project's only: a Create React App's or React Native app's src/pages/ holds components", () =>
    inScratchRepo(
      {
        'web/package.json': JSON.stringify({ dependencies: { react: '19.0.0', 'react-scripts': '5.0.1' } }),
        'web/src/pages/Login/index.js': 'export default function Login() { return null; }\n',
        'mobile/package.json': JSON.stringify({ dependencies: { 'react-native': '0.76.0' } }),
        'mobile/src/pages/Detail/index.js': 'export default function Detail() { return null; }\n',
        'site/package.json': JSON.stringify({ dependencies: { next: '15.0.0' } }),
        'site/pages/about.tsx': 'export default function About() {}\n',
        // Auth.js's route file answers the methods it re-exports.
        'site/app/api/auth/[...nextauth]/route.ts': "export { GET, POST } from '../../../../auth';\n",
      },
      async (repo) => {
        const { routes } = await new Scanner().scan(repo);
        expect(routes.map((r) => `${r.method} ${r.path} ${r.file}`)).toEqual([
          'PAGE /about site/pages/about.tsx',
          'GET /api/auth/[...nextauth] site/app/api/auth/[...nextauth]/route.ts',
          'POST /api/auth/[...nextauth] site/app/api/auth/[...nextauth]/route.ts',
        ]);
      },
    ));
});

describe("A front end's HTTP client", () => {
  it('is no router: `api.get(…)` in a component or a module importing axios, or ending with a config object, or on an imported module namespace, is a call, not a route', () =>
    inScratchRepo(
      {
        'backend/package.json': JSON.stringify({ dependencies: { express: '4.21.0' } }),
        'backend/src/routes.js':
          "const express = require('express');\nconst api = express.Router();\napi.post('/ongs', OngController.create);\nmodule.exports = api;\n",
        'web/package.json': JSON.stringify({ dependencies: { axios: '1.7.0', react: '19.0.0' } }),
        'web/src/services/api.js':
          "import axios from 'axios';\nexport default axios.create({ baseURL: '/' });\n",
        'web/src/services/ongs.js':
          "import axios from 'axios';\nimport api from './api';\nexport const create = (data) => api.post('ongs', data);\n",
        'web/src/pages/Register.js':
          "import api from '../services/api';\nexport default function Register({ data }) {\n  api.post('/ongs', data);\n  return <form />;\n}\n",
        'web/src/pages/Profile.ts':
          "import api from '../services/api';\nexport const load = (id: string) => api.get('profile', { headers: { Authorization: id } });\n",
        // A module's namespace (`import * as api`) calling its own helpers, `del` among them.
        'web/src/routes/article/+page.server.js':
          "import * as api from '$lib/api.js';\nexport const actions = {\n  remove: async ({ params, locals }) => api.del(`articles/${params.slug}`, locals.token),\n  load: async ({ params, locals }) => api.get(`articles/${params.slug}`, locals.token),\n};\n",
      },
      async (repo) => {
        const { routes } = await new Scanner().scan(repo);
        expect(routes.map((r) => `${r.method} ${r.path} ${r.file}`)).toEqual([
          'POST /ongs backend/src/routes.js',
        ]);
      },
    ));

  it("has a page router that is no server's: TanStack Router's `createRouter` makes no Express app", () =>
    inScratchRepo(
      {
        'package.json': JSON.stringify({
          dependencies: { '@tanstack/react-router': '1.0.0', react: '19.0.0' },
        }),
        'src/main.tsx':
          "import { createRouter } from '@tanstack/react-router';\nimport { routeTree } from './routeTree.gen';\nexport const router = createRouter({ routeTree });\n",
      },
      async (repo) => {
        expect((await new Scanner().scan(repo)).frameworks).toEqual(['react']);
      },
    ));
});

describe('languages', () => {
  it('are listed most files first, then by name, not in the order reads finished', () =>
    // The lexed TypeScript file is done long before the parsed Python ones.
    inScratchRepo(
      {
        'a.ts': 'export const a = 1;\n',
        'x.py': 'def f():\n    return 1\n',
        'y.py': 'def f():\n    return 1\n',
        'z.py': 'def f():\n    return 1\n',
        'b.go': 'package b\n',
      },
      async (repo) => {
        const { languages } = await new Scanner().scan(repo);
        expect(Object.entries(languages)).toEqual([
          ['python', 3],
          ['go', 1],
          ['typescript', 1],
        ]);
      },
    ));
});

describe('Generated files', () => {
  it("are parsed only when they may hold the app's models: a protobuf stub is set aside unread, a generated GORM model still counts", () =>
    inScratchRepo(
      {
        'go.mod': 'module shop\n\nrequire github.com/gin-gonic/gin v1.9.0\n',
        'main.go':
          'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.Default()\n\tr.GET("/carts", list)\n}\n',
        'genproto/demo_grpc.pb.go': [
          '// Code generated by protoc-gen-go-grpc. DO NOT EDIT.',
          'package genproto',
          '',
          'type CartServiceServer interface {',
          '\tAddItem(context.Context, *AddItemRequest) (*Empty, error)',
          '}',
          '',
          'type UnimplementedCartServiceServer struct{}',
          '',
          'func NewCartServiceClient(cc grpc.ClientConnInterface) CartServiceClient {',
          '\treturn &cartServiceClient{cc}',
          '}',
          '',
        ].join('\n'),
        'models/gen.go': [
          '// Code generated by gorm.io/gen. DO NOT EDIT.',
          'package models',
          '',
          'type Cart struct {',
          '\tID uint `gorm:"primaryKey"`',
          '}',
          '',
        ].join('\n'),
      },
      async (repo) => {
        const result = await new Scanner().scan(repo);
        expect(result.excluded).toEqual([
          { file: 'genproto/demo_grpc.pb.go', reason: 'generated' },
          { file: 'models/gen.go', reason: 'generated' },
        ]);
        expect(result.models.map((m) => m.name)).toEqual(['Cart']);
        expect(result.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /carts']);
        // main.go and the generated model; the stub, with nothing of it kept, is not parsed.
        expect(result.stats).toMatchObject({ read: 4, parsed: 2 });
      },
    ));
});

describe('SQL tables', () => {
  it('come from a dump or init script outside a migrations folder too, migrations winning where both make a table; a migration tool’s own table is none', () =>
    inScratchRepo(
      {
        'docs/schema.sql':
          'CREATE TABLE `article` (\n  `id` int NOT NULL,\n  `title` varchar(45)\n);\nCREATE TABLE `author` (\n  `id` int NOT NULL\n);\n',
        'db/migration/000001_init.up.sql':
          'CREATE TABLE author (\n  id bigserial PRIMARY KEY,\n  name varchar\n);\n',
        'priv/repo/structure.sql':
          'CREATE TABLE public.schema_migrations (version bigint NOT NULL, inserted_at timestamp);\n',
        'queries/article.sql': '-- name: GetArticle :one\nSELECT * FROM article WHERE id = $1;\n',
        'main.go': 'package main\n\nfunc main() {}\n',
      },
      async (repo) => {
        const { models } = await new Scanner().scan(repo);
        expect(models.map((m) => `${m.name} ${m.file} ${m.fields?.join(',')}`)).toEqual([
          'article docs/schema.sql id,title',
          'author db/migration/000001_init.up.sql id,name',
        ]);
      },
    ));
});

describe('.env files', () => {
  it('name the variables a dotenv parser reads: a line inside a multi-line quoted value is none', () =>
    inScratchRepo(
      {
        '.env':
          'PORT=3000\nexport API_KEY=x\nTLS_CERT="-----BEGIN CERTIFICATE-----\nMIIB=AbCd\n-----END CERTIFICATE-----"\n# COMMENTED=1\n',
      },
      async (repo) => {
        const { env } = await new Scanner().scan(repo);
        expect(env.map((v) => v.name)).toEqual(['API_KEY', 'PORT', 'TLS_CERT']);
      },
    ));
});

describe('package managers', () => {
  it('are named by their lockfiles, however large (a real package-lock.json passes the 1 MB read cap)', async () => {
    write(
      'prisma/package-lock.json',
      `{"lockfileVersion":3,"packages":{${'"x":{},'.repeat(200_000)}"y":{}}}`,
    );
    write('prisma/yarn.lock', '# yarn\n');
    const result = await new Scanner().scan(path.join(root, 'prisma'));
    expect(result.packageManagers).toEqual(['npm', 'yarn']);
  });
});

describe('Tests and fixtures', () => {
  it('are counted apart: their frameworks, routes, models, env and syntax errors are not the app’s', () =>
    inScratchRepo(
      {
        'package.json': JSON.stringify({ dependencies: { express: '5.0.0' } }),
        'src/app.ts':
          "import express from 'express';\nconst app = express();\napp.get('/health', (q, r) => r.end());\n",
        'test/fixtures/koa-app/package.json': JSON.stringify({ dependencies: { koa: '2.0.0' } }),
        'test/fixtures/other/package.json': JSON.stringify({
          prisma: { schema: '../koa-app/db/main.prisma' },
        }),
        'test/fixtures/koa-app/pnpm-lock.yaml': 'lockfileVersion: 9.0\n',
        'test/fixtures/koa-app/server.ts':
          "const router = new Router();\nrouter.get('/fixture', h);\nconst k = process.env.FIXTURE_KEY;\n",
        'test/fixtures/koa-app/db/main.prisma': 'model Fixture {\n  id Int @id\n}\n',
        'src/__fixtures__/Broken.tsx': 'export function Broken() {\n  return <div>;\n}\n',
      },
      async (repo) => {
        const scan = await new Scanner().scan(repo);
        expect(scan.frameworks).toEqual(['express']);
        expect(scan.routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /health']);
        expect(scan.models).toEqual([]);
        expect(scan.env).toEqual([]);
        expect(scan.packageManagers).toEqual([]);
        expect(scan.unparsed).toEqual([]);
        expect(scan.auxiliary).toMatchObject({ files: 6, unparsed: ['src/__fixtures__/Broken.tsx'] });
        expect(scan.auxiliary.frameworks).toContain('koa');
        expect(scan.components).toEqual([]);
      },
    ));
});

describe('Scanner.scan with maxAgeMs', () => {
  it('answers from a scan that recent, and sees an edit once asked without it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'scan-recent-'));
    try {
      writeFileSync(path.join(root, 'package.json'), '{"dependencies":{"express":"4"}}');
      writeFileSync(
        path.join(root, 'app.js'),
        "const app = require('express')();\napp.get('/a', (q, s) => s.end());\n",
      );
      const scanner = new Scanner();
      const first = await scanner.scan(root);
      writeFileSync(
        path.join(root, 'app.js'),
        "const app = require('express')();\napp.get('/b', (q, s) => s.end());\n",
      );
      utimesSync(path.join(root, 'app.js'), new Date(), new Date(Date.now() + 5_000));
      expect(await scanner.scan(root, { maxAgeMs: 60_000 })).toBe(first);
      const fresh = await scanner.scan(root);
      expect(fresh.routes.map((r) => r.path)).toEqual(['/b']);
      expect(await scanner.scan(root, { maxAgeMs: 0 })).not.toBe(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
