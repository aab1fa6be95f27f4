import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/db/client';
import { preparedByTextDb } from '../../server/db/prepared-by-text';
import { rowsOf } from '../../server/db/rows';

/*
 * server/db/prepared-by-text.ts, the read-only handle on PostgreSQL: every statement sent
 * through it, unnamed ones too, is prepared on its connection once and runs again from
 * there, with the server's session settings and, when given, its timeouts. PostgreSQL only
 * (PGlite runs `db` itself): TEST_DATABASE_URL.
 */

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the read-only handle, statements prepared by their text [postgres]', () => {
  let reads: ReturnType<typeof preparedByTextDb<typeof schema>>;
  beforeAll(() => {
    reads = preparedByTextDb(url!, schema, {
      connectMs: 2_000,
      statementMs: 3_000,
      queryMs: 4_000,
    });
  });
  afterAll(() => reads.close());

  /** One statement's answer, one after the other: the pool reuses its idle connection. */
  const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await reads.db.execute(query));

  it('prepares an unnamed statement once on its connection, and answers from it', async () => {
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await one(sql`select ${n}::int + 1 as next`))[0]);
    expect(answers).toEqual([{ next: 2 }, { next: 3 }, { next: 4 }]);
    const held = await one<{ statement: string; pid: number }>(
      sql`select statement from pg_prepared_statements where statement like 'select $1::int + 1%'`,
    );
    expect(held).toEqual([{ statement: 'select $1::int + 1 as next' }]);
  });

  it('prepares a select built by Drizzle, its rows mapped as on the other pool', async () => {
    const query = reads.db
      .select({ one: sql<number>`${1}::int`, word: sql<string>`'uno'` })
      .from(sql`(select 1) as t`);
    expect(await query).toEqual([{ one: 1, word: 'uno' }]);
    const held = await one<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%(select 1) as t%'`,
    );
    expect(held).toEqual([{ n: 1 }]);
  });

  it("runs with the server's session settings and its statement timeout", async () => {
    const [settings] = await one<Record<string, string>>(
      sql`select current_setting('plan_cache_mode') as plan, current_setting('jit') as jit, current_setting('statement_timeout') as timeout`,
    );
    expect(settings).toEqual({ plan: 'force_generic_plan', jit: 'off', timeout: '3s' });
  });
});
