// Real applications from the npm registry and what each should report, listed by hand from
// reading their sources. Shared by the e2e test (packages/boocontext/test/real-apps.e2e.test.ts)
// and the accuracy bench (app-facts-accuracy.mjs), so both check the same truth.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fetchPackage } from './lib-fetch.mjs';

/** What `npm create t3-app` writes for: app router, tRPC, Prisma, NextAuth. */
function assembleT3App(cache) {
  const template = path.join(fetchPackage('create-t3-app@7.40.0', cache), 'template');
  const app = path.join(cache, 't3-app');
  rmSync(app, { recursive: true, force: true });
  cpSync(path.join(template, 'base'), app, { recursive: true });
  const pick = [
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

/**
 * Each app with its truth: routes as `METHOD path file`, models by name, env variables the app's
 * own code reads. `outOfScope` routes are served but left out of the comparison (say why).
 */
export function realApps(cache) {
  mkdirSync(cache, { recursive: true });
  return [
    {
      name: 'T3 app (create-t3-app 7.40.0: Next.js + tRPC + Prisma + Auth.js)',
      root: assembleT3App(cache),
      routes: [
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
      ],
      models: ['Account', 'Post', 'Session', 'User', 'VerificationToken'],
      // createEnv's server/client/runtimeEnv keys, and process.env reads in the tRPC client.
      env: [
        'AUTH_DISCORD_ID',
        'AUTH_DISCORD_SECRET',
        'AUTH_SECRET',
        'DATABASE_URL',
        'NODE_ENV',
        'PORT',
        'SKIP_ENV_VALIDATION',
        'VERCEL_URL',
      ],
      outOfScope: () => false,
    },
    {
      name: 'Etherpad 1.8.14 (Express, routes registered through args.app)',
      root: fetchPackage('ep_etherpad-lite@1.8.14', cache),
      routes: [
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
      ],
      models: [],
      env: ['NODE_ENV', 'PORT'],
      // The test-runner pages Etherpad serves; its openapi paths are built at run time.
      outOfScope: (route) => route.includes('/tests/frontend'),
    },
  ];
}
