import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentDebtors } from '../../../server/db/schema/payment-debtors';
import { payments } from '../../../server/db/schema/payments';
import type { TestContext } from './test-app';

const UNPAID = new Set(['pending', 'partial', 'rejected']);

/**
 * payment_debtors (kept by triggers, migration 0030) holds, for each player and billed
 * category (0 for none) of the club with payments pending, partial or rejected, the oldest
 * of their due dates, found here payment by payment. Rows of players who owe nothing there
 * any more may stay with no date.
 */
export async function expectPaymentDebtorsAgree(ctx: Pick<TestContext, 'db'>, clubId: number) {
  const rows = await ctx.db.select().from(payments).where(eq(payments.clubId, clubId));
  const oldest: Record<string, string> = {};
  for (const row of rows) {
    if (!UNPAID.has(row.status)) continue;
    const key = `${row.categoryId ?? 0}|${row.userId}`;
    const known = oldest[key];
    if (known === undefined || row.dueDate < known) oldest[key] = row.dueDate;
  }
  const kept = await ctx.db
    .select()
    .from(paymentDebtors)
    .where(eq(paymentDebtors.clubId, clubId));
  const stored: Record<string, string> = {};
  for (const row of kept) {
    if (row.oldestDue !== null) stored[`${row.categoryId}|${row.userId}`] = row.oldestDue;
  }
  expect(stored).toEqual(oldest);
}
