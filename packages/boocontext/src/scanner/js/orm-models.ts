import type { SyntaxNode as Node } from '@boocode/source-kit';
import {
  classDecorators,
  declarationLine,
  type JsContext,
  type JsDetector,
  lineOf,
  objectProperty,
  ownerOf,
} from './context.js';
import { argsOf, field, firstParam, stringOf } from './syntax.js';

/** Drizzle tables: `pgTable('users', {...})` and friends, wherever they are assigned. */
function drizzleTable(call: Node, ctx: JsContext): void {
  const callee = field(call, 'function');
  if (callee?.type !== 'identifier' || !/^(pg|mysql|sqlite)Table$/.test(callee.text)) return;
  const [nameArg, columns] = argsOf(call);
  const name = stringOf(nameArg);
  if (!name) return;
  ctx.tables.push({
    name,
    orm: 'drizzle',
    file: ctx.rel,
    line: lineOf(call),
    ...(columns?.type === 'object'
      ? {
          fields: columns.namedChildren
            .map((p) => (p?.type === 'pair' ? field(p, 'key')?.text : p?.text) ?? '')
            .filter((f) => f && !f.startsWith('...')),
        }
      : {}),
  });
}

/** Knex's column builders: each names a column by its first argument (`increments()` alone makes `id`). */
const KNEX_COLUMNS =
  /^(increments|bigIncrements|integer|bigInteger|tinyint|smallint|mediumint|bigint|string|text|boolean|date|datetime|dateTime|time|timestamp|float|double|decimal|binary|json|jsonb|uuid|enu|enum|specificType|geometry|point)$/;

/** A class body's `tableName = 'users'` (`static tableName = …` in Objection). */
function tableNameIn(body: Node | undefined): string | undefined {
  for (const member of body?.namedChildren ?? [])
    if (member?.type === 'public_field_definition' && field(member, 'name')?.text === 'tableName')
      return stringOf(field(member, 'value'));
  return undefined;
}

/** `this.tableName` in an AdonisJS migration: the class's `tableName = 'users'`. */
function classTableName(node: Node): string | undefined {
  for (let up = node.parent; up; up = up.parent) if (up.type === 'class_body') return tableNameIn(up);
  return undefined;
}

/** The ORM a `class X extends Model` belongs to, by the package the file imports it from. */
const MODEL_BASES: [RegExp, string][] = [
  [/^(sequelize|@sequelize\/core)$/, 'sequelize'],
  [/^objection$/, 'objection'],
];

/**
 * A Knex migration's `knex.schema.createTable('users', (table) => { table.string('email') … })`:
 * the table as a model, its columns as fields (`timestamps()` adds created_at and updated_at).
 */
function knexTable(call: Node, ctx: JsContext): void {
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression') return;
  if (!/^createTable(IfNotExists)?$/.test(field(callee, 'property')?.text ?? '')) return;
  // `knex.schema.createTable(…)`, or a link of a chain of them (`….createTable('a', …).createTable('b', …)`).
  let builder = field(callee, 'object');
  while (builder?.type === 'call_expression' && field(builder, 'function')?.type === 'member_expression')
    builder = field(field(builder, 'function'), 'object');
  if (!/(^|\.)schema$/.test(builder?.text ?? '')) return;
  const [nameArg, build] = argsOf(call);
  const name = nameArg?.text === 'this.tableName' ? classTableName(call) : stringOf(nameArg);
  if (!name) return;
  const param = firstParam(build);
  const fields: string[] = [];
  for (const column of param && build ? build.descendantsOfType('call_expression') : []) {
    const fn = field(column ?? undefined, 'function');
    if (fn?.type !== 'member_expression' || field(fn, 'object')?.text !== param) continue;
    const method = field(fn, 'property')?.text ?? '';
    const columnName = stringOf(argsOf(column as Node)[0]);
    if (method === 'timestamps') fields.push('created_at', 'updated_at');
    else if (KNEX_COLUMNS.test(method) && (columnName || /increments$/i.test(method)))
      fields.push(columnName ?? 'id');
  }
  ctx.facts.models.push({
    name,
    orm: 'knex',
    file: ctx.rel,
    line: lineOf(call),
    ...(fields.length ? { fields } : {}),
  });
}

/** `mongoose.model('Cat', schema)` (a definition: it has a schema) and Sequelize's `sequelize.define('Invoice', …)`. */
function modelCall(call: Node, ctx: JsContext): void {
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression') return;
  const method = field(callee, 'property')?.text;
  if (method !== 'model' && method !== 'define') return;
  const name = stringOf(argsOf(call)[0]);
  const object = field(callee, 'object');
  const owner = ownerOf(object);
  if (!name || !owner) return;
  const line = lineOf(call);
  const { facts } = ctx;
  // `mongoose.model('Cat')` with no schema looks up a model defined elsewhere.
  if (
    method === 'model' &&
    argsOf(call).length >= 2 &&
    (owner === 'mongoose' || facts.bindings[owner]?.spec === 'mongoose' || object?.text === 'mongoose')
  )
    facts.models.push({ name, orm: 'mongoose', file: ctx.rel, line });
  if (method === 'define' && /sequelize/i.test(owner))
    facts.models.push({ name, orm: 'sequelize', file: ctx.rel, line });
}

/**
 * TypeORM's `@Entity('name') class X` (or `@Entity({ name: 'users' })`: the table it is stored in),
 * @nestjs/mongoose's `@Schema() class X`, Sequelize's `class X extends Model` and sequelize-typescript's
 * `@Table class X`, Objection's `class X extends Model`, LoopBack 4's `@model()`.
 */
function modelClass(node: Node, ctx: JsContext): void {
  const className = field(node, 'name')?.text ?? 'anonymous';
  const line = declarationLine(node);
  const decorators = classDecorators(node);
  const entity = decorators.find((d) => d.name === 'Entity');
  if (entity) {
    const table = stringOf(objectProperty(entity.args[0], 'name'));
    ctx.facts.models.push({
      name: entity.arg || className,
      orm: 'typeorm',
      file: ctx.rel,
      line,
      ...(table ? { table } : {}),
    });
  }
  if (
    decorators.some((d) => d.name === 'Schema') &&
    ctx.facts.imports.some((i) => i.spec === '@nestjs/mongoose')
  )
    ctx.facts.models.push({ name: className, orm: 'mongoose', file: ctx.rel, line });
  const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
  const extendsModel = heritage?.namedChildren.some(
    (clause) =>
      clause?.type === 'extends_clause' &&
      clause.childrenForFieldName('value').some((v) => v?.text === 'Model'),
  );
  const specs = ctx.facts.imports.map((i) => i.spec);
  if (specs.includes('sequelize-typescript')) {
    // sequelize-typescript's models are its `@Table` classes; an undecorated one is a base of theirs.
    const table = decorators.find((d) => d.name === 'Table');
    const tableName = table && stringOf(objectProperty(table.args[0], 'tableName'));
    if (table)
      ctx.facts.models.push({
        name: className,
        orm: 'sequelize',
        file: ctx.rel,
        line,
        ...(tableName ? { table: tableName } : {}),
      });
  } else if (extendsModel) {
    // A `Model` of the app's own (a front end's store class) is no table.
    const orm = MODEL_BASES.find(([spec]) => specs.some((s) => spec.test(s)))?.[1];
    const tableName = tableNameIn(field(node, 'body'));
    if (orm)
      ctx.facts.models.push({
        name: className,
        orm,
        file: ctx.rel,
        line,
        ...(tableName ? { table: tableName } : {}),
      });
  }
  const loopback = decorators.find((d) => d.name === 'model');
  if (loopback && ctx.facts.imports.some((i) => i.spec === '@loopback/repository'))
    ctx.facts.models.push({ name: className, orm: 'loopback', file: ctx.rel, line });
}

/** Models of Drizzle, TypeORM, Mongoose, Sequelize and Knex migrations (Prisma's are read from its schema file). */
export const ormModels: JsDetector = {
  on: {
    call_expression(node, ctx) {
      drizzleTable(node, ctx);
      modelCall(node, ctx);
      knexTable(node, ctx);
    },
    class_declaration: modelClass,
    abstract_class_declaration: modelClass,
  },
  finish(_root, ctx) {
    ctx.facts.models.push(...ctx.tables);
  },
};
