import path from 'node:path';
import { type CachedFile, isAuxiliary, type Mount, UNKNOWN_PART } from './types.js';

/** What @fastify/autoload loads and skips, by file name (its defaults). */
const SCRIPT = /\.(?:[cm]?js|[cm]?ts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const INDEX = /^index\.(?:[cm]?js|[cm]?ts)$/;
const AUTO_HOOKS = /^[_.]?auto_?hooks\.(?:[cm]?js|[cm]?ts)$/;

/** `/users/_id` → `/users/:id`, `/__country-__lang` → `/:country-:lang`: the loader's `routeParams`. */
function routeParams(prefix: string): string {
  if (prefix.includes('__')) return prefix.replaceAll('__', ':');
  return prefix.replaceAll('/_', '/:');
}

/**
 * The plugins an `autoload:` mount loads, each with the prefix it is registered under, as
 * @fastify/autoload does it: every script under the folder, except where a folder holds an index
 * file (then that file and the subfolders only); the prefix is the options' prefix, then the
 * plugin's `autoPrefix` or else its folders' names; a `prefixOverride` replaces all of it.
 */
export function autoloadedPlugins(
  cache: ReadonlyMap<string, CachedFile>,
  mount: Mount,
): { target: string; prefix: string }[] {
  const folder = mount.target.slice('autoload:'.length);
  const options = mount.autoload ?? { dirNames: 'names', routeParams: false };
  const ignore = options.ignore ? safeRegExp(options.ignore.pattern, options.ignore.flags) : undefined;
  const under = new Map<string, string[]>();
  for (const rel of cache.keys()) {
    if (!rel.startsWith(`${folder}/`) || isAuxiliary(rel)) continue;
    const name = path.posix.basename(rel);
    if (!SCRIPT.test(name) || DECLARATION.test(name) || AUTO_HOOKS.test(name)) continue;
    if (ignore?.test(rel.slice(folder.length + 1))) continue;
    const dir = path.posix.dirname(rel);
    under.set(dir, [...(under.get(dir) ?? []), name]);
  }
  const loaded: { target: string; prefix: string }[] = [];
  for (const [dir, names] of under) {
    const index = names.find((n) => INDEX.test(n));
    const folders = dir === folder ? [] : dir.slice(folder.length + 1).split('/');
    const dirPrefix =
      options.dirNames === 'none'
        ? ''
        : folders.map((f) => `/${options.dirNames === 'names' ? f : UNKNOWN_PART}`).join('');
    for (const name of index ? [index] : names) {
      const rel = `${dir}/${name}`;
      const facts = cache.get(rel)?.facts;
      const exported = facts?.exportedRouters.default;
      if (!exported) continue;
      const own = facts.pluginPrefix;
      const prefix = own?.override ?? `${mount.prefix}${own?.auto ?? dirPrefix}`;
      loaded.push({
        target: `${rel}#${exported}`,
        prefix: options.routeParams ? routeParams(prefix) : prefix,
      });
    }
  }
  return loaded;
}

function safeRegExp(pattern: string, flags: string): RegExp | undefined {
  try {
    return new RegExp(pattern, flags.replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
}
