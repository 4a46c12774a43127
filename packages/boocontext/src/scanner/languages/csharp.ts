import type { SyntaxNode as Node } from '@boocode/source-kit';
import { graphqlRoute, OPERATIONS } from '../graphql.js';
import { rpcRoute } from '../grpc.js';
import { entityKey } from '../models.js';
import { emptyFacts, type FileFacts, INHERITED_ROUTE, joinPaths, UNKNOWN_PART } from '../types.js';
import { line, lowerFirst, walk } from './syntax.js';

const HTTP_ATTRIBUTES: Record<string, string> = {
  HttpGet: 'GET',
  HttpPost: 'POST',
  HttpPut: 'PUT',
  HttpPatch: 'PATCH',
  HttpDelete: 'DELETE',
  HttpHead: 'HEAD',
  HttpOptions: 'OPTIONS',
};
const MAP_METHODS: Record<string, string> = {
  MapGet: 'GET',
  MapPost: 'POST',
  MapPut: 'PUT',
  MapPatch: 'PATCH',
  MapDelete: 'DELETE',
};

const stringOf = (node: Node | null | undefined): string | undefined =>
  node?.type === 'string_literal' || node?.type === 'verbatim_string_literal'
    ? (node.namedChildren.find((c) => c?.type === 'string_literal_content')?.text ?? '')
    : undefined;

interface Attribute {
  name: string;
  /** The first positional string argument, if any. */
  template?: string;
}

/** A declaration's attributes (`[HttpGet("{id}")]`, `[Route("api/[controller]")]`), names without the `Attribute` suffix. */
function attributesOf(node: Node): Attribute[] {
  return node.namedChildren
    .filter((c): c is Node => c?.type === 'attribute_list')
    .flatMap((list) => list.namedChildren.filter((a): a is Node => a?.type === 'attribute'))
    .map((a) => {
      const name =
        (a.childForFieldName('name') ?? a.namedChild(0))?.text
          .split('.')
          .pop()
          ?.replace(/Attribute$/, '') ?? '';
      const first = a.namedChildren
        .find((c) => c?.type === 'attribute_argument_list')
        ?.namedChildren.find((arg) => arg?.namedChild(0)?.type !== 'assignment_expression');
      const template = stringOf(first?.namedChild(0));
      return { name, ...(template !== undefined ? { template } : {}) };
    });
}

/** `~/x` and `/x` on an action ignore the controller's route. */
const absolute = (template: string) => /^~?\//.test(template);

/** `OnGet`, `OnPostAsync`, `OnPostUpdate`: a PageModel's handlers, by the HTTP method each answers. */
const PAGE_HANDLER = /^On(Get|Post|Put|Delete|Patch)\w*$/;

/** A Razor PageModel's handlers, for the page (`X.cshtml`) this class (in `X.cshtml.cs`) serves. */
function readPageModel(node: Node, facts: FileFacts): void {
  const bases = node.namedChildren.find((c) => c?.type === 'base_list')?.text ?? '';
  if (!/\bPageModel\b/.test(bases)) return;
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    const name = member.childForFieldName('name')?.text ?? '';
    const verb = PAGE_HANDLER.exec(name)?.[1];
    if (verb)
      facts.pageHandlers = [
        ...(facts.pageHandlers ?? []),
        { method: verb.toUpperCase(), handler: `${className}.${name}`, line: line(member) },
      ];
  }
}

/** Bases MVC itself provides: a controller deriving from one of them inherits no route of the project's. */
const MVC_BASES = /^(Controller|ControllerBase|ApiController|PageModel|Hub)$/;

/** The project's base class a class derives from (`BaseApiController`), if any: the first base not MVC's nor an interface. */
function projectBase(node: Node): string | undefined {
  const first = node.namedChildren.find((c) => c?.type === 'base_list')?.namedChild(0);
  // `Base<T>`, `Lib.Endpoint.WithRequest<A>.WithResult<B>`: the last name, without type arguments.
  const name = first?.text
    .replace(/<[^<>]*(<[^<>]*>[^<>]*)*>/g, '')
    .split('.')
    .pop()
    ?.trim();
  return name && /^\w+$/.test(name) && !MVC_BASES.test(name) && !/^I[A-Z]/.test(name) ? name : undefined;
}

/** A controller's attribute routes: class templates × action templates, tokens replaced. */
function readController(node: Node, facts: FileFacts): void {
  const className = node.childForFieldName('name')?.text ?? '';
  const attributes = attributesOf(node);
  const bases = node.namedChildren.find((c) => c?.type === 'base_list')?.text ?? '';
  const methods = (node.childForFieldName('body')?.namedChildren ?? []).filter(
    (m): m is Node => m?.type === 'method_declaration',
  );
  // A class whose methods carry `[HttpPost(…)]` is a controller whatever it derives from (an
  // Ardalis.ApiEndpoints `EndpointBaseAsync`, a library's ControllerBase): MVC routes nothing else.
  const isController =
    className.endsWith('Controller') ||
    /\bController(Base)?\b/.test(bases) ||
    attributes.some((a) => a.name === 'ApiController') ||
    methods.some((m) => attributesOf(m).some((a) => a.name in HTTP_ATTRIBUTES));
  const ownRoutes = attributes.filter((a) => a.name === 'Route').map((a) => a.template ?? '');
  // `[Route]` is inherited: a controller deriving from the project's own base (`BaseApiController`
  // with `[Route("api/[controller]")]`) is routed by the base's template, found where the base is
  // declared (this class's name for its `[controller]`). The template of a class routed so, or of
  // a controller base between (`AdminControllerBase : BaseApiController`), is recorded for those
  // deriving from it.
  const base = projectBase(node);
  if (ownRoutes[0] !== undefined || (base && /Controller/.test(`${className} ${base}`)))
    facts.constants = {
      ...facts.constants,
      [`${INHERITED_ROUTE}.${className}`]: ownRoutes[0] ?? `{=${INHERITED_ROUTE}.${base}}`,
    };
  if (!isController) return;
  const controller = className.replace(/Controller$/, '');
  const classRoutes = ownRoutes.length || !base ? ownRoutes : [`{=${INHERITED_ROUTE}.${base}.${controller}}`];
  // Without a route on the class, an action with no template of its own is routed by convention
  // (`MapControllerRoute`), its verb attributes only constraining the method; an API controller
  // never is.
  const byConvention =
    ownRoutes.length === 0 &&
    !attributes.some((a) => a.name === 'ApiController') &&
    (className.endsWith('Controller') || /\bController\b/.test(bases));
  const area = attributes.find((a) => a.name === 'Area')?.template;
  for (const member of methods) {
    const action = member.childForFieldName('name')?.text ?? '';
    const own = attributesOf(member);
    const verbs = own.filter((a) => a.name in HTTP_ATTRIBUTES);
    const routeTemplates = own.filter((a) => a.name === 'Route').map((a) => a.template ?? '');
    if (byConvention && routeTemplates.length === 0 && verbs.every((v) => v.template === undefined)) {
      // The base's route, if it has one, is not known here: the route table serves the action there
      // (attribute routing), else by convention.
      if (isAction(member, own))
        for (const method of verbs.length ? verbs.map((v) => HTTP_ATTRIBUTES[v.name] as string) : ['ALL'])
          facts.routes.push({
            method,
            path: '',
            line: line(member),
            framework: 'aspnetcore',
            owner: '*aspnet*',
            handler: `${className}.${action}`,
            conventional: {
              ...(base ? { inherited: `{=${INHERITED_ROUTE}.${base}.${controller}}` } : {}),
              controller,
              action: own.find((a) => a.name === 'ActionName')?.template ?? action.replace(/Async$/, ''),
              ...(area ? { area } : {}),
              params: (member.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) =>
                p?.type === 'parameter' ? [p.childForFieldName('name')?.text ?? ''] : [],
              ),
            },
          });
      continue;
    }
    if (verbs.length === 0 && routeTemplates.length === 0) continue;
    // `[HttpGet("x")]` carries its template; `[HttpGet, Route("x")]` takes the Route's.
    const pairs = (verbs.length ? verbs : [{ name: '', template: undefined }]).flatMap((v) =>
      (v.template !== undefined ? [v.template] : routeTemplates.length ? routeTemplates : ['']).map((t) => ({
        method: HTTP_ATTRIBUTES[v.name] ?? 'ALL',
        template: t,
      })),
    );
    for (const { method, template } of pairs)
      for (const base of absolute(template) ? [''] : classRoutes.length ? classRoutes : [''])
        facts.routes.push({
          method,
          path: joinPaths(base, template.replace(/^~/, ''))
            .replace(/\[controller\]/gi, controller)
            .replace(/\[action\]/gi, action)
            .replace(/\[area\]/gi, UNKNOWN_PART),
          line: line(member),
          framework: 'aspnetcore',
          owner: '*aspnet*',
          handler: `${className}.${action}`,
        });
  }
}

/** A public instance method MVC may run as an action: not `[NonAction]`, not static, abstract or an override. */
function isAction(member: Node, attributes: Attribute[]): boolean {
  const modifiers = member.namedChildren.filter((c) => c?.type === 'modifier').map((c) => c?.text);
  return (
    modifiers.includes('public') &&
    !modifiers.some((m) => m === 'static' || m === 'abstract' || m === 'override') &&
    !attributes.some((a) => a.name === 'NonAction')
  );
}

/** The default conventional route (`MapDefaultControllerRoute`, `UseMvcWithDefaultRoute`). */
const DEFAULT_PATTERN = '{controller=Home}/{action=Index}/{id?}';

/**
 * A conventional route: `MapControllerRoute("default", "{controller=Home}/{action=Index}/{id?}")`,
 * named arguments or positional, with `defaults: new { controller = "Blog", action = "Article" }`;
 * `MapAreaControllerRoute(name, areaName, pattern)`; `routes.MapRoute(name, template)` of `UseMvc`.
 */
function readConventionalRoute(name: string, args: Node[], facts: FileFacts): boolean {
  if (name === 'MapDefaultControllerRoute' || name === 'UseMvcWithDefaultRoute') {
    facts.conventionalRoutes = [
      ...(facts.conventionalRoutes ?? []),
      { pattern: DEFAULT_PATTERN, defaults: {} },
    ];
    return true;
  }
  if (name !== 'MapControllerRoute' && name !== 'MapAreaControllerRoute' && name !== 'MapRoute') return false;
  const positional: Node[] = [];
  const named = new Map<string, Node>();
  for (const arg of args) {
    const value = arg.namedChild(arg.namedChildCount - 1);
    if (!value) continue;
    const label = arg.childForFieldName('name')?.text;
    if (label) named.set(label, value);
    else positional.push(value);
  }
  const area = name === 'MapAreaControllerRoute';
  const [first, second, third] = positional.slice(1);
  const pattern = stringOf(named.get('pattern') ?? named.get('template') ?? (area ? second : first));
  if (pattern === undefined) return true;
  const areaName = area ? stringOf(named.get('areaName') ?? first) : undefined;
  const defaults: Record<string, string> = {};
  const given = named.get('defaults') ?? (area ? third : second);
  if (given?.type === 'anonymous_object_creation_expression') {
    const parts = given.namedChildren;
    for (let i = 0; i + 1 < parts.length; i++) {
      const value = stringOf(parts[i + 1]);
      if (parts[i]?.type === 'identifier' && value !== undefined) defaults[parts[i]?.text ?? ''] = value;
    }
  }
  facts.conventionalRoutes = [
    ...(facts.conventionalRoutes ?? []),
    { pattern, defaults, ...(areaName !== undefined ? { area: areaName } : {}) },
  ];
  return true;
}

/** Hot Chocolate's root type markers: `[QueryType]`, `[ExtendObjectType(OperationTypeNames.Mutation)]`. */
function hotChocolateOperation(node: Node, className: string, facts: FileFacts): string | undefined {
  for (const list of node.namedChildren)
    for (const a of list?.type === 'attribute_list' ? list.namedChildren : []) {
      const text = a?.text ?? '';
      const marked = /^(?:\w+\.)*(Query|Mutation|Subscription)Type(?:Attribute)?\b/.exec(text)?.[1];
      const extended =
        /^(?:\w+\.)*ExtendObjectType(?:Attribute)?\s*(?:<\s*(\w+)\s*>|\([^)]*\b(Query|Mutation|Subscription)\b)/.exec(
          text,
        );
      const operation = marked ?? extended?.[2] ?? extended?.[1];
      if (operation && OPERATIONS.has(operation)) return OPERATIONS.get(operation);
    }
  // A class named `Query` is the root type only where Hot Chocolate is in use (MediatR names its requests so).
  if (OPERATIONS.has(className) && facts.imports.some((i) => /^HotChocolate\b/.test(i.spec)))
    return OPERATIONS.get(className);
  return undefined;
}

/**
 * Hot Chocolate root types: each public instance method a field, named as Hot Chocolate names it
 * (`GetBooksAsync` → `books`) unless `[GraphQLName("x")]` says otherwise; `[GraphQLIgnore]` skipped.
 */
function readHotChocolateType(node: Node, facts: FileFacts): void {
  const className = node.childForFieldName('name')?.text ?? '';
  const operation = hotChocolateOperation(node, className, facts);
  if (!operation) return;
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    const modifiers = member.namedChildren.filter((c) => c?.type === 'modifier').map((c) => c?.text);
    if (!modifiers.includes('public') || modifiers.includes('static')) continue;
    const attributes = attributesOf(member);
    if (attributes.some((a) => a.name === 'GraphQLIgnore')) continue;
    const method = member.childForFieldName('name')?.text ?? '';
    const named = attributes.find((a) => a.name === 'GraphQLName')?.template;
    const bare = method.replace(/^Get(?=[A-Z])/, '').replace(/Async$/, '');
    facts.routes.push(
      graphqlRoute(operation, named ?? lowerFirst(bare), line(member), 'graphql', {
        endLine: member.endPosition.row + 1,
        handler: `${className}.${method}`,
      }),
    );
  }
}

/** `class GreeterService : Greeter.GreeterBase`: each `override` method an RPC it serves. */
function readRpcService(node: Node, facts: FileFacts): void {
  const bases = node.namedChildren.find((c) => c?.type === 'base_list')?.text ?? '';
  const service = /\b(\w+)\s*\.\s*\1Base\b/.exec(bases)?.[1];
  if (!service) return;
  const className = node.childForFieldName('name')?.text ?? '';
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'method_declaration') continue;
    if (!member.namedChildren.some((c) => c?.type === 'modifier' && c.text === 'override')) continue;
    const method = member.childForFieldName('name')?.text ?? '';
    facts.routes.push(
      rpcRoute(service, method, line(member), {
        endLine: member.endPosition.row + 1,
        handler: `${className}.${method}`,
      }),
    );
  }
}

/** `DbSet<Article> Articles` in a DbContext: an EF Core entity. */
function readDbSets(node: Node, rel: string, facts: FileFacts): void {
  for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
    if (member?.type !== 'property_declaration') continue;
    const type = member.childForFieldName('type');
    if (type?.type !== 'generic_name' || type.namedChild(0)?.text !== 'DbSet') continue;
    const entity = type.namedChild(1)?.namedChild(0)?.text;
    if (!entity) continue;
    const name = entity.split('.').pop() as string;
    // `DbSet<WebhookSubscription> Subscriptions`: code reads the entity by the property's name.
    const property = member.childForFieldName('name')?.text;
    facts.models.push({
      name,
      orm: 'efcore',
      file: rel,
      line: line(member),
      ...(property && entityKey(property) !== entityKey(name) ? { aliases: [property] } : {}),
    });
  }
}

/** ASP.NET Core Identity's EF contexts, whose first type argument is the user entity they store. */
const IDENTITY_CONTEXT = /^(?:IdentityDbContext|IdentityUserContext|ApiAuthorizationDbContext)$/;

/**
 * `class AppDbContext : IdentityDbContext<ApplicationUser>`: Identity's user is an EF Core entity (its
 * `AspNetUsers` table), read and written through `UserManager<T>` (`SignInManager<T>`'s own methods
 * mostly read cookies and claims).
 */
function readIdentityContext(node: Node, rel: string, facts: FileFacts): void {
  const bases = node.namedChildren.find((c) => c?.type === 'base_list')?.namedChildren ?? [];
  for (const base of bases) {
    if (base?.type !== 'generic_name' || !IDENTITY_CONTEXT.test(base.namedChild(0)?.text ?? '')) continue;
    const user = base.namedChild(1)?.namedChild(0)?.text?.split('.').pop();
    if (user)
      facts.models.push({
        name: user,
        orm: 'efcore',
        file: rel,
        line: line(node),
        aliases: ['UserManager'],
      });
  }
}

/** The builders a minimal-API extension method extends (`this IEndpointRouteBuilder app`): a router of its own. */
const ROUTE_BUILDER =
  /^this\s+(IEndpointRouteBuilder|RouteGroupBuilder|WebApplication|IApplicationBuilder)\b/;

/**
 * The extension method a node is inside, when it extends a route builder: its routes are its own,
 * mounted where it is called on a group (`api.AddArticlesRoutes()`).
 */
function routerMethodOf(node: Node): string | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (up.type !== 'method_declaration') continue;
    const first = up.childForFieldName('parameters')?.namedChildren.find((p) => p?.type === 'parameter');
    return first && ROUTE_BUILDER.test(first.text)
      ? (up.childForFieldName('name')?.text ?? undefined)
      : undefined;
  }
  return undefined;
}

/**
 * Minimal APIs: `app.MapGet("/x", …)` (the lambda's lines are the handler's, or a method group
 * names it), groups from `MapGroup("/api")` held in variables, extension methods on a route
 * builder called on a group, and `app.UsePathBase("/base")`.
 */
function readInvocation(node: Node, groups: Map<string, string>, facts: FileFacts): void {
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'member_access_expression') return;
  const name = fn.childForFieldName('name')?.text ?? '';
  const args = node.childForFieldName('arguments')?.namedChildren ?? [];
  const first = stringOf(args[0]?.namedChild(0));
  const target = fn.childForFieldName('expression');
  if (
    readConventionalRoute(
      name,
      args.filter((a): a is Node => a?.type === 'argument'),
      facts,
    )
  )
    return;
  if (first === undefined) {
    // `api.AddArticlesRoutes()` on a group: that method's routes, under the group's prefix.
    const prefix = /^[A-Z]\w*$/.test(name) ? groupPrefix(target, groups) : '';
    if (prefix !== '')
      facts.mounts.push({
        owner: routerMethodOf(node) ?? '*aspnet*',
        prefix,
        target: `named:${name}`,
        line: line(node),
      });
    return;
  }
  const prefix = groupPrefix(target, groups);
  if (name === 'UsePathBase')
    facts.globalPrefixes = [...(facts.globalPrefixes ?? []), { framework: 'aspnetcore', prefix: first }];
  const method = MAP_METHODS[name] ?? (name === 'Map' ? 'ALL' : undefined);
  if (!method) return;
  const owner = routerMethodOf(node);
  if (owner) facts.exportedRouters[owner] = owner;
  const handler = args[1]?.namedChild(0);
  facts.routes.push({
    method,
    path: joinPaths(prefix, first),
    line: line(node),
    endLine: node.endPosition.row + 1,
    framework: 'aspnetcore',
    owner: owner ?? '*aspnet*',
    ...(handler?.type === 'identifier' || handler?.type === 'member_access_expression'
      ? { handler: handler.text }
      : {}),
  });
}

/** The prefix a `MapGroup` chain or a group variable adds. */
function groupPrefix(node: Node | null | undefined, groups: Map<string, string>): string {
  if (!node) return '';
  if (node.type === 'identifier') return groups.get(node.text) ?? '';
  if (node.type !== 'invocation_expression') return '';
  const fn = node.childForFieldName('function');
  if (fn?.type !== 'member_access_expression') return '';
  const outer = groupPrefix(fn.childForFieldName('expression'), groups);
  if (fn.childForFieldName('name')?.text !== 'MapGroup') return outer;
  return joinPaths(
    outer,
    stringOf(node.childForFieldName('arguments')?.namedChild(0)?.namedChild(0)) ?? UNKNOWN_PART,
  );
}

/** Text of a file with minimal-API or conventional routes: calls to `Map…(`, `UsePathBase`, `UseMvcWithDefaultRoute`. */
export const MINIMAL_API =
  /\.\s*Map(Get|Post|Put|Patch|Delete|Group|ControllerRoute|AreaControllerRoute|DefaultControllerRoute|Route)?\s*\(|\bUsePathBase\b|\bUseMvcWithDefaultRoute\b/;

/** Method and lambda bodies: only minimal APIs put routes there. */
const BODIES = new Set(['block', 'arrow_expression_clause']);

const CSHARP_READ = new Set([
  'using_directive',
  'class_declaration',
  'variable_declarator',
  'invocation_expression',
  ...BODIES,
]);

/** FastEndpoints' endpoint bases: `Endpoint<TRequest, TResponse>`, `EndpointWithoutRequest`, `Ep.Req<…>.Res<…>`. */
const FAST_ENDPOINT = /^:\s*(?:Endpoint(?:WithoutRequest|WithMapping)?\b|Ep\.)/;
/** A class declared on one of them, as the gate sees it in a file's text. */
export const FAST_ENDPOINT_BASE =
  /\bclass\s+\w+(?:<[^>]*>)?\s*:\s*(?:Endpoint(?:WithoutRequest|WithMapping)?\b|Ep\.)|\bRoutePrefix\s*=\s*"/;
const FAST_ENDPOINT_VERBS: Record<string, string> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
};

/**
 * A FastEndpoints endpoint: its `Configure()` names the verb and the routes (`Post("/api/users")`,
 * `Get("/a", "/b")`), the class's `HandleAsync` handles them, under the app's `RoutePrefix`.
 */
function readFastEndpoint(node: Node, facts: FileFacts): void {
  const bases = node.namedChildren.find((c) => c?.type === 'base_list')?.text ?? '';
  if (!FAST_ENDPOINT.test(bases)) return;
  const className = node.childForFieldName('name')?.text ?? '';
  const configure = node
    .childForFieldName('body')
    ?.namedChildren.find(
      (m) => m?.type === 'method_declaration' && m.childForFieldName('name')?.text === 'Configure',
    );
  for (const call of configure?.descendantsOfType('invocation_expression') ?? []) {
    const method = FAST_ENDPOINT_VERBS[call?.childForFieldName('function')?.text ?? ''];
    if (!call || !method) continue;
    for (const arg of call.childForFieldName('arguments')?.namedChildren ?? []) {
      const written = stringOf(arg?.namedChild(0));
      if (written !== undefined)
        facts.routes.push({
          method,
          path: joinPaths(written),
          line: line(call),
          framework: 'fastendpoints',
          owner: '*fastendpoints*',
          handler: `${className}.HandleAsync`,
        });
    }
  }
}

/** C#: ASP.NET Core attribute-routed controllers, minimal APIs with groups, UsePathBase, EF Core DbSets. */
export function scanCSharp(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('c_sharp');
  const groups = new Map<string, string>();
  // Most of a controller's nodes are in its actions' bodies, which hold nothing read here unless
  // the file maps routes in code: not descending there makes the walk a third as long.
  // The text once: each read copies it out of wasm.
  const text = root.text;
  const minimal = MINIMAL_API.test(text);
  walk(
    root,
    (node) => {
      if (BODIES.has(node.type)) return minimal ? undefined : false;
      if (node.type === 'using_directive')
        facts.imports.push({ spec: node.text.replace(/^using\s+|;$/g, ''), line: line(node) });
      if (node.type === 'class_declaration') {
        readPageModel(node, facts);
        readController(node, facts);
        readFastEndpoint(node, facts);
        readDbSets(node, rel, facts);
        readIdentityContext(node, rel, facts);
        readHotChocolateType(node, facts);
        readRpcService(node, facts);
      }
      if (!minimal) return undefined;
      if (node.type === 'variable_declarator') {
        const value = node.namedChildren[node.namedChildren.length - 1];
        const name = node.namedChild(0)?.text;
        if (name && value?.type === 'invocation_expression' && /\.MapGroup\(/.test(value.text))
          groups.set(name, groupPrefix(value, groups));
      }
      if (node.type === 'invocation_expression') readInvocation(node, groups, facts);
      return undefined;
    },
    CSHARP_READ,
  );
  // `app.UseFastEndpoints(c => c.Endpoints.RoutePrefix = "api")`: before every endpoint's route.
  const prefix = /\bEndpoints\s*\.\s*RoutePrefix\s*=\s*"([^"]*)"/.exec(text)?.[1];
  if (prefix)
    facts.globalPrefixes = [...(facts.globalPrefixes ?? []), { framework: 'fastendpoints', prefix }];
  if (facts.routes.length) facts.frameworks = [...new Set(facts.routes.map((r) => r.framework))].sort();
  return facts;
}
