import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute, jvmGraphqlField } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import { emptyFacts, type FileFacts, joinPaths, PATH_VALUE, UNKNOWN_PART } from '../types.js';
import {
  CAPITALISED_VERBS,
  HTTP,
  JAXRS_VERBS,
  jvmEntity,
  line,
  SPRING_MAPPINGS,
  unquote,
  walk,
} from './syntax.js';

/**
 * A path written as an expression: a string, a constant (`LOGIN_URL`, `Paths.API`) as `{=NAME}`
 * for the route table to read from the project's constants, `+` of those; else `{unknown}`.
 */
function pathExpression(node: Node): string {
  const text = unquote(node);
  if (text !== undefined) return text;
  if (node.type === 'identifier' || node.type === 'field_access') return `{=${node.text}}`;
  if (node.type === 'binary_expression' && node.childForFieldName('operator')?.text === '+') {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (left && right) return pathExpression(left) + pathExpression(right);
  }
  return UNKNOWN_PART;
}

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
  );
  if (!entity) return;
  const tableName = entity.naming
    .map(([name, keys]) => {
      const annotation = annotations.find((a) => nameOf(a) === name);
      return annotation && annotationValues(annotation, keys)?.[0];
    })
    .find(Boolean);
  facts.models.push({
    name: node.childForFieldName('name')?.text ?? '',
    orm: entity.orm,
    file: rel,
    line: line(node),
    ...(tableName ? { table: tableName } : {}),
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

/** Combinators of a request predicate: `GET("/x").and(accept(JSON))` is still `GET /x`. */
const PREDICATE_LINKS = new Set(['and', 'or', 'negate']);
/** Calls that put routes under a path: the builder's `path("/api", b -> …)`, `nest(path("/api"), …)`. */
const NESTING = new Set(['nest', 'andNest', 'path']);

const argumentsOf = (call: Node) =>
  call
    .childForFieldName('arguments')
    ?.namedChildren.filter(
      (c): c is Node => !!c && c.type !== 'line_comment' && c.type !== 'block_comment',
    ) ?? [];

/** The path a nesting call's first argument gives: a string (the builder's) or a `path("/api")` predicate. */
function nestedPath(first: Node | undefined): string | undefined {
  if (!first) return undefined;
  if (first.type !== 'method_invocation') return pathExpression(first);
  if (first.childForFieldName('name')?.text !== 'path') return undefined;
  const [value] = argumentsOf(first);
  return value ? pathExpression(value) : undefined;
}

/** The prefixes the nesting calls around a route give it, outermost first. */
function nestingPrefixes(route: Node, stop: Node): string[] {
  const prefixes: string[] = [];
  for (let up = route.parent; up && up.id !== stop.id; up = up.parent) {
    if (up.type !== 'method_invocation' || !NESTING.has(up.childForFieldName('name')?.text ?? '')) continue;
    const [first, ...rest] = argumentsOf(up);
    // Routes inside the nested part (a lambda, a router), not inside the path predicate or the call's object.
    if (!rest.some((arg) => arg.startIndex <= route.startIndex && route.endIndex <= arg.endIndex)) continue;
    prefixes.unshift(nestedPath(first) ?? UNKNOWN_PART);
  }
  return prefixes;
}

/** `handler::getPerson` as `PersonHandler.getPerson` when the name's type is known (a parameter, a field). */
function handlerName(
  node: Node | undefined,
  types: Map<string, string>,
  className: string,
): string | undefined {
  if (node?.type !== 'method_reference') return undefined;
  const [target, method] = node.namedChildren;
  if (!target || !method) return undefined;
  const owner = target.type === 'this' ? className : (types.get(target.text) ?? target.text);
  return `${owner}.${method.text}`;
}

/** The type `new T(…)` creates. */
const createdType = (node: Node | null | undefined) =>
  node?.type === 'object_creation_expression' ? node.childForFieldName('type') : null;

/** The types of a class's fields, a method's parameters and its local variables (`var x = new T()` too), by name. */
function declaredTypes(classBody: Node, method: Node): Map<string, string> {
  const types = new Map<string, string>();
  const add = (type: Node | null | undefined, name: Node | null | undefined) => {
    if (type && name) types.set(name.text, type.text.replace(/<.*$/, ''));
  };
  for (const member of classBody.namedChildren)
    if (member?.type === 'field_declaration')
      for (const declarator of member.childrenForFieldName('declarator'))
        add(member.childForFieldName('type'), declarator?.childForFieldName('name'));
  for (const param of method.childForFieldName('parameters')?.namedChildren ?? [])
    add(param?.childForFieldName('type'), param?.childForFieldName('name'));
  for (const local of method.descendantsOfType('local_variable_declaration')) {
    const type = local?.childForFieldName('type');
    for (const declarator of local?.childrenForFieldName('declarator') ?? []) {
      const value = declarator?.childForFieldName('value');
      add(type?.text === 'var' ? createdType(value) : type, declarator?.childForFieldName('name'));
    }
  }
  return types;
}

/**
 * Spring's functional endpoints (WebFlux, WebMvc.fn): each method returning a `RouterFunction`,
 * written with the builder (`route().GET("/x", h::get).path("/api", b -> b.POST(…)).build()`) or
 * the static functions (`route(GET("/x").and(accept(JSON)), h::get).andRoute(…)`, `nest(path("/api"), …)`).
 */
function readRouterFunctions(node: Node, facts: FileFacts): void {
  const body = node.childForFieldName('body');
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of body?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration' || !body) continue;
    if (!/\bRouterFunction\b/.test(member.childForFieldName('type')?.text ?? '')) continue;
    const types = declaredTypes(body, member);
    for (const call of member.descendantsOfType('method_invocation')) {
      const method = call?.childForFieldName('name')?.text ?? '';
      if (!call || !HTTP.has(method)) continue;
      const args = argumentsOf(call);
      const object = call.childForFieldName('object');
      let path: string;
      let handler: Node | undefined;
      if (args.length === 1 && (!object || object.text.endsWith('RequestPredicates'))) {
        // A predicate: the route is the `route`/`andRoute` call it (with its combinators) is the first argument of.
        let predicate: Node = call;
        while (
          predicate.parent?.type === 'method_invocation' &&
          predicate.parent.childForFieldName('object')?.id === predicate.id &&
          PREDICATE_LINKS.has(predicate.parent.childForFieldName('name')?.text ?? '')
        )
          predicate = predicate.parent;
        const routeCall = predicate.parent?.parent;
        if (
          routeCall?.type !== 'method_invocation' ||
          !/^(route|andRoute)$/.test(routeCall.childForFieldName('name')?.text ?? '')
        )
          continue;
        const [first, second] = argumentsOf(routeCall);
        if (first?.id !== predicate.id) continue;
        path = pathExpression(args[0] as Node);
        handler = second;
      } else {
        // The builder's verb: an optional path, optional predicates, the handler last.
        if (!object || args.length === 0) continue;
        const first = args[0] as Node;
        path =
          args.length > 1 && /string|identifier|field_access|binary_expression/.test(first.type)
            ? pathExpression(first)
            : '';
        handler = args.at(-1);
      }
      const name = handlerName(handler, types, className);
      facts.frameworks = [...new Set([...facts.frameworks, 'spring'])];
      facts.routes.push({
        method,
        path: joinPaths(...nestingPrefixes(call, member), path),
        // A chain starts where its first call does: the route is on its verb's line.
        line: line(call.childForFieldName('name') ?? call),
        framework: 'spring',
        owner: '*spring*',
        ...(name ? { handler: name } : {}),
      });
    }
  }
}

/** Javalin's and Vert.x Web's verbs, as their methods are named. */
const CALL_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
/** Javalin's `crud("users/{id}", controller)`: the routes a `CrudHandler` answers. */
const CRUD: [string, string, boolean][] = [
  ['GET', 'getAll', false],
  ['POST', 'create', false],
  ['GET', 'getOne', true],
  ['PATCH', 'update', true],
  ['DELETE', 'delete', true],
];

/**
 * Routes registered by calls in method bodies: Javalin (`app.get("/x", h)`, ApiBuilder's
 * `path("api", () -> { get("users", C::all); crud("users/{id}", c); })`) and Vert.x Web
 * (`router.get("/x").handler(this::h)`, `router.route(HttpMethod.POST, "/x")`, `router.route("/x")`
 * for every method). Handlers by method reference, named by the reference's declared type.
 */
function readCallRoutes(node: Node, facts: FileFacts, framework: 'javalin' | 'vertx'): void {
  const body = node.childForFieldName('body');
  const className = node.childForFieldName('name')?.text ?? '';
  if (!body) return;
  for (const member of body.namedChildren) {
    if (member?.type !== 'method_declaration' && member?.type !== 'constructor_declaration') continue;
    const types = declaredTypes(body, member);
    const calls = member.descendantsOfType('method_invocation').filter((c): c is Node => !!c);
    // Vert.x sub-routers: `router.route("/admin/*").subRouter(admin)`, `router.mountSubRouter("/admin", admin)`.
    const mounted = new Map<string, string>();
    for (const call of calls) {
      const name = call.childForFieldName('name')?.text;
      const [first, second] = argumentsOf(call);
      const route = call.childForFieldName('object');
      if (name === 'subRouter' && first && route?.type === 'method_invocation') {
        const at = unquote(argumentsOf(route).at(-1));
        if (at !== undefined) mounted.set(first.text, at.replace(/\/?\*$/, ''));
      } else if (name === 'mountSubRouter' && second)
        mounted.set(second.text, unquote(first) ?? UNKNOWN_PART);
    }
    const push = (call: Node, method: string, written: string, handler: Node | undefined) => {
      const name = handlerName(handler, types, className);
      const router = call.childForFieldName('object')?.text ?? '';
      if (!facts.frameworks.includes(framework)) facts.frameworks = [...facts.frameworks, framework];
      facts.routes.push({
        method,
        path: joinPaths(mounted.get(router) ?? '', ...nestingPrefixes(call, member), written),
        line: line(call.childForFieldName('name') ?? call),
        framework,
        owner: `*${framework}*`,
        ...(name ? { handler: name } : {}),
      });
    };
    for (const call of calls) {
      const name = call.childForFieldName('name')?.text ?? '';
      const args = argumentsOf(call);
      const object = call.childForFieldName('object');
      const first = args[0] && unquote(args[0]) !== undefined ? pathExpression(args[0]) : undefined;
      if (framework === 'vertx') {
        // The handler is the `.handler(…)` chained on the route.
        const chained =
          call.parent?.type === 'method_invocation' &&
          call.parent.childForFieldName('name')?.text === 'handler'
            ? argumentsOf(call.parent)[0]
            : undefined;
        if (!object) continue;
        if (CALL_VERBS.has(name) && args.length === 1 && first !== undefined)
          push(call, name.toUpperCase(), first, chained);
        else if (name === 'route') {
          const verb = args.length === 2 ? /(\w+)$/.exec(args[0]?.text ?? '')?.[1] : 'ALL';
          const written = args.length === 2 && args[1] ? unquote(args[1]) : first;
          if (verb && written !== undefined && (args.length === 2 || !/\*$/.test(written)))
            push(call, verb.toUpperCase(), written, chained);
        }
        continue;
      }
      if (name === 'crud' && !object && first !== undefined) {
        const collection = first.replace(/\/?\{[^}]*\}\/?$/, '');
        const controller = args[1] && (createdType(args[1])?.text ?? types.get(args[1].text) ?? args[1].text);
        if (!facts.frameworks.includes(framework)) facts.frameworks = [...facts.frameworks, framework];
        for (const [method, action, item] of CRUD)
          facts.routes.push({
            method,
            path: joinPaths(...nestingPrefixes(call, member), item ? first : collection),
            line: line(call),
            framework,
            owner: `*${framework}*`,
            ...(controller ? { handler: `${controller}.${action}` } : {}),
          });
        continue;
      }
      if (!CALL_VERBS.has(name)) continue;
      // `app.get("/x", h)` on the app, or ApiBuilder's static `get("x", h)` / `get(h)` inside `path(…)`.
      if (object ? first === undefined || args.length < 2 : args.length === 0) continue;
      push(call, name.toUpperCase(), first ?? '', args.at(-1));
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
        readRouterFunctions(node, facts);
        const callRouter = facts.imports.some((i) => i.spec.startsWith('io.javalin'))
          ? 'javalin'
          : facts.imports.some((i) => i.spec.startsWith('io.vertx.ext.web'))
            ? 'vertx'
            : undefined;
        if (callRouter) readCallRoutes(node, facts, callRouter);
        readRpcService(node, facts);
      }
      return undefined;
    },
    JAVA_READ,
  );
  return facts;
}
