import path from 'node:path';
import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type Mount, UNKNOWN_PART } from '../types.js';
import { type JsContext, lineOf, objectProperty } from './context.js';
import { argsOf, declaredValue, field, pathsOf, stringOf } from './syntax.js';

/** The packages of Fastify's directory loader, current and former name. */
const AUTOLOAD_PACKAGES = new Set(['@fastify/autoload', 'fastify-autoload']);

/** `AutoLoad` bound by an import or `require` of the loader, or the loader required in place. */
export function isAutoload(plugin: Node, ctx: JsContext): boolean {
  if (plugin.type === 'identifier') return AUTOLOAD_PACKAGES.has(ctx.facts.bindings[plugin.text]?.spec ?? '');
  const fn = plugin.type === 'call_expression' ? field(plugin, 'function') : undefined;
  const required = fn?.type === 'import' || fn?.text === 'require';
  return required && AUTOLOAD_PACKAGES.has(stringOf(argsOf(plugin)[0]) ?? '');
}

/** `__filename`, `import.meta.url`, `fileURLToPath(import.meta.url)` (or a local holding one): this file. */
function isOwnFile(node: Node | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  if (node.text === 'import.meta.url') return true;
  if (node.type === 'identifier') {
    const value = declaredValue(node, node.text);
    return value ? isOwnFile(value, depth + 1) : node.text === '__filename';
  }
  return (
    node.type === 'call_expression' &&
    /(^|\.)fileURLToPath$/.test(field(node, 'function')?.text ?? '') &&
    isOwnFile(argsOf(node)[0], depth + 1)
  );
}

/**
 * The folder an expression names, relative to the file's own folder: `__dirname` (or a local one
 * made from `import.meta.url`), `import.meta.dirname`, `path.join(__dirname, 'src', 'routes')`,
 * `` `${__dirname}/../routes` ``, `fileURLToPath(new URL('./routes', import.meta.url))`.
 */
function folderOf(node: Node | undefined, depth = 0): string | undefined {
  if (!node || depth > 3) return undefined;
  if (node.text === 'import.meta.dirname') return '.';
  if (node.type === 'identifier') {
    const value = declaredValue(node, node.text);
    if (value) return folderOf(value, depth + 1);
    return node.text === '__dirname' ? '.' : undefined;
  }
  if (node.type === 'new_expression') {
    const [spec, base] = argsOf(node);
    return base?.text === 'import.meta.url' ? stringOf(spec) : undefined;
  }
  if (node.type === 'template_string') {
    const [head, ...rest] = node.namedChildren;
    if (head?.type !== 'template_substitution' || rest.some((c) => c?.type === 'template_substitution'))
      return undefined;
    const base = folderOf(head.namedChild(0) ?? undefined, depth + 1);
    const tail = node.text.slice(head.endIndex - node.startIndex, -1);
    return base === undefined ? undefined : path.posix.join(base, tail);
  }
  if (node.type !== 'call_expression') return undefined;
  const callee = field(node, 'function')?.text ?? '';
  const args = argsOf(node);
  if (/(^|\.)fileURLToPath$/.test(callee)) return folderOf(args[0], depth + 1);
  if (/(^|\.)dirname$/.test(callee)) return isOwnFile(args[0]) ? '.' : undefined;
  if (!/(^|\.)(join|resolve)$/.test(callee)) return undefined;
  const base = folderOf(args[0], depth + 1);
  const parts = args.slice(1).map((a) => stringOf(a));
  return base !== undefined && parts.every((p) => p !== undefined)
    ? path.posix.join(base, ...(parts as string[]))
    : undefined;
}

/** A prefix as an options object gives it: `{ prefix }`, `Object.assign({ prefix }, opts)`. */
function optionsPrefix(options: Node | undefined): Node | undefined {
  if (options?.type === 'call_expression' && field(options, 'function')?.text === 'Object.assign')
    return argsOf(options)
      .map((a) => objectProperty(a, 'prefix'))
      .findLast(Boolean);
  return objectProperty(options, 'prefix');
}

/**
 * `register(AutoLoad, { dir, options: { prefix } })`: every plugin file under `dir` is mounted
 * under the prefix, each below its folders' names (`routes/users/index.js` at `/users`), as
 * @fastify/autoload loads them. A prefix that is no literal is `{unknown}`, never dropped.
 */
export function autoloadMount(owner: string, options: Node | undefined, call: Node, ctx: JsContext): Mount[] {
  const folder = folderOf(objectProperty(options, 'dir'));
  if (folder === undefined) return [];
  const prefixNode = optionsPrefix(objectProperty(options, 'options'));
  const prefix = prefixNode ? (stringOf(prefixNode) ?? pathsOf(prefixNode)?.[0] ?? UNKNOWN_PART) : '';
  const dirNames = objectProperty(options, 'dirNameRoutePrefix');
  const ignore = objectProperty(options, 'ignorePattern');
  return [
    {
      owner,
      prefix,
      target: `autoload:${path.posix.join(path.posix.dirname(ctx.rel), folder)}`,
      line: lineOf(call),
      autoload: {
        // A function renames folders as it likes: what it makes of them is not known here.
        dirNames: dirNames?.type === 'false' ? 'none' : dirNames ? 'unknown' : 'names',
        routeParams: objectProperty(options, 'routeParams')?.type === 'true',
        ...(ignore?.type === 'regex' ? { ignore: regexOf(ignore) } : {}),
      },
    },
  ];
}

const regexOf = (node: Node) => ({
  pattern: field(node, 'pattern')?.text ?? '',
  flags: field(node, 'flags')?.text ?? '',
});

/**
 * A plugin file's own prefix settings, which @fastify/autoload reads from its exports:
 * `export const autoPrefix = '/x'`, `module.exports.autoPrefix = '/x'`, `plugin.prefixOverride = ''`.
 */
export function recordPluginPrefix(name: string, value: Node | undefined, ctx: JsContext): void {
  const key = name === 'autoPrefix' ? 'auto' : name === 'prefixOverride' ? 'override' : undefined;
  const text = stringOf(value);
  if (!key || text === undefined) return;
  ctx.facts.pluginPrefix = { ...ctx.facts.pluginPrefix, [key]: text };
}
