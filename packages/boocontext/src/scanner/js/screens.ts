import type { SyntaxNode as Node } from '@boocode/source-kit';
import { joinPaths, type LocalRoute } from '../types.js';
import { type JsContext, type JsDetector, lineOf } from './context.js';
import { namedInClause } from './lexer.js';
import { argsOf, field, stringOf } from './syntax.js';

/**
 * A single-page app's screens: the paths its client-side router shows a component at. Not served
 * by a back end (the route map links no call to them); a flow from one starts at its component and
 * goes on through the requests it makes.
 */
export const SCREEN = 'SCREEN';
/** Owner of screens not declared in a named route table (JSX `<Route>`s, an inline array). */
const SCREEN_OWNER = '*screen*';
/** A component written as a module to load (`() => import('./views/Home')`): `import:SPEC[#member]`. */
export const IMPORTED = 'import:';

/** The module and export an `import:SPEC[#member]` names (`default` when no member is picked). */
export function importedExport(written: string): { spec: string; name: string } | undefined {
  if (!written.startsWith(IMPORTED)) return undefined;
  const rest = written.slice(IMPORTED.length);
  // `#` also starts a package.json `imports` alias (`#app/routes`): a member follows a later one.
  const cut = rest.lastIndexOf('#');
  return cut > 0 ? { spec: rest.slice(0, cut), name: rest.slice(cut + 1) } : { spec: rest, name: 'default' };
}

/** The router packages whose route tables this reads, by the framework each is. */
const ROUTER_PACKAGES: Record<string, string> = {
  'react-router': 'react-router',
  'react-router-dom': 'react-router',
  '@solidjs/router': 'solid-router',
  'solid-app-router': 'solid-router',
  'vue-router': 'vue-router',
  '@angular/router': 'angular',
};
/** Calls handed a route table. */
const ROUTER_CALLS =
  /^(createBrowserRouter|createHashRouter|createMemoryRouter|useRoutes|createRoutesFromElements|provideRouter|createRouter|forRoot|forChild|Router|VueRouter)$/;
/** Types that make an array a route table. */
const ROUTE_TYPES =
  /^(Routes|Route\[\]|RouteObject\[\]|RouteRecordRaw\[\]|RouteConfig\[\]|RouteDefinition\[\])$/;
/** Properties naming what a route object shows, in the order they are preferred. */
const COMPONENT_KEYS = ['component', 'Component', 'element', 'loadComponent', 'lazy', 'components'];
/** Wrappers an `element` puts around the screen's component (auth guards, suspense). */
const WRAPPER = /Route$|Guard|Auth|Protected|Private|Require|Suspense|Boundary|Provider/;

/** Worth a look: JSX routes, or route objects with what they show. */
const JSX_ROUTE = /<\w*Route\b[^>]*\bpath\s*=/;
const ROUTE_OBJECT = /\bpath\s*:/;
const SHOWS = /\b(?:component|Component|element|loadComponent|loadChildren|lazy|components)\s*:/;
/** A router's package or a call handed a table: a table of objects with paths is routes only beside one. */
const ROUTER_WORD =
  /['"](?:react-router(?:-dom)?|@solidjs\/router|solid-app-router|vue-router|@angular\/router)['"]|\b(?:createBrowserRouter|createHashRouter|createMemoryRouter|useRoutes|RouterModule|provideRouter|VueRouter)\b/;

function unwrap(node: Node | undefined): Node | undefined {
  let current = node;
  while (
    current &&
    ['satisfies_expression', 'as_expression', 'parenthesized_expression', 'non_null_expression'].includes(
      current.type,
    )
  )
    current = current.namedChild(0) ?? undefined;
  return current;
}

/** `() => import('./x')`, `() => import('./x').then(m => m.X)`, `import('./x')`: what it loads. */
function loaded(value: Node | undefined): string | undefined {
  let body = unwrap(value);
  if (body?.type === 'arrow_function' || body?.type === 'function_expression') {
    body = field(body, 'body');
    if (body?.type === 'statement_block') {
      const returned = body.namedChildren.find((c) => c?.type === 'return_statement');
      body = returned?.namedChild(0) ?? undefined;
    }
  }
  body = unwrap(body);
  let member: string | undefined;
  // `import('./x').then((m) => m.X)`
  if (body?.type === 'call_expression' && field(body, 'function')?.type === 'member_expression') {
    const callee = field(body, 'function');
    if (field(callee, 'property')?.text !== 'then') return undefined;
    const picked = field(argsOf(body)[0], 'body');
    if (picked?.type === 'member_expression') member = field(picked, 'property')?.text;
    body = unwrap(field(callee, 'object'));
  }
  if (body?.type !== 'call_expression' || field(body, 'function')?.type !== 'import') return undefined;
  const spec = stringOf(argsOf(body)[0]);
  if (!spec) return undefined;
  return `${IMPORTED}${spec}${member && member !== 'default' ? `#${member}` : ''}`;
}

/** The component a JSX element shows: its own name, or a guard's single child's. */
function elementComponent(element: Node | undefined): string | undefined {
  let current = unwrap(element);
  for (let hops = 0; current && hops < 4; hops++) {
    const name =
      current.type === 'jsx_self_closing_element'
        ? field(current, 'name')?.text
        : current.type === 'jsx_element'
          ? field(field(current, 'open_tag'), 'name')?.text
          : undefined;
    if (!name || !/^[A-Z]/.test(name)) return undefined;
    // `<Lazy component={() => import('../plugin/PluginDetailView')} />`: the module it loads.
    const lazy = loaded(attributes(current).get('component')?.namedChild(0) ?? undefined);
    if (lazy) return lazy;
    if (current.type === 'jsx_self_closing_element' || !WRAPPER.test(name)) return name;
    current = current.namedChildren.find(
      (c) => c?.type === 'jsx_element' || c?.type === 'jsx_self_closing_element',
    );
  }
  return undefined;
}

/** What a `component`/`element`/`loadComponent` value shows: a name, or a module to load. */
function componentOf(value: Node | undefined): string | undefined {
  const node = unwrap(value);
  if (!node) return undefined;
  if (node.type === 'identifier' || node.type === 'member_expression') return node.text;
  if (node.type === 'jsx_element' || node.type === 'jsx_self_closing_element') return elementComponent(node);
  if (node.type === 'jsx_expression') return componentOf(node.namedChild(0) ?? undefined);
  if (node.type === 'object') return componentOf(propertyOf(node, 'default'));
  // `render={() => <Personal />}`: what the function renders.
  if (node.type === 'arrow_function' && field(node, 'body')?.type !== 'statement_block') {
    const rendered = componentOf(field(node, 'body'));
    if (rendered && !rendered.startsWith(IMPORTED)) return rendered;
  }
  // `authed(elevated(<Users />))`: guard functions around the element; `lazy(() => import('./x'))`.
  if (node.type === 'call_expression' && field(node, 'function')?.type !== 'import') {
    const lazy = lazyComponent(node);
    if (lazy) return lazy;
    const guarded = argsOf(node).find((a) =>
      /^(jsx_element|jsx_self_closing_element|call_expression)$/.test(a.type),
    );
    if (guarded) return componentOf(guarded);
  }
  return loaded(node);
}

/** `lazy(() => import('./Home'))`, `defineAsyncComponent(…)`, a project's `lazyWithRetry(…)`: the module loaded. */
function lazyComponent(call: Node): string | undefined {
  for (const arg of argsOf(call)) {
    const module = loaded(arg);
    if (module) return module;
  }
  return undefined;
}

/** Components a file loads lazily into constants (`const Home = lazy(() => import('./Home'))`), by name. */
function lazyConstants(root: Node): Map<string, string> {
  const out = new Map<string, string>();
  for (const declarator of root.descendantsOfType('variable_declarator')) {
    const name = field(declarator ?? undefined, 'name');
    const value = unwrap(field(declarator ?? undefined, 'value'));
    const module = value?.type === 'call_expression' ? lazyComponent(value) : undefined;
    if (name?.type === 'identifier' && module) out.set(name.text, module);
  }
  return out;
}

function propertyOf(object: Node, name: string): Node | undefined {
  for (const prop of object.namedChildren) {
    if (prop?.type === 'pair') {
      const key = field(prop, 'key');
      if ((key?.type === 'string' ? stringOf(key) : key?.text) === name) return field(prop, 'value');
    }
    if (prop?.type === 'shorthand_property_identifier' && prop.text === name) return prop;
  }
  return undefined;
}

/** A JSX attribute's value (`path="/x"`, `component={X}`), or the attribute itself when it has none. */
function attributes(element: Node): Map<string, Node | undefined> {
  const open = element.type === 'jsx_element' ? field(element, 'open_tag') : element;
  const out = new Map<string, Node | undefined>();
  for (const attr of open?.namedChildren ?? []) {
    if (attr?.type !== 'jsx_attribute') continue;
    const name = attr.namedChild(0)?.text;
    if (name) out.set(name, attr.namedChild(1) ?? undefined);
  }
  return out;
}

const isRouteElement = (node: Node) => {
  const name =
    node.type === 'jsx_element' ? field(field(node, 'open_tag'), 'name')?.text : field(node, 'name')?.text;
  return !!name && /Route$/.test(name);
};

function frameworkOf(ctx: JsContext, fallback: string): string {
  for (const { spec } of Object.values(ctx.facts.bindings)) {
    const framework = ROUTER_PACKAGES[spec];
    if (framework) return framework;
  }
  return fallback;
}

/** Records a screen at `path` showing `component`, in the route table `owner` (or none). */
type AddScreen = (
  at: { path: string; line: number; owner: string; framework: string },
  component: string,
) => void;

/** `<Route path="/x" component={X} />`, nested `<Route>`s joining their paths (React Router 6). */
function readJsxRoutes(root: Node, ctx: JsContext, addScreen: AddScreen): void {
  const framework = frameworkOf(ctx, 'react-router');
  const visit = (element: Node, prefix: string) => {
    const attrs = attributes(element);
    // A layout route (`<Route element={<Layout />}>` with no path) wraps its children's screens.
    const layout = !attrs.has('path') && !attrs.has('index');
    const written = layout ? '' : attrs.has('path') ? jsxString(attrs.get('path')) : '';
    if (written === undefined) return;
    const path = written.startsWith('/') ? joinPaths(written) : joinPaths(prefix, written);
    const component = layout
      ? undefined
      : componentOf(
          attrs.get('component') ?? attrs.get('Component') ?? attrs.get('element') ?? attrs.get('render'),
        );
    if (component) addScreen({ path, line: lineOf(element), owner: SCREEN_OWNER, framework }, component);
    if (element.type === 'jsx_element')
      for (const child of element.namedChildren)
        if (
          child &&
          (child.type === 'jsx_element' || child.type === 'jsx_self_closing_element') &&
          isRouteElement(child)
        )
          visit(child, path);
  };
  for (const element of root.descendantsOfType(['jsx_element', 'jsx_self_closing_element'])) {
    if (!element || !isRouteElement(element)) continue;
    // A nested `<Route>` is read with its parent's path.
    let nested = false;
    for (let up = element.parent; up && !nested; up = up.parent)
      nested = (up.type === 'jsx_element' || up.type === 'jsx_self_closing_element') && isRouteElement(up);
    if (!nested) visit(element, '');
  }
}

function jsxString(value: Node | undefined): string | undefined {
  if (!value) return undefined;
  if (value.type === 'string') return stringOf(value);
  if (value.type === 'jsx_expression') return stringOf(value.namedChild(0) ?? undefined);
  return undefined;
}

/**
 * The name a route table is bound to, or whether a call or a type makes an array one; in a file
 * that imports a router (`routerFile`), also an array a function returns.
 */
function tableOf(array: Node, routerFile: boolean): { owner: string } | undefined {
  let up = array.parent;
  while (up && ['satisfies_expression', 'as_expression', 'parenthesized_expression'].includes(up.type)) {
    if (up.type !== 'parenthesized_expression' && ROUTE_TYPES.test(up.namedChild(1)?.text ?? ''))
      return { owner: SCREEN_OWNER };
    up = up.parent;
  }
  if (!up) return undefined;
  if (up.type === 'variable_declarator') {
    const name = field(up, 'name')?.text ?? '';
    const type = field(up, 'type')?.namedChild(0)?.text ?? '';
    return /routes$/i.test(name) || ROUTE_TYPES.test(type) ? { owner: name } : undefined;
  }
  if (up.type === 'pair')
    return /^routes$/.test(field(up, 'key')?.text ?? '') ? { owner: SCREEN_OWNER } : undefined;
  if (up.type === 'arguments') {
    const callee = field(up.parent ?? undefined, 'function') ?? field(up.parent ?? undefined, 'constructor');
    const name = callee?.type === 'member_expression' ? field(callee, 'property')?.text : callee?.text;
    return ROUTER_CALLS.test(name ?? '') ? { owner: SCREEN_OWNER } : undefined;
  }
  if (up.type === 'export_statement') return { owner: SCREEN_OWNER };
  // A table a function builds (`getRouteMap() { return [...] }`), in a file using a router.
  if (routerFile && (up.type === 'return_statement' || up.type === 'arrow_function'))
    return { owner: SCREEN_OWNER };
  return undefined;
}

/**
 * Route objects (React Router's data routers, vue-router, Angular's `Routes`): `{ path, component
 * | element | loadComponent | lazy, children }`, in an array a router is handed or a route table
 * is bound to; `loadChildren` mounts another module's table under the path.
 */
function readRouteTables(root: Node, ctx: JsContext, addScreen: AddScreen): void {
  const framework = frameworkOf(ctx, '');
  const routerFile = framework !== '';
  const visit = (array: Node, prefix: string, owner: string) => {
    for (const element of array.namedChildren) {
      const object = unwrap(element ?? undefined);
      if (object?.type !== 'object') continue;
      const pathNode = propertyOf(object, 'path');
      const index = propertyOf(object, 'index') !== undefined;
      // A layout route (no path: `{ element: <MainLayout />, children }`) wraps its children's screens.
      const layout = !pathNode && !index;
      const written = pathNode ? stringOf(pathNode) : '';
      // A named outlet's route renders beside the screen (Angular's `outlet: 'navbar'`), not as one.
      if (written === undefined || propertyOf(object, 'outlet')) continue;
      const path = written.startsWith('/') ? joinPaths(written) : joinPaths(prefix, written);
      const key = COMPONENT_KEYS.find((k) => propertyOf(object, k) !== undefined);
      const component = key === undefined || layout ? undefined : componentOf(propertyOf(object, key));
      // React Router's `lazy` module exports the route's `Component`.
      const shown =
        key === 'lazy' && component?.startsWith(IMPORTED) && !component.includes('#', IMPORTED.length + 1)
          ? `${component}#Component`
          : component;
      if (shown)
        addScreen({ path, line: lineOf(object), owner, framework: framework || 'react-router' }, shown);
      const children = unwrap(propertyOf(object, 'children'));
      if (children?.type === 'array') visit(children, path, owner);
      const lazyChildren = loaded(propertyOf(object, 'loadChildren'));
      if (lazyChildren)
        ctx.facts.mounts.push({
          owner,
          prefix: path,
          target: lazyChildren,
          line: lineOf(object),
        });
    }
  };
  for (const array of root.descendantsOfType('array')) {
    if (!array?.namedChildren.some((e) => unwrap(e ?? undefined)?.type === 'object')) continue;
    // Children arrays are read with their parent route.
    if (array.parent?.type === 'pair' && field(array.parent, 'key')?.text === 'children') continue;
    const table = tableOf(array, routerFile);
    if (table) visit(array, '', table.owner);
  }
}

/**
 * TanStack Router's file routes, read from the text (a route file needs no syntax tree for them):
 * `createFileRoute('/posts/$postId')({ component: Post })`.
 */
const FILE_ROUTE = /\bcreate(?:Lazy)?FileRoute\s*\(\s*(['"`])([^'"`]*)\1\s*\)\s*\(\s*\{/g;
/** The route's own component: the options' `component` (not `pendingComponent`, `errorComponent`). */
const ROUTE_COMPONENT = /(?<![\w$])component\s*:\s*([A-Za-z_$][\w$]*)/;

/** `/_layout/items` → `/items` (a `_` segment is a pathless layout), `$postId` → `:postId`, `$` → `*`. */
function tanStackPath(written: string): string {
  const segments = written
    .split('/')
    .filter((s) => s && !s.startsWith('_') && s !== 'index')
    .map((s) => (s === '$' ? '*' : s.startsWith('$') ? `:${s.slice(1)}` : s));
  return joinPaths(...segments);
}

/** The screens a TanStack Router route file declares; a pathless layout's own route (`/_layout`, not its index) is none. */
export function fileRouteScreens(text: string): LocalRoute[] {
  if (!text.includes('FileRoute')) return [];
  const screens: LocalRoute[] = [];
  for (const match of text.matchAll(FILE_ROUTE)) {
    const written = match[2] as string;
    if (!written.endsWith('/') && written.split('/').pop()?.startsWith('_')) continue;
    const options = text.slice((match.index as number) + match[0].length, (match.index as number) + 2000);
    const component = ROUTE_COMPONENT.exec(options)?.[1];
    if (!component) continue;
    screens.push({
      method: SCREEN,
      path: tanStackPath(written),
      line: text.slice(0, match.index).split('\n').length,
      framework: 'tanstack-router',
      owner: SCREEN_OWNER,
      handler: importOfName(text, component) ?? component,
    });
  }
  return screens;
}

/**
 * Where an import statement of the text binds `name` (`import Post from './Post'`, `import { Post as
 * P } from '../Post'`), as `import:SPEC[#member]`: a file read without a syntax tree has no bindings.
 */
function importOfName(text: string, name: string): string | undefined {
  for (const [, clause = '', spec = ''] of text.matchAll(
    /\bimport\s+(?!type\b)([^;'"]*?)\s+from\s+['"]([^'"]+)['"]/g,
  )) {
    const [defaultName] = /^[\w$]+/.exec(clause.trim()) ?? [];
    if (defaultName === name) return `${IMPORTED}${spec}`;
    const named = namedInClause(clause).find(([local]) => local === name);
    if (named) return `${IMPORTED}${spec}#${named[1]}`;
  }
  return undefined;
}

/** Whether a file's text may declare screens: what the syntax gate lets through to this reader. */
export const mayDeclareScreens = (text: string) =>
  (text.includes('Route') && JSX_ROUTE.test(text)) ||
  (text.includes('path') && ROUTE_OBJECT.test(text) && SHOWS.test(text) && ROUTER_WORD.test(text));

export const screens: JsDetector = {
  on: {},
  finish(root, ctx) {
    if (!mayDeclareScreens(ctx.text)) return;
    // `const Home = lazy(() => import('./pages/Home'))` shown as `<Home />`: the module it loads.
    const lazy = lazyConstants(root);
    const addScreen: AddScreen = (at, component) =>
      ctx.facts.routes.push({ method: SCREEN, ...at, handler: lazy.get(component) ?? component });
    if (JSX_ROUTE.test(ctx.text)) readJsxRoutes(root, ctx, addScreen);
    readRouteTables(root, ctx, addScreen);
  },
};
