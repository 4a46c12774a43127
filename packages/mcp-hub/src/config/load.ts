import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';
import type { HubLogger } from '../types.js';
import { type ExpandContext, expandVariables, MissingVariableError } from './expand.js';
import { isValidServerName, RawServerEntry, type ServerEntry, transportOf } from './schema.js';
import { type ConfigDialect, detectShape } from './shapes.js';

export interface LoadedConfig {
  path: string;
  /** False when the file does not exist: MCP is simply off. */
  found: boolean;
  /** Which host's format the file is in (absent when it was not found or could not be read). */
  dialect?: ConfigDialect;
  /** Set when the file exists but cannot be used at all (unreadable, bad JSON, no known shape). */
  error?: string;
  entries: ServerEntry[];
}

export interface LoadOptions {
  /** Explicit file; otherwise `MCP_CONFIG_PATH`, else `<DATA_DIR>/mcp.json` (DATA_DIR defaults to ./data). */
  path?: string;
  /** A file named on purpose must exist: a missing one is an error, not "MCP is off". */
  required?: boolean;
  env?: NodeJS.ProcessEnv;
  logger?: HubLogger;
}

/** BooCode's data folder as the command line finds it: `DATA_DIR`, else ./data. */
export const dataDir = (env: NodeJS.ProcessEnv = process.env) => path.resolve(env.DATA_DIR || './data');

export function resolveConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MCP_CONFIG_PATH) return path.resolve(env.MCP_CONFIG_PATH);
  return path.join(dataDir(env), 'mcp.json');
}

/** Reads `mcp.json`. Never throws for user mistakes: they come back as `error` or per-entry `invalid`. */
export async function loadMcpConfig(options: LoadOptions = {}): Promise<LoadedConfig> {
  const env = options.env ?? process.env;
  const file = options.path ? path.resolve(options.path) : resolveConfigPath(env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !options.required) {
      options.logger?.info(`mcp: no config at ${file}; MCP is off`);
      return { path: file, found: false, entries: [] };
    }
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${file} does not exist`
        : `cannot read ${file}: ${(error as Error).message}`;
    options.logger?.error(`${reason}; MCP is off`);
    return { path: file, found: false, error: `${reason}; MCP is off`, entries: [] };
  }
  // ${MCP_CONFIG_DIR} lets a shipped config point at files next to it, whatever the working directory.
  const parsed = parseConfigText(text, file, { ...env, MCP_CONFIG_DIR: path.dirname(file) });
  if (parsed.error) options.logger?.error(parsed.error);
  return { path: file, found: true, ...parsed };
}

/** The variables every file may use, whichever host wrote it. */
export function expandContext(env: NodeJS.ProcessEnv): ExpandContext {
  return {
    env,
    workspaceFolder: path.resolve(env.WORKSPACE_DIR || '.'),
    userHome: env.HOME || os.homedir(),
  };
}

/** Parses a config file's text: JSON with comments and trailing commas (VS Code writes both). */
export function parseConfigText(
  text: string,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): { dialect?: ConfigDialect; error?: string; entries: ServerEntry[] } {
  const errors: ParseError[] = [];
  const json: unknown = parseJsonc(text, errors, { allowTrailingComma: true, allowEmptyContent: false });
  const [first] = errors;
  if (first) {
    return {
      error: `invalid JSON in ${file}: ${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)}; MCP is off`,
      entries: [],
    };
  }
  const shape = detectShape(json);
  if ('error' in shape) return { error: `invalid ${file}: ${shape.error}; MCP is off`, entries: [] };
  const context = { ...expandContext(env), inputs: shape.inputs };
  const entries = Object.entries(shape.servers).map(([name, raw]) => normalizeEntry(name, raw, context));
  return { dialect: shape.dialect, entries };
}

export function normalizeEntry(name: string, raw: unknown, context: ExpandContext): ServerEntry {
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
  if (entry.type === 'sse')
    return invalid(
      'the legacy SSE transport is not supported; use the server\'s Streamable HTTP URL ("type": "http")',
    );
  const transport = transportOf(entry);
  if (!transport) return invalid('needs "command" (stdio) or "url" (streamableHttp)');
  const enabled = entry.enabled ?? !entry.disabled;
  try {
    const expand = (value: string) => expandVariables(value, context);
    const expandRecord = (record?: Record<string, string>) =>
      record && Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expand(v)]));
    const base = {
      name,
      transport,
      enabled,
      timeoutMs: entry.timeout,
      callTimeoutMs: entry.callTimeout,
      ...(entry.protocol ? { protocol: entry.protocol } : {}),
      ...(entry.sampling?.perMinute ? { samplingPerMinute: entry.sampling.perMinute } : {}),
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
    // Secrets and key material come from the environment: `${VAR}` in any of them.
    const oauth = entry.oauth && {
      ...expandFields(entry.oauth, ['clientSecret', 'privateKey', 'assertion', 'assertionFile'], expand),
      ...(entry.oauth.idp
        ? { idp: expandFields(entry.oauth.idp, ['clientSecret', 'idToken', 'idTokenFile'], expand) }
        : {}),
    };
    return { ...base, url, headers: expandRecord(entry.headers), ...(oauth ? { oauth } : {}) };
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

/** What a person editing the file needs: line and column, not an offset. */
function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** `record` with the named string fields expanded; fields it lacks stay absent. */
function expandFields<T extends object>(
  record: T,
  keys: readonly (keyof T)[],
  expand: (text: string) => string,
): T {
  const out = { ...record };
  for (const key of keys) {
    const value = out[key];
    if (typeof value === 'string') out[key] = expand(value) as T[keyof T];
  }
  return out;
}
