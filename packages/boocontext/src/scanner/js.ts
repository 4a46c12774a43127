import type TS from 'typescript';
import { emptyFacts, type FileFacts } from './types.js';
import { ts } from './typescript.js';

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

function stringOf(node: TS.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function lineOf(source: TS.SourceFile, node: TS.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function calleeName(expr: TS.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/** The object a call hangs off: `router` in `router.get(...)`, the root of a chain for `router.route('/x').get(...)`. */
function ownerOf(expr: TS.Expression): string | undefined {
  let current: TS.Expression = expr;
  while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) {
    current = ts.isCallExpression(current) ? current.expression : current.expression;
  }
  return ts.isIdentifier(current)
    ? current.text
    : current.kind === ts.SyntaxKind.ThisKeyword
      ? 'this'
      : undefined;
}

function objectProperty(obj: TS.Expression | undefined, name: string): TS.Expression | undefined {
  if (!obj || !ts.isObjectLiteralExpression(obj)) return undefined;
  for (const prop of obj.properties) {
    if (
      ts.isPropertyAssignment(prop) &&
      (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) &&
      prop.name.text === name
    )
      return prop.initializer;
  }
  return undefined;
}

function decoratorCall(decorator: TS.Decorator): { name: string; arg?: string } | undefined {
  const expr = decorator.expression;
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression))
    return {
      name: expr.expression.text,
      arg: stringOf(expr.arguments[0]) ?? (expr.arguments.length === 0 ? '' : undefined),
    };
  if (ts.isIdentifier(expr)) return { name: expr.text, arg: '' };
  return undefined;
}

const isPascal = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name);

function containsJsx(node: TS.Node): boolean {
  let found = false;
  const visit = (n: TS.Node) => {
    if (found) return;
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n)) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/**
 * Reads one JavaScript/TypeScript file with the TypeScript parser (syntax only, no type check):
 * imports, routes of Express, Fastify, Hono, Koa, NestJS and tRPC with their mounts, models of
 * Drizzle, TypeORM, Mongoose and Sequelize, React components and environment variables.
 */
export function scanJs(rel: string, text: string): FileFacts {
  const kind = /\.tsx$/.test(rel)
    ? ts.ScriptKind.TSX
    : /\.jsx$/.test(rel)
      ? ts.ScriptKind.JSX
      : /\.[cm]?ts$/.test(rel)
        ? ts.ScriptKind.TS
        : ts.ScriptKind.JS;
  // No parent pointers: the scan never walks up, and setting them costs a fifth of the parse.
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false, kind);
  const facts = emptyFacts(
    kind === ts.ScriptKind.TS || kind === ts.ScriptKind.TSX ? 'typescript' : 'javascript',
  );
  const routers = new Map<string, string>();
  const env = new Set<string>();
  const frameworks = new Set<string>();

  const addImport = (spec: string, node: TS.Node) => facts.imports.push({ spec, line: lineOf(source, node) });
  /** An owner we did not see created (a plugin parameter, an app built elsewhere): the file's imports tell. */
  const fileFramework = () => {
    const specs = facts.imports.map((i) => i.spec);
    if (specs.some((s) => s === 'fastify' || s.startsWith('@fastify/'))) return 'fastify';
    if (specs.includes('hono')) return 'hono';
    if (specs.some((s) => s === 'koa' || s === '@koa/router' || s === 'koa-router')) return 'koa';
    if (specs.includes('express')) return 'express';
    return 'http';
  };

  const recordRouterVar = (name: string, init: TS.Expression) => {
    let call: TS.Expression = init;
    while (
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      call.expression.name.text === 'basePath'
    ) {
      const base = stringOf(call.arguments[0]);
      if (base !== undefined)
        facts.mounts.push({ owner: `${name}#self`, prefix: base, target: name, line: lineOf(source, call) });
      call = call.expression.expression;
    }
    if (ts.isNewExpression(call) || ts.isCallExpression(call)) {
      const callee = calleeName(call.expression);
      if (callee && ROUTER_FACTORIES.test(callee)) {
        const framework = /^(fastify|Fastify)$/.test(callee)
          ? 'fastify'
          : callee === 'Hono'
            ? 'hono'
            : /Koa/.test(callee)
              ? 'koa'
              : 'express';
        routers.set(name, framework);
        frameworks.add(framework);
        const prefix = stringOf(objectProperty(call.arguments?.[0], 'prefix'));
        if (prefix)
          facts.mounts.push({ owner: `${name}#self`, prefix, target: name, line: lineOf(source, call) });
      }
    }
  };

  const visit = (node: TS.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text;
      addImport(spec, node);
      const clause = node.importClause;
      if (clause?.name) facts.bindings[clause.name.text] = { spec, name: 'default' };
      if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        for (const el of clause.namedBindings.elements)
          facts.bindings[el.name.text] = { spec, name: (el.propertyName ?? el.name).text };
      }
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      addImport(node.moduleSpecifier.text, node);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require')
      ) {
        const spec = stringOf(node.arguments[0]);
        if (spec) addImport(spec, node);
      }
      scanCall(node);
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      // `const users = require('./users')` binds a name the way an import does.
      const init = node.initializer;
      const required =
        ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require'
          ? stringOf(init.arguments[0])
          : undefined;
      if (required) facts.bindings[node.name.text] = { spec: required, name: 'default' };
      recordRouterVar(node.name.text, node.initializer);
      scanTrpc(node.name.text, node.initializer);
    } else if (ts.isExportAssignment(node) && ts.isIdentifier(node.expression)) {
      facts.exportedRouters.default = node.expression.text;
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(source) === 'module.exports' &&
      ts.isIdentifier(node.right)
    ) {
      facts.exportedRouters.default = node.right.text;
    } else if (ts.isClassDeclaration(node)) {
      scanClass(node);
    } else if (ts.isPropertyAccessExpression(node)) {
      const text = node.expression.getText(source);
      if (text === 'process.env' || text === 'import.meta.env') env.add(node.name.text);
    } else if (ts.isElementAccessExpression(node) && node.expression.getText(source) === 'process.env') {
      const key = stringOf(node.argumentExpression);
      if (key) env.add(key);
    }
    if ((ts.isFunctionDeclaration(node) || ts.isVariableStatement(node)) && /\.(tsx|jsx)$/.test(rel))
      scanComponent(node);
    ts.forEachChild(node, visit);
  };

  const scanCall = (call: TS.CallExpression) => {
    if (!ts.isPropertyAccessExpression(call.expression)) return;
    const method = call.expression.name.text;
    const owner = ownerOf(call.expression.expression);
    if (!owner) return;
    const known = routers.has(owner) || CONVENTIONAL_OWNERS.test(owner);
    const first = stringOf(call.arguments[0]);
    const line = lineOf(source, call);
    const framework = routers.get(owner) ?? fileFramework();
    if (HTTP_METHODS.has(method.toLowerCase()) && known) {
      // `router.route('/x').get(h)`: the path is on the chain, not the call.
      let chained: string | undefined;
      for (
        let link = call.expression.expression;
        ts.isCallExpression(link) && ts.isPropertyAccessExpression(link.expression);
        link = link.expression.expression
      ) {
        if (link.expression.name.text === 'route') {
          chained = stringOf(link.arguments[0]);
          break;
        }
      }
      const routePath = chained ?? first;
      if (routePath !== undefined && (call.arguments.length >= 2 || chained !== undefined)) {
        const handler = call.arguments.at(-1);
        facts.routes.push({
          method: method.toUpperCase() === 'ALL' ? 'ALL' : method.toUpperCase(),
          path: routePath,
          line,
          framework,
          owner,
          ...(handler && ts.isIdentifier(handler) ? { handler: handler.text } : {}),
        });
        if (framework !== 'http') frameworks.add(framework);
      }
      return;
    }
    if (
      method === 'route' &&
      known &&
      call.arguments.length === 1 &&
      ts.isObjectLiteralExpression(call.arguments[0] as TS.Node)
    ) {
      // Fastify's full form: fastify.route({ method, url, handler }).
      const obj = call.arguments[0] as TS.ObjectLiteralExpression;
      const url = stringOf(objectProperty(obj, 'url') ?? objectProperty(obj, 'path'));
      const m = objectProperty(obj, 'method');
      const methods =
        m && ts.isArrayLiteralExpression(m) ? m.elements.map((e) => stringOf(e)) : [stringOf(m)];
      for (const each of methods)
        if (url !== undefined && each)
          facts.routes.push({ method: each.toUpperCase(), path: url, line, framework: 'fastify', owner });
      return;
    }
    if (
      (method === 'use' || method === 'route') &&
      known &&
      first !== undefined &&
      call.arguments.length >= 2
    ) {
      // Express/Koa `use('/p', router)`, Hono `route('/p', app)`.
      for (const arg of call.arguments.slice(1)) {
        const target = ts.isIdentifier(arg)
          ? arg.text
          : ts.isPropertyAccessExpression(arg) &&
              arg.name.text === 'routes' &&
              ts.isIdentifier(arg.expression)
            ? arg.expression.text
            : undefined;
        if (target) facts.mounts.push({ owner, prefix: first, target, line });
      }
      return;
    }
    if (method === 'register' && known && call.arguments[0]) {
      // Fastify plugins: register(plugin, { prefix }).
      const plugin = call.arguments[0];
      const prefix = stringOf(objectProperty(call.arguments[1], 'prefix')) ?? '';
      const target = ts.isIdentifier(plugin)
        ? plugin.text
        : ts.isCallExpression(plugin) && plugin.expression.kind === ts.SyntaxKind.ImportKeyword
          ? `import:${stringOf(plugin.arguments[0])}`
          : undefined;
      if (target) facts.mounts.push({ owner, prefix, target, line });
      frameworks.add('fastify');
      return;
    }
    if (
      method === 'model' &&
      (owner === 'mongoose' ||
        facts.bindings[owner]?.spec === 'mongoose' ||
        call.expression.expression.getText(source) === 'mongoose')
    ) {
      if (first) facts.models.push({ name: first, orm: 'mongoose', file: rel, line });
    }
    if (method === 'define' && first && /sequelize/i.test(owner))
      facts.models.push({ name: first, orm: 'sequelize', file: rel, line });
  };

  const scanTrpc = (name: string, init: TS.Expression) => {
    if (!ts.isCallExpression(init)) return;
    const callee = calleeName(init.expression);
    if (
      !callee ||
      !/^(router|createTRPCRouter|t\.router)$/.test(callee) ||
      !init.arguments[0] ||
      !ts.isObjectLiteralExpression(init.arguments[0])
    )
      return;
    frameworks.add('trpc');
    const walkRouter = (obj: TS.ObjectLiteralExpression, prefix: string, owner: string) => {
      for (const prop of obj.properties) {
        if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)))
          continue;
        const key = prefix ? `${prefix}.${prop.name.text}` : prop.name.text;
        const value = prop.initializer;
        if (
          ts.isCallExpression(value) &&
          calleeName(value.expression) === 'router' &&
          value.arguments[0] &&
          ts.isObjectLiteralExpression(value.arguments[0])
        ) {
          walkRouter(value.arguments[0], key, owner);
        } else if (ts.isIdentifier(value)) {
          facts.mounts.push({ owner, prefix: key, target: value.text, line: lineOf(source, prop) });
        } else {
          const text = value.getText(source);
          const kindOf = /\.mutation\s*\(/.test(text)
            ? 'MUTATION'
            : /\.subscription\s*\(/.test(text)
              ? 'SUBSCRIPTION'
              : 'QUERY';
          facts.routes.push({
            method: kindOf,
            path: key,
            line: lineOf(source, prop),
            framework: 'trpc',
            owner,
          });
        }
      }
    };
    walkRouter(init.arguments[0], '', name);
  };

  const scanClass = (node: TS.ClassDeclaration) => {
    const decorators = ts.getDecorators(node) ?? [];
    const controller = decorators.map(decoratorCall).find((d) => d?.name === 'Controller');
    const entity = decorators.map(decoratorCall).find((d) => d?.name === 'Entity');
    const className = node.name?.text ?? 'anonymous';
    if (entity)
      facts.models.push({
        name: entity.arg || className,
        orm: 'typeorm',
        file: rel,
        line: lineOf(source, node),
      });
    if (node.heritageClauses?.some((h) => h.types.some((t) => t.expression.getText(source) === 'Model'))) {
      facts.models.push({ name: className, orm: 'sequelize', file: rel, line: lineOf(source, node) });
    }
    if (!controller) return;
    frameworks.add('nestjs');
    for (const member of node.members) {
      if (!ts.isMethodDeclaration(member)) continue;
      for (const d of ts.getDecorators(member) ?? []) {
        const call = decoratorCall(d);
        const method = call && NEST_METHODS[call.name];
        if (method && call.arg !== undefined) {
          facts.routes.push({
            method,
            path: `/${[controller.arg ?? '', call.arg].filter(Boolean).join('/')}`.replace(/\/+/g, '/'),
            line: lineOf(source, member),
            framework: 'nestjs',
            owner: '*nest*',
            handler: `${className}.${member.name.getText(source)}`,
          });
        }
      }
    }
  };

  const scanComponent = (node: TS.FunctionDeclaration | TS.VariableStatement) => {
    if (ts.isFunctionDeclaration(node)) {
      const name = node.name?.text;
      if (name && isPascal(name) && containsJsx(node))
        facts.components.push({ name, framework: 'react', line: lineOf(source, node) });
      return;
    }
    for (const decl of node.declarationList.declarations) {
      if (
        ts.isIdentifier(decl.name) &&
        isPascal(decl.name.text) &&
        decl.initializer &&
        containsJsx(decl.initializer)
      ) {
        facts.components.push({ name: decl.name.text, framework: 'react', line: lineOf(source, decl) });
      }
    }
  };

  visit(source);

  // Drizzle tables: pgTable('users', {...}) and friends, wherever they are assigned.
  const drizzle = (node: TS.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /^(pg|mysql|sqlite)Table$/.test(node.expression.text)
    ) {
      const name = stringOf(node.arguments[0]);
      const columns =
        node.arguments[1] && ts.isObjectLiteralExpression(node.arguments[1])
          ? node.arguments[1].properties.map((p) => p.name?.getText(source) ?? '').filter(Boolean)
          : undefined;
      if (name)
        facts.models.push({
          name,
          orm: 'drizzle',
          file: rel,
          line: lineOf(source, node),
          ...(columns ? { fields: columns } : {}),
        });
    }
    ts.forEachChild(node, drizzle);
  };
  drizzle(source);

  // Exported routers by name, for mounts made in other files.
  for (const statement of source.statements) {
    if (
      ts.isVariableStatement(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name)) facts.exportedRouters[decl.name.text] = decl.name.text;
      }
    }
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const isDefault = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      // A Fastify plugin is a function whose routes are declared on its first parameter.
      const param = statement.parameters[0]?.name;
      if (param && ts.isIdentifier(param) && facts.routes.some((r) => r.owner === param.text)) {
        facts.exportedRouters[isDefault ? 'default' : statement.name.text] = param.text;
      } else if (exported)
        facts.exportedRouters[isDefault ? 'default' : statement.name.text] = statement.name.text;
    }
  }
  const defaultExport = source.statements.find(ts.isExportAssignment);
  if (
    defaultExport &&
    (ts.isArrowFunction(defaultExport.expression) || ts.isFunctionExpression(defaultExport.expression))
  ) {
    const param = defaultExport.expression.parameters[0]?.name;
    if (param && ts.isIdentifier(param)) facts.exportedRouters.default = param.text;
  }
  facts.env = [...env].sort();
  facts.frameworks = [...frameworks].sort();
  return facts;
}
