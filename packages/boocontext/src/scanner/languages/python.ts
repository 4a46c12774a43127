import type { SyntaxNode as Node } from '@boocode/source-kit';
import { emptyFacts, type FileFacts } from '../types.js';
import { HTTP, line, unquote, walk } from './syntax.js';

interface PythonContext {
  rel: string;
  facts: FileFacts;
  frameworks: Set<string>;
  env: Set<string>;
}

function keywordArg(args: Node | null, name: string): Node | undefined {
  for (const arg of args?.namedChildren ?? []) {
    if (arg?.type === 'keyword_argument' && arg.childForFieldName('name')?.text === name)
      return arg.childForFieldName('value') ?? undefined;
  }
  return undefined;
}

/** A path-like string a route prefix may be written with. */
const PATH_LIKE = /^\/[\w\-./{}:]*$/;

/**
 * A prefix argument: a string's value, or `{=name}` for a constant or settings attribute
 * (`settings.api_prefix`) that the aggregation resolves across files.
 */
function prefixOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  const text = unquote(node);
  if (text !== undefined) return text;
  return /^[A-Za-z_][\w.]*$/.test(node.text) ? `{=${node.text}}` : '{unknown}';
}

/** `API_PREFIX = "/api"` at the top of a module, `api_prefix: str = "/api"` in a (settings) class body. */
function readConstant(node: Node, facts: FileFacts, inClass: boolean): void {
  const name = node.childForFieldName('left');
  const value = unquote(node.childForFieldName('right'));
  if (name?.type !== 'identifier' || value === undefined || !PATH_LIKE.test(value)) return;
  facts.constants = { ...facts.constants, [inClass ? `.${name.text}` : name.text]: value };
}

function readImport(node: Node, { facts }: PythonContext): void {
  for (const name of node.childrenForFieldName('name')) {
    const module = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
    if (module) facts.imports.push({ spec: module, line: line(node) });
  }
}

function readImportFrom(node: Node, { facts }: PythonContext): void {
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
}

/** `app = FastAPI()`, `router = APIRouter(prefix=…)`, `bp = Blueprint(…, url_prefix=…)`, Django's `urlpatterns`. */
function readAssignment(node: Node, { facts, frameworks }: PythonContext): void {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const scope = node.parent?.parent;
  if (
    node.parent?.type === 'expression_statement' &&
    (scope?.type === 'module' || scope?.parent?.type === 'class_definition')
  )
    readConstant(node, facts, scope?.type !== 'module');
  if (left?.type === 'identifier' && right?.type === 'call') {
    const fn = right.childForFieldName('function')?.text ?? '';
    const args = right.childForFieldName('arguments');
    const framework = /^(FastAPI|APIRouter)$/.test(fn) || fn.endsWith('.APIRouter') ? 'fastapi' : undefined;
    const flask = /^(Flask|Blueprint)$/.test(fn) ? 'flask' : undefined;
    const kind = framework ?? flask;
    if (kind) {
      frameworks.add(kind);
      const prefix = prefixOf(keywordArg(args, kind === 'fastapi' ? 'prefix' : 'url_prefix'));
      if (prefix)
        facts.mounts.push({ owner: `${left.text}#self`, prefix, target: left.text, line: line(node) });
      facts.exportedRouters[left.text] = left.text;
    }
  }
  if (left?.text === 'urlpatterns') frameworks.add('django');
}

/** `@app.get('/x')` (FastAPI) and `@bp.route('/x', methods=[…])` (Flask) on a function. */
function readDecorated(node: Node, { facts, frameworks }: PythonContext): void {
  const fnName = node.childForFieldName('definition')?.childForFieldName('name')?.text;
  const handler = fnName ? { handler: fnName } : {};
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
        ...handler,
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
          ...handler,
        });
      frameworks.add('flask');
    }
  }
}

/** Django's `path('x/', view)` / `path('api/', include('app.urls'))` in a urls.py. */
function readDjangoPath(node: Node, args: Node | null, { facts }: PythonContext): void {
  const routePath = unquote(args?.namedChild(0));
  const view = args?.namedChild(1);
  if (routePath === undefined || !view) return;
  const include = /^include\(/.test(view.text)
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
      handler: view.text.replace(/\.as_view\(\)$/, ''),
    });
}

/** An Alembic migration's `op.create_table("users", sa.Column("id", …), …)`: a table and its columns. */
function readAlembicTable(node: Node, args: Node | null, { rel, facts }: PythonContext): void {
  const [first, ...rest] = (args?.namedChildren ?? []).filter((a): a is Node => !!a && a.type !== 'comment');
  const table = unquote(first);
  if (!table) return;
  const fields = rest.flatMap((arg) => {
    if (arg.type !== 'call' || !/(^|\.)Column$/.test(arg.childForFieldName('function')?.text ?? ''))
      return [];
    const column = unquote(arg.childForFieldName('arguments')?.namedChild(0));
    return column ? [column] : [];
  });
  facts.models.push({ name: table, orm: 'sql', file: rel, line: line(node), fields });
}

/** Router mounts (`include_router`, `register_blueprint`), Django paths and `os.getenv`. */
function readCall(node: Node, ctx: PythonContext): void {
  const fn = node.childForFieldName('function');
  const args = node.childForFieldName('arguments');
  const name = fn?.text ?? '';
  if (name.endsWith('.include_router') || name.endsWith('.register_blueprint')) {
    const owner = fn?.childForFieldName('object')?.text ?? '';
    const target = args?.namedChild(0)?.text;
    const prefix =
      prefixOf(keywordArg(args, name.endsWith('include_router') ? 'prefix' : 'url_prefix')) ?? '';
    if (target) ctx.facts.mounts.push({ owner, prefix, target, line: line(node) });
  } else if ((name === 'path' || name === 're_path') && /urls\.py$/.test(ctx.rel)) {
    readDjangoPath(node, args, ctx);
  } else if (name === 'op.create_table') {
    readAlembicTable(node, args, ctx);
  } else if (/^os\.(getenv|environ\.get)$/.test(name)) {
    const key = unquote(args?.namedChild(0));
    if (key) ctx.env.add(key);
  }
}

/** Django models (`models.Model`) and SQLAlchemy declarative classes (`__tablename__`). */
function readClass(node: Node, { rel, facts }: PythonContext): void {
  const name = node.childForFieldName('name')?.text ?? '';
  const bases = node.childForFieldName('superclasses')?.text ?? '';
  let table: string | undefined;
  const fields: string[] = [];
  for (const stmt of node.childForFieldName('body')?.namedChildren ?? []) {
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
  else if (table) facts.models.push({ name: table, orm: 'sqlalchemy', file: rel, line: line(node), fields });
}

const READERS = new Map<string, (node: Node, ctx: PythonContext) => void>(
  Object.entries({
    import_statement: readImport,
    import_from_statement: readImportFrom,
    assignment: readAssignment,
    decorated_definition: readDecorated,
    call: readCall,
    subscript(node: Node, { env }: PythonContext) {
      if (node.childForFieldName('value')?.text !== 'os.environ') return;
      const key = unquote(node.childForFieldName('subscript'));
      if (key) env.add(key);
    },
    class_definition: readClass,
  }),
);

/** Python: imports, FastAPI/Flask/Django routes with their prefixes, SQLAlchemy/Django models, env. */
export function scanPython(rel: string, root: Node): FileFacts {
  const ctx: PythonContext = { rel, facts: emptyFacts('python'), frameworks: new Set(), env: new Set() };
  walk(root, (node) => {
    READERS.get(node.type)?.(node, ctx);
    return undefined;
  });
  ctx.facts.env = [...ctx.env].sort();
  ctx.facts.frameworks = [...ctx.frameworks].sort();
  return ctx.facts;
}
