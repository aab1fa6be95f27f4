import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { paymentListResponseSchema } from '../../contract/payments.schema';
import { paymentRecords } from '../../server/db/schema/payments';
import { clubMethods } from './support/payment-actions';
import { MARCH_10, base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

/*
 * The payment method filter of GET …/payments: payments with a record paid by that
 * method, approved or waiting for review; a rejected record does not count.
 */
describeEachDatabase('Payments list filtered by payment method', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  beforeAll(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
    const records = await ctx.db
      .select({ id: paymentRecords.id, paymentId: paymentRecords.paymentId })
      .from(paymentRecords)
      .where(eq(paymentRecords.clubId, f.clubId));
    const of = (i: number) => records.filter((r) => r.paymentId === f.list[i]!.id).map((r) => r.id);
    // Juan's March fee (approved) and Carla's (in review) by Nequi; Ana's rejected uniform too.
    await ctx.db
      .update(paymentRecords)
      .set({ paymentMethodId: methods.nequi })
      .where(inArray(paymentRecords.id, [...of(3), ...of(2), ...of(4)]));
    await ctx.db
      .update(paymentRecords)
      .set({ paymentMethodId: methods.cash })
      .where(inArray(paymentRecords.id, of(1)));
  });

  const idsWhere = async (query: string) => {
    const response = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments?${query}`,
      token: f.owner.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = paymentListResponseSchema.parse(response.json());
    expect(page.total).toBe(page.data.length);
    return page.data.map((p) => p.id).sort((a, b) => a - b);
  };

  it('keeps the payments with an approved or in-review record of that method', async () => {
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await idsWhere(`payment_method_id=${methods.nequi}`)).toEqual(
      sorted([f.list[2]!.id, f.list[3]!.id]),
    );
    expect(await idsWhere(`payment_method_id=${methods.cash}`)).toEqual([f.list[1]!.id]);
    expect(await idsWhere(`payment_method_id=${methods.daviplata}`)).toEqual([]);
    expect(await idsWhere(`payment_method_id=${methods.nequi}&status=paid`)).toEqual([
      f.list[3]!.id,
    ]);
  });

  it('refuses a method that is not an id with a 400 on its field', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments?payment_method_id=efectivo`,
      token: f.owner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(
      'payment_method_id',
    );
  });
});
