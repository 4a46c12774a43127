import { describe, expect, it } from 'vitest';
import type { CachedFile } from './types.js';
import { cargoPatterns, goWorkPatterns, pnpmPatterns, workspacesOf } from './workspaces.js';

/** A scan cache holding these files (text where given), enough for the workspace reader. */
const cacheOf = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([rel, text]) => [rel, { text, facts: {} } as unknown as CachedFile]));

describe('workspaces', () => {
  it('reads pnpm-workspace.yaml as YAML: flow lists, quotes, exclusions, and no other key’s items', () => {
    expect(pnpmPatterns('packages: ["apps/*", \'libs/*\']\n')).toEqual(['apps/*', 'libs/*']);
    expect(
      pnpmPatterns(
        'packages:\n  - "packages/*"\n  - "!packages/legacy"\nonlyBuiltDependencies:\n  - esbuild\n',
      ),
    ).toEqual(['packages/*', '!packages/legacy']);
    expect(pnpmPatterns('packages: [unclosed\n')).toEqual([]);
  });

  it('reads Cargo.toml’s [workspace] as TOML, its exclude as exclusions', () => {
    expect(
      cargoPatterns(
        '[package]\nname = "x"\n\n[workspace]\nmembers = [\n  "crates/*", # all of them\n  "tools/cli",\n]\nexclude = ["crates/old"]\n\n[dependencies]\nmembers = "not a list"\n',
      ),
    ).toEqual(['crates/*', 'tools/cli', '!crates/old']);
    // A dotted key names the table too; a crate's own manifest has no members.
    expect(cargoPatterns('workspace.members = ["a", "b"]\n')).toEqual(['a', 'b']);
    expect(cargoPatterns('[package]\nname = "api"\n\n[dependencies]\nactix-web = "4"\n')).toEqual([]);
  });

  it('reads go.work’s use directives, single and in blocks, quoted, with comments', () => {
    expect(
      goWorkPatterns(
        'go 1.22\n\nuse ./api // the API\nuse (\n\t./svc/auth\n\t"./svc/billing"\n\t// ./svc/gone\n)\n',
      ),
    ).toEqual(['./api', './svc/auth', './svc/billing']);
  });

  it('matches the folders that hold a manifest against the patterns, exclusions last', () => {
    const cache = cacheOf({
      'pnpm-workspace.yaml':
        'packages: ["packages/*", "!packages/legacy"]\nonlyBuiltDependencies:\n  - esbuild\n',
      'package.json': '{}',
      'packages/a/package.json': '{}',
      'packages/legacy/package.json': '{}',
      'esbuild/package.json': '{}',
      'crates/x/Cargo.toml': '',
    });
    expect(workspacesOf(cache)).toEqual(['packages/a']);
  });
});
