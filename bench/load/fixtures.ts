/**
 * The data the mixed workload runs on, and what it checks afterwards, by SQL on the
 * database the app servers share (PGlite or PostgreSQL):
 *
 * - the demo club of bench/run.ts with its bench data (10,000 players, 60,000 payments,
 *   10 weeks of roll calls, 400,000 notifications of 10,000 players), made once;
 * - a session token per demo account and per bench player, signed with the servers'
 *   secret as the app signs them (logins are part of the mix, not of the setup);
 * - per measured run, fresh write targets: pending payments of the current period that
 *   staff record money on, and records in review (as families send them) to approve;
 * - after it, the receipts: every number issued during the run once, none skipped.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';
import { createDiskStorage } from '../../server/storage/storage';
import { seedBenchAttendance } from '../dashboards';
import { seedBenchNotifications, signBenchTokens } from '../notifications';
import { type BenchPayments, seedBenchPayments } from '../payments';
import { type BenchPlayers, seedBenchPlayers } from '../players';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The demo accounts the workload plays, by the role they hold in the demo club. */
export const ROLE_EMAILS = {
  owner: 'propietario@demo.club',
  accountant: 'contador@demo.club',
  trainer: 'entrenador@demo.club',
  player: 'jugador@demo.club',
  parent: 'padre@demo.club',
} as const;
export type DemoRole = keyof typeof ROLE_EMAILS;

export interface LoadData {
  bench: BenchPlayers;
  payments: BenchPayments;
  /** Bearer token per demo role. */
  roles: Record<DemoRole, string>;
  /** Bearer tokens of the bench players (they poll their notifications). */
  players: string[];
  /** The club's today (YYYY-MM-DD) for `paid_on`. */
  today: string;
}

/** Makes the bench data (once: each part is skipped when there) and signs the tokens. */
export async function prepareLoadData(
  handle: DbHandle,
  jwtSecret: Uint8Array,
  uploads: string,
  log: (line: string) => void,
): Promise<LoadData> {
  await prepareDatabase(handle, { demo: true, storage: createDiskStorage(uploads) });
  const bench = await seedBenchPlayers(handle, { million: false, log });
  const payments = await seedBenchPayments(handle, bench.clubId, log);
  await seedBenchAttendance(handle, bench.clubId, log);
  const polling = await seedBenchNotifications(handle, bench.clubId, log);
  const demo = rowsOf(
    await handle.db.execute(sql`
      select email, id, token_version from users
       where email in (${sql.join(
         Object.values(ROLE_EMAILS).map((email) => sql`${email}`),
         sql`, `,
       )})`),
  );
  const byEmail = new Map(demo.map((row) => [String(row.email), row]));
  const roles = {} as Record<DemoRole, string>;
  for (const [role, email] of Object.entries(ROLE_EMAILS) as [DemoRole, string][]) {
    const row = byEmail.get(email);
    if (!row) throw new Error(`No demo account ${role}`);
    const [token] = await signBenchTokens(
      [{ id: Number(row.id), tokenVersion: Number(row.token_version) }],
      jwtSecret,
    );
    roles[role] = token!;
  }
  const players = await signBenchTokens(polling.users.slice(0, 2_000), jwtSecret);
  const [club] = rowsOf(
    await handle.db.execute(sql`
      select to_char(now() at time zone timezone, 'YYYY-MM-DD') as today
        from pla_club_teams where id = ${bench.clubId}`),
  );
  return { bench, payments, roles, players, today: String(club!.today) };
}

/** One run's write targets: payments to record money on, and records in review to approve. */
export interface WriteTargets {
  /** Payments owing their whole amount (80,000): each takes many records of 1,000. */
  recordOn: number[];
  /** [paymentId, recordId] of records in review, round-robin over their payments. */
  approve: [number, number][];
  methodId: number;
  /** The club's receipt counter before the run. */
  receiptsBefore: number;
}

/** Unused owed payments of the club, taken for this run (their status moves on). */
async function freshPending(handle: DbHandle, clubId: number, count: number): Promise<number[]> {
  const ids = rowsOf(
    await handle.db.execute(sql`
      select p.id from payments p
       where p.club_id = ${clubId} and p.status = 'pending' and p.amount_paid = 0
         and not exists (select 1 from payment_records r where r.payment_id = p.id)
       order by p.id limit ${count}`),
  ).map((row) => Number(row.id));
  if (ids.length < count)
    throw new Error(`Only ${ids.length} unused pending payments: drop the database`);
  return ids;
}

/**
 * Writes `payments × perPayment` records of 1,000 in review (a family's proof, the
 * payment in review as the proofs flow leaves it) and picks `recordOn` other payments.
 */
export async function prepareWriteTargets(
  handle: DbHandle,
  clubId: number,
  sizes: { recordOn: number; approvePayments: number; perPayment: number },
): Promise<WriteTargets> {
  const { db } = handle;
  const taken = await freshPending(handle, clubId, sizes.recordOn + sizes.approvePayments);
  const recordOn = taken.slice(0, sizes.recordOn);
  const chosen = taken.slice(sizes.recordOn);
  const [method] = rowsOf(
    await db.execute(sql`
      select payment_method_id from club_payment_methods where club_id = ${clubId}
       order by payment_method_id limit 1`),
  );
  const methodId = Number(method!.payment_method_id);
  const inserted = rowsOf(
    await db.execute(sql`
      with made as (
        insert into payment_records (club_id, payment_id, amount, payment_method_id, paid_on,
                                     status, recorded_by, created_at)
        select ${clubId}, p.id, 1000, ${methodId}, current_date - 1, 'in_review', p.user_id, now()
          from payments p, generate_series(1, ${sizes.perPayment}) k
         where p.id in (${sql.join(
           chosen.map((id) => sql`${id}`),
           sql`, `,
         )})
        returning id, payment_id
      ),
      moved as (
        update payments set status = 'in_review' where id in (select payment_id from made)
      )
      select payment_id, id from made order by id`),
  );
  // Round-robin over the payments: approvals in a row touch different payments.
  const byPayment = new Map<number, number[]>();
  for (const row of inserted) {
    const list = byPayment.get(Number(row.payment_id)) ?? [];
    list.push(Number(row.id));
    byPayment.set(Number(row.payment_id), list);
  }
  const approve: [number, number][] = [];
  for (let k = 0; k < sizes.perPayment; k++)
    for (const [paymentId, records] of byPayment) {
      const recordId = records[k];
      if (recordId !== undefined) approve.push([paymentId, recordId]);
    }
  return { recordOn, approve, methodId, receiptsBefore: await receiptCounter(handle, clubId) };
}

async function receiptCounter(handle: DbHandle, clubId: number): Promise<number> {
  const [row] = rowsOf(
    await handle.db.execute(
      sql`select coalesce(max(last_number), 0) as n from club_receipt_counters where club_id = ${clubId}`,
    ),
  );
  return Number(row!.n);
}

/** The receipts issued since `before`: how many, how many distinct, the range, the counter. */
export interface ReceiptCheck {
  issued: number;
  distinct: number;
  first: number | null;
  last: number | null;
  counter: number;
  /** Every number from before + 1 to the counter, each on exactly one record. */
  ok: boolean;
}

export async function checkReceipts(
  handle: DbHandle,
  clubId: number,
  before: number,
): Promise<ReceiptCheck> {
  const [row] = rowsOf(
    await handle.db.execute(sql`
      select count(*)::int as issued, count(distinct receipt_number)::int as n,
             min(receipt_number) as first, max(receipt_number) as last
        from payment_records where club_id = ${clubId} and receipt_number > ${before}`),
  );
  const issued = Number(row!.issued);
  const distinct = Number(row!.n);
  const first = row!.first === null ? null : Number(row!.first);
  const last = row!.last === null ? null : Number(row!.last);
  const counter = await receiptCounter(handle, clubId);
  const ok =
    issued === distinct &&
    counter - before === issued &&
    (issued === 0 || (first === before + 1 && last === counter));
  return { issued, distinct, first, last, counter, ok };
}
