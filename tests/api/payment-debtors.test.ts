import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { payments } from '../../server/db/schema/payments';
import { expectPaymentDebtorsAgree } from './support/payment-debtors';
import { moneyClub } from './support/payments';
import { randomOf } from './support/random';
import { describeEachDatabase } from './support/test-app';

/*
 * payment_debtors (migration 0030) is derived data kept by triggers on payments: after a
 * random history (statuses and due dates changed one or many per statement, payments
 * added and deleted) and after writers changing one player's payments at once, it must
 * hold each player's oldest unpaid due date per billed category, found payment by payment.
 */

const STATUSES = ['pending', 'partial', 'rejected', 'in_review', 'paid', 'cancelled', 'exempt'];
const DUES = ['2026-02-05', '2026-03-01', '2026-03-05', '2026-03-20', '2026-04-05'];

/** The columns a status asks for (amount paid within the amount due, a reason where due). */
const statusChange = (status: string) => ({
  status: status as (typeof payments.$inferSelect)['status'],
  amountPaid:
    status === 'paid'
      ? sql`${payments.amountDue}`
      : status === 'partial'
        ? sql`${payments.amountDue} / 2`
        : sql`0`,
  statusReason: status === 'cancelled' || status === 'exempt' ? 'Prueba' : null,
});

describeEachDatabase('payment debtors', (ctx) => {
  it('hold the oldest unpaid due date of each player and category after a random history', async () => {
    const f = await moneyClub(ctx);
    await expectPaymentDebtorsAgree(ctx, f.clubId);
    const random = randomOf(30);
    const ids = f.list.map((payment) => payment.id);
    for (let step = 0; step < 60; step += 1) {
      const target = ids[random(ids.length)]!;
      const action = random(5);
      if (action === 0) {
        await ctx.db
          .update(payments)
          .set(statusChange(STATUSES[random(STATUSES.length)]!))
          .where(eq(payments.id, target));
      } else if (action === 1) {
        await ctx.db
          .update(payments)
          .set({ dueDate: DUES[random(DUES.length)]! })
          .where(eq(payments.id, target));
      } else if (action === 2) {
        // Several payments in one statement.
        const some = ids.filter(() => random(2) === 0);
        await ctx.db
          .update(payments)
          .set(statusChange(STATUSES[random(STATUSES.length)]!))
          .where(inArray(payments.id, some.length > 0 ? some : [target]));
      } else if (action === 3) {
        // Only the amount paid: the debtors' rows are not touched.
        await ctx.db
          .update(payments)
          .set({ amountPaid: sql`least(${payments.amountDue}, ${payments.amountPaid} + 1)` })
          .where(and(eq(payments.id, target), eq(payments.status, 'partial')));
      } else {
        const [copy] = await ctx.db.select().from(payments).where(eq(payments.id, target));
        const { id: _id, createdAt: _created, updatedAt: _updated, ...rest } = copy!;
        const period = `2027-0${1 + random(9)}-01`;
        const [added] = await ctx.db
          .insert(payments)
          .values({ ...rest, period, coversFrom: period, coversTo: period })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        if (added) ids.push(added.id);
      }
    }
    await expectPaymentDebtorsAgree(ctx, f.clubId);
  });

  it('agree after writers changing one player’s payments at once', async () => {
    if (ctx.driver !== 'postgres') return; // PGlite runs one statement at a time
    const f = await moneyClub(ctx);
    const ana = f.list.filter((payment) => payment.userId === f.ana.id).map((p) => p.id);
    expect(ana.length).toBeGreaterThan(1);
    await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        ctx.db
          .update(payments)
          .set(statusChange(index % 3 === 0 ? 'paid' : index % 3 === 1 ? 'pending' : 'partial'))
          .where(eq(payments.id, ana[index % ana.length]!)),
      ),
    );
    await expectPaymentDebtorsAgree(ctx, f.clubId);
  });
});
