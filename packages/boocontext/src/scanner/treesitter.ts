import { type LanguageId, type SyntaxNode as Node, parserFor } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from './types.js';

const HTTP = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

const unquote = (node: Node | null | undefined): string | undefined => {
  if (!node) return undefined;
  if (!/string/.test(node.type)) return undefined;
  return node.text.replace(/^[rbuf]*("""|'''|"|'|`)/i, '').replace(/("""|'''|"|'|`)$/, '');
};

const line = (node: Node) => node.startPosition.row + 1;

function walk(node: Node, visit: (n: Node) => boolean | undefined): void {
  if (visit(node) === false) return;
  for (const child of node.namedChildren) if (child) walk(child, visit);
}

function keywordArg(args: Node | null, name: string): Node | undefined {
  for (const arg of args?.namedChildren ?? []) {
    if (arg?.type === 'keyword_argument' && arg.childForFieldName('name')?.text === name)
      return arg.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

/** Python: imports, FastAPI/Flask/Django routes with their prefixes, SQLAlchemy/Django models, env. */
function scanPython(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('python');
  const frameworks = new Set<string>();
  const env = new Set<string>();
  walk(root, (node) => {
    if (node.type === 'import_statement') {
      for (const name of node.childrenForFieldName('name')) {
        const module = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
        if (module) facts.imports.push({ spec: module, line: line(node) });
      }
    } else if (node.type === 'import_from_statement') {
      const module = node.childForFieldName('module_name')?.text ?? '';
      facts.imports.push({ spec: module, line: line(node) });
      for (const name of node.childrenForFieldName('name')) {
        const imported = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
        const local = name?.type === 'aliased_import' ? name.childForFieldName('alias')?.text : imported;
        if (imported && local) facts.bindings[local] = { spec: module, name: imported };
        // `from .routers import users` may name a submodule; an unresolvable spec is simply dropped.
        if (imported)
          facts.imports.push({
            spec: `${module}${module.endsWith('.') ? '' : '.'}${imported}`,
            line: line(node),
          });
      }
    } else if (node.type === 'assignment') {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (left?.type === 'identifier' && right?.type === 'call') {
        const fn = right.childForFieldName('function')?.text ?? '';
        const args = right.childForFieldName('arguments');
        if (/^(FastAPI|APIRouter)$/.test(fn) || fn.endsWith('.APIRouter')) {
          frameworks.add('fastapi');
          const prefix = unquote(keywordArg(args, 'prefix'));
          if (prefix)
            facts.mounts.push({ owner: `${left.text}#self`, prefix, target: left.text, line: line(node) });
          facts.exportedRouters[left.text] = left.text;
        } else if (/^(Flask|Blueprint)$/.test(fn)) {
          frameworks.add('flask');
          const prefix = unquote(keywordArg(args, 'url_prefix'));
          if (prefix)
            facts.mounts.push({ owner: `${left.text}#self`, prefix, target: left.text, line: line(node) });
          facts.exportedRouters[left.text] = left.text;
        }
      }
      if (left?.text === 'urlpatterns') frameworks.add('django');
    } else if (node.type === 'decorated_definition') {
      const fnName = node.childForFieldName('definition')?.childForFieldName('name')?.text;
      for (const decorator of node.namedChildren.filter((c) => c?.type === 'decorator')) {
        const call = decorator?.namedChild(0);
        if (call?.type !== 'call') continue;
        const fn = call.childForFieldName('function');
        if (fn?.type !== 'attribute') continue;
        const owner = fn.childForFieldName('object')?.text ?? '';
        const method = fn.childForFieldName('attribute')?.text ?? '';
        const args = call.childForFieldName('arguments');
        const routePath = unquote(args?.namedChild(0));
        if (routePath === undefined) continue;
        if (HTTP.has(method.toUpperCase()) && method === method.toLowerCase()) {
          facts.routes.push({
            method: method.toUpperCase(),
            path: routePath,
            line: line(node),
            framework: 'fastapi',
            owner,
            ...(fnName ? { handler: fnName } : {}),
          });
          frameworks.add('fastapi');
        } else if (method === 'route') {
          const methods = keywordArg(args, 'methods');
          const list = methods
            ? methods.namedChildren.map((m) => unquote(m)?.toUpperCase()).filter((m): m is string => !!m)
            : ['GET'];
          for (const m of list)
            facts.routes.push({
              method: m,
              path: routePath,
              line: line(node),
              framework: 'flask',
              owner,
              ...(fnName ? { handler: fnName } : {}),
            });
          frameworks.add('flask');
        }
      }
    } else if (node.type === 'call') {
      const fn = node.childForFieldName('function');
      const args = node.childForFieldName('arguments');
      const name = fn?.text ?? '';
      if (name.endsWith('.include_router') || name.endsWith('.register_blueprint')) {
        const owner = fn?.childForFieldName('object')?.text ?? '';
        const target = args?.namedChild(0)?.text;
        const prefix =
          unquote(keywordArg(args, name.endsWith('include_router') ? 'prefix' : 'url_prefix')) ?? '';
        if (target) facts.mounts.push({ owner, prefix, target, line: line(node) });
      } else if ((name === 'path' || name === 're_path') && /urls\.py$/.test(rel)) {
        const routePath = unquote(args?.namedChild(0));
        const view = args?.namedChild(1);
        if (routePath !== undefined && view) {
          const viewText = view.text;
          const include = /^include\(/.test(viewText)
            ? unquote(view.childForFieldName('arguments')?.namedChild(0))
            : undefined;
          if (include)
            facts.mounts.push({
              owner: 'urlpatterns',
              prefix: routePath,
              target: `module:${include}`,
              line: line(node),
            });
          else
            facts.routes.push({
              method: 'ALL',
              path: routePath,
              line: line(node),
              framework: 'django',
              owner: 'urlpatterns',
              handler: viewText.replace(/\.as_view\(\)$/, ''),
            });
        }
      } else if (/^os\.(getenv|environ\.get)$/.test(name)) {
        const key = unquote(args?.namedChild(0));
        if (key) env.add(key);
      }
    } else if (node.type === 'subscript' && node.childForFieldName('value')?.text === 'os.environ') {
      const key = unquote(node.childForFieldName('subscript'));
      if (key) env.add(key);
    } else if (node.type === 'class_definition') {
      const name = node.childForFieldName('name')?.text ?? '';
      const bases = node.childForFieldName('superclasses')?.text ?? '';
      const body = node.childForFieldName('body');
      let table: string | undefined;
      const fields: string[] = [];
      for (const stmt of body?.namedChildren ?? []) {
        const assign = stmt?.type === 'expression_statement' ? stmt.namedChild(0) : undefined;
        if (assign?.type !== 'assignment') continue;
        const target = assign.childForFieldName('left')?.text;
        if (target === '__tablename__') table = unquote(assign.childForFieldName('right'));
        else if (
          target &&
          /Column|Field|mapped_column|models\./.test(assign.childForFieldName('right')?.text ?? '')
        )
          fields.push(target);
      }
      if (/\bmodels\.Model\b/.test(bases))
        facts.models.push({ name, orm: 'django', file: rel, line: line(node), fields });
      else if (table)
        facts.models.push({ name: table, orm: 'sqlalchemy', file: rel, line: line(node), fields });
    }
    return undefined;
  });
  facts.env = [...env].sort();
  facts.frameworks = [...frameworks].sort();
  return facts;
}

/** Go: imports, net/http (incl. Go 1.22 "GET /x" patterns), gin, echo and chi routes with groups, env. */
function scanGo(root: Node): FileFacts {
  const facts = emptyFacts('go');
  const frameworks = new Set<string>();
  const env = new Set<string>();
  const visit = (node: Node, prefixes: Map<string, string>) => {
    if (node.type === 'import_spec') {
      const spec = unquote(node.childForFieldName('path'));
      if (spec) {
        facts.imports.push({ spec, line: line(node) });
        if (/gin-gonic/.test(spec)) frameworks.add('gin');
        if (/labstack\/echo/.test(spec)) frameworks.add('echo');
        if (/go-chi/.test(spec)) frameworks.add('chi');
      }
    }
    if (node.type === 'short_var_declaration' || node.type === 'assignment_statement') {
      // v1 := r.Group("/v1")
      const left = node.childForFieldName('left')?.namedChild(0)?.text;
      const right = node.childForFieldName('right')?.namedChild(0);
      const fn = right?.type === 'call_expression' ? right.childForFieldName('function') : undefined;
      if (left && fn?.type === 'selector_expression' && fn.childForFieldName('field')?.text === 'Group') {
        const owner = fn.childForFieldName('operand')?.text ?? '';
        const prefix = unquote(right?.childForFieldName('arguments')?.namedChild(0)) ?? '';
        prefixes.set(left, (prefixes.get(owner) ?? '') + prefix);
      }
    }
    if (node.type === 'call_expression') {
      const fn = node.childForFieldName('function');
      const args = node.childForFieldName('arguments');
      if (fn?.type === 'selector_expression') {
        const owner = fn.childForFieldName('operand')?.text ?? '';
        const method = fn.childForFieldName('field')?.text ?? '';
        const first = unquote(args?.namedChild(0));
        const base = prefixes.get(owner) ?? '';
        if (owner === 'os' && method === 'Getenv' && first) env.add(first);
        if (first !== undefined && (method === 'HandleFunc' || method === 'Handle')) {
          const [maybeMethod, maybePath] = first.includes(' ') ? first.split(/\s+/, 2) : ['ALL', first];
          facts.routes.push({
            method: maybeMethod ?? 'ALL',
            path: base + (maybePath ?? first),
            line: line(node),
            framework: 'net/http',
            owner: '*go*',
          });
          frameworks.add('net/http');
        } else if (
          first !== undefined &&
          HTTP.has(method.toUpperCase()) &&
          (args?.namedChildren.length ?? 0) >= 2
        ) {
          const framework =
            method === method.toUpperCase() ? (frameworks.has('echo') ? 'echo' : 'gin') : 'chi';
          facts.routes.push({
            method: method.toUpperCase(),
            path: base + first,
            line: line(node),
            framework,
            owner: '*go*',
            handler: args?.namedChild(1)?.text ?? '',
          });
        } else if (first !== undefined && method === 'Route') {
          // chi: r.Route("/api", func(r chi.Router) { ... }) — the inner router carries the prefix.
          const fnLit = args?.namedChildren.find((a) => a?.type === 'func_literal');
          const param = fnLit
            ?.childForFieldName('parameters')
            ?.namedChild(0)
            ?.childForFieldName('name')?.text;
          if (fnLit && param) {
            const inner = new Map(prefixes);
            inner.set(param, base + first);
            for (const child of fnLit.namedChildren) if (child) visit(child, inner);
            return;
          }
        }
      }
    }
    for (const child of node.namedChildren) if (child) visit(child, prefixes);
  };
  visit(root, new Map());
  facts.env = [...env].sort();
  facts.frameworks = [...frameworks].sort();
  return facts;
}

/** Java: Spring controllers (@RequestMapping on the class, @GetMapping… on methods) and JPA entities. */
function scanJava(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('java');
  const annotationsOf = (node: Node) =>
    (
      node.childForFieldName('modifiers') ?? node.namedChildren.find((c) => c?.type === 'modifiers')
    )?.namedChildren.filter((c) => c?.type === 'annotation' || c?.type === 'marker_annotation') ?? [];
  const arg = (a: Node) => {
    const args = a.childForFieldName('arguments');
    const first = args?.namedChild(0);
    if (!first) return '';
    if (first.type === 'element_value_pair') return unquote(first.childForFieldName('value')) ?? '';
    return unquote(first) ?? '';
  };
  walk(root, (node) => {
    if (node.type === 'import_declaration')
      facts.imports.push({ spec: node.text.replace(/^import\s+(static\s+)?|;$/g, ''), line: line(node) });
    if (node.type !== 'class_declaration') return undefined;
    const annotations = annotationsOf(node);
    const names = annotations.map((a) => a?.childForFieldName('name')?.text);
    if (names.includes('Entity'))
      facts.models.push({
        name: node.childForFieldName('name')?.text ?? '',
        orm: 'jpa',
        file: rel,
        line: line(node),
      });
    if (!names.some((n) => n === 'RestController' || n === 'Controller')) return undefined;
    facts.frameworks = ['spring'];
    const mapping = annotations.find((a) => a?.childForFieldName('name')?.text === 'RequestMapping');
    const base = mapping ? arg(mapping) : '';
    for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
      if (member?.type !== 'method_declaration') continue;
      for (const a of annotationsOf(member)) {
        const name = a?.childForFieldName('name')?.text ?? '';
        const m = /^(Get|Post|Put|Patch|Delete)Mapping$/.exec(name);
        if (m?.[1] && a) {
          facts.routes.push({
            method: m[1].toUpperCase(),
            path: `${base}/${arg(a)}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
            line: line(member),
            framework: 'spring',
            owner: '*spring*',
            handler: member.childForFieldName('name')?.text ?? '',
          });
        }
      }
    }
    return undefined;
  });
  return facts;
}

const RESOURCE_ROUTES: [string, string][] = [
  ['GET', ''],
  ['GET', '/new'],
  ['POST', ''],
  ['GET', '/:id'],
  ['GET', '/:id/edit'],
  ['PATCH', '/:id'],
  ['PUT', '/:id'],
  ['DELETE', '/:id'],
];

/** Ruby: Rails config/routes.rb (verbs, resources, namespace/scope blocks) and ActiveRecord models. */
function scanRuby(rel: string, root: Node): FileFacts {
  const facts = emptyFacts('ruby');
  const symbolOrString = (n: Node | null | undefined) => n?.text.replace(/^:|^["']|["']$/g, '');
  const visit = (node: Node, prefix: string) => {
    if (
      node.type === 'class' &&
      /ApplicationRecord|ActiveRecord::Base/.test(node.childForFieldName('superclass')?.text ?? '')
    ) {
      facts.models.push({
        name: node.childForFieldName('name')?.text ?? '',
        orm: 'activerecord',
        file: rel,
        line: line(node),
      });
    }
    if (node.type === 'call' && /routes\.rb$/.test(rel)) {
      const method = node.childForFieldName('method')?.text ?? '';
      const args = node.childForFieldName('arguments');
      const first = symbolOrString(args?.namedChild(0));
      const block = node.childForFieldName('block');
      if (first && ['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        facts.routes.push({
          method: method.toUpperCase(),
          path: `${prefix}/${first.replace(/^\//, '')}`,
          line: line(node),
          framework: 'rails',
          owner: '*rails*',
        });
      } else if (first && (method === 'resources' || method === 'resource')) {
        for (const [verb, suffix] of RESOURCE_ROUTES) {
          if (method === 'resource' && suffix.includes(':id')) continue;
          facts.routes.push({
            method: verb,
            path: `${prefix}/${first}${suffix}`,
            line: line(node),
            framework: 'rails',
            owner: '*rails*',
          });
        }
        if (block)
          for (const child of block.namedChildren)
            if (child) visit(child, `${prefix}/${first}/:${first.replace(/s$/, '')}_id`);
        return;
      } else if (first && (method === 'namespace' || method === 'scope') && block) {
        for (const child of block.namedChildren)
          if (child) visit(child, `${prefix}/${first.replace(/^\//, '')}`);
        return;
      } else if (method === 'root') {
        facts.routes.push({
          method: 'GET',
          path: prefix || '/',
          line: line(node),
          framework: 'rails',
          owner: '*rails*',
        });
      }
      if (facts.routes.length) facts.frameworks = ['rails'];
    }
    for (const child of node.namedChildren) if (child) visit(child, prefix);
  };
  visit(root, '');
  return facts;
}

/** Parses Python, Go, Java and Ruby with tree-sitter; other languages count toward languages only. */
export async function scanWithTreeSitter(
  rel: string,
  text: string,
  language: LanguageId,
): Promise<FileFacts> {
  const tree = (await parserFor(language)).parse(text);
  if (!tree) return { ...emptyFacts(language), error: 'parser returned no tree' };
  try {
    const root = tree.rootNode;
    const facts =
      language === 'python'
        ? scanPython(rel, root)
        : language === 'go'
          ? scanGo(root)
          : language === 'java'
            ? scanJava(rel, root)
            : language === 'ruby'
              ? scanRuby(rel, root)
              : emptyFacts(language);
    if (root.hasError) facts.error = 'syntax errors; read as far as it parses';
    return facts;
  } finally {
    tree.delete();
  }
}
