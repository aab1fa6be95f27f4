/**
 * The kept counters against a recount from the base tables, in SQL (bench/crash.ts):
 * payment_counts (migration 0019), payment_collections (0029) and payment_debtors (0030)
 * are kept by triggers in the writing transaction, so a crash must leave them agreeing
 * with what payments and payment_records hold. The same rules as the API tests'
 * tests/api/support/payment-counts.ts, payment-collections.ts and payment-debtors.ts:
 * groups that netted to nothing may stay as zero rows, none may go negative.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { rowsOf } from './crash.db';

/** Groups of each kept table that disagree with the recount (0 when sound). */
export interface KeptDisagreements {
  counts: number;
  collections: number;
  debtors: number;
}

const disagreeing = async (handle: DbHandle, query: ReturnType<typeof sql>) =>
  (await rowsOf<{ n: number }>(handle, query))[0]!.n;

export async function keptDisagreements(
  handle: DbHandle,
  clubId: number,
): Promise<KeptDisagreements> {
  const counts = await disagreeing(
    handle,
    sql`select count(*)::int as n from (
          select period, status, due_date, coalesce(category_id, 0) as category_id,
                 count(*)::bigint as payments, sum(amount_due)::bigint as due,
                 sum(amount_paid)::bigint as paid
            from payments where club_id = ${clubId} group by 1, 2, 3, 4) r
        full join (
          select period, status, due_date, category_id, payments::bigint as payments,
                 amount_due as due, amount_paid as paid
            from payment_counts where club_id = ${clubId}
             and (payments <> 0 or amount_due <> 0 or amount_paid <> 0)) k
        using (period, status, due_date, category_id)
       where r.payments is distinct from k.payments or r.due is distinct from k.due
          or r.paid is distinct from k.paid or k.payments < 0`,
  );
  const collections = await disagreeing(
    handle,
    sql`select count(*)::int as n from (
          select date_trunc('month', r.reviewed_at at time zone c.timezone)::date as month,
                 coalesce(r.payment_method_id, 0) as payment_method_id,
                 count(*)::bigint as records, sum(r.amount)::bigint as amount
            from payment_records r join pla_club_teams c on c.id = r.club_id
           where r.club_id = ${clubId} and r.status = 'approved' and r.reviewed_at is not null
           group by 1, 2) r
        full join (
          select month, payment_method_id, records::bigint as records, amount
            from payment_collections where club_id = ${clubId}
             and (records <> 0 or amount <> 0)) k
        using (month, payment_method_id)
       where r.records is distinct from k.records or r.amount is distinct from k.amount
          or k.records < 0 or k.amount < 0`,
  );
  const debtors = await disagreeing(
    handle,
    sql`select count(*)::int as n from (
          select coalesce(category_id, 0) as category_id, user_id, min(due_date) as oldest
            from payments where club_id = ${clubId}
             and status in ('pending', 'partial', 'rejected')
           group by 1, 2) r
        full join (
          select category_id, user_id, oldest_due as oldest
            from payment_debtors where club_id = ${clubId} and oldest_due is not null) k
        using (category_id, user_id)
       where r.oldest is distinct from k.oldest`,
  );
  return { counts, collections, debtors };
}

/** The disagreements as failures of a check. */
export function keptFailures(kept: KeptDisagreements): string[] {
  return Object.entries(kept)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `payment_${table}: ${n} groups disagree with the recount`);
}
