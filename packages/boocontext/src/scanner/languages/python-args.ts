import type { SyntaxNode as Node } from '@boocode/source-kit';

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
