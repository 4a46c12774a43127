import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageId } from '@boocode/source-kit';
import { describe, expect, it } from 'vitest';
import type { FileFacts } from '../types.js';
import { scanLanguage } from './index.js';

const samples = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/lang-samples',
);
const read = (rel: string, language: LanguageId) =>
  scanLanguage(rel, readFileSync(path.join(samples, rel), 'utf8'), language);
const routes = (facts: FileFacts) =>
  facts.routes.map(
    (r) => `${r.method} ${r.path} :${r.line} ${r.framework}${r.handler ? ` ${r.handler}` : ''}`,
  );
const mounts = (facts: FileFacts) => facts.mounts.map((m) => `${m.owner} ${m.prefix} ${m.target} :${m.line}`);

describe('Python', () => {
  it('reads Flask apps and blueprints: routes with their methods, prefixes, mounts and env', async () => {
    const facts = await read('flask_app.py', 'python');
    expect(routes(facts)).toEqual([
      'GET /users :8 flask users',
      'POST /users :8 flask users',
      'GET /health :13 flask health',
    ]);
    expect(mounts(facts)).toEqual(['bp#self /admin bp :5', 'app /v1 bp :18']);
    expect(facts.imports.map((i) => i.spec)).toEqual(['os', 'flask', 'flask.Flask', 'flask.Blueprint']);
    expect(facts.env).toEqual(['ADMIN_TOKEN', 'HEALTH_KEY']);
    expect(facts.frameworks).toEqual(['flask']);
  });

  it("reads Django's urlpatterns (views and includes) and models with their fields", async () => {
    const urls = await read('shop/urls.py', 'python');
    expect(routes(urls)).toEqual([
      'ALL orders/ :7 django views.OrderList',
      // A comment between the arguments is not the view; a view class's `as_view(…)` over lines, and
      // the view a decorator wraps in place, by name.
      'ALL  :9 django RedirectView',
      'ALL receipts/<int:pk> :13 django RedirectView',
      'ALL .* :19 django views.FrontEnd',
    ]);
    expect(mounts(urls)).toEqual(['urlpatterns api/ module:shop.api.urls :8']);
    expect(urls.frameworks).toEqual(['django']);
    const models = await read('shop/models.py', 'python');
    expect(models.modelClasses).toEqual([
      { name: 'Order', bases: ['Model'], line: 4, fields: ['total'], abstract: false },
    ]);
  });
});

describe('Go', () => {
  it('reads gin routes under nested groups, net/http patterns with a method, and os.Getenv', async () => {
    const facts = await read('main.go', 'go');
    expect(routes(facts)).toEqual([
      'GET /v1/users/:id :14 gin getUser',
      'POST /login :15 gin login',
      'GET /healthz :16 net/http health',
      // `{$}` ends a pattern matching that path only (`/`, not the tree under it); a wrapped handler.
      'GET / :17 net/http withSession(http.HandlerFunc(home))',
      // An inline func literal has no name to give.
      'ALL /ping :18 net/http',
    ]);
    expect(facts.env).toEqual(['GIN_PORT']);
    expect(facts.frameworks).toEqual(['gin', 'net/http']);
  });

  it('reads chi sub-routers: routes inside r.Route take its prefix, those after it do not', async () => {
    const facts = await read('chi.go', 'go');
    expect(routes(facts)).toEqual(['GET /api/items :7 chi listItems', 'GET / :9 chi index']);
  });
});

describe('Java', () => {
  it('reads Spring controllers under their class mapping and JPA entities', async () => {
    const facts = await read('UserController.java', 'java');
    expect(routes(facts)).toEqual(['GET /users/{id} :8 spring one', 'POST /users :11 spring create']);
    expect(facts.models.map((m) => `${m.name} ${m.orm} :${m.line}`)).toEqual(['Account jpa :15']);
    expect(facts.imports.map((i) => i.spec)).toEqual(['org.springframework.web.bind.annotation.*']);
  });
});

describe('Ruby', () => {
  it('reads Rails routes: root, verbs, namespaces, singular and nested resources', async () => {
    const facts = await read('config/routes.rb', 'ruby');
    const listed = facts.routes.map((r) => `${r.method} ${r.path}`);
    expect(listed.slice(0, 9)).toEqual([
      'GET /',
      'GET /about',
      'GET /admin/profile/new',
      'POST /admin/profile',
      'GET /admin/profile',
      'GET /admin/profile/edit',
      'PATCH /admin/profile',
      'PUT /admin/profile',
      'DELETE /admin/profile',
    ]);
    expect(listed).toContain('DELETE /posts/:id');
    expect(listed).toContain('PATCH /posts/:post_id/comments/:id');
    expect(listed).not.toContain('GET /admin/profile/:id');
    expect(listed).toHaveLength(2 + 7 + 8 + 8);
    expect(facts.frameworks).toEqual(['rails']);
  });

  it('reads ActiveRecord models', async () => {
    const facts = await read('app/models/post.rb', 'ruby');
    expect(facts.models.map((m) => `${m.name} ${m.orm} :${m.line}`)).toEqual(['Post activerecord :1']);
  });
});
