import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { HubLogger } from '../types.js';
import { expandVariables, MissingVariableError } from './expand.js';
import { isValidServerName, RawConfigFile, RawServerEntry, type ServerEntry, transportOf } from './schema.js';

export interface LoadedConfig {
  path: string;
  /** False when the file does not exist: MCP is simply off. */
  found: boolean;
  /** Set when the file exists but cannot be used at all (unreadable, bad JSON, wrong top-level shape). */
  error?: string;
  entries: ServerEntry[];
}

export interface LoadOptions {
  /** Explicit file; otherwise `MCP_CONFIG_PATH`, else `<DATA_DIR>/mcp.json` (DATA_DIR defaults to ./data). */
  path?: string;
  env?: NodeJS.ProcessEnv;
  logger?: HubLogger;
}

export function resolveConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONFIG_PATH) return path.resolve(env.MCP_CONFIG_PATH);
  return path.resolve(env.DATA_DIR || './data', 'mcp.json');
}

/** Reads `mcp.json`. Never throws for user mistakes: they come back as `error` or per-entry `invalid`. */
export async function loadMcpConfig(options: LoadOptions = {}): Promise<LoadedConfig> {
  const env = options.env ?? process.env;
  const file = options.path ? path.resolve(options.path) : resolveConfigPath(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      options.logger?.info(`mcp: no config at ${file}; MCP is off`);
      return { path: file, found: false, entries: [] };
    }
    return fail(file, `cannot read ${file}: ${(error as Error).message}`, options.logger);
  }
  // ${MCP_CONFIG_DIR} lets a shipped config point at files next to it, whatever the working directory.
  const parsed = parseConfigText(text, file, { ...env, MCP_CONFIG_DIR: path.dirname(file) });
  if (parsed.error) options.logger?.error(parsed.error);
  return { path: file, found: true, ...parsed };
}

export function parseConfigText(
  text: string,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): { error?: string; entries: ServerEntry[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      error: `invalid JSON in ${file}: ${describeJsonError(error as Error, text)}; MCP is off`,
      entries: [],
    };
  }
  const top = RawConfigFile.safeParse(json);
  if (!top.success) {
    return { error: `invalid ${file}: ${formatIssue(top.error.issues[0])}; MCP is off`, entries: [] };
  }
  const entries = Object.entries(top.data.mcpServers).map(([name, raw]) => normalizeEntry(name, raw, env));
  return { entries };
}

export function normalizeEntry(name: string, raw: unknown, env: NodeJS.ProcessEnv): ServerEntry {
  const invalid = (reason: string): ServerEntry => ({
    name,
    transport: 'stdio',
    enabled: true,
    invalid: `server "${name}": ${reason}`,
  });
  if (!isValidServerName(name)) {
    return invalid('name must be 1-32 characters of letters, digits, "_" or "-" (it prefixes tool names)');
  }
  const parsed = RawServerEntry.safeParse(raw);
  if (!parsed.success) return invalid(formatIssue(parsed.error.issues[0]));
  const entry = parsed.data;
  const transport = transportOf(entry);
  if (!transport) return invalid('needs "command" (stdio) or "url" (streamableHttp)');
  const enabled = entry.enabled ?? !entry.disabled;
  try {
    const expand = (value: string) => expandVariables(value, env);
    const expandRecord = (record?: Record<string, string>) =>
      record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v)]));
    const base = {
      name,
      transport,
      enabled,
      timeoutMs: entry.timeout,
      callTimeoutMs: entry.callTimeout,
    };
    // A disabled entry is never expanded: its variables need not be set.
    if (!enabled) return { ...base, command: entry.command, args: entry.args, url: entry.url };
    if (transport === 'stdio') {
      if (!entry.command) return invalid('field "command": required for a stdio server');
      return {
        ...base,
        command: expand(entry.command),
        args: entry.args?.map(expand) ?? [],
        env: expandRecord(entry.env),
        cwd: entry.cwd && expand(entry.cwd),
      };
    }
    if (!entry.url) return invalid('field "url": required for a streamableHttp server');
    const url = expand(entry.url);
    if (!/^https?:\/\//i.test(url)) return invalid(`field "url": "${url}" is not an http(s) URL`);
    return { ...base, url, headers: expandRecord(entry.headers) };
  } catch (error) {
    if (error instanceof MissingVariableError) return invalid(error.message);
    throw error;
  }
}

function formatIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'invalid';
  const field = issue.path.length > 0 ? `field "${issue.path.join('.')}": ` : '';
  return `${field}${issue.message}`;
}

/** Turns V8's "at position N" into line and column, which is what a person editing the file needs. */
function describeJsonError(error: Error, text: string): string {
  const position = /position (\d+)/.exec(error.message);
  if (!position?.[1]) return error.message;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${error.message.replace(/\s*\(line \d+ column \d+\)/, '')} (line ${line}, column ${column})`;
}

function fail(file: string, message: string, logger?: HubLogger): LoadedConfig {
  logger?.error(`${message}; MCP is off`);
  return { path: file, found: true, error: `${message}; MCP is off`, entries: [] };
}
