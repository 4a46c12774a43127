import ts from '@boocode/ts-types/typescript';
import type * as TS from 'typescript';

const printer = ts.createPrinter({ removeComments: true });

/**
 * Declarations as one checker or another prints them, in one form: a union's members sorted, no
 * `readonly` on object members. A checker orders a union by when it met its members and marks
 * inferred members readonly or not by what it checked before, so the same declarations print
 * differently after different work.
 */
export function canonicalDeclarations(declarations: string): string {
  const source = ts.createSourceFile('d.ts', declarations, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sortUnions = (context: TS.TransformationContext) => (root: TS.SourceFile) => {
    const visit = (node: TS.Node): TS.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      // An inferred object type's members come out `readonly` or not depending on that work too.
      if (ts.isPropertySignature(visited) && visited.modifiers?.length)
        return context.factory.updatePropertySignature(
          visited,
          visited.modifiers.filter((m) => m.kind !== ts.SyntaxKind.ReadonlyKeyword),
          visited.name,
          visited.questionToken,
          visited.type,
        );
      if (!ts.isUnionTypeNode(visited)) return visited;
      const members = [...visited.types].sort((a, b) => {
        const x = printer.printNode(ts.EmitHint.Unspecified, a, source);
        const y = printer.printNode(ts.EmitHint.Unspecified, b, source);
        return x < y ? -1 : x > y ? 1 : 0;
      });
      return context.factory.updateUnionTypeNode(visited, context.factory.createNodeArray(members));
    };
    return ts.visitNode(root, visit) as TS.SourceFile;
  };
  const [sorted] = ts.transform(source, [sortUnions]).transformed;
  return printer.printFile(sorted as TS.SourceFile);
}
