import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { line } from './syntax.js';

const RESOURCE_ROUTES: [string, string][] = [
  ['GET', ''],
  ['GET', '/new'],
  ['POST', ''],
  ['GET', '/:id'],
  ['GET', '/:id/edit'],
  ['PATCH', '/:id'],
  ['PUT', '/:id'],
  ['DELETE', '/:id'],
];

/** Ruby: Rails config/routes.rb (verbs, resources, namespace/scope blocks) and ActiveRecord models. */
export function scanRuby(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('ruby');
  const symbolOrString = (n: Node | null | undefined) => n?.text.replace(/^:|^["']|["']$/g, '');
  const visit = (node: Node, prefix: string) => {
    if (
      node.type === 'class' &&
      /ApplicationRecord|ActiveRecord::Base/.test(node.childForFieldName('superclass')?.text ?? '')
    ) {
      facts.models.push({
        name: node.childForFieldName('name')?.text ?? '',
        orm: 'activerecord',
        file: rel,
        line: line(node),
      });
    }
    if (node.type === 'call' && /routes\.rb$/.test(rel)) {
      const method = node.childForFieldName('method')?.text ?? '';
      const args = node.childForFieldName('arguments');
      const first = symbolOrString(args?.namedChild(0));
      const block = node.childForFieldName('block');
      if (first && ['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        facts.routes.push({
          method: method.toUpperCase(),
          path: `${prefix}/${first.replace(/^\//, '')}`,
          line: line(node),
          framework: 'rails',
          owner: '*rails*',
        });
      } else if (first && (method === 'resources' || method === 'resource')) {
        for (const [verb, suffix] of RESOURCE_ROUTES) {
          if (method === 'resource' && suffix.includes(':id')) continue;
          facts.routes.push({
            method: verb,
            path: `${prefix}/${first}${suffix}`,
            line: line(node),
            framework: 'rails',
            owner: '*rails*',
          });
        }
        if (block)
          for (const child of block.namedChildren)
            if (child) visit(child, `${prefix}/${first}/:${first.replace(/s$/, '')}_id`);
        return;
      } else if (first && (method === 'namespace' || method === 'scope') && block) {
        for (const child of block.namedChildren)
          if (child) visit(child, `${prefix}/${first.replace(/^\//, '')}`);
        return;
      } else if (method === 'root') {
        facts.routes.push({
          method: 'GET',
          path: prefix || '/',
          line: line(node),
          framework: 'rails',
          owner: '*rails*',
        });
      }
      if (facts.routes.length) facts.frameworks = ['rails'];
    }
    for (const child of node.namedChildren) if (child) visit(child, prefix);
  };
  visit(root, '');
  return facts;
}
