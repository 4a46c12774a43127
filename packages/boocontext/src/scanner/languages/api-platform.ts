import type { SyntaxNode as Node } from '@boocode/source-kit';
import pluralize from 'pluralize';
import { type FileFacts, joinPaths } from '../types.js';
import { type PhpAttribute, type PhpValue, phpString, stringsOf } from './php-attributes.js';
import { line } from './syntax.js';

/**
 * Owner of API Platform's routes: a `type: api_platform` import of the routing config puts them
 * under its prefix.
 */
export const API_PLATFORM_OWNER = 'api-platform';

/** API Platform's operation classes: the method each answers, and whether it is an item's (`/{id}`). */
const OPERATIONS: Record<string, { method: string; item: boolean }> = {
  GetCollection: { method: 'GET', item: false },
  Post: { method: 'POST', item: false },
  Get: { method: 'GET', item: true },
  Put: { method: 'PUT', item: true },
  Patch: { method: 'PATCH', item: true },
  Delete: { method: 'DELETE', item: true },
};

/** An `#[ApiResource]` with no `operations` (API Platform 3.2 and later: PUT is not registered by default). */
const ATTRIBUTE_DEFAULTS = ['GetCollection', 'Post', 'Get', 'Patch', 'Delete'];
/** API Platform 2's `@ApiResource` annotation: its collection and item operations by name, and its defaults. */
const ANNOTATION_OPERATIONS: Record<string, Record<string, string>> = {
  collectionOperations: { get: 'GetCollection', post: 'Post' },
  itemOperations: { get: 'Get', put: 'Put', patch: 'Patch', delete: 'Delete' },
};
const ANNOTATION_DEFAULTS: Record<string, string[]> = {
  collectionOperations: ['get', 'post'],
  itemOperations: ['get', 'put', 'delete'],
};

const text = (value: PhpValue) => (typeof value === 'string' ? value : undefined);

/**
 * `Book` → `books`, `Category` → `categories`, `BookStore` → `book_stores`, `Shelf` → `shelves`:
 * the default path segment, pluralised by an inflector as API Platform's (Symfony's) does.
 */
function segmentOf(shortName: string): string {
  return pluralize(shortName)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** A URI template as a path: the format suffix (`{._format}`, `.{_format}`) left out. */
const templatePath = (template: string) => template.replace(/\{\._format\}|\.\{_format\}/g, '');

interface Operation {
  name: string;
  uriTemplate?: string;
  line: number;
}

/** The operations a resource declares (`operations: [new Get(uriTemplate: …), …]`), or its defaults. */
function operationsOf(resource: PhpAttribute): Operation[] {
  const list = resource.argumentNodes?.get('operations');
  if (list?.type === 'array_creation_expression')
    return list.namedChildren.flatMap((element) => {
      const created = element?.namedChild(0);
      if (created?.type !== 'object_creation_expression') return [];
      const name = created.namedChildren.find((c) => c?.type === 'name' || c?.type === 'qualified_name');
      const template = created.namedChildren
        .find((c) => c?.type === 'arguments')
        ?.namedChildren.find(
          (a) => a?.type === 'argument' && a.childForFieldName('name')?.text === 'uriTemplate',
        );
      const uriTemplate = phpString(template?.namedChild(template.namedChildCount - 1));
      return name
        ? [
            {
              name: name.text.split('\\').pop() as string,
              ...(uriTemplate ? { uriTemplate } : {}),
              line: line(created),
            },
          ]
        : [];
    });
  if (resource.argumentNodes) return ATTRIBUTE_DEFAULTS.map((name) => ({ name, line: resource.line }));
  return Object.entries(ANNOTATION_OPERATIONS).flatMap(([kind, names]) => {
    const written = resource.named.has(kind)
      ? stringsOf(resource.named.get(kind))
      : ANNOTATION_DEFAULTS[kind];
    return (written ?? []).flatMap((op) => {
      const name = names[op.toLowerCase()];
      return name ? [{ name, line: resource.line }] : [];
    });
  });
}

/**
 * API Platform's resources (`#[ApiResource]`, API Platform 2's `@ApiResource`): each operation a
 * route at its `uriTemplate`, or at the resource's, or at the path its short name makes
 * (`/books`, `/books/{id}`), under the resource's `routePrefix`.
 */
export function readApiResource(node: Node, attributes: PhpAttribute[], facts: FileFacts): void {
  const className = node.childForFieldName('name')?.text ?? '';
  for (const resource of attributes.filter((a) => a.name === 'ApiResource')) {
    const base = `/${segmentOf(text(resource.named.get('shortName')) ?? className)}`;
    const resourceTemplate = text(resource.named.get('uriTemplate'));
    const routePrefix = text(resource.named.get('routePrefix')) ?? '';
    for (const op of operationsOf(resource)) {
      const kind = OPERATIONS[op.name];
      if (!kind) continue;
      const template = op.uriTemplate ?? resourceTemplate ?? (kind.item ? `${base}/{id}` : base);
      facts.routes.push({
        method: kind.method,
        path: joinPaths(routePrefix, templatePath(template)),
        line: op.line,
        framework: 'api-platform',
        owner: API_PLATFORM_OWNER,
      });
    }
  }
}
