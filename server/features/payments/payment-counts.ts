import { type SQL, and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentCounts } from '../../db/schema/payment-counts';
import { overdueSql } from './money-figures';
import type { PaymentScopeKind } from './payment-scope';

/*
 * Totals read from payment_counts (migration 0019: kept by triggers on payments, in the
 * writing transaction) instead of counting a period's thousands of payments on every page
 * of the grid. Only for what those rows can answer: the whole club's payments of one
 * period, by status, category (the one billed under) and overdue or not. A player, a
 * method, a search or a family's scope is counted over the payments themselves.
 */

/** The filters of a list query that payment_counts can total. */
export interface CountedFilters {
  period: boolean;
  status: boolean;
  overdue: boolean | undefined;
  scope: PaymentScopeKind;
  player: boolean;
  category: boolean;
  method: boolean;
  search: boolean;
}

export const countable = (f: CountedFilters) =>
  f.period && f.scope === 'club' && !f.player && !f.method && !f.search;

/**
 * How many of the club's payments of the period (placeholders clubId, period, status,
 * categoryId)
 * match, from its payment_counts rows; `today` is the club's today for `overdue`.
 */
export function countedTotal(db: Db, filters: CountedFilters, today: SQL) {
  const value = (name: string) => sql.placeholder(name);
  const overdue = overdueSql(today, paymentCounts);
  return db
    .select({ n: sql<number>`cast(coalesce(sum(${paymentCounts.payments}), 0) as integer)` })
    .from(paymentCounts)
    .where(
      and(
        sql`${paymentCounts.clubId} = ${value('clubId')}`,
        sql`${paymentCounts.period} = ${value('period')}::date`,
        filters.status ? sql`${paymentCounts.status} = ${value('status')}` : undefined,
        filters.category ? sql`${paymentCounts.categoryId} = ${value('categoryId')}` : undefined,
        filters.overdue === undefined ? undefined : filters.overdue ? overdue : sql`not ${overdue}`,
      ),
    );
}
