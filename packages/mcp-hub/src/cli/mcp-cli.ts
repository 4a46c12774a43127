import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { progressText } from '@boocode/mcp-server-kit/progress';
import { type ConfigEdit, editMcpConfig, type NewServer } from '../config/edit.js';
import { loadMcpConfig, resolveConfigPath } from '../config/load.js';
import { describeError, HubError } from '../errors.js';
import { McpHub } from '../registry/hub.js';
import type { HubLogger, HubTool, ServerStatus } from '../types.js';
import { FEATURE_COMMANDS, FEATURES_USAGE, type FeatureCommand, runFeatureCommand } from './features-cli.js';
import { cliHostInput, ELICITATION_MODES, type ElicitationMode } from './host-input-cli.js';
import {
  cliOAuthOptions,
  LOGIN_COMMANDS,
  LOGIN_USAGE,
  type LoginCommand,
  runLoginCommand,
} from './login-cli.js';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** How the hub introduces itself to servers. */
  clientInfo?: { name: string; version: string };
  /** Shows a call's progress as one rewritten line (a terminal only); `undefined` clears it. */
  progress?: (line: string | undefined) => void;
}

const USAGE = `usage:
  boocode mcp list [--config FILE] [--json]                      connect, print each server's state and tools
  boocode mcp call SERVER_TOOL ['{"arg":1}'] [--config FILE] [--json] [--elicitation decline|defaults]
                                                                 call one tool
${FEATURES_USAGE}
${LOGIN_USAGE}
  boocode mcp add NAME URL [--header K=V]… [--config FILE]         add a Streamable HTTP server
  boocode mcp add NAME [--env K=V]… [--config FILE] -- COMMAND [ARG]…   add a stdio server
  boocode mcp remove|enable|disable NAME [--config FILE]          edit one server

FILE defaults to MCP_CONFIG_PATH, else DATA_DIR/mcp.json (./data/mcp.json). Servers that ask for
roots are given WORKSPACE_DIR, else the current directory. Claude Code's and
Cursor's .mcp.json, VS Code's .vscode/mcp.json and opencode's opencode.json load as they are.
A server's request for input (elicitation) is declined, or accepted with its form's defaults under
--elicitation defaults; a request to sample the host's model is declined, each with the reason on stderr.
Logins are kept in BOOCODE_OAUTH_FILE, else DATA_DIR/mcp-oauth.json; --headless (any command)
completes each login without a browser, for authorization servers that approve on their own.`;

const EDITS = ['add', 'remove', 'enable', 'disable'] as const;

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  ...(process.stderr.isTTY ? { progress: (line) => process.stderr.write(`\r\x1b[K${line ?? ''}`) } : {}),
};

/**
 * `boocode mcp …`: returns the process exit code. `argv` starts after `mcp`; `io` defaults to the
 * process's streams and environment.
 */
export async function runMcpCli(argv: readonly string[], given: Partial<CliIo> = {}): Promise<number> {
  const io: CliIo = { ...defaultIo, ...given };
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`boocode mcp: ${describeError(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!command) {
    io.err(USAGE);
    return 2;
  }
  if ((EDITS as readonly string[]).includes(command))
    return edit(command as ConfigEdit['op'], rest, values, io);
  const feature = (FEATURE_COMMANDS as readonly string[]).includes(command);
  const login = (LOGIN_COMMANDS as readonly string[]).includes(command);
  if (command !== 'list' && command !== 'call' && !feature && !login) {
    io.err(`unknown command "mcp ${command}"\n${USAGE}`);
    return 2;
  }
  const json = values.json === true;
  const elicitation = values.elicitation ?? 'decline';
  if (!(ELICITATION_MODES as readonly string[]).includes(elicitation)) {
    io.err(`--elicitation takes ${ELICITATION_MODES.join(' or ')}, got "${elicitation}"`);
    return 2;
  }
  const logger: HubLogger = { info: () => {}, warn: () => {}, error: () => {} };
  const config = await loadMcpConfig({
    ...(values.config ? { path: values.config } : {}),
    // A file named on purpose must exist; only the default location may be absent.
    required: Boolean(values.config || io.env.MCP_CONFIG_PATH),
    env: io.env,
    logger,
  });
  if (config.error) {
    io.err(`boocode mcp: ${config.error}`);
    if (json) io.out(JSON.stringify({ error: config.error, servers: [] }, null, 2));
    return 1;
  }
  if (!config.found) io.err(`no MCP config at ${config.path}; MCP is off`);
  const hub = new McpHub(config.entries, {
    logger,
    ...(io.clientInfo ? { clientInfo: io.clientInfo } : {}),
    roots: [
      { uri: pathToFileURL(path.resolve(io.env.WORKSPACE_DIR || process.cwd())).href, name: 'workspace' },
    ],
    hostInput: cliHostInput(elicitation as ElicitationMode, io.err),
    oauth: cliOAuthOptions(io.env, values.headless === true),
  });
  try {
    await hub.start();
    if (command === 'list') {
      printList(hub, io, json);
      return 0;
    }
    if (feature) return await runFeatureCommand(hub, command as FeatureCommand, rest, io, json);
    if (login) return await runLoginCommand(hub, command as LoginCommand, rest, io, values.headless === true);
    return await callOne(hub, rest, io, json);
  } finally {
    await hub.close();
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      config: { type: 'string', short: 'c' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      env: { type: 'string', short: 'e', multiple: true },
      header: { type: 'string', short: 'H', multiple: true },
      elicitation: { type: 'string' },
      headless: { type: 'boolean' },
    },
  });
}

async function edit(
  op: ConfigEdit['op'],
  rest: string[],
  values: ReturnType<typeof parse>['values'],
  io: CliIo,
): Promise<number> {
  const [name, ...spec] = rest;
  if (!name) {
    io.err(`mcp ${op} needs a server name\n${USAGE}`);
    return 2;
  }
  let change: ConfigEdit;
  if (op === 'add') {
    const server = newServer(spec, values);
    if (typeof server === 'string') {
      io.err(`mcp add: ${server}\n${USAGE}`);
      return 2;
    }
    change = { op, name, server };
  } else {
    if (spec.length > 0) {
      io.err(`mcp ${op} takes one server name, got also: ${spec.join(' ')}`);
      return 2;
    }
    change = { op, name };
  }
  const file = values.config ?? resolveConfigPath(io.env);
  try {
    await editMcpConfig(file, change);
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    io.err(`boocode mcp ${op}: ${error.message}`);
    return 1;
  }
  const done = { add: 'added', remove: 'removed', enable: 'enabled', disable: 'disabled' }[op];
  io.out(`${done} "${name}" in ${file}`);
  return 0;
}

/** `add NAME URL` or `add NAME -- COMMAND ARGS…`; a string is what is wrong. */
function newServer(spec: string[], values: ReturnType<typeof parse>['values']): NewServer | string {
  const pairs = (list: string[] | undefined, flag: string): Record<string, string> | string => {
    const record: Record<string, string> = {};
    for (const item of list ?? []) {
      const at = item.indexOf('=');
      if (at <= 0) return `--${flag} takes KEY=VALUE, got "${item}"`;
      record[item.slice(0, at)] = item.slice(at + 1);
    }
    return record;
  };
  const [first, ...args] = spec;
  if (!first) return 'give a URL, or -- and the command that starts the server';
  if (/^https?:\/\//i.test(first) && args.length === 0) {
    if (values.env) return '--env is for stdio servers; an HTTP server takes --header';
    const headers = pairs(values.header, 'header');
    return typeof headers === 'string' ? headers : { url: first, headers };
  }
  if (values.header) return '--header is for HTTP servers; a stdio server takes --env';
  const env = pairs(values.env, 'env');
  return typeof env === 'string' ? env : { command: first, args, env };
}

async function callOne(hub: McpHub, rest: string[], io: CliIo, json: boolean): Promise<number> {
  const [tool, rawArgs] = rest;
  if (!tool) {
    io.err(`mcp call needs a tool name\n${USAGE}`);
    return 2;
  }
  let args: Record<string, unknown> = {};
  if (rawArgs !== undefined) {
    try {
      const value: unknown = JSON.parse(rawArgs);
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new Error('not a JSON object');
      args = value as Record<string, unknown>;
    } catch (error) {
      io.err(`arguments must be a JSON object, e.g. '{"message":"hi"}': ${describeError(error)}`);
      return 2;
    }
  }
  const result = await hub.callTool(tool, args, {
    onProgress: (update) => io.progress?.(`${tool}: ${progressText(update)}`),
  });
  io.progress?.(undefined);
  if (json) io.out(JSON.stringify({ error: result.error, output: result.output }));
  else if (result.error) io.err(`error: ${result.output}`);
  else io.out(result.output);
  return result.error ? 1 : 0;
}

function printList(hub: McpHub, io: CliIo, json: boolean): void {
  const tools = hub.listTools();
  const statuses = hub.status();
  if (json) {
    io.out(JSON.stringify({ servers: statuses.map((s) => toJson(s, tools)) }, null, 2));
    return;
  }
  if (statuses.length === 0) io.out('no MCP servers configured');
  for (const status of statuses) {
    const mine = tools.filter((t) => t.server === status.name);
    const facts = [
      status.transport,
      status.protocolVersion && `protocol ${status.protocolVersion}`,
      status.serverInfo && `${status.serverInfo.name} ${status.serverInfo.version}`,
      status.state === 'connected' && `${mine.length} tools`,
      status.features.resources && 'resources',
      status.features.prompts && 'prompts',
    ].filter(Boolean);
    io.out(
      `${status.name}: ${status.state} (${facts.join(', ')})${status.error ? `\n  error: ${status.error}` : ''}${status.degraded ? `\n  degraded: ${status.degraded}` : ''}`,
    );
    for (const tool of mine) io.out(`  ${tool.name}  ${firstLine(tool.description)}`);
    for (const r of status.rejected) io.out(`  rejected ${r.name}: ${r.reason}`);
    for (const r of status.renamed) io.out(`  renamed ${r.from} -> ${r.to}: ${r.reason}`);
    if (status.state === 'failed' || status.state === 'unavailable') {
      for (const line of status.stderrTail.slice(-5)) io.out(`  stderr: ${line}`);
    }
  }
}

function toJson(status: ServerStatus, tools: HubTool[]) {
  return {
    name: status.name,
    state: status.state,
    error: status.error ?? null,
    degraded: status.degraded ?? null,
    transport: status.transport,
    protocolVersion: status.protocolVersion ?? null,
    serverInfo: status.serverInfo ?? null,
    features: status.features,
    tools: tools
      .filter((t) => t.server === status.name)
      .map((t) => ({
        name: t.name,
        server: t.server,
        originalName: t.originalName,
        description: t.description,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema ?? null,
      })),
    rejected: status.rejected,
    renamed: status.renamed,
    stderrTail: status.stderrTail,
  };
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
