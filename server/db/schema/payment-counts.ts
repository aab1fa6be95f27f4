import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many payments a club has per period, status, due date and category (the one each
 * payment was billed under), and their amounts: kept
 * by triggers on `payments` (migration 0019, one statement-level trigger per INSERT,
 * UPDATE and DELETE, fed the statement's transition tables), in the writing transaction.
 * The payments grid reads a period's total from these few rows instead of counting its
 * thousands of payments on every page (bench/HISTORY.md "The payments grid"); "overdue" is
 * still computed at read time (status owed and due date before the club's today), which
 * the due date in the key allows. Derived data: tests/api/payment-counts.test.ts checks it
 * against a recount after random histories.
 */
export const paymentCounts = pgTable(
  'payment_counts',
  {
    clubId: integer('club_id').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The payments' category_id, 0 for none (a key column cannot be null): migration 0021. */
    categoryId: integer('category_id').notNull().default(0),
    payments: integer('payments').notNull(),
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_counts_pk',
      columns: [t.clubId, t.period, t.status, t.dueDate, t.categoryId],
    }),
  ],
);
