import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Each player a club has billed under a category, with the oldest due date among their
 * payments of that category still to pay and not in review (pending, partial or rejected:
 * money-figures.ts' OVERDUE_STATUSES), null when none. A player is overdue in the category
 * on a day when `oldest_due` is before it, so the accountant's debtors per category count
 * these rows instead of every overdue payment (bench/HISTORY.md "Dashboards"). Kept by
 * triggers on `payments` (migration 0030, in the writing transaction; a row once written
 * stays, null when nothing is owed). Derived data: tests/api/payment-debtors.test.ts
 * checks it against a recount after random histories.
 */
export const paymentDebtors = pgTable(
  'payment_debtors',
  {
    clubId: integer('club_id').notNull(),
    /** The payments' category_id, 0 for none (a key column cannot be null). */
    categoryId: integer('category_id').notNull(),
    userId: integer('user_id').notNull(),
    oldestDue: date('oldest_due', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'payment_debtors_pk', columns: [t.clubId, t.categoryId, t.userId] }),
    index('payment_debtors_club_due_idx')
      .on(t.clubId, t.oldestDue, t.categoryId)
      .where(sql`${t.oldestDue} is not null`),
  ],
);
