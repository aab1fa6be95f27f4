import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  type PaymentStatus,
  type PaymentSummary,
  paymentStatuses,
  paymentSummaryResponseSchema,
} from '../../contract/payments.schema';
import { payments } from '../../server/db/schema/payments';
import { createClub, memberOf } from './support/clubs';
import { MARCH_10, addCharge, addPayment, base, moneyClub } from './support/payments';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

async function summary(ctx: TestContext, token: string, clubId: number, period?: string) {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/payments/summary${period ? `?period=${period}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return paymentSummaryResponseSchema.parse(response.json()).data;
}

/** Σ amount_paid of a period's payments not cancelled, read back from the table. */
async function paidOf(ctx: TestContext, clubId: number, period: string, userId?: number) {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.clubId, clubId),
        eq(payments.period, `${period}-01`),
        userId ? eq(payments.userId, userId) : undefined,
      ),
    );
  return rows
    .filter((row) => row.status !== 'cancelled')
    .reduce((sum, row) => sum + row.amountPaid, 0);
}

const identityHolds = (figures: PaymentSummary, paid: number) =>
  expect(figures.billed).toBe(paid + figures.debt + figures.exempt);

describeEachDatabase('Payments summary (/api/pla_club_teams/:id/payments/summary)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  beforeAll(async () => {
    f = await moneyClub(ctx);
  });
  beforeEach(() => ctx.clock.set(MARCH_10));

  it('gives the figures of March by hand, and billed = paid + debt + exempt', async () => {
    const march = await summary(ctx, f.owner.token, f.clubId, '2026-03');
    expect(march).toEqual({
      period: '2026-03',
      // Every March payment but the cancelled uniform (80.000).
      billed: 100_000 + 85_000 + 100_000 + 100_000 + 80_000 + 80_000 + 80_000,
      // Approved on 1 March 00:30 and 2 March in Bogotá; not the one of 28 February 23:30.
      collected: 100_000 + 40_000,
      // Pending 100.000 + partial 45.000 + in review 100.000 + rejected 80.000 + pending 80.000.
      debt: 405_000,
      exempt: 80_000,
      in_review: { count: 1, amount: 100_000 },
      // Ana's and Beto's March fees, Beto's and Juan's February fees (any period).
      overdue: { count: 4, amount: 100_000 + 45_000 + 100_000 + 100_000 },
    });
    identityHolds(march, await paidOf(ctx, f.clubId, '2026-03'));
  });

  it('counts collected money by the approval date in Bogotá, not UTC', async () => {
    const february = await summary(ctx, f.owner.token, f.clubId, '2026-02');
    // Approved 2026-03-01T04:30Z = 28 February 23:30 in Bogotá.
    expect(february.collected).toBe(100_000);
    expect(february).toMatchObject({ billed: 300_000, debt: 200_000, exempt: 0 });
    identityHolds(february, await paidOf(ctx, f.clubId, '2026-02'));
    expect((await summary(ctx, f.owner.token, f.clubId, '2026-01')).collected).toBe(0);
  });

  it("defaults to the club's current month in its timezone", async () => {
    expect((await summary(ctx, f.owner.token, f.clubId)).period).toBe('2026-03');
    // 1 March 04:30 UTC is still 28 February in Bogotá.
    ctx.clock.set(new Date('2026-03-01T04:30:00Z'));
    const february = await summary(ctx, f.owner.token, f.clubId);
    expect(february).toMatchObject({ period: '2026-02', billed: 300_000 });
    // On 28 February only Beto's and Juan's February fees (due the 5th) are overdue.
    expect(february.overdue).toEqual({ count: 2, amount: 200_000 });
  });

  it('gives a Jugador the figures of their own payments, a guardian zeros', async () => {
    const own = await summary(ctx, f.juan.token, f.clubId, '2026-03');
    expect(own).toEqual({
      period: '2026-03',
      billed: 180_000,
      collected: 100_000,
      debt: 80_000,
      exempt: 0,
      in_review: { count: 0, amount: 0 },
      overdue: { count: 1, amount: 100_000 },
    });
    identityHolds(own, await paidOf(ctx, f.clubId, '2026-03', f.juan.id));
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    expect(await summary(ctx, guardian.token, f.clubId, '2026-03')).toEqual({
      period: '2026-03',
      billed: 0,
      collected: 0,
      debt: 0,
      exempt: 0,
      in_review: { count: 0, amount: 0 },
      overdue: { count: 0, amount: 0 },
    });
  });

  it('refuses a bad period (400), a trainer (403) and another club (404)', async () => {
    for (const period of ['2026-13', '26-03', '2026-03-01', 'marzo']) {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(f.clubId)}/payments/summary?period=${period}`,
        token: f.owner.token,
      });
      expect(response.statusCode, period).toBe(400);
      expect(fieldsOf(response.json())).toEqual(['period']);
    }
    const extra = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments/summary?status=paid`,
      token: f.owner.token,
    });
    expect(extra.statusCode).toBe(400);
    const trainer = await memberOf(ctx, f.clubId, 'Entrenador');
    const url = `${base(f.clubId)}/payments/summary`;
    expect((await ctx.request({ method: 'GET', url, token: trainer.token })).statusCode).toBe(403);
    const stranger = await registerUser(ctx);
    expect((await ctx.request({ method: 'GET', url, token: stranger.token })).statusCode).toBe(404);
  });

  it('keeps billed = paid + debt + exempt on random-ish periods', async () => {
    const owner = await registerUser(ctx);
    const club = await createClub(ctx, owner.token, { name: 'Club Aleatorio' });
    const chargeIds = [
      await addCharge(ctx, club.id, 'Mensualidad', 1),
      await addCharge(ctx, club.id, 'Uniforme', 1),
    ];
    const people = [owner.id, (await registerUser(ctx)).id, (await registerUser(ctx)).id];
    let seed = 12_345;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const expected = { billed: 0, debt: 0, exempt: 0 };
    const owing: PaymentStatus[] = ['pending', 'partial', 'in_review', 'rejected'];
    for (const [index, period] of ['2026-04', '2026-05'].entries()) {
      for (const userId of people) {
        for (const chargeId of chargeIds) {
          const status = paymentStatuses[random(paymentStatuses.length)]!;
          const amountBase = random(200_000);
          const discount = random(amountBase + 1);
          const due = amountBase - discount;
          const paid =
            status === 'paid'
              ? due
              : status === 'partial' || status === 'cancelled'
                ? random(due + 1)
                : 0;
          await addPayment(ctx, club.id, {
            userId,
            chargeId,
            period,
            due: `${period}-05`,
            base: amountBase,
            discount,
            paid,
            status,
            reason: status === 'cancelled' || status === 'exempt' ? 'Motivo' : undefined,
          });
          if (index === 1) continue;
          if (status !== 'cancelled') expected.billed += due;
          if (owing.includes(status)) expected.debt += due - paid;
          if (status === 'exempt') expected.exempt += due - paid;
        }
      }
    }
    const april = await summary(ctx, owner.token, club.id, '2026-04');
    expect(april).toMatchObject(expected);
    identityHolds(april, await paidOf(ctx, club.id, '2026-04'));
    const may = await summary(ctx, owner.token, club.id, '2026-05');
    identityHolds(may, await paidOf(ctx, club.id, '2026-05'));
  });
});
