import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * What a club collected per month and payment method: how many payment records were
 * approved in the month (by approval instant, in the club's timezone: money-figures.ts'
 * `approvedInMonthSql`) and their amount. Kept by triggers on `payment_records` (migration
 * 0029, statement-level, fed the statement's transition tables, in the writing
 * transaction) and rebuilt for a club when its timezone changes. The dashboards' six
 * months and methods of the month read these few rows instead of every approved record
 * (bench/HISTORY.md "Dashboards"). Derived data: tests/api/payment-collections.test.ts
 * checks it against a recount after random histories.
 */
export const paymentCollections = pgTable(
  'payment_collections',
  {
    clubId: integer('club_id').notNull(),
    /** The first day of the month, in the club's timezone. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The records' payment_method_id, 0 for none (a key column cannot be null). */
    paymentMethodId: integer('payment_method_id').notNull().default(0),
    records: integer('records').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_collections_pk',
      columns: [t.clubId, t.month, t.paymentMethodId],
    }),
  ],
);
