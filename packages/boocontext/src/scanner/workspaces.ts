import { createRequire } from 'node:module';
import path from 'node:path';
import type { CachedFile } from './types.js';

// The YAML and TOML parsers and the glob matcher load only for a repository that has such a
// manifest: most scans read none, and bundled they would add ~60 kB that every command-line scan
// compiles at start-up, where milliseconds count.
const load = createRequire(import.meta.url);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** pnpm-workspace.yaml's `packages` (`!` patterns exclude), read as YAML: flow lists, quotes and other keys alike. */
export function pnpmPatterns(text: string): string[] {
  const { parse } = load('yaml') as typeof import('yaml');
  try {
    return strings((parse(text) as { packages?: unknown } | null)?.packages);
  } catch {
    return [];
  }
}

/** Cargo.toml's `[workspace]` members, its `exclude` as `!` patterns, read as TOML. */
export function cargoPatterns(text: string): string[] {
  // Most Cargo.toml files are one crate's: no `workspace` key, nothing to parse the file for (the
  // TOML parser's loading alone is ~7 ms of a small app's one-shot scan).
  if (!/\bworkspace\b/.test(text)) return [];
  const { parse } = load('@decimalturn/toml-patch') as typeof import('@decimalturn/toml-patch');
  try {
    const workspace = (parse(text) as { workspace?: { members?: unknown; exclude?: unknown } }).workspace;
    return [...strings(workspace?.members), ...strings(workspace?.exclude).map((p) => `!${p}`)];
  } catch {
    return [];
  }
}

/**
 * go.work's `use` directives by its grammar (the go.mod syntax): `use dir` or a `use ( … )` block,
 * one path a line, quoted or not, `//` comments anywhere. Read by hand: no parser of the go.mod
 * syntax turned up among npm's packages, and the part read here is three lines of grammar.
 */
export function goWorkPatterns(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim());
  const found: string[] = [];
  let inBlock = false;
  const unquote = (p: string) => p.replace(/^"(.*)"$|^`(.*)`$/, '$1$2');
  for (const line of lines) {
    if (inBlock) {
      if (line === ')') inBlock = false;
      else if (line) found.push(unquote(line));
    } else if (/^use\s*\($/.test(line)) inBlock = true;
    else {
      const single = /^use\s+(\S+)$/.exec(line)?.[1];
      if (single) found.push(unquote(single));
    }
  }
  return found;
}

/** The workspace folders a repository's manifests declare: package.json, pnpm, Cargo and go.work alike. */
export function workspacesOf(cache: Map<string, CachedFile>): string[] {
  const text = (rel: string) => cache.get(rel)?.text;
  const patterns = [...(cache.get('package.json')?.facts.manifest?.workspaces ?? [])];
  const pnpm = text('pnpm-workspace.yaml');
  if (pnpm) patterns.push(...pnpmPatterns(pnpm));
  const cargo = text('Cargo.toml');
  if (cargo) patterns.push(...cargoPatterns(cargo));
  const goWork = text('go.work');
  if (goWork) patterns.push(...goWorkPatterns(goWork));
  const clean = (p: string) => p.replace(/^\.\//, '').replace(/\/+$/, '');
  const included = patterns.filter((p) => !p.startsWith('!')).map(clean);
  if (included.length === 0) return [];
  const picomatch = load('picomatch') as typeof import('picomatch');
  const isIn = picomatch(included);
  const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => clean(p.slice(1)));
  const isOut = excluded.length ? picomatch(excluded) : () => false;
  const dirs = new Set<string>();
  for (const rel of cache.keys()) {
    if (!/(^|\/)(package\.json|Cargo\.toml|go\.mod)$/.test(rel) || !rel.includes('/')) continue;
    const dir = path.posix.dirname(rel);
    if (isIn(dir) && !isOut(dir)) dirs.add(dir);
  }
  return [...dirs].sort();
}
