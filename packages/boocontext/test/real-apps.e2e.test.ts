// boocontext on application code no one here wrote, fetched from the npm registry: a T3 app
// (Next.js app router + tRPC + Prisma + Auth.js + t3-env) assembled from create-t3-app's own
// template files the way its installer does, and Etherpad's Express server. What each should
// report is listed by hand below, from reading the sources.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bin/boocontext.js');
const cache = path.join(tmpdir(), 'boocontext-real-apps');

function fetchPackage(spec: string): string {
  const dir = path.join(cache, spec.replace(/[@/]/g, '_'));
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', spec, '--silent'], { cwd: cache, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['xzf', path.join(cache, tarball as string), '-C', dir, '--strip-components=1']);
  return dir;
}

/** What `npm create t3-app` writes for: app router, tRPC, Prisma, NextAuth. */
function assembleT3App(): string {
  const template = path.join(fetchPackage('create-t3-app@7.40.0'), 'template');
  const app = path.join(cache, 't3-app');
  rmSync(app, { recursive: true, force: true });
  cpSync(path.join(template, 'base'), app, { recursive: true });
  const pick: [string, string][] = [
    ['src/env/with-auth-db.js', 'src/env.js'],
    ['prisma/schema/with-auth.prisma', 'prisma/schema.prisma'],
    ['src/server/db/db-prisma.ts', 'src/server/db.ts'],
    ['src/server/auth/index.ts', 'src/server/auth/index.ts'],
    ['src/server/auth/config/with-prisma.ts', 'src/server/auth/config.ts'],
    ['src/app/api/auth/[...nextauth]/route.ts', 'src/app/api/auth/[...nextauth]/route.ts'],
    ['src/server/api/trpc-app/with-auth-db.ts', 'src/server/api/trpc.ts'],
    ['src/server/api/root.ts', 'src/server/api/root.ts'],
    ['src/server/api/routers/post/with-auth-prisma.ts', 'src/server/api/routers/post.ts'],
    ['src/app/api/trpc/[trpc]/route.ts', 'src/app/api/trpc/[trpc]/route.ts'],
    ['src/trpc/query-client.ts', 'src/trpc/query-client.ts'],
    ['src/trpc/server.ts', 'src/trpc/server.ts'],
    ['src/trpc/react.tsx', 'src/trpc/react.tsx'],
    ['src/app/page/with-auth-trpc.tsx', 'src/app/page.tsx'],
    ['src/app/layout/with-trpc.tsx', 'src/app/layout.tsx'],
    ['src/app/_components/post.tsx', 'src/app/_components/post.tsx'],
  ];
  for (const [from, to] of pick) {
    mkdirSync(path.dirname(path.join(app, to)), { recursive: true });
    cpSync(path.join(template, 'extras', from), path.join(app, to));
  }
  return app;
}

interface Overview {
  verdict: string;
  details: {
    frameworks: string[];
    routes: { method: string; path: string; file: string }[];
    models: string[];
    envVars: string[];
    unparsed: unknown[];
  };
}

const overview = (root: string) =>
  JSON.parse(
    execFileSync(process.execPath, [bin, 'overview', '--json', '--root', root, '--allow', root], {
      encoding: 'utf8',
    }),
  ) as Overview;

const routes = (o: Overview) => o.details.routes.map((r) => `${r.method} ${r.path} ${r.file}`).sort();

describe('boocontext on real applications from npm', () => {
  let t3: string;
  let etherpad: string;
  beforeAll(() => {
    mkdirSync(cache, { recursive: true });
    t3 = assembleT3App();
    etherpad = fetchPackage('ep_etherpad-lite@1.8.14');
  }, 120_000);

  it('reads a T3 app: app-router pages and handlers, tRPC procedures, Prisma models, t3-env variables', () => {
    const o = overview(t3);
    expect(o.verdict).toBe('SAFE');
    expect(routes(o)).toEqual(
      [
        'PAGE / src/app/page.tsx',
        // `export const { GET, POST } = handlers` and `export { handler as GET, handler as POST }`
        'GET /api/auth/[...nextauth] src/app/api/auth/[...nextauth]/route.ts',
        'POST /api/auth/[...nextauth] src/app/api/auth/[...nextauth]/route.ts',
        'GET /api/trpc/[trpc] src/app/api/trpc/[trpc]/route.ts',
        'POST /api/trpc/[trpc] src/app/api/trpc/[trpc]/route.ts',
        'QUERY post.hello src/server/api/routers/post.ts',
        'MUTATION post.create src/server/api/routers/post.ts',
        'QUERY post.getLatest src/server/api/routers/post.ts',
        'QUERY post.getSecretMessage src/server/api/routers/post.ts',
      ].sort(),
    );
    expect(o.details.models.sort()).toEqual(
      ['Account', 'Post', 'Session', 'User', 'VerificationToken'].map((m) => `${m} (prisma)`),
    );
    // createEnv's server/client/runtimeEnv keys, and process.env reads in the tRPC client.
    expect(o.details.envVars).toEqual([
      'AUTH_DISCORD_ID',
      'AUTH_DISCORD_SECRET',
      'AUTH_SECRET',
      'DATABASE_URL',
      'NODE_ENV',
      'PORT',
      'SKIP_ENV_VALIDATION',
      'VERCEL_URL',
    ]);
    expect(o.details.frameworks).toEqual(expect.arrayContaining(['nextjs', 'react', 'trpc']));
  });

  it('reads Etherpad: Express routes registered on a router held in a property (args.app.get)', () => {
    const o = overview(etherpad);
    const expected = [
      'ALL /static/:filename(*) node/hooks/express/static.js',
      'GET / node/hooks/express/specialpages.js',
      'GET /admin node/hooks/express/admin.js',
      'GET /admin/plugins node/hooks/express/adminplugins.js',
      'GET /admin/plugins/info node/hooks/express/adminplugins.js',
      'GET /admin/settings node/hooks/express/adminsettings.js',
      'GET /api node/hooks/express/apicalls.js',
      'GET /favicon.ico node/hooks/express/specialpages.js',
      'GET /javascript node/hooks/express/specialpages.js',
      'GET /locales.json node/hooks/i18n.js',
      'GET /locales/:locale node/hooks/i18n.js',
      'GET /p/:pad node/hooks/express/specialpages.js',
      'GET /p/:pad/:rev?/export/:type node/hooks/express/importexport.js',
      'GET /p/:pad/timeslider node/hooks/express/specialpages.js',
      'GET /pluginfw/plugin-definitions.json node/hooks/express/static.js',
      'GET /ro/:id node/hooks/express/padreadonly.js',
      'GET /robots.txt node/hooks/express/specialpages.js',
      'GET /stats node/hooks/express/specialpages.js',
      'POST /ep/pad/connection-diagnostic-info node/hooks/express/apicalls.js',
      'POST /jserror node/hooks/express/apicalls.js',
      'POST /p/:pad/import node/hooks/express/importexport.js',
    ];
    // The test-runner pages Etherpad serves are routes too; its openapi paths are built at run time.
    expect(routes(o).filter((r) => !r.includes('/tests/frontend'))).toEqual(expected.sort());
    expect(o.details.envVars).toEqual(['NODE_ENV', 'PORT']);
    expect(o.details.frameworks).toContain('express');
  });
});
