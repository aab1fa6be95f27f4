import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS, fromPglite } from '../../server/db/client';
import { seedReference } from '../../server/db/seed/reference';
import { pgliteTemplate } from './support/databases';
import { type TemplateState, putBack, readTemplateState } from './support/pglite-reuse';

/*
 * The API suites share each worker's PGlite instances: one a suite hands back is put back
 * as the template was and lent to the next (support/pglite-reuse.ts). Here an instance is
 * written to in the ways the suites write, put back, and compared with a fresh instance of
 * the template by queries of this file's own: every table's rows, every sequence, the
 * session. And one it cannot put back exactly is refused, to be closed.
 */

const load = async () =>
  PGlite.create({
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([new Uint8Array(await pgliteTemplate())]),
  });

/** Every table's rows (digested), every sequence's value and the session's settings. */
async function everything(client: PGlite) {
  const { rows: tables } = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows: digest } = await client.query<{ count: number; digest: string | null }>(
      `select count(*)::int as count, md5(string_agg(t::text, '|' order by t::text)) as digest
       from ${name} t`,
    );
    rows[name] = `${digest[0]!.count} ${digest[0]!.digest ?? ''}`;
  }
  const { rows: sequences } = await client.query(
    'select schemaname, sequencename, last_value::text from pg_sequences order by 1, 2',
  );
  const { rows: session } = await client.query(
    `select current_setting('TimeZone') as time_zone,
       current_setting('statement_timeout') as statement_timeout,
       (select count(*)::int from pg_locks where locktype = 'advisory') as advisory_locks,
       (select count(*)::int from pg_prepared_statements) as prepared`,
  );
  // Planner statistics: what an ANALYZE leaves would change the next suite's plans.
  const { rows: statistics } = await client.query(
    `select c.relname, count(*)::int as columns from pg_statistic s
     join pg_class c on c.oid = s.starelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' group by 1 order by 1`,
  );
  return { rows, sequences, session: session[0], statistics };
}

describe('PGlite instances put back as the template was', () => {
  let template: TemplateState;
  let fresh: Awaited<ReturnType<typeof everything>>;

  beforeAll(async () => {
    const client = await load();
    try {
      template = await readTemplateState(client);
      fresh = await everything(client);
    } finally {
      await client.close();
    }
  });

  const opened: PGlite[] = [];
  afterAll(async () => {
    await Promise.all(opened.filter((client) => !client.closed).map((client) => client.close()));
  });
  const open = async () => {
    const client = await load();
    opened.push(client);
    return client;
  };

  it('empties what a suite wrote, restarts the sequences, forgets the session and the statistics', async () => {
    const client = await open();
    const { db } = fromPglite(client);
    // A suite's start: the roles, modules and permissions, then rows of its own.
    await seedReference(db);
    await client.exec(`
      insert into users (name, lastname, email, password_hash)
        values ('Ana', 'Ríos', 'ana@prueba.test', 'x'), ('Luis', 'Mora', 'luis@prueba.test', 'x');
      insert into pla_club_teams (name) values ('Club Prueba');
      insert into audit_log (action, actor_user_id) select 'test.action', id from users limit 1;
      set time zone 'Asia/Tokyo';
      set statement_timeout = '5s';
      select pg_advisory_lock(42);
      prepare lookup as select 1;
      analyze users;
    `);
    expect(await everything(client)).not.toEqual(fresh);

    expect(await putBack(client, template)).toBe(true);
    expect(await everything(client)).toEqual(fresh);

    // And again, after a second suite.
    await seedReference(db);
    expect(await putBack(client, template)).toBe(true);
    expect(await everything(client)).toEqual(fresh);
  });

  it('refuses an instance whose schema a test changed', async () => {
    const client = await open();
    await client.exec('create table leftover (id int)');
    expect(await putBack(client, template)).toBe(false);
  });

  it('refuses an instance whose reference rows a test changed', async () => {
    const client = await open();
    await client.exec(
      "update cities set name = name || ' (editada)' where id = (select min(id) from cities)",
    );
    expect(await putBack(client, template)).toBe(false);

    const other = await open();
    await other.exec('delete from cities where id = (select max(id) from cities)');
    expect(await putBack(other, template)).toBe(false);
  });

  it('refuses an instance left inside a transaction, and a closed one', async () => {
    const client = await open();
    await client.exec("begin; insert into pla_club_teams (name) values ('A medias')");
    expect(await putBack(client, template)).toBe(false);

    const closed = await open();
    await closed.close();
    expect(await putBack(closed, template)).toBe(false);
  });
});
