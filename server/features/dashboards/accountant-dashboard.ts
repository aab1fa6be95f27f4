import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type AccountantDashboard, DASHBOARD_LIST_MAX } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { paymentCollections } from '../../db/schema/payment-collections';
import { paymentCounts } from '../../db/schema/payment-counts';
import { paymentDebtors } from '../../db/schema/payment-debtors';
import { paymentRecords, payments } from '../../db/schema/payments';
import { paymentMethods } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { clubTodaySql, overdueSql } from '../payments/money-figures';
import { clubRef, moneyPart } from './money-part';

/*
 * `GET /api/dashboard/accountant` (issue #16): the money part the owner sees too, plus
 * - debtors: the overdue payments (money-figures' `overdueSql` on the club's today, any
 *   period) by the category they were billed under (payments.category_id): distinct
 *   players, payments and Σ balance; Σ over categories = money.overdue;
 * - methods: the records approved in the club's current month (money-figures'
 *   `approvedInMonthSql`, the rule of `collectedSql`) by payment method, from
 *   payment_collections as `collectedSql` reads them; Σ = collected;
 * - receipts: the records approved in the RECEIPT_DAYS days up to now (a receipt is
 *   issued on approval): how many, Σ amount, the latest DASHBOARD_LIST_MAX.
 */

/** The receipts block looks back this many days. */
export const RECEIPT_DAYS = 7;
const DAY_MS = 86_400_000;
const NO_METHOD = 'Sin medio de pago';

const int = (expr: ReturnType<typeof sql>) =>
  sql<number>`cast(coalesce(${expr}, 0) as bigint)`.mapWith(Number);

/**
 * Overdue payments of the club by the category they were billed under, by category name:
 * how many and their balance from payment_counts (as money.overdue reads them), how many
 * players from payment_debtors (a row per player and category with the oldest due date
 * still unpaid: overdue when it is before the club's today).
 */
function debtorsOf(db: Db, clubId: number, now: Date) {
  const today = clubTodaySql(clubId, now);
  const c = paymentCounts;
  const d = paymentDebtors;
  const owed = db
    .select({
      categoryId: c.categoryId,
      payments: sql<number>`sum(${c.payments})`.as('payments'),
      amount: sql<number>`sum(${c.amountDue} - ${c.amountPaid})`.as('amount'),
    })
    .from(c)
    .where(and(eq(c.clubId, clubId), overdueSql(today, c)))
    .groupBy(c.categoryId)
    .having(sql`sum(${c.payments}) > 0`)
    .as('owed');
  const debtors = db
    .select({ categoryId: d.categoryId, players: sql<number>`count(*)`.as('players') })
    .from(d)
    .where(and(eq(d.clubId, clubId), sql`${d.oldestDue} < ${today}`))
    .groupBy(d.categoryId)
    .as('debtors');
  return db
    .select({
      category_id: sql<number | null>`nullif(${owed.categoryId}, 0)`,
      category_name: categories.name,
      players: int(sql`${debtors.players}`),
      payments: int(sql`${owed.payments}`),
      amount: int(sql`${owed.amount}`),
    })
    .from(owed)
    .leftJoin(debtors, eq(debtors.categoryId, owed.categoryId))
    .leftJoin(categories, eq(categories.id, owed.categoryId))
    .orderBy(sql`${categories.name} collate "und-x-icu" nulls last`, owed.categoryId);
}

/**
 * Records approved in the club's current month (at `now`) by payment method, by name: the
 * month's payment_collections rows (`collectedSql`'s source, so Σ = money.collected).
 */
async function methodsOf(db: Db, clubId: number, now: Date) {
  const c = paymentCollections;
  const month = sql`date_trunc('month', ${clubTodaySql(clubId, now)})::date`;
  const rows = await db
    .select({
      method_id: sql<number | null>`nullif(${c.paymentMethodId}, 0)`,
      method_name: paymentMethods.name,
      records: int(sql`${c.records}`),
      amount: int(sql`${c.amount}`),
    })
    .from(c)
    .leftJoin(paymentMethods, eq(paymentMethods.id, c.paymentMethodId))
    .where(and(eq(c.clubId, clubId), sql`${c.month} = ${month}`, sql`${c.records} <> 0`))
    .orderBy(sql`${paymentMethods.name} collate "und-x-icu" nulls last`);
  return rows.map((row) => ({ ...row, method_name: row.method_name ?? NO_METHOD }));
}

/** Receipts issued in [from, to): how many, their amount, the latest ones with their player. */
async function receiptsOf(db: Db, clubId: number, from: Date, to: Date) {
  const r = paymentRecords;
  const issued = and(
    eq(r.clubId, clubId),
    eq(r.status, 'approved'),
    gte(r.reviewedAt, from),
    lt(r.reviewedAt, to),
  );
  // Every receipt of the span counted and summed from the records' index alone; the
  // latest few joined with their player: one statement (a window over the joined rows
  // joined every receipt of the week before the limit, bench/HISTORY.md "Dashboards").
  const latest = await db
    .select({
      record_id: r.id,
      payment_id: r.paymentId,
      receipt_number: r.receiptNumber,
      player_id: users.id,
      name: users.name,
      lastname: users.lastname,
      amount: r.amount,
      issued_at: r.reviewedAt,
      total_count: int(sql`(select count(*) from ${r} where ${issued})`),
      total_amount: int(sql`(select sum(${r.amount}) from ${r} where ${issued})`),
    })
    .from(r)
    .innerJoin(payments, eq(payments.id, r.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(issued)
    .orderBy(desc(r.reviewedAt), desc(r.id))
    .limit(DASHBOARD_LIST_MAX);
  const totals = [{ count: latest[0]?.total_count ?? 0, amount: latest[0]?.total_amount ?? 0 }];
  return {
    count: Number(totals[0]?.count ?? 0),
    amount: totals[0]?.amount ?? 0,
    latest: latest.map((row) => ({
      record_id: row.record_id,
      payment_id: row.payment_id,
      // Approved records always carry their number (check payment_records_receipt_valid).
      receipt_number: row.receipt_number ?? 0,
      player: { id: row.player_id, name: row.name, lastname: row.lastname },
      amount: row.amount,
      issued_at: (row.issued_at ?? to).toISOString(),
    })),
  };
}

/** The accountant's dashboard of club `clubId` at `now`. */
export async function accountantDashboard(
  db: Db,
  clubId: number,
  now: Date,
): Promise<AccountantDashboard> {
  const receiptsFrom = new Date(now.getTime() - RECEIPT_DAYS * DAY_MS);
  const [{ club, today }, money, debtors, methods, receipts] = await Promise.all([
    clubRef(db, clubId, now),
    moneyPart(db, clubId, now),
    debtorsOf(db, clubId, now),
    methodsOf(db, clubId, now),
    receiptsOf(db, clubId, receiptsFrom, now),
  ]);
  return {
    club,
    generated_at: now.toISOString(),
    ...money,
    debtors: { as_of: today, categories: debtors },
    methods,
    receipts: { from: receiptsFrom.toISOString(), to: now.toISOString(), ...receipts },
  };
}
