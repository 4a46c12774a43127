#!/usr/bin/env node
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { ChildServerManager, childCommands } from './children/manager.js';
import { runCommand, TOOL_COMMANDS } from './cli/commands.js';
import { AllowedRoots } from './roots.js';
import { Scanner } from './scanner/scan.js';
import { toolCatalog } from './tools/catalog.js';

const USAGE = `usage:
  boocontext [--warm] [--allow DIR]… [--child name=cmd,arg…]     serve MCP over stdio
  boocontext ${TOOL_COMMANDS.join('|')} [ARG] [--root DIR] [--json] [--file F] [--symbol S] [--query Q] [--direction callers|callees|paths] [--to S] [--depth N] [--diff RANGE] [--max-tokens N]`;

let parsed: ReturnType<typeof parse>;
try {
  parsed = parse();
} catch (error) {
  console.error(`boocontext: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      json: { type: 'boolean' },
      warm: { type: 'boolean' },
      allow: { type: 'string', multiple: true },
      child: { type: 'string', multiple: true },
      'max-tokens': { type: 'string' },
      // Tool arguments, passed through to the tool the command names.
      direction: { type: 'string' },
      to: { type: 'string' },
      file: { type: 'string' },
      symbol: { type: 'string' },
      query: { type: 'string' },
      kind: { type: 'string' },
      language: { type: 'string' },
      path: { type: 'string' },
      diff: { type: 'string' },
      depth: { type: 'string' },
      limit: { type: 'string' },
      line: { type: 'string' },
      column: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const allow = (values.allow as string[] | undefined) ?? [];
const roots = AllowedRoots.fromEnvironment(process.cwd(), process.env, [
  ...allow,
  ...(typeof values.root === 'string' ? [values.root] : []),
]);
const children = new ChildServerManager(
  childCommands(process.env, (values.child as string[] | undefined) ?? []),
);
const mapTokens = Number(process.env.BOOCONTEXT_MAP_TOKENS ?? values['max-tokens'] ?? 8000) || 8000;

const command = positionals[0];
if (values.help) {
  console.log(USAGE);
} else if (command) {
  // A one-shot run: V8 would otherwise tier the parser's wasm up to optimised code in the
  // background and hold the exit until that finishes (~90 ms), for code that has already run.
  v8.setFlagsFromString('--liftoff-only');
  // A one-shot command: the MCP SDK is not loaded at all (it would be most of the start-up).
  const tools = toolCatalog({ roots, children, scanner: new Scanner(), mapTokens });
  process.exitCode = await runCommand(
    tools,
    roots,
    command,
    positionals.slice(1),
    values as Record<string, unknown>,
  );
  await children.shutdown();
} else {
  const [{ serveStdio }, { buildServer }] = await Promise.all([
    import('@modelcontextprotocol/server/stdio'),
    import('./server.js'),
  ]);
  const server = buildServer({ roots, children, mapTokens });
  const handle = serveStdio(() => server, { legacy: 'serve' });
  if (values.warm)
    void children
      .warm()
      .catch((error: Error) => process.stderr.write(`boocontext: warm-up failed: ${error.message}\n`));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // Children first: no process may outlive boocontext.
    await children.shutdown();
    await handle.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  process.stdin.on('close', () => void stop());
}
