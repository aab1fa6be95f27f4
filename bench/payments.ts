/**
 * The payments the bench lists (issue #12, "Speed": the payments grid with 60,000
 * payments in a club), written by set-based SQL on PGlite and PostgreSQL alike, in the
 * demo club the bench signs in to (its 10,000 players come from bench/players.ts first):
 *
 * - a monthly charge 'Mensualidad Banco' (due on the 5th) for 5,000 of the club's active
 *   players over the 12 months up to the club's current one: 60,000 payments;
 * - statuses a club sees: in past months two in three paid (an approved record each, a
 *   receipt number from the club's counter), some pending (overdue), partial (an approved
 *   record for part), in review (a record waiting), rejected (a rejected record), a few
 *   exempt or cancelled; in the current month half still pending. Records use the club's
 *   payment methods in turn, so the method filter selects something.
 *
 * amount_paid is the sum of each payment's approved records, as the service keeps it.
 * Idempotent on a kept database: skipped when the charge is already there.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import type { Scenario } from './measure';

export const BENCH_PAYMENT_PLAYERS = 5_000;
export const BENCH_PAYMENT_MONTHS = 12;
const CHARGE_NAME = 'Mensualidad Banco';
const AMOUNT = 80_000;

/** What the bench's payments scenarios ask for. */
export interface BenchPayments {
  /** The club's current month 'YYYY-MM' (the grid's default period). */
  period: string;
  /** A payment method that some records of the period used. */
  methodId: number | null;
  payments: number;
  /** How many of the club's payments per status, for the record. */
  statuses: Record<string, number>;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** A status by `h` (0..99) and whether the period is the current one. */
const statusOf = sql.raw(`case
  when cur then case when h < 30 then 'paid' when h < 80 then 'pending' when h < 85 then 'partial'
                     when h < 92 then 'in_review' when h < 97 then 'rejected' when h < 99 then 'exempt'
                     else 'cancelled' end
  else case when h < 68 then 'paid' when h < 80 then 'pending' when h < 85 then 'partial'
            when h < 90 then 'in_review' when h < 95 then 'rejected' when h < 98 then 'exempt'
            else 'cancelled' end end`);

/** Writes the payments and their records into club `clubId` (once) and describes them. */
export async function seedBenchPayments(
  handle: DbHandle,
  clubId: number,
  log: (line: string) => void = () => undefined,
): Promise<BenchPayments> {
  const { db } = handle;
  const first = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query))[0]!;
  const { period } = await first(sql`
    select to_char((now() at time zone timezone), 'YYYY-MM') as period
      from pla_club_teams where id = ${clubId}`);
  const existing = await first(
    sql`select id from charges where club_id = ${clubId} and name = ${CHARGE_NAME} union all select null limit 1`,
  );
  if (existing.id === null) {
    const started = performance.now();
    const owner = sql`(select u.id from users u where u.email = 'propietario@demo.club')`;
    const { id: chargeId } = await first(sql`
      insert into charges (club_id, name, concept, amount, frequency_id, due_day, valid_from, created_by)
      values (${clubId}, ${CHARGE_NAME}, 'training_fee', ${AMOUNT},
              (select id from frequencies where code = 'monthly'), 5,
              ${`${String(period)}-01`}::date - interval '11 months', ${owner})
      returning id`);
    await db.execute(sql`
      with chosen as (
        select user_id, (row_number() over (order by user_id) - 1)::int as i from players
         where club_id = ${clubId} and status = 'active' order by user_id limit ${BENCH_PAYMENT_PLAYERS}
      ),
      months as (
        select m, (${`${String(period)}-01`}::date - make_interval(months => ${BENCH_PAYMENT_MONTHS - 1} - m))::date as period,
               m = ${BENCH_PAYMENT_MONTHS - 1} as cur
          from generate_series(0, ${BENCH_PAYMENT_MONTHS - 1}) m
      ),
      grid as (
        select c.user_id, k.period, k.cur, (c.i * 37 + k.m * 11) % 100 as h from chosen c, months k
      )
      insert into payments (club_id, user_id, charge_id, period, covers_from, covers_to, due_date,
                            base_amount, amount_due, amount_paid, status, status_reason, created_at)
      select ${clubId}, user_id, ${chargeId}, period, period, (period + interval '1 month' - interval '1 day')::date,
             period + 4, ${AMOUNT}, ${AMOUNT},
             case s when 'paid' then ${AMOUNT} when 'partial' then ${AMOUNT / 2} else 0 end, s,
             case s when 'exempt' then 'Beca deportiva' when 'cancelled' then 'Retiro del club'
                    when 'rejected' then 'El comprobante no es legible' end,
             period - 5
        from (select *, ${statusOf} as s from grid) r`);
    // One record per paid, partial, in-review or rejected payment, methods in turn.
    await db.execute(sql`
      insert into club_receipt_counters (club_id) values (${clubId}) on conflict do nothing`);
    await db.execute(sql`
      with methods as (
        select array_agg(payment_method_id order by payment_method_id) as ids
          from club_payment_methods where club_id = ${clubId}
      ),
      counter as (select last_number from club_receipt_counters where club_id = ${clubId}),
      picked as (
        select p.*, row_number() over (partition by p.status = 'paid' or p.status = 'partial' order by p.id) as n
          from payments p where p.charge_id = ${chargeId} and p.status in ('paid', 'partial', 'in_review', 'rejected')
      )
      insert into payment_records (club_id, payment_id, amount, payment_method_id, paid_on, status,
                                   receipt_number, reviewed_at, reviewed_by, rejection_reason, recorded_by, created_at)
      select ${clubId}, p.id, case when p.status = 'partial' then p.amount_paid else p.amount_due end,
             (select ids[1 + p.id % cardinality(ids)] from methods), p.due_date - 1,
             case p.status when 'paid' then 'approved' when 'partial' then 'approved' else p.status end,
             case when p.status in ('paid', 'partial') then (select last_number from counter) + p.n::int end,
             case when p.status <> 'in_review' then (p.due_date - 1) + time '15:00' at time zone 'America/Bogota' end,
             case when p.status <> 'in_review' then ${owner} end,
             case when p.status = 'rejected' then 'El comprobante no es legible' end,
             ${owner}, (p.due_date - 1) + time '09:00' at time zone 'America/Bogota'
        from picked p`);
    await db.execute(sql`
      update club_receipt_counters set last_number = (
        select coalesce(max(receipt_number), 0) from payment_records where club_id = ${clubId})
       where club_id = ${clubId}`);
    await db.execute(sql`vacuum analyze`);
    log(`demo club: 60,000 payments written in ${Math.round(performance.now() - started)} ms`);
  }
  const statuses: Record<string, number> = {};
  for (const row of rowsOf(
    await db.execute(
      sql`select status, count(*)::int as n from payments where club_id = ${clubId} group by status order by status`,
    ),
  ))
    statuses[String(row.status)] = Number(row.n);
  const method = await first(sql`
    select r.payment_method_id from payment_records r join payments p on p.id = r.payment_id
     where p.club_id = ${clubId} and p.period = ${`${String(period)}-01`}
       and r.payment_method_id is not null union all select null limit 1`);
  return {
    period: String(period),
    methodId: method.payment_method_id === null ? null : Number(method.payment_method_id),
    payments: Object.values(statuses).reduce((sum, n) => sum + n, 0),
    statuses,
  };
}

/**
 * The grid's requests, as the Pagos screen sends them (it always names a period): page 1
 * of the current period by due date; filtered by status and by category; searched by a
 * player's surname; overdue; and the header's summary.
 */
export function paymentScenarios(
  options: { base: string; clubId: number; categoryId: number; term: string },
  payments: BenchPayments,
  target: (name: string, url: string) => Scenario,
): Scenario[] {
  const club = `${options.base}/api/pla_club_teams/${options.clubId}/payments`;
  const list = (query: string) =>
    `${club}?page=1&pageSize=25&sort=due_date&period=${payments.period}${query}`;
  return [
    target('payments page 1 (period, by due date)', list('')),
    target('payments filtered (period + pending)', list('&status=pending')),
    target('payments filtered (period + category)', list(`&category_id=${options.categoryId}`)),
    target('payments searched (period + q)', list(`&q=${encodeURIComponent(options.term)}`)),
    target('payments overdue (period + overdue)', list('&overdue=true')),
    target('payments summary (current period)', `${club}/summary`),
  ];
}

/** Each scenario once before measuring: a refusal would otherwise only show as failures. */
export async function checkScenarios(scenarios: readonly Scenario[]): Promise<void> {
  for (const { name, target } of scenarios) {
    const answer = await fetch(target.url, { headers: target.headers });
    if (!answer.ok) throw new Error(`${name} answered ${answer.status}: ${await answer.text()}`);
  }
}
