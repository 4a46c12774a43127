import { describe, expect, it } from 'vitest';
import type { Route } from '../scanner/types.js';
import { entryPointsReached, type ReachedSymbol } from './entry-points.js';

const isTest = (f: string) => f.includes('.test.');
const caller = (
  symbol: string,
  file: string,
  line: number,
  endLine: number,
  at: number,
  depth: number,
): ReachedSymbol => ({
  symbol,
  file,
  line,
  endLine,
  at,
  depth,
});
const names = (entries: { kind: string; name: string; depth: number }[]) =>
  entries.map((e) => `${e.kind} ${e.name} @${e.depth}`);

describe('entryPointsReached', () => {
  it('reaches a decorated handler (Nest, FastAPI) through the function under the decorator', () => {
    const routes: Route[] = [
      { method: 'GET', path: '/users/:id', file: 'users.py', line: 10, framework: 'fastapi' },
      { method: 'GET', path: '/health', file: 'users.py', line: 30, framework: 'fastapi' },
    ];
    const reached = entryPointsReached(
      routes,
      { changed: [], callers: [caller('get_user', 'users.py', 11, 14, 12, 2)], moduleSites: [], tests: [] },
      isTest,
    );
    expect(names(reached)).toEqual(['route GET /users/:id @2']);
  });

  it('reaches a file-routed page from any line of the file, and keeps the shortest depth', () => {
    const routes: Route[] = [
      {
        method: 'PAGE',
        path: '/settings',
        file: 'app/settings/page.tsx',
        line: 1,
        wholeFile: true,
        framework: 'nextjs',
      },
    ];
    const reached = entryPointsReached(
      routes,
      {
        changed: [],
        callers: [
          caller('Settings', 'app/settings/page.tsx', 5, 40, 33, 3),
          caller('Form', 'app/settings/page.tsx', 42, 60, 50, 1),
        ],
        moduleSites: [],
        tests: [],
      },
      isTest,
    );
    expect(names(reached)).toEqual(['route PAGE /settings @1']);
  });

  it('does not reach a route registered elsewhere in the same file', () => {
    const routes: Route[] = [
      { method: 'GET', path: '/a', file: 'r.ts', line: 3, endLine: 5, framework: 'express' },
      { method: 'GET', path: '/b', file: 'r.ts', line: 6, endLine: 9, framework: 'express' },
    ];
    const reached = entryPointsReached(
      routes,
      { changed: [], callers: [], moduleSites: [{ file: 'r.ts', line: 8, depth: 1 }], tests: [] },
      isTest,
    );
    expect(names(reached)).toEqual(['route GET /b @1']);
  });

  it('lists mains, jobs and tests with their depth', () => {
    const reached = entryPointsReached(
      [],
      {
        changed: [],
        callers: [caller('main', 'src/cli.ts', 1, 9, 4, 2), caller('nightly', 'jobs/nightly.ts', 1, 5, 3, 1)],
        moduleSites: [{ file: 'src/a.test.ts', line: 7, depth: 2 }],
        tests: ['src/a.test.ts'],
      },
      isTest,
    );
    expect(names(reached)).toEqual(['main nightly @1', 'main main @2', 'test src/a.test.ts @2']);
  });
});
