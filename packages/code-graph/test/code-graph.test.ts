import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
// The bin, as installed: it runs the bundle (worker and checker process entries included).
const cli = path.join(here, '../bin/code-graph.js');
let work: string;
let repo: string;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'code-graph-test-'));
  repo = path.join(work, 'repo');
  await cp(path.join(here, 'fixtures/repo'), repo, { recursive: true });
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli],
    // The checker's pass would change edges while the suite runs; test/precise.test.ts covers it.
    env: {
      ...process.env,
      CODE_GRAPH_CACHE_DIR: path.join(work, 'cache'),
      CODE_GRAPH_PRECISE: '0',
    } as Record<string, string>,
    stderr: 'pipe',
  });
  client = new Client({ name: 'code-graph-test', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  await rm(work, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: { root: repo, ...args } });
  return {
    isError: result.isError === true,
    data: result.structuredContent as any,
    text: (result.content as { text: string }[])[0]?.text ?? '',
  };
}

const edgeSet = (edges: { from: string; to: string; kind: string }[]) =>
  edges.map((e) => `${e.from} -> ${e.to} (${e.kind})`).sort();

describe('code-graph over MCP', () => {
  it('offers its tools, all read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'call_paths',
      'callees',
      'callers',
      'flows',
      'health',
      'impact',
      'index_status',
      'symbol_search',
    ]);
    for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
  });

  it('resolves calls across imports, re-exports, tsconfig paths, classes and methods', async () => {
    const callees = await call('callees', { symbol: 'Cart.total' });
    expect(edgeSet(callees.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'Cart.total -> add (direct)',
      'Cart.total -> formatTotal (direct)',
    ]);
    const log = await call('callees', { symbol: 'Cart.log' });
    expect(log.data.edges.find((e: { to: string }) => e.to === 'square')).toMatchObject({
      kind: 'direct',
      toFile: 'src/lib/math.ts',
    });
    expect(log.data.edges.find((e: { to: string }) => e.to === 'log')).toMatchObject({ kind: 'unresolved' });
    const checkout = await call('callees', { symbol: 'checkout' });
    expect(edgeSet(checkout.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'checkout -> Cart (constructor)',
      'checkout -> Cart.addItem (method)',
      'checkout -> Cart.total (method)',
    ]);
  });

  it('resolves CommonJS: a required module, its destructured members, a module an index re-exports by name', async () => {
    const callees = await call('callees', { symbol: 'listAll' });
    expect(edgeSet(callees.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'listAll -> countShelves (direct)',
      'listAll -> countShelves (direct)',
      'listAll -> listShelves (direct)',
    ]);
  });

  it('follows inheritance for this.method(), super.method() and super()', async () => {
    const resolved = async (symbol: string) =>
      edgeSet(
        (await call('callees', { symbol })).data.edges.filter(
          (e: { kind: string }) => e.kind !== 'unresolved',
        ),
      );
    expect(await resolved('PremiumCart.total')).toEqual(['PremiumCart.total -> Cart.total (method)']);
    expect(await resolved('PremiumCart.audit')).toEqual(['PremiumCart.audit -> Cart.addItem (method)']);
    expect(await resolved('PremiumCart.constructor')).toEqual([
      'PremiumCart.constructor -> Cart (constructor)',
    ]);
  });

  it("keeps functions declared inside a method local to it, with the method's this", async () => {
    const resolved = async (symbol: string) =>
      edgeSet(
        (await call('callees', { symbol })).data.edges.filter(
          (e: { kind: string }) => e.kind !== 'unresolved',
        ),
      );
    expect(await resolved('Queue.drain')).toEqual([
      'Queue.drain -> flush (direct)',
      'Queue.drain -> next (direct)',
    ]);
    expect(await resolved('flush')).toEqual(['flush -> Queue.clear (method)']);
    expect((await call('callees', { symbol: 'Queue.flush' })).isError).toBe(true);
    // A parameter called like a function is not guessed to be another function's local.
    const pick = await call('callees', { symbol: 'pick' });
    expect(pick.data.edges.find((e: { to: string }) => e.to === 'selectKey')).toMatchObject({
      kind: 'unresolved',
    });
  });

  it('walks callers to a depth and reports module-level callers in tests', async () => {
    const callers = await call('callers', { symbol: 'multiply', depth: 5 });
    expect(callers.data.edges.map((e: { from: string; depth: number }) => [e.from, e.depth])).toEqual([
      ['square', 1],
      ['Cart.log', 2],
      ['Cart.addItem', 3],
      ['checkout', 4],
      ['PremiumCart.audit', 4],
      ['handleCheckout', 5],
      ['<module test/cart.test.ts>', 5],
    ]);
  });

  it('resolves Python modules and Go packages', async () => {
    const py = await call('callees', { symbol: 'register' });
    expect(edgeSet(py.data.edges)).toEqual([
      'register -> User.__init__ (constructor)',
      'register -> User.greet (method)',
    ]);
    const go = await call('callees', { symbol: 'Server.Start' });
    expect(edgeSet(go.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'Server.Start -> Server.listen (method)',
      'Server.Start -> Shout (direct)',
    ]);
  });

  it('resolves a Rust call through a module path to the one file that module is, and `Self::` to its impl', async () => {
    const rs = await call('callees', { symbol: 'list_orders' });
    // `database::orders` is src/database/orders.rs, not the other orders.rs (the cache's).
    expect(rs.data.edges.map((e: { to: string; kind: string; file: string }) => `${e.to} ${e.kind}`)).toEqual(
      ['find_all direct'],
    );
    const target = await call('symbol_search', { query: 'find_all' });
    const named = target.data.results.filter((r: { name: string }) => r.name === 'find_all');
    expect(named.map((r: { file: string }) => r.file).sort()).toEqual([
      'rs/src/cache/orders.rs',
      'rs/src/database/orders.rs',
    ]);
    // `Self::stale` is the impl's own function.
    const own = await call('callees', { symbol: 'OrderStore.refresh' });
    expect(edgeSet(own.data.edges)).toEqual(['OrderStore.refresh -> OrderStore.stale (method)']);
  });

  it('types Go variables from `var x T` and `v.(T)`, and snake_case receivers after their CamelCase class', async () => {
    const go = await call('callees', { symbol: 'Record' });
    expect(edgeSet(go.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'Record -> Entry.Save (method)',
      'Record -> Entry.Save (method)',
    ]);
    const py = await call('callees', { symbol: 'Checkout.run' });
    expect(edgeSet(py.data.edges)).toEqual(['Checkout.run -> OrderService.place (dynamic)']);
  });

  it('counts a read of a Python @property as a call of its getter, and no other attribute read', async () => {
    const greet = await call('callees', { symbol: 'User.greet' });
    expect(edgeSet(greet.data.edges)).toEqual([
      'User.greet -> User.display (property)',
      'User.greet -> format_name (direct)',
    ]);
    const display = await call('callees', { symbol: 'User.display' });
    expect(display.data.edges).toEqual([]);
    // Assigning the property runs its setter (one declaration with its getter); an f-string's
    // interpolation is code.
    // `super()` constructs nothing: its methods are the parent's. `cls(…)` in a classmethod is the class.
    const greetAdmin = await call('callees', { symbol: 'Admin.greet' });
    expect(edgeSet(greetAdmin.data.edges)).toEqual([
      'Admin.greet -> User.greet (method)',
      'Admin.greet -> User.greet (method)',
      'Admin.greet -> super (unresolved)',
      'Admin.greet -> super (unresolved)',
    ]);
    const create = await call('callees', { symbol: 'Admin.create' });
    expect(edgeSet(create.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'Admin.create -> User.rename (method)',
    ]);
    const rename = await call('callees', { symbol: 'User.rename' });
    expect(edgeSet(rename.data.edges)).toEqual([
      'User.rename -> User.display (property)',
      'User.rename -> format_name (direct)',
    ]);
  });

  it('reads PHP traits a class uses, $this and $variables, typed properties, static calls, `parent::` and `static::`', async () => {
    const store = await call('callees', { symbol: 'LikeController.store' });
    const edges = edgeSet(store.data.edges);
    // `$currentAccount` is an Account by its last word; Account's `like` comes from its trait.
    expect(edges).toContain('LikeController.store -> HasLikes.like (dynamic)');
    expect(edges).toContain('LikeController.store -> create (unresolved)');
    const like = await call('callees', { symbol: 'HasLikes.like' });
    expect(edgeSet(like.data.edges)).toContain('HasLikes.like -> HasLikes.likes (method)');
    // `parent::index()` is the parent's; `static::importer()` the class's own.
    const chrome = await call('callees', { symbol: 'ChromeImportController.index' });
    expect(edgeSet(chrome.data.edges)).toEqual([
      'ChromeImportController.index -> BaseImportController.index (method)',
    ]);
    // A promoted constructor parameter and a property assigned a typed parameter are typed fields.
    const follow = await call('callees', { symbol: 'FollowController.store' });
    expect(edgeSet(follow.data.edges)).toEqual([
      'FollowController.store -> HasLikes.like (method)',
      'FollowController.store -> HasLikes.like (method)',
    ]);
    const base = await call('callees', { symbol: 'BaseImportController.index' });
    expect(edgeSet(base.data.edges)).toContain(
      'BaseImportController.index -> BaseImportController.importer (method)',
    );
  });

  it("binds an Elixir alias a `use`d module writes in, through `use`s; a call on the app's `Repo` module stays an access", async () => {
    // `use AppWeb, :controller` → `use App.Shared` → `alias App.Blog.Posts`.
    const index = await call('callees', { symbol: 'AppWeb.PostController.index' });
    expect(edgeSet(index.data.edges.filter((e: { kind: string }) => e.kind !== 'unresolved'))).toEqual([
      'AppWeb.PostController.index -> App.Blog.Posts.list (method)',
    ]);
    // `Repo.all` reaches the project's `defdelegate`: still the query, of an entity not named here.
    const { data } = await call('flows', {
      entries: [{ file: 'ex/lib/app_web/post_controller.ex', line: 4, handler: 'index' }],
      entities: ['Comment'],
    });
    expect(data.flows[0].steps.map((s: { symbol: string }) => s.symbol)).toContain('App.Blog.Posts.list');
    expect(data.flows[0].data).toEqual([
      { entity: '{unknown}', op: 'read', call: 'Repo.all', line: 6, file: 'ex/lib/app/blog/posts.ex' },
    ]);
  });

  it('starts a Go route at the method of the type the function building its receiver returns', async () => {
    const { data } = await call('flows', {
      entries: [
        { file: 'go/routes.go', line: 10, handler: 'auth.Show' },
        { file: 'go/routes.go', line: 12, handler: 'list.Show' },
      ],
      entities: ['Comment'],
    });
    expect(data.flows.map((f: { steps: { symbol: string; file: string }[] }) => f.steps[0])).toMatchObject([
      { symbol: 'API.Show', file: 'go/oidc/oidc.go' },
      { symbol: 'Feeds.Show', file: 'go/feeds/feeds.go' },
    ]);
  });

  it('draws a flow through an interface into the classes that implement it, to the data access', async () => {
    const { data } = await call('flows', {
      entries: [{ file: 'src/db/stores.ts', line: 13, handler: 'persist' }],
      entities: ['Ledger'],
    });
    const [flow] = data.flows;
    expect(
      flow.steps.map((s: { symbol: string; via?: string }) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`),
    ).toEqual(['persist', 'Store.save', 'SqlStore.save (implements Store)']);
    expect(flow.data).toEqual([
      { entity: 'Ledger', op: 'write', call: 'db.exec', line: 7, file: 'src/db/stores.ts' },
    ]);
  });

  it('says a route whose file no grammar here reads is unread, not served by a library; a config file’s route is neither', async () => {
    const { data } = await call('flows', {
      entries: [{ file: 'pages/bins.astro', line: 3, handler: 'listBins', method: 'GET', path: '/bins' }],
    });
    expect(data.flows).toEqual([expect.objectContaining({ steps: [], unread: true })]);
    expect(data.flows[0]).not.toHaveProperty('outside');
    // A config file's route (Symfony's YAML) holds no code: its handler is the project's, or a library's.
    const config = await call('flows', {
      entries: [
        {
          file: 'config/routes.yaml',
          line: 1,
          handler: 'LikeController::store',
          method: 'POST',
          path: '/likes',
        },
        {
          file: 'config/routes.yaml',
          line: 7,
          handler: 'RedirectController::redirectAction',
          method: 'ALL',
          path: '/',
        },
      ],
    });
    const [own, library] = config.data.flows;
    expect(own.steps[0]).toMatchObject({ symbol: 'LikeController.store' });
    expect(library).toMatchObject({ steps: [], outside: true });
    expect(library).not.toHaveProperty('unread');
  });

  it("starts a Laravel action a project base controller declares there, and says an action no class of the chain declares is missing (a library trait's is outside)", async () => {
    const route = (line: number, handler: string, method: string, path: string) => ({
      file: 'php/routes/api.php',
      line,
      handler,
      method,
      path,
    });
    const { data } = await call('flows', {
      entries: [
        route(6, 'TagController@index', 'GET', '/tags'),
        route(6, 'TagController@destroy', 'DELETE', '/tags/{tag}'),
        route(6, 'TagController@store', 'POST', '/tags'),
        route(7, 'SessionController@login', 'POST', '/login'),
        route(8, 'ProxyController@forward', 'GET', '/proxy'),
      ],
      entities: ['Tag'],
    });
    const [index, destroy, store, login, proxy] = data.flows;
    // A controller answering any method (`__call`) misses none.
    expect(proxy).not.toHaveProperty('missing');
    expect(index.steps[0]).toMatchObject({ symbol: 'TagController.index' });
    expect(destroy.steps[0]).toMatchObject({ symbol: 'CrudController.destroy' });
    expect(store).toMatchObject({ steps: [], missing: true });
    expect(store).not.toHaveProperty('outside');
    expect(login).toMatchObject({ steps: [], outside: true });
    expect(login).not.toHaveProperty('missing');
    expect(index).not.toHaveProperty('missing');
  });

  it("starts a route at the project's function that builds its handler from what it is handed; a library's function makes a library's handler", async () => {
    const { data } = await call('flows', {
      entries: [
        { file: 'go/queue/queue.go', line: 20, handler: 'getQueue(store)', method: 'GET', path: '/queue' },
        {
          file: 'go/queue/queue.go',
          line: 22,
          handler: 'rest.GetAll(constructor)',
          method: 'GET',
          path: '/albums',
        },
        {
          file: 'go/queue/queue.go',
          line: 23,
          handler: 'pm(Missing.Show, "bounces:get")',
          method: 'GET',
          path: '/bounces',
        },
      ],
      entities: ['articles'],
    });
    const [queue, albums, bounces] = data.flows;
    // A middleware handed a function the project does not have is not where the flow starts.
    expect(bounces.steps).toEqual([]);
    expect(queue.steps.map((s: { symbol: string }) => s.symbol).slice(0, 2)).toEqual([
      'getQueue',
      'ArticleStore.GetBySlug',
    ]);
    expect(queue).not.toHaveProperty('outside');
    // deluan/rest serves the repository the local closure builds: a type `constructor` elsewhere in
    // the project is not the handler.
    expect(albums).toMatchObject({ steps: [], outside: true });
  });

  it('follows a Go call through a struct field of an interface type into the types that implement it', async () => {
    const callees = await call('callees', { symbol: 'Handler.GetArticle' });
    expect(edgeSet(callees.data.edges)).toEqual(['Handler.GetArticle -> Store.GetBySlug (method)']);
    const { data } = await call('flows', {
      entries: [{ file: 'go/handler.go', line: 9, handler: 'Handler.GetArticle' }],
      entities: ['articles'],
    });
    const [flow] = data.flows;
    expect(
      flow.steps.map((s: { symbol: string; via?: string }) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`),
    ).toEqual([
      'Handler.GetArticle',
      'Store.GetBySlug',
      'ArticleStore.GetBySlug (implements Store)',
      'Conn.Exec',
    ]);
    expect(flow.data).toMatchObject([
      { entity: 'articles', op: 'read', file: 'go/db/article_store.go', line: 12 },
    ]);
  });

  it('follows Kotlin through imports, constructor-injected properties and its package, from a route on an interface to the repository', async () => {
    const show = await call('callees', { symbol: 'OrdersController.show' });
    expect(edgeSet(show.data.edges)).toEqual(['OrdersController.show -> OrderService.describe (method)']);
    const describe = await call('callees', { symbol: 'OrderService.describe' });
    expect(edgeSet(describe.data.edges)).toEqual([
      'OrderService.describe -> OrderRepository.findByNumber (method)',
      'OrderService.describe -> OrderService.render (method)',
    ]);
    // `label` is declared in another file of the package, which Kotlin sees without an import.
    const format = await call('callees', { symbol: 'OrderService.render' });
    expect(edgeSet(format.data.edges)).toEqual(['OrderService.render -> label (direct)']);
    // Files with no `package` line share the root package.
    const main = await call('callees', { symbol: 'main' });
    expect(edgeSet(main.data.edges)).toContain('main -> greeting (direct)');
    // An interface's method with a body is the class's own, called bare or through `super`.
    const recheck = await call('callees', { symbol: 'OrderService.recheck' });
    expect(recheck.data.edges.map((e: { to: string; kind: string }) => `${e.to} (${e.kind})`)).toEqual([
      'OrderFindable.findOrder (method)',
      'OrderFindable.findOrder (method)',
    ]);
    // `archives::archive` handed to `let` runs it; a call on a `…Repository` interface is a data access.
    const close = await call('callees', { symbol: 'OrderService.close' });
    expect(edgeSet(close.data.edges)).toContain(
      'OrderService.close -> OrderArchiveRepository.archive (method)',
    );
    const closing = await call('flows', {
      entries: [{ file: 'kt/app/orders/OrderService.kt', line: 27, handler: 'OrderService.close' }],
      entities: ['OrderEntity'],
    });
    expect(closing.data.flows[0].data).toMatchObject([
      { op: 'read', call: 'archives.archive', file: 'kt/app/orders/OrderService.kt', line: 27 },
    ]);
    const { data } = await call('flows', {
      entries: [{ file: 'kt/app/web/OrdersApi.kt', line: 7, handler: 'OrdersApi.show' }],
      entities: ['OrderEntity'],
    });
    const [flow] = data.flows;
    expect(
      flow.steps.map((s: { symbol: string; via?: string }) => `${s.symbol}${s.via ? ` (${s.via})` : ''}`),
    ).toEqual([
      'OrdersApi.show',
      'OrdersController.show (implements OrdersApi)',
      'OrderService.describe',
      'OrderRepository.findByNumber',
      'OrderService.render',
      'label',
    ]);
    expect(flow.data).toMatchObject([
      {
        entity: 'OrderEntity',
        op: 'read',
        call: 'repository.findByNumber',
        file: 'kt/app/orders/OrderService.kt',
        line: 19,
      },
    ]);
  });

  it('finds call paths', async () => {
    const paths = await call('call_paths', { from: 'handleCheckout', to: 'multiply' });
    expect(paths.data.paths).toEqual([
      [
        'handleCheckout (src/routes.ts:3)',
        'checkout (src/services/cart.ts:25)',
        'Cart.addItem (src/services/cart.ts:7)',
        'Cart.log (src/services/cart.ts:20)',
        'square (src/lib/math.ts:6)',
        'multiply (src/lib/math.ts:10)',
      ],
    ]);
  });

  it('searches symbols by name parts, production code first', async () => {
    const found = await call('symbol_search', { query: 'format' });
    expect(found.data.results.map((r: { name: string }) => r.name).sort()).toEqual([
      'formatTotal',
      'format_name',
    ]);
    const dispatch = await call('symbol_search', { query: 'add item' });
    expect(dispatch.data.results[0].name).toBe('Cart.addItem');
    const classes = await call('symbol_search', { query: 'cart', kind: 'class' });
    expect(classes.data.results.map((r: { name: string }) => r.name)).toEqual(['Cart', 'PremiumCart']);
  });

  it('reports impact: callers with confidence, entry points and tests', async () => {
    const impact = await call('impact', { symbol: 'multiply', depth: 5 });
    expect(impact.data.tests).toEqual(['test/cart.test.ts']);
    expect(impact.data.entryPoints).toContain('handleCheckout (src/routes.ts:3)');
    const confidences = impact.data.callers.map((c: { confidence: number }) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('indexes exported module-level values as symbols and their readers as reference edges', async () => {
    const found = await call('symbol_search', { query: 'prisma', kind: 'variable' });
    expect(found.data.results.map((r: { name: string; file: string }) => `${r.name} ${r.file}`)).toEqual([
      'prisma src/db/client.ts',
    ]);
    const hidden = await call('symbol_search', { query: 'retries', kind: 'variable' });
    expect(hidden.data.results.map((r: { name: string }) => r.name)).not.toContain('retries');
    const impact = await call('impact', { symbol: 'prisma', file: 'src/db/client.ts', depth: 3 });
    expect(impact.data.callers.map((c: { symbol: string; depth: number }) => [c.symbol, c.depth])).toEqual([
      ['listUsers', 1],
      ['userRoutes', 2],
    ]);
    const callers = await call('callers', { symbol: 'settings' });
    expect(callers.data.edges.map((e: { from: string; kind: string }) => `${e.from} ${e.kind}`)).toEqual([
      'listUsers reference',
    ]);
  });

  it('grades health and indexes a file with syntax errors partially', async () => {
    const project = await call('health', {});
    expect(project.data.grade).toMatch(/^[A-F]$/);
    expect(project.data.partial).toBe(true);
    expect(project.data.unparsed).toEqual(['src/broken.ts']);
    const broken = await call('symbol_search', { query: 'fine' });
    expect(broken.data.results[0]).toMatchObject({ name: 'fine', file: 'src/broken.ts' });
    const file = await call('health', { file: 'src/services/cart.ts' });
    expect(file.data.functions.map((f: { name: string }) => f.name)).toContain('Cart.total');
    expect(file.data.functions.find((f: { name: string }) => f.name === 'Cart.total')).toMatchObject({
      cyclomatic: 2,
      params: 0,
    });
  });

  it('parses on worker threads past CODE_GRAPH_WORKER_BYTES, into the same index as on its own thread', async () => {
    // A tree this small is parsed on the server's own thread; a threshold of one byte sends it to
    // the bundle's workers.
    const indexed = async (workerBytes: string | undefined) => {
      const other = new Client({ name: 'code-graph-test', version: '1' });
      await other.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cli],
          env: {
            ...process.env,
            CODE_GRAPH_CACHE_DIR: path.join(work, `cache-${workerBytes ?? 'default'}`),
            CODE_GRAPH_PRECISE: '0',
            ...(workerBytes ? { CODE_GRAPH_WORKER_BYTES: workerBytes } : {}),
          } as Record<string, string>,
        }),
      );
      try {
        const ask = async (name: string, args: Record<string, unknown>) =>
          (await other.callTool({ name, arguments: { root: repo, ...args } })).structuredContent as any;
        const status = await ask('index_status', {});
        const callers = await ask('callers', { symbol: 'formatTotal' });
        return { status, callers: edgeSet(callers.edges) };
      } finally {
        await other.close();
      }
    };
    const [own, workers] = [await indexed(undefined), await indexed('1')];
    expect(workers.status.parsedLastTime).toBe(own.status.parsedLastTime);
    expect(own.status.parsedLastTime).toBeGreaterThan(20);
    for (const key of ['files', 'symbols', 'edges', 'resolvedEdges'])
      expect(workers.status[key], key).toBe(own.status[key]);
    expect(workers.status.unparsed).toEqual(own.status.unparsed);
    expect(workers.callers).toEqual(own.callers);
  });

  it('re-indexes only the edited file', async () => {
    await call('index_status', {});
    await new Promise((r) => setTimeout(r, 2_100));
    await writeFile(
      path.join(repo, 'src/lib/format.ts'),
      'export function formatTotal(value: number): string {\n  return String(value);\n}\n\nexport function formatPrice(v: number) {\n  return formatTotal(v);\n}\n',
    );
    const status = await call('index_status', {});
    expect(status.data.parsedLastTime).toBe(1);
    const callers = await call('callers', { symbol: 'formatTotal' });
    expect(callers.data.edges.map((e: { from: string }) => e.from).sort()).toEqual([
      'Cart.total',
      'formatPrice',
    ]);
  });

  it('answers bad input with an error result carrying a stable code, not a protocol error', async () => {
    const unknown = await call('callers', { symbol: 'doesNotExist' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/no symbol named "doesNotExist"/);
    expect(unknown.data).toEqual({ error: { code: 'NOT_FOUND', message: unknown.text } });
    const badRange = await call('impact', { diff: 'not a range;' });
    expect(badRange.data.error.code).toBe('BAD_INPUT');
    const badRoot = await client.callTool({ name: 'index_status', arguments: { root: 'relative/path' } });
    expect(badRoot.isError).toBe(true);
    expect(badRoot.structuredContent).toMatchObject({ error: { code: 'BAD_ROOT' } });
  });

  it.each(['-O/etc/passwd', '--output=/tmp/x', 'HEAD..--exec=x', 'a b'])(
    'refuses the diff %j: a git option, never passed to git',
    async (diff) => {
      const answer = await call('impact', { diff });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/is not a git range/);
    },
  );
});

describe('the bin', () => {
  it('compiles its bundle from V8’s code cache from the second process on, answering the same', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'code-graph-code-cache-'));
    const serveOnce = async () => {
      const own = new Client({ name: 'code-graph-test', version: '1' });
      await own.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cli],
          env: {
            ...process.env,
            XDG_CACHE_HOME: home,
            CODE_GRAPH_CACHE_DIR: await mkdtemp(path.join(home, 'index-')),
            CODE_GRAPH_PRECISE: '0',
          } as Record<string, string>,
        }),
      );
      const result = await own.callTool({ name: 'symbol_search', arguments: { root: repo, query: 'total' } });
      // The cache is written as the process exits, which closing its stdin makes it do.
      await own.close();
      return result.structuredContent;
    };
    const dir = path.join(home, 'boocode', 'v8');
    const written = async () =>
      new Map(
        await Promise.all(
          (await readdir(dir)).map(async (f) => [f, await readFile(path.join(dir, f))] as const),
        ),
      );
    try {
      const answer = await serveOnce();
      expect(JSON.stringify(answer)).toMatch(/Cart\.total/);
      const first = await written();
      expect([...first.keys()].some((f) => f.startsWith('code-graph.js.'))).toBe(true);
      expect(await serveOnce()).toEqual(answer);
      // Used, not rewritten: V8 accepted every cache.
      expect(await written()).toEqual(first);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
