import { describe, expect, it } from 'vitest';
import {
  type CallSite,
  type ClassifyContext,
  classifyCall,
  Entities,
  entityKey,
  namedCommits,
  UNKNOWN_ENTITY,
} from './data-ops.js';

const entities = new Entities(['Article', 'Comment', 'UserModel', 'tags', 'Profile']);

function classify(
  call: Partial<CallSite> & { callee: string },
  lineText: string,
  language = 'typescript',
  types: Record<string, string> = {},
) {
  const ctx: ClassifyContext = {
    entities,
    typeOf: (_caller, name) => types[name],
    lineText,
    language,
  };
  return classifyCall({ receiver: null, line: 7, caller: 'f', ...call }, ctx);
}

describe('classifyCall', () => {
  it("reads ASP.NET Identity's UserManager as its user's store, asynchronous calls only", () => {
    const cs = (callee: string) =>
      classifyCall(
        { callee, receiver: '_userManager', line: 7, caller: 'C.M' },
        {
          entities: new Entities(['AppUser'], { UserManager: 'AppUser' }),
          typeOf: () => undefined,
          lineText: `await _userManager.${callee}(x);`,
          language: 'c_sharp',
        },
      );
    expect(cs('FindByEmailAsync')).toMatchObject({ entity: 'AppUser', op: 'read' });
    expect(cs('CreateAsync')).toMatchObject({ entity: 'AppUser', op: 'write' });
    // Its other methods by their first word.
    expect(cs('ChangePasswordAsync')).toMatchObject({ entity: 'AppUser', op: 'write' });
    expect(cs('SetTwoFactorEnabledAsync')).toMatchObject({ entity: 'AppUser', op: 'write' });
    expect(cs('IsEmailConfirmedAsync')).toMatchObject({ entity: 'AppUser', op: 'read' });
    expect(cs('GeneratePasswordResetTokenAsync')).toMatchObject({ entity: 'AppUser', op: 'read' });
    expect(cs('GenerateNewTwoFactorRecoveryCodesAsync')).toMatchObject({ entity: 'AppUser', op: 'write' });
    // A claim of the signed-in principal, not the store.
    expect(cs('GetUserId')).toBeUndefined();
  });

  it("reads Django's shortcuts as a load of the model they are handed, and a reverse relation's manager as its model", () => {
    const py = (call: Partial<CallSite> & { callee: string }, line: string) => classify(call, line, 'python');
    expect(
      py({ callee: 'get_object_or_404' }, '    article = get_object_or_404(Article, slug=slug)'),
    ).toMatchObject({ entity: 'Article', op: 'read', call: 'get_object_or_404(Article)' });
    expect(
      py({ callee: 'get_list_or_404', receiver: 'shortcuts' }, 'shortcuts.get_list_or_404(Comment, post=p)'),
    ).toMatchObject({ entity: 'Comment', op: 'read' });
    // A queryset handed on (a helper's parameter): some model's rows, which one the caller knows.
    expect(
      py({ callee: 'get_object_or_404' }, 'return get_object_or_404(model_or_queryset, **kwargs)'),
    ).toMatchObject({ entity: '{unknown}', op: 'read' });
    // A queryset built above the call, then refined: its model.
    const above = 'q = Article.objects.select_related("author")\nif x:\n    q = q.filter(x=x)\n';
    expect(
      classifyCall(
        { callee: 'get_object_or_404', receiver: null, line: 4, caller: 'f' },
        {
          entities,
          typeOf: () => undefined,
          lineText: 'get_object_or_404(q, pk=1)',
          language: 'python',
          textAbove: () => above,
        },
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    // Another object's method of that name is not Django's.
    expect(
      py({ callee: 'get_object_or_404', receiver: 'self' }, 'self.get_object_or_404(Article)'),
    ).toBeUndefined();
    // `<model>_set` is the manager Django gives the other side of a foreign key.
    expect(
      py({ callee: 'all', receiver: 'request.user.article_set' }, 'for a in request.user.article_set.all():'),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    expect(
      py({ callee: 'create', receiver: 'article.comment_set' }, 'article.comment_set.create(body=body)'),
    ).toMatchObject({ entity: 'Comment', op: 'write' });
    // Not in JavaScript, where a `tag_set` is the program's own.
    expect(
      classify({ callee: 'all', receiver: 'x.article_set' }, 'x.article_set.all()', 'javascript'),
    ).toBeUndefined();
  });

  it('reads a call on a field or variable whose declared type is a repository as an access', () => {
    // Spring Data's `OwnerRepository owners`: no accessor word in the name, the type says it.
    expect(
      classify(
        { callee: 'save', receiver: 'this.profiles', caller: 'ProfileController.create' },
        'this.profiles.save(p);',
        'java',
        {
          'this.profiles': 'ProfileRepository',
        },
      ),
    ).toMatchObject({ entity: 'Profile', op: 'write' });
  });

  it("reads Bun's builders by the statement each starts: NewDelete…Exec writes, NewSelect…Scan reads", () => {
    const go = (callee: string, receiver: string) =>
      classify({ callee, receiver }, `\terr := ${receiver}.${callee}(ctx)`, 'go', {
        a: 'pwdless.Article',
        t: 'Comment',
      });
    expect(go('Exec', 'tx.NewDelete().Model(a).WherePK()')).toMatchObject({ entity: 'Article', op: 'write' });
    expect(go('Exec', 'db.NewUpdate().Model(t).WherePK()')).toMatchObject({ entity: 'Comment', op: 'write' });
    expect(go('Scan', 'db.NewSelect().Model(a).Where("id = ?", id)')).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
  });

  it("reads a Go handle by its library's type, whatever its name (xorm's `s *xorm.Session`), and never takes that type for an entity", () => {
    const types = { s: 'xorm.Session', a: 'Article', userOut: 'UserModel', m: 'metrics.Session' };
    const go = (callee: string, receiver: string, line: string) =>
      classify({ callee, receiver }, line, 'go', types);
    expect(go('Insert', 's', '\t_, err = s.Insert(a)')).toMatchObject({ entity: 'Article', op: 'write' });
    expect(go('Get', 's', '\texists, err := s.Get(userOut)')).toMatchObject({
      entity: 'UserModel',
      op: 'read',
    });
    expect(go('Delete', 's.ID(id)', '\t_, err = s.ID(id).Delete(&Comment{})')).toMatchObject({
      entity: 'Comment',
      op: 'write',
    });
    // One Go call against the entities named and the variables' types, the line below given.
    const goCall = (
      known: Entities,
      typed: Record<string, string>,
      callee: string,
      receiver: string,
      line: string,
      next?: string,
    ) =>
      classifyCall(
        { callee, receiver, line: 7, caller: 'f' },
        {
          entities: known,
          typeOf: (_c, n) => typed[n],
          lineText: line,
          language: 'go',
          ...(next === undefined ? {} : { textBelow: () => next }),
        },
      );
    // An entity named Session is not what every call on an `xorm.Session` touches.
    expect(
      goCall(new Entities(['Session', 'Article']), types, 'Insert', 's', '\t_, err = s.Insert(a)'),
    ).toMatchObject({
      entity: 'Article',
    });
    // Nor is a handle's own name (`existingSession *xorm.Session`); a value of an entity's type
    // handed to a call names it before the receiver's names do.
    const named = new Entities(['Session', 'Article', 'User']);
    const handle = { existingSession: 'xorm.Session', a: 'Article' };
    expect(
      goCall(named, handle, 'Insert', 'existingSession', '\t_, err = existingSession.Insert(a)'),
    ).toMatchObject({ entity: 'Article' });
    expect(goCall(named, handle, 'Count', 'session', '\tcount, err := session.Count(&User{})')).toMatchObject(
      {
        entity: 'User',
      },
    );
    expect(goCall(named, handle, 'Count', 'db', '\tcount, err := db.Count(new(User))')).toMatchObject({
      entity: 'User',
    });
    // The call a chain puts on the next line is handed its values there; the names of columns a
    // chain selects are no entities when a value says which.
    expect(
      goCall(
        entities,
        types,
        'Delete',
        's.Where("user_id = ?", a.ID)',
        '\t_, err = s.Where("user_id = ?", a.ID).',
        '\t\tDelete(&Comment{})\n\treturn',
      ),
    ).toMatchObject({ entity: 'Comment', op: 'write' });
    expect(
      goCall(
        entities,
        types,
        'Update',
        's.Cols("profile")',
        '\t_, err = s.Cols("profile").',
        '\t\tUpdate(a)\n',
      ),
    ).toMatchObject({ entity: 'Article', op: 'write' });
    // The same name for another library's type is no handle.
    expect(go('Get', 'm', '\tv := m.Get(key)')).toBeUndefined();
  });

  it("reads Knex's `del` (its name for delete) as a write on the table the builder starts from", () => {
    const js = (callee: string, receiver: string) =>
      classify({ callee, receiver }, `    db("tags").${callee}().where({ id })`, 'javascript');
    expect(js('del', 'db("tags")')).toMatchObject({ entity: 'tags', op: 'write' });
    expect(js('select', 'db("tags")')).toMatchObject({ entity: 'tags', op: 'read' });
  });

  it('reads a Knex client by the factory that made it, whatever its name, and the table its builder names', () => {
    const knex = { client: 'knex' };
    const js = (callee: string, receiver: string, line: string, types = knex) =>
      classify({ callee, receiver }, line, 'javascript', types);
    expect(js('table', 'client.select()', "await client.select().table('tags')")).toMatchObject({
      entity: 'tags',
      op: 'read',
    });
    // A table the schema does not define is named as the code names it.
    expect(js('into', 'client.insert(row)', "await client.insert(row).into('audit_log')")).toMatchObject({
      entity: 'audit_log',
      op: 'write',
    });
    expect(js('where', "client('audit_log')", "await client('audit_log').where('id', id)")).toMatchObject({
      entity: 'audit_log',
      op: 'read',
    });
    // `client` made by anything else (an HTTP client) is no database.
    expect(
      js('where', "client('audit_log')", "await client('audit_log').where('id', id)", {}),
    ).toBeUndefined();
    expect(js('from', 'Array', 'Array.from(rows)')).toBeUndefined();
  });

  it('reads a request’s context as no database context, a project’s own context as one', () => {
    const go = (type: string) =>
      classify({ callee: 'Query', receiver: 'c' }, '\ttag := c.Query("tag")', 'go', { c: type });
    expect(go('gin.Context')).toBeUndefined();
    expect(go('context.Context')).toBeUndefined();
    const save = (type: string) =>
      classify(
        { callee: 'SaveChangesAsync', receiver: 'store' },
        'await store.SaveChangesAsync();',
        'c_sharp',
        {
          store: type,
        },
      );
    expect(save('HttpContext')).toBeUndefined();
    expect(save('ConduitContext')).toMatchObject({ op: 'write' });
  });

  it('reads a generic repository’s entity from its type argument, and no other generic’s', () => {
    const cs = (receiver: string, callee: string, types: Record<string, string>) =>
      classify({ callee, receiver }, `var x = await ${receiver}.${callee}(id);`, 'c_sharp', types);
    expect(cs('items', 'GetByIdAsync', { items: 'IRepository', 'items<>': 'Comment' })).toMatchObject({
      entity: 'Comment',
      op: 'read',
    });
    // A query held in a local cast to `IQueryable<Comment>`: run by a count, composed by a `Where`.
    const query = { root: 'IQueryable', 'root<>': 'Comment' };
    expect(cs('root', 'LongCountAsync', query)).toMatchObject({ entity: 'Comment', op: 'read' });
    expect(cs('root.OrderBy(c => c.Id)', 'ToListAsync', query)).toMatchObject({
      entity: 'Comment',
      op: 'read',
    });
    expect(cs('root', 'Where', query)).toBeUndefined();
    // A sign-in manager is typed with its user; its request's headers are no query.
    expect(
      cs('_signIn.Context.Request.Headers', 'First', { _signIn: 'SignInManager', '_signIn<>': 'Profile' }),
    ).toBeUndefined();
  });

  it('reads no request’s session as a database’s, and no value converted on the way as a record', () => {
    expect(
      classify({ callee: 'flush', receiver: 'request.session' }, '    request.session.flush()', 'python'),
    ).toBeUndefined();
    expect(
      classify({ callee: 'get', receiver: 'db.session' }, '    a = db.session.get(Article, 1)', 'python'),
    ).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
    expect(
      classify({ callee: 'remove', receiver: 'comment.to_s' }, '    text = comment.to_s.remove(/x/)', 'ruby'),
    ).toBeUndefined();
    expect(classify({ callee: 'destroy', receiver: 'comment' }, '    comment.destroy', 'ruby')).toMatchObject(
      {
        entity: 'Comment',
        op: 'write',
      },
    );
  });

  it('reads a call handed the database handle as a query, not a class built around it', () => {
    const py = (callee: string, line: string) => classify({ callee }, line, 'python');
    expect(py('get_article', '    return await get_article(conn, slug)')).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
    expect(py('ArticlesRepository', '    repo = ArticlesRepository(conn)')).toBeUndefined();
    expect(py('repo_type', '        return repo_type(conn)')).toBeUndefined();
    expect(py('Session', '    with Session(engine) as session:')).toBeUndefined();
  });

  it('reads no clone of a handle, no runner of a closure and no function held in a parameter as a query; the call the closure makes is one', () => {
    const rs = (call: Partial<CallSite> & { callee: string }, line: string, types = {}) =>
      classify(call, line, 'rust', types);
    expect(
      rs({ callee: 'clone', receiver: 'Arc' }, '        let conn = Arc::clone(&self.conn);'),
    ).toBeUndefined();
    expect(
      rs(
        { callee: 'block_in_place', receiver: 'tokio::task' },
        '        tokio::task::block_in_place(move || f(conn))',
      ),
    ).toBeUndefined();
    expect(
      rs({ callee: 'f' }, '        tokio::task::block_in_place(move || f(conn))', { f: 'F' }),
    ).toBeUndefined();
    expect(
      rs(
        { callee: 'find_one', receiver: 'database::articles' },
        '    db.run(move |conn| database::articles::find_one(conn, &slug, user_id))',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    expect(
      classify({ callee: 'inTransaction' }, '  await inTransaction(async (tx) => save(tx, order));'),
    ).toBeUndefined();
    expect(classify({ callee: 'withTx' }, '  withTx(tx => save(tx, order));')).toBeUndefined();
    expect(
      classify({ callee: 'run_in' }, '    run_in(lambda session: save(session, order))', 'python'),
    ).toBeUndefined();
  });

  it('reads no call as handed the handle that a call among its arguments, or after it, is handed', () => {
    const rs = (call: Partial<CallSite> & { callee: string }, line: string) => classify(call, line, 'rust');
    expect(
      rs({ callee: 'push', receiver: 'orgs_json' }, '            orgs_json.push(c.to_json(conn).await);'),
    ).toBeUndefined();
    expect(rs({ callee: 'spawn', receiver: 'tokio' }, '    tokio::spawn(refresh(conn));')).toBeUndefined();
    expect(rs({ callee: 'get', receiver: 'cache' }, '    cache.get(id).or_else(load(conn))')).toBeUndefined();
    // Handed at its own level, after a macro's `!` or a turbofish, it still is.
    expect(
      rs({ callee: 'to_json', receiver: 'c' }, '            orgs_json.push(c.to_json(conn).await);'),
    ).toMatchObject({
      op: 'read',
    });
    expect(
      rs({ callee: 'load', receiver: 'stmt' }, '    let rows = stmt.load::<Row>(&mut conn)?;'),
    ).toMatchObject({
      op: 'read',
    });
  });

  it("reads no React component's `session` as a database handle", () => {
    const line =
      '  const remove = async (id: string) => await fetchApi<Article>(id, { method: "DELETE" }, session);';
    expect(classify({ callee: 'fetchApi' }, line, 'tsx')).toBeUndefined();
    // A server module's may be one (a Mongoose transaction's).
    expect(classify({ callee: 'fetchApi' }, line, 'typescript')).toMatchObject({ entity: 'Article' });
  });

  it("reads Prisma's raw SQL handed as a variable built by `Prisma.sql`, type arguments or not", () => {
    const above = 'const query = Prisma.sql`\n  SELECT id, title\n  FROM "Article"\n  WHERE x = ${x}`;\n';
    const raw = (lineText: string) =>
      classifyCall(
        {
          receiver: 'this.prisma',
          callee: lineText.includes('execute') ? '$executeRaw' : '$queryRaw',
          line: 7,
          caller: 'f',
        },
        { entities, typeOf: () => undefined, lineText, language: 'typescript', textAbove: () => above },
      );
    for (const line of [
      '    const rows = await this.prisma.$queryRaw<Row[]>(query);',
      '    const rows = await this.prisma.$queryRaw(query);',
    ])
      expect(raw(line), line).toMatchObject({ entity: 'Article', op: 'read' });
  });

  it('names the entity a local query was built from above, in the same function', () => {
    const run = (bodyAbove: string) =>
      classifyCall(
        { receiver: 't', callee: 'first', line: 7, caller: 'count' },
        {
          entities,
          typeOf: () => undefined,
          lineText: '        let n = t.first::<i64>(conn)?;',
          language: 'rust',
          bodyAbove: () => bodyAbove,
        },
      );
    expect(run('        let t = tags::table\n            .filter(tags::name.eq(name));')).toMatchObject({
      entity: 'tags',
      op: 'read',
    });
    // Refined in place: what it was built from.
    expect(
      run('        let mut t = tags::table.into_boxed();\n        t = t.filter(tags::name.eq(name));'),
    ).toMatchObject({
      entity: 'tags',
    });
    // Reassigned from something else: not the earlier source.
    expect(run('        let t = tags::table;\n        let t = other::table;')).toMatchObject({
      entity: '{unknown}',
    });
    expect(run('')).toMatchObject({ entity: '{unknown}' });
  });

  it('reads a call’s arguments after its name, never the line before it', () => {
    // `session[…] =` before the call hands it nothing: a request's path is no data.
    expect(
      classify(
        { callee: 'original_fullpath', receiver: 'request' },
        '  session[:to] = request.original_fullpath',
        'ruby',
      ),
    ).toBeUndefined();
    // A module or an atom named like a handle is none: Ecto's association macro, a Multi's step name.
    expect(
      classify(
        { callee: 'has_one', receiver: null },
        '    has_one :sso_connection, Shop.SSO.Connection',
        'elixir',
      ),
    ).toBeUndefined();
    expect(
      classify(
        { callee: 'run', receiver: 'Ecto.Multi' },
        '    |> Ecto.Multi.run(:session, fn _repo, _ ->',
        'elixir',
      ),
    ).toBeUndefined();
    // Rails' session is the HTTP session; a comment after the call is no argument.
    expect(
      classify(
        { callee: 'new', receiver: 'ROTP::TOTP' },
        '  totp = ROTP::TOTP.new(session[:totp_secret])',
        'ruby',
      ),
    ).toBeUndefined();
    expect(
      classify(
        { callee: 'session_options', receiver: 'Rails.application.config' },
        '  next if key == Rails.application.config.session_options[:key] # keep the session cookie',
        'ruby',
      ),
    ).toBeUndefined();
    expect(
      classify(
        { callee: 'find', receiver: 'Cache' },
        '    Cache.find(key) // the db is not asked',
        'typescript',
      ),
    ).toBeUndefined();
    // Python's `//` divides: the handle after it is still handed.
    expect(
      classify({ callee: 'get_article_page' }, '    rows = get_article_page(total // size, conn)', 'python'),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    // A call without parentheses is handed what follows its name.
    expect(
      classify({ callee: 'get_article', receiver: 'queries' }, '  queries.get_article conn, slug', 'ruby'),
    ).toMatchObject({ entity: 'Article', op: 'read' });
  });

  it("reads Mongoose's `exec()` as the query it runs: a find reads, an update writes", () => {
    const js = (receiver: string) =>
      classify({ callee: 'exec', receiver }, `    ${receiver}.exec()`, 'javascript');
    expect(js("Article.find(query).sort({ createdAt: 'desc' }).populate('author')")).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
    expect(js('Article.findOneAndUpdate({ slug }, changes)')).toMatchObject({
      entity: 'Article',
      op: 'write',
    });
    expect(js('Article.findByIdAndDelete(id)')).toMatchObject({ entity: 'Article', op: 'write' });
  });

  it("names the entity by the chain's own typed field before a word in its calls' arguments", () => {
    // `auth('api')->user()` is the current user, not what the article repository reads.
    expect(
      classify(
        {
          callee: 'first',
          receiver:
            "$this->repository\n  ->where('slug', $slug)\n  ->where('user_id', auth('api')->user()->id)",
          caller: 'ArticleController.isOwner',
        },
        '        $article = $this->repository',
        'php',
        { repository: 'ArticleRepository' },
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
  });

  it('counts the database handle handed to a call, not a package of that name whose member is', () => {
    const go = (callee: string, receiver: string, line: string) => classify({ callee, receiver }, line, 'go');
    expect(go('Is', 'errors', '\tif errors.Is(err, db.ErrRecordNotFound) {')).toBeUndefined();
    expect(go('GetArticle', 'queries', '\tarticle, err := queries.GetArticle(db, slug)')).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
  });

  it("reads SQL in a string that opens at the end of the call's line, on the lines below", () => {
    const ctx = (language: string, lineText: string, below: string): ClassifyContext => ({
      entities,
      typeOf: () => undefined,
      lineText,
      language,
      textBelow: () => below,
    });
    const py = classifyCall(
      { callee: 'execute', receiver: 'cursor', line: 7, caller: 'f' },
      ctx(
        'python',
        '    cursor.execute("""',
        '        SELECT * FROM tags\n        WHERE id = %s\n    """, (tag_id,))',
      ),
    );
    expect(py).toMatchObject({ entity: 'tags', op: 'read' });
    const go = classifyCall(
      { callee: 'Exec', receiver: 'db', line: 7, caller: 'f' },
      ctx('go', '\t_, err := db.Exec(`', '\t\tUPDATE profile SET bio = $1\n\t`, bio)'),
    );
    expect(go).toMatchObject({ entity: 'Profile', op: 'write' });
    // The arguments start on the next line: the SQL is the call's, up to its close.
    const js = (below: string) =>
      classifyCall(
        { callee: 'execute', receiver: 'this.pg', line: 7, caller: 'f' },
        ctx('javascript', '      await this.pg.execute(', below),
      );
    expect(
      js('        `SELECT * FROM "tags"\n         WHERE "name"=$1`,\n        [name]\n      )'),
    ).toMatchObject({
      entity: 'tags',
      op: 'read',
    });
    // One statement in literals side by side (Python joins them) or joined with `+`.
    const flask = classifyCall(
      { callee: 'execute', receiver: 'db', line: 7, caller: 'f' },
      ctx(
        'python',
        '    posts = db.execute(',
        '        "SELECT p.id, title"\n        " FROM post p JOIN user u"\n    ).fetchall()',
      ),
    );
    expect(flask).toMatchObject({ entity: 'post', op: 'read' });
    expect(
      classify(
        { callee: 'query', receiver: 'db' },
        '  db.query("SELECT id " + "FROM tags WHERE x = 1")',
        'javascript',
      ),
    ).toMatchObject({ entity: 'tags', op: 'read' });
    // A call further down a chain that starts on this line has arguments of its own.
    expect(
      classifyCall(
        {
          callee: 'into_comment',
          receiver: 'sqlx::query_as!(…).fetch_optional(&ctx.db).await?',
          line: 7,
          caller: 'f',
        },
        ctx(
          'rust',
          '    let comment = sqlx::query_as!(',
          '        Comment,\n        r#"insert into comments(body) values ($1)"#,',
        ),
      ),
    ).toBeUndefined();
    // SQL in a later statement is not this call's.
    expect(
      js('        query,\n        [name]\n      );\n    db.execute("DELETE FROM tags")'),
    ).toBeUndefined();
  });

  it("reads SQLAlchemy 2's statements by the model they name: select reads, insert/update/delete write, session.get loads", () => {
    const py = (callee: string, receiver: string | null, line: string) =>
      classify({ callee, receiver }, line, 'python');
    expect(py('select', 'sa', 'query = sa.select(Article).where(Article.slug == slug)')).toMatchObject({
      entity: 'Article',
      op: 'read',
      call: 'sa.select(Article)',
    });
    expect(py('delete', null, 'db.session.execute(delete(Comment).where(Comment.id == id))')).toMatchObject({
      entity: 'Comment',
      op: 'write',
    });
    expect(py('get', 'db.session', 'profile = db.session.get(Profile, user_id)')).toMatchObject({
      entity: 'Profile',
      op: 'read',
      call: 'db.session.get(Profile)',
    });
    // A select of no entity of the project is no access (a dict's `get`, a UI's select).
    expect(py('select', 'sa', 'sa.select(func.count())')).toBeUndefined();
    expect(py('get', 'request.args', "page = request.args.get('page', 1)")).toBeUndefined();
  });

  it('reads a SQLModel/SQLAlchemy session running a built statement by the statement, not as an unknown write', () => {
    const run = (lineText: string, above: string) =>
      classifyCall(
        { callee: 'exec', receiver: 'session', line: 9, caller: 'read_items' },
        { entities, typeOf: () => undefined, lineText, language: 'python', textAbove: () => above },
      );
    expect(
      run(
        '    count = session.exec(count_statement).one()',
        '    count_statement = select(func.count()).select_from(Article)\n',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read', call: 'session.exec' });
    expect(
      run(
        '    items = session.exec(statement).all()',
        '    statement = (\n        select(Comment).order_by(Comment.id)\n    )\n',
      ),
    ).toMatchObject({ entity: 'Comment', op: 'read' });
    expect(
      run(
        '    session.exec(statement)',
        '    statement = delete(Comment).where(Comment.owner_id == owner_id)\n',
      ),
    ).toMatchObject({
      entity: 'Comment',
      op: 'write',
    });
    expect(run('    session.exec(select(Profile).where(Profile.id == pid)).first()', '')).toMatchObject({
      entity: 'Profile',
      op: 'read',
    });
  });

  it('reads each ORM’s spelling of an access as the entity it touches', () => {
    expect(
      classify({ callee: 'findMany', receiver: 'prisma.article' }, 'prisma.article.findMany()'),
    ).toMatchObject({
      entity: 'Article',
      op: 'read',
      call: 'prisma.article.findMany',
    });
    expect(
      classify(
        { callee: 'save', receiver: 'this.commentRepository' },
        'await this.commentRepository.save(c)',
      ),
    ).toMatchObject({ entity: 'Comment', op: 'write' });
    expect(
      classify({ callee: 'filter', receiver: 'Article.objects' }, 'Article.objects.filter(x=1)', 'python'),
    ).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
    // Eloquent: any static call on a model starts a query.
    expect(
      classify({ callee: 'loadRelations', receiver: 'Article' }, 'Article::loadRelations()', 'php'),
    ).toMatchObject({
      entity: 'Article',
      op: 'read',
    });
    expect(
      classify(
        { callee: 'Where', receiver: 'context.Articles' },
        'context.Articles.Where(x => x.Id == id)',
        'c_sharp',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    expect(
      classify(
        { callee: 'find_by!', receiver: 'current_user.articles' },
        'current_user.articles.find_by!(slug: s)',
        'ruby',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
  });

  it('finds a GORM query’s entity through the variable it loads into', () => {
    expect(
      classify(
        { callee: 'First', receiver: 'db.Where(condition)' },
        '	err := db.Where(condition).First(&model).Error',
        'go',
        {
          model: 'UserModel',
        },
      ),
    ).toMatchObject({ entity: 'UserModel', op: 'read' });
  });

  it('reads the table from SQL text', () => {
    expect(
      classify({ callee: 'query', receiver: 'pool' }, "pool.query('SELECT * FROM tags WHERE id = $1', [id])"),
    ).toMatchObject({
      entity: 'tags',
      op: 'read',
    });
    expect(
      classify({ callee: 'exec', receiver: 'db' }, 'db.exec("DELETE FROM comments WHERE id = ?")'),
    ).toMatchObject({
      entity: 'Comment',
      op: 'write',
    });
  });

  it('counts a call handed the database handle as an access', () => {
    expect(
      classify(
        { callee: 'get_article_by_slug', receiver: 'queries' },
        'await queries.get_article_by_slug(self.connection, slug=slug)',
        'python',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
  });

  it('reads Ecto: a Repo call is an access, its entity from the line or the function it is in; conn is no database', () => {
    expect(
      classify(
        { callee: 'get_by!', receiver: 'Repo', caller: 'Blog.get_article' },
        'Repo.get_by!(Article, slug: slug)',
        'elixir',
      ),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    // `%Comment{} |> Comment.changeset(attrs) |> Repo.insert()`: the pipeline names it lines above.
    expect(
      classify(
        { callee: 'insert', receiver: 'Repo', caller: 'Blog.create_comment' },
        '    |> Repo.insert()',
        'elixir',
      ),
    ).toMatchObject({ entity: 'Comment', op: 'write' });
    expect(
      classify({ callee: 'all', receiver: 'Repo', caller: 'Blog.feed' }, '    |> Repo.all()', 'elixir'),
    ).toMatchObject({ entity: '{unknown}', op: 'read' });
    expect(
      classify(
        { callee: 'render', caller: 'ArticleController.index' },
        '    render(conn, "index.json", articles: articles)',
        'elixir',
      ),
    ).toBeUndefined();
  });

  it('reads a Kotlin repository call, not the collection function on its result', () => {
    const line =
      '        val counts = articleRepository.getCountAllByArticleIds(articleIds).associate { it.first to it.second }';
    expect(
      classify({ callee: 'getCountAllByArticleIds', receiver: 'articleRepository' }, line, 'kotlin'),
    ).toMatchObject({ entity: 'Article', op: 'read' });
    expect(
      classify(
        { callee: 'associate', receiver: 'articleRepository.getCountAllByArticleIds(articleIds)' },
        line,
        'kotlin',
      ),
    ).toBeUndefined();
  });

  it('leaves alone what only looks like an access', () => {
    // An array named after an entity, in JS.
    expect(
      classify({ callee: 'filter', receiver: 'articles' }, 'articles.filter((a) => a.ok)'),
    ).toBeUndefined();
    // A Java entity's own method is domain logic, not a query.
    expect(
      classify({ callee: 'update', receiver: 'article' }, 'article.update(title, body);', 'java'),
    ).toBeUndefined();
    // A map's get, a service's method.
    expect(classify({ callee: 'get', receiver: 'this.cache' }, 'this.cache.get(key)')).toBeUndefined();
    expect(
      classify({ callee: 'remove', receiver: 'this.articleService' }, 'this.articleService.remove(slug)'),
    ).toBeUndefined();
  });

  it('instances that save themselves, where the ORM is an active record', () => {
    expect(classify({ callee: 'delete', receiver: 'comment' }, 'comment.delete()', 'python')).toMatchObject({
      entity: 'Comment',
      op: 'write',
    });
    expect(classify({ callee: 'destroy', receiver: '@article' }, '@article.destroy', 'ruby')).toMatchObject({
      entity: 'Article',
      op: 'write',
    });
  });
});

describe('entityKey', () => {
  it('sets case, plural and role suffixes aside', () => {
    expect(entityKey('ArticleEntity')).toBe('article');
    expect(entityKey('article_repository')).toBe('article');
    expect(entityKey('categories')).toBe('category');
    expect(entityKey('Address')).toBe('address');
  });
});

describe('namedCommits', () => {
  it('names a commit by the one entity written since the last, and leaves it unnamed after several', () => {
    const op = (entity: string, kind: 'read' | 'write', call: string, line: number) => ({
      entity,
      op: kind,
      call,
      line,
    });
    const named = namedCommits([
      op('Tag', 'read', 'context.Tags.FindAsync', 1),
      op('Tag', 'write', 'context.Tags.AddAsync', 2),
      op(UNKNOWN_ENTITY, 'write', 'context.SaveChangesAsync', 3),
      op('Article', 'write', 'context.Articles.AddAsync', 4),
      op('ArticleTag', 'write', 'context.ArticleTags.AddRangeAsync', 5),
      op(UNKNOWN_ENTITY, 'write', 'context.SaveChangesAsync', 6),
      op('User', 'read', 'db.session.get', 7),
      op(UNKNOWN_ENTITY, 'write', 'db.session.commit', 8),
      op('User', 'write', '$this->em.persist', 9),
      op(UNKNOWN_ENTITY, 'write', '$this->em->flush', 10),
      op('User', 'write', 'users.save', 11),
      op(UNKNOWN_ENTITY, 'read', 'cursor.execute', 12),
    ]);
    expect(named.map((o) => `${o.line} ${o.entity}`)).toEqual([
      '1 Tag',
      '2 Tag',
      '3 Tag',
      '4 Article',
      '5 ArticleTag',
      `6 ${UNKNOWN_ENTITY}`,
      '7 User',
      // Only reads since the last commit: nothing staged.
      `8 ${UNKNOWN_ENTITY}`,
      '9 User',
      '10 User',
      '11 User',
      // Not a commit.
      `12 ${UNKNOWN_ENTITY}`,
    ]);
  });
});
