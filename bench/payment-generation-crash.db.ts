/**
 * The database side of the crash run (bench/payment-generation-crash.ts): a scratch
 * PostgreSQL database, the club it bills (seeded set-based, as bench/payment-generation.ts
 * does) with an owner who can sign in, and what is stored of a period's run.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../server/auth/passwords';
import { openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';

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

/** Drops (forcing out any connection left) and creates database `name` on `adminUrl`'s server. */
export async function recreateDatabase(adminUrl: string, name: string) {
  await dropDatabase(adminUrl, name);
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
}

export async function dropDatabase(adminUrl: string, name: string) {
  await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** The month after the one of `now` in Bogotá, 'YYYY-MM' (the server's daily job bills the current one). */
export function nextMonth(now: Date): string {
  const bogota = new Date(now.getTime() - 5 * 3_600_000);
  const next = new Date(Date.UTC(bogota.getUTCFullYear(), bogota.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}

export interface CrashClub {
  clubId: number;
  email: string;
  password: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Migrates `url`, then seeds a club with an owner (a password to sign in), `players`
 * active players and `charges` monthly charges for everyone starting on `period`, so the
 * daily job (current month) bills nothing of them and `period` bills players × charges.
 */
export async function seedCrashClub(
  url: string,
  { players, charges, period }: { players: number; charges: number; period: string },
): Promise<CrashClub> {
  const handle = await openDb({ url });
  try {
    await prepareDatabase(handle, { demo: false });
    const { db } = handle;
    const email = 'propietaria.crash@prueba.test';
    const password = 'Secreta123';
    const [owner] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into users (name, lastname, email, password_hash)
        values ('Propietaria', 'Crash', ${email}, ${await hashPassword(password)}) returning id`),
    );
    const [club] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into pla_club_teams (name) values ('Club Crash') returning id`),
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
    return { clubId, email, password };
  } finally {
    await handle.close();
  }
}

/** What is stored of the club's period: the payments, their events, per charge. */
export interface StoredRun {
  payments: number;
  distinctKeys: number;
  /** Payments without exactly one 'generated' event. */
  withoutOneEvent: number;
  /** 'generated' events of the period's payments. */
  events: number;
  /** Payments per charge (every charge of the club, 0 included). */
  perCharge: number[];
}

export async function storedRun(url: string, clubId: number, period: string): Promise<StoredRun> {
  return withClient(url, async (c) => {
    const params = [clubId, `${period}-01`];
    const [totals] = (
      await c.query<{ payments: number; keys: number; odd: number; events: number }>(
        `select count(*)::int as payments,
           count(distinct (charge_id, user_id, period))::int as keys,
           count(*) filter (where (select count(*) from payment_events e
             where e.payment_id = p.id and e.action = 'generated') <> 1)::int as odd,
           (select count(*)::int from payment_events e join payments q on q.id = e.payment_id
             where q.club_id = $1 and q.period = $2 and e.action = 'generated') as events
         from payments p where p.club_id = $1 and p.period = $2`,
        params,
      )
    ).rows;
    const perCharge = (
      await c.query<{ n: number }>(
        `select (select count(*)::int from payments p
            where p.charge_id = c.id and p.period = $2) as n
           from charges c where c.club_id = $1 order by c.id`,
        params,
      )
    ).rows.map((row) => row.n);
    return {
      payments: totals!.payments,
      distinctKeys: totals!.keys,
      withoutOneEvent: totals!.odd,
      events: totals!.events,
      perCharge,
    };
  });
}

/** Connections to database `name` other than the caller's (the killed server's backends). */
export async function backendsOf(adminUrl: string, name: string) {
  return withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ pid: number; state: string | null; query: string }>(
      `select pid, state, query from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    return rows;
  });
}
