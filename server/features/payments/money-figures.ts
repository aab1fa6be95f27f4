import { type SQL, type SQLWrapper, and, or, sql } from 'drizzle-orm';
import type { PaymentSummary } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { paymentCollections } from '../../db/schema/payment-collections';
import { paymentCounts } from '../../db/schema/payment-counts';
import { paymentRecords, payments } from '../../db/schema/payments';
import { preparedByShape } from '../../lib/prepared-shapes';
import { authorisedChildren } from '../parents/authorised-links';
import {
  type PaymentScope,
  type PaymentScopeKind,
  paymentScopeKind,
  scopePlaceholders,
  scopeValues,
} from './payment-scope';

/*
 * The one definition of every money figure (DOMAIN.md "Money", traps 8 and 9): the
 * payments list, the Pagos header and, later, the dashboards read them from here and from
 * nowhere else.
 *
 * - overdue: pending, partial or rejected with its due date before the club's today
 *   (clubs.timezone), computed, never stored;
 * - billed (a period): Σ amount_due of the period's payments not cancelled;
 * - collected (a month): Σ amount of the records approved in that month, by the approval
 *   instant in the club's timezone, whatever period they paid;
 * - debt (a period): Σ balance (amount_due − amount_paid) of the period's pending,
 *   partial, in-review and rejected payments;
 * - exempt (a period): Σ balance of the period's exempt payments;
 * - in review: how many records wait for review and their amount (any period).
 * For a period, billed = Σ amount_paid of its payments not cancelled + debt + exempt.
 * The whole club's figures are summed from rows kept by triggers: period and overdue from
 * payment_counts (0019), collected from payment_collections (0029).
 */

/** Statuses whose balance is owed (debt). */
export const OWING_STATUSES = ['pending', 'partial', 'in_review', 'rejected'] as const;
/** Statuses that are overdue once past their due date (in review waits for the club). */
export const OVERDUE_STATUSES = ['pending', 'partial', 'rejected'] as const;

const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** What a payment still owes. */
export const balanceSql = sql<number>`(${payments.amountDue} - ${payments.amountPaid})`;

/** The club's timezone, as a scalar subquery. */
const timezoneOf = (clubId: number | SQLWrapper) =>
  sql`(select ${clubs.timezone} from ${clubs} where ${clubs.id} = ${clubId})`;

/** The club's today (a `date`) at the instant `now` (or a placeholder of its ISO text), in its timezone. */
export const clubTodaySql = (clubId: number | SQLWrapper, now: Date | SQLWrapper): SQL<string> =>
  sql`(${now instanceof Date ? now.toISOString() : now}::timestamptz at time zone ${timezoneOf(clubId)})::date`;

/**
 * Whether a payment is overdue on `today` (a date expression); `of` names the columns
 * holding its status and due date (payments' by default; payment_counts has both too).
 */
export const overdueSql = (
  today: SQLWrapper,
  of: { status: SQLWrapper; dueDate: SQLWrapper } = payments,
): SQL<boolean> =>
  sql`(${of.status} in (${listOf(OVERDUE_STATUSES)}) and ${of.dueDate} < ${today})`;

/** The `period` column's value of a month 'YYYY-MM'. */
export const periodStart = (month: string) => `${month}-01`;

/** A scope whose people may be placeholders (a prepared statement's). */
type ScopeOf =
  { userId: number | SQLWrapper | null; guardianId?: number | SQLWrapper | undefined } | undefined;

/**
 * The condition a scope adds over the column holding the payment's player in club
 * `clubId`: the player's own, or one of the guardian's authorised children; false for none.
 */
export function scopeSql(scope: ScopeOf, userIdColumn: SQLWrapper, clubId: Id): SQL | undefined {
  if (!scope) return undefined;
  const own = scope.userId === null ? undefined : sql`${userIdColumn} = ${scope.userId}`;
  const children =
    scope.guardianId === undefined
      ? undefined
      : sql`${userIdColumn} in (${authorisedChildren(clubId, scope.guardianId)})`;
  return or(own, children) ?? sql`false`;
}

/** A club id, or the placeholder of one. */
type Id = number | SQLWrapper;

const money = (expr: SQL) => sql<number>`cast(coalesce(${expr}, 0) as bigint)`.mapWith(Number);

/** The columns the figures read: payments' own, or payment_counts' (one row per group). */
interface FigureSource {
  status: SQLWrapper;
  amountDue: SQLWrapper;
  amountPaid: SQLWrapper;
}

/** The figures of one period as aggregates over its payments (or their payment_counts rows). */
export const periodFigureColumns = (of: FigureSource) => {
  const balance = sql`(${of.amountDue} - ${of.amountPaid})`;
  return {
    billed: money(sql`sum(${of.amountDue}) filter (where ${of.status} <> 'cancelled')`),
    paid: money(sql`sum(${of.amountPaid}) filter (where ${of.status} <> 'cancelled')`),
    debt: money(sql`sum(${balance}) filter (where ${of.status} in (${listOf(OWING_STATUSES)}))`),
    exempt: money(sql`sum(${balance}) filter (where ${of.status} = 'exempt')`),
  };
};

/** The payments of a period (its first day) and scope of a club. */
const periodPayments = (clubId: Id, start: SQLWrapper, scope: ScopeOf) =>
  and(
    sql`${payments.clubId} = ${clubId}`,
    sql`${payments.period} = ${start}`,
    scopeSql(scope, payments.userId, clubId),
  );

/** Records of the club's payments within the scope (records carry no player). */
const recordsInScope = (clubId: Id, scope: ScopeOf) => {
  const within = scopeSql(scope, payments.userId, clubId);
  return and(
    sql`${paymentRecords.clubId} = ${clubId}`,
    within
      ? sql`${paymentRecords.paymentId} in (select ${payments.id} from ${payments} where ${payments.clubId} = ${clubId} and ${within})`
      : undefined,
  );
};

/** A record approved in a month (its first day): by approval instant, club's timezone. */
export function approvedInMonthSql(clubId: Id, start: SQLWrapper): SQL<boolean> {
  const tz = timezoneOf(clubId);
  return sql`(${paymentRecords.status} = 'approved' and ${paymentRecords.reviewedAt} >= (${start}::timestamp at time zone ${tz}) and ${paymentRecords.reviewedAt} < ((${start}::date + interval '1 month')::timestamp at time zone ${tz}))`;
}

/** Collected in a month (its first day): Σ amount of the records approved in it. */
export function collectedSql(clubId: Id, start: SQLWrapper, scope: ScopeOf): SQL<number> {
  const c = paymentCollections; // the whole club's: a row per payment method
  const whole = sql`(select sum(${c.amount}) from ${c} where ${c.clubId} = ${clubId} and ${c.month} = ${start})`;
  if (!scope) return money(whole);
  return money(
    sql`(select sum(${paymentRecords.amount}) from ${paymentRecords} where ${recordsInScope(clubId, scope)} and ${approvedInMonthSql(clubId, start)})`,
  );
}

/**
 * How many payments `from … where …` selects (`n`: count(*), or a column holding counts)
 * and the sum of `amount` over them, in one scan: a scalar subquery of a two-element
 * array, read back as numbers.
 */
const countAndSum = (amount: SQL, rest: SQL, n: SQL = sql`count(*)`) =>
  sql<
    [number, number]
  >`(select array[coalesce(${n}, 0), coalesce(sum(${amount}), 0)]::bigint[] ${rest})`.mapWith(
    (value: unknown) => {
      const parsed =
        typeof value === 'string' ? value.slice(1, -1).split(',') : (value as unknown[]);
      return [Number(parsed[0]), Number(parsed[1])] as [number, number];
    },
  );

/** Records waiting for review (any period): how many and their amount. */
function inReviewSql(clubId: Id, scope: ScopeOf) {
  const where = sql`${recordsInScope(clubId, scope)} and ${paymentRecords.status} = 'in_review'`;
  return countAndSum(sql`${paymentRecords.amount}`, sql`from ${paymentRecords} where ${where}`);
}

/**
 * Overdue payments of any period on the club's today at `now`: how many and their balance.
 * The whole club's are read from payment_counts (a few rows per period), a family's from
 * its payments.
 */
function overdueFiguresSql(clubId: Id, now: SQLWrapper, scope: ScopeOf) {
  const today = clubTodaySql(clubId, now);
  if (!scope) {
    const c = paymentCounts;
    const where = and(sql`${c.clubId} = ${clubId}`, overdueSql(today, c));
    return countAndSum(
      sql`${c.amountDue} - ${c.amountPaid}`,
      sql`from ${c} where ${where}`,
      sql`sum(${c.payments})`,
    );
  }
  const where = and(
    sql`${payments.clubId} = ${clubId}`,
    overdueSql(today),
    scopeSql(scope, payments.userId, clubId),
  );
  return countAndSum(balanceSql, sql`from ${payments} where ${where}`);
}

/** The Pagos header's statement for one kind of scope, prepared (plans once per connection). */
function summaryStatement(db: Db, kind: PaymentScopeKind, name: string) {
  const clubId = sql.placeholder('clubId');
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  // The month asked for, or the club's current one (its today, in its timezone).
  const start = sql`coalesce(${sql.placeholder('start')}::date, date_trunc('month', ${clubTodaySql(clubId, now)})::date)`;
  const scope: ScopeOf = scopePlaceholders(kind);
  const figures = {
    period: sql<string>`to_char(${start}, 'YYYY-MM')`,
    collected: collectedSql(clubId, start, scope),
    inReview: inReviewSql(clubId, scope),
    overdue: overdueFiguresSql(clubId, now, scope),
  };
  const c = paymentCounts;
  const statement = scope
    ? db
        .select({ ...periodFigureColumns(payments), ...figures })
        .from(payments)
        .where(periodPayments(clubId, start, scope))
    : db
        .select({ ...periodFigureColumns(c), ...figures })
        .from(c)
        .where(and(sql`${c.clubId} = ${clubId}`, sql`${c.period} = ${start}`));
  return statement.prepare(name);
}

const summaryFor = preparedByShape(
  'payment_summary',
  (db: Db, shape: { kind: PaymentScopeKind }, name) => summaryStatement(db, shape.kind, name),
);

/**
 * The Pagos header figures of `month` ('YYYY-MM'; the club's current month when absent)
 * within `scope`, in one round trip: the period's aggregates (the whole club's over its
 * payment_counts rows, a family's over its payments) and the other figures as scalar
 * subqueries.
 */
export async function moneySummary(
  db: Db,
  clubId: number,
  { month, now, scope }: { month?: string; now: Date; scope: PaymentScope },
): Promise<PaymentSummary & { paid: number }> {
  const [row] = await summaryFor(db, { kind: paymentScopeKind(scope) }).execute({
    clubId,
    now: now.toISOString(),
    start: month === undefined ? null : periodStart(month),
    ...scopeValues(scope),
  });
  if (!row) throw new Error('moneySummary: an aggregate always answers one row');
  return {
    period: row.period,
    billed: row.billed,
    paid: row.paid,
    collected: row.collected,
    debt: row.debt,
    exempt: row.exempt,
    in_review: { count: row.inReview[0], amount: row.inReview[1] },
    overdue: { count: row.overdue[0], amount: row.overdue[1] },
  };
}
