import path from 'node:path';
import { ToolError } from '@boocode/mcp-server-kit';
import type * as TS from 'typescript';
import type { Projects } from '../project/projects.js';
import ts from '../typescript.js';

export interface Located {
  program: TS.Program;
  checker: TS.TypeChecker;
  source: TS.SourceFile;
  node: TS.Node;
  notes: string[];
}

/** Declarations a name can mean: `fn`, `Class`, `Class.member`, `Namespace.inner`. */
function findDeclaration(source: TS.SourceFile, dotted: string): TS.Node | undefined {
  const parts = dotted.split('.');
  let found: TS.Node | undefined;
  const visit = (node: TS.Node, depth: number): void => {
    if (found) return;
    const name = (node as { name?: TS.Node }).name;
    if (name && ts.isIdentifier(name) && name.text === parts[depth]) {
      if (depth === parts.length - 1) {
        found = name;
        return;
      }
      ts.forEachChild(node, (child) => visit(child, depth + 1));
      if (found) return;
    }
    ts.forEachChild(node, (child) => visit(child, depth));
  };
  visit(source, 0);
  return found;
}

function positionOf(source: TS.SourceFile, line: number, column: number): number {
  if (line < 1 || line > source.getLineStarts().length) {
    throw new ToolError(
      'BAD_INPUT',
      `line ${line} is outside ${source.fileName} (it has ${source.getLineStarts().length} lines)`,
    );
  }
  const start = source.getPositionOfLineAndCharacter(line - 1, 0);
  const lineText = source.text.slice(
    start,
    source.text.indexOf('\n', start) === -1 ? undefined : source.text.indexOf('\n', start),
  );
  return start + Math.min(Math.max(0, column - 1), Math.max(0, lineText.length - 1));
}

/** The innermost token at a position, moved to the identifier a reader would point at. */
function tokenAt(source: TS.SourceFile, position: number): TS.Node {
  let node: TS.Node = source;
  const descend = (current: TS.Node): void => {
    ts.forEachChild(current, (child) => {
      if (child.getStart(source) <= position && position < child.getEnd()) {
        node = child;
        descend(child);
      }
    });
  };
  descend(source);
  return node;
}

/**
 * Finds the node a query means: `file` + `line` + `column` (1-based), or `file` + `symbol`, or a
 * `symbol` searched among all files of the root project.
 */
export function locate(
  projects: Projects,
  query: { file?: string; line?: number; column?: number; symbol?: string },
): Located {
  const notes: string[] = [];
  if (query.file) {
    const abs = projects.resolveFile(query.file);
    const project = projects.forFile(abs);
    if (!project.configFile)
      notes.push(
        'no tsconfig.json covers this file; answered with inferred settings (allowJs, checkJs, strict)',
      );
    const program = projects.program(project);
    const source = program.getSourceFile(abs);
    if (!source) throw new ToolError('NOT_FOUND', `${query.file} is not part of its TypeScript project`);
    let node: TS.Node | undefined;
    if (query.line !== undefined) {
      node = tokenAt(source, positionOf(source, query.line, query.column ?? 1));
      if (query.symbol && !ts.isIdentifier(node)) {
        const onLine = findDeclaration(source, query.symbol);
        if (onLine) node = onLine;
      }
    } else if (query.symbol) {
      node = findDeclaration(source, query.symbol);
      if (!node)
        throw new ToolError(
          'NOT_FOUND',
          `no declaration named "${query.symbol}" in ${query.file}; give line and column instead`,
        );
    } else {
      throw new ToolError('BAD_INPUT', 'give line (and column) or symbol together with file');
    }
    const errors =
      program.getSemanticDiagnostics(source).length + program.getSyntacticDiagnostics(source).length;
    if (errors > 0)
      notes.push(`${query.file} has ${errors} type error(s); types involving them may be partial or any`);
    return { program, checker: program.getTypeChecker(), source, node, notes };
  }
  if (!query.symbol)
    throw new ToolError('BAD_INPUT', 'give file (with line/column or symbol), or a symbol name');
  for (const project of projects.allProjects()) {
    const program = projects.program(project);
    for (const source of program.getSourceFiles()) {
      if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue;
      if (!source.fileName.startsWith(projects.root)) continue;
      const node = findDeclaration(source, query.symbol);
      if (node) {
        notes.push(
          `found in ${path.relative(projects.root, source.fileName)}; pass file to pick another declaration`,
        );
        return { program, checker: program.getTypeChecker(), source, node, notes };
      }
    }
  }
  throw new ToolError(
    'NOT_FOUND',
    `no declaration named "${query.symbol}" under ${projects.root}; check the spelling or pass file and line`,
  );
}
