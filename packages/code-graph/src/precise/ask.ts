import path from 'node:path';
import ts from '@boocode/ts-types/typescript';
import type * as TS from 'typescript';

/** A declaration of the project a call reaches: file, name (`fn`, `Class.method`), line of its name. */
export interface AnswerTarget {
  file: string;
  name: string;
  line: number;
}

/** The checker's answer for one call: where it goes, or `null` when it leaves the project. */
export interface Answer {
  line: number;
  callee: string;
  target: AnswerTarget | null;
}

/** How the index names what a call expression calls: `f`, `m` of `a.m`, `X` of `new a.X`, `super`. */
function calleeName(node: TS.CallExpression | TS.NewExpression): string | undefined {
  let expr: TS.Expression = node.expression;
  while (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  if (expr.kind === ts.SyntaxKind.SuperKeyword) return 'super';
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/** The declaration that names a function given as a value: `const f = () => …`, `{ f: function () {} }`. */
function namingDeclaration(decl: TS.Declaration): TS.Declaration | undefined {
  if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) {
    const parent = decl.parent;
    if (
      ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)
    )
      return parent;
    return undefined;
  }
  return decl;
}

const NAMED_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.GetAccessor,
]);

function declaredSymbol(checker: TS.TypeChecker, node: TS.Node): TS.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
}

function isLocalValue(symbol: TS.Symbol): boolean {
  const declaration = symbol.valueDeclaration;
  if (!declaration) return false;
  if (ts.isParameter(declaration) || ts.isBindingElement(declaration)) return true;
  return ts.isVariableDeclaration(declaration) && !ts.isSourceFile(declaration.parent.parent.parent);
}

/**
 * A call of a declared function or method, or of a variable or property initialised with a
 * function, by the callee's symbol alone. Cheaper than resolving the signature, which checks every
 * argument (callbacks, object literals, JSX) against every overload; an overload is the function.
 */
function declaredFunction(
  checker: TS.TypeChecker,
  node: TS.CallExpression,
  inProject: (file: string) => boolean,
): TS.Declaration | 'none' | 'unknown' | undefined {
  let expr: TS.Expression = node.expression;
  while (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  const name = ts.isPropertyAccessExpression(expr) ? expr.name : ts.isIdentifier(expr) ? expr : undefined;
  if (!name) return undefined;
  let symbol = checker.getSymbolAtLocation(name);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // An `any` callee (a missing package's value, an untyped parameter): the checker cannot tell.
  if (!symbol) return checker.getTypeAtLocation(expr).flags & ts.TypeFlags.Any ? 'unknown' : undefined;
  const declarations = symbol.declarations ?? [];
  // A library's function, hook or method (declared in a package or the runtime's libs): no need to
  // resolve which of its signatures the arguments pick.
  if (declarations.length > 0 && declarations.every((d) => !inProject(d.getSourceFile().fileName)))
    return 'none';
  const fn = declarations.find(
    (d) => ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isMethodSignature(d),
  );
  if (fn) return fn;
  // A value whose type's signatures are all a library's (`t` from `const { t } = useTranslation()`,
  // `form.setValue`): the call leaves the project whichever signature it picks.
  if (!(symbol.flags & ts.SymbolFlags.Alias) && !fn) {
    const type = checker.getTypeOfSymbol(symbol);
    // An untyped parameter or local (`({ getValue }) => getValue()`): whatever it holds, the call
    // is not to a project function of that name, as a name-only guess would have it.
    if (type.flags & ts.TypeFlags.Any) return isLocalValue(symbol) ? 'none' : 'unknown';
    const signatures = type.getCallSignatures();
    if (
      signatures.length > 0 &&
      signatures.every((s) => !s.declaration || !inProject(s.declaration.getSourceFile().fileName))
    )
      return 'none';
  }
  const value = symbol.valueDeclaration;
  const initializer =
    value &&
    (ts.isVariableDeclaration(value) || ts.isPropertyDeclaration(value) || ts.isPropertyAssignment(value))
      ? value.initializer
      : undefined;
  return initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
    ? value
    : undefined;
}

/**
 * What a call reaches, by the checker: the resolved signature's declaration; for a class without a
 * constructor of its own, the class; for a function held in a variable or property, that binding.
 */
function declarationCalled(
  checker: TS.TypeChecker,
  node: TS.CallExpression | TS.NewExpression,
  inProject: (file: string) => boolean,
) {
  const declared = ts.isCallExpression(node) ? declaredFunction(checker, node, inProject) : undefined;
  if (declared) return declared;
  const signature = checker.getResolvedSignature(node);
  const decl = signature?.declaration;
  const named = decl && !ts.isJSDocSignature(decl) ? namingDeclaration(decl) : undefined;
  if (named && NAMED_KINDS.has(named.kind)) return named;
  if (node.expression.kind === ts.SyntaxKind.SuperKeyword)
    return checker.getTypeAtLocation(node.expression).getSymbol()?.declarations?.find(ts.isClassDeclaration);
  // A function-typed variable or property (`const run = make()`, `handlers.onSave(…)`) is called by its name.
  const target = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
  const bound = declaredSymbol(checker, target);
  return bound && NAMED_KINDS.has(bound.kind) ? bound : undefined;
}

function nameOf(decl: TS.Declaration): string | undefined {
  if (ts.isConstructorDeclaration(decl)) return 'constructor';
  const name = (decl as TS.NamedDeclaration).name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/**
 * Whether the callee is a name imported from a package (a bare specifier) that is not installed:
 * not the project's code, though the checker cannot type it (and resolving its signature is work
 * for nothing).
 */
function importedFromMissingPackage(checker: TS.TypeChecker, expression: TS.Expression): boolean {
  let head: TS.Expression = expression;
  while (ts.isPropertyAccessExpression(head)) head = head.expression;
  if (!ts.isIdentifier(head)) return false;
  const symbol = checker.getSymbolAtLocation(head);
  if (
    !symbol ||
    !(symbol.flags & ts.SymbolFlags.Alias) ||
    checker.getAliasedSymbol(symbol).declarations?.length
  )
    return false;
  const declaration = symbol.declarations?.[0];
  if (
    !declaration ||
    !(
      ts.isImportSpecifier(declaration) ||
      ts.isImportClause(declaration) ||
      ts.isNamespaceImport(declaration)
    )
  )
    return false;
  let statement: TS.Node = declaration;
  while (!ts.isImportDeclaration(statement)) statement = statement.parent;
  const specifier = statement.moduleSpecifier;
  return ts.isStringLiteral(specifier) && !/^[./]/.test(specifier.text);
}

const isUnder = (dir: string, file: string) => file.startsWith(dir + path.sep);

export interface AskOptions {
  root: string;
  /** Calls (`line\0callee`) the syntax resolved surely: not asked again. */
  confident: Set<string>;
  /** Whether a root-relative file is in the index: a declaration elsewhere in the root (a built .d.ts) is no answer. */
  indexed: (rel: string) => boolean;
  /** Only the calls on these lines (an edit's window); all by default. */
  lines?: { from: number; to: number };
}

/**
 * The checker's answers for the calls of one file that the syntax did not resolve surely: every
 * call and `new` expression whose `line\0callee` is not in `confident`.
 */
export function answerCalls(
  checker: TS.TypeChecker,
  source: TS.SourceFile,
  options: AskOptions,
): { answers: Answer[]; asked: number } {
  const answers: Answer[] = [];
  let asked = 0;
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = calleeName(node);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const inWindow = !options.lines || (line >= options.lines.from && line <= options.lines.to);
      if (callee && inWindow && !options.confident.has(`${line}\u0000${callee}`)) {
        asked++;
        const answer = answerFor(checker, node, options);
        if (answer !== undefined) answers.push({ line, callee, target: answer });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { answers, asked };
}

/** A target, `null` (outside the project), or undefined when the checker cannot tell (an `any` callee). */
function answerFor(
  checker: TS.TypeChecker,
  node: TS.CallExpression | TS.NewExpression,
  { root, indexed }: AskOptions,
): AnswerTarget | null | undefined {
  if (importedFromMissingPackage(checker, node.expression)) return null;
  const decl = declarationCalled(
    checker,
    node,
    (file) => isUnder(root, file) && !file.includes('/node_modules/'),
  );
  if (decl === 'none') return null;
  if (decl === 'unknown') return undefined;
  if (!decl) return checker.getTypeAtLocation(node.expression).flags & ts.TypeFlags.Any ? undefined : null;
  const file = decl.getSourceFile().fileName;
  if (!isUnder(root, file) || file.includes('/node_modules/')) return null;
  const rel = path.relative(root, file).split(path.sep).join('/');
  const short = nameOf(decl);
  if (!indexed(rel) || !short) return undefined;
  const owner =
    decl.parent && (ts.isClassLike(decl.parent) || ts.isInterfaceDeclaration(decl.parent))
      ? decl.parent.name?.text
      : undefined;
  const name = owner ? `${owner}.${short}` : short;
  const at = (
    ts.isConstructorDeclaration(decl) ? decl : ((decl as TS.NamedDeclaration).name ?? decl)
  ).getStart();
  return { file: rel, name, line: decl.getSourceFile().getLineAndCharacterOfPosition(at).line + 1 };
}
