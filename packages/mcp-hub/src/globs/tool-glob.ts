/**
 * Tool-name globs as written in AGENTS.md `tools:` lists: `*` matches any run of characters (tool
 * names are flat, so there is no `**` or `?`), a leading `!` denies, the last matching pattern wins,
 * and a name no pattern matches is excluded.
 */
const compiled = new Map<string, RegExp>();

function toRegExp(glob: string): RegExp {
  let re = compiled.get(glob);
  if (!re) {
    const body = glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    re = new RegExp(`^${body}$`);
    compiled.set(glob, re);
  }
  return re;
}

export function matchToolGlob(name: string, patterns: readonly string[]): boolean {
  let allowed = false;
  for (const raw of patterns) {
    const pattern = raw.trim();
    const deny = pattern.startsWith('!');
    const glob = deny ? pattern.slice(1) : pattern;
    if (glob !== '' && toRegExp(glob).test(name)) allowed = !deny;
  }
  return allowed;
}

export function filterByGlobs<T extends { name: string }>(
  items: readonly T[],
  patterns: readonly string[],
): T[] {
  return items.filter((item) => matchToolGlob(item.name, patterns));
}
