import type { LanguageId } from '@boocode/source-kit';
import { describe, expect, it } from 'vitest';
import type { FileFacts } from './facts.js';
import { goPackageName } from './imports.js';
import { parseSource } from './parse-file.js';

const symbols = (f: FileFacts) => f.symbols.map((s) => `${s.kind} ${s.name}${s.exported ? ' exported' : ''}`);
const calls = (f: FileFacts) =>
  f.calls
    .filter((c) => c.kind !== 'reference')
    .map((c) => `${c.caller ?? '-'} ${c.kind} ${c.receiver ? `${c.receiver}.` : ''}${c.callee}`);
const metrics = (f: FileFacts, name: string) => f.symbols.find((s) => s.name === name)?.metrics;
const parse = (language: LanguageId, lines: string[]) => parseSource(lines.join('\n'), language);

describe('extractFacts, per language', () => {
  it('C#: a generic field’s or parameter’s first type argument is kept beside its type', async () => {
    const f = await parse('c_sharp', [
      'public class Basket {',
      '  private readonly IRepository<CatalogItem> _items;',
      '  public Task Get(IReadRepository<Shop.Order, int> orders) { return null; }',
      '}',
    ]);
    expect(f.types).toMatchObject({
      '::_items': 'IRepository',
      '::_items<>': 'CatalogItem',
      'Basket.Get::orders': 'IReadRepository',
      'Basket.Get::orders<>': 'Order',
    });
  });

  it('JavaScript: a database client made by its factory is typed by it, other calls’ values are not', async () => {
    const f = await parse('javascript', [
      "import knex from 'knex';",
      'export default async (app) => {',
      "  const client = knex({ client: 'pg' });",
      '  const pool = mysql.createPool(config);',
      '  const server = express();',
      '};',
    ]);
    expect(f.types).toMatchObject({ '::client': 'knex', '::pool': 'createPool' });
    expect(f.types['::server']).toBeUndefined();
  });

  it('TypeScript: classes, methods, arrows bound to names, imports, re-exports, this-typed fields, metrics', async () => {
    const f = await parse('typescript', [
      "import Default, * as ns from './a';",
      "import { b as c } from './b';",
      "export { d } from './d';",
      'export class Cart extends Base {',
      '  private repo = new Repo();',
      '  total(items: Item[]) {',
      '    if (items.length && this.ok) { for (const i of items) { if (i) c(); } }',
      '    return this.repo.sum(items);',
      '  }',
      '}',
      'export const make = () => new Cart();',
      'const hidden = ns.create();',
    ]);
    expect(symbols(f)).toEqual(['class Cart exported', 'method Cart.total', 'function make exported']);
    // A field initialiser runs at module level; a module-level value's initialiser is credited to it.
    expect(calls(f)).toEqual([
      '- new Repo',
      'Cart.total call c',
      'Cart.total method this.repo.sum',
      'make new Cart',
      'hidden method ns.create',
    ]);
    expect(f.imports.map((i) => `${i.local}=${i.imported} ${i.source}${i.reexport ? ' re' : ''}`)).toEqual([
      'Default=default ./a',
      'ns=* ./a',
      'c=b ./b',
      'd=d ./d re',
    ]);
    expect(f.types).toMatchObject({
      'Cart::super': 'Base',
      'Cart::this.repo': 'Repo',
      'Cart.total::items': 'Item',
    });
    // if + && + for + nested if: 1 + 4 decisions; cognitive 1 + 1 (&&) + 2 (nested for) + 3 (nested if).
    expect(metrics(f, 'Cart.total')).toMatchObject({ cyclomatic: 5, cognitive: 7, nesting: 3, params: 1 });
  });

  it('TypeScript: an awaited call with type arguments is a call', async () => {
    const f = await parse('typescript', [
      'class Search {',
      '  async run(query: Sql) {',
      '    const rows = await this.prisma.$queryRaw<Row[]>(query);',
      '    return await load<Row>(rows);',
      '  }',
      '}',
    ]);
    expect(calls(f)).toEqual(['Search.run method this.prisma.$queryRaw', 'Search.run call load']);
  });

  it('TypeScript and JavaScript: a class field holding a function is a method of the class', async () => {
    for (const language of ['typescript', 'javascript'] as const) {
      const f = await parse(language, [
        'export class PostsController {',
        "  path = '/posts';",
        '  getPost = async (req, res) => {',
        '    if (req.params.id) return this.service.find(req.params.id);',
        '  };',
        '  static make = function () { return new PostsController(); };',
        '}',
      ]);
      expect(symbols(f)).toEqual([
        'class PostsController exported',
        'method PostsController.getPost',
        'method PostsController.make',
      ]);
      expect(calls(f)).toEqual([
        'PostsController.getPost method this.service.find',
        'PostsController.make new PostsController',
      ]);
      expect(metrics(f, 'PostsController.getPost')).toMatchObject({ cyclomatic: 2, params: 2 });
    }
  });

  it("JavaScript: a name bound to an async-handler wrapper's function is that function", async () => {
    const f = await parse('javascript', [
      "const catchAsync = require('../utils/catchAsync');",
      'const login = catchAsync(async (req, res) => {',
      '  const user = await authService.login(req.body);',
      '  res.send(user);',
      '});',
      'const router = express.Router();',
      'module.exports = { login };',
    ]);
    expect(symbols(f)).toEqual(['function login exported']);
    expect(calls(f)).toContain('login method authService.login');
  });

  it('JavaScript CommonJS: require binds a module or its members; module.exports exports and re-exports', async () => {
    const f = await parse('javascript', [
      "const svc = require('./svc');",
      "const { a, b: c } = require('./m');",
      "const d = require('./m').d;",
      'const helper = () => svc.run();',
      'module.exports = { helper };',
      "module.exports.auth = require('./auth');",
    ]);
    expect(f.imports.map((i) => `${i.local}=${i.imported} ${i.source}${i.reexport ? ' re' : ''}`)).toEqual([
      'svc=* ./svc',
      'a=a ./m',
      'c=b ./m',
      'd=d ./m',
      'auth=* ./auth re',
    ]);
    expect(symbols(f)).toEqual(['function helper exported']);
  });

  it('JavaScript CommonJS: `exports.x = (req, res) => …` and `module.exports.y = function …` are exported functions', async () => {
    const f = await parse('javascript', [
      "const User = require('../models/User');",
      'exports.getAccount = (req, res) => {',
      '  res.render(User.findById(req.user.id));',
      '};',
      'module.exports.postLogout = function (req, res) { req.logout(); };',
      'exports.getSignup = catchAsync(async (req, res) => res.render("signup"));',
      'exports.limit = 10;',
    ]);
    expect(symbols(f)).toEqual([
      'function getAccount exported',
      'function postLogout exported',
      'function getSignup exported',
    ]);
    expect(calls(f)).toContain('getAccount method User.findById');
  });

  it('JavaScript JSX with attributes named by reserved words (Solid, Preact): read whole, no syntax error', async () => {
    const f = await parse('javascript', [
      "import { useRouter } from './store';",
      'export default function NavLink(props) {',
      '  const { go } = useRouter();',
      '  return (',
      '    <a class={props.class} onClick={() => go(props.route)}>',
      '      <label for="q">{props.children}</label>',
      '    </a>',
      '  );',
      '}',
    ]);
    expect(f.errorLines).toEqual([]);
    expect(symbols(f)).toEqual(['function NavLink exported']);
    expect(calls(f)).toEqual(['NavLink call useRouter', 'NavLink call go']);
  });

  it('Python: classes, methods with self, imports, docstrings, types from constructions', async () => {
    const f = await parse('python', [
      'import os.path',
      'from .models import User as U, Order',
      'class Service(BaseService):',
      '    def run(self, n):',
      '        """Runs it."""',
      '        self.repo = Repo()',
      '        return self.repo.get(n) or os.path.join("a")',
      'def _helper():',
      '    return Service()',
      'def _label(user):',
      '    return f"{user.name}: {fmt(user)}" + "{not(code)}"',
    ]);
    expect(symbols(f)).toEqual([
      'class Service exported',
      'method Service.run exported',
      'function _helper',
      'function _label',
    ]);
    expect(f.symbols[1]?.doc).toBe('Runs it.');
    // Attribute reads and writes are `property` facts: an edge only where they name a @property.
    expect(calls(f)).toEqual([
      'Service.run property self.repo',
      'Service.run call Repo',
      'Service.run method self.repo.get',
      'Service.run property self.repo',
      'Service.run method os.path.join',
      'Service.run property os.path',
      '_helper call Service',
      // An f-string's interpolations are code; a plain string's braces are not.
      '_label property user.name',
      '_label call fmt',
    ]);
    expect(f.imports.map((i) => `${i.local}=${i.imported} ${i.source}`)).toEqual([
      'os=* os.path',
      'U=User .models',
      'Order=Order .models',
    ]);
    expect(f.types).toMatchObject({ 'Service::super': 'BaseService', 'Service::this.repo': 'Repo' });
    expect(metrics(f, 'Service.run')?.cyclomatic).toBe(2);
  });

  it("TypeScript: a constructor's parameter properties type the class's fields; plain parameters do not", async () => {
    const f = await parse('typescript', [
      'export class AuthController {',
      '  constructor(',
      '    private readonly service: AuthService,',
      '    @Inject(MAILER) public mail: MailService,',
      '    plain: Clock,',
      '  ) {}',
      '  login() {',
      '    return this.service.validateLogin();',
      '  }',
      '}',
    ]);
    expect(f.types).toMatchObject({
      'AuthController::this.service': 'AuthService',
      'AuthController::this.mail': 'MailService',
    });
    expect(f.types['AuthController::this.plain']).toBeUndefined();
  });

  it("PHP: `$this->x = new X()` and `$this->x = $typedParameter` in a method type the class's field", async () => {
    const f = await parse('php', [
      '<?php',
      'class TagController extends Controller {',
      '  protected $repository;',
      '  public function __construct(\\App\\Services\\Mailer $mailer, $plain) {',
      '    $this->repository = new \\App\\Repository\\TagRepository();',
      '    $this->mailer = $mailer;',
      '    $this->plain = $plain;',
      '  }',
      '}',
    ]);
    expect(f.types).toMatchObject({
      'TagController::this.repository': 'TagRepository',
      'TagController::this.mailer': 'Mailer',
    });
    expect(f.types['TagController::this.plain']).toBeUndefined();
  });

  it('Go: methods qualified by their receiver type, structs, imports by last segment, literal types', async () => {
    const f = await parse('go', [
      'package main',
      'import (',
      '  "fmt"',
      '  str "example.com/util/strings"',
      ')',
      'type Repo struct{}',
      'func (r *Repo) Find(id int) string {',
      '  u := &User{}',
      '  svc := new(frontendServer)',
      '  return str.Pad(fmt.Sprint(id), u.Name)',
      '}',
      'func load(s *xorm.Session) (userOut *User, err error) {',
      '  return',
      '}',
    ]);
    expect(symbols(f)).toEqual(['struct Repo exported', 'method Repo.Find exported', 'function load']);
    expect(calls(f)).toEqual([
      'Repo.Find call new',
      'Repo.Find method str.Pad',
      'Repo.Find method fmt.Sprint',
    ]);
    expect(f.imports.map((i) => `${i.local} ${i.source}`)).toEqual([
      'fmt fmt',
      'str example.com/util/strings',
    ]);
    // `new(T)` is a `*T`, as `&T{}` is.
    expect(f.types).toMatchObject({
      'Repo.Find::r': 'Repo',
      'Repo.Find::u': 'User',
      'Repo.Find::svc': 'frontendServer',
      // Parameters, and named results: variables of the body too.
      'load::s': 'xorm.Session',
      'load::userOut': 'User',
    });
  });

  it('Go: embedded fields are a struct’s mixins (a pointer, another package’s type), named fields its fields', async () => {
    const f = await parse('go', [
      'package database',
      'type SQLiteDatabase struct {',
      '\tdbbase',
      '\t*Cache',
      '\tsqlx.DB',
      '\tname string',
      '}',
    ]);
    expect(f.types).toMatchObject({
      'SQLiteDatabase::mixins': 'dbbase,Cache,DB',
      'SQLiteDatabase::this.name': 'string',
    });
  });

  it('Rust: impl blocks make methods, scoped calls keep their path', async () => {
    const f = await parse('rust', [
      'pub struct Stack { items: Vec<u8> }',
      'impl Stack {',
      '    pub fn push(&mut self, x: u8) { self.items.push(x); helpers::log(x); }',
      '}',
    ]);
    expect(symbols(f)).toEqual(['struct Stack exported', 'method Stack.push exported']);
    expect(calls(f)).toEqual(['Stack.push method self.items.push', 'Stack.push method helpers.log']);
  });

  it('Rust: a call with a turbofish is a call of what precedes it', async () => {
    const f = await parse('rust', [
      'pub fn tags(conn: &mut Conn) -> Vec<Tag> {',
      '    let raw = serde_json::from_str::<Value>(TEXT);',
      '    Tag::belonging_to(&article).load::<Tag>(conn).unwrap()',
      '}',
    ]);
    expect(calls(f)).toEqual([
      'tags method serde_json.from_str',
      'tags method Tag::belonging_to(&article).load::<Tag>(conn).unwrap',
      'tags method Tag::belonging_to(&article).load',
      'tags method Tag.belonging_to',
    ]);
  });

  it('Rust: each name a `use` binds, from the module path before it; `pub use` re-exports', async () => {
    const f = await parse('rust', [
      'use crate::authentication::{validate_credentials, Credentials as Creds};',
      'use crate::{routes::error_chain_fmt, db::{self, queries::*}};',
      'use super::IdempotencyKey;',
      'pub use persistence::{save_response, try_processing};',
      'use sqlx::PgPool;',
    ]);
    expect(
      f.imports.map((i) => `${i.local} <- ${i.source}::${i.imported}${i.reexport ? ' (re-export)' : ''}`),
    ).toEqual([
      'validate_credentials <- crate::authentication::validate_credentials',
      'Creds <- crate::authentication::Credentials',
      'error_chain_fmt <- crate::routes::error_chain_fmt',
      '* <- crate::db::queries::*',
      'IdempotencyKey <- super::IdempotencyKey',
      'save_response <- persistence::save_response (re-export)',
      'try_processing <- persistence::try_processing (re-export)',
      'PgPool <- sqlx::PgPool',
    ]);
  });

  it('Java: classes, public methods, method invocations and constructions', async () => {
    const f = await parse('java', [
      'public class Users {',
      '  public User find(long id) { return repo.load(id); }',
      '  private User make() { return new User(); }',
      '}',
    ]);
    expect(symbols(f)).toEqual(['class Users exported', 'method Users.find exported', 'method Users.make']);
    expect(calls(f)).toEqual(['Users.find method repo.load', 'Users.make new User']);
  });

  it("Java: a field's declared type types `this.field`", async () => {
    const f = await parse('java', [
      'public class OwnerController {',
      '  private final OwnerRepository owners;',
      '  public void save(Owner o) { this.owners.save(o); }',
      '}',
    ]);
    expect(f.types).toMatchObject({ 'OwnerController::this.owners': 'OwnerRepository' });
  });

  it('Swift: classes, structs, protocols, extensions, init, typed properties and parameters, calls through self and await', async () => {
    const f = await parse('swift', [
      'import Vapor',
      'protocol ArticleStore { func all(on db: Database) async throws -> [Article] }',
      'struct ArticleService: Sendable {',
      '  let store: ArticleStore',
      '  var cache = Cache()',
      '  init(store: ArticleStore) { self.store = store }',
      '  private func warm() {}',
      '}',
      'extension ArticleService {',
      '  func list(_ req: Request) async throws -> [Article] {',
      '    warm()',
      '    let found = try await store.all(on: req.db)',
      '    self.cache.put(found)',
      '    return try await Article.query(on: req.db).all()',
      '  }',
      '}',
    ]);
    expect(symbols(f)).toEqual([
      'interface ArticleStore exported',
      'method ArticleStore.all exported',
      'class ArticleService exported',
      'method ArticleService.init exported',
      'method ArticleService.warm',
      'class ArticleService exported',
      'method ArticleService.list exported',
    ]);
    expect(calls(f)).toEqual([
      '- call Cache',
      'ArticleService.list call warm',
      'ArticleService.list method store.all',
      'ArticleService.list method self.cache.put',
      'ArticleService.list method Article.query(on: req.db).all',
      'ArticleService.list method Article.query',
    ]);
    expect(f.types).toMatchObject({
      'ArticleService::implements': 'Sendable',
      'ArticleService::this.store': 'ArticleStore',
      'ArticleService::this.cache': 'Cache',
      'ArticleService.init::store': 'ArticleStore',
      'ArticleService.list::req': 'Request',
    });
    expect(f.imports).toEqual([]);
  });

  it('Dart: classes, methods and functions with their bodies after their signatures, calls as selector chains', async () => {
    const f = await parse('dart', [
      "import '../db/setup_db.dart';",
      'final _db = DBSetup();',
      'abstract class Repo { Future<List> all(); }',
      'class CartController extends Base implements Repo {',
      '  final List data = [];',
      '  Future getAll(Request req) async {',
      '    final conn = _db.dbConnector();',
      '    var result = await conn.execute(query);',
      '    this.helper(1);',
      '    _save(2);',
      '    a?.b(c).d();',
      '  }',
      '  static Future<void> helper(int x) => print(x);',
      '  int get size => 1;',
      '  void _save(int x) {}',
      '  untyped(Request req) { _save(3); }',
      '}',
      'void main() { run(); }',
    ]);
    expect(symbols(f)).toEqual([
      'class Repo exported',
      'method Repo.all exported',
      'class CartController exported',
      'method CartController.getAll exported',
      'method CartController.helper exported',
      'method CartController.size exported',
      'method CartController._save',
      'method CartController.untyped exported',
      'function main exported',
    ]);
    // A method's lines run to the end of its body (the node after its signature).
    expect(f.symbols.find((s) => s.name === 'CartController.getAll')).toMatchObject({ line: 6, endLine: 12 });
    expect(f.symbols.find((s) => s.name === 'main')).toMatchObject({ line: 18, endLine: 18 });
    expect(calls(f)).toEqual([
      '- call DBSetup',
      'CartController.getAll method _db.dbConnector',
      'CartController.getAll method conn.execute',
      'CartController.getAll method this.helper',
      'CartController.getAll call _save',
      'CartController.getAll method a.b',
      'CartController.getAll method a?.b(c).d',
      'CartController.helper call print',
      'CartController.untyped call _save',
      'main call run',
    ]);
    expect(f.types).toMatchObject({ 'CartController::super': 'Base', 'CartController::implements': 'Repo' });
  });

  it('Kotlin: classes, interfaces, objects, supertypes, typed constructor properties, calls and imports', async () => {
    const f = await parse('kotlin', [
      'import a.b.UserService as Users',
      'import a.c.*',
      'interface Api { fun get(id: Long): User? }',
      'class Svc(private val repo: Repo, users: Users) : Base(), Api {',
      '  private val cache = Cache()',
      '  override fun get(id: Long): User? {',
      '    val found = repo.find(id)',
      '    this.repo.touch(found)',
      '    return helper(found)?.let { users.load(it) }',
      '  }',
      '}',
      'object Registry { internal fun all() = listOf(1) }',
    ]);
    expect(symbols(f)).toEqual([
      'interface Api exported',
      'method Api.get exported',
      'class Svc exported',
      'method Svc.get exported',
      'class Registry exported',
      'method Registry.all',
    ]);
    expect(calls(f)).toEqual([
      '- call Cache',
      'Svc.get method repo.find',
      'Svc.get method this.repo.touch',
      'Svc.get method helper(found).let',
      'Svc.get call helper',
      'Svc.get method users.load',
      'Registry.all call listOf',
    ]);
    expect(f.types).toMatchObject({
      'Svc::super': 'Base',
      'Svc::implements': 'Api',
      'Svc::this.repo': 'Repo',
      'Svc::this.users': 'Users',
      'Svc::this.cache': 'Cache',
      'Svc.get::id': 'Long',
      'Svc.get::return': 'User',
      'Api.get::return': 'User',
    });
    expect(f.imports).toEqual([
      { local: 'Users', imported: 'UserService', source: 'a.b.UserService', reexport: false },
    ]);
    expect(f.symbols.find((s) => s.name === 'Svc.get')?.metrics?.params).toBe(1);
  });

  it("Kotlin: a delegated property typed by its injector's type argument or what its lazy block builds", async () => {
    const f = await parse('kotlin', [
      'fun votes() {',
      '  val repository by inject<VoteRepository>()',
      '  val clock by lazy { SystemClock(zone) }',
      '  val settings by lazy { load() }',
      '  get { repository.votes(clock.now()) }',
      '}',
    ]);
    const typeOf = (name: string) => Object.entries(f.types).find(([key]) => key.endsWith(`::${name}`))?.[1];
    expect(typeOf('repository')).toBe('VoteRepository');
    expect(typeOf('clock')).toBe('SystemClock');
    expect(typeOf('settings')).toBeUndefined();
  });

  it('C#: a generic method called by its name, without its type arguments', async () => {
    const f = await parse('c_sharp', [
      'class Repo {',
      '  public Task<List<User>> All() {',
      '    Warm<User>();',
      '    return _db.Set<User>().ToListAsync();',
      '  }',
      '}',
    ]);
    expect(calls(f)).toEqual([
      'Repo.All call Warm',
      'Repo.All method _db.Set<User>().ToListAsync',
      'Repo.All method _db.Set',
    ]);
  });

  it('C#: locals typed by their declaration, what they build or what a static method returns; methods by their return type', async () => {
    const f = await parse('c_sharp', [
      'class CartController {',
      '  private readonly StoreContext _db;',
      '  public async Task<IActionResult> Index() {',
      '    var cart = ShoppingCart.GetCart(_db);',
      '    var order = new Order();',
      '    Album album = Find();',
      '    var items = await cart.GetItems();',
      '    return View();',
      '  }',
      '  public static ShoppingCart GetCart(StoreContext db) { return null; }',
      '  public Task<Order> LoadAsync() { return null; }',
      '}',
    ]);
    expect(f.types).toMatchObject({
      '::_db': 'StoreContext',
      'CartController.Index::cart': 'ShoppingCart.GetCart',
      'CartController.Index::order': 'Order',
      'CartController.Index::album': 'Album',
      'CartController.Index::items': 'cart.GetItems',
      'CartController.Index::return': 'IActionResult',
      'CartController.GetCart::return': 'ShoppingCart',
      'CartController.LoadAsync::return': 'Order',
    });
  });

  it('Elixir: modules, def and defp, aliases, calls by module and by name; no call from a head or its guard, an attribute or a field read', async () => {
    const f = await parse('elixir', [
      'defmodule Shop.Orders do',
      '  alias Shop.{Order, Repo}',
      '  alias Shop.Billing.Invoice, as: Bill',
      '  @limit 20',
      '  def list(user) when is_map(user) do',
      '    Order |> where(user_id: ^user.id) |> Repo.all()',
      '  end',
      '  defp total(order), do: Bill.sum(order) + helper(order)',
      '  def zero, do: :ok',
      'end',
    ]);
    expect(symbols(f)).toEqual([
      'module Shop.Orders exported',
      'method Shop.Orders.list exported',
      'method Shop.Orders.total',
      'method Shop.Orders.zero exported',
    ]);
    expect(calls(f)).toEqual([
      'Shop.Orders.list call where',
      'Shop.Orders.list method Repo.all',
      'Shop.Orders.total method Bill.sum',
      'Shop.Orders.total call helper',
    ]);
    expect(f.imports.map((i) => `${i.local}=${i.source}`)).toEqual([
      'Order=Shop.Order',
      'Repo=Shop.Repo',
      'Bill=Shop.Billing.Invoice',
    ]);
  });

  it('Ruby: classes, methods and calls with receivers', async () => {
    const f = await parse('ruby', [
      'class Post < ApplicationRecord',
      '  def publish',
      '    notifier.send_mail(self)',
      '  end',
      'end',
    ]);
    expect(symbols(f)).toEqual(['class Post', 'method Post.publish']);
    expect(calls(f)).toEqual(['Post.publish method notifier.send_mail']);
  });
});

describe('goPackageName', () => {
  it('names a Go import as Go does when the import gives no name', () => {
    expect(goPackageName('github.com/go-chi/chi/v5')).toBe('chi');
    expect(goPackageName('gopkg.in/yaml.v3')).toBe('yaml');
    expect(goPackageName('github.com/mattn/go-sqlite3')).toBe('sqlite3');
    expect(goPackageName('net/http')).toBe('http');
  });
});
