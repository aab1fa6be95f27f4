/**
 * The databases of the kill -9 script (bench/crash.ts): a scratch PostgreSQL database or
 * an embedded PGlite data dir, opened by the script only while no server runs on it (a
 * PGlite dir has one user), and the club every scenario seeds into it.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../server/auth/passwords';
import { type DbHandle, openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';

export type Engine = 'postgres' | 'pglite';

/** One database a scenario runs on, with the environment the server child gets for it. */
export interface CrashTarget {
  engine: Engine;
  /** The scratch database's name (PostgreSQL: to find the server's backends). */
  database: string;
  /** Its PostgreSQL URL (undefined on PGlite). */
  url: string | undefined;
  /** The server's DATA_DIR (PGlite keeps its files in `<dataDir>/pglite`). */
  dataDir: string;
  open(): Promise<DbHandle>;
  dispose(): Promise<void>;
}

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Runs `fn` on a client of `url`, closed afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const dropDatabase = (adminUrl: string, name: string) =>
  withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));

/** A fresh PostgreSQL database `name` on `adminUrl`'s server (dropped by `dispose` unless `keep`). */
export async function postgresTarget(adminUrl: string, name: string, keep = false) {
  await dropDatabase(adminUrl, name);
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = withDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-crash-'));
  return {
    engine: 'postgres',
    database: name,
    url,
    dataDir,
    open: () => openDb({ url }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!keep) await dropDatabase(adminUrl, name);
    },
  } satisfies CrashTarget;
}

/** A PGlite data dir in a new temporary DATA_DIR, empty or a copy of `template`'s. */
export function pgliteTarget(template?: CrashTarget): CrashTarget {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-crash-'));
  if (template)
    cpSync(path.join(template.dataDir, 'pglite'), path.join(dataDir, 'pglite'), {
      recursive: true,
    });
  return {
    engine: 'pglite',
    database: 'template1',
    url: undefined,
    dataDir,
    open: () => openDb({ dataDir: path.join(dataDir, 'pglite') }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Opens `target`, runs `fn` and closes it again. */
export async function withHandle<T>(target: CrashTarget, fn: (handle: DbHandle) => Promise<T>) {
  const handle = await target.open();
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** The rows of `query` on either driver. */
export async function rowsOf<T>(handle: DbHandle, query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The month after the one of `now` in Bogotá, 'YYYY-MM' (the server's daily job bills the current one). */
export function nextMonth(now: Date): string {
  const bogota = new Date(now.getTime() - 5 * 3_600_000);
  const next = new Date(Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}

/** The seeded club and its owner, who signs in over HTTP. */
export interface CrashClub {
  clubId: number;
  ownerId: number;
  email: string;
  password: string;
}

/**
 * Migrates the database, then seeds a Pro club with an owner (a password to sign in),
 * `players` active players and `charges` monthly charges for everyone starting on
 * `period`, so the daily job (current month) bills nothing of them. Set-based, as
 * bench/payment-generation.ts does.
 */
export async function seedCrashClub(
  handle: DbHandle,
  { players, charges, period }: { players: number; charges: number; period: string },
): Promise<CrashClub> {
  await prepareDatabase(handle, { demo: false });
  const { db } = handle;
  const email = 'propietaria.crash@prueba.test';
  const password = 'Secreta123';
  const [owner] = await rowsOf<{ id: number }>(
    handle,
    sql`insert into users (name, lastname, email, password_hash)
      values ('Propietaria', 'Crash', ${email}, ${await hashPassword(password)}) returning id`,
  );
  const [club] = await rowsOf<{ id: number }>(
    handle,
    sql`insert into pla_club_teams (name, plan) values ('Club Crash', 'pro') returning id`,
  );
  const clubId = Number(club!.id);
  await db.execute(sql`insert into club_memberships (user_id, club_id, role_id)
    values (${owner!.id}, ${clubId}, (select id from roles where name = 'Propietario del Club'))`);
  await db.execute(sql`
    with new_users as (
      insert into users (name, lastname, document_type, document_number, birth_date, gender)
      select 'Jugador', 'Crash ' || n, 'TI', (5000000000 + n)::text, '2014-05-05', 'female'
        from generate_series(1, ${players}) n
      returning id
    ),
    members as (
      insert into club_memberships (user_id, club_id, role_id, created_at)
      select id, ${clubId}, (select id from roles where name = 'Jugador'), '2025-01-01'
        from new_users
    )
    insert into players (club_id, user_id, status)
    select ${clubId}, id, 'active' from new_users`);
  await db.execute(sql`
    insert into charges (club_id, name, concept, amount, frequency_id, due_day, valid_from)
    select ${clubId}, 'Cobro ' || k, 'training_fee', 50000 + 1000 * k,
           (select id from frequencies where code = 'monthly'), 5, ${`${period}-01`}::date
      from generate_series(1, ${charges}) k`);
  await db.execute(sql`analyze`);
  return { clubId, ownerId: Number(owner!.id), email, password };
}

/** Connections to database `name` other than the caller's (the killed server's backends). */
export async function backendsOf(adminUrl: string, name: string) {
  return withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    return rows;
  });
}
