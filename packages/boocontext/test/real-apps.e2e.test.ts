// boocontext on application code no one here wrote, fetched from the npm registry: a T3 app
// (Next.js app router + tRPC + Prisma + Auth.js + t3-env) assembled from create-t3-app's own
// template files the way its installer does, and Etherpad's Express server. What each should
// report is listed by hand in bench/lib-real-apps.mjs, which the accuracy bench shares.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { realApps } from '../../../bench/lib-real-apps.mjs';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '../bin/boocontext.js');

interface Overview {
  verdict: string;
  details: {
    frameworks: string[];
    routes: { method: string; path: string; file: string }[];
    models: string[];
    envVars: string[];
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
  let apps: ReturnType<typeof realApps>;
  beforeAll(() => {
    apps = realApps(path.join(tmpdir(), 'boocontext-real-apps'));
  }, 120_000);

  it('reads a T3 app: app-router pages and handlers, tRPC procedures, Prisma models, t3-env variables', () => {
    const [t3] = apps;
    const o = overview(t3.root);
    expect(o.verdict).toBe('SAFE');
    expect(routes(o)).toEqual([...t3.routes].sort());
    expect(o.details.models.sort()).toEqual(t3.models.map((m) => `${m} (prisma)`));
    expect(o.details.envVars).toEqual(t3.env);
    expect(o.details.frameworks).toEqual(expect.arrayContaining(['nextjs', 'react', 'trpc']));
  });

  it('reads Etherpad: Express routes registered on a router held in a property (args.app.get)', () => {
    const etherpad = apps[1];
    const o = overview(etherpad.root);
    expect(routes(o).filter((r) => !etherpad.outOfScope(r))).toEqual([...etherpad.routes].sort());
    expect(o.details.envVars).toEqual(etherpad.env);
    expect(o.details.frameworks).toContain('express');
  });
});
