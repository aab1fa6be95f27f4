import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type AccountantDashboard, DASHBOARD_LIST_MAX } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { paymentRecords, payments } from '../../db/schema/payments';
import { paymentMethods } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import {
  approvedInMonthSql,
  balanceSql,
  clubTodaySql,
  overdueSql,
} from '../payments/money-figures';
import { clubRef, moneyPart } from './money-part';

/*
 * `GET /api/dashboard/accountant` (issue #16): the money part the owner sees too, plus
 * - debtors: the overdue payments (money-figures' `overdueSql` on the club's today, any
 *   period) by the category they were billed under (payments.category_id): distinct
 *   players, payments and Σ balance; Σ over categories = money.overdue;
 * - methods: the records approved in the club's current month (money-figures'
 *   `approvedInMonthSql`, the rule of `collectedSql`) by payment method; Σ = collected;
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
 * summed per category and player first, then per category (two hash aggregates instead of
 * sorting every overdue payment for a distinct count), named after the few rows remain.
 */
function debtorsOf(db: Db, clubId: number, now: Date) {
  const perPlayer = db
    .select({
      categoryId: payments.categoryId,
      payments: sql<number>`count(*)`.as('payments'),
      amount: sql<number>`sum(${balanceSql})`.as('amount'),
    })
    .from(payments)
    .where(and(eq(payments.clubId, clubId), overdueSql(clubTodaySql(clubId, now))))
    .groupBy(payments.categoryId, payments.userId)
    .as('per_player');
  const perCategory = db
    .select({
      categoryId: perPlayer.categoryId,
      players: sql<number>`count(*)`.as('players'),
      payments: sql<number>`sum(${perPlayer.payments})`.as('payments'),
      amount: sql<number>`sum(${perPlayer.amount})`.as('amount'),
    })
    .from(perPlayer)
    .groupBy(perPlayer.categoryId)
    .as('per_category');
  return db
    .select({
      category_id: perCategory.categoryId,
      category_name: categories.name,
      players: int(sql`${perCategory.players}`),
      payments: int(sql`${perCategory.payments}`),
      amount: int(sql`${perCategory.amount}`),
    })
    .from(perCategory)
    .leftJoin(categories, eq(categories.id, perCategory.categoryId))
    .orderBy(sql`${categories.name} collate "und-x-icu" nulls last`, perCategory.categoryId);
}

/** Records approved in the club's current month (at `now`) by payment method, by name. */
async function methodsOf(db: Db, clubId: number, now: Date) {
  const start = sql`date_trunc('month', ${clubTodaySql(clubId, now)})::date`;
  const rows = await db
    .select({
      method_id: paymentRecords.paymentMethodId,
      method_name: sql<string | null>`min(${paymentMethods.name})`,
      records: int(sql`count(*)`),
      amount: int(sql`sum(${paymentRecords.amount})`),
    })
    .from(paymentRecords)
    .leftJoin(paymentMethods, eq(paymentMethods.id, paymentRecords.paymentMethodId))
    .where(and(eq(paymentRecords.clubId, clubId), approvedInMonthSql(clubId, start)))
    .groupBy(paymentRecords.paymentMethodId)
    .orderBy(sql`min(${paymentMethods.name}) collate "und-x-icu" nulls last`);
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
  // The latest few, each row carrying the count and sum of every receipt of the span
  // (window aggregates are taken before the limit): one statement.
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
      total_count: int(sql`count(*) over ()`),
      total_amount: int(sql`sum(${r.amount}) over ()`),
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
