import type { SyntaxNode as Node } from '@boocode/source-kit';
import { HTTP } from '../languages/syntax.js';
import type { FileFacts } from '../types.js';
import type { JsDetector } from './context.js';
import { field, firstParam } from './syntax.js';

/** A plugin function, bare or wrapped (`fp(async (app) => …)`, fastify-plugin's way): the function. */
function pluginFunction(value: Node | undefined): Node | undefined {
  if (!value) return undefined;
  if (/^(arrow_function|function_expression|function)$/.test(value.type)) return value;
  if (value.type !== 'call_expression') return undefined;
  const args = field(value, 'arguments')?.namedChildren ?? [];
  return args.find((a) => a && /^(arrow_function|function_expression|function)$/.test(a.type)) ?? undefined;
}

/** A plugin object's `register` function (a property or a method). */
function registerOf(object: Node): Node | undefined {
  for (const member of object.namedChildren) {
    if (member?.type === 'method_definition' && field(member, 'name')?.text === 'register') return member;
    if (member?.type === 'pair' && field(member, 'key')?.text === 'register')
      return pluginFunction(field(member, 'value'));
  }
  return undefined;
}

/** Exported routers by name, for mounts made in other files. */
/**
 * An exported function named for an HTTP method (a Next.js or SvelteKit route file's `GET`), or a
 * SvelteKit page server's `actions`: the lines it spans, from its `export`, so that each method's
 * route is its own function (the form actions' POST their object, not the page's `load` beside it).
 */
function noteMethodHandler(facts: FileFacts, name: string, exported: Node, declared: Node): void {
  if (!HTTP.has(name) && name !== 'actions') return;
  facts.methodHandlers = {
    ...facts.methodHandlers,
    [name]: { line: exported.startPosition.row + 1, endLine: declared.endPosition.row + 1 },
  };
}

function readExports(program: Node, facts: FileFacts): void {
  let defaultFunction: Node | undefined;
  /** `const orders = async (app) => { app.get(…) }`: a plugin held in a variable, by its routes' owner. */
  const plugins = new Map<string, string>();
  // A plugin owns its parameter's routes, or mounts on it (hapi's `server.route(Routes(server))`).
  const ownsRoutes = (param: string | undefined) =>
    !!param && (facts.routes.some((r) => r.owner === param) || facts.mounts.some((m) => m.owner === param));
  for (const top of program.namedChildren) {
    if (!top) continue;
    const declaration = top.type === 'export_statement' ? field(top, 'declaration') : top;
    if (declaration && /^(lexical|variable)_declaration$/.test(declaration.type))
      for (const decl of declaration.namedChildren) {
        const name = decl?.type === 'variable_declarator' ? field(decl, 'name') : undefined;
        const param = firstParam(pluginFunction(field(decl ?? undefined, 'value')));
        if (name?.type === 'identifier' && param && ownsRoutes(param)) plugins.set(name.text, param);
      }
  }
  for (const top of program.namedChildren) {
    if (!top) continue;
    const exported = top.type === 'export_statement';
    const isDefault = exported && top.children.some((c) => c?.type === 'default');
    const statement = exported ? (field(top, 'declaration') ?? top) : top;
    if (exported && /^(lexical|variable)_declaration$/.test(statement.type)) {
      for (const decl of statement.namedChildren) {
        const name = decl?.type === 'variable_declarator' ? field(decl, 'name') : undefined;
        if (name?.type === 'identifier') {
          facts.exportedRouters[name.text] = plugins.get(name.text) ?? name.text;
          if (decl) noteMethodHandler(facts, name.text, top, decl);
        }
        // `export const { GET, POST } = handlers` (Auth.js route files).
        if (name?.type === 'object_pattern')
          for (const part of name.namedChildren) {
            const bound =
              part?.type === 'shorthand_property_identifier_pattern'
                ? part
                : field(part ?? undefined, 'value');
            if (bound?.type === 'identifier' || bound?.type === 'shorthand_property_identifier_pattern')
              facts.exportedRouters[bound.text] = bound.text;
          }
      }
    }
    // `export { handler as GET, handler as POST }`: exported under the alias.
    const clause = exported ? top.namedChildren.find((c) => c?.type === 'export_clause') : undefined;
    const reexported = !!field(top, 'source');
    for (const spec of clause?.namedChildren ?? []) {
      if (spec?.type !== 'export_specifier') continue;
      const local = field(spec, 'name')?.text;
      const alias = field(spec, 'alias')?.text ?? local;
      // `export { GET, POST } from '@/auth'` (Auth.js's route file): the methods a route file answers.
      if (reexported) {
        if (alias && HTTP.has(alias)) facts.exportedRouters[alias] = alias;
      } else if (local && alias) facts.exportedRouters[alias] = facts.exportedRouters[local] ?? local;
    }
    if (statement.type === 'function_declaration' || statement.type === 'generator_function_declaration') {
      const name = field(statement, 'name')?.text ?? '';
      // A Fastify plugin is a function whose routes are declared on its first parameter.
      const param = firstParam(statement);
      if (param && facts.routes.some((r) => r.owner === param))
        facts.exportedRouters[isDefault ? 'default' : name] = param;
      else if (exported) facts.exportedRouters[isDefault ? 'default' : name] = name;
      if (exported && !isDefault) noteMethodHandler(facts, name, top, statement);
    }
    // A hapi plugin: `module.exports = { register: async (server) => … }`, `export default { register(server) {…} }`.
    const assigned =
      top.type === 'expression_statement' && top.namedChild(0)?.type === 'assignment_expression'
        ? top.namedChild(0)
        : undefined;
    const object =
      assigned && /^(module\.exports|exports\.plugin)$/.test(field(assigned, 'left')?.text ?? '')
        ? field(assigned, 'right')
        : exported
          ? field(top, 'value')
          : undefined;
    // `module.exports = function (router) { router.get(…) }`: a function handed a router.
    if (assigned && field(assigned, 'left')?.text === 'module.exports') {
      const right = field(assigned, 'right');
      const fn = pluginFunction(right);
      if (fn && ownsRoutes(firstParam(fn))) defaultFunction = fn;
      // `const register = (server) => {…}; module.exports = register`.
      if (right?.type === 'identifier' && plugins.has(right.text))
        facts.exportedRouters.default = plugins.get(right.text) as string;
    }
    const register = object?.type === 'object' ? registerOf(object) : undefined;
    if (register && ownsRoutes(firstParam(register)))
      facts.exportedRouters.default = firstParam(register) as string;
    // `{ name: 'shop', register }`: the plugin function declared above under that name.
    const shorthand = object?.namedChildren.find(
      (m) => m?.type === 'shorthand_property_identifier' && m.text === 'register',
    );
    if (shorthand && plugins.has('register'))
      facts.exportedRouters.default = plugins.get('register') as string;
    const value = exported ? field(top, 'value') : undefined;
    if (value?.type === 'identifier' && plugins.has(value.text))
      facts.exportedRouters.default = plugins.get(value.text) as string;
    const fn = pluginFunction(value);
    if (fn) defaultFunction = fn;
  }
  const param = firstParam(defaultFunction);
  if (param) facts.exportedRouters.default = param;
  // `export default routes` of a `function routes(fastify) {…}` declared apart: its routes' owner.
  const named = facts.exportedRouters.default;
  if (named && named !== 'default' && facts.exportedRouters[named])
    facts.exportedRouters.default = facts.exportedRouters[named];
}

/** What a file exports under which name, for mounts and route handlers read in other files. */
export const exportedRouters: JsDetector = {
  on: {},
  finish: (root, ctx) => readExports(root, ctx.facts),
};
