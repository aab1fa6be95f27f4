/**
 * `npx tsx bench/payment-generation.ts`: how long generating 100,000 payments takes
 * (issue #12, "Speed": 5,000 players × 20 charge-periods; targets < 30 s on PGlite,
 * < 10 s on PostgreSQL), through the generation service, on a fresh in-memory PGlite
 * and, when BENCH_DATABASE_URL is set, on that PostgreSQL (a new club each run). A club
 * of 5,000 active players in five categories, 20 monthly charges for everyone (two of
 * them with a 15 % discount one player in ten holds), one period: the preview, the run
 * (100,000 payments and their events) and the same run again (nothing to create).
 * Numbers only; see bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDb } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';
import { createPaymentGenerationService } from '../server/features/payment-generation/payment-generation.service';
import type { Clock } from '../server/lib/clock';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5000);
const CHARGES = Number(process.env.BENCH_CHARGES ?? 20);
const PERIOD = '2026-03';
const clock: Clock = { now: () => new Date('2026-03-10T15:00:00Z') };
const quiet = { info: () => undefined };

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * The bench club, its players (persons, memberships, players rows) and its charges, monthly,
 * due on the 5th (bench/queue.ts makes one charge for 100,000 players with it).
 */
export async function seedClub(
  handle: DbHandle,
  { players = PLAYERS, charges = CHARGES }: { players?: number; charges?: number } = {},
): Promise<number> {
  const { db } = handle;
  const tag = randomBytes(4).toString('hex');
  const firstDoc = 4_000_000_000 + (parseInt(tag, 16) % 100_000) * 10_000;
  const [club] = rowsOf(
    await db.execute(
      sql`insert into pla_club_teams (name) values (${`Club Bench Cobros ${tag}`}) returning id`,
    ),
  );
  const clubId = Number(club!.id);
  await db.execute(sql`
    insert into categories (club_id, name, gender, birth_year_from)
    select ${clubId}, 'Sub-' || (8 + 2 * k), 'mixed', 2010 + k from generate_series(0, 4) k`);
  await db.execute(sql`
    with new_users as (
      insert into users (name, lastname, document_type, document_number, birth_date, gender)
      select 'Jugador', 'Banco ' || n, 'TI', (${firstDoc}::bigint + n)::text, '2014-05-05', 'female'
        from generate_series(0, ${players - 1}) n
      returning id
    ),
    members as (
      insert into club_memberships (user_id, club_id, role_id, created_at)
      select id, ${clubId}, (select id from roles where name = 'Jugador'), '2025-01-01'
        from new_users
    )
    insert into players (club_id, user_id, category_id, status)
    select ${clubId}, u.id,
           (select min(id) from categories where club_id = ${clubId}) + u.id % 5, 'active'
      from new_users u`);
  const [discount] = rowsOf(
    await db.execute(sql`
      insert into discounts (club_id, name, kind, value)
      values (${clubId}, 'Plan Hermanos', 'percentage', 15) returning id`),
  );
  await db.execute(sql`
    insert into player_discounts (club_id, user_id, discount_id)
    select ${clubId}, user_id, ${Number(discount!.id)} from players
     where club_id = ${clubId} and user_id % 10 = 0`);
  await db.execute(sql`
    with c as (
      insert into charges (club_id, name, concept, amount, frequency_id, due_day, valid_from)
      select ${clubId}, 'Cobro ' || k, 'training_fee', 50000 + 1000 * k,
             (select id from frequencies where code = 'monthly'), 5, '2026-01-01'
        from generate_series(1, ${charges}) k
      returning id, name
    )
    insert into charge_discounts (charge_id, discount_id)
    select id, ${Number(discount!.id)} from c where name in ('Cobro 1', 'Cobro 2')`);
  await db.execute(sql`analyze`);
  return clubId;
}

async function timed<T>(label: string, run: () => Promise<T>, summary: (value: T) => string) {
  const started = performance.now();
  const value = await run();
  const seconds = (performance.now() - started) / 1000;
  console.log(`  ${label.padEnd(10)} ${seconds.toFixed(2)} s  ${summary(value)}`);
  return seconds;
}

async function bench(label: string, url: string | undefined) {
  const handle = await openDb({ url });
  try {
    await prepareDatabase(handle, { demo: false });
    const clubId = await seedClub(handle);
    const service = createPaymentGenerationService({ db: handle.db, clock });
    console.log(`${label}: ${PLAYERS} players × ${CHARGES} charges, period ${PERIOD}`);
    await timed(
      'preview',
      () => service.preview(clubId, PERIOD),
      (p) => `${p.to_create_total} to create`,
    );
    const seconds = await timed(
      'generate',
      () => service.generate(clubId, PERIOD, { actorId: null, log: quiet }),
      (r) => `${r.created_total} created`,
    );
    await timed(
      'again',
      () => service.generate(clubId, PERIOD, { actorId: null, log: quiet }),
      (r) => `${r.created_total} created`,
    );
    const [check] = rowsOf(
      await handle.db.execute(sql`
        select count(*)::int as payments, count(distinct (charge_id, user_id))::int as distinct_keys,
               sum(amount_due)::bigint as due from payments where club_id = ${clubId}`),
    );
    console.log(
      `  stored     ${check!.payments} payments (${check!.distinct_keys} distinct keys), ${check!.due} pesos due; ${(Number(check!.payments) / seconds).toFixed(0)} payments/s`,
    );
  } finally {
    await handle.close();
  }
}

// Run as a script only (bench/queue.ts imports the seed).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bench('PGlite (memory)', undefined);
  if (process.env.BENCH_DATABASE_URL) await bench('PostgreSQL', process.env.BENCH_DATABASE_URL);
  else console.log('PostgreSQL: set BENCH_DATABASE_URL to measure it too');
}
