import type { SyntaxNode as Node } from '@boocode/source-kit';
import type { FileFacts } from '../types.js';

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
