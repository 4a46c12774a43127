import { type SyntaxNode as Node, topLevelParts } from '@boocode/source-kit';

/**
 * A PHP attribute (`#[Route('/blog', methods: ['GET'])]`) or a docblock annotation
 * (`@Route("/blog", methods={"GET"})`), read to the same shape: Symfony and Doctrine accept both.
 */
export interface PhpAttribute {
  /** The name's last segment: `ORM\Column` → `Column`. */
  name: string;
  /** The name as written: `ORM\Column`. */
  written: string;
  values: PhpValue[];
  named: Map<string, PhpValue>;
  /** A `#[…]` attribute's named arguments as written (an annotation has none): lists of objects read further. */
  argumentNodes?: Map<string, Node>;
  line: number;
}

/** A string, a list of strings (`['GET', 'POST']`, `{"GET","POST"}`), or something not read. */
export type PhpValue = string | string[] | undefined;

const lastSegment = (name: string) => name.split('\\').pop() ?? name;

/** A PHP string literal's text (no interpolation read). */
export function phpString(node: Node | null | undefined): string | undefined {
  if (!node || (node.type !== 'string' && node.type !== 'encapsed_string')) return undefined;
  return node.namedChildren.find((c) => c?.type === 'string_content')?.text ?? '';
}

function treeValue(node: Node | null | undefined): PhpValue {
  if (!node) return undefined;
  const written = phpString(node);
  if (written !== undefined) return written;
  if (node.type !== 'array_creation_expression') return undefined;
  // A list's values, or a map's (`['en' => '/about', 'nl' => '/over-ons']`, localized paths).
  return node.namedChildren.flatMap((el) => {
    const value = treeValue(el?.namedChild(el.namedChildCount - 1));
    return typeof value === 'string' ? [value] : [];
  });
}

/** The `#[…]` attributes a class, method or property declaration carries. */
function treeAttributes(declaration: Node): PhpAttribute[] {
  const list = declaration.namedChildren.find((c) => c?.type === 'attribute_list');
  if (!list) return [];
  return list.descendantsOfType('attribute').flatMap((attribute) => {
    const nameNode = attribute?.namedChild(0);
    if (!attribute || !nameNode) return [];
    const values: PhpValue[] = [];
    const named = new Map<string, PhpValue>();
    const argumentNodes = new Map<string, Node>();
    for (const arg of attribute.childForFieldName('parameters')?.namedChildren ?? []) {
      if (arg?.type !== 'argument') continue;
      const node = arg.namedChild(arg.namedChildCount - 1);
      const value = treeValue(node);
      const name = arg.childForFieldName('name')?.text;
      if (name) named.set(name, value);
      else values.push(value);
      if (name && node) argumentNodes.set(name, node);
    }
    return [
      {
        name: lastSegment(nameNode.text),
        written: nameNode.text,
        values,
        named,
        argumentNodes,
        line: attribute.startPosition.row + 1,
      },
    ];
  });
}

function annotationValue(text: string): PhpValue {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(text);
  if (quoted) return quoted[2];
  if (!text.startsWith('{')) return undefined;
  // `{"GET", "POST"}`, or a map's values (`{"en": "/about"}`).
  return [...text.matchAll(/(["'])((?:(?!\1).)*)\1\s*(?=[,}])/g)].map((m) => m[2] as string);
}

/** The `@Name(…)` annotations of a docblock, with the line each starts on. */
function docAnnotations(comment: Node): PhpAttribute[] {
  const text = comment.text;
  if (!text.startsWith('/**')) return [];
  const found: PhpAttribute[] = [];
  // A docblock's lines lose their leading ` * `; offsets stay, so lines can be counted.
  const body = text.replace(/^([ \t]*)\*(?!\/)/gm, '$1 ');
  for (const m of body.matchAll(/(?<![\w\\])@([A-Za-z_][\w\\]*)[ \t]*(\()?/g)) {
    const written = m[1] as string;
    let args = '';
    if (m[2]) {
      const open = (m.index ?? 0) + m[0].length;
      let depth = 1;
      let quote = '';
      let i = open;
      for (; i < body.length && depth > 0; i++) {
        const c = body[i];
        if (quote) {
          if (c === '\\') i++;
          else if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '(') depth++;
        else if (c === ')') depth--;
      }
      args = body.slice(open, i - 1);
    }
    const values: PhpValue[] = [];
    const named = new Map<string, PhpValue>();
    for (const part of topLevelParts(args)) {
      const pair = /^(\w+)\s*[=:]\s*([\s\S]*)$/.exec(part);
      if (pair) named.set(pair[1] as string, annotationValue(pair[2] as string));
      else values.push(annotationValue(part));
    }
    const line = comment.startPosition.row + 1 + (text.slice(0, m.index).match(/\n/g)?.length ?? 0);
    found.push({ name: lastSegment(written), written, values, named, line });
  }
  return found;
}

/** A declaration's attributes, then its docblock's annotations (the comment just before it). */
export function attributesOf(declaration: Node): PhpAttribute[] {
  const own = treeAttributes(declaration);
  const before = declaration.previousNamedSibling;
  return before?.type === 'comment' && before.endPosition.row >= declaration.startPosition.row - 1
    ? [...own, ...docAnnotations(before)]
    : own;
}

/** A value as a list of strings: one string, a list, or none. */
export const stringsOf = (value: PhpValue): string[] => (typeof value === 'string' ? [value] : (value ?? []));
