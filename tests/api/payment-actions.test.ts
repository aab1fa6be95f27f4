import { beforeEach, expect, it } from 'vitest';
import { answered, clubMethods, post, recordInReview, stored } from './support/payment-actions';
import { MARCH_10, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

describeEachDatabase('Payment actions (/api/pla_club_teams/:id/payments/:paymentId/…)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const record = (i: number, body: Record<string, unknown>) =>
    post(ctx, f.owner.token, f.clubId, pay(i), 'records', {
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
      ...body,
    });

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('records money received: the next receipt number, partial then paid, an event each', async () => {
    const first = answered(
      await record(0, { amount: 60_000, reference: 'R-1', note: 'Caja' }),
      201,
    );
    expect(first.record).toMatchObject({
      amount: 60_000,
      status: 'approved',
      receipt_number: 4,
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
      reference: 'R-1',
      recorded_by: f.owner.id,
      reviewed_by: f.owner.id,
    });
    expect(first.payment).toMatchObject({
      id: pay(0),
      status: 'partial',
      amount_paid: 60_000,
      balance: 40_000,
    });
    const second = answered(await record(0, { amount: 40_000 }), 201);
    expect(second.record!.receipt_number).toBe(5);
    expect(second.payment).toMatchObject({
      status: 'paid',
      amount_paid: 100_000,
      balance: 0,
      overdue: false,
    });

    const s = await stored(ctx, f.clubId, pay(0));
    expect(s.payment).toMatchObject({
      status: 'paid',
      amountPaid: 100_000,
      statusChangedBy: f.owner.id,
    });
    expect(s.records.map((r) => [r.amount, r.status, r.receiptNumber])).toEqual([
      [60_000, 'approved', 4],
      [40_000, 'approved', 5],
    ]);
    expect(s.events.map((e) => [e.action, e.actorId, e.recordId, e.amount, e.note])).toEqual([
      ['recorded', f.owner.id, s.records[0]!.id, 60_000, 'Caja'],
      ['recorded', f.owner.id, s.records[1]!.id, 40_000, null],
    ]);
    expect(s.counter).toBe(5);
  });

  it('approves a record in review with the next receipt number', async () => {
    const recordId = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    const done = answered(
      await post(ctx, f.owner.token, f.clubId, pay(2), `records/${recordId}/approve`),
    );
    expect(done.record).toMatchObject({ id: recordId, status: 'approved', receipt_number: 4 });
    expect(done.payment).toMatchObject({ status: 'paid', amount_paid: 100_000 });
    const s = await stored(ctx, f.clubId, pay(2));
    expect(s.records[0]).toMatchObject({
      status: 'approved',
      receiptNumber: 4,
      reviewedBy: f.owner.id,
    });
    expect(s.events.map((e) => [e.action, e.recordId, e.amount])).toEqual([
      ['approved', recordId, 100_000],
    ]);
    expect(s.counter).toBe(4);
  });

  it("rejects a record: 'rejected' with the reason when nothing is paid, else back to partial", async () => {
    const recordId = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    const reason = { reason: 'El comprobante no es legible' };
    const done = answered(
      await post(ctx, f.owner.token, f.clubId, pay(2), `records/${recordId}/reject`, reason),
    );
    expect(done.record).toMatchObject({
      status: 'rejected',
      rejection_reason: reason.reason,
      receipt_number: null,
    });
    expect(done.payment).toMatchObject({ status: 'rejected', status_reason: reason.reason });
    const s = await stored(ctx, f.clubId, pay(2));
    expect(s.events.map((e) => [e.action, e.recordId, e.note])).toEqual([
      ['rejected', recordId, reason.reason],
    ]);
    expect(s.counter).toBe(3);

    // Beto's partial payment (40.000 paid) with a proof in review goes back to partial.
    const other = await recordInReview(ctx, f.clubId, pay(1), 45_000, f.owner.id);
    const back = answered(
      await post(ctx, f.owner.token, f.clubId, pay(1), `records/${other}/reject`, reason),
    );
    expect(back.payment).toMatchObject({
      status: 'partial',
      amount_paid: 40_000,
      status_reason: null,
    });
  });

  it('cancels and exempts with a reason, writing who and why', async () => {
    const cancelled = answered(
      await post(ctx, f.owner.token, f.clubId, pay(0), 'cancel', { reason: 'Se retiró' }),
    );
    expect(cancelled.payment).toMatchObject({ status: 'cancelled', status_reason: 'Se retiró' });
    const exempt = answered(
      await post(ctx, f.owner.token, f.clubId, pay(7), 'exempt', { reason: 'Beca' }),
    );
    expect(exempt.payment).toMatchObject({
      status: 'exempt',
      status_reason: 'Beca',
      balance: 80_000,
    });
    for (const [i, action, status, note] of [
      [0, 'cancelled', 'cancelled', 'Se retiró'],
      [7, 'exempted', 'exempt', 'Beca'],
    ] as const) {
      const s = await stored(ctx, f.clubId, pay(i));
      expect(s.payment).toMatchObject({ status, statusReason: note, statusChangedBy: f.owner.id });
      expect(s.events.map((e) => [e.action, e.actorId, e.note])).toEqual([
        [action, f.owner.id, note],
      ]);
    }
  });
});
