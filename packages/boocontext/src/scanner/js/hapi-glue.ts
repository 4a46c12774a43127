import path from 'node:path';
import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type CachedFile, isAuxiliary, JS_FILE, type Mount } from '../types.js';
import { type JsContext, type JsDetector, lineOf, objectProperty } from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

/** A Glue manifest's plugin given as a path, resolved against the manifest's `relativeTo` (unknown here). */
export const GLUE_PLUGIN = 'glue:';

/** The owner of a manifest's mounts: the server Glue composes. */
const GLUE_SERVER = '*glue*';

/** A plugin as a manifest names it: a path Glue resolves, or a module required in place. */
function pluginTarget(plugin: Node | undefined): string | undefined {
  const written = stringOf(plugin);
  if (written !== undefined) return /^\.\.?\//.test(written) ? `${GLUE_PLUGIN}${written}` : undefined;
  if (plugin?.type === 'call_expression' && field(plugin, 'function')?.text === 'require') {
    const spec = stringOf(argsOf(plugin)[0]);
    return spec ? `import:${spec}` : undefined;
  }
  // hapi 16's `{ register: './api', options }`.
  return plugin?.type === 'object' ? pluginTarget(objectProperty(plugin, 'register')) : undefined;
}

/**
 * A Glue manifest's plugins, each mounted on the composed server under its `routes.prefix`:
 * Glue 5+'s `register: { plugins: [{ plugin: './api', routes: { prefix: '/api' } }] }` and Glue 4's
 * `registrations: [{ plugin: { register: './api' }, options: { routes: { prefix: '/api' } } }]`.
 */
function readManifest(node: Node, ctx: JsContext): void {
  const key = field(node, 'key')?.text;
  const value = field(node, 'value');
  const list =
    key === 'registrations'
      ? value
      : key === 'register'
        ? objectProperty(value ?? undefined, 'plugins')
        : undefined;
  if (list?.type !== 'array') return;
  for (const entry of list.namedChildren) {
    if (entry?.type !== 'object') continue;
    const target = pluginTarget(objectProperty(entry, 'plugin'));
    if (!target) continue;
    const routes =
      objectProperty(entry, 'routes') ?? objectProperty(objectProperty(entry, 'options'), 'routes');
    const prefix = stringOf(objectProperty(routes, 'prefix')) ?? '';
    ctx.facts.mounts.push({ owner: GLUE_SERVER, prefix, target, line: lineOf(entry) });
  }
}

/** Text a Glue manifest has: a list of plugins or registrations. */
export const GLUE_MANIFEST = /\b(?:registrations|plugins)\s*:\s*\[/;

/**
 * Read once the walk is done, and only in a file with a manifest's text: object properties are
 * everywhere, and a detector on every `pair` made the walk build a node for each.
 */
export const hapiGlue: JsDetector = {
  on: {},
  finish(root, ctx) {
    if (!GLUE_MANIFEST.test(ctx.text)) return;
    for (const pair of root.descendantsOfType('pair')) if (pair) readManifest(pair, ctx);
  },
};

/**
 * The plugin module a manifest's path names. Glue resolves it against the `relativeTo` its caller
 * passes (`__dirname`, `process.cwd() + '/lib/modules'`), which the manifest does not say: the one
 * module of the project whose path ends as the plugin's does (`./api` → `…/api.js` or
 * `…/api/index.js`), none where several do.
 */
export function glueTargets(
  cache: ReadonlyMap<string, CachedFile>,
  mount: Mount,
): { target: string; prefix: string }[] {
  const tail = path.posix.normalize(mount.target.slice(GLUE_PLUGIN.length)).replace(/^(\.\.\/)+|^\.\//, '');
  const found = [...cache.keys()].filter(
    (rel) =>
      JS_FILE.test(rel) &&
      !isAuxiliary(rel) &&
      (`/${rel}`.replace(/\.\w+$/, '').endsWith(`/${tail}`) ||
        `/${rel}`.replace(/\/index\.\w+$/, '').endsWith(`/${tail}`)),
  );
  const module = found.length === 1 ? found[0] : undefined;
  const exported = module && cache.get(module)?.facts.exportedRouters.default;
  return module && exported ? [{ target: `${module}#${exported}`, prefix: mount.prefix }] : [];
}
