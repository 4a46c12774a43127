#!/usr/bin/env node
// The official MCP conformance suite's client under test: `boocode mcp`, run as a user would.
// The suite appends the scenario server's URL and names the scenario in MCP_CONFORMANCE_SCENARIO
// (MCP_CONFORMANCE_CONTEXT carries pre-registered credentials where a scenario has them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
// The suite's client-metadata scenario expects this URL as the client id (SEP-991).
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

// What `npx boocode` runs in this repository.
const boocode = fileURLToPath(new URL('../../../../node_modules/.bin/boocode', import.meta.url));

const oauth = {
  ...(context.client_id ? { clientId: context.client_id } : {}),
  ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
  ...(scenario === 'auth/basic-cimd' ? { clientMetadataUrl: CLIENT_METADATA_URL } : {}),
};
const dir = mkdtempSync(path.join(tmpdir(), 'boocode-conformance-'));
const config = path.join(dir, 'mcp.json');
writeFileSync(
  config,
  JSON.stringify({ mcpServers: { conformance: { url, ...(Object.keys(oauth).length ? { oauth } : {}) } } }),
);

const calls = {
  initialize: ['list'],
  tools_call: ['call', 'conformance_add_numbers', '{"a":5,"b":3}'],
  'elicitation-sep1034-client-defaults': [
    'call',
    'conformance_test_client_elicitation_defaults',
    '{}',
    '--elicitation',
    'defaults',
  ],
  'sse-retry': ['call', 'conformance_test_reconnection', '{}'],
};
const args =
  calls[scenario] ??
  (scenario.startsWith('auth/') ? ['call', 'conformance_test-tool', '{}', '--headless'] : undefined);
if (!args) {
  process.stderr.write(`no boocode mcp command for scenario "${scenario}"\n`);
  process.exit(2);
}
const run = spawnSync(process.execPath, [boocode, 'mcp', ...args, '--config', config], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dir, BOOCODE_OAUTH_FILE: path.join(dir, 'oauth.json') },
  timeout: 60_000,
});
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
