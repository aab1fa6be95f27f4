import { beforeEach, expect, it } from 'vitest';
import { expectPaymentCollectionsAgree } from './support/payment-collections';
import { expectPaymentCountsAgree } from './support/payment-counts';
import { expectPaymentDebtorsAgree } from './support/payment-debtors';
import {
  answered,
  clubMethods,
  post,
  receiptNumbers,
  recordInReview,
  stored,
} from './support/payment-actions';
import { MARCH_10, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';

/*
 * Receipt numbers under concurrent actions (issue #12 "Reliability"; trap 6): the fixture
 * club has receipts 1..3 and its counter at 3. On PostgreSQL the requests run on separate
 * pooled connections and really overlap; on PGlite they interleave through one connection.
 */
describeEachDatabase('Payment actions at once: receipt numbers', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const record = (i: number, amount: number) =>
    post(ctx, f.owner.token, f.clubId, pay(i), 'records', {
      amount,
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
    });
  const approve = (i: number, recordId: number) =>
    post(ctx, f.owner.token, f.clubId, pay(i), `records/${recordId}/approve`);

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('two staff records at once on two payments get two consecutive numbers', async () => {
    const answers = await Promise.all([record(0, 100_000), record(7, 80_000)]);
    const numbers = answers.map((a) => answered(a, 201).record!.receipt_number).sort();
    expect(numbers).toEqual([4, 5]);
    expect(await receiptNumbers(ctx, f.clubId)).toEqual([1, 2, 3, 4, 5]);
    expect((await stored(ctx, f.clubId, pay(0))).counter).toBe(5);
  });

  it('two approvals at once on two payments get two consecutive numbers', async () => {
    const a = await recordInReview(ctx, f.clubId, pay(7), 80_000, f.owner.id);
    const b = await recordInReview(ctx, f.clubId, pay(10), 100_000, f.owner.id);
    const answers = await Promise.all([approve(7, a), approve(10, b)]);
    const numbers = answers.map((r) => answered(r).record!.receipt_number).sort();
    expect(numbers).toEqual([4, 5]);
    expect(await receiptNumbers(ctx, f.clubId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('the same record approved twice at once is approved once, with one number', async () => {
    const recordId = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    const answers = await Promise.all([approve(2, recordId), approve(2, recordId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const s = await stored(ctx, f.clubId, pay(2));
    expect(s.records.map((r) => [r.status, r.receiptNumber])).toEqual([['approved', 4]]);
    expect(s.payment).toMatchObject({ status: 'paid', amountPaid: 100_000 });
    expect(s.events.map((e) => e.action)).toEqual(['approved']);
    expect(s.counter).toBe(4);
  });

  it('numbers stay 1..n without gaps after approvals, records and refused attempts', async () => {
    const big = await recordInReview(ctx, f.clubId, pay(1), 50_000, f.owner.id);
    const fits = await recordInReview(ctx, f.clubId, pay(10), 30_000, f.owner.id);
    const carla = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    const answers = await Promise.all([
      approve(1, big), // over the 45.000 balance: refused, takes no number
      approve(2, carla),
      record(0, 25_000),
      approve(10, fits),
      record(7, 90_000), // over the balance: refused
      record(0, 25_000),
      post(ctx, f.owner.token, f.clubId, pay(5), 'cancel', { reason: 'x' }), // already: 409
      record(1, 45_000),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([422, 200, 201, 200, 422, 201, 409, 201]);
    expect(await receiptNumbers(ctx, f.clubId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await expectPaymentCountsAgree(ctx, f.clubId);
    await expectPaymentDebtorsAgree(ctx, f.clubId);
    await expectPaymentCollectionsAgree(ctx, f.clubId);
    expect((await stored(ctx, f.clubId, pay(0))).counter).toBe(8);
    const beto = await stored(ctx, f.clubId, pay(1));
    // Paid in full by the staff record; the proof still in review can no longer be approved.
    expect(beto.payment).toMatchObject({ status: 'paid', amountPaid: 85_000 });
    expect(beto.records.find((r) => r.id === big)).toMatchObject({
      status: 'in_review',
      receiptNumber: null,
    });
  });
});
