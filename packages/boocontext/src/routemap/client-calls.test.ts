import { describe, expect, it } from 'vitest';
import { type ClientCall, clientCalls } from './client-calls.js';
import { SourceFile } from './source-file.js';

const read = (files: Record<string, string>): string[] =>
  clientCalls(Object.entries(files).map(([rel, text]) => new SourceFile(rel, text))).calls.map(
    (c: ClientCall) => `${c.method} ${c.path} ${c.file}:${c.line}`,
  );

describe('clientCalls', () => {
  it("takes a wrapper's method from the options its callers hand it, GET for none, through a wrapper handing its own on", () => {
    expect(
      read({
        'web/user.js': [
          'export const fetchWithCSRF = (url, params) => {',
          '  params = params || {};',
          '  return fetch(url, params).then((r) => r);',
          '};',
          "const remove = (id) => fetchWithCSRF('/comments/' + id + '/delete', {method: 'post'});",
          "const show = (id) => fetchWithCSRF('/comments/' + id);",
          "const opts = { method: 'delete', body: null };",
          "const moderate = (id) => fetchWithCSRF('/mod/comments/' + id, opts);",
          'const send = (url, init) => fetchWithCSRF(url, init);',
          "const hide = (id) => send('/stories/' + id + '/hide', { method: 'POST' });",
          // Its URL written, its method handed: still a wrapper.
          "const createOrder = (init) => fetch('/api/orders', init);",
          "const order = () => createOrder({ method: 'PUT' });",
        ].join('\n'),
      }),
    ).toEqual([
      'POST /comments/:param/delete web/user.js:5',
      'GET /comments/:param web/user.js:6',
      'DELETE /mod/comments/:param web/user.js:8',
      'POST /stories/:param/hide web/user.js:10',
      'PUT /api/orders web/user.js:12',
    ]);
  });

  it('takes the method callers hand a wrapper that spreads its options into its own (`{ ...options, headers }`), not where the wrapper writes one', () => {
    expect(
      read({
        'web/api.js': [
          'export async function apiRequest(url, options = {}) {',
          '  const response = await fetch(url, {',
          '    ...options,',
          "    headers: { 'Content-Type': 'application/json', ...(options.headers || {}) },",
          '  });',
          '  return response.json();',
          '}',
          'export const upload = (url, init) => fetch(url, { ...init, method: "PUT" });',
          "const remove = (id) => apiRequest(`api/v1/accounts/${id}`, { method: 'DELETE' });",
          "const list = () => apiRequest('/api/v1/accounts');",
          "const store = () => upload('/api/v1/files', { method: 'POST' });",
        ].join('\n'),
      }),
    ).toEqual([
      'DELETE /api/v1/accounts/:param web/api.js:9',
      'GET /api/v1/accounts web/api.js:10',
      // The wrapper writes its own method after the spread: that one is sent.
      'PUT /api/v1/files web/api.js:11',
    ]);
  });

  it("resolves `new URL(url, base)` as the URL standard does: below the page (`document.baseURI`), a base's folder or its origin", () => {
    expect(
      read({
        'web/page.js': [
          'const url = new URL("api/bookmarks", document.baseURI);',
          'url.search = new URLSearchParams({ page: 1 });',
          'fetch(url);',
          "fetch(new URL('/api/tags', window.location.origin));",
          "fetch(new URL('users', 'https://api.example.com/v2/'));",
          "fetch(new URL('/health', 'https://api.example.com/v2/'));",
          "fetch(new URL('https://other.example.com/x', document.baseURI));",
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/bookmarks web/page.js:3',
      'GET /api/tags web/page.js:4',
      'GET /v2/users web/page.js:5',
      'GET /health web/page.js:6',
      'GET /x web/page.js:7',
    ]);
  });

  it("takes an instance's base from the function that makes it, through factories, and a global the page sets", () => {
    const files = {
      'web/index.html': "<script>\n  window.API_URL = '/api/v1'\n</script>",
      // A build script writing another page's value does not count against the page's.
      'web/scripts/desktop.js': "write('api-url.js', \"window.API_URL = ''\\n\")",
      'web/src/fetcher.ts': [
        "import axios from 'axios'",
        'export function getApiBaseUrl(): string {',
        '  const url = window.API_URL',
        "  return url?.endsWith('/') ? url : url + '/'",
        '}',
        'export function HTTPFactory() {',
        '  const instance = axios.create({ baseURL: getApiBaseUrl() })',
        '  return instance',
        '}',
        'export function AuthenticatedHTTPFactory() {',
        '  const instance = HTTPFactory()',
        '  instance.interceptors.request.use((c) => c)',
        '  return instance',
        '}',
      ].join('\n'),
      'web/src/services/overview.ts': [
        "import { AuthenticatedHTTPFactory } from '../fetcher'",
        'export default class OverviewService {',
        '  constructor() {',
        '    this.http = AuthenticatedHTTPFactory()',
        '  }',
        '  async get(model) {',
        "    await this.http.get('/admin/overview')",
        '    const finalUrl = this.route(model)',
        '    return this.http.get(finalUrl)',
        '  }',
        '}',
      ].join('\n'),
    };
    expect(read(files)).toEqual(['GET /api/v1/admin/overview web/src/services/overview.ts:7']);
    // The call whose URL the code does not tell is not a call of the base.
    const sources = Object.entries(files).map(([rel, text]) => new SourceFile(rel, text));
    expect(clientCalls(sources).unresolved.map((u) => `${u.file}:${u.line}`)).toEqual([
      'web/src/services/overview.ts:9',
    ]);
  });

  it("reads a constant exported by several files (Angular's environments) from the one the call's file imports", () => {
    expect(
      read({
        'web/src/environments/environment.ts': [
          "const IP = 'localhost';",
          "export const environment = { production: false, apiUrl: 'http://' + IP + ':5000/api/' };",
        ].join('\n'),
        'web/src/environments/environment.prod.ts':
          "export const environment = { production: true, apiUrl: '/v9/' };",
        'web/src/app/account.service.ts': [
          "import { HttpClient } from '@angular/common/http';",
          "import { environment } from 'src/environments/environment';",
          'export class AccountService {',
          '  baseUrl = environment.apiUrl;',
          '  constructor(private httpClient: HttpClient) {}',
          '  roles() {',
          "    return this.httpClient.get<string[]>(this.baseUrl + 'account/roles');",
          '  }',
          '}',
        ].join('\n'),
        'web/src/app/library.service.ts': [
          "import { HttpClient } from '@angular/common/http';",
          "import { environment } from '../environments/environment.prod';",
          'export class LibraryService {',
          '  constructor(private http: HttpClient) {}',
          '  all() {',
          "    return this.http.get(environment.apiUrl + 'library');",
          '  }',
          '}',
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/account/roles web/src/app/account.service.ts:7',
      'GET /v9/library web/src/app/library.service.ts:6',
    ]);
  });

  it("reads a socket.io client's emits as calls of their event, not a server's", () => {
    expect(
      read({
        'web/chat.js': [
          'export function send(socket, text) {',
          "  socket.emit('chat:message', text);",
          '  // socket.emit("commented:out")',
          '}',
        ].join('\n'),
        'server/index.js': [
          "const { Server } = require('socket.io');",
          "io.on('connection', (socket) => socket.emit('welcome'));",
        ].join('\n'),
        'server/handlers.js': "module.exports = (io, socket) => { socket.emit('loan:renewed'); };",
        'server/events.js':
          "module.exports = function (io) { io.on('connection', function (socket) { socket.emit('hello'); }); };",
      }),
    ).toEqual(['WS chat:message web/chat.js:2']);
  });

  it('reads the root fields of GraphQL documents as calls of their operation: templates, typed-document helpers and .graphql files', () => {
    expect(
      read({
        'src/queries.ts': [
          "import { gql } from '@apollo/client';",
          "import { LOAN } from './fragments';",
          'export const OVERDUE = gql`',
          '  # loans: not a field',
          '  query Overdue($branch: ID, $first: Int = 10) {',
          '    overdueLoans(branch: $branch, first: $first) { id ...Loan @include(if: true) { note } }',
          '    mine: myLoans { ...Loan }',
          '    __typename',
          '  }',
          '  ${LOAN}',
          '`;',
          'export const RETURN = graphql(`mutation Return($id: ID!) { returnLoan(id: $id) { id } }`);',
          "const label = 'a gql-free string';",
        ].join('\n'),
        'src/loans.graphql': [
          'fragment Loan on Loan { id dueOn }',
          '',
          '{ branches { name } }',
          'subscription { loanReturned { id } }',
        ].join('\n'),
        // A schema asks for nothing.
        'server/schema.ts': 'export const typeDefs = gql`type Query { overdueLoans: [Loan] }`;',
      }),
    ).toEqual([
      'QUERY branches src/loans.graphql:3',
      'SUBSCRIPTION loanReturned src/loans.graphql:4',
      'QUERY overdueLoans src/queries.ts:6',
      'QUERY myLoans src/queries.ts:7',
      'MUTATION returnLoan src/queries.ts:12',
    ]);
  });

  it('reads library calls with the base URL a constant in another file gives', () => {
    expect(
      read({
        'src/config.ts': "export const API = 'https://api.example.com/v2';\n",
        'src/orders.ts': [
          "import { API } from './config';",
          'export const list = () => fetch(`${API}/orders?page=1`);',
          "export const cancel = (id: string) => fetch(API + '/orders/' + id + '/cancel', { method: 'POST' });",
          '// fetch("/commented/out")',
        ].join('\n'),
      }),
    ).toEqual(['GET /v2/orders src/orders.ts:2', 'POST /v2/orders/:param/cancel src/orders.ts:3']);
  });

  it('follows a wrapper whose URL is its parameter to each call of it, where the call is made', () => {
    expect(
      read({
        'src/agent.js': [
          "const ROOT = 'https://shop.test/api';",
          'const requests = {',
          '  get: url =>',
          '    superagent.get(`${ROOT}${url}`).then((r) => r.body),',
          '  del: url => superagent.del(`${ROOT}${url}`),',
          '};',
          'export const Orders = {',
          "  all: () => requests.get('/orders'),",
          '  remove: (id) => requests.del(`/orders/${id}`),',
          '};',
        ].join('\n'),
      }),
    ).toEqual(['GET /api/orders src/agent.js:8', 'DELETE /api/orders/:param src/agent.js:9']);
  });

  it('follows two levels of wrappers, a destructured method and a namespace import', () => {
    expect(
      read({
        'src/lib/api.js': [
          "const base = 'https://shop.test/api';",
          'async function send({ method, path, token }) {',
          '  const opts = { method, headers: {} };',
          '  return fetch(`${base}/${path}`, opts);',
          '}',
          'export function get(path, token) {',
          "  return send({ method: 'GET', path, token });",
          '}',
          'export function del(path, token) {',
          "  return send({ method: 'DELETE', path, token });",
          '}',
        ].join('\n'),
        'src/routes/page.js': [
          "import * as api from '$lib/api';",
          'export async function load({ params }) {',
          "  const endpoint = params.tab === 'mine' ? 'orders/mine' : 'orders';",
          '  await api.del(`orders/${params.id}`);',
          '  return api.get(`${endpoint}?limit=5`);',
          '}',
        ].join('\n'),
      }),
    ).toEqual([
      'DELETE /api/orders/:param src/routes/page.js:4',
      'GET /api/orders/mine src/routes/page.js:5',
      'GET /api/orders src/routes/page.js:5',
    ]);
  });

  it("follows an API hook's methods (`useCallback` members of the object it returns) to the calls that destructure them, through a folder's index, a URL helper in the hook's scope and a mutation hook over it; an absolute URL's pass-through left out", () => {
    expect(
      read({
        'src/lib/http.ts': [
          'export async function send(method: string, url: string, body?: string) {',
          '  return fetch(url, { method, body });',
          '}',
          'export function buildPath(path: string, params: object = {}) {',
          '  const query = new URLSearchParams(params as any).toString();',
          '  return query ? `${path}?${query}` : path;',
          '}',
          "export const httpGet = (path: string, params = {}) => send('GET', buildPath(path, params));",
          "export const httpPost = (path: string, data = {}) => send('POST', path, JSON.stringify(data));",
        ].join('\n'),
        'src/hooks/useApi.ts': [
          "import { useCallback } from 'react';",
          "import { httpGet, httpPost } from '@/lib/http';",
          'export function useApi() {',
          '  const base = process.env.basePath;',
          '  const toUrl = (url: string) => {',
          "    return url.startsWith('http') ? url : `${base || ''}/api${url}`;",
          '  };',
          '  return {',
          '    get: useCallback(async (url: string, params = {}) => httpGet(toUrl(url), params), []),',
          '    post: useCallback(async (url: string, data = {}) => httpPost(toUrl(url), data), []),',
          '  };',
          '}',
        ].join('\n'),
        'src/hooks/index.ts': "export * from './useApi';\nexport * from './useUpdate';\n",
        'src/hooks/useUpdate.ts': [
          "import { useApi } from './useApi';",
          'export function useUpdate(path: string) {',
          '  const { post } = useApi();',
          '  return { save: (data: object) => post(path, data) };',
          '}',
        ].join('\n'),
        // Another helper of the same name elsewhere: the one in the hook's scope builds its URLs.
        'src/components/Share.tsx': 'const toUrl = (slug: string) => `https://share.example/${slug}`;\n',
        'src/components/Shelves.tsx': [
          "import { useApi, useUpdate } from '@/hooks';",
          'export function Shelves({ shelfId }: { shelfId: string }) {',
          '  const { get } = useApi();',
          '  const api = useApi();',
          '  get(`/shelves/${shelfId}/books`, { page: 1 });',
          "  api.post('/shelves', {});",
          '  const { save } = useUpdate(`/shelves/${shelfId}`);',
          '  return null;',
          '}',
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/shelves/:param/books src/components/Shelves.tsx:5',
      'POST /api/shelves src/components/Shelves.tsx:6',
      'POST /api/shelves/:param src/components/Shelves.tsx:7',
    ]);
  });

  it('reads a method handed down as a positional parameter through an options object', () => {
    expect(
      read({
        'src/agent.js': [
          'const ROOT = "https://shop.test/api";',
          'export default function createAgent() {',
          '  async function send(method, url, data) {',
          '    const headers = {},',
          '      opts = { method, headers };',
          '    return fetch(ROOT + url, opts);',
          '  }',
          '  return { remove: (id) => send("delete", `/orders/${id}`), fetcher: (u) => fetch(u) };',
          '}',
        ].join('\n'),
      }),
    ).toEqual(['DELETE /api/orders/:param src/agent.js:8']);
  });

  it('reads a helper that writes its path parameter after a prefix (`/api${url}`) as a wrapper, not a call of its own', () => {
    expect(
      read({
        'src/agent.js': [
          'const requests = {',
          '  get: (url) => fetch(`/api${url}`).then((res) => res.json()),',
          '};',
          'export const Orders = {',
          '  get: (id) => requests.get(`/orders/${id}`),',
          "  all: () => requests.get('/orders'),",
          '};',
          'export const search = (query) => fetch(`/api/search${query}`);',
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/orders/:param src/agent.js:5',
      'GET /api/orders src/agent.js:6',
      'GET /api/search:param src/agent.js:8',
    ]);
  });

  it('puts written values into a helper whose parameter fills a segment, and keeps it when none are written', () => {
    expect(
      read({
        'src/panel.ts': [
          'async function act(server: string, action: string) {',
          '  await fetch(`/api/servers/${server}/${action}`, { method: "POST" });',
          '}',
          'export const restart = (name: string) => act(name, "restart");',
          'export const stop = (name: string) => act(name, "stop");',
          'async function show(id: string) {',
          '  return fetch(`/api/servers/${id}`);',
          '}',
          'export const current = (el: { id: string }) => show(el.id);',
        ].join('\n'),
      }),
    ).toEqual([
      'POST /api/servers/:param/restart src/panel.ts:4',
      'POST /api/servers/:param/stop src/panel.ts:5',
      'GET /api/servers/:param src/panel.ts:7',
    ]);
  });

  it('reads tRPC procedure calls through the project’s client, hooks and server callers alike', () => {
    expect(
      read({
        'src/trpc/react.tsx': [
          "import { createTRPCReact } from '@trpc/react-query';",
          'export const api = createTRPCReact<AppRouter>();',
          'export const client = api.createClient({ links: [] });',
        ].join('\n'),
        'src/trpc/server.ts':
          'export const { trpc: caller, HydrateClient } = createHydrationHelpers<AppRouter>(x, y);',
        'src/app/page.tsx': [
          "import { api } from '~/trpc/react';",
          "import { caller } from '~/trpc/server';",
          'export default async function Page() {',
          '  const [latest] = api.post.latest.useSuspenseQuery();',
          '  const create = api.post.create.useMutation();',
          "  const hello = await caller.post.hello({ text: 'x' });",
          '  const utils = api.useUtils();',
          '  await utils.post.invalidate();',
          '}',
        ].join('\n'),
      }),
    ).toEqual([
      'QUERY post.latest src/app/page.tsx:4',
      'MUTATION post.create src/app/page.tsx:5',
      'TRPC post.hello src/app/page.tsx:6',
    ]);
  });

  it("reads a service's resource URL built by the project's own function (JHipster's `getEndpointFor('api/x')`) and an id after it as a path parameter; a path handed in stays a wrapper's", () => {
    expect(
      read({
        'app/core/config/application-config.service.ts': [
          'export class ApplicationConfigService {',
          "  private endpointPrefix = '';",
          '  getEndpointFor(api: string, microservice?: string): string {',
          '    if (microservice) {',
          '      return `${this.endpointPrefix}services/${microservice}/${api}`;',
          '    }',
          '    return `${this.endpointPrefix}${api}`;',
          '  }',
          '}',
        ].join('\n'),
        'app/entities/oven/oven.service.ts': [
          'export class OvenService {',
          '  protected readonly http = inject(HttpClient);',
          '  protected readonly applicationConfigService = inject(ApplicationConfigService);',
          "  protected readonly resourceUrl = this.applicationConfigService.getEndpointFor('api/ovens');",
          '  find(id: number) {',
          '    return this.http.get(`${this.resourceUrl}/${encodeURIComponent(id)}`);',
          '  }',
          '  create(oven: Oven) {',
          '    return this.http.post(this.resourceUrl, oven);',
          '  }',
          '}',
        ].join('\n'),
        'app/shared/api.ts': [
          "const BASE = '/api';",
          'export function load(path: string) {',
          '  return fetch(`${BASE}/${path}`);',
          '}',
          "export const trays = () => load('trays');",
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/ovens/:param app/entities/oven/oven.service.ts:6',
      'POST /api/ovens app/entities/oven/oven.service.ts:9',
      'GET /api/trays app/shared/api.ts:5',
    ]);
  });

  it("reads a base service's URL builder for the subclass that calls it (two classes up: the resource it sets, the segments its arguments append, its own override, a base's member) and follows the calls on an injected service", () => {
    expect(
      read({
        'app/services/base-rest.service.ts': [
          'export abstract class BaseRestService<T> {',
          "  protected apiRoot: string = '/api/'",
          '  protected http = inject(HttpClient)',
          '  protected resource: string',
          '  protected urlOf(id: number = null, action: string = null): string {',
          '    let url = `${this.apiRoot}${this.resource}/`',
          '    if (id !== null) {',
          '      url += `${id}/`',
          '    }',
          '    if (action) {',
          '      url += `${action}/`',
          '    }',
          '    return url',
          '  }',
          '}',
        ].join('\n'),
        'app/services/named-rest.service.ts':
          'export abstract class NamedRestService<T> extends BaseRestService<T> {}',
        'app/services/shelf.service.ts': [
          'export class ShelfService extends NamedRestService<Shelf> {',
          '  constructor() {',
          '    super()',
          "    this.resource = 'shelves'",
          '  }',
          '  nextFree() {',
          "    return this.http.get(this.urlOf(null, 'next_free'))",
          '  }',
          '  labels(id: number) {',
          "    return this.http.get(this.urlOf(id, 'labels'))",
          '  }',
          '  count() {',
          '    return this.http.get(`${this.apiRoot}shelf_count/`)',
          '  }',
          '}',
        ].join('\n'),
        // Its own builder, where two classes define one.
        'app/services/bin.service.ts': [
          'export class BinService extends BaseRestService<Bin> {',
          '  protected urlOf(id: number): string {',
          '    return `/api/bins/${id}`',
          '  }',
          '  first() {',
          '    return this.http.get(this.urlOf(1))',
          '  }',
          '}',
        ].join('\n'),
        'app/components/shelf-labels.component.ts': [
          'export class ShelfLabelsComponent {',
          '  private shelves = inject(ShelfService)',
          '  show() {',
          "    this.shelves.labels(+this.route.get('id')).subscribe()",
          '  }',
          '}',
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/shelves/:param/labels app/components/shelf-labels.component.ts:4',
      'GET /api/bins/:param app/services/bin.service.ts:6',
      'GET /api/shelves/next_free app/services/shelf.service.ts:7',
      'GET /api/shelf_count app/services/shelf.service.ts:13',
    ]);
  });

  it('reads a client library imported under a name of its own, its chain over lines', () => {
    expect(
      read({
        'src/api.ts': [
          "import request from 'superagent';",
          "import client from './own-client';",
          'export const me = (token: string) =>',
          '  request',
          '    .get(`/api/me`)',
          "    .set('Authorization', token);",
          "export const ping = () => client.get('/api/ping');",
        ].join('\n'),
      }),
    ).toEqual(['GET /api/me src/api.ts:5']);
  });

  it('takes no mocked route (Mock Service Worker’s `http.get`) for a request, nor a wrapper around one', () => {
    expect(
      read({
        'src/mocks/handlers.ts': [
          "import { http, HttpResponse } from 'msw';",
          "export const handleGetUser = (resolver) => http.get('*/api/v2/users/me', resolver);",
          "export const handlers = [http.post('*/api/v2/users', () => HttpResponse.json({}))];",
        ].join('\n'),
        'src/components/Card.stories.ts': [
          "import { handleGetUser } from '../mocks/handlers';",
          "import { rest } from 'msw';",
          'export const parameters = { msw: [handleGetUser(() => null), rest.get(`/api/v1/x`, () => null)] };',
        ].join('\n'),
        'src/api.ts': "import { http } from './http';\nexport const me = () => http.get('/api/v2/users/me');",
      }),
    ).toEqual(['GET /api/v2/users/me src/api.ts:2']);
  });

  it('takes axios defaults and instances, parameter defaults, and an HttpClient interceptor prefix', () => {
    expect(
      read({
        'src/api.service.js': [
          "import axios from 'axios';",
          "axios.defaults.baseURL = 'https://shop.test/api';",
          'const client = axios.create({ baseURL: "/internal" });',
          'const ApiService = {',
          '  get(resource, slug = "") {',
          '    return axios.get(`${resource}/${slug}`);',
          '  },',
          '};',
          "export const tags = () => ApiService.get('tags');",
          "export const order = (id) => ApiService.get('orders', id);",
          "export const health = () => client.get('/health');",
        ].join('\n'),
        'src/app/api.interceptor.ts':
          'export const i = (req, next) => next(req.clone({ url: `https://shop.test/api${req.url}` }));',
        'src/app/user.service.ts': [
          'export class UserService {',
          '  constructor(private readonly http: HttpClient) {}',
          "  me() { return this.http.get<User>('/user'); }",
          '}',
        ].join('\n'),
        // An instance declared with its type.
        'src/lib/api-client.ts': [
          "import axios, { AxiosInstance } from 'axios';",
          "const api: AxiosInstance = axios.create({ baseURL: '/v2' });",
          'export default api;',
        ].join('\n'),
        'src/features/watch.ts': [
          "import api from '@/lib/api-client';",
          "export const watch = (id: string) => api.post<{ watching: boolean }>('/pages/watch', { id });",
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/tags src/api.service.js:9',
      'GET /api/orders/:param src/api.service.js:10',
      'GET /internal/health src/api.service.js:11',
      'GET /api/user src/app/user.service.ts:3',
      'POST /v2/pages/watch src/features/watch.ts:2',
    ]);
  });

  it("takes a base from the dotenv file nearest the code (development's first), and an instance a module exports by default under the name a file imports it", () => {
    const admin = (app: string) => ({
      [`${app}/src/utils/request.js`]: [
        "import axios from 'axios';",
        'const service = axios.create({ baseURL: process.env.VUE_APP_BASE_API });',
        'export default service;',
      ].join('\n'),
    });
    expect(
      read({
        // Two front ends side by side, each with its own `@/utils/request` and dotenv files.
        'admin/.env.development': "VUE_APP_BASE_API = '/admin'\n",
        'admin/.env.production': "VUE_APP_BASE_API = 'https://shop.test/admin'\n",
        ...admin('admin'),
        'admin/src/api/ad.js': [
          "import request from '@/utils/request';",
          "export const listAd = (query) => request({ url: '/ad/list', method: 'get', params: query });",
        ].join('\n'),
        'shop/.env.production': "VUE_APP_BASE_API = 'https://shop.test/'\n",
        'shop/.env.development': "VUE_APP_BASE_API = '/wx'\n",
        ...admin('shop'),
        'shop/src/api/api.js': [
          "import request from '@/utils/request';",
          "const IndexUrl = '/home/index';",
          "export const home = () => request({ url: IndexUrl, method: 'get' });",
        ].join('\n'),
        // Vite's `import.meta.env`, the plain `.env` of a folder above; an instance imported under another name.
        'web/.env': 'VITE_API_URL=/v3\n',
        'web/src/lib/client.ts': [
          "import ky from 'ky';",
          'const api = ky.create({ prefixUrl: import.meta.env.VITE_API_URL });',
          'export default api;',
        ].join('\n'),
        'web/src/pages/orders.ts': [
          "import shopApi from '../lib/client';",
          "export const orders = () => shopApi.get('orders');",
        ].join('\n'),
        // No dotenv value: the base is known only at run time, as before.
        'web/src/lib/other.ts': "export const other = () => fetch(import.meta.env.VITE_OTHER + '/health');",
      }),
    ).toEqual([
      'GET /admin/ad/list admin/src/api/ad.js:2',
      'GET /wx/home/index shop/src/api/api.js:3',
      'GET /health web/src/lib/other.ts:1',
      'GET /v3/orders web/src/pages/orders.ts:2',
    ]);
  });

  it('takes the base a class gives its ky instance (`this.client = ky.create({ prefixUrl })`) for the calls on an instance of that class', () => {
    expect(
      read({
        'js/services/http.ts': [
          "import ky from 'ky';",
          'class Http {',
          '  private client: ReturnType<typeof ky.create>',
          '  constructor() {',
          // A base written after an origin only the page knows (it ends with its slash).
          '    this.client = ky.create({ prefixUrl: `${window.APP.base_url}api`, retry: 0 })',
          '  }',
          '  async request(method: string, url: string) {',
          '    return this.client(url, { method })',
          '  }',
          "  get(url: string) { return this.request('get', url) }",
          "  delete(url: string) { return this.request('delete', url) }",
          '}',
          'export const http = new Http()',
        ].join('\n'),
        'js/services/albums.ts': [
          "import { http } from './http';",
          'export const albums = {',
          "  list: () => http.get('albums'),",
          '  remove: (id: string) => http.delete(`albums/${id}`),',
          '};',
        ].join('\n'),
      }),
    ).toEqual([
      'GET /api/albums js/services/albums.ts:3',
      'DELETE /api/albums/:param js/services/albums.ts:4',
    ]);
  });
});
