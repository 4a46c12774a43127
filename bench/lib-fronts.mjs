// Real front ends of the Conduit ("RealWorld") API, each with the calls it makes listed by hand from
// reading its code (method + path as the back end sees it, the base URL's path included), paired
// with back ends of other languages from the stacks bench. Sources come with the search tool's
// `fetch` (read here, never committed); a missing one is reported as skipped with the fetch.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expand, fromMirror, jhipsterEndpoints } from './lib-stacks.mjs';

/** The 19 Conduit endpoints as a client calls them. */
const conduitCalls = [
  'GET /api/user',
  'PUT /api/user',
  'POST /api/users/login',
  'POST /api/users',
  'GET /api/profiles/:param',
  'POST /api/profiles/:param/follow',
  'DELETE /api/profiles/:param/follow',
  'GET /api/articles',
  'GET /api/articles/feed',
  'POST /api/articles',
  'GET /api/articles/:param',
  'PUT /api/articles/:param',
  'DELETE /api/articles/:param',
  'POST /api/articles/:param/favorite',
  'DELETE /api/articles/:param/favorite',
  'GET /api/articles/:param/comments',
  'POST /api/articles/:param/comments',
  'DELETE /api/articles/:param/comments/:param',
  'GET /api/tags',
];
const without = (list, ...drop) => list.filter((c) => !drop.includes(c));

export const frontEnds = [
  // superagent behind a `requests` object of arrow wrappers, API_ROOT constant.
  {
    name: 'react-redux',
    mirror: 'gothinkster/react-redux-realworld-example-app',
    calls: conduitCalls,
    pairs: ['django-drf', 'express-prisma'],
  },
  // HttpClient in services, the base URL added by a functional interceptor.
  {
    name: 'angular',
    mirror: 'gothinkster/angular-realworld-example-app',
    calls: conduitCalls,
    pairs: ['gin-gorm', 'nestjs-typeorm'],
  },
  // fetch in `send({ method, path })`, wrapped by get/post/put/del, called through `import * as api`;
  // the current user comes from the session cookie, never GET /api/user.
  {
    name: 'sveltekit',
    mirror: 'sveltejs/realworld',
    calls: without(conduitCalls, 'GET /api/user'),
    pairs: ['laravel-eloquent', 'flask-sqlalchemy'],
  },
  // Vue.axios with defaults.baseURL from a config constant; ApiService wrapped by per-resource services.
  {
    name: 'vue',
    mirror: 'gothinkster/vue-realworld-example-app',
    calls: conduitCalls,
    pairs: ['rails', 'fastapi'],
  },
  // fetch in `send(method, url, …)` with the method in an options object, inside a factory function.
  {
    name: 'solid',
    mirror: 'solidjs/solid-realworld',
    calls: conduitCalls,
    pairs: ['nestjs-typeorm', 'echo-gorm'],
  },
  // axios called directly in lib/api and components, SERVER_BASE_URL constant; its current-user call
  // is `axios.get('/user')` with no base: it reaches the Next server, no API route (a broken contract).
  {
    name: 'nextjs',
    mirror: 'reck1ess/next-realworld-example-app',
    calls: [...without(conduitCalls, 'GET /api/user'), 'GET /user'],
    pairs: ['fastapi', 'actix-diesel'],
  },
  // superagent wrappers again, with MobX stores as the callers.
  {
    name: 'react-mobx',
    mirror: 'gothinkster/react-mobx-realworld-example-app',
    calls: conduitCalls,
    pairs: ['express-prisma', 'laravel-eloquent'],
  },
  // A front end in the back end's own repository (`inRepo`): the FastAPI template's React app, which
  // calls the API only through the SDK @hey-api/openapi-ts generated (`UsersService.createUser(…)`).
  {
    name: 'react-openapi-sdk',
    inRepo: true,
    calls: [
      'POST /api/v1/login/access-token',
      'POST /api/v1/password-recovery/:param',
      'POST /api/v1/reset-password',
      'GET /api/v1/users',
      'POST /api/v1/users',
      'GET /api/v1/users/me',
      'PATCH /api/v1/users/me',
      'DELETE /api/v1/users/me',
      'PATCH /api/v1/users/me/password',
      'POST /api/v1/users/signup',
      'PATCH /api/v1/users/:param',
      'DELETE /api/v1/users/:param',
      'GET /api/v1/items',
      'POST /api/v1/items',
      'PUT /api/v1/items/:param',
      'DELETE /api/v1/items/:param',
    ],
    pairs: ['fastapi-sqlmodel'],
  },
  // JHipster's Angular app beside its Spring back end: entity services build their URL from
  // `applicationConfigService.getEndpointFor('api/…')` and an id after it; the admin pages call
  // Spring Boot Actuator's /management endpoints (a library's), and the user service a
  // `GET /api/users/:id` the back end does not serve.
  {
    name: 'angular-jhipster',
    inRepo: true,
    calls: [
      ...expand([
        ...jhipsterEndpoints(':param'),
        'POST /api/authenticate',
        'GET,DELETE /api/admin/users/:param',
      ]),
      // Served by no route of this repository.
      ...expand([
        'GET /management/configprops',
        'GET /management/env',
        'GET /management/health',
        'GET /management/loggers',
        'POST /management/loggers/:param',
        'GET /management/jhimetrics',
        'GET /management/threaddump',
        'GET /management/info',
        'GET /api/users/:param',
      ]),
    ],
    pairs: ['spring-jhipster'],
  },
];

/** A front end's source at `into/name`, from its mirror; one in its back end's repository has none of its own. */
export function materializeFront(front, into) {
  if (front.inRepo) return { inRepo: true };
  const dir = path.join(into, front.name);
  return existsSync(dir) ? { dir } : fromMirror(front.mirror, dir);
}
