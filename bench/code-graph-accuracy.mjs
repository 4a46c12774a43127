// Call-edge accuracy of code-graph on TypeScript code bases no one here wrote, against the
// TypeScript checker as ground truth: every call and `new` in the sources (and `super(…)`),
// resolved by the compiler to a declaration inside the project. Per code base: precision (edges
// we report that the compiler agrees with) and recall (compiler edges we report).
// Goal (issue 13): precision ≥ 0.95 and recall ≥ 0.90 on every code base besides rxjs.
// SHOW=1 prints samples of both kinds of miss; ONLY=name runs one code base.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CodeIndex } from '../packages/code-graph/dist/index.js';
import { fetchPackage, workDir } from './lib-fetch.mjs';

const CODE_BASES = [
  { spec: 'rxjs@7.8.1', src: 'src' },
  { spec: '@tanstack/query-core@5.62.0', src: 'src' },
  { spec: '@trpc/server@11.0.0', src: 'src' },
  { spec: 'mobx@6.13.5', src: 'src' },
  {
    spec: '@reduxjs/toolkit@2.5.0',
    src: 'src',
    // The package imports itself by name; its repository's tsconfig maps those names to src/.
    paths: {
      '@reduxjs/toolkit': ['src/index.ts'],
      '@reduxjs/toolkit/react': ['src/react/index.ts'],
      '@reduxjs/toolkit/query': ['src/query/index.ts'],
      '@reduxjs/toolkit/query/react': ['src/query/react/index.ts'],
    },
  },
];

/** Our naming: `fn`, `Class.method`, `Class.constructor`, `Class.#private`, a variable bound to a function. */
function nameOf(decl) {
  if (!decl) return undefined;
  // A function bound to a variable is called by the variable's name.
  if ((ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) && ts.isVariableDeclaration(decl.parent))
    decl = decl.parent;
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
  const target = ts.isNewExpression(node)
    ? checker.getSymbolAtLocation(node.expression)
    : node.expression.kind === ts.SyntaxKind.SuperKeyword
      ? checker.getTypeAtLocation(node.expression).getSymbol()
      : undefined;
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

const TEST = /(^|\/)(tests?|__tests__)(\/|$)|\.(test|spec|test-d)\.tsx?$/;

const results = [];
for (const codeBase of CODE_BASES) {
  if (process.env.ONLY && !codeBase.spec.includes(process.env.ONLY)) continue;
  // Tests left out on both sides: the checker's program and the index read the same files. The
  // sources keep their folder, as in the package's repository (`src/vendor/` is its own code).
  const root = path.join(workDir, 'accuracy', codeBase.spec.replace(/[@/]/g, '_'));
  rmSync(root, { recursive: true, force: true });
  cpSync(path.join(fetchPackage(codeBase.spec), codeBase.src), path.join(root, codeBase.src), {
    recursive: true,
    filter: (from) => !TEST.test(from),
  });
  const paths = codeBase.paths ?? {};
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { baseUrl: '.', paths } }),
  );
  const cache = path.join(workDir, 'cache-accuracy');
  rmSync(cache, { recursive: true, force: true });
  const index = CodeIndex.open(root, { ...process.env, CODE_GRAPH_CACHE_DIR: cache });
  await index.refresh();
  const ours = new Set(
    index.db
      .prepare(
        "SELECT e.file, e.line, s.file AS tf, s.name AS tn FROM edges e JOIN symbols s ON s.id = e.callee_id WHERE e.kind != 'reference'",
      )
      .all()
      .map((r) => `${r.file}:${r.line} -> ${r.tf}#${r.tn}`),
  );
  index.close();

  const files = ts.sys.readDirectory(root, ['.ts', '.tsx'], ['**/*.d.ts'], ['**/*']);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    baseUrl: root,
    paths,
  });
  const checker = program.getTypeChecker();
  const rel = (f) => path.relative(root, f).split(path.sep).join('/');
  const truth = new Set();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !source.fileName.startsWith(root)) continue;
    const visit = (node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const signature = checker.getResolvedSignature(node);
        let decl = signature?.declaration ?? constructedClass(checker, node);
        // The signature has no name of its own when a variable's type gives it: a module-level
        // variable holding a function made elsewhere (`const isAtom = createPredicate(…)`, an
        // `IActionFactory`-typed const) or a typed arrow (`const merge: MergeFunction = (…) => …`).
        // The call is a call of that variable.
        if (!nameOf(decl) && ts.isCallExpression(node)) decl = calledVariable(checker, node) ?? decl;
        const target = decl?.getSourceFile();
        const name = nameOf(decl);
        if (target && name && target.fileName.startsWith(root) && !target.isDeclarationFile) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          truth.add(`${rel(source.fileName)}:${line} -> ${rel(target.fileName)}#${name}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  if (process.env.SHOW) {
    const a = [...ours].filter((e) => !truth.has(e));
    const b = [...truth].filter((e) => !ours.has(e));
    console.log(codeBase.spec, 'FALSE POS', a.length, a.sort(() => Math.random() - 0.5).slice(0, 25));
    console.log(codeBase.spec, 'MISSED', b.length, b.sort(() => Math.random() - 0.5).slice(0, 40));
  }
  let agree = 0;
  for (const edge of ours) if (truth.has(edge)) agree++;
  results.push({
    spec: codeBase.spec,
    files: files.length,
    ours: ours.size,
    truth: truth.size,
    precision: agree / Math.max(1, ours.size),
    recall: agree / Math.max(1, truth.size),
  });
}

for (const r of results) {
  console.log(
    `${r.spec.padEnd(30)} ${String(r.files).padStart(4)} files  edges ours ${String(r.ours).padStart(5)} / checker ${String(r.truth).padStart(5)}  precision ${r.precision.toFixed(3)}  recall ${r.recall.toFixed(3)}`,
  );
}
console.log('goal (besides rxjs): precision >= 0.95, recall >= 0.90');
