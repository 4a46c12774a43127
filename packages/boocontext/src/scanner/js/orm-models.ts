import type { SyntaxNode as Node } from '@boocode/source-kit';
import {
  classDecorators,
  declarationLine,
  type JsContext,
  type JsDetector,
  lineOf,
  ownerOf,
} from './context.js';
import { argsOf, field, stringOf } from './syntax.js';

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

/** TypeORM's `@Entity('name') class X` and Sequelize's `class X extends Model`. */
function modelClass(node: Node, ctx: JsContext): void {
  const className = field(node, 'name')?.text ?? 'anonymous';
  const line = declarationLine(node);
  const entity = classDecorators(node).find((d) => d.name === 'Entity');
  if (entity) ctx.facts.models.push({ name: entity.arg || className, orm: 'typeorm', file: ctx.rel, line });
  const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
  const extendsModel = heritage?.namedChildren.some(
    (clause) =>
      clause?.type === 'extends_clause' &&
      clause.childrenForFieldName('value').some((v) => v?.text === 'Model'),
  );
  if (extendsModel) ctx.facts.models.push({ name: className, orm: 'sequelize', file: ctx.rel, line });
}

/** Models of Drizzle, TypeORM, Mongoose and Sequelize (Prisma's are read from its schema file). */
export const ormModels: JsDetector = {
  on: {
    call_expression(node, ctx) {
      drizzleTable(node, ctx);
      modelCall(node, ctx);
    },
    class_declaration: modelClass,
    abstract_class_declaration: modelClass,
  },
  finish(_root, ctx) {
    ctx.facts.models.push(...ctx.tables);
  },
};
