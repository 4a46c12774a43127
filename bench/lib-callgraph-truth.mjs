// The reference call edges of a TypeScript/JavaScript tree: every call, `new` and `super(…)` in
// the sources, resolved by the TypeScript checker to a named declaration inside the tree, written
// `file:line -> targetFile#Name` (`fn`, `Class.method`, `Class.constructor`, a variable bound to a
// function, a module-level object literal's function `object.member`). One program over every source file, with the root's tsconfig options (paths included)
// and JavaScript allowed. Independent of code-graph: it asks the checker about every call.
import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The module-level variable an object literal is bound to (`const Articles = { … }` at a file's top
 * level), whose functions are its members as a class's are.
 */
function objectOwner(object) {
  const variable = object && ts.isObjectLiteralExpression(object) ? object.parent : undefined;
  return variable &&
    ts.isVariableDeclaration(variable) &&
    variable.initializer === object &&
    ts.isIdentifier(variable.name) &&
    ts.isSourceFile(variable.parent.parent.parent)
    ? variable.name.text
    : undefined;
}

/**
 * Our naming: `fn`, `Class.method`, `Class.constructor`, `Class.#private`, a variable bound to a
 * function, `object.member` for a function of a module-level object literal.
 */
function nameOf(decl) {
  if (!decl) return undefined;
  // A function bound to a variable is called by the variable's name.
  if ((ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) && ts.isVariableDeclaration(decl.parent))
    decl = decl.parent;
  // `get: (slug) => …` and `get(slug) { … }` in `const Articles = { … }`.
  const member =
    (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) && ts.isPropertyAssignment(decl.parent)
      ? decl.parent
      : ts.isMethodDeclaration(decl) && ts.isObjectLiteralExpression(decl.parent)
        ? decl
        : undefined;
  const object = member && objectOwner(member.parent);
  if (object && ts.isIdentifier(member.name)) return `${object}.${member.name.text}`;
  const owner =
    decl.parent && (ts.isClassLike(decl.parent) || ts.isInterfaceDeclaration(decl.parent))
      ? decl.parent.name?.text
      : undefined;
  if (ts.isConstructorDeclaration(decl)) return owner ? `${owner}.constructor` : undefined;
  if (
    (ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl) || ts.isPropertyDeclaration(decl)) &&
    owner &&
    decl.name &&
    (ts.isIdentifier(decl.name) || ts.isPrivateIdentifier(decl.name))
  )
    return `${owner}.${decl.name.text}`;
  if (ts.isFunctionDeclaration(decl) && decl.name) return decl.name.text;
  if (ts.isClassDeclaration(decl) && decl.name) return decl.name.text;
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name)) return decl.name.text;
  return undefined;
}

/** The class a `new X()` or `super()` constructs when it declares no constructor of its own. */
function constructedClass(checker, node) {
  let target = ts.isNewExpression(node)
    ? checker.getSymbolAtLocation(node.expression)
    : node.expression.kind === ts.SyntaxKind.SuperKeyword
      ? checker.getTypeAtLocation(node.expression).getSymbol()
      : undefined;
  // An imported class is an alias of it.
  if (target && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
  return target?.declarations?.find(ts.isClassDeclaration);
}

function calledVariable(checker, call) {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.find(
    (d) =>
      ts.isVariableDeclaration(d) &&
      ts.isIdentifier(d.name) &&
      (ts.isSourceFile(d.parent.parent.parent) ||
        (d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))),
  );
}

export const TEST_FILE = /(^|\/)(tests?|__tests__|e2e)(\/|$)|\.(test|spec|test-d)\.[cm]?[jt]sx?$/;

/** The root's compiler options: its tsconfig.json (or tsconfig.base.json), JavaScript allowed, nothing emitted. */
function optionsOf(root) {
  const base = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
  };
  const config = ['tsconfig.json', 'tsconfig.base.json'].map((f) => path.join(root, f)).find(existsSync);
  const own = config
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(config, ts.sys.readFile).config ?? {}, ts.sys, root)
        .options
    : {};
  return {
    ...base,
    ...own,
    allowJs: true,
    checkJs: false,
    noEmit: true,
    skipLibCheck: true,
    composite: false,
  };
}

/** Source files of the tree the reference reads: TS and JS, no declarations, tests, builds or dependencies. */
export function sourceFiles(root) {
  return ts.sys
    .readDirectory(
      root,
      ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts'],
      ['**/*.d.ts', '**/node_modules/**', '**/dist/**', '**/build/**', '**/.next/**'],
      ['**/*'],
    )
    .filter((f) => !TEST_FILE.test(path.relative(root, f)));
}

/** The reference edges of `root` as `file:line -> targetFile#Name`. */
export function checkerEdges(root) {
  const files = sourceFiles(root);
  const program = ts.createProgram(files, optionsOf(root));
  const checker = program.getTypeChecker();
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  const inTree = (f) => f.startsWith(root + path.sep) && !f.includes('/node_modules/');
  const edges = new Set();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !inTree(source.fileName)) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const signature = checker.getResolvedSignature(node);
        let decl = signature?.declaration ?? constructedClass(checker, node);
        // The signature has no name of its own when a variable's type gives it: a module-level
        // variable holding a function made elsewhere or a typed arrow. The call is a call of that variable.
        if (!nameOf(decl) && ts.isCallExpression(node)) decl = calledVariable(checker, node) ?? decl;
        const target = decl?.getSourceFile();
        const name = nameOf(decl);
        if (target && name && inTree(target.fileName) && !target.isDeclarationFile) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          edges.add(`${rel(source.fileName)}:${line} -> ${rel(target.fileName)}#${name}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { edges, files: files.length };
}
