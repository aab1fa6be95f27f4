import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCompleteDump,
  dumpPglite,
  isEmptyPostgres,
  restoreIntoPglite,
  restoreIntoPostgres,
  withoutPsqlCommands,
  withoutUnknownSettings,
} from '../../server/db/backup/sql-dump';
import { PGLITE_OPTIONS } from '../../server/db/client';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { seedReference } from '../../server/db/seed/reference';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { MemoryStorage } from './support/fakes';

/** Runs one statement and returns its rows, on whichever database. */
type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const pgliteQuery =
  (client: PGlite): Query =>
  async (sql) =>
    (await client.query<Record<string, unknown>>(sql)).rows;
const postgresQuery =
  (client: pg.ClientBase): Query =>
  async (sql) =>
    (await client.query<Record<string, unknown>>(sql)).rows;

/** `schema.table` → its row count, for every table outside the system schemas. */
async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts = await query(
    tables
      .map(
        ({ schema, name }) =>
          `select '${schema}.${name}' as t, count(*)::int as n from "${schema}"."${name}"`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(counts.map(({ t, n }) => [String(t), Number(n)]));
}

/** `schema.sequence` → its last value (null before its first use). */
async function sequenceValues(query: Query): Promise<Record<string, string | null>> {
  const rows = await query(
    `select schemaname || '.' || sequencename as name, last_value::text as value
     from pg_sequences order by 1`,
  );
  return Object.fromEntries(rows.map(({ name, value }) => [String(name), value as string | null]));
}

/** A new user and a new proof-of-payment row take fresh ids: the sequences went on. */
async function insertsAfterRestore(query: Query, before: Record<string, number>) {
  const [user] = await query(
    `insert into public.users (name, lastname) values ('Copia', 'Restaurada') returning id`,
  );
  const [sport] = await query(
    `insert into public.sports (code, name) values ('copia', 'Copia') returning id`,
  );
  expect(Number(user!.id)).toBeGreaterThan(before.users!);
  expect(Number(sport!.id)).toBeGreaterThan(before.sports!);
}

/** The highest id of the tables `insertsAfterRestore` writes to, in the source. */
async function maxIds(query: Query): Promise<Record<string, number>> {
  const [row] = await query(
    'select (select max(id) from public.users) as users, (select max(id) from public.sports) as sports',
  );
  return { users: Number(row!.users), sports: Number(row!.sports) };
}

describe('backups of the demo data (npm run backup / restore)', () => {
  let source: TestDatabase;
  let dump: string;
  let counts: Record<string, number>;
  let sequences: Record<string, string | null>;
  let ids: Record<string, number>;

  beforeAll(async () => {
    // The data `npm start` creates: migrations, reference data, then the demo club.
    source = await createTestDatabase('pglite');
    await seedReference(source.handle.db);
    await seedDemoIfEmpty(source.handle.db, { storage: new MemoryStorage() });
    // The raw PGlite under Drizzle: pg_dump speaks to it directly.
    const client = (source.handle.db as unknown as { $client: PGlite }).$client;
    const query = pgliteQuery(client);
    counts = await tableCounts(query);
    sequences = await sequenceValues(query);
    ids = await maxIds(query);
    dump = await dumpPglite(client);
  }, 180_000);

  afterAll(async () => {
    await source?.dispose();
  });

  it('dumps every table of the demo as a whole SQL script', () => {
    expect(() => assertCompleteDump(dump)).not.toThrow();
    expect(counts['public.players']).toBeGreaterThan(100);
    expect(counts['public.payments']).toBeGreaterThan(100);
    expect(counts['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    expect(Object.keys(counts).length).toBeGreaterThan(50);
    // No owner or grant: any role may restore it.
    expect(dump).not.toMatch(/^ALTER [A-Z ]+ OWNER TO/m);
    expect(dump).not.toMatch(/^GRANT /m);
  });

  it('restores into an empty PGlite with the same rows in every table, and sequences that go on', async () => {
    const target = await PGlite.create(PGLITE_OPTIONS);
    try {
      await restoreIntoPglite(target, dump);
      const query = pgliteQuery(target);
      expect(await tableCounts(query)).toEqual(counts);
      expect(await sequenceValues(query)).toEqual(sequences);
      await insertsAfterRestore(query, ids);
    } finally {
      await target.close();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores into an empty PostgreSQL database with the same rows, sequences that go on, and refuses to run twice',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `gd_backup_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const target = new pg.Client({ connectionString: url.toString() });
      try {
        await target.connect();
        expect(await isEmptyPostgres(target)).toBe(true);
        await restoreIntoPostgres(target, dump);
        const query = postgresQuery(target);
        expect(await tableCounts(query)).toEqual(counts);
        expect(await sequenceValues(query)).toEqual(sequences);
        expect(await isEmptyPostgres(target)).toBe(false);
        // A second load over the first fails whole (one transaction): nothing doubles.
        await expect(restoreIntoPostgres(target, dump)).rejects.toThrow();
        expect(await tableCounts(query)).toEqual(counts);
        // `--force` replaces what is there, in the same transaction as the load.
        await restoreIntoPostgres(target, dump, { replace: true });
        expect(await tableCounts(query)).toEqual(counts);
        await insertsAfterRestore(query, ids);
      } finally {
        await target.end().catch(() => undefined);
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );

  it('refuses a file that was cut short, before touching the database', async () => {
    const cut = dump.slice(0, Math.floor(dump.length / 2));
    expect(() => assertCompleteDump(cut)).toThrow('no es una copia de seguridad completa');
    expect(() => assertCompleteDump('select 1;')).toThrow('no se restauró nada');
  });

  it("drops the psql-only \\restrict lines of a newer PostgreSQL's pg_dump", () => {
    const sql = '--\n\\restrict abc123\nSELECT 1;\n\\unrestrict abc123\n\\restricted\n';
    expect(withoutPsqlCommands(sql)).toBe('--\nSELECT 1;\n\\restricted\n');
  });

  it('drops only the settings the target server does not know', () => {
    const sql = 'SET lock_timeout = 0;\nSET transaction_timeout = 0;\nSELECT 1;\n';
    expect(withoutUnknownSettings(sql, new Set(['lock_timeout']))).toBe(
      'SET lock_timeout = 0;\nSELECT 1;\n',
    );
  });
});
