import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentCounts } from '../../../server/db/schema/payment-counts';
import { payments } from '../../../server/db/schema/payments';
import type { TestContext } from './test-app';

type Totals = [payments: number, amountDue: number, amountPaid: number];

/**
 * payment_counts (kept by triggers, migration 0019) holds exactly the club's payments
 * regrouped here by period, status, due date and billed category (0 for none, migration
 * 0021): how many, Σ amount_due, Σ amount_paid.
 * Groups that netted to nothing may stay as zero rows; none may go negative.
 */
export async function expectPaymentCountsAgree(ctx: Pick<TestContext, 'db'>, clubId: number) {
  const rows = await ctx.db.select().from(payments).where(eq(payments.clubId, clubId));
  const counted = await ctx.db.select().from(paymentCounts).where(eq(paymentCounts.clubId, clubId));
  expect(counted.filter((c) => c.payments < 0)).toEqual([]);
  const regrouped: Record<string, Totals> = {};
  for (const row of rows) {
    const key = `${row.period}|${row.status}|${row.dueDate}|${row.categoryId ?? 0}`;
    const [n, due, paid] = regrouped[key] ?? [0, 0, 0];
    regrouped[key] = [
      n + 1,
      due + row.amountDue,
      paid + row.amountPaid,
    ];
  }
  const stored: Record<string, Totals> = {};
  for (const c of counted) {
    if (c.payments === 0 && c.amountDue === 0 && c.amountPaid === 0) continue;
    stored[`${c.period}|${c.status}|${c.dueDate}|${c.categoryId}`] = [c.payments, c.amountDue, c.amountPaid];
  }
  expect(stored).toEqual(regrouped);
}
