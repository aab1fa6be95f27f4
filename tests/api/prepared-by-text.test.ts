import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_SETTINGS, schema } from '../../server/db/client';
import { preparedByTextDb, statementNameOf } from '../../server/db/prepared-by-text';

/*
 * server/db/prepared-by-text.ts: a statement sent through it is prepared on the connection
 * under the name of its text, once, and runs again from there; a statement that already
 * has a name keeps it. PostgreSQL only (PGlite runs `db` itself): TEST_DATABASE_URL.
 */

const url = process.env.TEST_DATABASE_URL;
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe.skipIf(!url)('statements prepared by their text [postgres]', () => {
  // One connection, so the statements it holds can be read back from it.
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, options: POOL_SETTINGS, max: 1 });
  });
  afterAll(() => pool.end());

  const prepared = async () =>
    (
      await pool.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements order by name',
      )
    ).rows;

  it('prepares a statement under the name of its text once, and answers from it', async () => {
    const db = preparedByTextDb(pool, schema);
    const query = (n: number) => sql`select ${n}::int + 1 as next`;
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(rowsOf(await db.execute(query(n)))[0]);
    expect(answers).toEqual([{ next: 2 }, { next: 3 }, { next: 4 }]);
    const text = 'select $1::int + 1 as next';
    expect(await prepared()).toEqual([{ name: statementNameOf(text), statement: text }]);
  });

  it('names two texts apart, and keeps the name a statement already has', async () => {
    const db = preparedByTextDb(pool, schema);
    await db.execute(sql`select ${'a'}::text as letter`);
    const named = db
      .select({ one: sql<number>`1` })
      .from(sql`(select 1) as t`)
      .prepare('kept');
    await named.execute();
    const names = (await prepared()).map((row) => row.name);
    expect(names).toContain('kept');
    expect(names).toContain(statementNameOf('select $1::text as letter'));
    expect(statementNameOf('select 1')).not.toBe(statementNameOf('select 2'));
    expect(statementNameOf('select 1')).toMatch(/^by_text_[\w-]{22}$/);
  });
});
