import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute, jvmGraphqlField } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import { emptyFacts, type FileFacts, joinPaths, PATH_VALUE } from '../types.js';
import { pathExpression, readCallRegisteredRoutes } from './java-calls.js';
import { CAPITALISED_VERBS, JAXRS_VERBS, jvmEntity, line, SPRING_MAPPINGS, unquote, walk } from './syntax.js';

/** An annotation's argument by name (`value` is also the unnamed one): string values, arrays flattened. */
function annotationValues(annotation: Node, names: readonly string[], asPaths = false): string[] | undefined {
  const args = annotation.childForFieldName('arguments');
  const values = (node: Node | null | undefined): string[] => {
    if (!node) return [];
    if (node.type === 'element_value_array_initializer') return node.namedChildren.flatMap((c) => values(c));
    if (asPaths) return [pathExpression(node)];
    const text = unquote(node);
    return text !== undefined ? [text] : [node.text];
  };
  for (const arg of args?.namedChildren ?? []) {
    if (!arg) continue;
    if (arg.type === 'element_value_pair') {
      if (names.includes(arg.childForFieldName('key')?.text ?? ''))
        return values(arg.childForFieldName('value'));
    } else if (names.includes('value')) return values(arg);
  }
  return undefined;
}

const pathsOf = (annotation: Node) => annotationValues(annotation, ['value', 'path'], true) ?? [''];

/** `static final String LOGIN_URL = "/api/users/login";`: a path constant a mapping may name. */
function readPathConstant(node: Node, facts: FileFacts): void {
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
  if (!/\bstatic\b/.test(modifiers) || !/\bfinal\b/.test(modifiers)) return;
  for (const declarator of node.childrenForFieldName('declarator')) {
    const name = declarator?.childForFieldName('name')?.text;
    const value = unquote(declarator?.childForFieldName('value'));
    if (name && value !== undefined && PATH_VALUE.test(value))
      facts.constants = { ...facts.constants, [name]: value };
  }
}

const annotationsOf = (node: Node) =>
  (
    node.childForFieldName('modifiers') ?? node.namedChildren.find((c) => c?.type === 'modifiers')
  )?.namedChildren.filter((c): c is Node => c?.type === 'annotation' || c?.type === 'marker_annotation') ??
  [];
const nameOf = (a: Node) => a.childForFieldName('name')?.text ?? '';

/** A persisted class (`jvmEntity`): a model, its table or collection from the annotations that name one. */
function readEntity(node: Node, annotations: Node[], rel: string, facts: FileFacts): void {
  const entity = jvmEntity(
    annotations.map(nameOf),
    facts.imports.map((i) => i.spec),
    (name, keys) => {
      const annotation = annotations.find((a) => nameOf(a) === name);
      return annotation && annotationValues(annotation, keys)?.[0];
    },
  );
  if (!entity) return;
  facts.models.push({
    name: node.childForFieldName('name')?.text ?? '',
    orm: entity.orm,
    file: rel,
    line: line(node),
    ...(entity.table ? { table: entity.table } : {}),
  });
}

/**
 * A JAX-RS resource (`@Path("/x")` on the class: Quarkus, Jersey, RESTEasy, Helidon) or a
 * Micronaut controller (`@Controller("/x")`): each method's verb (`@GET`, `@Get("/y")`) under the
 * class's path joined with the method's own `@Path`. `@ApplicationPath` sets the prefix of all.
 */
function readResource(node: Node, annotations: Node[], facts: FileFacts): boolean {
  const applicationPath = annotations.find((a) => nameOf(a) === 'ApplicationPath');
  const root = applicationPath && pathsOf(applicationPath)[0];
  if (root) facts.globalPrefixes = [...(facts.globalPrefixes ?? []), { framework: 'jax-rs', prefix: root }];
  const micronaut = facts.imports.some((i) => i.spec.startsWith('io.micronaut'));
  const resource = annotations.find((a) => nameOf(a) === (micronaut ? 'Controller' : 'Path'));
  if (!resource) return false;
  const framework = micronaut ? 'micronaut' : 'jax-rs';
  facts.frameworks = [...new Set([...facts.frameworks, framework])];
  const bases = micronaut ? (annotationValues(resource, ['value', 'uri']) ?? ['/']) : pathsOf(resource);
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    const own = annotationsOf(member);
    const sub = own.find((a) => nameOf(a) === 'Path');
    for (const a of own) {
      const name = nameOf(a);
      const method = micronaut ? CAPITALISED_VERBS[name] : JAXRS_VERBS.has(name) ? name : undefined;
      if (!method) continue;
      const subs = micronaut ? (annotationValues(a, ['value', 'uri']) ?? ['']) : sub ? pathsOf(sub) : [''];
      for (const base of bases)
        for (const path of subs)
          facts.routes.push({
            method,
            path: joinPaths(base, path),
            line: line(member),
            framework,
            owner: `*${framework}*`,
            handler: member.childForFieldName('name')?.text ?? '',
          });
    }
  }
  return true;
}

/** A Spring controller's routes: the class's `@RequestMapping` paths joined with each method's mapping. */
function readController(node: Node, annotations: Node[], facts: FileFacts): void {
  if (readResource(node, annotations, facts)) return;
  if (!annotations.some((a) => nameOf(a) === 'RestController' || nameOf(a) === 'Controller')) return;
  facts.frameworks = ['spring'];
  const mapping = annotations.find((a) => nameOf(a) === 'RequestMapping');
  const bases = mapping ? pathsOf(mapping) : [''];
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    for (const a of annotationsOf(member)) {
      const name = nameOf(a);
      if (!(name in SPRING_MAPPINGS)) continue;
      // `@RequestMapping(path = "x", method = RequestMethod.POST)`; without a method it answers all.
      const methods = SPRING_MAPPINGS[name]
        ? [SPRING_MAPPINGS[name] as string]
        : (annotationValues(a, ['method'])?.map((m) => m.replace(/^.*\./, '')) ?? ['ALL']);
      for (const base of bases)
        for (const sub of pathsOf(a))
          for (const method of methods)
            facts.routes.push({
              method,
              path: joinPaths(base, sub),
              line: line(member),
              framework: 'spring',
              owner: '*spring*',
              handler: member.childForFieldName('name')?.text ?? '',
            });
    }
  }
}

/** Spring for GraphQL controllers and DGS components: each operation handler a route. */
function readGraphqlHandlers(node: Node, annotations: Node[], facts: FileFacts): void {
  if (!annotations.some((a) => nameOf(a) === 'Controller' || nameOf(a) === 'DgsComponent')) return;
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    const method = member.childForFieldName('name')?.text ?? '';
    for (const a of annotationsOf(member)) {
      const found = jvmGraphqlField(nameOf(a), (names) => annotationValues(a, names)?.[0], method);
      if (!found) continue;
      facts.frameworks = [...new Set([...facts.frameworks, 'graphql'])];
      facts.routes.push(
        graphqlRoute(found.operation, found.field, line(member), 'graphql', {
          endLine: member.endPosition.row + 1,
          handler: `${className}.${method}`,
        }),
      );
    }
  }
}

/** `class GreeterImpl extends GreeterGrpc.GreeterImplBase`: each overriding method an RPC it serves. */
function readRpcService(node: Node, facts: FileFacts): void {
  const service = /\b(\w+)Grpc\s*\.\s*\1ImplBase\b/.exec(
    node.childForFieldName('superclass')?.text ?? '',
  )?.[1];
  if (!service) return;
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    if (!annotationsOf(member).some((a) => nameOf(a) === 'Override')) continue;
    const method = member.childForFieldName('name')?.text ?? '';
    facts.frameworks = [...new Set([...facts.frameworks, 'grpc'])];
    facts.routes.push(
      rpcRoute(service, method, line(member), {
        endLine: member.endPosition.row + 1,
        handler: `${className}.${method}`,
      }),
    );
  }
}

/** Method and constructor bodies: no route or entity is declared in one (the walk does not go in). */
const BODIES = new Set(['block', 'constructor_body']);

/** The nodes the Java reader looks at: the walk hands it no other. */
const JAVA_READ = new Set(['import_declaration', 'class_declaration', 'field_declaration', ...BODIES]);

/** Java: Spring controllers (@RequestMapping on the class, @GetMapping… on methods) and functional endpoints, JAX-RS resources, Micronaut controllers and JPA entities. */
export function scanJava(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('java');
  walk(
    root,
    (node) => {
      if (BODIES.has(node.type)) return false;
      if (node.type === 'import_declaration')
        facts.imports.push({ spec: node.text.replace(/^import\s+(static\s+)?|;$/g, ''), line: line(node) });
      else if (node.type === 'field_declaration') readPathConstant(node, facts);
      else {
        const annotations = annotationsOf(node);
        readEntity(node, annotations, rel, facts);
        readController(node, annotations, facts);
        readGraphqlHandlers(node, annotations, facts);
        readCallRegisteredRoutes(node, facts);
        readRpcService(node, facts);
      }
      return undefined;
    },
    JAVA_READ,
  );
  return facts;
}
