/**
 * Which calls touch the database, on what entity, reading or writing. Read from the call's own
 * shape (its receiver chain, its verb, its line's text) against the entities the project's schema
 * defines, the way each ORM spells an access: a client's model (`prisma.article.findMany`), a
 * repository or mapper (`articleRepository.save`), a model class (`Article.objects.filter`,
 * `Article::where`, `Article.find_by`), a context's set (`context.Articles.Where`), a builder over
 * a handle (`db.Where(…).First(&m)`, `articles::table.filter`), an instance (`comment.delete()`), or
 * SQL text.
 */
import { DATABASE_FACTORIES } from '../parse/type-hints.js';
import { lastSegment } from './near.js';
import { blankStrings, closingBracket, lastAssigned } from './source-text.js';
import { sqlTarget } from './sql-target.js';

export type DataOpKind = 'read' | 'write';

export interface CallSite {
  callee: string;
  receiver: string | null;
  line: number;
  caller: string | null;
}

export interface DataOp {
  entity: string;
  op: DataOpKind;
  call: string;
  line: number;
}

export const UNKNOWN_ENTITY = '{unknown}';

/** A unit of work's commit: `db.session.commit()`, EF Core's `SaveChangesAsync`, Doctrine's `flush`. */
const COMMIT = /(?:^|\.|->)(?:commit|flush|savechanges(?:async)?|save_changes)!?$/i;

/**
 * Names the entity a commit writes (the call names none) when the writes staged before it, since
 * the last commit, are all of one entity: `db.session.add(user)` then `db.session.commit()`. `ops`
 * in the order of the code, one function's.
 */
export function namedCommits<T extends DataOp>(ops: readonly T[]): T[] {
  const staged = new Set<string>();
  return ops.map((op) => {
    if (op.entity !== UNKNOWN_ENTITY) {
      if (op.op === 'write') staged.add(op.entity);
      return op;
    }
    if (!COMMIT.test(op.call)) return op;
    const [only] = staged;
    const named = staged.size === 1 && only ? { ...op, entity: only } : op;
    staged.clear();
    return named;
  });
}

const WRITE_VERBS = new Set([
  'save',
  'saveall',
  'saveandflush',
  'create',
  'createmany',
  'insert',
  'insertinto',
  'insertone',
  'insertmany',
  'update',
  'updatemany',
  'updateone',
  'updateorcreate',
  'upsert',
  'delete',
  // Knex's (and Redis clients') name for delete.
  'del',
  'deletemany',
  'deleteone',
  'destroy',
  'remove',
  'add',
  'addrange',
  'persist',
  'merge',
  'flush',
  'savechanges',
  'commit',
  'increment',
  'decrement',
  'attach',
  'detach',
  'sync',
  'toggle',
  'touch',
  'exec',
  'execute',
  'bulkcreate',
  'getorcreate',
  'firstorcreate',
  'findorcreate',
  'softdelete',
  'restore',
  'associate',
  'dissociate',
  'append',
  'replace',
  'clear',
]);

const READ_VERBS = new Set([
  'find',
  'findall',
  'findone',
  'findmany',
  'findunique',
  'findfirst',
  'findandcount',
  'findorfail',
  'findbyid',
  'findbypk',
  'getone',
  'getmany',
  'getrawmany',
  'getrawone',
  'getcount',
  'list',
  'all',
  'first',
  'firstordefault',
  'single',
  'singleordefault',
  'last',
  'where',
  'filter',
  'exclude',
  'select',
  'query',
  'queryrow',
  'queryrowx',
  'count',
  'longcount',
  'exists',
  'any',
  'load',
  'fetch',
  'fetchone',
  'fetchall',
  'aggregate',
  'pluck',
  'paginate',
  'tolist',
  'toarray',
  'getresult',
  'getresults',
  'getsingleresult',
  'getobjector404',
  'getlistor404',
  'findby',
  'findeach',
  'selectrelated',
  'prefetchrelated',
  'annotate',
  'orderby',
  'preload',
  'joins',
  'includes',
  'with',
  'latest',
  'createquerybuilder',
  'get',
  'scan',
  'take',
  'raw',
  'one',
  'scalar',
  'scalars',
  'order',
  'page',
]);

/**
 * Kotlin's scope and collection functions: on a call's result (`repo.findAll().associate { … }`,
 * `repo.find(id)?.let { … }`) they shape what the call returned; the access is the call itself.
 */
const KOTLIN_TRANSFORMS = new Set([
  'let',
  'also',
  'apply',
  'run',
  'takeIf',
  'map',
  'mapNotNull',
  'filter',
  'filterNot',
  'associate',
  'associateBy',
  'associateWith',
  'groupBy',
  'forEach',
  'flatMap',
  'sortedBy',
  'sortedByDescending',
  'toList',
  'toSet',
  'toMap',
  'first',
  'firstOrNull',
  'single',
  'singleOrNull',
  'sumOf',
  'count',
  'any',
  'all',
  'none',
  'distinct',
]);

/** Verbs only an Eloquent many-to-many relation has. */
const RELATION_VERBS = new Set([
  'attach',
  'detach',
  'sync',
  'syncwithoutdetaching',
  'toggle',
  'updateexistingpivot',
]);

/** Languages whose ORMs load an entity's associations through a member named after it. */
const ASSOCIATION_LANGUAGES = new Set(['ruby', 'php', 'python']);
/** Languages whose entities save themselves (`article.save()`, `$comment->delete()`, `@user.destroy`). */
const ACTIVE_RECORD_LANGUAGES = new Set([
  'ruby',
  'php',
  'python',
  'typescript',
  'tsx',
  'javascript',
  'swift',
]);

/** Verbs that move data whatever object they are called on, with no accessor in sight. */
const PERSIST_VERBS = new Set(['save', 'delete', 'destroy', 'update', 'create', 'remove', 'persist']);

/** Names an ORM gives its handle: a client, a session, a context, a builder, a repository. */
const ACCESSORS = new Set([
  'prisma',
  'db',
  'database',
  'tx',
  'trx',
  'conn',
  'connection',
  // Python's DB-API: `cursor.execute(sql, args)`.
  'cursor',
  'pool',
  'session',
  'objects',
  'query',
  'queryset',
  'context',
  'dbcontext',
  'em',
  'entitymanager',
  'manager',
  'knex',
  'sql',
  'orm',
  'diesel',
  'table',
  'repo',
  'model',
  'eloquent',
  'gorm',
  'sqlx',
  // ASP.NET Core Identity's store of its user entity.
  'usermanager',
]);
/** A call that builds an object: a class by its name, or a class held in a variable (`repo_type`, `cls`). */
const CONSTRUCTED = /^(?:[A-Z]\w*|cls|\w+_(?:type|class|cls))$/;

/** Names a database handle goes by when it is passed along. */
const HANDLES = new Set(['conn', 'connection', 'session', 'tx', 'trx', 'db', 'pool', 'executor', 'pg']);

/** An entity among a function name's words: `get_article_by_slug`, `fetchCommentsForArticle`. */
function wordEntity(name: string, ctx: ClassifyContext): string | undefined {
  for (const word of name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split('_'))
    if (word.length > 2) {
      const found = ctx.entities.match(word);
      if (found) return found;
    }
  return undefined;
}

// Not `store`: a Store is as often an interface over the database as the database handle itself.
const ACCESSOR_SUFFIX = /(repository|repo|mapper|dao|context|table|queryset|model)$/i;

/** `findBySlug`, `find_by_email`, `getByIdAsync`, `find_by!`: the verb the ORM reads it by. */
function verbOf(callee: string): string {
  const plain = callee
    .replace(/[!?]$/, '')
    .replace(/Async$/, '')
    .replace(/(OrFail|OrThrow|_or_404|OrDefault)$/i, (m) => (/default/i.test(m) ? m : ''))
    .replace(/[_$]/g, '')
    .toLowerCase()
    // Bun's query builders: `db.NewSelect()`, `tx.NewDelete()`.
    .replace(/^new(?=(?:select|insert|update|delete)$)/, '');
  if (WRITE_VERBS.has(plain) || READ_VERBS.has(plain)) return plain;
  // Mongoose's `findOneAndUpdate`, `findByIdAndDelete`: found to be changed.
  const andWrite = /and(update|delete|remove|replace)$/.exec(plain)?.[1];
  if (andWrite) return andWrite === 'update' || andWrite === 'replace' ? 'update' : 'delete';
  if (/^(find|get|read|load|fetch|select|query)by/.test(plain)) return 'findby';
  if (/^(find|get|fetch)(all|many|list)/.test(plain)) return 'findall';
  if (/^(delete|remove|destroy)by/.test(plain)) return 'delete';
  if (/^(update|save|insert|create|upsert)\w+/.test(plain))
    return plain.startsWith('update') ? 'update' : plain.startsWith('save') ? 'save' : 'insert';
  if (/^(delete|remove|destroy)\w+/.test(plain)) return 'delete';
  if (/^(where|order|group|having|join)\w+/.test(plain)) return 'where';
  if (/^(find|fetch|get|load|list|search|count|exists|select|query)\w+/.test(plain)) return 'find';
  return plain;
}

const opOf = (verb: string): DataOpKind | undefined =>
  WRITE_VERBS.has(verb) ? 'write' : READ_VERBS.has(verb) ? 'read' : undefined;

/**
 * A query builder's step that names the table (Knex's `db.select().table('users')`,
 * `db.insert(row).into('users')`, `.from('users')`): the query does what the chain before it says.
 */
const TABLE_STEPS = new Set(['table', 'from', 'into']);

/** A builder started from a table named in a literal: Knex's `db('users').where(…)`. */
const BUILDER_TABLE = /^[\w$]+\s*\(\s*(['"`])([\w.]+)\1\s*\)/;

/** The table a table step names in a literal: `.table('users')` → `users`. */
const tableArgument = (callee: string, lineText: string): string | undefined =>
  new RegExp(String.raw`\b${callee}\s*\(\s*(['"\`])([\w.]+)\1`).exec(lineText)?.[2];

/** `Article.find(q).sort(…).exec()`: running a built query does what the query's own verbs say. */
function chainOp(receiver: string): DataOpKind | undefined {
  let op: DataOpKind | undefined;
  for (const [, name] of receiver.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)) {
    const called = opOf(verbOf(name as string));
    if (called === 'write') return 'write';
    op ??= called;
  }
  return op;
}

/** A name as the schema would spell its entity: case, separators, plural and role suffixes set aside. */
export function entityKey(name: string): string {
  let key = name
    .replace(/^[$@_]+/, '')
    .replace(
      /(?<=[a-z0-9])(?:_?(?:Repository|Repo|Mapper|Dao|Model|Entity|Record|Table|Schema)|_(?:repository|repo|mapper|dao|model|entity|record|table|schema))$/,
      '',
    )
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (key.endsWith('ies') && key.length > 4) key = `${key.slice(0, -3)}y`;
  else if (/(sses|xes|ches|shes)$/.test(key)) key = key.slice(0, -2);
  else if (key.endsWith('s') && !key.endsWith('ss') && key.length > 3) key = key.slice(0, -1);
  return key;
}

/** The project's entities by key, each shown as the schema names it. */
export class Entities {
  private readonly byKey = new Map<string, string>();

  /** `aliases`: other names code gives an entity (a DbSet's property, a table's class) → the entity. */
  constructor(names: readonly string[], aliases: Readonly<Record<string, string>> = {}) {
    for (const [name, entity] of [...names.map((n) => [n, n]), ...Object.entries(aliases)]) {
      const key = entityKey(name as string);
      if (key && !this.byKey.has(key)) this.byKey.set(key, entity as string);
    }
  }

  match(token: string): string | undefined {
    if (!/^[A-Za-z_$@]/.test(token) || token.length < 2) return undefined;
    return this.byKey.get(entityKey(token));
  }

  /** An entity a type's name starts with: `ArticleReadService`, `user_mapper`. */
  leading(typeName: string): string | undefined {
    const words = typeName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_]+/);
    for (let n = words.length - 1; n >= 1; n--) {
      const found = this.match(words.slice(0, n).join(''));
      if (found) return found;
    }
    return undefined;
  }

  get size(): number {
    return this.byKey.size;
  }
}

const tokensOf = (text: string): string[] => text.match(/[$@]?[A-Za-z_][\w]*/g) ?? [];

/** A call chain with what its calls are given left out: `a.where(x).first()` is `a.where().first()`. */
function withoutArguments(chain: string): string {
  let out = blankStrings(chain, '""');
  // Innermost first; each emptied pair is marked so the one around it is innermost next.
  for (let last = ''; last !== out; ) {
    last = out;
    out = out.replace(/\([^()]*\)/g, '\u0000');
  }
  return out.replaceAll('\u0000', '()');
}

/** `previous`: the token before in the chain (`request` in `request.session`). */
const isAccessor = (token: string, language: string, previous?: string): boolean => {
  const bare = token.replace(/^[$@_]+/, '').toLowerCase();
  return !isHttpState(bare, language, previous) && (ACCESSORS.has(bare) || ACCESSOR_SUFFIX.test(bare));
};

/**
 * HTTP state named like a database's: Elixir's `conn` is Plug's connection (`render(conn, …)`),
 * Ruby's `session` Rails' or Sinatra's (`session[:user_id]`), a React component's its sign-in's
 * (NextAuth's `useSession()`: no component holds a database session), and a request's session
 * anywhere (Django's `request.session`, express-session's `req.session`).
 */
const isHttpState = (bare: string, language: string, previous?: string) =>
  (language === 'elixir' && bare === 'conn') ||
  (bare === 'session' &&
    (language === 'ruby' || language === 'tsx' || /^(?:request|req)$/.test(previous ?? '')));

/** A variable holding a handle (`conn`, `$db`), not a type or module of that name (Ecto's `has_one :x, Connection`). */
const isHandle = (token: string, language: string): boolean => {
  const bare = token.replace(/^[$@_]+/, '');
  const name = bare.toLowerCase();
  return !/^[A-Z]/.test(bare) && HANDLES.has(name) && !isHttpState(name, language);
};

/** The first SQL string in `text`: the table its statement acts on, and whether it reads. */
function sqlStatement(text: string): { table: string; reads: boolean } | undefined {
  // Up to the quote that opened it: `SELECT * FROM "Users"` in backticks quotes its identifiers. A
  // statement split over literals side by side (Python's, C's) or joined by `+` is read as one.
  const joined = text.replace(/(["'])\s*\+?\s*\1/g, '');
  const sql = /(["'`])\s*(select|insert|update|delete|with)\b(?:(?!\1)[\s\S])*/i.exec(joined);
  return sql ? sqlTarget(sql[0].slice(1)) : undefined;
}

/**
 * A statement SQLAlchemy 2.0 and SQLModel build and a session then runs (`select(Item).where(…)`,
 * `select(func.count()).select_from(Item)`, `delete(Item).where(…)`): its verb and the model it names.
 */
function builtStatement(text: string): { table: string; reads: boolean } | undefined {
  const start = /^\s*\(?\s*(select|update|delete|insert)\s*\(/.exec(text);
  if (!start) return undefined;
  const model =
    /^\s*([A-Z]\w*)\b/.exec(text.slice(start[0].length))?.[1] ??
    /\.\s*select_from\s*\(\s*([A-Z]\w*)/.exec(text)?.[1];
  return model ? { table: model, reads: start[1] === 'select' } : undefined;
}

export interface ClassifyContext {
  entities: Entities;
  /** What a variable was assigned or declared as, in the caller or its class (code-graph's type hints). */
  typeOf: (caller: string | null, name: string) => string | undefined;
  /** The base a project class extends, as written, for a service built on a library's repository. */
  parentOf?: (type: string) => string | undefined;
  /** The call's line in its file. */
  lineText: string;
  /** The file's language: array methods in JS/TS share names with ORM reads. */
  language: string;
  /** The whole file, for a statement prepared away from where it runs. */
  fileText?: () => string;
  /** The file's lines above the call's, for a statement handed a variable assigned there. */
  textAbove?: () => string;
  /** The lines of the function the call is made in, above the call's. */
  bodyAbove?: () => string;
  /** A few of the file's lines below the call's, for a string that opens at the end of its line. */
  textBelow?: () => string;
  /** Whether the call is resolved to a function of the project. */
  reachesProject?: () => boolean;
  /** A query kept in SQL files under a name code calls it by (sqlc's, the yesql family's). */
  storedQuery?: (name: string) => { table: string; reads: boolean } | undefined;
}

/** What runs a prepared statement of database/sql and sqlx (`stmt.QueryRowx(…)`, `stmt.ExecContext(…)`). */
const STATEMENT_RUN = /^(?:Exec|Get|Select|Query|QueryRow|Queryx|QueryRowx|MustExec)(?:Context)?$/;

/** Verbs that run a prepared statement (better-sqlite3, node:sqlite, PDO, database/sql). */
const RUN_VERBS = new Set([
  'run',
  'all',
  'get',
  'iterate',
  'execute',
  'exec',
  'query',
  'queryrow',
  'pluck',
  'raw',
]);

/** Prisma's raw SQL: `$queryRaw(query)`, `$executeRaw(query)`, their `Unsafe` forms. */
const PRISMA_RAW = /^\$(?:query|execute)Raw(?:Unsafe)?$/;

/**
 * The SQL of a statement prepared elsewhere in the file under the receiver's last name
 * (`listSessions: db.prepare('SELECT …')`, `$stmt = $pdo->prepare("…")`), read up to two lines on.
 */
function preparedSql(receiver: string, ctx: ClassifyContext): string | undefined {
  const name = /([A-Za-z_]\w*)\s*$/.exec(receiver)?.[1];
  if (!name || !ctx.fileText) return undefined;
  const text = ctx.fileText();
  const at = new RegExp(`\\b${name}\\s*[:=]\\s*(?:await\\s+)?[\\w$.>-]*prepare\\s*\\(`).exec(text);
  if (!at) return undefined;
  return text.slice(at.index, at.index + 400);
}

/**
 * The SQL a statement runs when it is handed a variable (`conn.execute(query)`, `cursor.execute(sql,
 * args)`, `prisma.$queryRaw<T>(query)` of a `Prisma.sql` template): the string last assigned to that
 * name above the call, read up to 400 characters on.
 */
function sqlInVariable(call: CallSite, ctx: ClassifyContext): string | undefined {
  const callee = call.callee.replace(/[^\w]/g, '\\$&');
  // Type arguments may come between (`prisma.$queryRaw<Row[]>(query)`).
  const name = new RegExp(`(?<![\\w$])${callee}\\s*(?:<[^()]*>\\s*)?\\(\\s*([A-Za-z_]\\w*)\\s*[,)]`).exec(
    ctx.lineText,
  )?.[1];
  const above = name && ctx.textAbove?.();
  return above ? lastAssigned(above, name)?.slice(0, 400) : undefined;
}

/** EF Core's query types, a local holding one being a query of its entity. */
const QUERYABLE = /^(?:IQueryable|IOrderedQueryable|DbSet)$/;
/** LINQ operators that add to a query without running it. */
const LINQ_COMPOSES =
  /^(?:Where|Select|SelectMany|OrderBy|OrderByDescending|ThenBy|ThenByDescending|Skip|Take|Include|ThenInclude|AsNoTracking|AsQueryable|GroupBy|Join|Distinct|Concat|Union)$/;

/**
 * Go's database handles by their library's type, whatever the variable is called (`s *xorm.Session`,
 * `q *bun.DB`): what a call on one does is a query.
 */
const GO_DATABASE_HANDLE =
  /^(?:xorm\.(?:Session|Engine|EngineGroup|Interface)|gorm\.DB|sqlx?\.(?:DB|Tx|Conn)|bun\.(?:DB|Tx|IDB)|pg\.(?:DB|Tx)|pgx\.(?:Conn|Tx)|pgxpool\.Pool)$/;

/** Whether a chain starts at a Go database handle (`s.ID(id).Delete(…)` with `s *xorm.Session`). */
const onGoHandle = (receiver: string, call: CallSite, ctx: ClassifyContext): boolean => {
  const root = /^\w+/.exec(receiver)?.[0];
  return (
    root !== undefined &&
    ctx.language === 'go' &&
    GO_DATABASE_HANDLE.test(ctx.typeOf(call.caller, root) ?? '')
  );
};

/**
 * What a Go call is handed, its strings blanked, on the lines below when a chain puts the call there
 * (`s.Where(…).\n\t\tDelete(&Token{})`).
 */
function goArguments(call: CallSite, ctx: ClassifyContext): string {
  const opening = `${call.callee}(`;
  const text =
    ctx.lineText.includes(opening) || !ctx.textBelow ? ctx.lineText : `${ctx.lineText}\n${ctx.textBelow()}`;
  const at = text.indexOf(opening);
  if (at < 0) return '';
  const open = at + call.callee.length;
  return blankStrings(text.slice(open + 1, closingBracket(text, open)), ' ');
}

/** An entity a Go call is handed as a value of its type: `&Label{}`, `Label{ID: id}`, `new(Label)`. */
function goLiteralEntity(args: string, ctx: ClassifyContext): string | undefined {
  for (const [, literal, allocated] of args.matchAll(/\b([A-Z]\w*)\s*\{|\bnew\(\s*([A-Z]\w*)\s*\)/g)) {
    const found = ctx.entities.match((literal ?? allocated) as string);
    if (found) return found;
  }
  return undefined;
}

/** A library's repository base a project's service extends (`SQLAlchemyAsyncRepositoryService[m.Tag]`). */
const REPOSITORY_BASE = /Repository|Repo\b|Dao\b/i;

/**
 * A receiver whose declared type is a repository, mapper, DAO or context (`OwnerRepository owners`),
 * or a project class built on a library's repository (`tags_service: TagService`, where `TagService`
 * extends advanced-alchemy's `SQLAlchemyAsyncRepositoryService[Tag]`).
 */
function typedAccessor(receiver: string, call: CallSite, ctx: ClassifyContext): boolean {
  // A client a database factory made (`const client = knex(…)`) starts chains of any shape:
  // `client('users').where(…)`, `client.select().table('users')`.
  const root = /^[\w$]+/.exec(receiver)?.[0];
  if (root && DATABASE_FACTORIES.has(ctx.typeOf(call.caller, root) ?? '')) return true;
  // A query EF Core builds on a DbSet, held in a local (`var root = (IQueryable<Item>)db.Items`):
  // `root.OrderBy(…).ToListAsync()` runs it; `root.Where(…)` only composes it.
  if (root && QUERYABLE.test(ctx.typeOf(call.caller, root) ?? '')) return !LINQ_COMPOSES.test(call.callee);
  if (onGoHandle(receiver, call, ctx)) return true;
  if (!receiver || receiver.includes('(')) return false;
  const typed =
    ctx.typeOf(call.caller, receiver) ?? ctx.typeOf(call.caller, receiver.replace(/^(this|self)\./, ''));
  // A request's context (`c *gin.Context`, Go's `context.Context`, ASP.NET's `HttpContext`) is no
  // database context, which a project names after itself (`ConduitContext`, `AppDbContext`).
  if (typed === undefined || /^(?:Http)?Context$/.test(typed.split(/[.:]/).pop() ?? '')) return false;
  // Type hints are stored bare (`OwnerRepository`; a first type argument is kept apart, as `name<>`).
  return ACCESSOR_SUFFIX.test(typed) || REPOSITORY_BASE.test(ctx.parentOf?.(typed) ?? '');
}

/** Entity named by a chain's tokens, a variable's recorded type, or the line around the call. */
function entityFrom(tokens: string[], call: CallSite, ctx: ClassifyContext): string | undefined {
  for (const token of tokens) {
    const direct = ctx.entities.match(token);
    if (direct) return direct;
  }
  // `current_user`, `currentUser`: named after the entity by its last word.
  for (const token of tokens) {
    const last = /(?:_|[a-z0-9])([A-Za-z][a-z0-9]+)$/.exec(token)?.[1];
    const byWord = last ? ctx.entities.match(last) : undefined;
    if (byWord) return byWord;
  }
  return typedEntity(tokens, call, ctx);
}

/** Generic types whose type argument is the entity they hold (EF Core's `IQueryable<T>` over a DbSet too). */
const GENERIC_STORE = /(?:Repository|Repo|Dao|DbSet|Collection|Store|Queryable)$/;

/** Entity named by the recorded type of one of the tokens (a field's, a variable's). */
function typedEntity(tokens: string[], call: CallSite, ctx: ClassifyContext): string | undefined {
  for (const token of tokens) {
    const typed = ctx.typeOf(call.caller, token);
    // A handle's type names its library's handle (`xorm.Session`), not an entity of the app.
    if (!typed || (ctx.language === 'go' && GO_DATABASE_HANDLE.test(typed))) continue;
    // A generic repository's type argument (`IRepository<CatalogItem> itemRepository`, TypeORM's
    // `Repository<User>`); not any generic's (`SignInManager<AppUser>` signs in, it loads no user).
    const held = GENERIC_STORE.test(typed) ? ctx.typeOf(call.caller, `${token}<>`) : undefined;
    const entity = held ? ctx.entities.match(held) : undefined;
    if (entity) return entity;
    // The type's own name and arguments, then the base it extends (`…RepositoryService[m.Tag]`).
    for (const part of [...tokensOf(typed), ...tokensOf(ctx.parentOf?.(typed) ?? '')]) {
      const found = ctx.entities.match(part);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A call's arguments as far as its line shows them, their strings blanked; for a call written
 * without parentheses (Ruby's, Elixir's), what follows its name. Never what comes before it:
 * `session[:to] = request.original_fullpath` hands the call no session.
 */
function argumentText(call: CallSite, lineText: string, language: string): string {
  const at = lineText.indexOf(`${call.callee}(`);
  const bare = at >= 0 ? at : lineText.indexOf(call.callee);
  // Strings blanked first, so that a comment marker left starts the line's comment.
  return bare >= 0
    ? blankStrings(lineText.slice(bare + call.callee.length), ' ').replace(lineComment(language), '')
    : '';
}

/** Where a line's trailing comment starts: `#` in Python, Ruby and Elixir (`//` divides in Python), both in PHP. */
function lineComment(language: string): RegExp {
  if (language === 'python' || language === 'ruby' || language === 'elixir') return /\s#.*$/;
  return language === 'php' ? /\s(?:#|\/\/).*$/ : /\s\/\/.*$/;
}

/** The entities and variables named in a call's arguments, as far as its line shows them. */
const argumentTokens = (call: CallSite, lineText: string, language: string): string[] =>
  tokensOf(argumentText(call, lineText, language));

/**
 * A parenthesized argument list (after a Rust macro's `!` or turbofish) without what calls inside it
 * are handed, and without what follows it on the line (`f(a).g(conn)`: `g`'s). Other text as it is:
 * Ruby's and Elixir's calls without parentheses.
 */
function ownArguments(text: string): string {
  const open = /^[\s!]*(?:::\s*<[^()]*>\s*)?\(/.exec(text);
  if (!open) return text;
  let depth = 1;
  let own = '';
  for (const char of text.slice(open[0].length)) {
    if (char === '(') depth++;
    else if (char === ')' && --depth === 0) break;
    else if (depth === 1) own += char;
  }
  return own;
}

/** Where a closure starts among a call's arguments: Rust's `|x|`/`move ||`, an arrow function's parameters, Python's `lambda`. */
const CLOSURE =
  /\bmove\s*\||\|[\w\s,:&*]*\|(?!\|)|(?:\basync\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>|\blambda\b/;

/**
 * The names a call is handed bare: `queries.get(conn, id)` hands `conn`; `errors.Is(err,
 * db.ErrNotFound)` hands `err` and a member of the package `db`, not `db`. What a closure among the
 * arguments uses is the closure's (`block_in_place(move || f(conn))` runs `f`, which is read on its
 * own), as is what a call among them is handed (`list.push(c.to_json(conn))` pushes a value); a
 * clone of a handle (`Arc::clone(&self.conn)`) queries nothing.
 */
function handedTokens(call: CallSite, lineText: string, language: string): string[] {
  if (call.callee === 'clone') return [];
  const text = ownArguments(argumentText(call, lineText, language));
  const closure = CLOSURE.exec(text);
  return (
    (closure ? text.slice(0, closure.index) : text).match(
      /(?<!:)[$@]?\b[A-Za-z_]\w*\b(?!\s*(?:\.|->|::)\s*\w)/g,
    ) ?? []
  );
}

/** The name a call is handed first (`select(Post)`: `Post`), as far as its line shows it. */
const firstArgumentName = (call: CallSite, lineText: string): string | undefined =>
  /^\s*\(\s*([A-Za-z_]\w*)/.exec(
    lineText.slice(lineText.indexOf(`${call.callee}(`) + call.callee.length),
  )?.[1];

/**
 * SQLAlchemy 2's statements name their entity as the first argument: `sa.select(Post)`,
 * `delete(User).where(…)`, `insert(Tag)`; `session.get(User, id)` loads one row.
 */
function sqlalchemyStatement(call: CallSite, ctx: ClassifyContext): DataOp | undefined {
  const receiver = call.receiver ?? '';
  const statement =
    /^(select|insert|update|delete)$/.test(call.callee) && /^(sa|sqlalchemy|sql)?$/.test(receiver);
  const load = call.callee === 'get' && /(^|\.)session$/.test(receiver);
  if (!statement && !load) return undefined;
  const first = firstArgumentName(call, ctx.lineText);
  const model = first && /^[A-Z]/.test(first) ? first : undefined;
  const entity = model ? ctx.entities.match(model) : undefined;
  if (!entity) return undefined;
  return {
    entity,
    op: call.callee === 'select' || load ? 'read' : 'write',
    call: `${receiver ? `${receiver}.` : ''}${call.callee}(${model})`,
    line: call.line,
  };
}

/**
 * Django's shortcuts load from the model or queryset they are handed first: `get_object_or_404(Check,
 * code=code)`. A queryset built elsewhere (a parameter, a variable) is some model's.
 */
function djangoShortcut(call: CallSite, ctx: ClassifyContext): DataOp | undefined {
  if (!/^get_(object|list)_or_404$/.test(call.callee) || !/^(shortcuts)?$/.test(call.receiver ?? ''))
    return undefined;
  const first = firstArgumentName(call, ctx.lineText);
  const model = first && (/^[A-Z]/.test(first) ? first : querysetSource(first, ctx));
  const entity = (model && ctx.entities.match(model)) || UNKNOWN_ENTITY;
  return { entity, op: 'read', call: `${call.callee}(${first ?? ''})`, line: call.line };
}

/**
 * The model a queryset variable was built from above the call: `q = Check.objects.filter(…)`, through
 * refinements of itself (`q = q.select_related(…)`).
 */
function querysetSource(name: string, ctx: ClassifyContext): string | undefined {
  const above = ctx.textAbove?.();
  return above ? builtFrom(above, name) : undefined;
}

/**
 * What a variable was last built from in `text` (`q = Check.objects…`, `let t: T = tags::table…`),
 * past refinements of itself (`q = q.filter(…)`).
 */
function builtFrom(text: string, name: string): string | undefined {
  const built = new RegExp(`\\b${name}\\s*(?::[^=\\n]*)?:?=\\s*([A-Za-z_]\\w*)`, 'g');
  return [...text.matchAll(built)].map((m) => m[1]).findLast((source) => source !== name);
}

/**
 * The entity a local's query was built from, above the call that runs it with the database handle,
 * in the same function: Diesel's `let t = favorites::table.filter(…)` before `t.first::<i64>(conn)`.
 */
function localQueryEntity(receiver: string, ctx: ClassifyContext): string | undefined {
  if (!/^[a-z_]\w*$/.test(receiver)) return undefined;
  const above = ctx.bodyAbove?.();
  const source = above ? builtFrom(above, receiver) : undefined;
  return source ? ctx.entities.match(source) : undefined;
}

/**
 * What a UserManager method does to the user store, by its first word: `ChangePasswordAsync`,
 * `SetEmailAsync`, `AddLoginAsync`, `GenerateNewTwoFactorRecoveryCodesAsync` write the user;
 * `IsEmailConfirmedAsync`, `HasPasswordAsync`, `GeneratePasswordResetTokenAsync` read it.
 */
function identityVerb(callee: string): string | undefined {
  // A token is derived from the user's security stamp: read, not stored.
  if (/^Generate\w*TokenAsync$/.test(callee)) return 'find';
  if (
    /^(Set|Add|Remove|Change|Reset|Confirm|Update|Create|Delete|Generate|Redeem|Replace|Access)[A-Z]/.test(
      callee,
    )
  )
    return 'update';
  if (/^(Get|Find|Is|Has|Check|Count|Verify)[A-Z]/.test(callee)) return 'find';
  return undefined;
}

/** Django's reverse relation manager (`project.check_set.all()`): the related model's rows. */
const DJANGO_RELATED_SET = /\.([a-z]\w*?)_set\s*$/;

/**
 * The named query a call runs: goyesql's statement in a field named after its query
 * (`c.q.DeleteBounces.Exec(…)`), or sqlc's and aiosql's generated method of the query's name
 * (`store.CreateAccount(ctx, arg)`) — unless the call reaches a function of the project, which is
 * then a method of the project's own that happens to share the name (listmonk's
 * `core.DeleteBounces` running the `delete-bounces` statement inside).
 */
function storedQueryRun(call: CallSite, ctx: ClassifyContext) {
  const statement = STATEMENT_RUN.test(call.callee)
    ? ctx.storedQuery?.(lastSegment(call.receiver ?? ''))
    : undefined;
  if (statement) return statement;
  const generated = ctx.storedQuery?.(call.callee);
  return generated && !ctx.reachesProject?.() ? generated : undefined;
}

/** One call as a data operation, or undefined when it does not touch the database. */
export function classifyCall(call: CallSite, ctx: ClassifyContext): DataOp | undefined {
  // Vapor 3's `req.parameters.next(Article.self)` loads the row the path's parameter names.
  if (ctx.language === 'swift' && call.callee === 'next' && /\bparameters$/.test(call.receiver ?? '')) {
    const model = /\b([A-Z]\w*)\.self\b/.exec(ctx.lineText)?.[1];
    const entity = model ? ctx.entities.match(model) : undefined;
    if (entity) return { entity, op: 'read', call: `${call.receiver}.next(${model}.self)`, line: call.line };
  }
  if (ctx.language === 'kotlin' && KOTLIN_TRANSFORMS.has(call.callee) && /\)\s*$/.test(call.receiver ?? ''))
    return undefined;
  if (ctx.language === 'python') {
    const statement = sqlalchemyStatement(call, ctx) ?? djangoShortcut(call, ctx);
    if (statement) return statement;
  }
  const stored = call.receiver ? storedQueryRun(call, ctx) : undefined;
  if (stored)
    return {
      entity: ctx.entities.match(stored.table) ?? stored.table,
      op: stored.reads ? 'read' : 'write',
      call: `${call.receiver}.${call.callee}`,
      line: call.line,
    };
  const receiver = call.receiver ?? '';
  const tokens = tokensOf(receiver);
  const userManager = tokens.some((t) => t.replace(/^_+/, '').toLowerCase() === 'usermanager');
  // ASP.NET Identity's UserManager reaches its store only asynchronously: `GetUserId(User)` reads a claim.
  if (userManager && !/Async$/.test(call.callee)) return undefined;
  const verb = userManager ? (identityVerb(call.callee) ?? verbOf(call.callee)) : verbOf(call.callee);
  const fromCall = ctx.lineText.slice(Math.max(0, ctx.lineText.indexOf(call.callee)));
  // `exec_query("`, `cursor.execute('''`, `db.Query(` + a backtick ending the line: the SQL is below.
  // Or the arguments start below (`pg.execute(` + a newline + the SQL): read up to the call's close.
  const opensString = /\(\s*(?:[rbfu]?(?:"{3}|'{3}|["'`])|r#+")\s*$/i.test(fromCall);
  const opensArguments = !opensString && ctx.lineText.trimEnd().endsWith(`${call.callee}(`);
  const below =
    (opensString || opensArguments) && ctx.textBelow ? `${fromCall}\n${ctx.textBelow()}` : fromCall;
  const open = below.indexOf('(');
  const statement = sqlStatement(opensArguments ? below.slice(0, closingBracket(below, open) + 1) : below);
  const sqlEntity = statement?.table;
  if (RUN_VERBS.has(verb) || PRISMA_RAW.test(call.callee)) {
    const prepared = preparedSql(receiver, ctx) ?? sqlInVariable(call, ctx);
    // Python's `session.exec(statement)` or `session.execute(select(User)…)`: a statement built, not written.
    const built =
      ctx.language === 'python'
        ? builtStatement(prepared ?? fromCall.slice(fromCall.indexOf('(') + 1))
        : undefined;
    const statement = (prepared ? sqlStatement(prepared) : undefined) ?? built;
    if (statement) {
      const entity = ctx.entities.match(statement.table) ?? statement.table;
      const op: DataOpKind = statement.reads ? 'read' : 'write';
      const written = `${receiver.replace(/\s+/g, ' ')}.${call.callee}`;
      return {
        entity,
        op,
        call: written.length > 120 ? `…${written.slice(-119)}` : written,
        line: call.line,
      };
    }
  }
  // Eloquent and ActiveRecord: a class-level call on a model (`Article::loadRelations()`,
  // `Tag.most_popular`) is a scope or finder: it starts a query.
  const eloquent =
    (ctx.language === 'php' || (ctx.language === 'ruby' && call.callee !== 'new')) &&
    /^[A-Z]\w*$/.test(receiver) &&
    ctx.entities.match(receiver) !== undefined;
  const args = argumentTokens(call, ctx.lineText, ctx.language);
  const handed = handedTokens(call, ctx.lineText, ctx.language).some((t) => isHandle(t, ctx.language));
  const op =
    (verb === 'exec' || verb === 'execute' || TABLE_STEPS.has(verb) ? chainOp(receiver) : undefined) ??
    opOf(verb) ??
    (handed && /^(create|insert|update|delete|remove|add|save|upsert|set)/i.test(call.callee)
      ? 'write'
      : sqlEntity || eloquent || handed
        ? 'read'
        : undefined);
  if (!op) return undefined;
  const written = `${receiver ? `${receiver.replace(/\s+/g, ' ')}.` : ''}${call.callee}`;
  const shown = written.length > 120 ? `…${written.slice(-119)}` : written;
  // `this.owners.save(o)` where `owners` is an `OwnerRepository`: an accessor by its declared type.
  const accessor =
    tokens.some((t, i) => isAccessor(t, ctx.language, tokens[i - 1])) || typedAccessor(receiver, call, ctx);
  const root = tokens[0] ?? '';
  const classAccess = /^[A-Z]/.test(root) && ctx.entities.match(root) !== undefined;
  // The chain's own names first, then its calls' arguments: in `$this->repository->where('user_id',
  // auth()->user()->id)->first()` the repository's type names the entity, not the `user` argued.
  // In Go, a value of an entity's type handed to the call names what it touches first; on a handle,
  // the handle's own name (`existingSession`) names nothing, and the values handed come before the
  // chain's strings (`s.Cols("status").Update(user)`).
  const goHandle = onGoHandle(receiver, call, ctx);
  const goArgs = ctx.language === 'go' ? goArguments(call, ctx) : '';
  const chain = tokensOf(withoutArguments(receiver)).slice(goHandle ? 1 : 0);
  const entity =
    goLiteralEntity(goArgs, ctx) ??
    entityFrom(chain, call, ctx) ??
    (goHandle ? entityFrom(tokensOf(goArgs), call, ctx) : undefined) ??
    entityFrom(goHandle ? tokens.slice(1) : tokens, call, ctx);
  const sqlOp: DataOpKind | undefined = statement ? (statement.reads ? 'read' : 'write') : undefined;

  if (classAccess || accessor) {
    // A repository call in a pipeline (`%Article{} |> Article.changeset(a) |> Repo.insert()`) names
    // its entity lines above: the function it is made in (`create_article`) says which.
    const repository = /(repository|repo)$/i.test(tokens.at(-1) ?? '');
    const table = TABLE_STEPS.has(verb)
      ? tableArgument(call.callee, ctx.textBelow ? `${ctx.lineText}\n${ctx.textBelow()}` : ctx.lineText)
      : BUILDER_TABLE.exec(receiver)?.[2];
    const named =
      entity ??
      (handed ? localQueryEntity(receiver, ctx) : undefined) ??
      entityFrom(args, call, ctx) ??
      (table ? (ctx.entities.match(table) ?? table) : undefined) ??
      (sqlEntity ? (ctx.entities.match(sqlEntity) ?? sqlEntity) : undefined) ??
      (repository && call.caller ? wordEntity(call.caller.split('.').pop() ?? '', ctx) : undefined);
    // A bare `get`/`add`/`first` on some accessor-looking name (`map.get`, `store.add`) with no
    // entity anywhere is not a database call; on a repository (`Repo.all()`) it is one.
    if (
      !named &&
      !sqlEntity &&
      !repository &&
      !/^(save|savechanges|commit|flush|exec|execute|query|queryrow)/.test(verb)
    )
      return undefined;
    return { entity: named ?? UNKNOWN_ENTITY, op: sqlOp ?? op, call: shown, line: call.line };
  }
  // SQL run by an object of any name (`this.pg.execute(\`SELECT …\`)`, a wrapper of the project's own):
  // the statement says what it touches.
  if (statement && sqlOp && RUN_VERBS.has(verb))
    return {
      entity: ctx.entities.match(statement.table) ?? statement.table,
      op: sqlOp,
      call: shown,
      line: call.line,
    };
  // A call handed the database handle (`queries.get_article(conn, …)`, `.load::<T>(conn)`): a query
  // kept outside the code (aiosql, sqlc) or a builder's last step. Not a class built around it
  // (`ArticlesRepository(conn)`, `Session(engine)`, a class handed in: `repo_type(conn)`).
  // Nor a function the caller holds in a variable or parameter (`f(conn)` in `fn run(&self, f: F)`):
  // the function it is given is written, and read, where it is passed.
  const heldFunction = receiver === '' && ctx.typeOf(call.caller, call.callee) !== undefined;
  if (handed && !(receiver === '' && CONSTRUCTED.test(call.callee)) && !heldFunction) {
    const named =
      entity ??
      localQueryEntity(receiver, ctx) ??
      entityFrom(args, call, ctx) ??
      ctx.entities.leading(call.callee) ??
      wordEntity(call.callee, ctx);
    return { entity: named ?? UNKNOWN_ENTITY, op: sqlOp ?? op, call: shown, line: call.line };
  }
  // `article.comment_set.create(…)` writes a comment, whatever `article` is.
  const related = ctx.language === 'python' ? DJANGO_RELATED_SET.exec(receiver)?.[1] : undefined;
  const relatedEntity = related ? ctx.entities.match(related) : undefined;
  if (relatedEntity) return { entity: relatedEntity, op, call: shown, line: call.line };
  // Not a value converted on the way (`comment.to_s.remove(…)` edits a string).
  if (
    entity &&
    op === 'write' &&
    PERSIST_VERBS.has(verb) &&
    ACTIVE_RECORD_LANGUAGES.has(ctx.language) &&
    !/\.(?:to_[a-z]+|toString\(\))/.test(receiver)
  )
    return { entity, op, call: shown, line: call.line };
  // `current_user.articles.find_by!` in Ruby, `$user->articles()->where` in PHP: an association
  // named after an entity, the receiver's last member. In JS/TS the same shape is an array.
  const tail = /([A-Za-z_]\w*)\s*(?:\(\s*\))?\s*$/.exec(receiver)?.[1];
  const association = tail ? ctx.entities.match(tail) : undefined;
  if (association && ASSOCIATION_LANGUAGES.has(ctx.language) && tokens.length > 1)
    return { entity: association, op, call: shown, line: call.line };
  // Eloquent's many-to-many verbs exist only on a relation: the call writes its pivot table.
  if (ctx.language === 'php' && RELATION_VERBS.has(verb) && tokens.length > 1)
    return { entity: association ?? UNKNOWN_ENTITY, op: 'write', call: shown, line: call.line };
  return undefined;
}
