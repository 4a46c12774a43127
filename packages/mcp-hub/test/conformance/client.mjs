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

function crossAppAccess() {
  return {
    grant: 'cross_app_access',
    idp: {
      ...(context.idp_issuer ? { issuer: context.idp_issuer } : {}),
      tokenEndpoint: context.idp_token_endpoint,
      clientId: context.idp_client_id,
      idToken: context.idp_id_token,
    },
  };
}

// What a user writes in mcp.json for each kind of server; the suite's context fills in the values.
const machine = {
  'auth/client-credentials-basic': { grant: 'client_credentials' },
  'auth/client-credentials-jwt': {
    grant: 'client_credentials',
    privateKey: context.private_key_pem,
    algorithm: context.signing_algorithm,
  },
  'auth/wif-jwt-bearer': { grant: 'jwt_bearer', assertion: context.valid_jwt },
  'auth/enterprise-managed-authorization': crossAppAccess(),
  // The pinned suite's name for the same flow.
  'auth/cross-app-access-complete-flow': crossAppAccess(),
  'auth/dpop': { dpop: true },
  'auth/dpop-nonce': { dpop: true },
}[scenario];
// A test may pin the grant's credentials to another authorization server, to see them withheld.
const pinnedIssuer = process.env.BOOCODE_TEST_OAUTH_ISSUER;
const oauth = {
  ...(context.client_id ? { clientId: context.client_id } : {}),
  ...(pinnedIssuer ? { issuer: pinnedIssuer } : {}),
  ...(context.client_secret && !machine?.privateKey ? { clientSecret: context.client_secret } : {}),
  ...(scenario === 'auth/basic-cimd' ? { clientMetadataUrl: CLIENT_METADATA_URL } : {}),
  ...machine,
};
const dir = mkdtempSync(path.join(tmpdir(), 'boocode-conformance-'));
const config = path.join(dir, 'mcp.json');
writeFileSync(
  config,
  JSON.stringify({ mcpServers: { conformance: { url, ...(Object.keys(oauth).length ? { oauth } : {}) } } }),
);

const call = (tool, args = {}, ...flags) => ['call', `conformance_${tool}`, JSON.stringify(args), ...flags];
const mcp = (args, stdio = 'inherit') =>
  spawnSync(process.execPath, [boocode, 'mcp', ...args, '--config', config], {
    stdio: ['ignore', stdio, 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dir, BOOCODE_OAUTH_FILE: path.join(dir, 'oauth.json') },
    timeout: 60_000,
  });

/** The `boocode mcp` commands a user would run for each scenario, in order. */
const steps = {
  initialize: () => [['list']],
  // Listing is the whole exercise: headers and _meta on every request, a network $ref left alone.
  'request-metadata': () => [['list']],
  'http-standard-headers': () => [['list']],
  'json-schema-ref-no-deref': () => [['list']],
  // The skills extension: BooCode fetches no skills, so listing is all it does.
  'sep-2640-client-no-prefetch': () => [['list']],
  'sep-2640-client-verify-digest': () => [['list']],
  'sep-2640-client-verify-size': () => [['list']],
  'sep-2640-client-verify-frontmatter': () => [['list']],
  tools_call: () => [call('add_numbers', { a: 5, b: 3 })],
  'elicitation-sep1034-client-defaults': () => [
    call('test_client_elicitation_defaults', {}, '--elicitation', 'defaults'),
  ],
  'sse-retry': () => [call('test_reconnection')],
  // Each tool answers input_required (a form) or a result without resultType; --elicitation answers the form.
  'sep-2322-client-request-state': () =>
    ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type'].map(
      (tool) => call(tool, {}, '--elicitation', 'defaults'),
    ),
  // The suite names the calls to make and their arguments.
  'http-custom-headers': () => (context.toolCalls ?? []).map((c) => call(c.name, c.arguments)),
  'http-invalid-tool-headers': () => [call('valid_tool', { region: 'us-west1' })],
  // The focal tool's inputSchema as `boocode mcp list --json` shows it, echoed back verbatim.
  'json-schema-2020-12-preservation': () => {
    const listed = mcp(['list', '--json'], 'pipe');
    const tools = JSON.parse(listed.stdout).servers.flatMap((s) => s.tools);
    const focal = tools.find((t) => t.name === 'conformance_json_schema_2020_12_tool');
    return [call('json_schema_echo', { schema: focal?.inputSchema })];
  },
};
const plan =
  steps[scenario] ?? (scenario.startsWith('auth/') ? () => [call('test-tool', {}, '--headless')] : undefined);
if (!plan) {
  process.stderr.write(`no boocode mcp command for scenario "${scenario}"\n`);
  process.exit(2);
}
let status = 0;
for (const args of plan()) status ||= mcp(args).status ?? 1;
rmSync(dir, { recursive: true, force: true });
process.exit(status);
