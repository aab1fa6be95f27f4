import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentActionResponseSchema } from '../../../contract/payment-actions.schema';
import { clubPaymentMethods } from '../../../server/db/schema/money';
import {
  clubReceiptCounters,
  paymentEvents,
  paymentRecords,
  payments,
} from '../../../server/db/schema/payments';
import { countries, paymentMethods } from '../../../server/db/schema/reference';
import { base } from './payments';
import type { TestContext } from './test-app';

/*
 * Helpers of the payment action tests: the club's methods (efectivo accepted, Nequi
 * no longer accepted), a record in review inserted straight, the rows re-read after an
 * action, and the action requests.
 */

/** Efectivo (accepted), Nequi (accepted = false) and Daviplata (never chosen) of Colombia. */
export async function clubMethods(ctx: TestContext, clubId: number) {
  const rows = await ctx.db
    .select({ id: paymentMethods.id, code: paymentMethods.code })
    .from(paymentMethods)
    .innerJoin(countries, eq(countries.id, paymentMethods.countryId))
    .where(eq(countries.iso2, 'CO'));
  const coded = (code: string) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`no method ${code}`);
    return row.id;
  };
  const cash = coded('cash');
  const nequi = coded('nequi');
  const daviplata = coded('daviplata');
  await ctx.db.insert(clubPaymentMethods).values([
    { clubId, paymentMethodId: cash, accepted: true },
    { clubId, paymentMethodId: nequi, accepted: false },
  ]);
  return { cash, nequi, daviplata };
}

/** A record a family sent, waiting for review. */
export async function recordInReview(
  ctx: TestContext,
  clubId: number,
  paymentId: number,
  amount: number,
  recordedBy: number,
) {
  const [row] = await ctx.db
    .insert(paymentRecords)
    .values({ clubId, paymentId, amount, paidOn: '2026-03-08', status: 'in_review', recordedBy })
    .returning();
  return row!.id;
}

/** The payment, its records, its events and the club's counter, straight from the tables. */
export async function stored(ctx: TestContext, clubId: number, paymentId: number) {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  const records = await ctx.db
    .select()
    .from(paymentRecords)
    .where(eq(paymentRecords.paymentId, paymentId))
    .orderBy(asc(paymentRecords.id));
  const events = await ctx.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
  const [counter] = await ctx.db
    .select()
    .from(clubReceiptCounters)
    .where(eq(clubReceiptCounters.clubId, clubId));
  return { payment: payment!, records, events, counter: counter?.lastNumber ?? 0 };
}

/** The club's receipt numbers, ascending. */
export async function receiptNumbers(ctx: TestContext, clubId: number) {
  const rows = await ctx.db
    .select({ n: paymentRecords.receiptNumber })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.clubId, clubId), isNotNull(paymentRecords.receiptNumber)))
    .orderBy(asc(paymentRecords.receiptNumber));
  return rows.map((row) => row.n);
}

/** POST …/payments/{paymentId}/{path} as `token`. */
export const post = (
  ctx: TestContext,
  token: string,
  clubId: number,
  paymentId: number,
  path: string,
  body?: unknown,
) =>
  ctx.request({
    method: 'POST',
    url: `${base(clubId)}/payments/${paymentId}/${path}`,
    token,
    ...(body === undefined ? {} : { body }),
  });

/** The answer of an action that succeeded with `status`. */
export function answered(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return paymentActionResponseSchema.parse(JSON.parse(response.body)).data;
}

export const fieldsOf = (response: { body: string }) =>
  ((JSON.parse(response.body) as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);
