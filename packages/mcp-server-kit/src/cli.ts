import { parseArgs } from 'node:util';

interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
}
type Options = Record<string, OptionSpec>;
type OptionValue<T> = T extends { type: 'string'; multiple: true }
  ? string[]
  : T extends { type: 'string' }
    ? string
    : T extends { type: 'boolean'; multiple: true }
      ? boolean[]
      : boolean;
export type ParsedValues<O extends Options> = { [K in keyof O]?: OptionValue<O[K]> };

export interface CliSpec<O extends Options> {
  /** The bin's name, as users type it. */
  name: string;
  version: string;
  usage: string;
  options: O;
  /** Most bins take no positionals; a stray word is then a mistake worth an exit 2. */
  allowPositionals?: boolean;
}

export type CliOutcome<O extends Options> =
  | { kind: 'run'; values: ParsedValues<O>; positionals: string[] }
  | { kind: 'exit'; code: 0 | 2; stdout?: string; stderr?: string };

const common = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/**
 * The manners every bin shares: `--help` and `--version` print and exit 0 before anything else
 * happens; an unknown flag or a missing value exits 2 with the usage.
 */
export function parseCli<O extends Options>(spec: CliSpec<O>, argv: readonly string[]): CliOutcome<O> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...spec.options, ...common },
      allowPositionals: spec.allowPositionals ?? false,
      strict: true,
    });
  } catch (error) {
    return { kind: 'exit', code: 2, stderr: `${spec.name}: ${(error as Error).message}\n${spec.usage}` };
  }
  if (parsed.values.help) return { kind: 'exit', code: 0, stdout: spec.usage };
  if (parsed.values.version) return { kind: 'exit', code: 0, stdout: `${spec.name} ${spec.version}` };
  return { kind: 'run', values: parsed.values as never, positionals: parsed.positionals };
}

/** `parseCli` for a bin's entry point: prints, and exits the process when the outcome says so. */
export function cliArgs<O extends Options>(spec: CliSpec<O>, argv = process.argv.slice(2)) {
  const outcome = parseCli(spec, argv);
  if (outcome.kind === 'run') return outcome;
  if (outcome.stdout) process.stdout.write(`${outcome.stdout}\n`);
  if (outcome.stderr) process.stderr.write(`${outcome.stderr}\n`);
  process.exit(outcome.code);
}

/**
 * A command piped into `head` (or a pager quit early) loses its reader: later writes fail with
 * EPIPE, which Node raises as an unhandled error with a stack trace. The output nobody reads is
 * not an error: exit quietly, with the code the command had so far.
 */
export function exitQuietlyWhenPipeCloses(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    });
}
