import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Scanner } from './scan.js';

/** Small apps written for these tests, one per stack: prefixes, groups and models each framework composes. */
const stacks = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/stacks');

async function scanStack(name: string) {
  const result = await new Scanner().scan(path.join(stacks, name));
  return {
    routes: result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line}`),
    models: result.models.map((m) => `${m.name} ${m.orm}${m.table ? ` ${m.table}` : ''}`),
    frameworks: result.frameworks,
  };
}

describe('stacks: routes as served, models, frameworks', () => {
  it("sets a minified bundle and generated code apart with the reason, keeping a generated schema's models", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'laravel'));
    expect(result.excluded).toEqual([
      { file: 'public/js/app.js', reason: 'minified' },
      { file: 'routes/generated.php', reason: 'generated' },
    ]);
    expect(result.languages.javascript).toBeUndefined();
    expect(result.routes.some((r) => r.file === 'routes/generated.php')).toBe(false);
    const actix = await new Scanner().scan(path.join(stacks, 'actix'));
    expect(actix.excluded).toEqual([{ file: 'src/schema.rs', reason: 'generated' }]);
    expect(actix.models.map((m) => m.name)).toEqual(['orders', 'order_lines']);
  });

  it("NestJS: a global prefix set in main.ts comes before every controller route of its project; RouterModule paths (children below parents) before their modules' controllers; paths from a constants object", async () => {
    const { routes, models, frameworks } = await scanStack('nest');
    expect(routes).toEqual([
      'GET /v2/admin/audit/log src/admin/audit.controller.ts:5',
      'GET /v2/admin/reports src/admin/reports.controller.ts:5',
      'GET /v2/orders src/orders/orders.controller.ts:5',
      'POST /v2/orders/:id/cancel src/orders/orders.controller.ts:10',
      // Paths written as members of an exported constants object, resolved through it; a path
      // computed at run time kept as unknown.
      'GET /v2/v1/invoices src/invoices/invoices.controller.ts:7',
      'DELETE /v2/v1/invoices/:id src/invoices/invoices.controller.ts:12',
      'GET /v2/v1/{unknown} src/invoices/invoices.controller.ts:18',
    ]);
    expect(models).toEqual(['purchase_order typeorm']);
    expect(frameworks).toEqual(['nestjs', 'typeorm']);
  });

  it("Spring: the default profile's context path, method-level @RequestMapping with methods and path arrays", async () => {
    const { routes, models } = await scanStack('spring');
    expect(routes).toEqual([
      'GET /shop/orders src/main/java/shop/OrderController.java:10',
      'DELETE /shop/orders/archive src/main/java/shop/OrderController.java:21',
      'GET /shop/orders/export/csv src/main/java/shop/OrderController.java:24',
      'GET /shop/orders/legacy src/main/java/shop/OrderController.java:16',
      'HEAD /shop/orders/legacy src/main/java/shop/OrderController.java:16',
      'GET /shop/orders/old src/main/java/shop/OrderController.java:16',
      'HEAD /shop/orders/old src/main/java/shop/OrderController.java:16',
      'POST /shop/orders/{id}/pay src/main/java/shop/OrderController.java:13',
    ]);
    expect(models).toEqual(['Order jpa purchase_orders']);
  });

  it("Spring functional endpoints: the builder's verbs and nested paths, static predicates routed to handlers, Kotlin's router DSL, WebFlux's base path; Spring Data models", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'spring-webflux'));
    const file = 'src/main/java/com/shop/web/OrderRoutes.java';
    const dsl = 'src/main/kotlin/com/shop/web/CustomerRoutes.kt';
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        `DELETE /shop/admin/orders/{id} ${file}:27 OrderHandler.delete`,
        `GET /shop/admin/reports ${file}:28 OrderHandler.report`,
        `GET /shop/admin/stats ${dsl}:29 AdminHandler.stats`,
        `DELETE /shop/cache ${dsl}:31 clearCache`,
        `GET /shop/customers ${dsl}:14 CustomerHandler.list`,
        `GET /shop/customers/{id} ${dsl}:16 CustomerHandler.get`,
        `POST /shop/customers/{id}/notes ${dsl}:19 CustomerHandler.addNote`,
        `GET /shop/health ${file}:35 HealthHandler.check`,
        `GET /shop/orders ${file}:25 OrderHandler.list`,
        `POST /shop/orders ${file}:36 OrderHandler.create`,
        `GET /shop/orders/{id} ${file}:24 OrderHandler.get`,
        `GET /shop/ready ${dsl}:22 -`,
        `GET /shop/v1/ping ${file}:37 -`,
      ],
    );
    // Spring Data's mapped classes (R2DBC/JDBC, MongoDB) in Java and Kotlin; another library's @Table is none.
    expect(result.models.map((m) => `${m.name} ${m.orm} ${m.table}`)).toEqual([
      'Customer spring-data customers',
      'Order spring-data purchase_orders',
      'Review mongodb reviews',
    ]);
    expect(result.frameworks).toEqual(['spring']);
  });

  it("Express controller classes: a path kept in a field (`this.path`), handlers as the class's methods", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'express-classes'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET /posts src/posts/posts.controller.ts:13 PostsController.getAllPosts',
      'POST /posts src/posts/posts.controller.ts:15 PostsController.createPost',
      'GET /posts/:id src/posts/posts.controller.ts:14 PostsController.getPostById',
    ]);
  });

  it('CodeIgniter 4: routes on $routes, groups with options and placeholders, match/add, resources, a required routes file; its models', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'codeigniter'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET / app/Config/Routes.php:7 Home::index',
      'GET /admin/orders/{num} app/Config/Routes.php:12 Orders::show',
      'GET /admin/photos app/Config/Routes.php:13 Photos::index',
      'GET /admin/photos/{num} app/Config/Routes.php:13 Photos::show',
      'GET /api/orders routes/api.php:8 OrderController::index',
      'POST /api/orders/{segment}/pay routes/api.php:10 OrderController::pay',
      'GET /contact app/Config/Routes.php:8 Home::contact',
      'POST /contact app/Config/Routes.php:8 Home::contact',
      'ALL /legacy/{segment} app/Config/Routes.php:9 Legacy::show',
    ]);
    expect(result.models.map((m) => `${m.name} ${m.orm} ${m.table}`)).toEqual([
      'OrderModel codeigniter purchase_orders',
    ]);
    expect(result.frameworks).toEqual(['codeigniter']);
  });

  it("Grape: namespaces and route params, the root's prefix and path version, APIs mounted by (qualified) class name", async () => {
    const { routes, frameworks } = await scanStack('grape');
    expect(routes).toEqual([
      'DELETE /api/v1/admin/cache app/api/admin/api.rb:6',
      'GET /api/v1/orders app/api/orders.rb:5',
      'GET /api/v1/orders/:id app/api/orders.rb:10',
      'POST /api/v1/orders/:id/items app/api/orders.rb:18',
      'GET /api/v1/status app/api/health.rb:6',
    ]);
    expect(frameworks).toEqual(['grape']);
  });

  it("LoopBack 4: controllers by their route decorators, @api's basePath, @model classes; a class without routes is none", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'loopback'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET /reports/daily src/controllers/report.controller.ts:6 ReportController.daily',
      'POST /todos src/controllers/todo.controller.ts:9 TodoController.create',
      'DELETE /todos/{id} src/controllers/todo.controller.ts:24 TodoController.deleteById',
      'GET /todos/{id} src/controllers/todo.controller.ts:14 TodoController.findById',
      'PATCH /todos/{id} src/controllers/todo.controller.ts:19 TodoController.updateById',
    ]);
    expect(result.models.map((m) => `${m.name} ${m.orm}`)).toEqual(['Todo loopback']);
    expect(result.frameworks).toEqual(['loopback']);
  });

  it("Lumen: routes on $router, groups by their options' prefix (nested, with a pattern parameter), `uses` actions", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'lumen'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'GET / routes/web.php:5 -',
        'GET /api/orders routes/web.php:10 OrderController@index',
        'POST /api/orders routes/web.php:11 OrderController@store',
        'DELETE /api/orders/{id} routes/web.php:13 OrderController@destroy',
      ],
    );
    expect(result.frameworks).toEqual(['lumen']);
  });

  it('Sails: config/routes.js addresses with and without a method, controller actions as handlers', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'sails'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'ALL / config/routes.js:5 -',
        'GET /api/v1/orders config/routes.js:6 OrderController.find',
        'POST /api/v1/orders config/routes.js:7 OrderController.create',
        'DELETE /api/v1/orders/:id config/routes.js:8 -',
      ],
    );
    expect(result.frameworks).toEqual(['sails']);
  });

  it("Javalin and Vert.x Web: routes registered by calls, ApiBuilder's paths and crud, Vert.x sub-routers, handlers by their variables' types", async () => {
    const routes = async (name: string) =>
      (await new Scanner().scan(path.join(stacks, name))).routes.map(
        (r) => `${r.method} ${r.path} :${r.line} ${r.handler ?? '-'} ${r.framework}`,
      );
    expect(await routes('javalin')).toEqual([
      'GET /api/customers :23 CustomerController.getAll javalin',
      'POST /api/customers :23 CustomerController.create javalin',
      'DELETE /api/customers/{id} :23 CustomerController.delete javalin',
      'GET /api/customers/{id} :23 CustomerController.getOne javalin',
      'PATCH /api/customers/{id} :23 CustomerController.update javalin',
      'GET /api/orders :17 OrderController.list javalin',
      'POST /api/orders :18 OrderController.create javalin',
      'DELETE /api/orders/{id} :21 OrderController.cancel javalin',
      'GET /api/orders/{id} :20 OrderController.show javalin',
      'GET /health :27 - javalin',
    ]);
    // A route for every method under a wildcard (`/static/*`, a static handler's) is no endpoint.
    expect(await routes('vertx')).toEqual([
      'DELETE /admin/cache :18 ApiVerticle.clearCache vertx',
      'GET /api/orders :12 ApiVerticle.listOrders vertx',
      'POST /api/orders :13 ApiVerticle.createOrder vertx',
      'ALL /ping :15 - vertx',
    ]);
  });

  it("Bottle: routes on an app and on the default app's imported decorators, `method=` as a string or a list", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'bottle'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET /health app.py:18 health',
      'POST /login app.py:23 login',
      'GET /orders app.py:12 orders',
      'POST /orders app.py:12 orders',
      'GET /orders/<order_id:int> app.py:7 show_order',
      'DELETE /sessions/<token> app.py:28 logout',
    ]);
    expect(result.frameworks).toEqual(['bottle']);
  });

  it("Pyramid: add_route patterns (positional or `pattern=`), a route's `request_method` its methods", async () => {
    const { routes, frameworks } = await scanStack('pyramid');
    expect(routes).toEqual([
      'ALL / shop/__init__.py:6',
      'ALL /orders shop/__init__.py:7',
      'DELETE /orders/{id} shop/__init__.py:9',
      'GET /orders/{id} shop/__init__.py:9',
      'POST /orders/{id}/pay shop/__init__.py:8',
    ]);
    expect(frameworks).toEqual(['pyramid']);
  });

  it("restify: a server's routes, `del` its DELETE; the framework named", async () => {
    const { routes, frameworks } = await scanStack('restify');
    expect(routes).toEqual([
      'POST /orders server.js:11',
      'DELETE /orders/:id server.js:12',
      'GET /orders/:id server.js:7',
    ]);
    expect(frameworks).toEqual(['restify']);
  });

  it('Plug routers: verbs and `match … via:`, a router forwarded to under a path; the catch-all is no route', async () => {
    const { routes, frameworks } = await scanStack('plug');
    expect(routes).toEqual([
      'DELETE /api/users/:id lib/shop/users_router.ex:11',
      'GET /api/users/:id lib/shop/users_router.ex:7',
      'GET /health lib/shop/router.ex:7',
      'POST /orders lib/shop/router.ex:11',
    ]);
    expect(frameworks).toEqual(['plug']);
    // `via: :post` is an option, no handler.
    const scanned = await new Scanner().scan(path.join(stacks, 'plug'));
    expect(scanned.routes.find((r) => r.path === '/orders')?.handler).toBeUndefined();
  });

  it('Beego: Router with and without a method mapping, namespaces nested, functional routes', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'beego'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'ALL / routers/router.go:10 MainController',
        'GET /health routers/health.go:9 -',
        'GET /orders routers/router.go:11 OrderController.List',
        'POST /orders routers/router.go:11 OrderController.Save',
        'PUT /orders routers/router.go:11 OrderController.Save',
        'ALL /v1/shop/carts/:id routers/router.go:15 CartController.Any',
        'GET /v1/users routers/router.go:13 UserController.GetAll',
      ],
    );
    expect(result.frameworks).toEqual(['beego']);
  });

  it('config.ru: modular Sinatra and Grape apps mounted by `map` blocks and a Rack::URLMap, by class name', async () => {
    const { routes, frameworks } = await scanStack('rack');
    expect(routes).toEqual([
      'GET / app/web.rb:4',
      'GET /admin/stats app/web.rb:9',
      'GET /api/orders app/api.rb:4',
    ]);
    expect(frameworks).toEqual(['grape', 'sinatra']);
  });

  it('Starlette: Route lists under Mounts, `methods=`, convertors as parameters', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'starlette'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET / app.py:9 homepage',
      'POST /api/users app.py:12 create_user',
      'GET /api/users/{id} app.py:11 user',
    ]);
    expect(result.frameworks).toEqual(['starlette']);
  });

  it('Play: conf/routes lines and an included routes file under its path, `$id<regex>` as `:id`', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'play'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET / conf/routes:2 HomeController.index',
      'GET /api/orders/:id conf/api.routes:1 Orders.show',
      'GET /assets/*file conf/routes:6 Assets.versioned',
      'POST /clients conf/routes:4 Clients.create',
      'GET /clients/:id conf/routes:3 Clients.show',
    ]);
    expect(result.frameworks).toEqual(['play']);
  });

  it("FastEndpoints: an endpoint's Configure() verbs and routes under the app's RoutePrefix, handled by HandleAsync", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'fastendpoints'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'POST /api/users Features/CreateUser.cs:6 CreateUserEndpoint.HandleAsync',
      'GET /api/users/{id} Features/CreateUser.cs:13 GetUserEndpoint.HandleAsync',
    ]);
    expect(result.frameworks).toEqual(['aspnetcore', 'fastendpoints']);
  });

  it("net/http dispatched by hand: `if r.Method == … && r.URL.Path == path` (methods ORed, paths from a `var` block) and `switch r.URL.Path`, each branch's handler; no route from a middleware passing on, from a function checking one path or from a client's `http.Post`", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'go-dispatch'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'ALL / server/server.go:24 s.handleRoot',
        'ALL /app.html server/server.go:24 s.handleRoot',
        'DELETE /v1/account server/server.go:18 s.ensureUser(s.handleAccountDelete)',
        'POST /v1/account server/server.go:16 -',
        'PUT /v1/account server/server.go:16 -',
        'GET /v1/health server/server.go:13 s.handleHealth',
      ],
    );
  });

  it('net/http (Go 1.22 patterns): the method in the pattern; a handler written over lines is one line', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'net-http-patterns'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'POST /api/v1/tags server.go:8 toHandler(deps, handleCreateTag, logged...)',
      'GET /api/v1/tags/{id} server.go:7 withAuth(deps, handleGetTag)',
    ]);
    expect(result.frameworks).toEqual(['net/http']);
  });

  it('chi: a helper\'s routes under the paths each call hands it (`resource(r, "/album")`, through a helper passing its own on, joined into `"/rest/" + name`), `{unknown}` where a call hands none — never a constant of the parameter\'s name; a value read into a variable and a key without `/` are no routes', async () => {
    const { routes } = await scanStack('chi-helpers');
    expect(routes).toEqual([
      'GET /album api.go:19',
      'GET /api/playlist api.go:19',
      'GET /api/rest/getSong api.go:30',
      'GET /api/rest/getSong.view api.go:31',
      'GET /artist api.go:19',
      'GET /ping api.go:6',
      'GET /{unknown} api.go:19',
      'GET /{unknown} api.go:46',
    ]);
  });

  it('chi: a handler a helper registers from its parameter is the function value its caller hands over (through wrapping closures, as Navidrome registers Subsonic endpoints), at that call; a closure of its own, its lines; one no call binds, as written; a local variable holding a call’s result, that call', async () => {
    const result = await new Scanner().scan(path.join(stacks, '../flows/subsonic-go'));
    expect(
      result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line}-${r.endLine} ${r.handler}`),
    ).toEqual([
      'GET /bakers server/api.go:21-undefined listBakers',
      'ALL /feed server/api.go:26-undefined feeds.NewHandler(api.loaves)',
      'ALL /getLoaf server/api.go:18-undefined api.GetLoaf',
      'ALL /getLoaf.view server/api.go:18-undefined api.GetLoaf',
      'ALL /getLyrics server/api.go:51-53 undefined',
      'ALL /getLyrics.view server/api.go:51-53 undefined',
      'GET /health server/api.go:22-undefined api.Health',
      'GET /loaves server/api.go:20-undefined api.ListLoaves',
      'GET /orphan server/api.go:73-undefined fn',
      // A local variable holding a call's result is that call.
      'GET /ready server/api.go:25-undefined newProbe(api.loaves)',
    ]);
  });

  it('Huma: verb shorthands and huma.Operation literals (through a project wrapper of huma.Register) on the router an adapter made the API on, under a huma.NewGroup prefix handed to a function', async () => {
    const { routes, frameworks } = await scanStack('huma');
    expect(routes).toEqual([
      'DELETE /api/items/{id} main.go:29',
      'GET /api/items/{id} main.go:28',
      'GET /api/v2/shelves api/shelves.go:22',
      'POST /api/v2/shelves api/shelves.go:23',
    ]);
    expect(frameworks).toEqual(['chi', 'huma']);
  });

  it('Hertz: routes on the server and its groups, the framework named', async () => {
    const { routes, frameworks } = await scanStack('hertz');
    expect(routes).toEqual(['GET /ping main.go:11', 'POST /v1/orders main.go:13']);
    expect(frameworks).toEqual(['hertz']);
  });

  it("Echo: paths built by path.Join and fmt.Sprintf from the package's constants (each file's own where two packages share a name), {unknown} for what only run time knows; a store's Get is no route; xorm's tables", async () => {
    const { routes, frameworks, models } = await scanStack('echo-paths');
    // A struct of xorm columns is a table; one of `extends` and `-` fields only (a join's result)
    // is not, nor a migration's copy of a table.
    expect(models).toEqual(['Shift xorm']);
    expect(routes).toEqual([
      'GET /admin main.go:17',
      'GET /admin/login main.go:18',
      'POST /admin/reset/%d main.go:19',
      'GET /api/v{unknown}/lists main.go:20',
      'GET /staff/rota staff/routes.go:13',
      'GET /{unknown} main.go:23',
      'GET /{unknown}/:file main.go:21',
    ]);
    expect(frameworks).toEqual(['echo', 'xorm']);
  });

  it('FastAPI: prefixes from a settings default and a module constant; an unknowable one is said, not dropped', async () => {
    const { routes, models } = await scanStack('fastapi');
    expect(routes).toEqual([
      'GET /api/v1/orders/{order_id} app/api/orders.py:7',
      'GET /legacy/ping app/main.py:15',
      'GET /reports/daily app/main.py:26',
      'GET /{unknown}/orders/{order_id} app/api/orders.py:7',
    ]);
    expect(models).toEqual(['orders sql']);
  });

  it("FastAPI packages: each module's own `prefix` constant (two packages, two values), a project's `APIRouter` subclass taking its prefix", async () => {
    const { routes } = await scanStack('fastapi-packages');
    expect(routes).toEqual([
      'POST /api/recipes/bulk-actions/tag app/routes/recipes/bulk.py:6',
      'GET /api/recipes/{slug} app/routes/recipes/crud.py:6',
      'GET /api/validators/user/name app/routes/validators/checks.py:6',
    ]);
  });

  it("Gin: groups handed to functions and methods in other files and packages, `Match` with its methods; GORM structs, a struct embedding the package's base; a test's wiring ignored", async () => {
    const { routes, models, frameworks } = await scanStack('gin');
    expect(routes).toEqual([
      'GET /api/v1/carts shop/handler.go:8',
      'GET /api/v1/orders shop/routes.go:6',
      'POST /api/v1/orders/:id/items shop/items.go:6',
      'GET /healthz cmd/server/main.go:18',
      'GET /ping cmd/server/main.go:19',
      'HEAD /ping cmd/server/main.go:19',
      'GET /status shop/ping.go:12',
      'HEAD /status shop/ping.go:12',
    ]);
    // `Refund` embeds the package's base `Stamped` (gorm tags, no table of its own).
    expect(models).toEqual(['Order gorm', 'OrderItem gorm', 'Refund gorm']);
    // From go.mod's own requirements: its `// indirect` ones (echo, gRPC) are its dependencies'.
    expect(frameworks).toEqual(['gin', 'gorm']);
  });

  it("Django: include chains (a module and namespace tuple, patterns included in place or as a list the module names), url regexes, DRF routers with viewset actions (the project's base viewsets' too, `urlpatterns = router.urls`), view methods, function views' method decorators; inherited models", async () => {
    const { routes, models, frameworks } = await scanStack('django');
    expect(routes).toEqual([
      'ALL /admin shop/urls.py:20',
      // `urlpatterns = router.urls` (and `+= legacy.urls`); a viewset answering what the project's
      // base viewsets (in another module, one on another) answer, with their lookup field.
      'GET /api/stock/bins shop/stock/urls.py:11',
      'GET /api/stock/bins/<pk> shop/stock/urls.py:11',
      // A router another module registers, included through that module (`include(m.router.urls)`).
      'GET /api/stock/crates shop/stock/routers.py:7',
      'POST /api/stock/crates shop/stock/routers.py:7',
      'DELETE /api/stock/crates/<pk> shop/stock/routers.py:7',
      'GET /api/stock/crates/<pk> shop/stock/routers.py:7',
      'PATCH /api/stock/crates/<pk> shop/stock/routers.py:7',
      'PUT /api/stock/crates/<pk> shop/stock/routers.py:7',
      'GET /api/stock/shelves shop/stock/urls.py:6',
      'POST /api/stock/shelves shop/stock/urls.py:6',
      'GET /api/stock/shelves/<code> shop/stock/urls.py:6',
      'GET /api/stock/shelves/empty shop/stock/urls.py:6',
      'GET /api/v1/orders shop/orders/urls.py:8',
      'GET /api/v1/orders/<number> shop/orders/urls.py:8',
      'PUT /api/v1/orders/<number> shop/orders/urls.py:8',
      // An action's `url_path` is a regex, as a prefix is; `@drop_line.mapping.patch` adds a method.
      'DELETE /api/v1/orders/<number>/lines/<line_no> shop/orders/urls.py:8',
      'PATCH /api/v1/orders/<number>/lines/<line_no> shop/orders/urls.py:8',
      'POST /api/v1/orders/<number>/pay shop/orders/urls.py:8',
      'GET /api/v1/orders/<number>/refunds shop/orders/urls.py:12',
      'POST /api/v1/orders/<number>/refunds shop/orders/urls.py:12',
      'DELETE /api/v1/ping/<int:n> shop/orders/urls.py:13',
      'GET /api/v1/ping/<int:n> shop/orders/urls.py:13',
      // A mixin on a plain view routes nothing itself: the view's handlers answer.
      'GET /api/v1/returns shop/orders/urls.py:14',
      'POST /api/v1/returns shop/orders/urls.py:14',
      // A router's routes spread into patterns an include lists in place (`include([*v2.urls])`, beside other
      // patterns too), its viewset on a generic base (`ModelViewSet["Crate"]`).
      'GET /api/v2/crates shop/urls.py:8',
      'POST /api/v2/crates shop/urls.py:8',
      'DELETE /api/v2/crates/<pk> shop/urls.py:8',
      'GET /api/v2/crates/<pk> shop/urls.py:8',
      'PATCH /api/v2/crates/<pk> shop/urls.py:8',
      'PUT /api/v2/crates/<pk> shop/urls.py:8',
      'GET /api/v3/pallets shop/urls.py:10',
      'POST /api/v3/pallets shop/urls.py:10',
      'DELETE /api/v3/pallets/<pk> shop/urls.py:10',
      'GET /api/v3/pallets/<pk> shop/urls.py:10',
      'PATCH /api/v3/pallets/<pk> shop/urls.py:10',
      'PUT /api/v3/pallets/<pk> shop/urls.py:10',
      'ALL /api/v3/ping shop/urls.py:25',
      // `include(('shop.staff.urls', 'staff'))`, then a list of patterns included in place, and a
      // list the module names (`include(shift_urls)`), under each path that includes it.
      // A router spread into the module's own list: served once.
      'GET /hooks shop/urls.py:12',
      'POST /hooks shop/urls.py:12',
      'DELETE /hooks/<pk> shop/urls.py:12',
      'GET /hooks/<pk> shop/urls.py:12',
      'PATCH /hooks/<pk> shop/urls.py:12',
      'PUT /hooks/<pk> shop/urls.py:12',
      // Function views answer the methods their decorators allow (`@require_POST`,
      // `@require_http_methods([…])`), any without one.
      'POST /staff/clock-in shop/staff/urls.py:30',
      'ALL /staff/notes shop/staff/urls.py:32',
      'GET /staff/roster shop/staff/urls.py:31',
      'POST /staff/roster shop/staff/urls.py:31',
      'POST /staff/rota/<int:day> shop/staff/urls.py:22',
      'POST /staff/rota/<int:day>/swap shop/staff/urls.py:23',
      'POST /staff/session/login shop/staff/urls.py:12',
      'POST /staff/shifts/<int:day> shop/staff/urls.py:22',
      'POST /staff/shifts/<int:day>/swap shop/staff/urls.py:23',
    ]);
    // The abstract base is no table; a model of a model is one; an app's config class named like
    // a model is none.
    expect(models).toEqual(['Order django', 'Refund django', 'StockConfig django']);
    // From requirements.txt, the manifest, as well as from the code.
    expect(frameworks).toEqual(['django', 'django-rest-framework']);
  });

  it("Django with the project's own router (a DRF fork, as Taiga's): registrations in a routers module `urls.py` includes, DRF 3's `@detail_route`/`@list_route`", async () => {
    const { routes } = await scanStack('django-own-router');
    expect(routes).toEqual([
      'GET /api/v1/projects tracker/routers.py:6',
      'GET /api/v1/projects/<pk> tracker/routers.py:6',
      'POST /api/v1/projects/<pk>/star tracker/routers.py:6',
      'GET /api/v1/projects/by-slug tracker/routers.py:6',
    ]);
  });

  it("Rails: scope, namespace, resources with param/only/except, member and collection routes, Devise by the model's modules", async () => {
    const { routes, models, frameworks } = await scanStack('rails');
    expect(routes.map((r) => r.split(' config/')[0])).toEqual([
      'GET /',
      'GET /admin/reports',
      // `only: %i[index show]`: a symbol array literal lists the actions too.
      'GET /admin/reports/:id',
      'GET /admin/reports/daily',
      'GET /admin/stats',
      'GET /api/accounts/login',
      'POST /api/accounts/login',
      'DELETE /api/accounts/sign_out',
      'GET /api/shops',
      'GET /api/shops/:shop_slug/orders',
      'POST /api/shops/:shop_slug/orders',
      'DELETE /api/shops/:shop_slug/orders/:id',
      'GET /api/shops/:shop_slug/orders/:id',
      'POST /api/shops/:shop_slug/orders/:id/refund',
      'GET /api/shops/:shop_slug/owner',
      'GET /api/shops/:slug',
      'GET /api/shops/nearby',
      'GET /api/shops/top',
      'GET /login',
      'POST /shops/check-name',
    ]);
    // A schema.rb table and its model are one entity; a table with no model class is one too.
    // Abstract bases are no tables: ApplicationRecord (`primary_abstract_class`, Rails 7's) and a
    // second database's base (`self.abstract_class = true`).
    expect(models).toEqual(['Account activerecord', 'shops schema.rb']);
    expect(frameworks).toEqual(['rails']);
  });

  it('Rails: concerns nested where `concerns:` or `concerns` use them; files `draw` loads from config/routes/, under the scope each is drawn in, drawn files drawing others', async () => {
    const { routes } = await scanStack('rails-draw');
    expect(routes).toEqual([
      'GET /billing/invoices config/routes/billing.rb:2',
      'GET /billing/invoices/:id config/routes/billing.rb:2',
      'GET /billing/portal config/routes/billing.rb:3',
      'GET /menus config/routes.rb:12',
      'GET /menus/:menu_id/reviews config/routes.rb:3',
      'POST /menus/:menu_id/reviews config/routes.rb:3',
      'GET /partners/catalog config/routes/partner_api.rb:1',
      'POST /partners/hooks/:provider config/routes/partner_hooks.rb:1',
      'GET /recipes/:id config/routes.rb:10',
      'POST /recipes/:id/archive config/routes.rb:7',
      'GET /recipes/:recipe_id/reviews config/routes.rb:3',
      'POST /recipes/:recipe_id/reviews config/routes.rb:3',
    ]);
    const result = await new Scanner().scan(path.join(stacks, 'rails-draw'));
    const handlerOf = (p: string) => result.routes.find((r) => r.path === p)?.handler;
    expect(handlerOf('/billing/portal')).toBe('billing/portal#show');
    expect(handlerOf('/recipes/:id/archive')).toBe('recipes#archive');
  });

  it('Sinatra: classic and modular apps, blocks with `do` or braces, sinatra-contrib namespaces; each route its block’s lines; not a call with a receiver or in a file without Sinatra', async () => {
    const { routes, frameworks } = await scanStack('sinatra');
    expect(routes).toEqual([
      'GET / app.rb:3',
      'DELETE /admin/cache lib/bakery_api.rb:14',
      'POST /admin/ovens lib/bakery_api.rb:12',
      'GET /loaves/:id lib/bakery_api.rb:7',
    ]);
    expect(frameworks).toEqual(['sinatra']);
    const scanned = await new Scanner().scan(path.join(stacks, 'sinatra'));
    expect(scanned.routes.find((r) => r.path === '/loaves/:id')?.endLine).toBe(9);
  });

  it('Rails: each route names the controller action that serves it (a namespace’s module included, hash-rocket and root forms too, a path of two segments or more with no `to:` by its own words), Devise routes their Devise controller', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'rails'));
    const handlers = Object.fromEntries(result.routes.map((r) => [`${r.method} ${r.path}`, r.handler]));
    expect(handlers).toMatchObject({
      'POST /api/accounts/login': 'devise/sessions#create',
      'DELETE /api/accounts/sign_out': 'devise/sessions#destroy',
      'GET /api/shops/:shop_slug/orders': 'orders#index',
      'POST /api/shops/:shop_slug/orders/:id/refund': 'orders#refund',
      'GET /api/shops/nearby': 'shops#nearby',
      'GET /api/shops/top': 'shops#top',
      'GET /admin/stats': 'admin/stats#index',
      'GET /admin/reports': 'admin/reports#index',
      'GET /login': 'sessions#new',
      'GET /': 'home#index',
      // Rails' shorthand: the last segment is the action, the ones before it the controller.
      'POST /shops/check-name': 'shops#check_name',
      'GET /admin/reports/daily': 'admin/reports#daily',
    });
  });

  it('Laravel: route files mounted by withRouting and by a provider (its facade aliased, its prefix from config), groups, prefixes, match, resources, view and redirect routes; Eloquent and migrations', async () => {
    const { routes, models, frameworks } = await scanStack('laravel');
    expect(routes.map((r) => r.replace(/:\d+$/, ''))).toEqual([
      'GET / routes/web.php',
      'GET /admin/stats routes/admin.php',
      'GET /api/v1/invoices routes/api.php',
      'PATCH /api/v1/shop/cart routes/api.php',
      'PUT /api/v1/shop/cart routes/api.php',
      'GET /api/v1/shop/me/orders routes/api.php',
      'GET /api/v1/shop/me/orders/{order} routes/api.php',
      'GET /api/v1/shop/orders/{order}/lines routes/api.php',
      'POST /api/v1/shop/orders/{order}/lines routes/api.php',
      'DELETE /api/v1/shop/orders/{order}/lines/{line} routes/api.php',
      'GET /api/v1/shop/orders/{order}/lines/{line} routes/api.php',
      'POST /api/v1/shop/orders/{order}/pay routes/api.php',
      'GET /api/v1/shop/orders/{order}/refunds routes/api.php',
      'GET /api/v1/shop/orders/{order}/refunds/{refund} routes/api.php',
      'GET /api/v1/shop/receipts/{order} routes/api.php',
      'ALL /home routes/web.php',
      // A provider's `Route` facade under another name; prefixes from `config()` and `env()`.
      'GET /partners/feed routes/partner.php',
      'GET /portal/invoices routes/portal.php',
      'GET /rules routes/web.php',
      'GET /up bootstrap/app.php',
      // Route files a group's closure requires, under that group's prefix (a nested group's, its own).
      'GET /v2/beta/labs routes/beta.php',
      'GET /v2/shelves routes/v2.php',
    ]);
    // Models extending the project's abstract `Entity` (in other files, through two levels) are
    // models; an abstract one (`Entity`, `Listing extends Book`) is none.
    expect(models).toEqual([
      'Order eloquent shop_orders',
      'Book eloquent',
      'Draft eloquent',
      'Shelf eloquent bookshelves',
      'order_lines migration',
    ]);
    expect(frameworks).toEqual(['laravel']);
    // Each route names its action as Laravel does, however the action is written.
    const scanned = await new Scanner().scan(path.join(stacks, 'laravel'));
    const handlerOf = (p: string) => scanned.routes.find((r) => r.path === p)?.handler;
    expect(handlerOf('/api/v1/shop/cart')).toBe('CartController@update');
    expect(handlerOf('/api/v1/shop/orders/{order}/pay')).toBe('OrderController@pay');
    expect(handlerOf('/api/v1/shop/receipts/{order}')).toBe('ShowReceipt@__invoke');
    expect(handlerOf('/api/v1/invoices')).toBe('InvoiceController@index');
  });

  it("Symfony: attribute and docblock routes under their class's route and the routing config's imports and prefixes, YAML routes, FOSRest verbs, invokable controllers; Doctrine entities either way", async () => {
    const { routes, models, frameworks } = await scanStack('symfony');
    expect(routes).toEqual([
      'ALL /feed.xml config/routes.yaml:14',
      'GET /internal/audit/entries src/Backoffice/AuditController.php:16',
      'POST /internal/audit/entries/{id}/ack src/Backoffice/AuditController.php:24',
      'GET /shop/orders src/Controller/OrderController.php:18',
      'ALL /shop/orders/export src/Controller/OrderController.php:37',
      'GET /shop/orders/page/{page} src/Controller/OrderController.php:19',
      'GET /shop/orders/{id} src/Controller/OrderController.php:25',
      'DELETE /shop/orders/{id}/cancel src/Controller/OrderController.php:31',
      'POST /shop/orders/{id}/cancel src/Controller/OrderController.php:31',
      'PUT /shop/warehouse/restock/{sku} src/Controller/Warehouse/RestockController.php:12',
      'GET /status/{format} config/routes.yaml:9',
      'HEAD /status/{format} config/routes.yaml:9',
    ]);
    expect(models).toEqual(['Customer doctrine customers', 'PurchaseOrder doctrine purchase_orders']);
    expect(frameworks).toEqual(['doctrine', 'symfony']);
    const scanned = await new Scanner().scan(path.join(stacks, 'symfony'));
    const handlerOf = (p: string) => scanned.routes.find((r) => r.path === p)?.handler;
    expect(handlerOf('/shop/warehouse/restock/{sku}')).toBe('RestockController::__invoke');
    expect(handlerOf('/feed.xml')).toBe('FeedController::rss');
    expect(handlerOf('/shop/orders/{id}')).toBe('OrderController::show');
    // Mapped properties only: a property without a Doctrine attribute or annotation is no column.
    expect(scanned.models.map((m) => m.fields)).toEqual([
      ['id', 'email'],
      ['id', 'reference', 'customer'],
    ]);
  });

  it("ASP.NET Core: attribute routes with tokens, absolute and action templates, a base controller's `[Route]` inherited; minimal API groups, top-level and in a method; UsePathBase; EF Core DbSets", async () => {
    const { routes, models, frameworks } = await scanStack('aspnet');
    expect(routes.map((r) => r.replace(/ Shop\/.*$/, ''))).toEqual([
      'GET /shop/api/Orders',
      'POST /shop/api/Orders/Cancel',
      'GET /shop/api/Orders/{id:int}',
      // Routed by the `[Route]` of the project's base controller, also through a base between, an
      // action without a template of its own at the controller's route.
      'GET /shop/api/Shelves',
      'GET /shop/api/Shelves/{id}',
      'POST /shop/api/StockAudit/run',
      'POST /shop/api/audits',
      'POST /shop/api/authenticate',
      'GET /shop/api/reports',
      'GET /shop/api/v1/ping',
      'GET /shop/health/live',
      'DELETE /shop/legacy/orders/{id}',
    ]);
    expect(models).toEqual(['Order efcore', 'OrderLine efcore']);
    expect(frameworks).toEqual(['aspnetcore', 'efcore']);
  });

  it("Slim: routes on the app and in groups (nested, under their prefixes), `map` and its methods, FastRoute's `{name:regex}` parameters, actions as invokable classes, callable strings and arrays; a settings object's `get('key')` is no route", async () => {
    const { routes, frameworks } = await scanStack('slim');
    expect(routes).toEqual([
      'GET / app/routes.php:13',
      'GET /shelves app/routes.php:18',
      'GET /shelves/{id} app/routes.php:19',
      'PATCH /shelves/{id} app/routes.php:20',
      'PUT /shelves/{id} app/routes.php:20',
      'DELETE /shelves/{id}/bins/{bin} app/routes.php:22',
      'OPTIONS /{routes} public/index.php:13',
    ]);
    expect(frameworks).toEqual(['slim']);
    const scanned = await new Scanner().scan(path.join(stacks, 'slim'));
    expect(scanned.routes.map((r) => r.handler ?? '-')).toEqual([
      '-',
      'ListShelvesAction',
      'ViewShelfAction',
      'ShelfController::update',
      'ShelfController::update',
      'BinController::remove',
      '-',
    ]);
  });

  it("API Platform: each resource's operations (3.2+ defaults without PUT, API Platform 2's annotation defaults with it), at their `uriTemplate`, the resource's, or the path the short name makes (pluralised by an inflector), under `routePrefix` and the routing config's `type: api_platform` prefix", async () => {
    const { routes, models } = await scanStack('api-platform');
    expect(routes).toEqual([
      'GET /api/bakery_categories src/Entity/BakeryCategory.php:10',
      'POST /api/bakery_categories src/Entity/BakeryCategory.php:10',
      'DELETE /api/bakery_categories/{id} src/Entity/BakeryCategory.php:10',
      'GET /api/bakery_categories/{id} src/Entity/BakeryCategory.php:10',
      'PATCH /api/bakery_categories/{id} src/Entity/BakeryCategory.php:10',
      'GET /api/ovens/{ovenId}/loaves src/Entity/Loaf.php:26',
      'GET /api/shelves src/ApiResource/Shelf.php:9',
      'GET /api/shop/breads src/Entity/Loaf.php:18',
      'GET /api/shop/breads/{id} src/Entity/Loaf.php:19',
      'PUT /api/shop/breads/{id} src/Entity/Loaf.php:20',
      'GET /api/trays src/ApiResource/Tray.php:10',
      'DELETE /api/trays/{id} src/ApiResource/Tray.php:10',
      'GET /api/trays/{id} src/ApiResource/Tray.php:10',
      'PUT /api/trays/{id} src/ApiResource/Tray.php:10',
    ]);
    // A quoted table name is the table's name.
    expect(models).toEqual(['BakeryCategory doctrine category', 'Loaf doctrine']);
  });

  it('ASP.NET MVC: actions without route attributes served where conventional routes put them — defaults left out of the path, optional parameters kept only for actions taking them, areas, fixed route values, slugify; an API controller never by convention', async () => {
    const { routes } = await scanStack('aspnet-mvc');
    expect(routes).toEqual([
      'ALL / Controllers/HomeController.cs:7',
      'ALL /Backstage Areas/Backstage/Controllers/DashboardController.cs:8',
      'ALL /Backstage/Dashboard/Bakers/{id?} Areas/Backstage/Controllers/DashboardController.cs:10',
      'GET /api/ovens Controllers/Api/OvenController.cs:9',
      'POST /home/contact Controllers/HomeController.cs:11',
      'ALL /home/privacy Controllers/HomeController.cs:9',
      'ALL /order-history Controllers/OrderHistoryController.cs:7',
      'ALL /recipes/archive Controllers/RecipesController.cs:9',
      'ALL /recipes/feed.xml Controllers/RecipesController.cs:11',
      'ALL /recipes/read Controllers/RecipesController.cs:7',
      'ALL /recipes/{*slug} Controllers/RecipesController.cs:7',
    ]);
    const scanned = await new Scanner().scan(path.join(stacks, 'aspnet-mvc'));
    expect(scanned.routes.find((r) => r.path === '/recipes/archive')?.handler).toBe(
      'RecipesController.ArchiveAsync',
    );
  });

  it('actix-web: scopes, resources, a configure function mounted under a scope in another file, attribute routes; Diesel tables; not the routes of a `#[cfg(test)]` module', async () => {
    const { routes, models, frameworks } = await scanStack('actix');
    expect(routes).toEqual([
      'GET /api/orders src/routes/orders.rs:6',
      'DELETE /api/orders/{id} src/routes/orders.rs:7',
      'PUT /api/orders/{id} src/routes/orders.rs:7',
      'GET /healthz src/routes/orders.rs:11',
    ]);
    expect(models).toEqual(['orders diesel', 'order_lines diesel']);
    expect(frameworks).toEqual(['actix-web', 'diesel']);
  });

  it('axum: routers built by functions, nested and merged across modules that share the function name; verbs chained on one path', async () => {
    const { routes, frameworks } = await scanStack('axum');
    expect(routes).toEqual([
      'GET /api/orders src/api/orders.rs:7',
      'POST /api/orders src/api/orders.rs:7',
      'GET /api/orders/:id src/api/orders.rs:12',
      'GET /healthz src/health.rs:4',
    ]);
    expect(frameworks).toEqual(['axum', 'sqlx']);
  });

  it("Rocket: attribute routes mounted with routes![…] under the mount's prefix, the query part left out", async () => {
    const { routes, frameworks } = await scanStack('rocket');
    expect(routes).toEqual([
      'GET /api/orders src/orders.rs:4',
      'GET /api/orders/<id> src/orders.rs:9',
      'GET /healthz src/main.rs:6',
    ]);
    expect(frameworks).toEqual(['rocket']);
  });

  it('Kotlin/Spring, read as text: controllers and the interfaces they implement, the context path; comments and strings (raw ones too) hold no code', async () => {
    const { routes, models, frameworks } = await scanStack('kotlin');
    expect(routes.map((r) => r.replace(/ src\/main\/kotlin\/shop\//, ' '))).toEqual([
      'POST /shop/carts Orders.kt:27',
      'DELETE /shop/carts/note Orders.kt:35',
      'PATCH /shop/carts/note Orders.kt:32',
      'POST /shop/orders/legacy Orders.kt:12',
      'GET /shop/orders/{id} Orders.kt:9',
      'GET /shop/receipts Orders.kt:48',
    ]);
    expect(models).toEqual(['Order jpa purchase_orders']);
    expect(frameworks).toEqual(['jpa', 'spring']);
  });

  it('Ktor, read as text: route blocks, verbs with and without a path, extension functions adding routes where routing or install(Routing) calls them; Exposed tables', async () => {
    const { routes, models, frameworks } = await scanStack('ktor');
    expect(routes.map((r) => r.replace(/ src\/main\/kotlin\/shop\//, ' '))).toEqual([
      'GET /api/orders OrderRoutes.kt:14',
      'POST /api/orders OrderRoutes.kt:15',
      'DELETE /api/orders/{id} OrderRoutes.kt:21',
      'GET /api/orders/{id} OrderRoutes.kt:19',
      'GET /v1/healthz OrderRoutes.kt:28',
    ]);
    expect(models).toEqual(['Orders exposed orders']);
    expect(frameworks).toEqual(['exposed', 'ktor']);
    // A route's block is its handler: where it closes, the handler's lines end.
    const scanned = await new Scanner().scan(path.join(stacks, 'ktor'));
    expect(scanned.routes.find((r) => r.method === 'POST')?.endLine).toBe(17);
  });

  it('JAX-RS (Quarkus): @Path resources and method @Path under the HTTP root and the REST path from application.properties', async () => {
    const { routes, frameworks } = await scanStack('quarkus');
    expect(routes.map((r) => r.replace(/ src\/main\/java\/shop\//, ' '))).toEqual([
      'GET /shop/api/orders OrderResource.java:13',
      'POST /shop/api/orders OrderResource.java:18',
      'DELETE /shop/api/orders/{id} OrderResource.java:29',
      'GET /shop/api/orders/{id} OrderResource.java:23',
    ]);
    expect(frameworks).toEqual(['jax-rs', 'quarkus']);
  });

  it('Micronaut, Kotlin read as text: @Controller paths and @Get/@Post under the context path from application.yml', async () => {
    const { routes, models, frameworks } = await scanStack('micronaut');
    expect(routes.map((r) => r.replace(/ src\/main\/kotlin\/shop\//, ' '))).toEqual([
      'GET /v2/orders OrderController.kt:10',
      'POST /v2/orders OrderController.kt:13',
      'GET /v2/orders/{id} OrderController.kt:16',
    ]);
    expect(models).toEqual(['Order micronaut-data purchase_orders']);
    expect(frameworks).toEqual(['micronaut']);
  });

  it('Phoenix, read as text: scopes (also over a comprehension’s values), resources with only/except and nested blocks, live routes, no dev/test-only routes; handlers under the modules their scopes alias; Ecto schemas', async () => {
    const { routes, models, frameworks } = await scanStack('phoenix');
    expect(routes.map((r) => r.replace(/ lib\/shop_web\/router\.ex/, ''))).toEqual([
      'GET /admin/orders:40',
      'GET /api/orders:12',
      'GET /api/orders/:id:12',
      'GET /api/orders/:order_id/lines:13',
      'POST /api/orders/:order_id/lines:13',
      'DELETE /api/orders/:order_id/lines/:id:13',
      'GET /api/orders/:order_id/lines/:id:13',
      'POST /api/orders/:order_id/pay:14',
      'GET /api/stock:27',
      'GET /api/stores/:store/stock:27',
      'GET /api/v2/ping:18',
      'GET /dashboard:22',
    ]);
    expect(models).toEqual(['oauth_clients ecto', 'orders ecto']);
    expect(frameworks).toEqual(['ecto', 'phoenix']);
    // A resource's routes name the controller's action, as its verbs do: what flows start from.
    const { routes: read, models: schemas } = await new Scanner().scan(path.join(stacks, 'phoenix'));
    // Code names a table by its schema's module: `Repo.get(Client, id)`.
    expect(schemas.find((m) => m.name === 'oauth_clients')?.aliases).toEqual(['Client']);
    expect(read.slice(1, 4).map((r) => r.handler)).toEqual([
      'ShopWeb.OrderController.index',
      'ShopWeb.OrderController.show',
      'ShopWeb.LineController.index',
    ]);
    expect(read.find((r) => r.path === '/api/orders/:order_id/pay')?.handler).toBe(
      'ShopWeb.OrderController.pay',
    );
    // Nested scopes' aliases join; a scope without one (`scope prefix do`) keeps the outer's.
    expect(read.find((r) => r.path === '/admin/orders')?.handler).toBe('ShopWeb.Admin.OrderController.index');
    expect(read.find((r) => r.path === '/api/stock')?.handler).toBe('ShopWeb.API.StockController.index');
    expect(read.find((r) => r.path === '/dashboard')?.handler).toBe('DashboardLive');
  });

  it('Fastify: route objects in plugins, a plugin function held in a const and exported, registered with a prefix', async () => {
    const { routes, frameworks } = await scanStack('fastify-plugins');
    expect(routes).toEqual([
      'GET /api/orders src/routes/orders.ts:5',
      'GET /api/users src/routes/users.ts:4',
      'POST /api/users/:id src/routes/users.ts:5',
      'PUT /api/users/:id src/routes/users.ts:5',
    ]);
    expect(frameworks).toEqual(['fastify']);
  });

  it("Fastify's @fastify/autoload: each plugin under the options' prefix and its folders' names, `_id` folders as parameters, a plugin's autoPrefix or prefixOverride, an index file's siblings not loaded; the folder as `join(import.meta.dirname, …)` or a template on a local `__dirname`, folder names off", async () => {
    const { routes, frameworks } = await scanStack('fastify-autoload');
    expect(routes).toEqual([
      'GET /admin/list src/admin-routes/users/list.ts:4',
      'GET /api/health src/routes/health.ts:4',
      'GET /api/orders src/routes/orders/index.ts:4',
      'POST /api/orders src/routes/orders/index.ts:5',
      'GET /api/orders/:id/lines src/routes/orders/_id/lines.ts:4',
      'GET /api/stats/daily src/routes/reports/index.js:2',
      'GET /legacy src/routes/orders/legacy.ts:5',
      'GET /ping src/routes/internal/index.js:2',
    ]);
    expect(frameworks).toEqual(['fastify']);
  });

  it("Express + Knex: a controller module's methods as handlers, each link of a chain at its own line; Knex migrations' tables as models with their columns", async () => {
    const app = path.join(stacks, '../flows/express-knex');
    const result = await new Scanner().scan(app);
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`)).toEqual([
      'GET /bins src/routes.js:8 BinController.index',
      'POST /bins src/routes.js:9 BinController.create',
    ]);
    expect(result.models.map((m) => `${m.name} ${m.orm} ${m.file}:${m.line} ${m.fields?.join(',')}`)).toEqual(
      [
        'bins knex src/database/migrations/20240101000000_create_bins.js:2 id,label,shelf_id,created_at,updated_at',
      ],
    );
    expect(result.frameworks).toEqual(['express', 'knex']);
  });

  it("Flask app factory: a blueprint made in its package's __init__ and imported by the module declaring its routes, registered with url_prefix inside create_app (in place of the blueprint's own), or under its own; Flask-SQLAlchemy models with mixins before db.Model", async () => {
    const { routes, models } = await scanStack('flask-factory');
    expect(routes).toEqual([
      'GET / app/main/routes.py:4',
      'GET /auth/login app/auth/routes.py:4',
      'POST /auth/login app/auth/routes.py:4',
      'GET /shop/cart app/shop.py:6',
    ]);
    expect(models).toEqual(['Member sqlalchemy']);
    const member = (await new Scanner().scan(path.join(stacks, 'flask-factory'))).models[0];
    // `token: str = ''` is a plain class attribute; `Mapped[…]` ones are columns.
    expect(member?.fields).toEqual(['id', 'email']);
  });

  it('Python beyond FastAPI, Flask and Django: aiohttp (route tables, router calls — in a `setup_routes` module importing only its views too —, sub-apps a function makes), Sanic (blueprint groups), Litestar (controllers, routers, handler lists), Tornado (handler lists, methods from the handler class), Falcon (responders)', async () => {
    const { routes, frameworks } = await scanStack('python-web');
    expect(routes.map((r) => r.replace(/ \S+:\d+$/, ''))).toEqual([
      'GET /',
      'DELETE /admin/cache',
      'GET /admin/stats',
      'GET /api/bins',
      'POST /api/bins',
      'GET /api/shelves/<shelf_id:int>',
      'GET /bakers',
      'POST /bakers',
      'GET /health',
      'GET /healthz',
      'GET /ovens/<oven_id>',
      'PUT /ovens/<oven_id>',
      'GET /ping',
      'GET /stock',
      'POST /stock/{sku}/reserve',
      'DELETE /trays/{tray_id}',
      'GET /trays/{tray_id}',
      'POST /v1/recipes',
      'GET /v1/recipes/{recipe_id:int}',
    ]);
    expect(frameworks).toEqual(['aiohttp', 'falcon', 'litestar', 'sanic', 'tornado']);
    const scanned = await new Scanner().scan(path.join(stacks, 'python-web'));
    const handlerOf = (p: string) => scanned.routes.find((r) => r.path === p)?.handler;
    expect(handlerOf('/v1/recipes')).toBe('RecipeController.create');
    expect(handlerOf('/trays/{tray_id}')).toBe('TrayResource');
    expect(handlerOf('/ovens/<oven_id>')).toBe('OvenHandler');
  });

  it('SQLModel: a `table=True` class is a model, with the fields its bases in the file declare; its schemas are not', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'fastapi-sqlmodel'));
    expect(result.models.map((m) => `${m.name} ${m.orm} ${m.fields?.join(',')}`)).toEqual([
      'Shelf sqlmodel label,active,id',
    ]);
  });

  it("Koa with koa-router: `del` routes, routers exported and mounted as `router.routes()`, nested under `use('/api', …)`; chained Knex `createTable`s", async () => {
    const { routes, models, frameworks } = await scanStack('koa-router');
    expect(routes).toEqual([
      'GET /api/bakers src/routes/bakers.js:6',
      'DELETE /api/bakers/:id src/routes/bakers.js:7',
    ]);
    expect(models.sort()).toEqual(['bakers knex', 'loaves knex']);
    expect(frameworks).toEqual(['knex', 'koa']);
  });

  it("Koa apps under koa-mount's prefixes, routers passed on by a folder's `export { default } from`; sequelize-typescript's `@Table` classes and Objection's models, not a front end's `Model` class", async () => {
    const { routes, models, frameworks } = await scanStack('koa-mount');
    expect(routes).toEqual([
      'POST /api/shelves.create server/api/shelves/shelves.ts:9',
      'POST /api/shelves.list server/api/shelves/shelves.ts:5',
      'GET /auth/redirect server/auth.ts:7',
      'GET /robots.txt server/pages.ts:7',
    ]);
    expect(models.sort()).toEqual(['Loaf objection loaves', 'Shelf sequelize shelves']);
    expect(frameworks).toEqual(['koa', 'objection', 'sequelize']);
  });

  it("hapi with Glue: a manifest's plugins under their `routes.prefix`, found by path whatever `relativeTo` is; route tables a plugin's function returns, served by `server.route(Routes(server))`; `{ name, register }` plugins", async () => {
    const { routes, frameworks } = await scanStack('hapi-glue');
    expect(routes).toEqual([
      'GET /api/v1/loaves lib/plugins/shop/routes.js:4',
      'PATCH /api/v1/loaves/{id} lib/plugins/shop/routes.js:9',
      'PUT /api/v1/loaves/{id} lib/plugins/shop/routes.js:9',
      'GET /healthz lib/plugins/health/index.js:4',
    ]);
    expect(frameworks).toEqual(['hapi']);
    const scanned = await new Scanner().scan(path.join(stacks, 'hapi-glue'));
    expect(scanned.routes.find((r) => r.path === '/api/v1/loaves')?.handler).toBe('handlers.list');
  });

  it("Express: routers mounted in a loop over a table of `{ path, route }` rows (forEach or for…of), each under its row's path", async () => {
    const { routes } = await scanStack('express-route-table');
    expect(routes).toEqual([
      'GET /v1/bins src/routes/v1/bin.route.js:5',
      'GET /v1/docs src/routes/v1/docs.route.js:5',
      'GET /v1/shelves src/routes/v1/shelf.route.js:5',
    ]);
  });

  it("ASP.NET Razor Pages by their place under Pages/ (areas, Index, the directive's template, an absolute one) with the methods their PageModel handles; Blazor components' @page routes; a class whose actions carry [HttpPost] is a controller whatever its base", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'aspnet-razor'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'GET / Pages/Index.cshtml:1 IndexModel.OnGet',
        'GET /Basket/{handler?} Pages/Basket/Index.cshtml:1 IndexModel.OnGetAsync',
        'POST /Basket/{handler?} Pages/Basket/Index.cshtml:1 IndexModel.OnPostUpdateAsync',
        'GET /Identity/Account/Login Areas/Identity/Pages/Account/Login.cshtml:1 LoginModel.OnGetAsync',
        'POST /Identity/Account/Login Areas/Identity/Pages/Account/Login.cshtml:1 LoginModel.OnPostAsync',
        'GET /about-us Pages/About.cshtml:1 -',
        'POST /api/authenticate Endpoints/Authenticate.cs:6 Authenticate.HandleAsync',
        'PAGE /counter Pages/Counter.razor:1 -',
        'PAGE /counter/{start:int} Pages/Counter.razor:2 -',
      ],
    );
    expect(result.frameworks).toEqual(['aspnetcore', 'blazor']);
  });

  it("NestJS: @Controller's options form, URI versioning (controller, @Version lists, VERSION_NEUTRAL) after a global prefix read from a registerAs config through ConfigService, its exclude list; TypeORM and @nestjs/mongoose model classes", async () => {
    const { routes, models } = await scanStack('nest-versioned');
    // TypeORM's `@Entity({ name })` names its table; @nestjs/mongoose's `@Schema()` classes are models.
    expect(models).toEqual(['ShelfEntity typeorm shelf', 'BinSchemaClass mongoose']);
    expect(routes).toEqual([
      'GET / src/home/home.controller.ts:5',
      'GET /api/shelves/health src/shelves/shelves.controller.ts:16',
      'GET /api/v1/shelves src/shelves/shelves.controller.ts:5',
      'POST /api/v2/shelves src/shelves/shelves.controller.ts:10',
      'POST /api/v3/shelves src/shelves/shelves.controller.ts:10',
    ]);
  });

  it('chi: routers made and returned by functions and methods, mounted where their result is (through a package, a value made by a package, a field of this package’s type)', async () => {
    const { routes, models, frameworks } = await scanStack('chi-mount');
    // Bun's structs: by an embedded `bun.BaseModel` or `bun:"…"` tags; a JSON body is none.
    expect(models).toEqual(['Shelf bun shelves', 'Bin bun']);
    expect(frameworks).toEqual(['bun', 'chi']);
    expect(routes).toEqual([
      'GET /admin/shelves api/admin/shelves.go:13',
      'DELETE /admin/shelves/{shelfID} api/admin/shelves.go:15',
      'GET /api/profile api/app/api.go:12',
      // BinResource's router() is mounted nowhere.
      'GET /bins api/admin/bins.go:14',
      'GET /healthz api/api.go:17',
    ]);
  });

  it('Express and Fastify paths written with constants, dotenv defaults and expressions: resolved where the project says, {unknown} where not, never dropped; routers handed to the functions that declare their routes', async () => {
    const { routes } = await scanStack('express-prefixes');
    expect(routes).toEqual([
      'GET /admin/stats src/app.js:9',
      'GET /api/v1/orders src/routes/orders.js:3',
      'GET /api/v1/orders/recent src/routes/orders.js:4',
      'GET /health src/routes/health.js:2',
      'GET /inventory/levels src/routes/stock.js:2',
      'GET /legacy/orders src/routes/legacy.js:2',
      'DELETE /{unknown}/orders/:id src/plugin.js:3',
    ]);
  });

  it('Next.js pages-router API handlers: each method at the branch that answers it (`if (req.method === …)`, ORed methods, `switch (req.method)`, a guard refusing all but one), every method where none is told', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'nextjs-pages-api'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line}-${r.endLine ?? ''}`)).toEqual([
      'ALL /api/health pages/api/health.ts:1-',
      'GET /api/links pages/api/links/index.ts:5-7',
      'POST /api/links pages/api/links/index.ts:7-9',
      'PUT /api/links pages/api/links/index.ts:7-9',
      'DELETE /api/links/[id] pages/api/links/[id].ts:5-7',
      'GET /api/links/[id] pages/api/links/[id].ts:3-4',
      'POST /api/verify pages/api/verify.ts:2-6',
    ]);
  });

  it('SvelteKit: pages, endpoints by their exported methods, each at its function (fallback: any other), form actions as POST at their object; groups leave the path', async () => {
    const { routes, frameworks } = await scanStack('sveltekit');
    expect(routes).toEqual([
      'PAGE / src/routes/+page.svelte:1',
      'GET /api/orders src/routes/api/orders/+server.ts:3',
      'POST /api/orders src/routes/api/orders/+server.ts:7',
      'ALL /api/orders/[id] src/routes/api/orders/[id]/+server.ts:1',
      'DELETE /api/orders/[id] src/routes/api/orders/[id]/+server.ts:3',
      'PAGE /orders/[id] src/routes/(shop)/orders/[id]/+page.svelte:1',
      // The form actions' object, not the page's `load` above it.
      'POST /orders/[id] src/routes/(shop)/orders/[id]/+page.server.ts:6',
    ]);
    expect(frameworks).toContain('sveltekit');
  });

  it('Nuxt: server/api routes with the method in their name, server/routes, app/pages with index folders', async () => {
    const { routes, frameworks } = await scanStack('nuxt');
    expect(routes).toEqual([
      'PAGE / app/pages/index.vue:1',
      'GET /api/orders server/api/orders/index.get.ts:1',
      'DELETE /api/orders/[id] server/api/orders/[id].delete.ts:1',
      'ALL /healthz server/routes/healthz.ts:1',
      'PAGE /orders/[id] app/pages/orders/[id]/index.vue:1',
    ]);
    expect(frameworks).toContain('nuxt');
  });

  it('TypeScript decorator controllers beside Nest: routing-controllers, inversify-express-utils and tsoa, each under its own prefix', async () => {
    const { routes, frameworks } = await scanStack('ts-decorators');
    expect(routes).toEqual([
      'GET /api/orders src/OrderController.ts:5',
      'POST /api/orders src/OrderController.ts:10',
      'GET /api/orders/:id src/OrderController.ts:15',
      'GET /users/{userId} src/UsersController.ts:5',
      'GET /v1/health src/HealthController.ts:5',
    ]);
    expect(frameworks).toEqual(['express', 'inversify-express-utils', 'routing-controllers', 'tsoa']);
  });

  it('Elysia and Hono chains: routes on the factory chain, groups, plugins used with their prefixes, a router built by a function', async () => {
    const { routes, frameworks } = await scanStack('elysia');
    expect(routes).toEqual([
      'GET /api/health src/index.ts:6',
      'GET /api/invoices src/invoices.ts:5',
      'GET /api/orders src/index.ts:9',
      'POST /api/orders/:id/pay src/index.ts:9',
      'GET /api/users src/users.ts:4',
      'POST /api/users src/users.ts:5',
      'GET /books src/books.ts:4',
      'POST /books src/books.ts:4',
    ]);
    expect(frameworks).toEqual(['elysia', 'hono']);
  });

  it('GraphQL in JS/TS: root fields of SDL files and schema templates (renamed roots followed), served by resolver maps, @Resolver classes, Pothos and Nexus builders', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'graphql-js'));
    expect(
      result.routes.map(
        (r) =>
          `${r.method} ${r.path} ${r.file}:${r.line}${r.declaredIn ? ` (declared ${r.declaredIn})` : ''} ${r.handler ?? '-'}`,
      ),
    ).toEqual([
      'MUTATION addAuthor src/builders/pothos.ts:8 Mutation.addAuthor',
      'QUERY catalogue src/builders/pothos.ts:5 Query.catalogue',
      // A field named like an Object.prototype member is a field like any other.
      'QUERY constructor src/schema/library.graphql:14 -',
      'QUERY fineTotal src/builders/nexus.ts:7 Query.fineTotal',
      'QUERY fines src/builders/nexus.ts:6 Query.fines',
      'MUTATION lendBook src/schema/resolvers.ts:5 (declared src/schema/library.graphql:18) Mutation.lendBook',
      'SUBSCRIPTION loanReturned src/schema/resolvers.ts:8 (declared src/schema/typedefs.ts:6) Subscription.loanReturned',
      'QUERY reader src/nest/readers.resolver.ts:13 ReadersResolver.findOne',
      'QUERY readers src/nest/readers.resolver.ts:8 ReadersResolver.readers',
      'MUTATION registerReader src/nest/readers.resolver.ts:18 ReadersResolver.registerReader',
      'MUTATION removeAuthor src/builders/pothos.ts:9 Mutation.removeAuthor',
      // Declared and served by no resolver found: the schema's line.
      'QUERY shelfPage src/schema/library.graphql:13 -',
      'QUERY shelves src/schema/library.graphql:9 -',
    ]);
    expect(result.frameworks).toEqual(['graphql']);
  });

  it('GraphQL in Python: Strawberry root types (camel-cased fields, name= and resolver=), graphene ObjectTypes served by resolve_ methods and mutation classes, Ariadne bindables', async () => {
    const { routes, frameworks } = await scanStack('graphql-python');
    expect(routes).toEqual([
      'QUERY allAuthors library/graphene_schema.py:14',
      'QUERY author library/graphene_schema.py:12',
      'SUBSCRIPTION branchOpened library/ariadne_schema.py:12',
      'QUERY branches library/ariadne_schema.py:7',
      'MUTATION lendBook library/strawberry_schema.py:22',
      'QUERY overdueLoans library/strawberry_schema.py:8',
      'QUERY readingList library/strawberry_schema.py:16',
      'MUTATION retireAuthor library/graphene_schema.py:29',
      'QUERY shelfCount library/strawberry_schema.py:12',
    ]);
    expect(frameworks).toEqual(['graphql']);
  });

  it('GraphQL on the JVM and in Go: Spring for GraphQL mappings, DGS data fetchers (Kotlin), gqlgen resolvers, each spelled and placed as the schema declares it; graphql-go root objects', async () => {
    const scanned = async (name: string) =>
      (await new Scanner().scan(path.join(stacks, name))).routes.map(
        (r) =>
          `${r.method} ${r.path} ${r.file}:${r.line}${r.declaredIn ? ` (declared ${r.declaredIn})` : ''}`,
      );
    expect(await scanned('graphql-jvm')).toEqual([
      'MUTATION addBook src/main/java/library/BookController.java:23 (declared src/main/resources/graphql/schema.graphqls:9)',
      'QUERY bookById src/main/java/library/BookController.java:18 (declared src/main/resources/graphql/schema.graphqls:3)',
      'QUERY books src/main/java/library/BookController.java:13 (declared src/main/resources/graphql/schema.graphqls:2)',
      'QUERY members src/main/kotlin/library/MemberFetcher.kt:11 (declared src/main/resources/graphql/schema.graphqls:4)',
      'MUTATION renewLoan src/main/kotlin/library/MemberFetcher.kt:17 (declared src/main/resources/graphql/schema.graphqls:10)',
      'QUERY reservations src/main/kotlin/library/MemberFetcher.kt:14 (declared src/main/resources/graphql/schema.graphqls:5)',
    ]);
    expect(await scanned('graphql-go')).toEqual([
      // No resolver found for it (gqlgen may bind a model's field): the schema's line.
      'QUERY branchURL graph/schema.graphqls:4',
      'QUERY branches codefirst/schema.go:11',
      'QUERY loanById graph/schema.resolvers.go:15 (declared graph/schema.graphqls:3)',
      'QUERY loans graph/schema.resolvers.go:10 (declared graph/schema.graphqls:2)',
      'QUERY motto codefirst/schema.go:12',
      'MUTATION returnLoan graph/schema.resolvers.go:20 (declared graph/schema.graphqls:8)',
    ]);
  });

  it('GraphQL in Ruby, Elixir, Rust, C# and PHP: graphql-ruby types, Absinthe root blocks and merged objects, async-graphql impls, Hot Chocolate root types (a MediatR Query is none), Lighthouse resolver classes', async () => {
    const scanned = async (name: string) => {
      const result = await new Scanner().scan(path.join(stacks, name));
      return {
        routes: result.routes.map(
          (r) =>
            `${r.method} ${r.path} ${r.file}:${r.line}${r.declaredIn ? ` (declared ${r.declaredIn})` : ''} ${r.handler ?? '-'}`,
        ),
        frameworks: result.frameworks,
      };
    };
    expect(await scanned('graphql-ruby')).toEqual({
      routes: [
        'QUERY branch app/graphql/types/query_type.rb:7 Resolvers::BranchResolver#resolve',
        'QUERY raw_count app/graphql/types/query_type.rb:8 QueryType#raw_count',
        'QUERY recentLoans app/graphql/types/query_type.rb:10 QueryType#recent_loans',
        'MUTATION renewLoan app/graphql/types/mutation_type.rb:3 Mutations::RenewLoan#resolve',
      ],
      frameworks: ['graphql', 'rails'],
    });
    expect(await scanned('graphql-elixir')).toEqual({
      routes: [
        'QUERY loan lib/library_web/schema/loan_types.ex:9 LibraryWeb.Resolvers.Loans.find',
        'QUERY overdueLoans lib/library_web/schema.ex:7 LibraryWeb.Resolvers.Loans.overdue',
        'MUTATION returnLoan lib/library_web/schema.ex:16 return_loan',
      ],
      frameworks: ['graphql', 'phoenix'],
    });
    expect(await scanned('graphql-rust')).toEqual({
      routes: [
        'QUERY branchByCode src/schema.rs:15 QueryRoot::branch',
        'SUBSCRIPTION loanReturned src/schema.rs:38 Events::loan_returned',
        'QUERY overdueLoans src/schema.rs:10 QueryRoot::overdue_loans',
        'MUTATION returnLoan src/schema.rs:29 MutationRoot::return_loan',
      ],
      frameworks: ['graphql'],
    });
    expect(await scanned('graphql-csharp')).toEqual({
      routes: [
        'QUERY bookByIsbn Library/Query.cs:10 Query.FindBookAsync',
        'QUERY books Library/Query.cs:8 Query.GetBooks',
        'MUTATION returnLoan Library/LoanMutations.cs:8 LoanMutations.ReturnLoanAsync',
      ],
      frameworks: ['aspnetcore', 'graphql'],
    });
    expect(await scanned('graphql-php')).toEqual({
      routes: [
        'QUERY branch graphql/schema.graphql:3 -',
        'QUERY branches graphql/schema.graphql:2 -',
        'MUTATION renewLoan app/GraphQL/Mutations/RenewLoan.php:10 (declared graphql/schema.graphql:7) RenewLoan.__invoke',
      ],
      frameworks: ['graphql', 'laravel'],
    });
  });

  it("gRPC: a .proto file's RPCs (streams, `{}` bodies, comments aside) and their HTTP bindings served by Go servers, Java, Kotlin and C# service bases, Python servicers, @grpc/grpc-js addService and tonic impls", async () => {
    const result = await new Scanner().scan(path.join(stacks, 'grpc'));
    expect(
      result.routes.map(
        (r) => `${r.method} ${r.path} ${r.file}:${r.line} (declared ${r.declaredIn}) ${r.handler}`,
      ),
    ).toEqual([
      // The standard health check, told by its request type; Watch served though this copy of its .proto lacks it.
      'RPC /grpc.health.v1.Health/Check go/server/lending.go:31 (declared proto/health.proto:7) lendingServer.Check',
      'RPC /grpc.health.v1.Health/Watch go/server/lending.go:35 (declared undefined) lendingServer.Watch',
      'RPC /library.v1.Branches/OpenBranch python/library/branches.py:7 (declared proto/library.proto:19) BranchesService.OpenBranch',
      'RPC /library.v1.Catalogue/FindBook java/src/main/java/library/CatalogueService.java:8 (declared proto/library.proto:14) CatalogueService.findBook',
      'RPC /library.v1.Catalogue/ListBooks kotlin/src/main/kotlin/library/ListingService.kt:4 (declared proto/library.proto:15) ListingService.listBooks',
      'RPC /library.v1.Fines/PayFine csharp/Library/FinesService.cs:7 (declared proto/library.proto:28) FinesService.PayFine',
      // A Go method in a file apart from its server's struct: placed by the one RPC of its name.
      'RPC /library.v1.Holds/PlaceHold go/server/place_hold.go:10 (declared proto/library.proto:40) holdServer.PlaceHold',
      'RPC /library.v1.Lending/LendBook go/server/lending.go:15 (declared proto/library.proto:7) lendingServer.LendBook',
      'RPC /library.v1.Lending/ReturnBook go/server/lending.go:19 (declared proto/library.proto:8) lendingServer.ReturnBook',
      // A tonic impl of the server trait under a name its `use` gives it (`Lending as LendingSvc`).
      'RPC /library.v1.Lending/ReturnBook rust/src/returns.rs:9 (declared proto/library.proto:8) Counter::return_book',
      'RPC /library.v1.Lending/WatchLoans rust/src/lending.rs:9 (declared proto/library.proto:10) Desk::watch_loans',
      'RPC /library.v1.Readers/RegisterReader node/src/server.ts:15 (declared proto/library.proto:23) Readers.registerReader',
      // An implementation named (bound or not) is the handler.
      'RPC /library.v1.Readers/SuspendReader node/src/server.ts:16 (declared proto/library.proto:24) readerDesk.suspend',
      // The HTTP bindings of its `google.api.http` option (a template's `{reader=readers/*}` a
      // parameter), served by the RPC's implementation.
      'POST /v1/fines/pay csharp/Library/FinesService.cs:7 (declared proto/library.proto:32) FinesService.PayFine',
      'POST /v1/{reader}/fines:pay csharp/Library/FinesService.cs:7 (declared proto/library.proto:30) FinesService.PayFine',
    ]);
    expect(result.frameworks).toEqual(['grpc']);
    // Calls through a generated client, where they are made (not a cache client's).
    expect(result.rpcCalls).toEqual([
      { service: 'Lending', method: 'LendBook', file: 'go/desk/desk.go', line: 12 },
      { service: 'Fines', method: 'PayFine', file: 'python/library/desk_client.py', line: 12 },
      { service: 'Branches', method: 'OpenBranch', file: 'python/library/desk_client.py', line: 17 },
    ]);
  });

  it('WebSocket events: socket.io server handlers (connection callbacks, handler modules), NestJS gateways, Phoenix channels, ActionCable channels and actions, Django Channels consumers; no client listener or TCP socket', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'websocket'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler ?? '-'}`)).toEqual(
      [
        'WS /ws/branches/<branch> django/library/routing.py:6 consumers.BranchConsumer',
        'WS DeskChannel rails/app/channels/desk_channel.rb:1 DeskChannel#subscribed',
        'WS DeskChannel#ask rails/app/channels/desk_channel.rb:6 DeskChannel#ask',
        'WS branch:* phoenix/lib/library_web/channels/user_socket.ex:4 LibraryWeb.BranchChannel.join',
        'WS chat:message node/src/server.ts:8 -',
        // Two clauses of one event: one route.
        'WS hold_book phoenix/lib/library_web/channels/branch_channel.ex:6 LibraryWeb.BranchChannel.handle_in',
        'WS identity nest/src/events.gateway.ts:5 EventsGateway.identity',
        'WS loan:renew node/src/handlers/loans.js:4 renew',
      ],
    );
    expect(result.frameworks).toEqual([
      'actioncable',
      'channels',
      'django',
      'nestjs',
      'phoenix',
      'socket.io',
    ]);
  });

  it('AdonisJS: routes on the router service, groups prefixed after their callback (nested), API-only resources', async () => {
    const { routes, frameworks } = await scanStack('adonis');
    expect(routes).toEqual([
      'GET / start/routes.ts:7',
      'POST /api/auth/login start/routes.ts:16',
      'GET /api/health start/routes.ts:11',
      'GET /api/orders start/routes.ts:13',
      'POST /api/orders start/routes.ts:13',
      'DELETE /api/orders/:id start/routes.ts:13',
      'GET /api/orders/:id start/routes.ts:13',
      'PATCH /api/orders/:id start/routes.ts:13',
      'PUT /api/orders/:id start/routes.ts:13',
      'GET /api/v2/reports start/routes.ts:27',
      'GET /api/v2/reports/:id start/routes.ts:28',
      'POST /api/v2/reports/rebuild start/routes.ts:29',
    ]);
    expect(frameworks).toEqual(['adonis']);
    const handlers = (await new Scanner().scan(path.join(stacks, 'adonis'))).routes.map(
      (r) => `${r.method} ${r.path} ${r.handler ?? '-'}`,
    );
    expect(handlers).toEqual(
      expect.arrayContaining([
        'GET /api/health OrdersController.health',
        'POST /api/auth/login AuthController.login',
        'GET /api/v2/reports ReportsController.index',
        'GET /api/v2/reports/:id ReportsController.show',
        'POST /api/v2/reports/rebuild ReportsController.handle',
      ]),
    );
  });

  it('Flask-RESTful and Flask-RESTX: resources served by the methods they define, APIs on blueprints, namespaces; MethodView rules; a path a function makes', async () => {
    const { routes, frameworks } = await scanStack('flask-restful');
    expect(routes).toEqual([
      'GET /api/orders shop/app.py:34',
      'POST /api/orders shop/app.py:34',
      'DELETE /api/orders/<int:order_id> shop/app.py:35',
      'GET /api/orders/<int:order_id> shop/app.py:35',
      'GET /health shop/app.py:36',
      // Added by methods of the project's `Api` subclass, served by what the resources (on the
      // project's base resource) define; one that rewrites the paths first leaves their start unknown.
      'GET /shelves shop/shelves.py:33',
      'GET /v2/reports/<int:year> shop/reports.py:10',
      // A decorator's path a function of the project makes from the one written: its start unknown.
      'GET /{unknown}/session shop/shelves.py:43',
      'GET /{unknown}/shelves/<shelf_id> shop/shelves.py:32',
      'PUT /{unknown}/shelves/<shelf_id> shop/shelves.py:32',
    ]);
    expect(frameworks).toEqual(['flask']);
  });

  it('Django Ninja: API and routers with their decorators, routers added under a path, the API mounted by urls.py', async () => {
    const { routes, frameworks } = await scanStack('django-ninja');
    expect(routes).toEqual([
      'ALL /admin shop/urls.py:7',
      'GET /api/health shop/api.py:7',
      'GET /api/orders shop/api.py:12',
      'POST /api/orders/{order_id}/pay shop/api.py:17',
    ]);
    expect(frameworks).toEqual(['django', 'django-ninja']);
  });

  it("Rocket: route lists built by `fn routes() -> Vec<Route>` (`routes![…]`, other modules' lists appended), mounted under a renamed `pub use`, a prefix built at run time from a configured base; a handler listed alone is its own module's", async () => {
    const { routes } = await scanStack('rocket-route-lists');
    expect(routes).toEqual([
      // Mounted nowhere: at its own path.
      'GET /old src/legacy/web.rs:8',
      'GET /{unknown} src/api/web.rs:7',
      'POST /{unknown}/admin/users/<id>/delete src/api/admin.rs:7',
      'DELETE /{unknown}/api/accounts/<id> src/api/core/accounts.rs:21',
      'GET /{unknown}/api/accounts/profile src/api/core/accounts.rs:16',
      'POST /{unknown}/api/accounts/register src/api/core/accounts.rs:11',
      'GET /{unknown}/api/alive src/api/core/mod.rs:14',
    ]);
  });

  it('tRPC: procedures defined in modules of their own and listed by routers (`find: findShelvesRoute`), plain objects nesting them', async () => {
    const { routes, frameworks } = await scanStack('trpc-modules');
    expect(routes).toEqual([
      'QUERY health src/router.ts:5',
      'QUERY shelf.find src/shelf/find-shelves.ts:4',
      'MUTATION shelf.label.update src/shelf/update-label.ts:4',
    ]);
    expect(frameworks).toEqual(['trpc']);
  });

  it("ts-rest: a contract's endpoints at their paths, under the contract's and nested contracts' `pathPrefix`, contracts from other modules included", async () => {
    const { routes, frameworks } = await scanStack('ts-rest');
    expect(routes).toEqual([
      'DELETE /api/v1/loaves/:id src/contract.ts:24',
      'GET /api/v1/shelves src/contract.ts:11',
      'POST /api/v1/shelves src/contract.ts:16',
      'GET /api/v1/stock/count src/stock.ts:6',
    ]);
    expect(frameworks).toEqual(['ts-rest']);
  });

  it("Go on a project's own router package: groups handed to functions as a generic `*router.RouterGroup[T]`, prefixes kept through `.Bind(…)`/`.Unbind(…)`", async () => {
    const { routes } = await scanStack('go-router-group');
    expect(routes).toEqual([
      'POST /api/loaves apis/shelf.go:11',
      'GET /api/shelves apis/shelf.go:7',
      'GET /api/shelves/{id} apis/shelf.go:8',
    ]);
  });

  it('gorilla/mux: subrouters under a path prefix, each route with the methods that follow it; paths concatenated with a package constant, or with a variable said unknown', async () => {
    const { routes, frameworks } = await scanStack('gorilla-mux');
    expect(routes).toEqual([
      'GET /api/orders main.go:23',
      'GET /api/orders/{id} main.go:24',
      'HEAD /api/orders/{id} main.go:24',
      'ALL /health main.go:25',
      'GET /shop/cart main.go:26',
      'POST /{unknown}/checkout main.go:27',
    ]);
    // Read inside package variables' initialisers too (a path constant's reader once stopped the walk there).
    const scanned = await new Scanner().scan(path.join(stacks, 'gorilla-mux'));
    expect(scanned.env.map((e) => e.name)).toEqual(['BASE_URL', 'VERBOSE']);
    expect(frameworks).toEqual(['gorilla/mux']);
  });

  it('hapi: route objects and lists, a plugin registered with routes.prefix; named hapi, not fastify', async () => {
    const { routes, frameworks } = await scanStack('hapi');
    expect(routes).toEqual([
      'GET /api/users lib/users.js:5',
      'POST /api/users/{id} lib/users.js:6',
      'PUT /api/users/{id} lib/users.js:6',
      'GET /health lib/server.js:6',
    ]);
    expect(frameworks).toEqual(['hapi']);
  });

  it('Vapor, read as text: groups, group closures, route collections registered by type; Fluent models; no route from req.parameters.get', async () => {
    const { routes, models, frameworks } = await scanStack('vapor');
    expect(routes.map((r) => r.replace(' Sources/App/', ' '))).toEqual([
      'PATCH /admin/settings routes.swift:11',
      'GET /api/v1/orders Controllers/OrderController.swift:6',
      'POST /api/v1/orders Controllers/OrderController.swift:7',
      'DELETE /api/v1/orders/:orderID Controllers/OrderController.swift:9',
      'GET /healthz routes.swift:4',
    ]);
    expect(models).toEqual(['Order fluent orders']);
    expect(frameworks).toEqual(['fluent', 'vapor']);
  });

  it('Vapor 4 as apps write it: a collection conforming in an extension, chains of grouped middleware and a static path component, self in an Application extension, `app.routes`, `any RoutesBuilder`', async () => {
    const { routes } = await scanStack('vapor-chains');
    expect(routes).toEqual([
      'GET / Sources/App/Application+Routes.swift:5',
      'GET /api/v2/invoices Sources/App/Controllers/InvoicesController.swift:15',
      'DELETE /api/v2/invoices/:id Sources/App/Controllers/InvoicesController.swift:19',
      // `app.routes.grouped(…)`, and Swift 5.7's `boot(routes: any RoutesBuilder)`.
      'GET /api/v3/shelves Sources/App/Controllers/ShelvesController.swift:6',
      'GET /api/v3/status Sources/App/routes.swift:6',
    ]);
  });

  it('Vapor 3: boot(router:), app.make(Router.self), a collection registered through a variable, Type.parameter; its models and their stored properties; no route from a navigator outside Vapor', async () => {
    const result = await new Scanner().scan(path.join(stacks, 'vapor3'));
    expect(result.routes.map((r) => `${r.method} ${r.path} ${r.file}:${r.line}`)).toEqual([
      'GET /ping Sources/App/ApiRoutes.swift:8',
      'GET /v1/invoices Sources/App/Controllers/InvoiceController.swift:6',
      'GET /v1/invoices/:invoice Sources/App/Controllers/InvoiceController.swift:7',
      'DELETE /v1/invoices/:invoice/lines/:int Sources/App/Controllers/InvoiceController.swift:9',
      'POST /v1/invoices/void Sources/App/Controllers/InvoiceController.swift:8',
    ]);
    expect(result.models.map((m) => `${m.name} ${m.table ?? '-'} ${m.fields?.join(',')}`)).toEqual([
      'Invoice invoices id,number,total',
      'InvoiceLine - id,invoiceID,amount',
      'InvoiceTag - id,invoiceID,lineID',
    ]);
    expect(result.frameworks).toEqual(['fluent', 'vapor']);
  });

  it("Dart Frog's file routes with the methods a handler switches on, and shelf_router's routers and mounts", async () => {
    const frog = await scanStack('dart-frog');
    expect(frog.routes).toEqual([
      'ALL / routes/index.dart:3',
      'DELETE /api/users/{id} routes/api/users/[id].dart:4',
      'GET /api/users/{id} routes/api/users/[id].dart:4',
    ]);
    expect(frog.frameworks).toEqual(['dart_frog']);
    const shelf = await scanStack('shelf');
    expect(shelf.routes).toEqual([
      'GET /api/orders bin/server.dart:6',
      'POST /api/orders/<id> bin/server.dart:7',
      'GET /healthz bin/server.dart:9',
    ]);
    expect(shelf.frameworks).toEqual(['shelf']);
  });

  it('shelf routers made in classes and by @Route annotations, mounted from other files by class name', async () => {
    const { routes, frameworks } = await scanStack('shelf-classes');
    expect(routes).toEqual([
      'GET /health/ping lib/api/stock_api.dart:22',
      'GET /status lib/api/status_api.dart:7',
      'POST /status/refresh lib/api/status_api.dart:10',
      'GET /stock lib/api/stock_api.dart:7',
      'DELETE /stock/<sku> lib/api/stock_api.dart:9',
      'GET /stock/<sku> lib/api/stock_api.dart:8',
    ]);
    expect(frameworks).toEqual(['shelf']);
  });
});
