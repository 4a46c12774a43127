import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './errors.js';

/** A command line as one string (`node cli.js`) or a JSON array of strings (`["my cg", "--x"]`). */
const CommandLine = z.string().transform((value, ctx) => {
  let parts: unknown = value.split(/\s+/).filter(Boolean);
  if (value.trim().startsWith('[')) {
    try {
      parts = JSON.parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `is not valid JSON (${(error as Error).message})` });
      return z.NEVER;
    }
  }
  const parsed = z.array(z.string()).safeParse(parts);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of strings, e.g. ["node","cli.js"]' });
    return z.NEVER;
  }
  const [command = '', ...args] = parsed.data;
  if (!command) {
    ctx.addIssue({ code: 'custom', message: 'is empty' });
    return z.NEVER;
  }
  return { command, args };
});

const PositiveWhole = z.string().transform((value, ctx) => {
  const n = Number(value);
  if (Number.isInteger(n) && n > 0) return n;
  ctx.addIssue({ code: 'custom', message: `must be a whole number above 0, got "${value}"` });
  return z.NEVER;
});

/** An unset and an empty variable mean the same: the default. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const Environment = z.object({
  /** Directories beyond the working directory tools may read, path-delimited. */
  BOOCONTEXT_ALLOWED_ROOTS: unsetIfEmpty(z.string()).transform((v) =>
    (v ?? '').split(path.delimiter).filter(Boolean),
  ),
  BOOCONTEXT_MAP_TOKENS: unsetIfEmpty(PositiveWhole),
  BOOCONTEXT_ANSWER_WITHIN_MS: unsetIfEmpty(PositiveWhole),
  BOOCONTEXT_CODE_GRAPH_CMD: unsetIfEmpty(CommandLine),
  BOOCONTEXT_TS_TYPES_CMD: unsetIfEmpty(CommandLine),
  /** `serve --http`: the bearer token every request must carry (required off loopback). */
  BOOCONTEXT_TOKEN: unsetIfEmpty(z.string().min(16, 'must be at least 16 characters')),
  /** `serve --http`: host names clients reach it by, comma-separated (beyond loopback and this machine's name). */
  BOOCONTEXT_ALLOWED_HOSTS: unsetIfEmpty(z.string()).transform((v) =>
    (v ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  ),
  /** Where scanned facts are kept between processes; `off` keeps none. */
  BOOCONTEXT_CACHE_DIR: unsetIfEmpty(z.string()),
});
export type BoocontextEnvironment = z.infer<typeof Environment>;

const refusal = (issues: z.core.$ZodIssue[], name?: string) =>
  new ConfigError(issues.map((i) => `${name ?? i.path.join('.')} ${i.message}`).join('; '));

/** boocontext's `BOOCONTEXT_*` variables, parsed once; a `ConfigError` names every bad one. */
export function readEnvironment(env: NodeJS.ProcessEnv): BoocontextEnvironment {
  const parsed = Environment.safeParse(env);
  if (parsed.success) return parsed.data;
  throw refusal(parsed.error.issues);
}

/** A flag's whole number above zero (`undefined` when unset), by the variables' rule; a `ConfigError` names the flag. */
export function positiveFlag(name: string, value: string | undefined): number | undefined {
  const parsed = unsetIfEmpty(PositiveWhole).safeParse(value);
  if (parsed.success) return parsed.data;
  throw refusal(parsed.error.issues, name);
}
