import { byCodeUnits } from '@boocode/source-kit';
import type { Route } from '../scanner/types.js';

/** Where the code graph saw something reached being called or read, and how far from the change. */
export interface Site {
  file: string;
  line: number;
  depth: number;
}

/** A reached caller: its own span, and the line where it calls what is reached. */
export interface ReachedSymbol {
  symbol: string;
  file: string;
  line: number;
  endLine: number;
  at: number;
  depth: number;
}

export interface Span {
  file: string;
  line: number;
  endLine: number;
}

export interface EntryPoint {
  kind: 'route' | 'main' | 'test';
  name: string;
  file: string;
  line: number;
  depth: number;
}

/** Decorators (`@Get()`, `@app.get()`) sit at most this many lines above the function they route to. */
const DECORATOR_REACH = 3;

const MAIN_NAME = /^(main|run|start|cli|bootstrap)$/i;
const JOB_FILE = /(^|\/)(bin|cli|scripts?|jobs?|workers?|cron)\//;

/**
 * The entry points a change reaches: routes whose registration (inline handler included) holds a
 * reached call or read, or whose decorated function is reached; mains and jobs; tests. Each with
 * the depth of the shortest chain (0 when the change is inside the entry point itself).
 */
export function entryPointsReached(
  routes: readonly Route[],
  reach: { changed: Span[]; callers: ReachedSymbol[]; moduleSites: Site[]; tests: readonly string[] },
  isTest: (file: string) => boolean,
): EntryPoint[] {
  const sites: Site[] = [
    ...reach.callers.map((c) => ({ file: c.file, line: c.at, depth: c.depth })),
    ...reach.moduleSites,
  ];
  const found = new Map<string, EntryPoint>();
  const add = (entry: EntryPoint) => {
    const key = `${entry.kind} ${entry.name}`;
    const known = found.get(key);
    if (!known || entry.depth < known.depth) found.set(key, entry);
  };

  for (const route of routes) {
    const end = route.endLine ?? route.line;
    const inside = (file: string, line: number) =>
      file === route.file && (route.wholeFile || (line >= route.line && line <= end));
    const decorated = (file: string, line: number) =>
      !route.endLine &&
      !route.wholeFile &&
      file === route.file &&
      line >= route.line &&
      line <= route.line + DECORATOR_REACH;
    const depths = [
      ...reach.changed
        .filter(
          (c) => c.file === route.file && (route.wholeFile || (c.line <= end && c.endLine >= route.line)),
        )
        .map(() => 0),
      ...sites.filter((s) => inside(s.file, s.line)).map((s) => s.depth),
      ...reach.callers.filter((c) => decorated(c.file, c.line)).map((c) => c.depth),
    ];
    if (depths.length === 0) continue;
    add({
      kind: 'route',
      name: `${route.method} ${route.path}`,
      file: route.file,
      line: route.line,
      depth: Math.min(...depths),
    });
  }

  for (const caller of reach.callers) {
    if (isTest(caller.file)) continue;
    const short = caller.symbol.split('.').pop() ?? caller.symbol;
    if (MAIN_NAME.test(short) || JOB_FILE.test(caller.file))
      add({ kind: 'main', name: caller.symbol, file: caller.file, line: caller.line, depth: caller.depth });
  }
  // A script's module-level code counts only where no function of it is already listed.
  const listed = new Set([...found.values()].map((e) => e.file));
  for (const site of sites) {
    if (JOB_FILE.test(site.file) && !isTest(site.file) && !listed.has(site.file))
      add({
        kind: 'main',
        name: `<module ${site.file}>`,
        file: site.file,
        line: site.line,
        depth: site.depth,
      });
  }

  const testDepth = new Map<string, { depth: number; line: number }>();
  for (const site of sites) {
    if (!isTest(site.file)) continue;
    const known = testDepth.get(site.file);
    if (!known || site.depth < known.depth) testDepth.set(site.file, { depth: site.depth, line: site.line });
  }
  for (const file of reach.tests) {
    const at = testDepth.get(file);
    add({ kind: 'test', name: file, file, line: at?.line ?? 1, depth: at?.depth ?? 1 });
  }

  const order = { route: 0, main: 1, test: 2 };
  return [...found.values()].sort(
    (a, b) => order[a.kind] - order[b.kind] || a.depth - b.depth || byCodeUnits(a.name, b.name),
  );
}
