import type { Model } from './types.js';

/** `users`, `Users`, `user` and `User` name one entity; so do `order_items` and `OrderItem`. */
export function entityKey(name: string): string {
  const flat = name.replace(/[_\-\s]/g, '').toLowerCase();
  if (flat.endsWith('ies') && flat.length > 4) return `${flat.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(flat)) return flat;
  if (/(sses|xes|ches|shes)$/.test(flat)) return flat.slice(0, -2);
  return flat.endsWith('s') ? flat.slice(0, -1) : flat;
}

/** Where a model reads from first: a schema written by hand beats the tables generated from it. */
const PRIORITY: Record<string, number> = {
  prisma: 0,
  drizzle: 1,
  typeorm: 1,
  sequelize: 1,
  mongoose: 1,
  'schema.rb': 8,
  migration: 8,
  knex: 8,
  sql: 9,
};

/**
 * One model per entity. A Prisma or ORM model and the SQL table its migrations create are one
 * entity with two sources; tables that only join two entities (Prisma's implicit `_PostToTag`,
 * `posts_tags`, `PostTag`) are marked as join tables rather than counted as entities of their own.
 */
export function mergeModels(models: readonly Model[]): Model[] {
  const ordered = [...models].sort((a, b) => (PRIORITY[a.orm] ?? 5) - (PRIORITY[b.orm] ?? 5));
  const entities: Model[] = [];
  const byKey = new Map<string, Model>();
  for (const model of ordered) {
    const keys = [entityKey(model.name), ...(model.table ? [entityKey(model.table)] : [])];
    const known = keys.map((k) => byKey.get(k)).find((m) => m !== undefined);
    // Two of one ORM with one name (two schemas in a monorepo) stay two; another ORM's is a source.
    if (known && known.orm !== model.orm) {
      known.sources ??= [{ orm: known.orm, file: known.file, line: known.line }];
      known.sources.push({ orm: model.orm, file: model.file, line: model.line });
      const aliases = [...(known.aliases ?? []), ...(model.aliases ?? [])];
      if (aliases.length) known.aliases = [...new Set(aliases)];
      continue;
    }
    const entity = { ...model };
    entities.push(entity);
    for (const key of keys) if (!byKey.has(key)) byKey.set(key, entity);
  }
  const names = new Set(entities.map((m) => entityKey(m.name)));
  for (const model of entities) if (isJoinTable(model, names)) model.join = true;
  return entities;
}

/** Models read from tables (migrations, schema dumps) rather than from model classes. */
const TABLE_SOURCES = new Set(['sql', 'migration', 'schema.rb', 'knex']);

const KEY_COLUMN = /^(a|b|id)$|_?id$|Id$|^(created|updated)(_?at)?/i;

/**
 * Prisma's implicit `_PostToTag`, or a plain table named after two entities (`posts_tags`,
 * `PostTag`) whose columns are only keys: `OrderItem` with a price is an entity, not a join.
 */
function isJoinTable(model: Model, entities: Set<string>): boolean {
  if (/^_[A-Za-z0-9]+To[A-Za-z0-9]+$/.test(model.name)) return true;
  if (!TABLE_SOURCES.has(model.orm) || model.sources || !model.fields?.every((f) => KEY_COLUMN.test(f)))
    return false;
  const name = model.name;
  const parts = name.split('_').filter(Boolean);
  if (parts.length === 2) return parts.every((p) => entities.has(entityKey(p)));
  const words = name.match(/[A-Z][a-z0-9]*/g);
  if (words && words.length >= 2 && words.join('') === name) {
    for (let cut = 1; cut < words.length; cut++) {
      const left = entityKey(words.slice(0, cut).join(''));
      const right = entityKey(words.slice(cut).join(''));
      if (entities.has(left) && entities.has(right) && left !== entityKey(name)) return true;
    }
  }
  return false;
}

/** `User (prisma, sql)`, `_PostToTag (sql, join table)`, `UserEntity (jpa, table users)`. */
export function modelLabel(model: Model): string {
  const orms = [model.orm, ...(model.sources?.slice(1).map((s) => s.orm) ?? [])];
  // A table named unlike its model (`@Entity(name = "users") class UserEntity`) is said.
  const table =
    model.table && entityKey(model.table) !== entityKey(model.name) ? `, table ${model.table}` : '';
  return `${model.name} (${orms.join(', ')}${table}${model.join ? ', join table' : ''})`;
}
