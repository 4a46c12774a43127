import Database from 'better-sqlite3';

const [db, sql, ...params] = process.argv.slice(2);
const d = new Database(db, { readonly: true });
for (const r of d.prepare(sql).all(...params)) console.log(JSON.stringify(r));
