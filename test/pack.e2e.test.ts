import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { repoRoot, run, scratch } from './support.js';

const PACKAGES = ['mcp-server-kit', 'mcp-hub', 'source-kit', 'code-graph', 'ts-types', 'boocontext'];

interface PackedFile {
  path: string;
  mode: number;
}

describe('the packages as published', () => {
  it('install from their tarballs into an empty folder, where boocontext serves MCP and its deep tools work', async () => {
    const work = scratch('boocode-pack-');
    const tarballs = path.join(work, 'tgz');
    mkdirSync(tarballs);
    for (const pkg of PACKAGES) {
      const packed = await run('npm', ['pack', '--json', '--pack-destination', tarballs], {
        cwd: path.join(repoRoot, 'packages', pkg),
      });
      expect(packed.code, packed.stderr).toBe(0);
      const [info] = JSON.parse(packed.stdout) as { name: string; files: PackedFile[] }[];
      const files = info?.files ?? [];
      // Built code and bins ship; sources and tests do not.
      expect(files.some((f) => f.path.startsWith('dist/'))).toBe(true);
      expect(files.filter((f) => f.path.includes('.test.'))).toEqual([]);
      // Each bin the manifest names ships, executable (bin/package.json, which makes them CommonJS, is no bin).
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, 'packages', pkg, 'package.json'), 'utf8'),
      ) as {
        bin?: Record<string, string>;
      };
      for (const bin of Object.values(manifest.bin ?? {})) {
        const shipped = files.find((f) => f.path === path.posix.normalize(bin));
        expect(shipped, `${pkg} ships ${bin}`).toBeDefined();
        expect((shipped?.mode ?? 0) & 0o111, `${pkg}'s ${bin} is executable`).not.toBe(0);
      }
    }

    const app = path.join(work, 'app');
    mkdirSync(app);
    writeFileSync(path.join(app, 'package.json'), '{ "name": "empty", "private": true }\n');
    const tgz = readdirSync(tarballs).map((f) => path.join(tarballs, f));
    // Our packages come from the tarballs only; third-party ones from npm's cache where it has them.
    // Install scripts are off: better-sqlite3 would compile from source here (its prebuilt download
    // is blocked) for minutes, so its binding is copied from the monorepo's identical install.
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', ...tgz],
      {
        cwd: app,
        timeoutMs: 300_000,
      },
    );
    expect(install.code, install.stderr).toBe(0);
    const sqlite = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    mkdirSync(path.join(app, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
    copyFileSync(
      path.join(sqlite, 'build/Release/better_sqlite3.node'),
      path.join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
    );

    const repo = path.join(work, 'repo');
    mkdirSync(path.join(repo, 'src'), { recursive: true });
    writeFileSync(
      path.join(repo, 'src/calc.ts'),
      'export function double(x: number) {\n  return x * 2;\n}\n\nexport function answer() {\n  return double(21);\n}\n',
    );
    const transport = new StdioClientTransport({
      command: path.join(app, 'node_modules/.bin/boocontext'),
      args: ['--allow', repo],
      cwd: app,
      // Its caches in the scratch folder: code caches are named after the install's folder, which
      // no later run would replace in the user's own cache.
      env: { XDG_CACHE_HOME: path.join(work, 'cache') },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'pack-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('boocontext_callgraph');
      const result = await client.callTool({
        name: 'boocontext_callgraph',
        arguments: { root: repo, symbol: 'double', direction: 'callers' },
      });
      const envelope = result.structuredContent as {
        verdict: string;
        details: { edges?: { from: string }[] };
      };
      expect(envelope.verdict).toBe('SAFE');
      expect(envelope.details.edges?.map((e) => e.from)).toEqual(['answer']);
    } finally {
      await client.close();
    }
  }, 600_000);
});
