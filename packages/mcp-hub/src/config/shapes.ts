import { z } from 'zod';
import type { InputSpec } from './expand.js';

/** Which host's file this is; `boocode mcp add` writes new entries in the same dialect. */
export type ConfigDialect = 'mcpServers' | 'vscode' | 'opencode';

/** Where each dialect keeps its servers. */
export const SERVERS_KEY: Record<ConfigDialect, string> = {
  mcpServers: 'mcpServers',
  vscode: 'servers',
  opencode: 'mcp',
};

export interface ConfigShape {
  dialect: ConfigDialect;
  /** Each server in the `mcpServers` form (what `RawServerEntry` reads). */
  servers: Record<string, unknown>;
  inputs: Map<string, InputSpec>;
}

const VsCodeInputs = z
  .array(z.object({ id: z.string().min(1), description: z.string().optional() }).loose())
  .optional();

/**
 * Tells the hosts' files apart by shape: `mcpServers` (Claude Code, Cursor, BooCode), `servers` with
 * optional `inputs` (VS Code), `mcp` (opencode). Returns an error message naming the field otherwise.
 */
export function detectShape(json: unknown): ConfigShape | { error: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { error: 'the top level must be a JSON object' };
  const top = json as Record<string, unknown>;
  const objectAt = (key: string) => {
    const value = top[key];
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  };
  for (const [key, dialect] of Object.entries(SERVERS_KEY).map(([d, k]) => [k, d] as const)) {
    if (top[key] === undefined) continue;
    const servers = objectAt(key);
    if (!servers) return { error: `field "${key}" must be an object of servers by name` };
    if (dialect === 'opencode')
      return { dialect, servers: mapValues(servers, fromOpencode), inputs: new Map() };
    if (dialect === 'vscode') {
      const inputs = VsCodeInputs.safeParse(top.inputs);
      if (!inputs.success) return { error: 'field "inputs" must be a list of { id, description }' };
      return { dialect, servers, inputs: new Map((inputs.data ?? []).map((i) => [i.id, i])) };
    }
    return { dialect: 'mcpServers', servers, inputs: new Map() };
  }
  const keys = Object.keys(top).filter((k) => k !== '$schema');
  if (keys.length === 0) return { dialect: 'mcpServers', servers: {}, inputs: new Map() };
  return {
    error: `no MCP servers block: expected "mcpServers" (Claude Code, Cursor), "servers" (VS Code) or "mcp" (opencode), found ${keys.map((k) => `"${k}"`).join(', ')}`,
  };
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown) {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

/**
 * opencode's entry (`type: local|remote`, `command` as one array, `environment`, `{env:VAR}`)
 * in the `mcpServers` form. Anything unexpected is passed through for the schema to name.
 */
function fromOpencode(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const { type, command, environment, ...rest } = raw as Record<string, unknown>;
  const entry: Record<string, unknown> = { ...rest };
  if (type === 'local') entry.type = 'stdio';
  else if (type === 'remote') entry.type = 'http';
  else if (type !== undefined) entry.type = type;
  if (Array.isArray(command)) {
    entry.command = command[0];
    entry.args = command.slice(1);
  } else if (command !== undefined) entry.command = command;
  if (environment !== undefined) entry.env = environment;
  return rewriteOpencodeVariables(entry);
}

/** opencode writes `{env:VAR}`; the shared expander reads `${env:VAR}`. */
function rewriteOpencodeVariables(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(/(?<!\$)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, '${env:$1}');
  if (Array.isArray(value)) return value.map(rewriteOpencodeVariables);
  if (typeof value === 'object' && value !== null)
    return mapValues(value as Record<string, unknown>, rewriteOpencodeVariables);
  return value;
}
