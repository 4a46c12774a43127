/**
 * Steps a framework takes on the code's behalf, where the framework defines them and no call in
 * the code says so: Django REST framework's `serializer.save()` runs the serializer's `create`
 * (a new object) or `update` (an existing one); MediatR's `mediator.Send(new X.Command(…))` runs
 * the `Handle` of the handler declared for that request type (NestJS CQRS's buses and Laravel's job
 * dispatchers alike); Symfony's `forward('Controller::method')` runs that method; hapi's
 * `server.methods.x.y()` runs the function registered as `x.y`; Spring MVC runs a controller's `@ModelAttribute` methods first; a
 * router runs its param loaders and a route's prerequisites before the handler; a LiveView route
 * runs the view's `mount`.
 */
import type { CallSite } from './data-ops.js';
import type { SymbolRow } from './handlers.js';
import { nearest } from './near.js';
import { blankStrings, closingBracket, lastAssigned } from './source-text.js';

export interface FrameworkLookups {
  method?: string;
  lineOf: (file: string, line: number) => string;
  sourceOf: (file: string, from: number, to: number) => string;
  symbolsNamed: (short: string) => SymbolRow[];
  symbolsIn: (file: string) => SymbolRow[];
  /** Classes whose declaration says they implement a type of this name (`implements ICommandHandler`). */
  classesImplementing: (type: string) => SymbolRow[];
  typeOf: (file: string, caller: string | null, name: string) => string | undefined;
  /** The function registered as a hapi server method under a name (`services.articles.list`). */
  serverMethod: (name: string) => SymbolRow | undefined;
  lines: (file: string) => string[];
  isJavaScript: (file: string) => boolean;
  /** The function a handler written in `file` at `line` names, as a route's is found. */
  handlerAt: (file: string, line: number, handler: string) => SymbolRow | undefined;
}

/** Where a route is declared, as its reader found it. */
interface RouteAt {
  file: string;
  line: number;
  endLine?: number;
  path?: string;
}

export interface ImpliedStep {
  row: SymbolRow;
  via: string;
}

type CallIn = CallSite & { file: string };

/** The serializer class a DRF view's `serializer.save()` uses: assigned in the view class or built inline. */
function serializerClass(
  row: SymbolRow,
  calls: readonly CallIn[],
  find: FrameworkLookups,
): SymbolRow | undefined {
  const built = calls.find((c) => /Serializer$/.test(c.callee) && c.receiver === null);
  const owner = row.parent
    ? find.symbolsIn(row.file).find((s) => s.name === row.parent && s.kind === 'class')
    : row.kind === 'class'
      ? row
      : undefined;
  const assigned = owner
    ? /\bserializer_class\s*=\s*([A-Za-z_]\w*)/.exec(
        find.sourceOf(owner.file, owner.line, owner.end_line),
      )?.[1]
    : undefined;
  const name = built?.callee ?? assigned;
  if (!name) return undefined;
  const classes = find.symbolsNamed(name).filter((s) => s.kind === 'class');
  return classes[0];
}

/** The classes named `name`, the nearest to `near` first. */
const classesNamed = (name: string, near: string, find: FrameworkLookups): SymbolRow[] =>
  nearest(
    find.symbolsNamed(name).filter((s) => s.kind === 'class'),
    near,
  );

/** `owner`'s own method `short`. */
const methodOf = (owner: SymbolRow, short: string, find: FrameworkLookups): SymbolRow | undefined =>
  find.symbolsIn(owner.file).find((s) => s.parent === owner.name && s.short === short);

function drfSave(row: SymbolRow, calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const saves = calls.filter((c) => c.callee === 'save' && /serializer/i.test(c.receiver ?? ''));
  // A generic view (ListCreateAPIView) saves in DRF's own `perform_create`.
  const generic = row.kind === 'class' && /POST|PUT|PATCH/i.test(find.method ?? '');
  if (saves.length === 0 && !generic) return [];
  const serializer = serializerClass(row, calls, find);
  if (!serializer) return [];
  const wanted = /^(PUT|PATCH)$/i.test(find.method ?? '') ? 'update' : 'create';
  const member = methodOf(serializer, wanted, find);
  return member ? [{ row: member, via: `${serializer.short}.save() → ${wanted}` }] : [];
}

/**
 * The request a dispatching call sends: built in its arguments (`inline`, on the call's line or the
 * next three: `mediator.Send(\n  new List.Query(…))`), or handed as a variable (`argument`) built above
 * it or typed; with the requests a built wrapper wraps.
 */
function sentRequest(
  call: CallIn,
  find: FrameworkLookups,
  argument: RegExp,
  inline: RegExp,
): { type: string; wrapped: string[] } | undefined {
  const text = find.sourceOf(call.file, call.line, call.line + 3);
  const name = argument.exec(text)?.[1];
  const built = name ? builtAbove(call, name, find) : undefined;
  const type =
    inline.exec(text)?.[1] ?? built?.type ?? (name ? find.typeOf(call.file, call.caller, name) : undefined);
  return type ? { type, wrapped: built?.wrapped ?? [] } : undefined;
}

function mediatorSend(calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const out: ImpliedStep[] = [];
  for (const call of calls) {
    if (!/^(Send|SendAsync|Publish)$/.test(call.callee) || !/mediator|bus|sender/i.test(call.receiver ?? ''))
      continue;
    const request = sentRequest(call, find, /Send(?:Async)?\s*\(\s*(\w+)\s*[,)]/, /new\s+([\w.]+)\s*[({]/);
    if (!request) continue;
    // A request wrapping another (eShop's `IdentifiedCommand<CreateOrderCommand, bool>`): its
    // handler passes the inner one on, whose handler runs too.
    for (const type of [request.type, ...request.wrapped])
      for (const handle of requestHandlers(type, call.file, find))
        out.push({ row: handle, via: `${call.callee}(${type}) → handler` });
  }
  return out;
}

/** NestJS CQRS's buses, the interface their handlers implement, and the method each runs. */
const NEST_BUSES: { receiver: RegExp; callee: string; decorator: string; iface: string; method: string }[] = [
  {
    receiver: /commandBus$/i,
    callee: 'execute',
    decorator: 'CommandHandler',
    iface: 'ICommandHandler',
    method: 'execute',
  },
  {
    receiver: /queryBus$/i,
    callee: 'execute',
    decorator: 'QueryHandler',
    iface: 'IQueryHandler',
    method: 'execute',
  },
  {
    receiver: /eventBus$/i,
    callee: 'publish',
    decorator: 'EventsHandler',
    iface: 'IEventHandler',
    method: 'handle',
  },
];

/**
 * NestJS CQRS: `this.commandBus.execute(new CreateUserCommand(…))` (or a command built above) runs
 * the `execute` of the class decorated `@CommandHandler(CreateUserCommand)`; queries alike, and an
 * event published runs the `handle` of each `@EventsHandler` naming it.
 */
function nestBuses(calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const out: ImpliedStep[] = [];
  for (const call of calls) {
    const bus = NEST_BUSES.find((b) => b.callee === call.callee && b.receiver.test(call.receiver ?? ''));
    if (!bus || !find.isJavaScript(call.file)) continue;
    const request = sentRequest(
      call,
      find,
      new RegExp(`${bus.callee}\\s*\\(\\s*(\\w+)\\s*[,)]`),
      new RegExp(`${bus.callee}\\s*\\(\\s*new\\s+(\\w+)`),
    )?.type;
    if (!request) continue;
    const decorated = new RegExp(`@${bus.decorator}\\s*\\([^)]*\\b${request}\\b`);
    // Handlers implement the bus's interface, or at least sit beside their request (the decorator
    // alone registers one).
    const beside = classesNamed(request, call.file, find).flatMap((home) =>
      find.symbolsIn(home.file).filter((s) => s.kind === 'class'),
    );
    const candidates = new Map([...find.classesImplementing(bus.iface), ...beside].map((c) => [c.id, c]));
    for (const handler of candidates.values()) {
      if (!decorated.test(find.sourceOf(handler.file, Math.max(1, handler.line - 3), handler.line))) continue;
      const method = methodOf(handler, bus.method, find);
      if (method) out.push({ row: method, via: `${call.receiver}.${call.callee}(${request}) → handler` });
    }
  }
  return out;
}

/** Laravel's dispatchers of a job or command object: each runs the object's `handle`. */
const LARAVEL_DISPATCH = /^(dispatch|dispatchSync|dispatchNow|dispatch_sync|dispatch_now)$/;

/**
 * Laravel jobs: `$this->dispatchSync(new ApproveArticle($article))`, `dispatch(new X)`, `Bus::dispatch(…)`
 * or `ApproveArticle::dispatch($article)` run the job class's `handle` method.
 */
function laravelJobs(calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const out: ImpliedStep[] = [];
  for (const call of calls) {
    if (!LARAVEL_DISPATCH.test(call.callee) || !call.file.endsWith('.php')) continue;
    const receiver = call.receiver ?? '';
    const job =
      /^[A-Z]\w*$/.test(receiver) && receiver !== 'Bus'
        ? receiver
        : new RegExp(`${call.callee}\\s*\\(\\s*new\\s+\\\\?([\\w\\\\]+)`)
            .exec(find.sourceOf(call.file, call.line, call.line + 2))?.[1]
            ?.split('\\')
            .pop();
    const owner = job ? classesNamed(job, call.file, find)[0] : undefined;
    const handle = owner && methodOf(owner, 'handle', find);
    if (handle) out.push({ row: handle, via: `${call.callee}(${job}) → handle` });
  }
  return out;
}

/**
 * Symfony's `$this->forward('App\Controller\NoteController::delete', [...])`: the request is served
 * by the controller method the string names.
 */
function symfonyForward(calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const out: ImpliedStep[] = [];
  for (const call of calls) {
    if (call.callee !== 'forward' || !/^\$?this$/.test(call.receiver ?? '') || !call.file.endsWith('.php'))
      continue;
    const named = /forward\s*\(\s*['"]\\?([\w\\]+)::(\w+)['"]/.exec(
      find.sourceOf(call.file, call.line, call.line + 1),
    );
    const controller = named?.[1]?.split('\\').pop();
    const owner = controller ? classesNamed(controller, call.file, find)[0] : undefined;
    const action = owner && methodOf(owner, named?.[2] as string, find);
    if (action) out.push({ row: action, via: `forward(${controller}::${named?.[2]})` });
  }
  return out;
}

/** `var request = new IdentifiedCommand<CreateOrderCommand, bool>(…)` above a call: the type and what it wraps. */
function builtAbove(
  call: CallIn,
  name: string,
  find: FrameworkLookups,
): { type: string; wrapped: string[] } | undefined {
  const value = lastAssigned(find.sourceOf(call.file, Math.max(1, call.line - 40), call.line), name);
  const last = value && /^new\s+([\w.]+)\s*(?:<([^()=;]*)>)?\s*\(/.exec(value);
  if (!last) return undefined;
  const wrapped = (last[2] ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => /^[A-Z][\w.]*$/.test(t));
  return { type: last[1] as string, wrapped };
}

/**
 * The `Handle` methods declared for a request type: in a class implementing `IRequestHandler<Type…>`
 * beside the request in its own class (MediatR's usual layout), anywhere by its full name, or in a
 * class of its own named after it (`CreateOrderCommandHandler`, eShop's layout).
 */
function requestHandlers(request: string, near: string, find: FrameworkLookups): SymbolRow[] {
  const parts = request.split('.');
  const type = parts.at(-1) as string;
  const outer = parts.at(-2);
  const handles = new RegExp(`IRequestHandler\\s*<\\s*${type}\\b`);
  // A nested request (`List.Query`) has its handler beside it: every feature has a `QueryHandler`.
  const homes = outer
    ? classesNamed(outer, near, find)
    : [...classesNamed(type, near, find), ...classesNamed(`${type}Handler`, near, find)];
  const found = homes.flatMap((home) =>
    find
      .symbolsIn(home.file)
      .filter(
        (s) =>
          s.short === 'Handle' &&
          s.line >= home.line &&
          s.end_line <= home.end_line &&
          handles.test(find.sourceOf(home.file, home.line, s.line)),
      ),
  );
  // A handler nested in its request's class is found from both.
  return [...new Map(found.map((h) => [h.id, h])).values()];
}

/**
 * Rails runs a controller's `before_action` callbacks before the action (`only:`/`except:` respected),
 * those its concerns declare (`included do before_action … end`) too, and a concern's for the
 * actions it defines itself.
 */
function railsCallbacks(row: SymbolRow, find: FrameworkLookups): ImpliedStep[] {
  if (!row.file.endsWith('.rb') || !row.parent) return [];
  const owner = find
    .symbolsIn(row.file)
    .find((s) => s.name === row.parent && (s.kind === 'class' || s.kind === 'module'));
  if (!owner) return [];
  const concerns = (find.typeOf(owner.file, owner.name, 'mixins')?.split(',') ?? []).flatMap((name) =>
    find
      .symbolsNamed(name.split('::').pop() ?? name)
      .filter((s) => s.kind === 'module' && s.file.endsWith('.rb'))
      .slice(0, 1),
  );
  const out: ImpliedStep[] = [];
  const declared = [owner, ...concerns].flatMap((home) =>
    find.sourceOf(home.file, home.line, home.end_line).split('\n'),
  );
  for (const line of declared) {
    const callback = /^\s*before_action\s+:(\w+[!?]?)(.*)$/.exec(line);
    if (!callback?.[1]) continue;
    const list = (key: string) => {
      const m = new RegExp(`${key}:\\s*(?:\\[([^\\]]*)\\]|:(\\w+))`).exec(callback[2] ?? '');
      return m ? (m[1] ?? m[2] ?? '').split(/[\s,:%]+/).filter(Boolean) : undefined;
    };
    const only = list('only');
    const except = list('except');
    if ((only && !only.includes(row.short)) || except?.includes(row.short)) continue;
    // The controller's own method first, then its base controller's, then the nearest one so named.
    const candidates = find.symbolsNamed(callback[1]).filter((s) => s.kind === 'method');
    const base = /<\s*([\w:]+)/.exec(find.lineOf(owner.file, owner.line))?.[1]?.split('::').pop();
    const target =
      candidates.find((s) => s.parent === row.parent) ??
      candidates.find((s) => base !== undefined && s.parent === base) ??
      nearest(candidates, row.file)[0];
    if (target) out.push({ row: target, via: `before_action :${callback[1]}` });
  }
  return out;
}

/** DRF's generic views call these hooks of the view class themselves; a view overrides them by name. */
const DRF_HOOKS = [
  'get_queryset',
  'filter_queryset',
  'get_object',
  'perform_create',
  'perform_update',
  'perform_destroy',
];

function drfHooks(row: SymbolRow, find: FrameworkLookups): ImpliedStep[] {
  if (row.kind !== 'class') return [];
  return find
    .symbolsIn(row.file)
    .filter((s) => s.parent === row.name && DRF_HOOKS.includes(s.short))
    .map((s) => ({ row: s, via: `${row.short} (generic view) → ${s.short}` }));
}

/**
 * FastAPI runs a parameter's `Depends(fn)` (and a `Security(fn)`) before the function: a
 * dependency that loads the current user or the article from the path is a step of every route
 * that declares it, and its own dependencies of it in turn.
 */
function fastapiDepends(row: SymbolRow, find: FrameworkLookups): ImpliedStep[] {
  if (!row.file.endsWith('.py') || (row.kind !== 'function' && row.kind !== 'method')) return [];
  // The signature: from the `def` to the `:` that ends it, however many lines it takes.
  const source = find.sourceOf(row.file, row.line, Math.min(row.end_line, row.line + 30));
  const signature = source.slice(0, source.search(/\)\s*(->[^:]*)?:\s*(\n|$)/) + 1);
  const out: ImpliedStep[] = [];
  for (const m of signature.matchAll(/\b(?:Depends|Security)\(\s*([A-Za-z_][\w.]*)/g)) {
    const name = (m[1] as string).split('.').pop() as string;
    const target = nearest(
      find.symbolsNamed(name).filter((s) => s.kind === 'function' || s.kind === 'method'),
      row.file,
    )[0];
    if (target && !out.some((o) => o.row.id === target.id))
      out.push({ row: target, via: `Depends(${name})` });
  }
  return out;
}

/**
 * hapi's server methods: `server.methods.services.articles.list(…)` (on the server, or a request's
 * `request.server`) runs the function registered under `services.articles.list`.
 */
function hapiServerMethods(calls: readonly CallIn[], find: FrameworkLookups): ImpliedStep[] {
  const out: ImpliedStep[] = [];
  for (const call of calls) {
    const group = /(?:^|\.)server\.methods(?:\.([\w$.]+))?$/.exec(call.receiver ?? '');
    if (!group) continue;
    const name = group[1] ? `${group[1]}.${call.callee}` : call.callee;
    const target = find.serverMethod(name);
    if (target && !out.some((o) => o.row.id === target.id))
      out.push({ row: target, via: `server.methods.${name}` });
  }
  return out;
}

/** Leading annotations of a declaration's signature that include `name`. */
const annotated = (signature: string, name: string) =>
  new RegExp(`^\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s+)*@${name}\\b`).test(signature);

/**
 * Spring MVC runs a controller's `@ModelAttribute` methods before each of its request-mapped
 * methods (`findOwner(@PathVariable ownerId)` loads the owner the form handler shows).
 */
function springModelAttributes(row: SymbolRow, find: FrameworkLookups): ImpliedStep[] {
  if (!row.parent || !annotated(row.signature, '(?:Get|Post|Put|Delete|Patch|Request)Mapping')) return [];
  return find
    .symbolsIn(row.file)
    .filter((s) => s.parent === row.parent && s.id !== row.id && annotated(s.signature, 'ModelAttribute'))
    .map((s) => ({ row: s, via: '@ModelAttribute' }));
}

/**
 * Express's and koa-router's `router.param('slug', loadArticle)`: the router runs the loader before
 * the handler of each of its routes with a `:slug` (the loader is often where the row is read).
 */
function paramLoaders(entry: RouteAt, find: FrameworkLookups): ImpliedStep[] {
  if (!entry.path?.includes(':') || !find.isJavaScript(entry.file)) return [];
  const out: ImpliedStep[] = [];
  const lines = find.lines(entry.file);
  for (const [, name] of entry.path.matchAll(/:(\w+)/g)) {
    const declared = new RegExp(`\\.param\\(\\s*(['"\`])${name}\\1\\s*,\\s*([\\w$.]+)\\s*\\)`);
    const at = lines.findIndex((l) => declared.test(l));
    const handler = at >= 0 ? declared.exec(lines[at] as string)?.[2] : undefined;
    const row = handler ? find.handlerAt(entry.file, at + 1, handler) : undefined;
    if (row) out.push({ row, via: `param :${name}` });
  }
  return out;
}

/**
 * hapi's route prerequisites: `pre: [fetchArticle, { method: authorize, assign: 'x' }]` in the
 * route's options run before its handler (often where the row the handler returns is read).
 */
function hapiPrerequisites(entry: RouteAt, find: FrameworkLookups): ImpliedStep[] {
  if (entry.endLine === undefined || !find.isJavaScript(entry.file)) return [];
  const text = find.sourceOf(entry.file, entry.line, entry.endLine);
  const list = /\bpre\s*:\s*\[/.exec(text);
  if (!list) return [];
  const open = list.index + list[0].length - 1;
  const body = blankStrings(text.slice(open + 1, closingBracket(text, open)), '""');
  const out: ImpliedStep[] = [];
  for (const [, name] of body.matchAll(
    /(?:\bmethod\s*:\s*|(?:^|[[,])\s*)([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?=[,\]}]|$)/g,
  )) {
    const row = name ? find.handlerAt(entry.file, entry.line, name) : undefined;
    if (row && !out.some((o) => o.row.id === row.id)) out.push({ row, via: `pre ${name}` });
  }
  return out;
}

/** What a router runs before a route's handler: its param loaders, its prerequisites, a page's load. */
export function routeLoaders(entry: RouteAt, find: FrameworkLookups): ImpliedStep[] {
  return [...paramLoaders(entry, find), ...hapiPrerequisites(entry, find), ...svelteKitLoads(entry, find)];
}

/** A SvelteKit page's component and the modules beside it whose `load` runs before it renders. */
const SVELTEKIT_PAGE = /(^|\/)\+page\.svelte$/;
const SVELTEKIT_LOADERS = ['+page.server.ts', '+page.server.js', '+page.ts', '+page.js'];

/**
 * SvelteKit runs a page's `load` (`+page.server.js`, `+page.js` beside `+page.svelte`) before it
 * renders: the page's flow, whose component this index does not read, starts there.
 */
function svelteKitLoads(entry: RouteAt, find: FrameworkLookups): ImpliedStep[] {
  if (!SVELTEKIT_PAGE.test(entry.file)) return [];
  const dir = entry.file.slice(0, entry.file.lastIndexOf('/') + 1);
  return SVELTEKIT_LOADERS.flatMap((name) =>
    find
      .symbolsIn(`${dir}${name}`)
      .filter((s) => s.name === 'load')
      .map((row) => ({ row, via: `load (${name})` })),
  );
}

/**
 * Phoenix LiveView: `live "/diff/:v", DiffLive, :show` runs the view's `mount`, then its
 * `handle_params`; the action (`:show`) is only an assign, no function.
 */
export function liveViewStarts(entry: RouteAt, handler: string, find: FrameworkLookups): SymbolRow[] {
  if (!/^\s*live\s/.test(find.lineOf(entry.file, entry.line))) return [];
  const module = handler.split('.').slice(0, -1).join('.');
  if (!module) return [];
  return ['mount', 'handle_params'].flatMap((name) =>
    find
      .symbolsNamed(name)
      .filter((s) => s.parent !== null && (s.parent === module || s.parent.endsWith(`.${module}`)))
      .slice(0, 1),
  );
}

export function implicitSteps(
  row: SymbolRow,
  calls: readonly CallIn[],
  find: FrameworkLookups,
): ImpliedStep[] {
  return [
    ...fastapiDepends(row, find),
    ...railsCallbacks(row, find),
    ...drfHooks(row, find),
    ...drfSave(row, calls, find),
    ...mediatorSend(calls, find),
    ...nestBuses(calls, find),
    ...laravelJobs(calls, find),
    ...symfonyForward(calls, find),
    ...hapiServerMethods(calls, find),
    ...springModelAttributes(row, find),
  ];
}
