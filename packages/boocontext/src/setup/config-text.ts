import { parse as parseToml, patch as patchToml } from '@decimalturn/toml-patch';
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  format,
  modify,
  type Node,
  type ParseError,
  parse as parseJsonc,
  parseTree,
  printParseErrorCode,
} from 'jsonc-parser';

/** A configuration file setup will not touch, with what is wrong and where. */
export class SetupError extends Error {
  readonly code = 'SETUP_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'SetupError';
  }
}

export type ConfigFormat = 'json' | 'toml';
type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** The file's settings as data; a file that does not parse is refused with the first error's place. */
export function readSettings(format: ConfigFormat, text: string, file: string): Table {
  if (!text.trim()) return {};
  if (format === 'toml') {
    try {
      return parseToml(text) as Table;
    } catch (error) {
      throw new SetupError(
        `${file} is not valid TOML (${(error as Error).message.split('\n')[0]}); left untouched`,
      );
    }
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first)
    throw new SetupError(
      `${file} is not valid JSON (${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)}); left untouched`,
    );
  if (!isTable(value)) throw new SetupError(`${file} does not hold a JSON object; left untouched`);
  return value;
}

/** Edits keep the file's own indentation and line ends: the first indented line says which. */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/**
 * One jsonc-parser edit, then formatting of only what it added: from the end of the sibling before
 * it (or the opening brace) to the end of its object, so a neighbour written on one line stays so.
 */
function editJson(text: string, keyPath: string[], value: unknown, anchor = keyPath): string {
  const next = applyEdits(text, modify(text, keyPath, value, {}));
  if (value === undefined) return next;
  const added = findNodeAtLocation(parseTree(next) as Node, anchor)?.parent;
  const object = added?.parent;
  if (!added || !object?.children) return next;
  const before = object.children[object.children.indexOf(added) - 1];
  const start = before ? before.offset + before.length - 1 : object.offset;
  const range = { offset: start, length: object.offset + object.length - start };
  return applyEdits(next, format(next, range, formattingOf(text)));
}

function containerOf(settings: Table, container: string, file: string): Table | undefined {
  const held = settings[container];
  if (held === undefined) return undefined;
  if (!isTable(held))
    throw new SetupError(`${file}: "${container}" is not a table of servers; left untouched`);
  return held;
}

/**
 * The text with `container.name` holding `entry`'s keys: an absent entry is written whole; a
 * present one gets only the keys that differ, so what a user added to it (an env, a flag) stays.
 * Comments, order and formatting elsewhere are kept: JSON through jsonc-parser's edits, TOML
 * through toml-patch.
 */
export function withEntry(
  format: ConfigFormat,
  text: string,
  file: string,
  container: string,
  name: string,
  entry: Table,
): string {
  const settings = readSettings(format, text, file);
  const present = containerOf(settings, container, file)?.[name];
  if (present !== undefined && !isTable(present))
    throw new SetupError(`${file}: "${container}.${name}" is not a table; left untouched`);
  const changed = Object.entries(entry).filter(([key, value]) => !present || !sameValue(present[key], value));
  if (changed.length === 0) return text;
  if (format === 'toml') {
    const servers = (settings[container] as Table | undefined) ?? {};
    settings[container] = servers;
    servers[name] = present ? { ...present, ...Object.fromEntries(changed) } : entry;
    // Servers as [mcp_servers.name] sections, not one inline table, as Codex documents them.
    return patchToml(text, settings, { inlineTableStart: 2 });
  }
  if (!present) {
    const anchor = settings[container] === undefined ? [container] : [container, name];
    return editJson(text, [container, name], entry, anchor);
  }
  return changed.reduce((next, [key, value]) => editJson(next, [container, name, key], value), text);
}

/** The text without `container.name`; without the container too when it is left empty and setup made it. */
export function withoutEntry(
  format: ConfigFormat,
  text: string,
  file: string,
  container: string,
  name: string,
  dropEmptyContainer: boolean,
): string {
  const settings = readSettings(format, text, file);
  const servers = containerOf(settings, container, file);
  if (!servers || !(name in servers)) return text;
  delete servers[name];
  const dropContainer = dropEmptyContainer && Object.keys(servers).length === 0;
  if (format === 'toml') {
    if (dropContainer) delete settings[container];
    return patchToml(text, settings, { inlineTableStart: 2 });
  }
  return editJson(text, dropContainer ? [container] : [container, name], undefined);
}

/** The file's table of servers (`mcpServers`, `servers`…), or undefined when it has none. */
export function serversIn(
  format: ConfigFormat,
  text: string,
  file: string,
  container: string,
): Table | undefined {
  return containerOf(readSettings(format, text, file), container, file);
}

/**
 * Whether two texts differ only in whitespace: after `--remove`, a file that matches what it was
 * before setup in everything but the blank space setup's edit left is given back byte for byte.
 */
export const sameButWhitespace = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
