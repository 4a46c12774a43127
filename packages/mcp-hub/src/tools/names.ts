import { createHash } from 'node:crypto';

/** What every provider we know accepts for a function name (OpenAI is the strictest). */
export const SAFE_TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

export interface NamingInput {
  server: string;
  originalName: string;
}

export interface NamedTool extends NamingInput {
  name: string;
  /** Why the name differs from `<server>_<tool>`, when it does. */
  renamed?: string;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);
}

function identity(tool: NamingInput): string {
  return `${tool.server}\u0000${tool.originalName}`;
}

/** Replaces what providers reject and makes sure the name starts with a letter or underscore. */
export function sanitize(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** Cuts `base` so that `_<hash>` fits within the limit; the hash keeps cut names distinct and stable. */
function withHash(base: string, key: string): string {
  const suffix = `_${shortHash(key)}`;
  return base.slice(0, MAX_LENGTH - suffix.length) + suffix;
}

/**
 * Gives every tool a provider-safe `<server>_<tool>` name, unique across the hub and never equal to
 * a reserved (native) name. Deterministic: the same set of tools always gets the same names, whatever
 * order servers connected in, because ties are broken by sorting on server and original name.
 */
export function assignToolNames(
  tools: readonly NamingInput[],
  reserved: ReadonlySet<string> = new Set(),
): NamedTool[] {
  const sorted = [...tools].sort((a, b) =>
    identity(a) < identity(b) ? -1 : identity(a) > identity(b) ? 1 : 0,
  );
  const taken = new Set(reserved);
  const named: NamedTool[] = [];
  for (const tool of sorted) {
    // A server that already prefixes its tools with its own name (boocontext_overview) keeps them as they are.
    const plain = tool.originalName.startsWith(`${tool.server}_`)
      ? tool.originalName
      : `${tool.server}_${tool.originalName}`;
    let name = sanitize(plain);
    const reasons: string[] = [];
    if (name !== plain) reasons.push('characters providers reject were replaced');
    if (name.length > MAX_LENGTH) {
      name = withHash(name, identity(tool));
      reasons.push(`longer than ${MAX_LENGTH} characters, shortened with a stable hash`);
    }
    if (taken.has(name)) {
      const clash = reserved.has(name) ? 'a native tool' : 'another tool';
      name = withHash(name, identity(tool));
      reasons.push(`collided with ${clash}, suffixed with a stable hash`);
    }
    taken.add(name);
    named.push(reasons.length > 0 ? { ...tool, name, renamed: reasons.join('; ') } : { ...tool, name });
  }
  return named;
}
