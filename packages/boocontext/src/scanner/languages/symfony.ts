import type { SyntaxNode as Node } from '@boocode/source-kit';
import { type FileFacts, joinPaths, UNKNOWN_PART } from '../types.js';
import { readApiResource } from './api-platform.js';
import { attributesOf, type PhpAttribute, stringsOf } from './php-attributes.js';
import { line } from './syntax.js';

/**
 * Owner of a Symfony controller's routes: the routing config imports them (`resource:
 * ../src/Controller/`, `prefix: /api`) by the folder or file they are in.
 */
export const SYMFONY_OWNER = 'symfony';

/** FOSRestBundle's verb annotations (`@Rest\Get("/x")`), each its method. */
const REST_VERBS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'Head', 'Options']);

/** Doctrine's mapping attributes that make a property a stored field or a relation. */
const DOCTRINE_FIELD = /^(Column|Id|ManyToOne|OneToOne|OneToMany|ManyToMany|Embedded|JoinColumn|JoinTable)$/;

/**
 * A Symfony path's parameters as plain `{name}`: `{id:post}` (an entity mapped by the parameter),
 * `{page<\d+>}` (an inline requirement) and `{page?1}` (a default) are the parameter `page`.
 */
export const symfonyPath = (written: string) =>
  written.replace(/\{(\w+)(?::[\w.]+)?(?:<[^>]*>)?(?:\?[^}]*)?\}/g, '{$1}');

/**
 * A controller named as a string, as Symfony's routing config and Slim write it
 * (`App\Controller\BlogController::index`, the older `Blog:index`): `BlogController::index`.
 */
export const controllerName = (written: string | undefined) =>
  written
    ?.split('\\')
    .pop()
    ?.replace(/^(\w+):(\w+)$/, '$1::$2');

interface RouteAttribute {
  paths: string[];
  methods: string[];
  line: number;
}

/** `#[Route('/x', methods: ['GET'])]`, `@Route("/x", methods={"GET"})`, FOSRest's `@Rest\Get("/x")`. */
function routeAttributes(attributes: PhpAttribute[], fosRest: boolean): RouteAttribute[] {
  return attributes.flatMap((a) => {
    const verb = fosRest && REST_VERBS.has(a.name) && a.written.includes('\\');
    if (a.name !== 'Route' && !verb) return [];
    const written = a.named.get('path') ?? a.values[0] ?? (a.values.length ? undefined : '');
    const paths = written === undefined ? [UNKNOWN_PART] : stringsOf(written);
    const methods = verb
      ? [a.name.toUpperCase()]
      : stringsOf(a.named.get('methods')).flatMap((m) => m.split('|').map((x) => x.trim().toUpperCase()));
    return [{ paths: paths.map(symfonyPath), methods: methods.filter(Boolean), line: a.line }];
  });
}

const methodsOf = (own: string[], inherited: string[]) =>
  own.length ? own : inherited.length ? inherited : ['ALL'];

/**
 * A Symfony controller class's routes: each method's `#[Route]` (or docblock `@Route`) under every
 * path its class-level route gives it, and an invokable class's own route when no method has one.
 */
function readControllerRoutes(
  node: Node,
  attributes: PhpAttribute[],
  facts: FileFacts,
  fosRest: boolean,
): void {
  const className = node.childForFieldName('name')?.text ?? '';
  const classRoutes = routeAttributes(attributes, fosRest);
  const prefixes = classRoutes.length ? classRoutes : [{ paths: [''], methods: [], line: line(node) }];
  const methods = (node.childForFieldName('body')?.namedChildren ?? []).filter(
    (m): m is Node => m?.type === 'method_declaration',
  );
  let found = false;
  const push = (route: RouteAttribute, inherited: RouteAttribute, method: Node) => {
    for (const prefix of inherited.paths)
      for (const own of route.paths)
        for (const verb of methodsOf(route.methods, inherited.methods))
          facts.routes.push({
            method: verb,
            path: joinPaths(prefix, own),
            line: route.line,
            endLine: method.endPosition.row + 1,
            framework: 'symfony',
            owner: SYMFONY_OWNER,
            handler: `${className}::${method.childForFieldName('name')?.text ?? ''}`,
          });
  };
  for (const method of methods)
    for (const route of routeAttributes(attributesOf(method), fosRest)) {
      found = true;
      for (const inherited of prefixes) push(route, inherited, method);
    }
  const invoke = methods.find((m) => m.childForFieldName('name')?.text === '__invoke');
  if (!found && invoke && classRoutes.length)
    for (const route of classRoutes) push(route, { paths: [''], methods: [], line: route.line }, invoke);
}

/** A Doctrine entity (`#[ORM\Entity]`, `@ORM\Entity`): its class, `Table` name and mapped properties. */
function readEntity(node: Node, attributes: PhpAttribute[], rel: string, facts: FileFacts): void {
  if (!attributes.some((a) => a.name === 'Entity')) return;
  const table = attributes.find((a) => a.name === 'Table');
  const tableName = table?.named.get('name') ?? table?.values[0];
  const fields = (node.childForFieldName('body')?.namedChildren ?? []).flatMap((p) => {
    if (p?.type !== 'property_declaration') return [];
    if (!attributesOf(p).some((a) => DOCTRINE_FIELD.test(a.name))) return [];
    return p
      .descendantsOfType('property_element')
      .flatMap((e) => (e ? [e.namedChild(0)?.text.replace(/^\$/, '') ?? ''] : []))
      .filter(Boolean);
  });
  facts.models.push({
    name: node.childForFieldName('name')?.text ?? '',
    orm: 'doctrine',
    file: rel,
    line: line(node),
    fields,
    // A quoted name (`` `user` ``) is the table's name unquoted.
    ...(typeof tableName === 'string' && tableName ? { table: tableName.replace(/^`|`$/g, '') } : {}),
  });
}

/** Symfony's attribute and annotation routes, Doctrine's entities, API Platform's resources, of one class. */
export function readSymfonyClass(node: Node, rel: string, facts: FileFacts, fosRest: boolean): void {
  const attributes = attributesOf(node);
  readControllerRoutes(node, attributes, facts, fosRest);
  readEntity(node, attributes, rel, facts);
  readApiResource(node, attributes, facts);
}

/** Text a PHP file has when it declares Symfony routes or Doctrine entities. */
export const SYMFONY_MARKERS =
  /[#@]\[?\s*(Route|ORM\\Entity|Entity|ApiResource|Rest\\(Get|Post|Put|Patch|Delete))\b/;
