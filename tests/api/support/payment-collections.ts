import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clubs } from '../../../server/db/schema/clubs';
import { paymentCollections } from '../../../server/db/schema/payment-collections';
import { paymentRecords } from '../../../server/db/schema/payments';
import type { TestContext } from './test-app';

type Totals = [records: number, amount: number];

/** 'YYYY-MM-01' of `instant` on the wall clock of `timezone`, computed here, not in SQL. */
export function monthIn(timezone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-01`;
}

/**
 * payment_collections (kept by triggers, migration 0029) holds exactly the club's approved
 * records regrouped here by month of approval in the club's timezone and payment method (0
 * for none): how many and Σ amount. Groups that netted to nothing may stay as zero rows;
 * none may go negative.
 */
export async function expectPaymentCollectionsAgree(ctx: Pick<TestContext, 'db'>, clubId: number) {
  const [club] = await ctx.db.select().from(clubs).where(eq(clubs.id, clubId));
  const records = await ctx.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.clubId, clubId));
  const regrouped: Record<string, Totals> = {};
  for (const record of records) {
    if (record.status !== 'approved' || !record.reviewedAt) continue;
    const key = `${monthIn(club!.timezone, record.reviewedAt)}|${record.paymentMethodId ?? 0}`;
    const [n, amount] = regrouped[key] ?? [0, 0];
    regrouped[key] = [n + 1, amount + record.amount];
  }
  const kept = await ctx.db
    .select()
    .from(paymentCollections)
    .where(eq(paymentCollections.clubId, clubId));
  expect(kept.filter((row) => row.records < 0 || row.amount < 0)).toEqual([]);
  const stored: Record<string, Totals> = {};
  for (const row of kept) {
    if (row.records === 0 && row.amount === 0) continue;
    stored[`${row.month}|${row.paymentMethodId}`] = [row.records, row.amount];
  }
  expect(stored).toEqual(regrouped);
}
