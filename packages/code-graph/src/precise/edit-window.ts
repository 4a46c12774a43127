import ts from '@boocode/ts-types/typescript';
import type * as TS from 'typescript';

/**
 * What an edit to a file whose declarations held leaves to ask again: the old answers before old
 * line `keepBefore` stand, those after old line `keepAfter` stand moved by `delta` lines, and the
 * new lines `keepBefore`…`keepAfter + delta` (the edit's, or its function's) are asked again.
 */
export interface EditWindow {
  keepBefore: number;
  keepAfter: number;
  delta: number;
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
]);

/** The innermost function whose body holds the whole span `[start, end)`. */
function enclosingFunction(
  source: TS.SourceFile,
  start: number,
  end: number,
): TS.FunctionLikeDeclaration | undefined {
  let found: TS.FunctionLikeDeclaration | undefined;
  const visit = (node: TS.Node): void => {
    if (node.getStart(source) > start || node.getEnd() < end) return;
    if (FUNCTION_KINDS.has(node.kind)) {
      const body = (node as TS.FunctionLikeDeclaration).body;
      if (body && body.getStart(source) < start && body.getEnd() > end)
        found = node as TS.FunctionLikeDeclaration;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a span of text holds nothing but comments and whitespace. */
function onlyTrivia(text: string): boolean {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  return scanner.scan() === ts.SyntaxKind.EndOfFileToken;
}

const lineOf = (source: TS.SourceFile, at: number) => source.getLineAndCharacterOfPosition(at).line + 1;

const signatureText = (checker: TS.TypeChecker, fn: TS.FunctionLikeDeclaration) => {
  const found = checker.getSignatureFromDeclaration(fn);
  return found ? checker.signatureToString(found, undefined, ts.TypeFormatFlags.NoTruncation) : undefined;
};

/**
 * The old side of an edit, read from the program kept from the last pass before it is replaced
 * (updating a program reuses the old tree's nodes, so nothing old is read after): where the new
 * text departs from the old — the text both share at the start and the end bounds it — and the
 * function whose body holds that span, with its signature as the checker saw it.
 */
export interface OldSide {
  prefix: number;
  suffix: number;
  trivia: boolean;
  keepBefore: number;
  keepAfter: number;
  fn?: { start: number; startLine: number; endLine: number; signature: string | undefined };
}

export function beforeEdit(source: TS.SourceFile, checker: TS.TypeChecker, newText: string): OldSide {
  const a = source.text;
  let prefix = 0;
  const shortest = Math.min(a.length, newText.length);
  while (prefix < shortest && a.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    a.charCodeAt(a.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)
  )
    suffix++;
  const oldEnd = a.length - suffix;
  const fn = enclosingFunction(source, prefix, oldEnd);
  return {
    prefix,
    suffix,
    trivia: onlyTrivia(a.slice(prefix, oldEnd)),
    keepBefore: lineOf(source, prefix),
    keepAfter: lineOf(source, oldEnd),
    ...(fn
      ? {
          fn: {
            start: fn.getStart(source),
            startLine: lineOf(source, fn.getStart(source)),
            endLine: lineOf(source, fn.getEnd()),
            signature: signatureText(checker, fn),
          },
        }
      : {}),
  };
}

/**
 * What the edit needs asked again, now that the new program is read: an edit of comments or
 * whitespace, nothing; an edit inside one function's body whose signature (its inferred return
 * type included) did not change, that function's calls. Anything else (`undefined`): the whole file.
 */
export function editWindow(
  old: OldSide,
  source: TS.SourceFile,
  checker: TS.TypeChecker,
): EditWindow | undefined {
  const newEnd = source.text.length - old.suffix;
  if (old.trivia && onlyTrivia(source.text.slice(old.prefix, newEnd)))
    return {
      keepBefore: old.keepBefore,
      keepAfter: old.keepAfter,
      delta: lineOf(source, newEnd) - old.keepAfter,
    };
  const fn = enclosingFunction(source, old.prefix, newEnd);
  if (!old.fn || !fn || fn.getStart(source) !== old.fn.start) return undefined;
  if (old.fn.signature === undefined || old.fn.signature !== signatureText(checker, fn)) return undefined;
  return {
    keepBefore: old.fn.startLine,
    keepAfter: old.fn.endLine,
    delta: lineOf(source, fn.getEnd()) - old.fn.endLine,
  };
}
