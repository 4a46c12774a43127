import path from 'node:path';
import { ToolError } from '@boocode/mcp-server-kit';
import type * as TS from 'typescript';
import type { Projects } from '../project/projects.js';
import ts from '../typescript.js';
import { cleanTypeText, docText, expandType, MAX_MEMBERS, typeText } from './format.js';
import { type Located, locate } from './locate.js';

export interface Position {
  file?: string;
  line?: number;
  column?: number;
  symbol?: string;
}

function place(root: string, node: TS.Node) {
  const source = node.getSourceFile();
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return {
    file: path.relative(root, source.fileName).split(path.sep).join('/'),
    line: line + 1,
    column: character + 1,
  };
}

function symbolAt(located: Located): TS.Symbol {
  const symbol = located.checker.getSymbolAtLocation(located.node);
  if (!symbol)
    throw new ToolError(
      'BAD_INPUT',
      `nothing with a name at ${place('', located.node).line}:${place('', located.node).column}; point at an identifier`,
    );
  return symbol;
}

/** Follows imports and re-exports to the symbol that declares the thing. */
function unalias(checker: TS.TypeChecker, symbol: TS.Symbol): TS.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

export function typeAt(projects: Projects, q: Position & { depth?: number }) {
  const located = locate(projects, q);
  const { checker, node } = located;
  // At a call, the instantiated signature is what the reader wants; elsewhere the type of the expression.
  const call =
    node.parent && ts.isCallExpression(node.parent) && node.parent.expression === node
      ? node.parent
      : undefined;
  let text: string;
  let expansion: string | undefined;
  let truncated = false;
  if (call) {
    const signature = checker.getResolvedSignature(call);
    text = signature
      ? cleanTypeText(checker.signatureToString(signature, call, ts.TypeFormatFlags.NoTruncation))
      : typeText(checker, checker.getTypeAtLocation(node), node);
  } else {
    // The name an editor's hover shows (`Box<string>`) first; its structure beside it when that says more.
    const type = checker.getTypeAtLocation(node);
    text = typeText(checker, type, node);
    const expanded = expandType(checker, type, node, q.depth ?? 2);
    if (expanded.text !== text) expansion = expanded.text;
    truncated = expanded.truncated;
  }
  const symbol = checker.getSymbolAtLocation(node);
  return {
    ...place(projects.root, node),
    symbol: ts.isIdentifier(node) ? node.text : node.getText().slice(0, 80),
    kind: symbol
      ? (ts.SymbolFlags[unalias(checker, symbol).flags & ~ts.SymbolFlags.Transient]?.toLowerCase() ??
        'symbol')
      : ts.SyntaxKind[node.kind],
    type: text,
    ...(expansion ? { expanded: expansion } : {}),
    ...(call ? { at: 'call site (generics instantiated)' } : {}),
    truncated,
    notes: located.notes,
  };
}

export function signature(projects: Projects, q: Position) {
  const located = locate(projects, q);
  const { checker, node } = located;
  const symbol = unalias(checker, symbolAt(located));
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  const type = checker.getTypeOfSymbolAtLocation(symbol, declaration ?? node);
  let signatures = type.getCallSignatures();
  if (signatures.length === 0) signatures = type.getConstructSignatures();
  if (signatures.length === 0)
    throw new ToolError(
      'NOT_CALLABLE',
      `${symbol.name} is not callable (its type is ${typeText(checker, type, node)})`,
    );
  return {
    symbol: symbol.name,
    overloads: signatures.slice(0, 20).map((sig) => ({
      text: checker.signatureToString(
        sig,
        undefined,
        ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrowStyleSignature,
      ),
      typeParameters: (sig.getTypeParameters() ?? []).map((tp) => {
        const constraint = tp.getConstraint();
        const decl = tp.getSymbol()?.declarations?.[0];
        const fallback =
          decl && ts.isTypeParameterDeclaration(decl) && decl.default ? decl.default.getText() : undefined;
        return {
          name: tp.getSymbol()?.name ?? typeText(checker, tp),
          ...(constraint ? { constraint: typeText(checker, constraint) } : {}),
          ...(fallback ? { default: fallback } : {}),
        };
      }),
      parameters: sig.getParameters().map((p) => {
        const decl = p.valueDeclaration;
        const optional =
          !!decl &&
          ts.isParameter(decl) &&
          (decl.questionToken !== undefined ||
            decl.initializer !== undefined ||
            decl.dotDotDotToken !== undefined);
        const doc = docText(checker, p);
        return {
          name: p.name,
          type: typeText(checker, checker.getTypeOfSymbolAtLocation(p, decl ?? node)),
          optional,
          ...(doc ? { doc } : {}),
        };
      }),
      returnType: typeText(checker, sig.getReturnType()),
      ...(docText(checker, sig) ? { doc: docText(checker, sig) } : {}),
    })),
    notes: [
      ...located.notes,
      ...(signatures.length > 20 ? [`${signatures.length - 20} more overloads not shown`] : []),
    ],
  };
}

export function shape(projects: Projects, q: Position) {
  const located = locate(projects, q);
  const { checker, node } = located;
  const symbol = unalias(checker, symbolAt(located));
  const declaration = symbol.declarations?.[0];
  const isType =
    (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) !== 0;
  const type = isType
    ? checker.getDeclaredTypeOfSymbol(symbol)
    : checker.getTypeOfSymbolAtLocation(symbol, declaration ?? node);
  const properties = checker.getPropertiesOfType(type);
  const own = new Set(symbol.declarations ?? []);
  const members = properties.slice(0, MAX_MEMBERS).map((p) => {
    const decl = p.valueDeclaration ?? p.declarations?.[0];
    const modifiers = decl ? ts.getCombinedModifierFlags(decl as TS.Declaration) : 0;
    const parentDecl = decl?.parent;
    const inherited =
      parentDecl &&
      !own.has(parentDecl as TS.Declaration) &&
      (ts.isClassLike(parentDecl) || ts.isInterfaceDeclaration(parentDecl));
    return {
      name: p.name,
      type: typeText(checker, checker.getTypeOfSymbolAtLocation(p, node)),
      optional: (p.flags & ts.SymbolFlags.Optional) !== 0,
      readonly:
        (modifiers & ts.ModifierFlags.Readonly) !== 0 ||
        (p.flags & ts.SymbolFlags.GetAccessor && !(p.flags & ts.SymbolFlags.SetAccessor)) !== 0,
      ...(inherited && parentDecl.name ? { inheritedFrom: parentDecl.name.getText() } : {}),
    };
  });
  const heritage = (symbol.declarations ?? []).flatMap((d) =>
    (ts.isClassLike(d) || ts.isInterfaceDeclaration(d)) && d.heritageClauses
      ? d.heritageClauses.flatMap((h) =>
          h.types.map(
            (t) => `${h.token === ts.SyntaxKind.ExtendsKeyword ? 'extends' : 'implements'} ${t.getText()}`,
          ),
        )
      : [],
  );
  return {
    symbol: symbol.name,
    kind: isType
      ? symbol.flags & ts.SymbolFlags.Class
        ? 'class'
        : symbol.flags & ts.SymbolFlags.Interface
          ? 'interface'
          : 'type'
      : 'value',
    declarations: (symbol.declarations ?? []).length,
    members,
    heritage,
    truncated: properties.length > MAX_MEMBERS,
    notes: [
      ...located.notes,
      ...((symbol.declarations ?? []).length > 1
        ? [`${symbol.declarations?.length} declarations merged`]
        : []),
      ...(properties.length > MAX_MEMBERS
        ? [`${properties.length - MAX_MEMBERS} more members not shown`]
        : []),
    ],
  };
}

export function declarations(projects: Projects, q: Position) {
  const located = locate(projects, q);
  const { checker } = located;
  let symbol = symbolAt(located);
  const chain: string[] = [];
  // Each hop of an import or re-export, in order, then the real declarations.
  for (let hops = 0; symbol.flags & ts.SymbolFlags.Alias && hops < 20; hops++) {
    const decl = symbol.declarations?.[0];
    if (decl) {
      const at = place(projects.root, decl);
      chain.push(`${at.file}:${at.line} ${decl.getText().split('\n')[0]?.slice(0, 120)}`);
    }
    const next = checker.getImmediateAliasedSymbol(symbol);
    if (!next) break;
    symbol = next;
  }
  return {
    symbol: symbol.name,
    declarations: (symbol.declarations ?? []).slice(0, 50).map((d) => ({
      ...place(projects.root, d),
      kind: ts.SyntaxKind[d.kind],
      text: d.getText().split('\n')[0]?.slice(0, 200) ?? '',
    })),
    chain,
    notes: located.notes,
  };
}
