import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { line, unquote, walk } from './syntax.js';

/** Java: Spring controllers (@RequestMapping on the class, @GetMapping… on methods) and JPA entities. */
export function scanJava(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('java');
  const annotationsOf = (node: Node) =>
    (
      node.childForFieldName('modifiers') ?? node.namedChildren.find((c) => c?.type === 'modifiers')
    )?.namedChildren.filter((c) => c?.type === 'annotation' || c?.type === 'marker_annotation') ?? [];
  const arg = (a: Node) => {
    const args = a.childForFieldName('arguments');
    const first = args?.namedChild(0);
    if (!first) return '';
    if (first.type === 'element_value_pair') return unquote(first.childForFieldName('value')) ?? '';
    return unquote(first) ?? '';
  };
  walk(root, (node) => {
    if (node.type === 'import_declaration')
      facts.imports.push({ spec: node.text.replace(/^import\s+(static\s+)?|;$/g, ''), line: line(node) });
    if (node.type !== 'class_declaration') return undefined;
    const annotations = annotationsOf(node);
    const names = annotations.map((a) => a?.childForFieldName('name')?.text);
    if (names.includes('Entity'))
      facts.models.push({
        name: node.childForFieldName('name')?.text ?? '',
        orm: 'jpa',
        file: rel,
        line: line(node),
      });
    if (!names.some((n) => n === 'RestController' || n === 'Controller')) return undefined;
    facts.frameworks = ['spring'];
    const mapping = annotations.find((a) => a?.childForFieldName('name')?.text === 'RequestMapping');
    const base = mapping ? arg(mapping) : '';
    for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
      if (member?.type !== 'method_declaration') continue;
      for (const a of annotationsOf(member)) {
        const name = a?.childForFieldName('name')?.text ?? '';
        const m = /^(Get|Post|Put|Patch|Delete)Mapping$/.exec(name);
        if (m?.[1] && a) {
          facts.routes.push({
            method: m[1].toUpperCase(),
            path: `${base}/${arg(a)}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
            line: line(member),
            framework: 'spring',
            owner: '*spring*',
            handler: member.childForFieldName('name')?.text ?? '',
          });
        }
      }
    }
    return undefined;
  });
  return facts;
}
