import { readFile } from 'node:fs/promises';
import { writeAtomically } from '@boocode/mcp-server-kit/write-atomically';
import { applyEdits, type FormattingOptions, modify, parse as parseJsonc } from 'jsonc-parser';
import { HubError } from '../errors.js';
import { isValidServerName } from './schema.js';
import { type ConfigDialect, detectShape, SERVERS_KEY } from './shapes.js';

/** A server as `boocode mcp add` takes it: a command line (stdio) or a URL (Streamable HTTP). */
export type NewServer =
  | { command: string; args: string[]; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string> };

export type ConfigEdit =
  | { op: 'add'; name: string; server: NewServer }
  | { op: 'remove'; name: string }
  | { op: 'enable' | 'disable'; name: string };

/**
 * Edits one server of a config file in place, in the file's own dialect, keeping every other key,
 * comment and the formatting; written to a temporary file and renamed over, so a crash leaves the
 * old file or the new one, never half of one. A missing file is created by `add` only.
 */
export async function editMcpConfig(file: string, edit: ConfigEdit): Promise<void> {
  if (!isValidServerName(edit.name))
    throw new HubError(
      'CONFIG_INVALID',
      `"${edit.name}" is not a valid server name: 1-32 letters, digits, "_" or "-"`,
    );
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (edit.op !== 'add') throw new HubError('CONFIG_NOT_FOUND', `${file} does not exist`);
    text = '{\n  "mcpServers": {}\n}\n';
  }
  const shape = detectShape(parseJsonc(text, [], { allowTrailingComma: true }));
  if ('error' in shape) throw new HubError('CONFIG_INVALID', `cannot edit ${file}: ${shape.error}`);
  const key = SERVERS_KEY[shape.dialect];
  const exists = Object.hasOwn(shape.servers, edit.name);
  if (edit.op === 'add' && exists)
    throw new HubError('SERVER_EXISTS', `server "${edit.name}" is already in ${file}; remove it first`);
  if (edit.op !== 'add' && !exists)
    throw new HubError(
      'UNKNOWN_SERVER',
      `no server "${edit.name}" in ${file} (it has: ${Object.keys(shape.servers).join(', ') || 'none'})`,
    );

  const formattingOptions = formattingOf(text);
  const set = (at: string[], value: unknown) => {
    text = applyEdits(text, modify(text, [key, edit.name, ...at], value, { formattingOptions }));
  };
  if (edit.op === 'add') set([], entryFor(shape.dialect, edit.server));
  else if (edit.op === 'remove') set([], undefined);
  else {
    set(['enabled'], edit.op === 'enable');
    // Claude Code's `disabled` would contradict the new `enabled`.
    const current = shape.servers[edit.name] as Record<string, unknown> | undefined;
    if (current && 'disabled' in current) set(['disabled'], undefined);
  }
  await writeAtomically(file, text);
}

function entryFor(dialect: ConfigDialect, server: NewServer): Record<string, unknown> {
  if ('url' in server) {
    const headers =
      server.headers && Object.keys(server.headers).length > 0 ? { headers: server.headers } : {};
    return dialect === 'opencode'
      ? { type: 'remote', url: server.url, ...headers, enabled: true }
      : { type: 'http', url: server.url, ...headers };
  }
  const env = server.env && Object.keys(server.env).length > 0 ? server.env : undefined;
  if (dialect === 'opencode')
    return {
      type: 'local',
      command: [server.command, ...server.args],
      ...(env ? { environment: env } : {}),
      enabled: true,
    };
  return {
    ...(dialect === 'vscode' ? { type: 'stdio' } : {}),
    command: server.command,
    args: server.args,
    ...(env ? { env } : {}),
  };
}

function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t')
    ? { insertSpaces: false, tabSize: 1, eol: text.includes('\r\n') ? '\r\n' : '\n' }
    : { insertSpaces: true, tabSize: indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}
