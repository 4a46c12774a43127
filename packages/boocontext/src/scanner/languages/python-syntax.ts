import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { FileFacts } from '../types.js';
import { unquote } from './syntax.js';

/** Small readers the Python readers share: a call's arguments, what a file imports. */

/** Whether the file imports a module the pattern names (`/^ninja\b/`). */
export const importsOf = (facts: FileFacts, spec: RegExp) => facts.imports.some((i) => spec.test(i.spec));

/** A Python call's keyword argument's value (`prefix="/api"` → the string node). */
export function keywordArg(args: Node | null | undefined, name: string): Node | undefined {
  for (const arg of args?.namedChildren ?? [])
    if (arg?.type === 'keyword_argument' && arg.childForFieldName('name')?.text === name)
      return arg.childForFieldName('value') ?? undefined;
  return undefined;
}

/** A Python call's positional arguments (comments between arguments are named nodes too). */
export const positionalArgs = (args: Node | null | undefined): Node[] =>
  (args?.namedChildren ?? []).filter(
    (a): a is Node => !!a && a.type !== 'keyword_argument' && a.type !== 'comment',
  );

/**
 * HTTP methods written as one string or a list or tuple of them (`methods=['GET', 'POST']`,
 * `method='DELETE'`, `request_method=('GET', 'HEAD')`), upper-cased, what is not a string left out;
 * `undefined` when no value is written.
 */
export function methodList(value: Node | undefined): string[] | undefined {
  if (!value) return undefined;
  const one = unquote(value);
  if (one) return [one.toUpperCase()];
  return value.namedChildren.map((m) => unquote(m)?.toUpperCase()).filter((m): m is string => !!m);
}
