import type * as TS from 'typescript';
import ts from '../typescript.js';

export const MAX_TYPE_CHARS = 8_000;
export const MAX_MEMBERS = 200;

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/** `import("/abs/path").Box` is noise to a reader: the name is enough, `declarations` finds it. */
export function cleanTypeText(text: string): string {
  return text.replace(/import\("[^"]*"\)\./g, '');
}

export function typeText(checker: TS.TypeChecker, type: TS.Type, at?: TS.Node): string {
  return cleanTypeText(checker.typeToString(type, at, FLAGS));
}

/**
 * A type written out with aliases unfolded: object types become their members, unions and
 * intersections their parts, down to `depth` levels, within a size budget.
 */
export function expandType(
  checker: TS.TypeChecker,
  type: TS.Type,
  at: TS.Node | undefined,
  depth: number,
): { text: string; truncated: boolean } {
  let truncated = false;
  const seen = new Set<TS.Type>();
  const expand = (t: TS.Type, level: number): string => {
    if (level >= depth || seen.has(t)) return typeText(checker, t, at);
    if (t.isUnion()) return t.types.map((p) => expand(p, level)).join(' | ');
    if (t.isIntersection()) return t.types.map((p) => expand(p, level)).join(' & ');
    const isObject = (t.flags & ts.TypeFlags.Object) !== 0;
    const callable = t.getCallSignatures().length > 0;
    // Library classes and interfaces (Date, Map, Promise…) stay named; mapped types over user types expand.
    const symbol = t.getSymbol();
    const lib =
      symbol !== undefined &&
      (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface)) !== 0 &&
      symbol.declarations?.some(
        (d) => d.getSourceFile().hasNoDefaultLib || d.getSourceFile().fileName.includes('/node_modules/'),
      );
    if (!isObject || callable || lib || checker.isArrayType(t) || checker.isTupleType(t))
      return typeText(checker, t, at);
    const props = checker.getPropertiesOfType(t);
    if (props.length === 0) return typeText(checker, t, at);
    seen.add(t);
    const members = props.slice(0, 50).map((p) => {
      const optional = (p.flags & ts.SymbolFlags.Optional) !== 0 ? '?' : '';
      const propType = checker.getTypeOfSymbolAtLocation(
        p,
        at ?? p.valueDeclaration ?? (p.declarations?.[0] as TS.Node),
      );
      return `${p.name}${optional}: ${expand(propType, level + 1)}`;
    });
    seen.delete(t);
    if (props.length > 50) {
      truncated = true;
      members.push(`/* ${props.length - 50} more members */`);
    }
    return `{ ${members.join('; ')} }`;
  };
  let text = expand(type, 0);
  if (text.length > MAX_TYPE_CHARS) {
    text = `${text.slice(0, MAX_TYPE_CHARS)}… [type cut at ${MAX_TYPE_CHARS} characters]`;
    truncated = true;
  }
  return { text, truncated };
}

export function docText(checker: TS.TypeChecker, symbol: TS.Symbol | TS.Signature): string | undefined {
  const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  return doc || undefined;
}
