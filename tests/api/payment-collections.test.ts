import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubs } from '../../server/db/schema/clubs';
import { paymentRecords } from '../../server/db/schema/payments';
import { moneySummary } from '../../server/features/payments/money-figures';
import { clubMethods } from './support/payment-actions';
import { expectPaymentCollectionsAgree, monthIn } from './support/payment-collections';
import { moneyClub } from './support/payments';
import { randomOf } from './support/random';
import { describeEachDatabase } from './support/test-app';

/*
 * payment_collections (migration 0029) is derived data kept by triggers on payment_records:
 * after a random history of records (approved, reviewed again, moved to another method or
 * instant, rejected, deleted; one or many per statement) and after the club changes its
 * timezone, it must equal a regrouping of the approved records done here (months by
 * Intl, not by SQL), and the whole club's collected figure read from it must equal the
 * records' sum.
 */

/** Approval instants on both sides of the February–March boundary in Bogotá and in Tokyo. */
const INSTANTS = [
  '2026-02-28T14:30:00Z', // 23:30 on 28 Feb in Tokyo (UTC+9), 09:30 in Bogotá
  '2026-02-28T15:30:00Z', // 00:30 on 1 March in Tokyo
  '2026-03-01T04:30:00Z', // 23:30 on 28 Feb in Bogotá (UTC−5)
  '2026-03-01T05:30:00Z', // 00:30 on 1 March in Bogotá
  '2026-03-15T12:00:00Z',
  '2026-04-01T04:59:59Z', // the last second of March in Bogotá
].map((iso) => new Date(iso));

describeEachDatabase('payment collections', (ctx) => {
  it('equal a regrouping of the approved records after a random history', async () => {
    const f = await moneyClub(ctx);
    const { cash, nequi } = await clubMethods(ctx, f.clubId);
    await expectPaymentCollectionsAgree(ctx, f.clubId);
    const methods = [cash, nequi, null];
    const paymentIds = f.list.map((payment) => payment.id);
    const random = randomOf(29);
    let receipt = 100;
    const approvedRecord = () => ({
      clubId: f.clubId,
      paymentId: paymentIds[random(paymentIds.length)]!,
      amount: 1_000 * (1 + random(90)),
      paymentMethodId: methods[random(methods.length)]!,
      paidOn: '2026-03-01',
      status: 'approved' as const,
      receiptNumber: (receipt += 1),
      reviewedAt: INSTANTS[random(INSTANTS.length)]!,
      reviewedBy: f.owner.id,
      recordedBy: f.owner.id,
    });
    const r = paymentRecords;
    for (let step = 0; step < 50; step += 1) {
      const ids = (await ctx.db.select({ id: r.id }).from(r).where(eq(r.clubId, f.clubId))).map(
        (row) => row.id,
      );
      const target = ids[random(ids.length)]!;
      const action = random(6);
      if (action === 0) {
        await ctx.db.insert(r).values([approvedRecord(), approvedRecord(), approvedRecord()]);
      } else if (action === 1) {
        await ctx.db.insert(r).values(approvedRecord());
      } else if (action === 2) {
        // Moved to another instant and method, with another amount.
        await ctx.db
          .update(r)
          .set({
            reviewedAt: INSTANTS[random(INSTANTS.length)]!,
            paymentMethodId: methods[random(methods.length)]!,
            amount: 1_000 * (1 + random(90)),
          })
          .where(and(eq(r.id, target), eq(r.status, 'approved')));
      } else if (action === 3) {
        await ctx.db
          .update(r)
          .set({ status: 'rejected', receiptNumber: null, rejectionReason: 'Ilegible' })
          .where(eq(r.id, target));
      } else if (action === 4) {
        // Every record still in review or rejected approved at once, in one statement.
        await ctx.db
          .update(r)
          .set({
            status: 'approved',
            receiptNumber: sql`${r.id} + 10000`,
            reviewedAt: INSTANTS[random(INSTANTS.length)]!,
          })
          .where(and(eq(r.clubId, f.clubId), sql`${r.status} <> 'approved'`));
      } else {
        await ctx.db.delete(r).where(eq(r.id, target));
      }
    }
    await expectPaymentCollectionsAgree(ctx, f.clubId);

    const approved = await ctx.db
      .select()
      .from(r)
      .where(and(eq(r.clubId, f.clubId), eq(r.status, 'approved')));
    expect(approved.length).toBeGreaterThan(5);
    for (const month of ['2026-02', '2026-03']) {
      const expected = approved
        .filter((record) => monthIn('America/Bogota', record.reviewedAt!) === `${month}-01`)
        .reduce((sum, record) => sum + record.amount, 0);
      const summary = await moneySummary(ctx.db, f.clubId, {
        month,
        now: new Date('2026-04-10T15:00:00Z'),
        scope: undefined,
      });
      expect(summary.collected).toBe(expected);
    }
  });

  it('are counted again in the new timezone when the club changes it', async () => {
    const f = await moneyClub(ctx);
    await ctx.db.insert(paymentRecords).values(
      INSTANTS.map((reviewedAt, index) => ({
        clubId: f.clubId,
        paymentId: f.list[index]!.id,
        amount: 10_000 * (index + 1),
        paidOn: '2026-03-01',
        status: 'approved' as const,
        receiptNumber: 200 + index,
        reviewedAt,
        reviewedBy: f.owner.id,
        recordedBy: f.owner.id,
      })),
    );
    await expectPaymentCollectionsAgree(ctx, f.clubId);
    const collected = async (month: string) =>
      (
        await moneySummary(ctx.db, f.clubId, {
          month,
          now: new Date('2026-04-10T15:00:00Z'),
          scope: undefined,
        })
      ).collected;
    const february = async (timezone: string) =>
      (await ctx.db.select().from(paymentRecords).where(eq(paymentRecords.clubId, f.clubId)))
        .filter((record) => record.status === 'approved')
        .filter((record) => monthIn(timezone, record.reviewedAt!) === '2026-02-01')
        .reduce((sum, record) => sum + record.amount, 0);
    expect(await collected('2026-02')).toBe(await february('America/Bogota'));

    await ctx.db.update(clubs).set({ timezone: 'Asia/Tokyo' }).where(eq(clubs.id, f.clubId));
    await expectPaymentCollectionsAgree(ctx, f.clubId);
    // Three records approved late on 28 February in Bogotá are 1 March in Tokyo.
    expect(await february('Asia/Tokyo')).toBe((await february('America/Bogota')) - 150_000);
    expect(await collected('2026-02')).toBe(await february('Asia/Tokyo'));

    // A change that keeps the timezone (another field) leaves the rows as they are.
    await ctx.db.update(clubs).set({ name: 'Club de Pagos Tokio' }).where(eq(clubs.id, f.clubId));
    await expectPaymentCollectionsAgree(ctx, f.clubId);
  });

  it('agree after approvals racing a change of timezone', async () => {
    if (ctx.driver !== 'postgres') return; // PGlite runs one statement at a time
    const f = await moneyClub(ctx);
    let receipt = 300;
    const approve = (index: number) =>
      ctx.db.insert(paymentRecords).values({
        clubId: f.clubId,
        paymentId: f.list[index % f.list.length]!.id,
        amount: 5_000,
        paidOn: '2026-03-01',
        status: 'approved',
        receiptNumber: (receipt += 1),
        reviewedAt: INSTANTS[index % INSTANTS.length]!,
        reviewedBy: f.owner.id,
        recordedBy: f.owner.id,
      });
    const moveTo = (timezone: string) =>
      ctx.db.update(clubs).set({ timezone }).where(eq(clubs.id, f.clubId));
    await Promise.all([
      ...Array.from({ length: 12 }, (_, index) => approve(index)),
      moveTo('Asia/Tokyo'),
      ...Array.from({ length: 12 }, (_, index) => approve(index + 12)),
      moveTo('America/Bogota'),
    ]);
    await expectPaymentCollectionsAgree(ctx, f.clubId);
  });
});
