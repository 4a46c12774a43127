import { describe, expect, it } from 'vitest';
import type { ClientCall } from './client-calls.js';
import { linkCalls } from './link.js';

const call = (method: string, path: string, line = 1): ClientCall => ({
  method,
  path,
  file: 'web/api.ts',
  line,
  via: 'fetch',
});
const route = (method: string, path: string, line = 1) => ({ method, path, file: 'server/urls.py', line });
/** The calls linked to the routes, each route on the line of its place in the list. */
const fit = (routes: [string, string][], calls: [string, string][]) =>
  linkCalls(
    calls.map(([method, path]) => call(method, path)),
    routes.map(([method, path], i) => route(method, path, i + 1)),
  );

describe('linkCalls', () => {
  it('prefers the literal route, takes any parameter spelling, and reports both kinds of unmatched', () => {
    const routes = [
      route('GET', '/api/orders/<slug>', 1),
      route('GET', '/api/orders/feed', 2),
      route('DELETE', '/api/orders/{id}', 3),
      route('GET', '/api/admin', 4),
    ];
    const { links, unmatched, uncalled } = linkCalls(
      [
        call('GET', '/api/orders/feed'),
        call('GET', '/api/orders/:param'),
        call('DELETE', '/api/orders/:param'),
        call('POST', '/api/orders'),
      ],
      routes,
    );
    expect(links.map((l) => `${l.client.method} ${l.client.path} → ${l.route.line}`)).toEqual([
      'GET /api/orders/feed → 2',
      'GET /api/orders/:param → 1',
      'DELETE /api/orders/:param → 3',
    ]);
    expect(unmatched.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/orders']);
    expect(uncalled.map((r) => r.path)).toEqual(['/api/admin']);
  });

  it('links a call to a route whose leading part the code does not tell, as if it were empty, after a route that fits as written', () => {
    const { links, unmatched } = fit(
      [
        ['GET', '/{unknown}/api/queries/<query_id>'],
        ['POST', '/{unknown}/api/queries'],
        ['POST', '/api/queries'],
      ],
      [
        ['GET', '/api/queries/:param'],
        ['POST', '/api/queries'],
        ['GET', '/{unknown}/api/queries/7'],
      ],
    );
    expect(
      links.map(
        (l) => `${l.client.method} ${l.client.path} → ${l.route.line}${l.fills ? ` fills ${l.fills}` : ''}`,
      ),
    ).toEqual(['GET /api/queries/:param → 1', 'POST /api/queries → 3', 'GET /{unknown}/api/queries/7 → 1']);
    expect(unmatched).toEqual([]);
  });

  it('links a call to a route segment with parameters among literal text', () => {
    const { links, unmatched } = fit(
      [
        ['GET', '/api/queries/<query_id>/results.<filetype>'],
        ['GET', '/api/files/:name.:ext'],
        ['GET', '/api/queries/<query_id>/results'],
      ],
      [
        ['GET', '/api/queries/:param/results.csv'],
        ['GET', '/api/files/report.pdf'],
        ['GET', '/api/queries/:param/results'],
        ['GET', '/api/queries/:param/export.csv'],
      ],
    );
    expect(links.map((l) => `${l.client.path} → ${l.route.line}`)).toEqual([
      '/api/queries/:param/results.csv → 1',
      '/api/files/report.pdf → 2',
      '/api/queries/:param/results → 3',
    ]);
    expect(unmatched.map((c) => c.path)).toEqual(['/api/queries/:param/export.csv']);
  });

  it("links a gRPC client's call to the method its service's package declares, whatever the method's spelling", () => {
    const { links, unmatched } = linkCalls(
      [
        call('RPC', '/CartService/GetCart'),
        call('RPC', '/CartService/add_item'),
        call('RPC', '/Billing/Charge'),
      ],
      [route('RPC', '/shop.v1.CartService/GetCart', 1), route('RPC', '/shop.v1.CartService/AddItem', 2)],
    );
    expect(links.map((l) => `${l.client.path} → ${l.route.line}`)).toEqual([
      '/CartService/GetCart → 1',
      '/CartService/add_item → 2',
    ]);
    expect(unmatched.map((c) => c.path)).toEqual(['/Billing/Charge']);
  });

  it('says when a literal segment of the call only fills a route parameter', () => {
    const { links } = linkCalls([call('GET', '/api/orders/feed')], [route('GET', '/api/orders/:slug')]);
    expect(links[0]?.fills).toEqual(['feed']);
  });

  it('links a tRPC server caller to the procedure whatever its kind, and a hook only to its own kind', () => {
    const procedures = [route('QUERY', 'post.hello', 1), route('MUTATION', 'post.create', 2)];
    const { links, unmatched } = linkCalls(
      [call('TRPC', 'post.hello'), call('MUTATION', 'post.create'), call('QUERY', 'post.create')],
      procedures,
    );
    expect(links.map((l) => `${l.client.method} ${l.client.path} → ${l.route.line}`)).toEqual([
      'TRPC post.hello → 1',
      'MUTATION post.create → 2',
    ]);
    expect(unmatched.map((c) => `${c.method} ${c.path}`)).toEqual(['QUERY post.create']);
  });

  it('never links a client parameter to a literal route segment', () => {
    const { links } = linkCalls([call('GET', '/api/orders/:param')], [route('GET', '/api/orders/feed')]);
    expect(links).toEqual([]);
  });
});
