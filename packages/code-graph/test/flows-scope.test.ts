import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CodeIndex } from '../dist/index.js';
import { codeGraphTools } from '../dist/tools.js';

const work = mkdtempSync(path.join(tmpdir(), 'code-graph-flows-scope-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A React front end beside a Go API and a Python script with a `main`: flows of the API's routes
 * need the Go files only, and the script's `main` is an entry point of its own.
 */
function tree(name: string, files: Record<string, string>) {
  const root = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const env = {
    ...process.env,
    CODE_GRAPH_CACHE_DIR: path.join(work, `cache-${name}`),
    CODE_GRAPH_PRECISE: '0',
  };
  const tools = codeGraphTools({ env });
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = await tools.call(tool, { root, ...args }, {});
    return result.structuredContent as any;
  };
  const indexed = () => {
    const index = CodeIndex.open(root, env);
    const files = (index.db.prepare('SELECT path FROM files ORDER BY path').all() as { path: string }[]).map(
      (r) => r.path,
    );
    index.close();
    return files;
  };
  return { root, call, indexed, close: () => tools.close() };
}

const FRONT_AND_BACK = {
  'web/src/App.tsx': 'export function App() {\n  return <main className="app">{load()}</main>;\n}\n',
  'web/src/load.ts': 'export function load() {\n  return fetch("/api/articles");\n}\n',
  'api/articles.go':
    'package api\n\nfunc ListArticles(w Writer) {\n\tfindArticles()\n}\n\nfunc findArticles() {\n\tdb.Query("SELECT * FROM articles")\n}\n',
  'scripts/seed.py': 'def main():\n    seed()\n\ndef seed():\n    pass\n',
};

describe('flows index what their entry points need', () => {
  it('parses the languages the routes are declared in, not the front end beside them', async () => {
    const { call, indexed, close } = tree('routes-only', FRONT_AND_BACK);
    const { flows } = await call('flows', {
      entries: [
        { file: 'api/articles.go', line: 3, handler: 'ListArticles', method: 'GET', path: '/api/articles' },
      ],
    });
    expect(flows[0].steps.map((s: { symbol: string }) => s.symbol)).toEqual(['ListArticles', 'findArticles']);
    expect(indexed()).toEqual(['api/articles.go']);
    // A question about every symbol (callers) reads the rest.
    await call('callers', { symbol: 'load' });
    expect(indexed()).toEqual(['api/articles.go', 'scripts/seed.py', 'web/src/App.tsx', 'web/src/load.ts']);
    close();
  });

  it('parses no test file, which no flow goes through, and reads them for a question that may need them', async () => {
    const { call, indexed, close } = tree('without-tests', {
      ...FRONT_AND_BACK,
      'api/articles_test.go': 'package api\n\nfunc TestListArticles(t *T) {\n\tListArticles(nil)\n}\n',
    });
    const { flows } = await call('flows', {
      entries: [
        { file: 'api/articles.go', line: 3, handler: 'ListArticles', method: 'GET', path: '/api/articles' },
      ],
    });
    expect(flows[0].steps.map((s: { symbol: string }) => s.symbol)).toEqual(['ListArticles', 'findArticles']);
    expect(indexed()).toEqual(['api/articles.go']);
    const { results } = await call('symbol_search', { query: 'TestListArticles' });
    expect(results.map((r: { name: string }) => r.name)).toContain('TestListArticles');
    close();
  });

  it('also parses a language whose files hold another entry point when those are asked for', async () => {
    const { call, indexed, close } = tree('with-others', FRONT_AND_BACK);
    const { others } = await call('flows', {
      entries: [{ file: 'api/articles.go', line: 3, handler: 'ListArticles' }],
      others: true,
    });
    expect(others.map((o: { entry: { name: string } }) => o.entry.name)).toEqual(['main']);
    // `<main className=…>` in the page is no function named main: the front end stays unparsed.
    expect(indexed()).toEqual(['api/articles.go', 'scripts/seed.py']);
    close();
  });

  it('parses every language for a handler known by name only, or a route declared in a schema', async () => {
    const { call, indexed, close } = tree('name-only', FRONT_AND_BACK);
    await call('flows', { entries: [{ file: '', line: 1, handler: 'load' }] });
    expect(indexed()).toHaveLength(4);
    close();
    const schema = tree('schema', {
      ...FRONT_AND_BACK,
      'api/schema.graphql': 'type Query { articles: [String] }\n',
    });
    await schema.call('flows', { entries: [{ file: 'api/schema.graphql', line: 1, handler: 'articles' }] });
    expect(schema.indexed()).toHaveLength(4);
    schema.close();
  });

  it('indexes ahead what flows will need when index_status names the entry points’ files', async () => {
    const { call, indexed, close } = tree('ahead', FRONT_AND_BACK);
    const status = await call('index_status', { entries: [{ file: 'api/articles.go' }] });
    // As a flows call with the other entry points would: the API and the script with a `main`.
    expect(status.languages).toEqual({ go: 1, python: 1 });
    expect(indexed()).toEqual(['api/articles.go', 'scripts/seed.py']);
    expect((await call('index_status', {})).languages).toEqual({ go: 1, python: 1, tsx: 1, typescript: 1 });
    close();
  });

  it('looks a handler up in the route’s own language family: a Python view is no front-end function', async () => {
    const { call, close } = tree('handler-family', {
      'app/urls.py': 'urlpatterns = [path("login", views.authenticate)]\n',
      'app/views.py': 'def index(request):\n    pass\n',
      'static/login.js': 'export function authenticate(form) {\n  form.submit();\n}\n',
    });
    // Indexed whole first (a callers question), so the script's function is in the index.
    await call('callers', { symbol: 'index' });
    const { flows } = await call('flows', {
      entries: [
        { file: 'app/urls.py', line: 1, handler: 'views.authenticate', method: 'POST', path: '/login' },
      ],
    });
    expect(flows[0].steps).toEqual([]);
    close();
  });
});

describe('flows through Go interfaces', () => {
  it('reach an implementation whose methods an embedded struct promotes, and through a chain of interface calls', async () => {
    const { call, close } = tree('go-embedded', {
      'go.mod': 'module example.com/shelf\n',
      'model/db.go':
        'package model\n\ntype DB interface {\n\tGetTags(id int) []string\n\tWriter() string\n}\n\ntype Dependencies interface {\n\tDatabase() DB\n}\n',
      // Each driver's type has its own methods and embeds the shared base, which has the rest.
      'database/base.go':
        'package database\n\ntype dbbase struct {\n\tconn *sqlx.DB\n}\n\nfunc (db *dbbase) GetTags(id int) []string {\n\tdb.conn.Select("SELECT name FROM tag WHERE bookmark_id = ?", id)\n\treturn nil\n}\n',
      // SQLite's own GetTags wins over the one it would be promoted.
      'database/sqlite.go':
        'package database\n\ntype SQLiteDatabase struct {\n\tdbbase\n}\n\nfunc (db *SQLiteDatabase) Writer() string {\n\treturn "sqlite"\n}\n\nfunc (db *SQLiteDatabase) GetTags(id int) []string {\n\treturn nil\n}\n',
      'database/pg.go':
        'package database\n\ntype PGDatabase struct {\n\t*dbbase\n}\n\nfunc (db *PGDatabase) Writer() string {\n\treturn "pg"\n}\n',
      // A struct embedding the base without the rest of the interface implements nothing.
      'database/partial.go': 'package database\n\ntype readOnly struct {\n\tdbbase\n}\n',
      'api/tags.go':
        'package api\n\nimport "example.com/shelf/model"\n\nfunc ListTags(deps model.Dependencies) {\n\tdeps.Database().GetTags(1)\n}\n',
    });
    const { flows } = await call('flows', {
      entries: [{ file: 'api/tags.go', line: 5, handler: 'ListTags', method: 'GET', path: '/api/tags' }],
    });
    const [flow] = flows;
    expect(
      flow.steps.map((s: { symbol: string; via?: string }) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`),
    ).toEqual([
      'ListTags',
      'DB.GetTags',
      'dbbase.GetTags (implements DB)',
      'SQLiteDatabase.GetTags (implements DB)',
      'Dependencies.Database',
    ]);
    expect(flow.data).toMatchObject([{ entity: 'tag', op: 'read', file: 'database/base.go', line: 8 }]);
    close();
  });
});
