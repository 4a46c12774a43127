#!/usr/bin/env node
import v8 from 'node:v8';
import { cliArgs, exitQuietlyWhenPipeCloses, packageInfo } from '@boocode/mcp-server-kit';
import { ChildServerManager, childCommands } from './children/manager.js';
import { runCommand, TOOL_COMMANDS } from './cli/commands.js';
import { type BoocontextEnvironment, positiveFlag, readEnvironment } from './config.js';
import { ConfigError } from './errors.js';
import { AllowedRoots } from './roots.js';
import { ScanDiskCache } from './scanner/disk-cache.js';
import { Scanner } from './scanner/scan.js';

const USAGE = `usage:
  boocontext [serve] [--warm|--lazy] [--allow DIR]… [--child name=cmd,arg…]   serve MCP over stdio
  boocontext serve --http [--host 127.0.0.1] [--port 7433] [--root DIR]… [--warm|--lazy]   serve Streamable HTTP at /mcp
  boocontext setup [--dry-run] [--only EDITOR,…] [--remove]        register boocontext in every editor found
  boocontext ${TOOL_COMMANDS.join('|')} [ARG] [--root DIR] [--json] [--file F] [--symbol S] [--query Q] [--direction callers|callees|paths] [--to S] [--entry "METHOD /path"] [--depth N] [--diff RANGE] [--max-tokens N]`;

const { values, positionals } = cliArgs({
  name: 'boocontext',
  version: packageInfo(import.meta.url).version,
  usage: USAGE,
  allowPositionals: true,
  options: {
    root: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    http: { type: 'boolean' },
    host: { type: 'string' },
    port: { type: 'string' },
    warm: { type: 'boolean' },
    lazy: { type: 'boolean' },
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
    entry: { type: 'string' },
    depth: { type: 'string' },
    limit: { type: 'string' },
    line: { type: 'string' },
    column: { type: 'string' },
    // setup's own.
    'dry-run': { type: 'boolean' },
    only: { type: 'string' },
    remove: { type: 'boolean' },
  },
});

// No top-level await: the bundle is CommonJS, so that V8's code cache can serve it (bin/boocontext.js).
void (positionals[0] === 'setup' ? setup() : serveOrRunTool());

async function setup() {
  // Loaded only here: setup's JSONC, TOML and YAML libraries are no part of a scan's start-up.
  const { setupCommand } = await import('./setup/command.js');
  process.exitCode = await setupCommand(values);
}

function portFlag(value: string | undefined): number {
  if (value === undefined) return 7433;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`--port must be a port number 0-65535 (0 picks a free one), got "${value}"`);
  return n;
}

/** The MCP server over stdio or HTTP, or one tool run from the command line. */
async function serveOrRunTool() {
  const serving = positionals[0] === undefined || positionals[0] === 'serve';
  const command = serving ? undefined : positionals[0];
  let env: BoocontextEnvironment;
  let commands: ReturnType<typeof childCommands>;
  let mapTokens: number;
  let port: number;
  try {
    env = readEnvironment(process.env);
    commands = childCommands(env, values.child ?? []);
    mapTokens = positiveFlag('--max-tokens', values['max-tokens']) ?? env.BOOCONTEXT_MAP_TOKENS ?? 8000;
    port = portFlag(values.port);
    if (!values.http && (values.host !== undefined || values.port !== undefined))
      throw new ConfigError('--host and --port are for `boocontext serve --http`');
    if (values.http && !serving) throw new ConfigError(`--http serves; it does not go with "${command}"`);
    if (command && (values.root?.length ?? 0) > 1) throw new ConfigError(`${command} reads one --root`);
    if (values.warm && values.lazy)
      throw new ConfigError('--warm and --lazy contradict each other: pick one');
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`boocontext: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const given = [...(values.allow ?? []), ...(values.root ?? [])];
  // Over HTTP the clients' roots are paths on their own machines: the server's are fixed.
  const roots = values.http
    ? new AllowedRoots(given.length > 0 ? given : [process.cwd(), ...env.BOOCONTEXT_ALLOWED_ROOTS])
    : AllowedRoots.fromEnvironment(process.cwd(), env.BOOCONTEXT_ALLOWED_ROOTS, given);
  // Hosts commonly give a call 60 s; one that takes no progress hears back before that.
  // Served, code-graph indexes each root from the first call naming it, unless --lazy: a one-shot
  // command starts a child only when its tool needs one.
  const children = new ChildServerManager(commands, {
    answerWithinMs: env.BOOCONTEXT_ANSWER_WITHIN_MS ?? 45_000,
    indexAhead: serving && values.lazy !== true,
    oneShot: !serving,
  });

  const scanner = new Scanner(
    ScanDiskCache.at(env.BOOCONTEXT_CACHE_DIR),
    values.http
      ? (root, stats) =>
          process.stderr.write(`boocontext: indexed ${root}: ${stats.read} files read in ${stats.ms} ms\n`)
      : undefined,
  );

  if (command) {
    exitQuietlyWhenPipeCloses();
    // A one-shot run: V8 would otherwise tier the parser's wasm up to optimised code in the
    // background and hold the exit until that finishes (~90 ms), for code that has already run.
    v8.setFlagsFromString('--liftoff-only');
    // A one-shot command: the MCP SDK is not loaded at all (it would be most of the start-up).
    process.exitCode = await runCommand(
      { roots, children, scanner, mapTokens },
      command,
      positionals.slice(1),
      {
        ...values,
        root: values.root?.[0],
      } as Record<string, unknown>,
    );
    scanner.persist();
    await children.shutdown();
  } else if (values.http) {
    const { serveTeam } = await import('./http/serve-team.js');
    await serveTeam({
      deps: { roots, children, scanner, mapTokens },
      host: values.host ?? '127.0.0.1',
      port,
      token: env.BOOCONTEXT_TOKEN,
      allowedHosts: env.BOOCONTEXT_ALLOWED_HOSTS,
      warm: values.warm === true,
    });
  } else {
    const [{ serveUntilClosed }, { buildServer }] = await Promise.all([
      import('@boocode/mcp-server-kit/stdio'),
      import('./server.js'),
    ]);
    // Children first on the way out: no process may outlive boocontext.
    serveUntilClosed(buildServer({ roots, children, scanner, mapTokens }), () => {
      scanner.persist();
      return children.shutdown();
    });
    if (values.warm)
      void children
        .warm()
        .catch((error: Error) => process.stderr.write(`boocontext: warm-up failed: ${error.message}\n`));
  }
}
