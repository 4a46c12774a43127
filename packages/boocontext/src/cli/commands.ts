import path from 'node:path';
import { terminalProgress } from '@boocode/mcp-server-kit';
import { z } from 'zod';
import { TOOLS } from '../tools/catalog.js';
import type { ToolDeps } from '../tools/define.js';
import { runTool } from '../tools/run.js';

export const TOOL_COMMANDS = Object.keys(TOOLS);

/** Flags that are the bin's own, not tool arguments. */
const BIN_FLAGS = new Set(['json', 'warm', 'lazy', 'allow', 'child', 'help', 'version']);
/** What each command cannot run without (one of), as the command line spells it. */
const NEEDS: Record<string, string[]> = {
  types: ['symbol', 'file'],
  impact: ['symbol', 'file', 'diff'],
  callgraph: ['symbol'],
  symbols: ['query'],
};

/** Tool arguments that are numbers; every other flag stays the string it was typed as (`--file 2024`). */
const NUMERIC_FLAGS = new Set(['depth', 'limit', 'line', 'column', 'max_tokens']);

/**
 * The command line runs the very tool definitions MCP serves, parsed by the same schemas, so
 * people and scripts get exactly what agents get (without loading the MCP SDK to do it).
 */
export async function runCommand(
  deps: ToolDeps,
  command: string,
  rest: string[],
  flags: Record<string, unknown>,
): Promise<number> {
  const make = Object.hasOwn(TOOLS, command) ? TOOLS[command] : undefined;
  if (!make) {
    console.error(`unknown command "${command}"; one of: ${TOOL_COMMANDS.join(', ')}`);
    return 2;
  }
  const tool = make(deps);
  const { roots } = deps;
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags)) {
    if (BIN_FLAGS.has(key) || value === undefined) continue;
    const name = key === 'max-tokens' ? 'max_tokens' : key;
    args[name] =
      NUMERIC_FLAGS.has(name) && typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  }
  if (typeof args.root === 'string') args.root = path.resolve(args.root);
  // A bare word after the command is the main argument: a query, a symbol or a file.
  if (rest[0]) {
    if (command === 'symbols') args.query ??= rest[0];
    else if (command === 'flows')
      args[/^\/|^[A-Z]+\s/.test(rest.join(' ')) ? 'entry' : 'symbol'] ??= rest.join(' ');
    else if (command === 'health' || command === 'impact')
      args[rest[0].includes('/') || rest[0].includes('.') ? 'file' : 'symbol'] ??= rest[0];
    else args.symbol ??= rest[0];
  }
  const needs = NEEDS[command];
  if (needs && !needs.some((name) => args[name] !== undefined)) {
    console.error(
      `boocontext ${command} needs ${needs.map((n) => `--${n}`).join(' or ')} (or one word after the command)`,
    );
    return 2;
  }
  const parsed = tool.schema.safeParse(args);
  if (!parsed.success) {
    console.error(`boocontext ${command}: invalid arguments\n${z.prettifyError(parsed.error)}`);
    return 2;
  }
  // Ctrl-C stops the work the way an MCP cancellation does.
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  process.once('SIGINT', onInterrupt);
  // On a terminal, a line on stderr says what a long call is doing; piped output stays clean.
  const progress = terminalProgress(process.stderr);
  const envelope = await runTool(tool, roots, parsed.data, { signal: stop.signal, progress }).finally(() => {
    progress.done();
    process.off('SIGINT', onInterrupt);
  });
  if (flags.json) console.log(JSON.stringify(envelope, null, 2));
  else {
    console.log(`${envelope.verdict}: ${envelope.summary}`);
    if (command === 'map' && typeof envelope.details.map === 'string')
      console.log(`\n${envelope.details.map}`);
    else console.log(JSON.stringify(envelope.details, null, 2));
  }
  return envelope.verdict === 'UNSAFE' ? 1 : 0;
}
