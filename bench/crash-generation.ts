/**
 * kill -9 during a period's payment generation (bench/crash.ts; issue #12 "Reliability").
 *
 * What the code promises (payment-generation.service.ts): a run bills every charge of the
 * period in ONE transaction, under an advisory lock on club + period, by ONE statement
 * that inserts the payments and their 'generated' events. So whatever instant the server
 * dies at, the period's run is stored entirely or not at all: every payment has exactly
 * one 'generated' event, and every charge has all of its players' payments or none (all
 * charges alike, being one transaction). The rerun creates exactly what is missing.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { type CrashClub, nextMonth, rowsOf, seedCrashClub } from './crash.db';
import type { Check, Scenario, Stored } from './crash.run';
import { type Call, okJson } from './crash.server';

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

/** Classifies what a crash left of a run of `players` × `charges`: 'part' is half written. */
export function storedOf(stored: StoredRun, players: number, charges: number): Stored {
  const consistent =
    stored.withoutOneEvent === 0 &&
    stored.distinctKeys === stored.payments &&
    stored.events === stored.payments;
  if (consistent && stored.payments === 0) return 'none';
  const full = stored.perCharge.length === charges && stored.perCharge.every((n) => n === players);
  return consistent && full ? 'all' : 'part';
}

export async function storedRun(
  handle: DbHandle,
  clubId: number,
  period: string,
): Promise<StoredRun> {
  const first = `${period}-01`;
  const [totals] = await rowsOf<{ payments: number; keys: number; odd: number; events: number }>(
    handle,
    sql`select count(*)::int as payments,
         count(distinct (charge_id, user_id, period))::int as keys,
         count(*) filter (where (select count(*) from payment_events e
           where e.payment_id = p.id and e.action = 'generated') <> 1)::int as odd,
         (select count(*)::int from payment_events e join payments q on q.id = e.payment_id
           where q.club_id = ${clubId} and q.period = ${first} and e.action = 'generated') as events
       from payments p where p.club_id = ${clubId} and p.period = ${first}`,
  );
  const perCharge = await rowsOf<{ n: number }>(
    handle,
    sql`select (select count(*)::int from payments p
          where p.charge_id = c.id and p.period = ${first}) as n
         from charges c where c.club_id = ${clubId} order by c.id`,
  );
  return {
    payments: totals!.payments,
    distinctKeys: totals!.keys,
    withoutOneEvent: totals!.odd,
    events: totals!.events,
    perCharge: perCharge.map((row) => row.n),
  };
}

interface Generation extends CrashClub {
  period: string;
}

const generate = (call: Call, { clubId, period }: Generation) =>
  call('POST', `/pla_club_teams/${clubId}/payments/generation`, { json: { period } });

/** A period of `players` × `charges` payments, generated next month's. */
export function generationScenario(players: number, charges: number): Scenario<Generation> {
  return {
    name: `payment generation (${players} players × ${charges} charges)`,
    async seed(handle) {
      const period = nextMonth(new Date());
      return { ...(await seedCrashClub(handle, { players, charges, period })), period };
    },
    write: generate,
    // pg_stat_activity shows a statement's first 1,024 bytes: the run is known by its start.
    middle: () => ({ statement: 'with billed (charge_id%' }),
    async redo(call, seeded) {
      const answer = await okJson<{ created_total: number }>(
        'generation',
        await generate(call, seeded),
      );
      return answer.created_total;
    },
    async check(handle, { clubId, period }): Promise<Check> {
      const s = await storedRun(handle, clubId, period);
      const stored = storedOf(s, players, charges);
      return {
        stored,
        summary:
          `${s.payments} payments, ${s.events} 'generated' events, ${s.withoutOneEvent} without exactly one, ` +
          `${s.payments - s.distinctKeys} keys twice; per charge ${[...new Set(s.perCharge)].join('/')}`,
        failures: stored === 'part' ? ['half written'] : [],
      };
    },
  };
}
