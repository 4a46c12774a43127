import {
  type LanguageId,
  maskUnsupportedSyntax,
  type SyntaxNode as Node,
  parserFor,
  type SyntaxTree,
} from '@boocode/source-kit';
import { envOfCall, envOfDeclarator } from './js-env.js';
import { lexFile } from './js-lexer.js';
import { CONFIG_OWNER, ROUTE_CONFIG } from './react-router.js';
import { readRouteConfig } from './react-router-config.js';
import { argsOf, field, stringOf } from './syntax.js';
import { emptyFacts, type FileFacts, isPascal, JSX_FILE, jsLanguage, type Model } from './types.js';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);
const NEST_METHODS: Record<string, string> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
  Head: 'HEAD',
  Options: 'OPTIONS',
  All: 'ALL',
};
/** Names apps and routers conventionally have, for code that builds them out of our sight. */
const CONVENTIONAL_OWNERS = /^(app|router|api|server|routes|fastify|instance|hono|r)$/i;
const ROUTER_FACTORIES = /^(express|Router|fastify|Fastify|Hono|Koa|KoaRouter|createRouter)$/;
const JSX = ['jsx_element', 'jsx_self_closing_element'];
/** The node types the reader acts on; the walk materialises no other node (each read crosses into wasm). */
const WANTED = new Set([
  'import_statement',
  'export_statement',
  'call_expression',
  'variable_declarator',
  'assignment_expression',
  'class_declaration',
  'abstract_class_declaration',
  'member_expression',
  'subscript_expression',
  'function_declaration',
]);

/**
 * TypeScript's grammar reads plain JavaScript too, so JS without JSX shares it with the .ts files
 * (one grammar to load, not two); JSX needs the TSX grammar, whichever the extension.
 */
export function grammarOf(rel: string, text: string): LanguageId {
  if (/\.[cm]?ts$/.test(rel)) return 'typescript';
  return rel.endsWith('.tsx') || /<\/|\/>/.test(text) ? 'tsx' : 'typescript';
}

/** Pre-order walk over the nodes whose type is in `wanted`, with a cursor so nothing else is built. */
function forEachWanted(tree: SyntaxTree, wanted: ReadonlySet<string>, visit: (node: Node) => void): void {
  const cursor = tree.walk();
  try {
    for (;;) {
      if (wanted.has(cursor.nodeType)) visit(cursor.currentNode);
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return;
    }
  } finally {
    cursor.delete();
  }
}

const lineOf = (node: Node) => node.startPosition.row + 1;

function calleeName(expr: Node | undefined): string | undefined {
  if (expr?.type === 'identifier') return expr.text;
  if (expr?.type === 'member_expression') return field(expr, 'property')?.text;
  return undefined;
}

/** The object a call hangs off: `router` in `router.get(...)`, the root of a chain for `router.route('/x').get(...)`. */
function ownerOf(expr: Node | undefined): string | undefined {
  let current = expr;
  while (current && (current.type === 'call_expression' || current.type === 'member_expression')) {
    // `args.app.get(…)`, `this.router.post(…)`: a router held in a property is owned by its name.
    if (current.type === 'member_expression') {
      const property = field(current, 'property')?.text ?? '';
      const object = field(current, 'object');
      if (CONVENTIONAL_OWNERS.test(property) && (object?.type === 'identifier' || object?.type === 'this'))
        return property;
    }
    current = field(current, current.type === 'call_expression' ? 'function' : 'object');
  }
  if (current?.type === 'identifier') return current.text;
  return current?.type === 'this' ? 'this' : undefined;
}

/**
 * Whether a call chain hangs off a router factory call rather than a name: `Router().use(a)`,
 * `express.Router().use(b)`. Such a chain's owner is what it is assigned to (or `default` when
 * exported), not a receiver.
 */
function startsWithFactoryCall(expr: Node | undefined): boolean {
  let current = expr;
  while (current && (current.type === 'call_expression' || current.type === 'member_expression')) {
    if (
      current.type === 'call_expression' &&
      ROUTER_FACTORIES.test(calleeName(field(current, 'function')) ?? '')
    )
      return true;
    current = field(current, current.type === 'call_expression' ? 'function' : 'object');
  }
  return false;
}

/** The routers a `use`/`route` argument names: `users`, `users.routes`, or each of `[auth, users]`. */
function mountTargets(arg: Node | undefined): string[] {
  if (!arg) return [];
  if (arg.type === 'identifier') return [arg.text];
  if (arg.type === 'array') return arg.namedChildren.flatMap((e) => mountTargets(e ?? undefined));
  if (
    arg.type === 'member_expression' &&
    field(arg, 'property')?.text === 'routes' &&
    field(arg, 'object')?.type === 'identifier'
  )
    return [field(arg, 'object')?.text ?? ''];
  return [];
}

function objectProperty(obj: Node | undefined, name: string): Node | undefined {
  if (obj?.type !== 'object') return undefined;
  for (const prop of obj.namedChildren) {
    if (prop?.type !== 'pair') continue;
    const key = field(prop, 'key');
    const text = key?.type === 'string' ? stringOf(key) : key?.text;
    if (text === name) return field(prop, 'value');
  }
  return undefined;
}

function decoratorCall(decorator: Node): { name: string; arg?: string } | undefined {
  const expr = decorator.namedChild(0);
  if (expr?.type === 'call_expression' && field(expr, 'function')?.type === 'identifier') {
    const args = argsOf(expr);
    return {
      name: field(expr, 'function')?.text ?? '',
      arg: stringOf(args[0]) ?? (args.length === 0 ? '' : undefined),
    };
  }
  if (expr?.type === 'identifier') return { name: expr.text, arg: '' };
  return undefined;
}

/** First parameter's name of a function, when it is a plain identifier. */
function firstParam(fn: Node | undefined): string | undefined {
  const single = field(fn, 'parameter');
  if (single?.type === 'identifier') return single.text;
  const first = field(fn, 'parameters')?.namedChildren.find((c) => c && c.type !== 'comment');
  const name = first && (first.type === 'identifier' ? first : field(first, 'pattern'));
  return name?.type === 'identifier' ? name.text : undefined;
}

const containsJsx = (node: Node) => node.descendantsOfType(JSX).length > 0;

/**
 * Reads one JavaScript/TypeScript file's syntax tree (tree-sitter): imports, routes of Express,
 * Fastify, Hono, Koa, NestJS and tRPC with their mounts, models of Drizzle, TypeORM, Mongoose and
 * Sequelize, React components and environment variables. The grammars trail the newest
 * TypeScript syntax: the gaps known are blanked before parsing (`maskUnsupportedSyntax`), and past
 * those a syntax error counts only when the lexer cannot read the file either.
 */
export async function scanJs(rel: string, text: string): Promise<FileFacts> {
  const grammar = grammarOf(rel, text);
  const tree = (await parserFor(grammar)).parse(maskUnsupportedSyntax(text, grammar));
  if (!tree) return { ...emptyFacts('javascript'), error: 'parser returned no tree' };
  try {
    const facts = factsOfTree(rel, tree, jsLanguage(rel));
    if (tree.rootNode.hasError && lexFile(rel, text) === undefined)
      facts.error = 'syntax errors; read as far as it parses';
    return facts;
  } finally {
    tree.delete();
  }
}

function factsOfTree(rel: string, tree: SyntaxTree, language: string): FileFacts {
  const facts = emptyFacts(language);
  const routers = new Map<string, string>();
  const env = new Set<string>();
  const frameworks = new Set<string>();
  const tables: Model[] = [];
  const withComponents = JSX_FILE.test(rel);

  const addImport = (spec: string, node: Node) => facts.imports.push({ spec, line: lineOf(node) });
  /** An owner we did not see created (a plugin parameter, an app built elsewhere): the file's imports tell. */
  const fileFramework = () => {
    const specs = facts.imports.map((i) => i.spec);
    if (specs.some((s) => s === 'fastify' || s.startsWith('@fastify/'))) return 'fastify';
    if (specs.includes('hono')) return 'hono';
    if (specs.some((s) => s === 'koa' || s === '@koa/router' || s === 'koa-router')) return 'koa';
    if (specs.includes('express')) return 'express';
    return 'http';
  };

  const readImport = (node: Node) => {
    const spec = stringOf(field(node, 'source'));
    for (const part of node.namedChildren) {
      if (part?.type === 'import_require_clause') {
        // TypeScript's `import x = require('y')`.
        const required = stringOf(field(part, 'source'));
        const name = part.namedChild(0);
        if (required !== undefined) {
          addImport(required, node);
          if (name?.type === 'identifier') facts.bindings[name.text] = { spec: required, name: 'default' };
        }
      }
      if (part?.type !== 'import_clause' || spec === undefined) continue;
      for (const binding of part.namedChildren) {
        if (binding?.type === 'identifier') facts.bindings[binding.text] = { spec, name: 'default' };
        else if (binding?.type === 'namespace_import') {
          const name = binding.namedChild(0);
          if (name) facts.bindings[name.text] = { spec, name: '*' };
        } else if (binding?.type === 'named_imports') {
          for (const el of binding.namedChildren) {
            if (el?.type !== 'import_specifier') continue;
            const imported = field(el, 'name');
            const local = field(el, 'alias') ?? imported;
            if (imported && local) facts.bindings[local.text] = { spec, name: imported.text };
          }
        }
      }
    }
    if (spec !== undefined) addImport(spec, node);
  };

  /**
   * `name = Factory()…`: a router, with what its chain declares — Hono's `basePath`, and
   * `.use('/p', r)` / `.use(r)` mounts (`Router().use(tags).use(articles)`).
   */
  const recordRouterVar = (name: string, init: Node) => {
    let call: Node | undefined = init;
    const mounts: FileFacts['mounts'] = [];
    while (call?.type === 'call_expression' && field(call, 'function')?.type === 'member_expression') {
      const link = field(field(call, 'function'), 'property')?.text;
      const args = argsOf(call);
      if (link === 'basePath') {
        const base = stringOf(args[0]);
        if (base !== undefined)
          mounts.push({ owner: `${name}#self`, prefix: base, target: name, line: lineOf(call) });
      } else if (link === 'use' || link === 'route') {
        const prefix = stringOf(args[0]);
        for (const arg of prefix === undefined ? args : args.slice(1))
          for (const target of mountTargets(arg))
            mounts.push({ owner: name, prefix: prefix ?? '', target, line: lineOf(call) });
      } else break;
      call = field(field(call, 'function'), 'object');
    }
    facts.mounts.push(...mounts);
    if (call?.type !== 'new_expression' && call?.type !== 'call_expression') return;
    const callee = calleeName(field(call, call.type === 'new_expression' ? 'constructor' : 'function'));
    if (!callee || !ROUTER_FACTORIES.test(callee)) return;
    const framework = /^(fastify|Fastify)$/.test(callee)
      ? 'fastify'
      : callee === 'Hono'
        ? 'hono'
        : /Koa/.test(callee)
          ? 'koa'
          : 'express';
    routers.set(name, framework);
    frameworks.add(framework);
    const prefix = stringOf(objectProperty(argsOf(call)[0], 'prefix'));
    if (prefix) facts.mounts.push({ owner: `${name}#self`, prefix, target: name, line: lineOf(call) });
  };

  const scanCall = (call: Node) => {
    const callee = field(call, 'function');
    if (callee?.type !== 'member_expression') return;
    const method = field(callee, 'property')?.text ?? '';
    const object = field(callee, 'object');
    // A chain on a factory call is read where it is assigned or exported (recordRouterVar).
    if (startsWithFactoryCall(object)) return;
    const owner = ownerOf(object);
    if (!owner) return;
    const known = routers.has(owner) || CONVENTIONAL_OWNERS.test(owner);
    const args = argsOf(call);
    const first = stringOf(args[0]);
    const line = lineOf(call);
    if (HTTP_METHODS.has(method.toLowerCase()) && known) {
      const framework = routers.get(owner) ?? fileFramework();
      // `router.route('/x').get(h)`: the path is on the chain, not the call.
      let chained: string | undefined;
      for (
        let link = object;
        link?.type === 'call_expression' && field(link, 'function')?.type === 'member_expression';
        link = field(field(link, 'function'), 'object')
      ) {
        if (field(field(link, 'function'), 'property')?.text === 'route') {
          chained = stringOf(argsOf(link)[0]);
          break;
        }
      }
      const routePath = chained ?? first;
      if (routePath !== undefined && (args.length >= 2 || chained !== undefined)) {
        const handler = args.at(-1);
        facts.routes.push({
          method: method.toUpperCase(),
          path: routePath,
          line,
          endLine: call.endPosition.row + 1,
          framework,
          owner,
          ...(handler?.type === 'identifier' ? { handler: handler.text } : {}),
        });
        if (framework !== 'http') frameworks.add(framework);
      }
      return;
    }
    if (method === 'route' && known && args.length === 1 && args[0]?.type === 'object') {
      // Fastify's full form: fastify.route({ method, url, handler }).
      const url = stringOf(objectProperty(args[0], 'url') ?? objectProperty(args[0], 'path'));
      const m = objectProperty(args[0], 'method');
      const methods =
        m?.type === 'array' ? m.namedChildren.map((e) => stringOf(e ?? undefined)) : [stringOf(m)];
      for (const each of methods)
        if (url !== undefined && each)
          facts.routes.push({
            method: each.toUpperCase(),
            path: url,
            line,
            endLine: call.endPosition.row + 1,
            framework: 'fastify',
            owner,
          });
      return;
    }
    if ((method === 'use' || method === 'route') && known && first !== undefined && args.length >= 2) {
      // Express/Koa `use('/p', router)` (or `[auth, router]`), Hono `route('/p', app)`.
      for (const arg of args.slice(1))
        for (const target of mountTargets(arg)) facts.mounts.push({ owner, prefix: first, target, line });
      return;
    }
    if (method === 'use' && known && first === undefined) {
      // `app.use(router)`: mounted without a path, it inherits every prefix above it.
      for (const arg of args)
        for (const target of mountTargets(arg)) facts.mounts.push({ owner, prefix: '', target, line });
      return;
    }
    if (method === 'register' && known && args[0]) {
      // Fastify plugins: register(plugin, { prefix }).
      const plugin = args[0];
      const prefix = stringOf(objectProperty(args[1], 'prefix')) ?? '';
      const target =
        plugin.type === 'identifier'
          ? plugin.text
          : plugin.type === 'call_expression' && field(plugin, 'function')?.type === 'import'
            ? `import:${stringOf(argsOf(plugin)[0])}`
            : undefined;
      if (target) facts.mounts.push({ owner, prefix, target, line });
      frameworks.add('fastify');
      return;
    }
    if (
      method === 'model' &&
      first &&
      (owner === 'mongoose' || facts.bindings[owner]?.spec === 'mongoose' || object?.text === 'mongoose')
    )
      facts.models.push({ name: first, orm: 'mongoose', file: rel, line });
    if (method === 'define' && first && /sequelize/i.test(owner))
      facts.models.push({ name: first, orm: 'sequelize', file: rel, line });
  };

  const scanTrpc = (name: string, init: Node) => {
    if (init.type !== 'call_expression') return;
    const callee = calleeName(field(init, 'function'));
    const routes = argsOf(init)[0];
    if (!callee || !/^(router|createTRPCRouter)$/.test(callee) || routes?.type !== 'object') return;
    frameworks.add('trpc');
    const walkRouter = (obj: Node, prefix: string) => {
      for (const prop of obj.namedChildren) {
        if (prop?.type === 'shorthand_property_identifier') {
          // `router({ users })`: a router defined elsewhere, mounted under its own name.
          const key = prefix ? `${prefix}.${prop.text}` : prop.text;
          facts.mounts.push({ owner: name, prefix: key, target: prop.text, line: lineOf(prop) });
          continue;
        }
        const keyNode = prop?.type === 'pair' ? field(prop, 'key') : undefined;
        const value = field(prop, 'value');
        if (!prop || !value || (keyNode?.type !== 'property_identifier' && keyNode?.type !== 'string'))
          continue;
        const keyText = keyNode.type === 'string' ? (stringOf(keyNode) ?? '') : keyNode.text;
        const key = prefix ? `${prefix}.${keyText}` : keyText;
        const nested = value.type === 'call_expression' ? argsOf(value)[0] : undefined;
        if (calleeName(field(value, 'function')) === 'router' && nested?.type === 'object') {
          walkRouter(nested, key);
        } else if (value.type === 'identifier') {
          facts.mounts.push({ owner: name, prefix: key, target: value.text, line: lineOf(prop) });
        } else {
          const text = value.text;
          const kind = /\.mutation\s*\(/.test(text)
            ? 'MUTATION'
            : /\.subscription\s*\(/.test(text)
              ? 'SUBSCRIPTION'
              : 'QUERY';
          facts.routes.push({
            method: kind,
            path: key,
            line: lineOf(prop),
            endLine: prop.endPosition.row + 1,
            framework: 'trpc',
            owner: name,
          });
        }
      }
    };
    walkRouter(routes, '');
  };

  const scanClass = (node: Node) => {
    // `@Controller() export class X`: the decorators belong to the export statement.
    const holder = node.parent?.type === 'export_statement' ? node.parent : node;
    const decorators = [
      ...holder.childrenForFieldName('decorator'),
      ...(holder === node ? [] : node.childrenForFieldName('decorator')),
    ]
      .filter((d): d is Node => !!d)
      .map(decoratorCall);
    const controller = decorators.find((d) => d?.name === 'Controller');
    const entity = decorators.find((d) => d?.name === 'Entity');
    const className = field(node, 'name')?.text ?? 'anonymous';
    const line = lineOf(holder);
    if (entity) facts.models.push({ name: entity.arg || className, orm: 'typeorm', file: rel, line });
    const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
    const extendsModel = heritage?.namedChildren.some(
      (clause) =>
        clause?.type === 'extends_clause' &&
        clause.childrenForFieldName('value').some((v) => v?.text === 'Model'),
    );
    if (extendsModel) facts.models.push({ name: className, orm: 'sequelize', file: rel, line });
    if (!controller) return;
    frameworks.add('nestjs');
    // Method decorators are the class body's children right before the method they decorate.
    let pending: Node[] = [];
    for (const member of field(node, 'body')?.namedChildren ?? []) {
      if (!member) continue;
      if (member.type === 'decorator') {
        pending.push(member);
        continue;
      }
      if (member.type === 'method_definition') {
        for (const d of pending) {
          const call = decoratorCall(d);
          const method = call && NEST_METHODS[call.name];
          if (method && call.arg !== undefined)
            facts.routes.push({
              method,
              path: `/${[controller.arg ?? '', call.arg].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
              line: lineOf(pending[0] ?? member),
              endLine: member.endPosition.row + 1,
              framework: 'nestjs',
              owner: '*nest*',
              handler: `${className}.${field(member, 'name')?.text ?? ''}`,
            });
        }
      }
      pending = [];
    }
  };

  const visit = (node: Node) => {
    switch (node.type) {
      case 'import_statement':
        readImport(node);
        return;
      case 'export_statement': {
        const source = stringOf(field(node, 'source'));
        if (source !== undefined) addImport(source, node);
        const value = field(node, 'value');
        if (value?.type === 'identifier') facts.exportedRouters.default = value.text;
        else if (value?.type === 'call_expression' && startsWithFactoryCall(value)) {
          // `export default Router().use('/api', api)`: a router with no name but `default`.
          recordRouterVar('default', value);
          if (routers.has('default')) facts.exportedRouters.default = 'default';
        }
        return;
      }
      case 'call_expression': {
        const callee = field(node, 'function');
        if (callee?.type === 'import' || (callee?.type === 'identifier' && callee.text === 'require')) {
          const spec = stringOf(argsOf(node)[0]);
          if (spec !== undefined) addImport(spec, node);
        } else if (callee?.type === 'identifier' && /^(pg|mysql|sqlite)Table$/.test(callee.text)) {
          // Drizzle tables: pgTable('users', {...}) and friends, wherever they are assigned.
          const [nameArg, columns] = argsOf(node);
          const name = stringOf(nameArg);
          if (name)
            tables.push({
              name,
              orm: 'drizzle',
              file: rel,
              line: lineOf(node),
              ...(columns?.type === 'object'
                ? {
                    fields: columns.namedChildren
                      .map((p) => (p?.type === 'pair' ? field(p, 'key')?.text : p?.text) ?? '')
                      .filter((f) => f && !f.startsWith('...')),
                  }
                : {}),
            });
        }
        for (const name of envOfCall(node)) env.add(name);
        scanCall(node);
        return;
      }
      case 'variable_declarator': {
        const name = field(node, 'name');
        const init = field(node, 'value');
        if (name && init) for (const variable of envOfDeclarator(name, init)) env.add(variable);
        if (name?.type !== 'identifier' || !init) return;
        // `const users = require('./users')` binds a name the way an import does.
        if (init.type === 'call_expression' && field(init, 'function')?.text === 'require') {
          const required = stringOf(argsOf(init)[0]);
          if (required) facts.bindings[name.text] = { spec: required, name: 'default' };
        }
        recordRouterVar(name.text, init);
        scanTrpc(name.text, init);
        if (
          withComponents &&
          isPascal(name.text) &&
          /^(lexical|variable)_declaration$/.test(node.parent?.type ?? '') &&
          containsJsx(init)
        )
          facts.components.push({ name: name.text, framework: 'react', line: lineOf(node) });
        return;
      }
      case 'assignment_expression': {
        const right = field(node, 'right');
        if (field(node, 'left')?.text === 'module.exports' && right?.type === 'identifier')
          facts.exportedRouters.default = right.text;
        return;
      }
      case 'class_declaration':
      case 'abstract_class_declaration':
        scanClass(node);
        return;
      case 'member_expression': {
        const object = field(node, 'object')?.text;
        if (object === 'process.env' || object === 'import.meta.env') {
          const name = field(node, 'property')?.text;
          if (name) env.add(name);
        }
        return;
      }
      case 'subscript_expression': {
        const key =
          /^(process|import\.meta)\.env$/.test(field(node, 'object')?.text ?? '') &&
          stringOf(field(node, 'index'));
        if (key) env.add(key);
        return;
      }
      case 'function_declaration': {
        const name = field(node, 'name')?.text;
        if (withComponents && name && isPascal(name) && containsJsx(node))
          facts.components.push({
            name,
            framework: 'react',
            line: lineOf(node.parent?.type === 'export_statement' ? node.parent : node),
          });
        return;
      }
    }
  };
  forEachWanted(tree, WANTED, visit);
  if (ROUTE_CONFIG.test(rel)) {
    const config = readRouteConfig(tree.rootNode);
    facts.routeConfig = { flat: config.flat };
    for (const route of config.routes)
      facts.routes.push({
        method: 'PAGE',
        path: route.path,
        line: route.line,
        framework: 'react-router',
        owner: CONFIG_OWNER,
        handler: route.module,
      });
    frameworks.add('react-router');
  }
  facts.models.push(...tables);
  readExports(tree.rootNode, facts);
  facts.env = [...env].sort();
  facts.frameworks = [...frameworks].sort();
  return facts;
}

/** Exported routers by name, for mounts made in other files. */
function readExports(program: Node, facts: FileFacts): void {
  let defaultFunction: Node | undefined;
  for (const top of program.namedChildren) {
    if (!top) continue;
    const exported = top.type === 'export_statement';
    const isDefault = exported && top.children.some((c) => c?.type === 'default');
    const statement = exported ? (field(top, 'declaration') ?? top) : top;
    if (exported && /^(lexical|variable)_declaration$/.test(statement.type)) {
      for (const decl of statement.namedChildren) {
        const name = decl?.type === 'variable_declarator' ? field(decl, 'name') : undefined;
        if (name?.type === 'identifier') facts.exportedRouters[name.text] = name.text;
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
    const clause =
      exported && !field(top, 'source')
        ? top.namedChildren.find((c) => c?.type === 'export_clause')
        : undefined;
    for (const spec of clause?.namedChildren ?? []) {
      if (spec?.type !== 'export_specifier') continue;
      const local = field(spec, 'name')?.text;
      const alias = field(spec, 'alias')?.text ?? local;
      if (local && alias) facts.exportedRouters[alias] = facts.exportedRouters[local] ?? local;
    }
    if (statement.type === 'function_declaration' || statement.type === 'generator_function_declaration') {
      const name = field(statement, 'name')?.text ?? '';
      // A Fastify plugin is a function whose routes are declared on its first parameter.
      const param = firstParam(statement);
      if (param && facts.routes.some((r) => r.owner === param))
        facts.exportedRouters[isDefault ? 'default' : name] = param;
      else if (exported) facts.exportedRouters[isDefault ? 'default' : name] = name;
    }
    const value = exported ? field(top, 'value') : undefined;
    if (value && /^(arrow_function|function_expression|function)$/.test(value.type)) defaultFunction = value;
  }
  const param = firstParam(defaultFunction);
  if (param) facts.exportedRouters.default = param;
}
