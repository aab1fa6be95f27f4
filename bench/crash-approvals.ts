/**
 * kill -9 during a bulk approval of proofs of payment (bench/crash.ts):
 * `POST …/payments/bulk {action: 'approve'}` on the club's payments, each with one
 * record in review. Each payment is approved in its own transaction
 * (payment-actions.service.ts), which takes the club's next receipt number
 * (receipts.ts), so a crash may leave the first payments approved and the rest in review,
 * but never a payment half approved, a receipt number twice, skipped or without its
 * record, nor a kept counter that disagrees.
 *
 * On PostgreSQL the script holds the row of the middle payment's record (FOR UPDATE): the
 * server's transaction for it has locked the payment and taken its receipt number and
 * waits to mark the record approved when the kill comes.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { type CrashClub, nextMonth, rowsOf, seedCrashClub } from './crash.db';
import { keptDisagreements, keptFailures } from './crash.kept';
import type { Check, Scenario } from './crash.run';
import { type Call, okJson } from './crash.server';

interface Approvals extends CrashClub {
  paymentIds: number[];
  recordIds: number[];
}

const approve = (call: Call, { clubId, paymentIds }: Approvals) =>
  call('POST', `/pla_club_teams/${clubId}/payments/bulk`, {
    json: { action: 'approve', payment_ids: paymentIds },
  });

/** Seeds `count` payments of next month, in review with one proof each for their amount. */
async function seedApprovals(handle: DbHandle, count: number): Promise<Approvals> {
  const period = nextMonth(new Date());
  const club = await seedCrashClub(handle, { players: count, charges: 1, period });
  const first = `${period}-01`;
  const rows = await rowsOf<{ payment_id: number; record_id: number }>(
    handle,
    sql`with billed as (
          insert into payments (club_id, user_id, charge_id, period, covers_from, covers_to,
                                due_date, base_amount, amount_due, status)
          select ${club.clubId}, p.user_id, c.id, ${first}::date, ${first}::date,
                 (${first}::date + interval '1 month' - interval '1 day')::date,
                 ${first}::date + 4, c.amount, c.amount, 'in_review'
            from players p cross join charges c
           where p.club_id = ${club.clubId} and c.club_id = ${club.clubId}
          returning id, user_id, amount_due
        )
        insert into payment_records (club_id, payment_id, amount, paid_on, status, recorded_by)
        select ${club.clubId}, id, amount_due, current_date, 'in_review', user_id from billed
        returning payment_id, id as record_id`,
  );
  rows.sort((a, b) => a.payment_id - b.payment_id);
  return {
    ...club,
    paymentIds: rows.map((row) => row.payment_id),
    recordIds: rows.map((row) => row.record_id),
  };
}

async function checkApprovals(handle: DbHandle, { clubId, paymentIds }: Approvals): Promise<Check> {
  const [s] = await rowsOf<Record<string, number>>(
    handle,
    sql`select
      count(*) filter (where status = 'approved')::int as approved,
      count(*) filter (where status = 'in_review')::int as in_review,
      count(*) filter (where status = 'approved' and receipt_number is null)::int as no_receipt,
      count(*) filter (where status <> 'approved' and receipt_number is not null)::int as stray_receipt,
      (count(receipt_number) - count(distinct receipt_number))::int as receipt_twice,
      coalesce(max(receipt_number), 0)::int as last_receipt,
      count(receipt_number)::int as receipts,
      coalesce((select last_number from club_receipt_counters where club_id = ${clubId}), 0)::int as counter,
      count(*) filter (where (select count(*) from payment_events e where e.record_id = r.id
        and e.action = 'approved') <> (case when r.status = 'approved' then 1 else 0 end))::int as odd_events,
      (select count(*)::int from payments p where p.club_id = ${clubId} and (
        p.amount_paid <> (select coalesce(sum(amount), 0) from payment_records q
          where q.payment_id = p.id and q.status = 'approved')
        or p.status <> case when p.amount_paid >= p.amount_due then 'paid' else 'in_review' end))
        as odd_payments
     from payment_records r where r.club_id = ${clubId}`,
  );
  const kept = await keptDisagreements(handle, clubId);
  const failures = [
    ...(s!.no_receipt ? [`${s!.no_receipt} approved records without a receipt`] : []),
    ...(s!.stray_receipt ? [`${s!.stray_receipt} receipts on records not approved`] : []),
    ...(s!.receipt_twice ? [`${s!.receipt_twice} receipt numbers twice`] : []),
    ...(s!.last_receipt !== s!.receipts
      ? [`receipt gap: ${s!.receipts} receipts up to ${s!.last_receipt}`]
      : []),
    ...(s!.counter !== s!.last_receipt
      ? [`the counter says ${s!.counter}, the last receipt is ${s!.last_receipt}`]
      : []),
    ...(s!.odd_events
      ? [`${s!.odd_events} records without exactly their one 'approved' event`]
      : []),
    ...(s!.odd_payments
      ? [`${s!.odd_payments} payments whose paid amount or status disagree with their records`]
      : []),
  ];
  const keptWrong = keptFailures(kept);
  const total = paymentIds.length;
  return {
    stored: s!.approved === 0 ? 'none' : s!.approved === total ? 'all' : 'part',
    summary:
      `${s!.approved} approved, ${s!.in_review} in review; receipts 1–${s!.last_receipt} (${s!.receipts}, ` +
      `${s!.receipt_twice} twice), counter ${s!.counter}; kept counters ${keptWrong.length ? 'disagree' : 'agree'}`,
    failures: [...failures, ...keptWrong],
  };
}

/** `count` payments (at most 100, the bulk's limit) approved in one request. */
export function approvalsScenario(count: number): Scenario<Approvals> {
  return {
    name: `bulk approval (${count} payments, one proof each)`,
    partSound: true,
    seed: (handle) => seedApprovals(handle, count),
    write: approve,
    middle: ({ recordIds }) => ({
      hold: `select 1 from payment_records where id = ${recordIds[Math.floor(recordIds.length / 2)]} for update`,
      statement: "the record's update to approved",
    }),
    async redo(call, seeded) {
      const answer = await okJson<{ data: { succeeded: number } }>(
        'bulk approval',
        await approve(call, seeded),
      );
      return answer.data.succeeded;
    },
    check: checkApprovals,
  };
}
