import { parseArgs } from 'node:util';
import { loadMcpConfig } from '../config/load.js';
import { describeError } from '../errors.js';
import { McpHub } from '../registry/hub.js';
import type { HubLogger, HubTool, ServerStatus } from '../types.js';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

const USAGE = `usage:
  boocode mcp list [--config FILE] [--json]
  boocode mcp call <server_tool> ['<json arguments>'] [--config FILE] [--json]`;

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
};

/** `boocode mcp …`: returns the process exit code. `argv` starts after `mcp`. */
export async function runMcpCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${describeError(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }
  if (command !== 'list' && command !== 'call') {
    io.err(`unknown command "mcp ${command}"\n${USAGE}`);
    return 2;
  }
  const logger: HubLogger = {
    info: () => {},
    warn: () => {},
    error: (msg) => io.err(msg),
  };
  const config = await loadMcpConfig({
    ...(values.config ? { path: values.config } : {}),
    env: io.env,
    logger,
  });
  if (!config.found) io.err(`no MCP config at ${config.path}; MCP is off`);
  const hub = new McpHub(config.entries, { logger, clientInfo: { name: 'boocode', version: '0.1.0' } });
  try {
    await hub.start();
    if (command === 'list') {
      printList(hub, io, values.json === true);
      return 0;
    }
    return await callOne(hub, rest, io, values.json === true);
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
    },
  });
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
  const result = await hub.callTool(tool, args);
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
    ].filter(Boolean);
    io.out(
      `${status.name}: ${status.state} (${facts.join(', ')})${status.error ? `\n  error: ${status.error}` : ''}`,
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
    transport: status.transport,
    protocolVersion: status.protocolVersion ?? null,
    serverInfo: status.serverInfo ?? null,
    tools: tools
      .filter((t) => t.server === status.name)
      .map((t) => ({
        name: t.name,
        server: t.server,
        originalName: t.originalName,
        description: t.description,
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
