// Call-edge accuracy of code-graph on a real TypeScript code base no one here wrote (rxjs 7.8.1,
// which ships its .ts sources), against the TypeScript checker as ground truth: every call and
// `new` in the sources, resolved by the compiler to a declaration inside the project.
// Prints precision (edges we report that the compiler agrees with) and recall (compiler edges
// we report). Goal: precision ≥ 0.90, recall ≥ 0.80.
import { rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { CodeIndex } from '../packages/code-graph/dist/index.js';
import { fetchPackage, workDir } from './lib-fetch.mjs';

const pkg = fetchPackage('rxjs@7.8.1');
const root = path.join(pkg, 'src');
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

// Ground truth from the compiler.
const files = ts.sys.readDirectory(root, ['.ts'], ['**/*.d.ts'], ['**/*']);
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
});
const checker = program.getTypeChecker();
const rel = (f) => path.relative(root, f).split(path.sep).join('/');

/** Our naming: `fn`, `Class.method`, `Class.constructor`, a variable bound to a function. */
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
    ts.isIdentifier(decl.name)
  )
    return `${owner}.${decl.name.text}`;
  if (ts.isFunctionDeclaration(decl) && decl.name) return decl.name.text;
  if (ts.isClassDeclaration(decl) && decl.name) return decl.name.text;
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name)) return decl.name.text;
  return undefined;
}

const truth = new Set();
for (const source of program.getSourceFiles()) {
  if (source.isDeclarationFile || !source.fileName.startsWith(root)) continue;
  const visit = (node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const signature = checker.getResolvedSignature(node);
      let decl = signature?.declaration;
      if (ts.isNewExpression(node) && !decl) {
        const symbol = checker.getSymbolAtLocation(node.expression);
        decl = symbol?.declarations?.find(ts.isClassDeclaration);
      }
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
  console.log('FALSE POS', a.length, a.sort(() => Math.random() - 0.5).slice(0, 25));
  console.log('MISSED', b.length, b.sort(() => Math.random() - 0.5).slice(0, 40));
}
let agree = 0;
for (const edge of ours) if (truth.has(edge)) agree++;
const precision = agree / Math.max(1, ours.size);
const recall = agree / Math.max(1, truth.size);
console.log(`code base: rxjs 7.8.1 src, ${files.length} .ts files`);
console.log(`edges: code-graph ${ours.size}, TypeScript checker ${truth.size}, agreeing ${agree}`);
console.log(`precision ${precision.toFixed(3)} (goal >= 0.90), recall ${recall.toFixed(3)} (goal >= 0.80)`);
