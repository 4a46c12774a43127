import { describe, expect, it } from 'vitest';
import { sqlTarget } from './sql-target.js';

describe('sqlTarget', () => {
  it("reads the table each verb acts on at the statement's own level, not in a subquery or a CTE", () => {
    expect(
      sqlTarget(
        'SELECT a.id, (SELECT username FROM users WHERE id = a.author_id) AS author FROM articles AS a WHERE slug = :slug',
      ),
    ).toEqual({ table: 'articles', reads: true });
    expect(
      sqlTarget(
        'WITH author AS (SELECT id FROM users WHERE username = :name)\nINSERT INTO articles (slug, author_id) VALUES (:slug, (SELECT id FROM author))',
      ),
    ).toEqual({ table: 'articles', reads: false });
    expect(sqlTarget('UPDATE "public"."shelves" SET label = $1 -- from labels\nWHERE id = $2')).toEqual({
      table: 'shelves',
      reads: false,
    });
    expect(sqlTarget('DELETE FROM `tags` WHERE id IN (SELECT tag_id FROM stale)')).toEqual({
      table: 'tags',
      reads: false,
    });
    // A derived table: the table it reads; none there, the join names the table.
    expect(
      sqlTarget(
        'select n, count(*) from (select user_id, sum(flags) as n from comments group by 1) t group by 1',
      ),
    ).toEqual({ table: 'comments', reads: true });
    // Read up to a few lines below a call: cut inside the derived table.
    expect(sqlTarget('select n from (\n select user_id from comments\n where created_at >')).toEqual({
      table: 'comments',
      reads: true,
    });
    expect(sqlTarget('SELECT * FROM (SELECT 1) AS t JOIN [dbo].[orders] o ON o.id = t.id')).toEqual({
      table: 'orders',
      reads: true,
    });
    expect(
      sqlTarget("INSERT INTO logs (msg) VALUES ('select from x') ON CONFLICT DO UPDATE SET n = 1"),
    ).toEqual({
      table: 'logs',
      reads: false,
    });
    // Selecting from its CTEs only: the table the first of them reads.
    expect(
      sqlTarget(
        "WITH views AS (SELECT id FROM campaign_views WHERE subscriber_id = $1)\nSELECT COALESCE((SELECT JSON_AGG(v) FROM views v), '[]')",
      ),
    ).toEqual({ table: 'campaign_views', reads: true });
    expect(sqlTarget('CREATE TABLE x (id int)')).toBeUndefined();
  });
});
