// Real back ends, one or more per stack, each with the truth listed by hand from reading its
// routing, configuration and schema: every route as the app serves it (method and full path,
// global prefixes included) and every entity its ORM or schema defines. Most implement the public
// "Conduit" API; each list is what that app really serves, extras and omissions included.
//
// Sources: the archives in ../shared/corpora/backends/, and public repositories brought to this
// machine with the search tool's `fetch` (their code is read here, never committed). An app whose
// source is missing is reported as skipped with the fetch that brings it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const archives = path.resolve(here, '../../shared/corpora/backends');
const mirrors = process.env.BOOCODE_MIRRORS ?? '/work/.mirror';

/** `GET /a`, `POST /a` from `GET,POST /a`. */
export const expand = (lines) =>
  lines.flatMap((line) => {
    const [methods, route] = line.trim().split(/\s+/);
    return methods.split(',').map((m) => `${m} ${route}`);
  });

/** The Conduit API's 19 endpoints under a prefix, as most apps serve them. */
const conduit = (prefix) =>
  expand([
    `POST ${prefix}/users/login`,
    `POST ${prefix}/users`,
    `GET,PUT ${prefix}/user`,
    `GET ${prefix}/profiles/:username`,
    `POST,DELETE ${prefix}/profiles/:username/follow`,
    `GET ${prefix}/articles/feed`,
    `GET,POST ${prefix}/articles`,
    `GET,PUT,DELETE ${prefix}/articles/:slug`,
    `GET,POST ${prefix}/articles/:slug/comments`,
    `DELETE ${prefix}/articles/:slug/comments/:id`,
    `POST,DELETE ${prefix}/articles/:slug/favorite`,
    `GET ${prefix}/tags`,
  ]);

const without = (list, ...drop) => list.filter((r) => !drop.includes(r));

/**
 * JHipster's sample app's endpoints that its Angular front end calls just as its Spring back end
 * serves them (the account's, the users' and authorities', its three entities'), an id written as
 * `id` says (`{id}` in a route, `:param` in a call). The two truths differ beyond these.
 */
export const jhipsterEndpoints = (id) => [
  'GET,POST /api/account',
  'POST /api/account/change-password',
  'POST /api/account/reset-password/init',
  'POST /api/account/reset-password/finish',
  'GET /api/activate',
  'POST /api/register',
  'GET,POST,PUT /api/admin/users',
  'GET /api/users',
  'GET,POST /api/authorities',
  `GET,DELETE /api/authorities/${id}`,
  ...['bank-accounts', 'labels', 'operations'].flatMap((entity) => [
    `GET,POST /api/${entity}`,
    `GET,PUT,PATCH,DELETE /api/${entity}/${id}`,
  ]),
];

/** The GraphQL operations of the Conduit schema most GraphQL ports share (RealWorld's GraphQL spec). */
const conduitOperations = expand([
  'QUERY article',
  'QUERY articles',
  'QUERY feed',
  'QUERY me',
  'QUERY profile',
  'QUERY tags',
  'MUTATION createUser',
  'MUTATION login',
  'MUTATION updateUser',
  'MUTATION followUser',
  'MUTATION unfollowUser',
  'MUTATION createArticle',
  'MUTATION updateArticle',
  'MUTATION favoriteArticle',
  'MUTATION unfavoriteArticle',
  'MUTATION deleteArticle',
  'MUTATION addComment',
  'MUTATION deleteComment',
]);

export const stackApps = [
  {
    name: 'express-prisma',
    stack: 'TypeScript / Express + Prisma',
    source: { mirror: 'gothinkster/node-express-realworld-example-app' },
    routes: [...conduit('/api'), 'GET /'],
    entities: ['Article', 'Comment', 'Tag', 'User'],
    frameworks: ['express', 'prisma'],
  },
  {
    name: 'nestjs-typeorm',
    stack: 'TypeScript / NestJS + TypeORM',
    source: { mirror: 'lujakob/nestjs-realworld-example-app' },
    // app.setGlobalPrefix('api'); the app controller's GET and a user delete beside the spec.
    routes: [...conduit('/api'), 'GET /api', 'DELETE /api/users/:slug'],
    entities: ['article', 'comment', 'follows', 'tag', 'user'],
    frameworks: ['nestjs', 'typeorm'],
  },
  {
    name: 'flask-sqlalchemy',
    stack: 'Python / Flask + SQLAlchemy',
    source: { archive: 'flask-realworld-example-app' },
    routes: conduit('/api'),
    entities: ['users', 'userprofile', 'article', 'comment', 'tags'],
    frameworks: ['flask', 'sqlalchemy'],
  },
  {
    name: 'fastapi',
    stack: 'Python / FastAPI + asyncpg (Alembic)',
    source: { archive: 'fastapi-realworld-example-app' },
    // include_router(api_router, prefix=settings.api_prefix): AppSettings.api_prefix = "/api".
    routes: conduit('/api'),
    entities: [
      'users',
      'followers_to_followings',
      'articles',
      'tags',
      'articles_to_tags',
      'favorites',
      'commentaries',
    ],
    frameworks: ['fastapi'],
  },
  {
    name: 'django-drf',
    stack: 'Python / Django REST framework',
    source: { mirror: 'gothinkster/django-realworld-example-app' },
    // ArticleViewSet: create, list, retrieve and update (no destroy, no partial update); the user
    // view is a RetrieveUpdateAPIView (PATCH too); the admin site is mounted at /admin/.
    routes: [...without(conduit('/api'), 'DELETE /api/articles/:slug'), 'PATCH /api/user', 'ALL /admin'],
    entities: ['Article', 'Comment', 'Tag', 'User', 'Profile'],
    frameworks: ['django', 'django-rest-framework'],
  },
  {
    name: 'gin-gorm',
    stack: 'Go / Gin + GORM',
    source: { archive: 'golang-gin-realworld-example-app' },
    // No feed endpoint; a ping group beside the API.
    routes: [...without(conduit('/api'), 'GET /api/articles/feed'), 'GET /api/ping'],
    entities: [
      'UserModel',
      'FollowModel',
      'ArticleModel',
      'TagModel',
      'FavoriteModel',
      'ArticleUserModel',
      'CommentModel',
    ],
    frameworks: ['gin', 'gorm'],
  },
  {
    name: 'echo-gorm',
    stack: 'Go / Echo + GORM',
    source: { mirror: 'xesina/golang-echo-realworld-example-app' },
    // Routes registered by a handler method (h.Register(v1)) under the /api group; Swagger's UI.
    routes: [...conduit('/api'), 'GET /swagger/*'],
    entities: ['Article', 'Comment', 'Tag', 'User', 'Follow'],
    frameworks: ['echo', 'gorm'],
  },
  {
    name: 'spring-mybatis',
    stack: 'Java / Spring Boot + MyBatis',
    source: { archive: 'spring-boot-realworld-example-app' },
    // No context path is configured: the API is served at the root. Its GraphQL API (Netflix DGS,
    // fields named by codegen constants) serves the schema's root fields; DGS's endpoint is a
    // library route, not in the app's code.
    routes: conduit(''),
    operations: conduitOperations,
    entities: ['users', 'articles', 'article_favorites', 'follows', 'tags', 'article_tags', 'comments'],
    frameworks: ['spring'],
  },
  {
    name: 'kotlin-spring-jpa',
    stack: 'Kotlin / Spring Boot + JPA',
    source: { mirror: 'gunkim/kotlin-realworld' },
    routes: conduit('/api'),
    entities: ['users', 'user_follow', 'article', 'article_tag', 'article_favorite', 'tag', 'comment'],
    frameworks: ['spring', 'jpa'],
  },
  {
    name: 'rails',
    stack: 'Ruby / Rails + ActiveRecord (Devise)',
    source: { mirror: 'gothinkster/rails-realworld-example-app' },
    // scope :api; devise_for :users with sign_in named login (database_authenticatable,
    // registerable, recoverable); resources with param:, only:, except:, on: :collection.
    routes: expand([
      'GET,POST /api/users/login',
      'DELETE /api/users/sign_out',
      'GET /api/users/cancel',
      'GET /api/users/sign_up',
      'GET /api/users/edit',
      'POST,PATCH,PUT,DELETE /api/users',
      'GET /api/users/password/new',
      'GET /api/users/password/edit',
      'POST,PATCH,PUT /api/users/password',
      'GET,PATCH,PUT /api/user',
      'GET /api/profiles/:username',
      'POST,DELETE /api/profiles/:username/follow',
      'GET /api/articles/feed',
      'GET,POST /api/articles',
      'GET,PATCH,PUT,DELETE /api/articles/:slug',
      'POST,DELETE /api/articles/:slug/favorite',
      'GET,POST /api/articles/:slug/comments',
      'DELETE /api/articles/:slug/comments/:id',
      'GET /api/tags',
    ]),
    entities: ['articles', 'comments', 'favorites', 'follows', 'taggings', 'tags', 'users'],
    frameworks: ['rails'],
  },
  {
    name: 'laravel-eloquent',
    stack: 'PHP / Laravel + Eloquent',
    source: { archive: 'laravel-realworld-example-app' },
    // RouteServiceProvider: prefix('api') for routes/api.php; match([put, patch]); resources;
    // routes/web.php's welcome page.
    routes: expand([
      'POST /api/users/login',
      'POST /api/users',
      'GET,PUT,PATCH /api/user',
      'GET /api/profiles/:user',
      'POST,DELETE /api/profiles/:user/follow',
      'GET /api/articles/feed',
      'POST,DELETE /api/articles/:article/favorite',
      'GET,POST /api/articles',
      'GET,PUT,PATCH,DELETE /api/articles/:article',
      'GET,POST /api/articles/:article/comments',
      'DELETE /api/articles/:article/comments/:comment',
      'GET /api/tags',
      'GET /',
    ]),
    entities: ['users', 'articles', 'comments', 'tags', 'favorites', 'follows'],
    frameworks: ['laravel', 'vue'],
  },
  {
    name: 'aspnetcore-efcore',
    stack: 'C# / ASP.NET Core + EF Core',
    source: { archive: 'aspnetcore-realworld-example-app' },
    // Attribute routing with no path base: served at the root.
    routes: conduit(''),
    entities: ['Article', 'Comment', 'Person', 'Tag', 'ArticleTag', 'ArticleFavorite', 'FollowedPeople'],
    frameworks: ['aspnetcore', 'efcore'],
  },
  {
    name: 'actix-diesel',
    stack: 'Rust / actix-web + Diesel',
    source: { archive: 'realworld-v1-rust-actix-web-diesel' },
    routes: [...conduit('/api'), 'GET /api/healthcheck'],
    entities: ['users', 'follows', 'articles', 'tags', 'comments', 'favorites'],
    frameworks: ['actix-web', 'diesel'],
  },
  {
    name: 'phoenix-ecto',
    stack: 'Elixir / Phoenix + Ecto',
    source: { mirror: 'gothinkster/elixir-phoenix-realworld-example-app' },
    // scope "/": served at the root; resources except new/edit, nested and top-level comments.
    routes: expand([
      'GET /articles/feed',
      'GET,POST /articles',
      'GET,PATCH,PUT,DELETE /articles/:id',
      'GET,POST /articles/:article_id/comments',
      'GET,PATCH,PUT,DELETE /articles/:article_id/comments/:id',
      'GET,POST /comments',
      'GET,PATCH,PUT,DELETE /comments/:id',
      'POST,DELETE /articles/:slug/favorite',
      'GET /tags',
      'GET,PUT /user',
      'POST /users',
      'POST /users/login',
      'GET /profiles/:username',
      'POST,DELETE /profiles/:username/follow',
    ]),
    entities: ['articles', 'favorites', 'comments', 'user_followers', 'users'],
    frameworks: ['phoenix', 'ecto'],
  },
  {
    name: 'vapor3-fluent',
    stack: 'Swift / Vapor 3 + Fluent (PostgreSQL)',
    source: { mirror: 'amadeu01/swift-vapor-conduit-example-app' },
    // A Conduit begun and not finished: Routes.boot groups "api" and registers two collections,
    // itself registered in boot.swift through a variable; `User.parameter` is a path parameter.
    routes: expand([
      'GET,POST /api/users',
      'GET /api/users/:user',
      'POST /api/users/login',
      'GET /api/user',
      'GET,POST /api/articles',
      'GET /api/articles/:article',
    ]),
    entities: ['User', 'Profile', 'FollowersAssoc', 'Article', 'Comment'],
    frameworks: ['vapor', 'fluent'],
  },
  {
    name: 'dart-shelf',
    stack: 'Dart / shelf_router (MySQL, raw SQL)',
    source: { mirror: 'YunDo-Gi/RE-Fridge-Server' },
    // server.dart mounts InitApi at '/', which mounts four API classes, each a Router made in a
    // getter; no ORM or schema file: its tables live only in SQL strings, so no entity to find.
    routes: expand([
      'GET /ingredient',
      'GET /ingredient/category/:category',
      'GET /ingredient/tag',
      'GET,POST /pantry',
      'GET /pantry/:category',
      'GET /pantry/ingredient/:ingredientId',
      'POST,PATCH,DELETE /pantry/:ingredientId',
      'GET,POST /cart',
      'GET,POST,PATCH,DELETE /cart/:cartId',
      'GET,POST /recipe',
      'GET /recipe/fullfill',
      'GET,DELETE /recipe/:recipeId',
    ]),
    entities: [],
    frameworks: ['shelf'],
  },
  // A second round of apps, each a stack or style the first sixteen do not show, fetched to check
  // that the readers generalise (none of them was looked at while the readers were first written).
  {
    name: 'axum-sqlx',
    stack: 'Rust / axum + SQLx (SQL migrations)',
    source: { mirror: 'launchbadge/realworld-axum-sqlx' },
    // Routers built by `fn router() -> Router` in each module, merged; the articles module lists
    // its routes before merging the comments router.
    routes: conduit('/api'),
    entities: ['user', 'follow', 'article', 'article_favorite', 'article_comment'],
    frameworks: ['axum', 'sqlx'],
  },
  {
    name: 'rocket-diesel',
    stack: 'Rust / Rocket + Diesel',
    source: { mirror: 'TatriX/realworld-rust-rocket' },
    // Attribute routes mounted with routes![…] under /api; query parts (`?<params..>`) are no path.
    routes: conduit('/api'),
    entities: ['articles', 'comments', 'favorites', 'follows', 'users'],
    frameworks: ['rocket', 'diesel'],
  },
  {
    name: 'ktor-exposed',
    stack: 'Kotlin / Ktor + Exposed',
    source: { mirror: 'Rudge/kotlin-ktor-realworld-example-app' },
    // Extension functions on Routing, installed without a prefix; Exposed table objects.
    routes: conduit(''),
    entities: ['Users', 'Follows', 'Tags'],
    frameworks: ['ktor', 'exposed'],
  },
  {
    name: 'webflux-r2dbc',
    stack: 'Kotlin / Spring WebFlux + R2DBC',
    source: { mirror: 'youngsuk-kim/realworld-webflux-mysql-r2dbc' },
    // Annotated controllers on paths named by `const val`s; Spring Data R2DBC `@Table` classes. The
    // app serves no profile read (its Endpoints list has none).
    routes: conduit('/api').filter((r) => r !== 'GET /api/profiles/:username'),
    entities: ['User', 'Follow', 'Article', 'Favorite', 'Tag', 'Comment'],
    frameworks: ['spring'],
  },
  {
    name: 'codeigniter4',
    stack: 'PHP / CodeIgniter 4 + its Model',
    source: { mirror: 'agungsugiarto/codeigniter4-realworld-api' },
    // routes/api.php, required by app/Config/Routes.php: nested groups (one with a placeholder and
    // options), handlers as `Controller::class . '::method/$1'`. Its own paths, not the spec's:
    // listed as the file writes them.
    routes: [
      'GET /',
      'POST /api/users/login',
      'POST /api/users',
      'GET /api/user',
      'PUT /api/user',
      'GET /api/profiles/:any',
      'POST /api/profiles/:any/follow',
      'DELETE /api/profiles/:any/follow',
      'GET /api/articles',
      'GET /api/articles/feed',
      'POST /api/articles/create',
      'GET /api/articles/:any/show',
      'PUT /api/articles/:any/update',
      'DELETE /api/articles/:any/destroy',
      'POST /api/articles/:any/comments',
      'GET /api/articles/:any/comments',
      'DELETE /api/articles/:any/comments/:num',
      'POST /api/articles/:any/favorite',
      'DELETE /api/articles/:any/favorite',
      'GET /api/tags',
    ],
    entities: ['ArticleModel', 'CommentModel', 'TagModel', 'UserModel'],
    frameworks: ['codeigniter'],
  },
  {
    name: 'grape-on-rack',
    stack: 'Ruby / Grape on Rack',
    source: { mirror: 'ruby-grape/grape-on-rack' },
    // Grape's sample app: one root API (`prefix 'api'`) mounting an API per file, by class name;
    // path and header versioning, namespaces, `get ':id'`. Its specs call these paths (grape-swagger's
    // `/api/swagger_doc`, a library's, is not the app's).
    routes: [
      'GET /api',
      'GET /api/ping',
      'GET /api/raise',
      'GET /api/vendor',
      'GET /api/ring',
      'POST /api/ring',
      'PUT /api/ring',
      'GET /api/decorated/ping',
      'POST /api/spline',
      'GET /api/reticulated_splines',
      'GET /api/plain_text',
      'GET /api/mixed',
      'POST /api/avatar',
      'POST /api/download',
      'POST /api/download_stream',
      'GET /api/entities/:id',
      'GET /api/headers',
      'GET /api/headers/:key',
      'GET /api/stream',
    ],
    entities: [],
    frameworks: ['grape'],
  },
  {
    name: 'quarkus-hibernate',
    stack: 'Java / Quarkus (JAX-RS) + Hibernate',
    source: { mirror: 'diegocamara/realworld-api-quarkus' },
    // @Path resources under quarkus.resteasy.path=/api.
    routes: conduit('/api'),
    entities: [
      'ArticleEntity',
      'CommentEntity',
      'FavoriteRelationshipEntity',
      'FollowRelationshipEntity',
      'TagEntity',
      'TagRelationshipEntity',
      'UserEntity',
    ],
    frameworks: ['quarkus', 'jax-rs'],
  },
  {
    name: 'fiber-gorm',
    stack: 'Go / Fiber + GORM',
    source: { mirror: 'alpody/golang-fiber-realworld-example-app' },
    routes: [...conduit('/api'), 'GET /swagger/*'],
    entities: ['Article', 'Comment', 'Tag', 'User', 'Follow'],
    frameworks: ['fiber', 'gorm'],
  },
  {
    name: 'aspnet-minimal',
    stack: 'C# / ASP.NET Core minimal APIs + EF Core',
    source: { mirror: 'adr1enbe4udou1n/aspnetcore-realworld-example-app' },
    // Extension methods on IEndpointRouteBuilder, chained on a MapGroup("/api").
    routes: conduit('/api'),
    entities: ['User', 'FollowerUser', 'Article', 'ArticleFavorite', 'Comment', 'Tag'],
    frameworks: ['aspnetcore', 'efcore'],
  },
  {
    name: 'spring3-jpa',
    stack: 'Java 21 / Spring Boot 3 + JPA (multi-module)',
    source: { mirror: '1chz/realworld-java21-springboot3' },
    // The login mapping is a constant (`@PostMapping(LOGIN_URL)`).
    routes: conduit('/api'),
    entities: ['Article', 'ArticleComment', 'ArticleFavorite', 'ArticleTag', 'Tag', 'User', 'UserFollow'],
    frameworks: ['spring', 'jpa'],
  },
  {
    name: 'laravel-11',
    stack: 'PHP / Laravel (route model binding) + Eloquent',
    source: { mirror: 'alexeymezenin/laravel-realworld-example-app' },
    routes: [...conduit('/api'), 'GET /'],
    entities: ['Article', 'Comment', 'Tag', 'User', 'followers', 'article_tag', 'article_user'],
    frameworks: ['laravel'],
  },
  // GraphQL back ends: each root field of the schema the app serves is an operation (`QUERY feed`),
  // beside the HTTP routes the app itself registers.
  {
    name: 'nestjs-graphql',
    stack: 'TypeScript / NestJS GraphQL (schema first) + Prisma',
    source: { mirror: 'Kittonn/realworld-graphql' },
    // GraphQLModule.forRoot with typePaths: the schema from *.graphql, served at Nest's default
    // /graphql by the Apollo driver (a library route: no route of the app's code).
    routes: [],
    operations: expand(['QUERY me', 'QUERY profile', 'MUTATION login', 'MUTATION register']),
    entities: ['Article', 'ArticleFavorites', 'ArticleTags', 'Comment', 'Tag', 'User', 'UserFollows'],
    frameworks: ['nestjs', 'prisma'],
  },
  {
    name: 'hapi-graphql-tools',
    stack: 'JavaScript / hapi + graphql-tools (SDL file)',
    source: { mirror: 'leonarpv/realworld-graphql' },
    // makeExecutableSchema over data/schema.graphql: every declared root field is served (those
    // without a resolver answer null); the API is the hapi route at /graphql. GraphiQL is
    // registered in development only.
    routes: expand(['GET,POST /graphql']),
    operations: without(conduitOperations, 'MUTATION unfavoriteArticle'),
    entities: [],
    frameworks: ['hapi'],
  },
  {
    name: 'fastify-autoload',
    stack: 'JavaScript / Fastify + @fastify/autoload + Prisma',
    source: { mirror: 'twahyono/rainfast' },
    // @fastify/autoload loads routes/: each plugin under its folders' names (routes/v1/user/index.js
    // at /v1/user). Swagger UI's /documentation is a library's route.
    routes: expand([
      'GET /',
      'GET /metrics',
      'POST /v1/auth/signin',
      'GET /v1/auth/refreshtoken',
      'GET,POST /v1/email',
      'GET /v1/email/:id',
      'GET /v1/file/:id',
      'POST /v1/file/upload',
      'POST /v1/file/upload/azure',
      'POST /v1/file/upload/files',
      'GET /v1/file/streams/:filename',
      'GET /v1/file/buffer/:filename',
      'GET /v1/sample',
      'GET /v1/sample/refreshtoken',
      'GET /v1/user',
      'GET /v1/user/:id',
      'POST /v1/user/register',
    ]),
    entities: ['User', 'EmailDelivery'],
    frameworks: ['fastify', 'prisma'],
  },
  {
    name: 'express-knex',
    stack: 'JavaScript / Express + Knex (with its React and React Native clients)',
    source: { mirror: 'MarcoEscaleira/be-the-hero' },
    // backend/src/routes.js: celebrate validators before controller methods; Knex migrations make
    // the two tables. The clients' axios instance is named `api`: its calls are not routes, and
    // their src/pages/ folders are no Next.js pages.
    routes: expand([
      'POST /session',
      'GET,POST /ongs',
      'GET /profile',
      'GET,POST /incidents',
      'DELETE /incidents/:id',
    ]),
    entities: ['ongs', 'incidents'],
    frameworks: ['express', 'knex'],
  },
  {
    name: 'flask-factory',
    stack: 'Python / Flask app factory + blueprints + Flask-SQLAlchemy',
    source: { mirror: 'miguelgrinberg/microblog' },
    // Blueprints made in each package's __init__.py, their routes declared in modules importing
    // them, registered in create_app with url_prefix '/auth' and '/api'. Flask's automatic HEAD and
    // OPTIONS are not listed. `followers` is an association table (sa.Table) with its migration.
    routes: expand([
      'GET,POST /',
      'GET,POST /index',
      'GET /explore',
      'GET /user/<username>',
      'GET /user/<username>/popup',
      'GET,POST /edit_profile',
      'POST /follow/<username>',
      'POST /unfollow/<username>',
      'POST /translate',
      'GET /search',
      'GET,POST /send_message/<recipient>',
      'GET /messages',
      'GET /export_posts',
      'GET /notifications',
      'GET,POST /auth/login',
      'GET /auth/logout',
      'GET,POST /auth/register',
      'GET,POST /auth/reset_password_request',
      'GET,POST /auth/reset_password/<token>',
      'GET,POST /api/users',
      'GET,PUT /api/users/<int:id>',
      'GET /api/users/<int:id>/followers',
      'GET /api/users/<int:id>/following',
      'POST,DELETE /api/tokens',
    ]),
    entities: ['User', 'Post', 'Message', 'Notification', 'Task', 'followers'],
    frameworks: ['flask', 'sqlalchemy'],
  },
  {
    name: 'fastapi-sqlmodel',
    stack: 'Python / FastAPI + SQLModel (with its React front end)',
    source: { mirror: 'fastapi/full-stack-fastapi-template' },
    // api_router under settings.API_V1_STR ("/api/v1"), each module's APIRouter prefix; the private
    // router is included when ENVIRONMENT is local (declared, so listed). Tables: SQLModel classes
    // with table=True (and their Alembic migration).
    routes: expand([
      'POST /api/v1/login/access-token',
      'POST /api/v1/login/test-token',
      'POST /api/v1/password-recovery/{email}',
      'POST /api/v1/reset-password',
      'POST /api/v1/password-recovery-html-content/{email}',
      'GET,POST /api/v1/users',
      'GET,PATCH,DELETE /api/v1/users/me',
      'PATCH /api/v1/users/me/password',
      'POST /api/v1/users/signup',
      'GET,PATCH,DELETE /api/v1/users/{user_id}',
      'POST /api/v1/utils/test-email',
      'GET /api/v1/utils/health-check',
      'GET,POST /api/v1/items',
      'GET,PUT,DELETE /api/v1/items/{id}',
      'POST /api/v1/private/users',
    ]),
    entities: ['User', 'Item'],
    frameworks: ['fastapi', 'sqlmodel'],
  },
  {
    name: 'express-mongoose-cjs',
    stack: 'JavaScript (CommonJS) / Express + Mongoose',
    source: { mirror: 'hagopj13/node-express-boilerplate' },
    // app.use('/v1', routes); routes/v1/index.js mounts its routers in a loop over a table of
    // { path, route } rows (the docs route in development only: declared, so listed);
    // `app.options('*', cors())` answers preflight requests for every path.
    routes: expand([
      'OPTIONS /*',
      'POST /v1/auth/register',
      'POST /v1/auth/login',
      'POST /v1/auth/logout',
      'POST /v1/auth/refresh-tokens',
      'POST /v1/auth/forgot-password',
      'POST /v1/auth/reset-password',
      'POST /v1/auth/send-verification-email',
      'POST /v1/auth/verify-email',
      'GET,POST /v1/users',
      'GET,PATCH,DELETE /v1/users/:userId',
      'GET /v1/docs',
    ]),
    entities: ['User', 'Token'],
    frameworks: ['express', 'mongoose'],
  },
  {
    name: 'aspnet-razor-pages',
    stack: 'C# / ASP.NET Core MVC + Razor Pages + minimal APIs + Blazor + EF Core',
    source: { mirror: 'dotnet-architecture/eShopOnWeb' },
    // Web: MVC controllers ([controller]/[action] routes), Razor Pages under Pages/ and the
    // Identity area (each answering the methods its PageModel handles; a page with no handler
    // answers GET); PublicApi: minimal APIs (app.MapGet in IEndpoint classes) and an
    // Ardalis.ApiEndpoints class ([HttpPost] on a non-Controller base); BlazorAdmin: @page routes.
    routes: [
      'GET /',
      'GET /Admin',
      'GET /Admin/EditCatalogItem',
      'POST /Admin/EditCatalogItem',
      'GET /Basket/Checkout',
      'POST /Basket/Checkout',
      'GET /Basket/Success',
      'GET /Basket/{handler?}',
      'POST /Basket/{handler?}',
      'GET /Error',
      'GET /Identity/Account/ConfirmEmail',
      'GET /Identity/Account/Login',
      'POST /Identity/Account/Login',
      'GET /Identity/Account/Logout',
      'POST /Identity/Account/Logout',
      'GET /Identity/Account/Register',
      'POST /Identity/Account/Register',
      'GET /Manage/ChangePassword',
      'POST /Manage/ChangePassword',
      'POST /Manage/Disable2fa',
      'GET /Manage/Disable2faWarning',
      'GET /Manage/EnableAuthenticator',
      'POST /Manage/EnableAuthenticator',
      'GET /Manage/ExternalLogins',
      'POST /Manage/GenerateRecoveryCodes',
      'GET /Manage/GenerateRecoveryCodesWarning',
      'POST /Manage/LinkLogin',
      'GET /Manage/LinkLoginCallback',
      'GET /Manage/MyAccount',
      'POST /Manage/MyAccount',
      'POST /Manage/RemoveLogin',
      'POST /Manage/ResetAuthenticator',
      'GET /Manage/ResetAuthenticatorWarning',
      'POST /Manage/SendVerificationEmail',
      'GET /Manage/SetPassword',
      'POST /Manage/SetPassword',
      'GET /Manage/ShowRecoveryCodes',
      'GET /Manage/TwoFactorAuthentication',
      'GET /Order/Detail/{orderId}',
      'GET /Order/MyOrders',
      'GET /Privacy',
      'GET /User',
      'POST /User/Logout',
      'PAGE /admin',
      'POST /api/authenticate',
      'GET /api/catalog-brands',
      'GET /api/catalog-items',
      'POST /api/catalog-items',
      'PUT /api/catalog-items',
      'DELETE /api/catalog-items/{catalogItemId}',
      'GET /api/catalog-items/{catalogItemId}',
      'GET /api/catalog-types',
      'PAGE /logout',
    ],
    entities: ['Basket', 'BasketItem', 'CatalogItem', 'CatalogBrand', 'CatalogType', 'Order', 'OrderItem'],
    frameworks: ['aspnetcore', 'efcore'],
  },
  {
    name: 'nestjs-versioned',
    stack: 'TypeScript / NestJS (URI versioning, config-driven prefix) + TypeORM + Mongoose',
    source: { mirror: 'brocoders/nestjs-boilerplate' },
    // main.ts: setGlobalPrefix(configService.getOrThrow('app.apiPrefix'), { exclude: ['/'] }) with
    // apiPrefix defaulting to 'api' in its registerAs config, enableVersioning({ type: URI });
    // controllers as @Controller({ path, version: '1' }). Three file uploaders declare
    // POST /api/v1/files/upload (one is registered by configuration). Relational entities and
    // document schemas both: the app persists through either.
    routes: [
      'DELETE /api/v1/auth/me',
      'DELETE /api/v1/users/:id',
      'GET /',
      'GET /api/v1/auth/me',
      'GET /api/v1/files/:path',
      'GET /api/v1/users',
      'GET /api/v1/users/:id',
      'PATCH /api/v1/auth/me',
      'PATCH /api/v1/users/:id',
      'POST /api/v1/auth/apple/login',
      'POST /api/v1/auth/email/confirm',
      'POST /api/v1/auth/email/confirm/new',
      'POST /api/v1/auth/email/login',
      'POST /api/v1/auth/email/register',
      'POST /api/v1/auth/facebook/login',
      'POST /api/v1/auth/forgot/password',
      'POST /api/v1/auth/google/login',
      'POST /api/v1/auth/logout',
      'POST /api/v1/auth/refresh',
      'POST /api/v1/auth/reset/password',
      'POST /api/v1/files/upload',
      'POST /api/v1/users',
    ],
    entities: [
      'UserEntity',
      'FileEntity',
      'RoleEntity',
      'SessionEntity',
      'StatusEntity',
      'UserSchemaClass',
      'FileSchemaClass',
      'SessionSchemaClass',
    ],
    frameworks: ['nestjs', 'typeorm', 'mongoose'],
  },
  {
    name: 'aspnet-mvc',
    stack: 'C# / ASP.NET Core MVC (conventional routes, an area) + EF Core',
    // The repository's last commit empties it (archived); the one before holds the app.
    source: { mirror: 'aspnet/MusicStore', ref: 'HEAD~1' },
    // Startup's UseMvc maps "{area:exists}/{controller}/{action}" (action defaulting to Index),
    // "{controller}/{action}/{id?}" (Home, Index) and "{controller}/{id?}" (no action: serves
    // none). No controller has a route attribute: an action answers any method unless [HttpPost]
    // or [HttpGet] narrows it, at its controller and action, Index and Home left out, {id?} only
    // for actions taking an id. The Razor page answers GET.
    routes: expand([
      'ALL /',
      'ALL /Home/Error',
      'ALL /Home/StatusCodePage',
      'ALL /Home/AccessDenied',
      'ALL,POST /Account/Login',
      'ALL,POST /Account/VerifyCode',
      'ALL,POST /Account/Register',
      'ALL /Account/ConfirmEmail',
      'ALL,POST /Account/ForgotPassword',
      'ALL /Account/ForgotPasswordConfirmation',
      'ALL,POST /Account/ResetPassword',
      'ALL /Account/ResetPasswordConfirmation',
      'POST /Account/ExternalLogin',
      'ALL,POST /Account/SendCode',
      'ALL /Account/ExternalLoginCallback',
      'POST /Account/ExternalLoginConfirmation',
      'POST /Account/LogOff',
      'ALL /Account/ExternalLoginFailure',
      'ALL,POST /Checkout/AddressAndPayment',
      'ALL /Checkout/Complete/{id?}',
      'ALL /Manage',
      'POST /Manage/RemoveLogin',
      'ALL,POST /Manage/AddPhoneNumber',
      'POST /Manage/EnableTwoFactorAuthentication',
      'POST /Manage/DisableTwoFactorAuthentication',
      'ALL,POST /Manage/VerifyPhoneNumber',
      'POST /Manage/RemovePhoneNumber',
      'ALL,POST /Manage/ChangePassword',
      'ALL,POST /Manage/SetPassword',
      'POST /Manage/RememberBrowser',
      'POST /Manage/ForgetBrowser',
      'ALL /Manage/ManageLogins',
      'POST /Manage/LinkLogin',
      'ALL /Manage/LinkLoginCallback',
      'ALL /ShoppingCart',
      'ALL /ShoppingCart/AddToCart/{id?}',
      'POST /ShoppingCart/RemoveFromCart/{id?}',
      'ALL /Store',
      'ALL /Store/Browse',
      'ALL /Store/Details/{id?}',
      'ALL /Admin/StoreManager',
      'ALL /Admin/StoreManager/Details',
      'ALL,POST /Admin/StoreManager/Create',
      'ALL,POST /Admin/StoreManager/Edit',
      'ALL,POST /Admin/StoreManager/RemoveAlbum',
      'GET /Admin/StoreManager/GetAlbumIdFromName',
      'GET /PageThatThrows',
    ]),
    entities: ['Album', 'Artist', 'Order', 'Genre', 'CartItem', 'OrderDetail'],
    frameworks: ['aspnetcore', 'efcore'],
  },
  {
    name: 'litestar',
    stack: 'Python / Litestar + SQLAlchemy (with a React front end)',
    source: { mirror: 'litestar-org/litestar-fullstack' },
    // Controllers with a class `path` (or full paths in each decorator's `path=`), gathered into
    // the app's route_handlers by a plugin; typed path parameters (`{team_id:uuid}`). A docstring's
    // example handler and the tests' handlers serve nothing.
    routes: [
      'POST /api/access/forgot-password',
      'POST /api/access/login',
      'POST /api/access/logout',
      'POST /api/access/refresh',
      'GET /api/access/reset-password',
      'POST /api/access/reset-password',
      'DELETE /api/access/sessions',
      'GET /api/access/sessions',
      'DELETE /api/access/sessions/{session_id:uuid}',
      'POST /api/access/signup',
      'GET /api/admin/audit',
      'GET /api/admin/audit/target/{target_type:str}/{target_id:str}',
      'GET /api/admin/audit/user/{user_id:uuid}',
      'GET /api/admin/audit/{log_id:uuid}',
      'GET /api/admin/dashboard/activity',
      'GET /api/admin/dashboard/stats',
      'GET /api/admin/teams',
      'DELETE /api/admin/teams/{team_id:uuid}',
      'GET /api/admin/teams/{team_id:uuid}',
      'PATCH /api/admin/teams/{team_id:uuid}',
      'GET /api/admin/users',
      'DELETE /api/admin/users/{user_id:uuid}',
      'GET /api/admin/users/{user_id:uuid}',
      'PATCH /api/admin/users/{user_id:uuid}',
      'GET /api/auth/oauth/github',
      'GET /api/auth/oauth/github/callback',
      'GET /api/auth/oauth/google',
      'GET /api/auth/oauth/google/callback',
      'GET /api/config/oauth',
      'POST /api/email-verification/request',
      'GET /api/email-verification/status/{user_id:uuid}',
      'POST /api/email-verification/verify',
      'DELETE /api/me',
      'GET /api/me',
      'PATCH /api/me',
      'PATCH /api/me/password',
      'POST /api/mfa/challenge/verify',
      'POST /api/mfa/confirm',
      'DELETE /api/mfa/disable',
      'POST /api/mfa/enable',
      'POST /api/mfa/regenerate-codes',
      'GET /api/mfa/status',
      'GET /api/profile/oauth/accounts',
      'DELETE /api/profile/oauth/{provider:str}',
      'POST /api/profile/oauth/{provider:str}/link',
      'POST /api/profile/oauth/{provider:str}/upgrade-scopes',
      'GET /api/roles',
      'POST /api/roles',
      'DELETE /api/roles/{role_id:uuid}',
      'GET /api/roles/{role_id:uuid}',
      'PATCH /api/roles/{role_id:uuid}',
      'POST /api/roles/{role_slug:str}/assign',
      'POST /api/roles/{role_slug:str}/revoke',
      'GET /api/tags',
      'POST /api/tags',
      'DELETE /api/tags/{tag_id:uuid}',
      'GET /api/tags/{tag_id:uuid}',
      'PATCH /api/tags/{tag_id:uuid}',
      'GET /api/teams',
      'POST /api/teams',
      'DELETE /api/teams/{team_id:uuid}',
      'GET /api/teams/{team_id:uuid}',
      'PATCH /api/teams/{team_id:uuid}',
      'GET /api/teams/{team_id:uuid}/invitations',
      'POST /api/teams/{team_id:uuid}/invitations',
      'DELETE /api/teams/{team_id:uuid}/invitations/{invitation_id:uuid}',
      'POST /api/teams/{team_id:uuid}/invitations/{invitation_id:uuid}/accept',
      'POST /api/teams/{team_id:uuid}/invitations/{invitation_id:uuid}/reject',
      'DELETE /api/teams/{team_id:uuid}/members',
      'POST /api/teams/{team_id:uuid}/members',
      'PATCH /api/teams/{team_id:uuid}/members/{user_id:uuid}',
      'GET /api/users',
      'POST /api/users',
      'DELETE /api/users/roles',
      'POST /api/users/roles',
      'DELETE /api/users/{user_id:uuid}',
      'GET /api/users/{user_id:uuid}',
      'PATCH /api/users/{user_id:uuid}',
      'GET /health',
    ],
    entities: [
      'audit_log',
      'email_verification_token',
      'user_account_oauth',
      'password_reset_token',
      'refresh_token',
      'role',
      'tag',
      'team',
      'team_invitation',
      'team_member',
      'user_account',
      'user_account_role',
      'team_tag',
    ],
    frameworks: ['litestar', 'sqlalchemy'],
  },
  {
    name: 'koa-knex',
    stack: 'JavaScript / Koa + koa-router + Knex',
    source: { mirror: 'gothinkster/koa-knex-realworld-example' },
    // routes/index.js: `api.use(users)`… then `router.use('/api', api.routes())`; each router file
    // exports `router.routes()`; DELETE routes as koa-router's `del`. One migration chains the
    // tables' `createTable`s.
    routes: conduit('/api'),
    entities: ['users', 'articles', 'comments', 'tags', 'articles_tags', 'followers', 'favorites'],
    frameworks: ['koa', 'knex'],
  },
  {
    name: 'hapi-glue',
    stack: 'JavaScript / hapi 16 + Glue manifest + Mongoose',
    source: { mirror: 'gothinkster/hapijs-realworld-example-app' },
    // Glue composes lib/config/manifest.js's registrations relative to lib/modules: the api plugin
    // under `routes: { prefix: '/api' }`; each module's plugin serves the route table its
    // routes.js function returns (`server.route(Routes(server))`). The api plugin's own /status.
    routes: [...conduit('/api'), 'GET /api/status'],
    entities: ['Article', 'Comment', 'User'],
    frameworks: ['hapi', 'mongoose'],
  },
  {
    name: 'spring-jhipster',
    stack: 'Java / Spring Boot (JHipster) + JPA, with its Angular front end',
    source: { mirror: 'jhipster/jhipster-sample-app' },
    // Every resource is @RequestMapping("/api") × its methods' mappings; the admin users' PUT answers
    // with and without the login. Actuator's /management endpoints are a library's.
    routes: expand([
      ...jhipsterEndpoints('{id}'),
      'GET,POST /api/authenticate',
      'GET,PUT,DELETE /api/admin/users/{login}',
    ]),
    entities: ['Authority', 'BankAccount', 'Label', 'Operation', 'User'],
    frameworks: ['spring', 'jpa', 'angular'],
  },
  {
    name: 'api-platform',
    stack: 'PHP / API Platform 4 (Symfony) + Doctrine, with its Next.js front end',
    source: { mirror: 'api-platform/demo' },
    // Resources declared on the entities: explicit operations at their uriTemplate (or the
    // resource's), a NotExposed operation serving nothing; Parchment's bare #[ApiResource] gets
    // 4.x's defaults (no PUT). The routing config imports api_platform with no prefix.
    routes: expand([
      'GET,POST /admin/books',
      'GET,PUT,DELETE /admin/books/{id}',
      'GET /admin/reviews',
      'GET,PUT,DELETE /admin/reviews/{id}',
      'GET /admin/users',
      'GET /admin/users/{id}',
      'GET,POST /bookmarks',
      'DELETE /bookmarks/{id}',
      'GET /books',
      'GET /books/{id}',
      'GET,POST /books/{bookId}/reviews',
      'PATCH,DELETE /books/{bookId}/reviews/{id}',
      'GET,POST /parchments',
      'GET,PATCH,DELETE /parchments/{id}',
      'GET /users/{id}',
      // The Next.js app's pages and its Auth.js route handler (`export { GET, POST } from …`).
      'PAGE /',
      'PAGE /admin',
      'PAGE /bookmarks',
      'PAGE /books',
      'PAGE /books/[id]/[slug]',
      'GET,POST /api/auth/[...nextauth]',
    ]),
    entities: ['Book', 'Bookmark', 'Parchment', 'Review', 'User'],
    frameworks: ['symfony', 'doctrine', 'api-platform'],
  },
  {
    name: 'symfony-doctrine',
    stack: 'PHP / Symfony 5 (docblock annotations, invokable controllers) + Doctrine',
    source: { mirror: 'slashfan/symfony-realworld-example-app' },
    // config/routes/annotations.yaml imports src/Controller/ (and Kernel.php) with no prefix;
    // each controller is an invokable class whose docblock @Route carries the full /api path.
    routes: conduit('/api'),
    entities: ['Article', 'Comment', 'Tag', 'User'],
    frameworks: ['symfony', 'doctrine'],
  },
  {
    name: 'symfony-demo',
    stack: 'PHP / Symfony 7 (attribute routes, locale prefix) + Doctrine',
    source: { mirror: 'symfony/demo' },
    // config/routes.yaml: the homepage at /{_locale} (a framework controller), and the
    // controllers' attribute routes imported under /{_locale}; class-level #[Route] prefixes,
    // routes without `methods` answer any. The admin index has two names on one path. Dev-only
    // (when@dev) and service-loaded (logout) routes are not the app's.
    routes: expand([
      'ALL /{_locale}',
      'GET /{_locale}/admin/post',
      'GET,POST /{_locale}/admin/post/new',
      'GET /{_locale}/admin/post/{id}',
      'GET,POST /{_locale}/admin/post/{id}/edit',
      'POST /{_locale}/admin/post/{id}/delete',
      'GET /{_locale}/blog',
      'GET /{_locale}/blog/rss.xml',
      'GET /{_locale}/blog/page/{page}',
      'GET /{_locale}/blog/posts/{slug}',
      'POST /{_locale}/blog/comment/{postSlug}/new',
      'GET /{_locale}/blog/search',
      'ALL /{_locale}/login',
      'GET,POST /{_locale}/profile/edit',
      'GET,POST /{_locale}/profile/change-password',
    ]),
    entities: ['Post', 'Comment', 'Tag', 'User'],
    frameworks: ['symfony', 'doctrine'],
  },
  {
    name: 'apollo-express',
    stack: 'JavaScript / Apollo Server (express) + Mongoose',
    source: { mirror: 'rain-winter/realworld-graphql' },
    // typeDefs in a gql template, resolver maps per module; applyMiddleware({ app }) serves the
    // API at Apollo's default /graphql (a library route).
    routes: [],
    operations: expand([
      'QUERY foo',
      'QUERY currentUser',
      'QUERY articles',
      'MUTATION login',
      'MUTATION createUser',
      'MUTATION updateUser',
      'MUTATION createArticle',
    ]),
    entities: ['Article', 'User'],
    frameworks: ['express', 'mongoose'],
  },
  {
    name: 'laravel-lighthouse',
    stack: 'PHP / Laravel + Lighthouse (schema first) + Eloquent',
    source: { mirror: 'tekihei2317/realworld-graphql-example-app' },
    // Lighthouse serves graphql/schema.graphql at its configured /graphql (a library route); the
    // app's own routes are web.php's and api.php's.
    routes: expand(['GET /', 'GET /api/user']),
    operations: expand(['QUERY users', 'QUERY user', 'QUERY hello', 'QUERY greet']),
    entities: ['User', 'password_resets', 'failed_jobs', 'personal_access_tokens'],
    frameworks: ['laravel'],
  },
  {
    name: 'grpc-microservices',
    stack: 'Go, C#, Node, Python, Java / gRPC services (monorepo) + gorilla/mux front end',
    source: { mirror: 'GoogleCloudPlatform/microservices-demo' },
    // The front end's routes sit under BASE_URL, read from the environment at start: unknown
    // statically, said so. The cart service answers GET / beside its gRPC services; the shopping
    // assistant is a Flask POST /. Every service serves the standard health check.
    routes: [
      ...expand([
        'GET,HEAD /{unknown}',
        'GET,HEAD /{unknown}/product/{id}',
        'GET,HEAD,POST /{unknown}/cart',
        'POST /{unknown}/cart/empty',
        'POST /{unknown}/setCurrency',
        'GET /{unknown}/logout',
        'POST /{unknown}/cart/checkout',
        'GET /{unknown}/assistant',
        'ALL /{unknown}/robots.txt',
        'ALL /{unknown}/_healthz',
        'GET /{unknown}/product-meta/{ids}',
        'POST /{unknown}/bot',
      ]),
      'GET /',
      'POST /',
    ],
    operations: expand([
      'RPC /hipstershop.CartService/AddItem',
      'RPC /hipstershop.CartService/GetCart',
      'RPC /hipstershop.CartService/EmptyCart',
      'RPC /hipstershop.RecommendationService/ListRecommendations',
      'RPC /hipstershop.ProductCatalogService/ListProducts',
      'RPC /hipstershop.ProductCatalogService/GetProduct',
      'RPC /hipstershop.ProductCatalogService/SearchProducts',
      'RPC /hipstershop.ShippingService/GetQuote',
      'RPC /hipstershop.ShippingService/ShipOrder',
      'RPC /hipstershop.CurrencyService/GetSupportedCurrencies',
      'RPC /hipstershop.CurrencyService/Convert',
      'RPC /hipstershop.PaymentService/Charge',
      'RPC /hipstershop.EmailService/SendOrderConfirmation',
      'RPC /hipstershop.CheckoutService/PlaceOrder',
      'RPC /hipstershop.AdService/GetAds',
      'RPC /grpc.health.v1.Health/Check',
      'RPC /grpc.health.v1.Health/Watch',
    ]),
    entities: [],
    frameworks: ['grpc', 'gorilla/mux', 'aspnetcore', 'flask'],
  },
  {
    name: 'go-gqlgen-gorm',
    stack: 'Go / gqlgen + GORM',
    source: { mirror: 'ArtemGretsov/golang-gqlgen-gorm-psql-example' },
    // net/http: the playground at / and the API at /querys; the schema split over several files.
    routes: expand(['ALL /', 'ALL /querys']),
    operations: expand([
      'QUERY days',
      'MUTATION createTag',
      'MUTATION registrationUser',
      'MUTATION loginUser',
    ]),
    entities: ['Day', 'Rate', 'Tag', 'Weather'],
    frameworks: ['gorm'],
  },
];

/** The app's tree under `into`, unpacked once; `undefined` with the reason when its source is not here. */
export function materialize(app, into) {
  const dir = path.join(into, app.name);
  if (existsSync(dir)) return { dir };
  if (app.source.archive) {
    const tarball = path.join(archives, `${app.source.archive}.tar.gz`);
    if (!existsSync(tarball)) return { missing: `${tarball} is not there` };
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['xzf', tarball, '-C', dir, '--strip-components=1']);
    return { dir };
  }
  return fromMirror(app.source.mirror, dir, app.source.ref);
}

/**
 * The apps `STACKS=a,b` names (all when unset), each with its tree under `into`; an app whose source
 * is not on this machine is said and left out.
 */
export function* materializedApps(into) {
  const only = process.env.STACKS?.split(',');
  for (const app of stackApps.filter((a) => !only || only.includes(a.name))) {
    const { dir, missing } = materialize(app, into);
    if (dir) yield { app, dir };
    else console.log(`${app.name}: skipped, source not here: ${missing}`);
  }
}

/** A fetched repository's tree at `dir`, from its snapshot in the mirrors folder (at `ref`, HEAD by default). */
export function fromMirror(mirror, dir, ref = 'HEAD') {
  const repo = path.join(mirrors, mirror.replace('/', '+'), 'repo');
  // A snapshot arrives as a bare git directory or as one with a .git inside.
  const gitDir = existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
  if (!existsSync(gitDir)) return { missing: `fetch github:${mirror} (into ${mirrors})` };
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('sh', ['-c', `git --git-dir="${gitDir}" archive ${ref} | tar x -C "${dir}"`], {
      stdio: 'ignore',
    });
  } catch {
    // A snapshot may list its largest files without holding them (images, jars): the tree is
    // written file by file, those left out.
    rmSync(dir, { recursive: true, force: true });
    const listed = execFileSync(
      'git',
      [`--git-dir=${gitDir}`, 'ls-tree', '-r', '-z', '--name-only', 'HEAD'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    )
      .toString()
      .split('\0')
      .filter(Boolean);
    for (const file of listed) {
      let blob;
      try {
        blob = execFileSync('git', [`--git-dir=${gitDir}`, 'cat-file', 'blob', `HEAD:${file}`], {
          maxBuffer: 256 * 1024 * 1024,
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch {
        continue;
      }
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), blob);
    }
  }
  return { dir };
}

/**
 * Routes compared as `METHOD /path` with parameters written alike (`:slug`, `{slug}`, `<slug>`,
 * `<int:pk>`, `{id:int}` are one parameter) and no trailing slash: the frameworks spell them
 * differently, and the question is whether the served path is right.
 */
export function routeKey(method, routePath) {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^(:\w+|\{[^}]+\}|<[^>]+>)$/.test(s) ? ':param' : s));
  return `${method.toUpperCase()} /${segments.join('/')}`;
}

/** Entities compared by name: case, separators, plural and a Model/Entity suffix set aside. */
export function entityKey(name) {
  let flat = name.replace(/[_\-\s]/g, '').toLowerCase();
  flat = flat.replace(/(model|entity|record)$/, '') || flat;
  if (flat.endsWith('ies') && flat.length > 4) return `${flat.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(flat)) return flat;
  return flat.endsWith('s') ? flat.slice(0, -1) : flat;
}
