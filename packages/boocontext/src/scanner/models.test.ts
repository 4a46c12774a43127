import { describe, expect, it } from 'vitest';
import { mergeModels, modelLabel } from './models.js';
import { readPrisma, replayMigrations } from './schema-files.js';

const schema = `
model User {
  id    Int    @id
  posts Post[]
  @@map("users")
}
model Post {
  id   Int   @id
  tags Tag[]
}
model Tag {
  id    Int    @id
  posts Post[]
}
model OrderItem {
  id      Int @id
  orderId Int
  price   Int
}
model Order {
  id Int @id
}
`;

// What \`prisma migrate\` writes for that schema.
const migration = `
CREATE TABLE "users" ("id" INTEGER NOT NULL, CONSTRAINT "users_pkey" PRIMARY KEY ("id"));
CREATE TABLE "Post" ("id" INTEGER NOT NULL);
CREATE TABLE "Tag" ("id" INTEGER NOT NULL);
CREATE TABLE "OrderItem" ("id" INTEGER NOT NULL, "orderId" INTEGER NOT NULL, "price" INTEGER NOT NULL);
CREATE TABLE "Order" ("id" INTEGER NOT NULL);
CREATE TABLE "_PostToTag" ("A" INTEGER NOT NULL, "B" INTEGER NOT NULL);
CREATE TABLE "audit_log" ("id" INTEGER NOT NULL, "message" TEXT);
CREATE TABLE "posts_tags_extra" ("post_id" INTEGER, "tag_id" INTEGER);
CREATE TABLE "post_tag" ("post_id" INTEGER, "tag_id" INTEGER);
`;

describe('mergeModels', () => {
  const models = mergeModels([
    ...readPrisma('prisma/schema.prisma', schema),
    ...replayMigrations([{ rel: 'prisma/migrations/1_init/migration.sql', text: migration }]),
  ]);

  it('keeps one model per entity, with every source listed', () => {
    const user = models.find((m) => m.name === 'User');
    expect(user?.sources?.map((s) => `${s.orm} ${s.file}`)).toEqual([
      'prisma prisma/schema.prisma',
      'sql prisma/migrations/1_init/migration.sql',
    ]);
    expect(models.filter((m) => !m.join && m.orm === 'prisma').map((m) => m.name)).toEqual([
      'User',
      'Post',
      'Tag',
      'OrderItem',
      'Order',
    ]);
    expect(models.find((m) => m.name === 'users')).toBeUndefined();
  });

  it('names join tables as such, and only tables that join', () => {
    expect(models.filter((m) => m.join).map(modelLabel)).toEqual([
      '_PostToTag (sql, join table)',
      'post_tag (sql, join table)',
    ]);
    expect(models.map(modelLabel)).toContain('audit_log (sql)');
    expect(models.map(modelLabel)).toContain('OrderItem (prisma, sql)');
  });
});
