import { beforeEach, expect, it } from 'vitest';
import { paymentActionMessages as m } from '../../contract/payment-actions.schema';
import { createClub, memberOf } from './support/clubs';
import { clubMethods, fieldsOf, post, recordInReview, stored } from './support/payment-actions';
import { MARCH_10, moneyClub } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

describeEachDatabase(
  'Payment actions refused (/api/pla_club_teams/:id/payments/:paymentId/…)',
  (ctx) => {
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

    it('refuses what the rules forbid, naming the field, and changes nothing', async () => {
      const inReviewOfCancelled = await recordInReview(ctx, f.clubId, pay(5), 10_000, f.owner.id);
      const tooMuch = await recordInReview(ctx, f.clubId, pay(1), 45_001, f.owner.id);
      const approvedRecord = (await stored(ctx, f.clubId, pay(3))).records[0]!.id;
      const watched = [0, 1, 3, 5, 6];
      const before = await Promise.all(watched.map((i) => stored(ctx, f.clubId, pay(i))));
      const cases: [Promise<{ statusCode: number; body: string }>, number, string, string][] = [
        [record(1, { amount: 45_001 }), 422, 'amount', m.overBalance(45_000)],
        [
          record(0, { amount: 1_000, payment_method_id: methods.nequi }),
          422,
          'payment_method_id',
          m.methodNotAccepted,
        ],
        [
          record(0, { amount: 1_000, payment_method_id: methods.daviplata }),
          422,
          'payment_method_id',
          m.methodNotAccepted,
        ],
        [record(0, { amount: 1_000, paid_on: '2026-03-11' }), 422, 'paid_on', m.futureDate],
        [record(5, { amount: 1_000 }), 409, 'payment_id', m.closed('anulado')],
        [
          post(ctx, f.owner.token, f.clubId, pay(5), `records/${inReviewOfCancelled}/approve`),
          409,
          'payment_id',
          m.closed('anulado'),
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(1), `records/${tooMuch}/approve`),
          422,
          'amount',
          m.overBalance(45_000),
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(3), `records/${approvedRecord}/approve`),
          409,
          'record_id',
          m.notInReview,
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(1), 'cancel', { reason: 'x' }),
          409,
          'payment_id',
          m.paidCannotCancel,
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(5), 'cancel', { reason: 'x' }),
          409,
          'payment_id',
          m.alreadyCancelled,
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(3), 'exempt', { reason: 'x' }),
          409,
          'payment_id',
          m.paidCannotExempt,
        ],
        [
          post(ctx, f.owner.token, f.clubId, pay(6), 'exempt', { reason: 'x' }),
          409,
          'payment_id',
          m.alreadyExempt,
        ],
      ];
      for (const [request, status, field, message] of cases) {
        const response = await request;
        expect(response.statusCode, response.body).toBe(status);
        expect(JSON.parse(response.body)).toEqual({ message, errors: [{ path: field, message }] });
      }
      // 28 February 23:00 in Bogotá is already 1 March in UTC: 1 March is the future there.
      ctx.clock.set(new Date('2026-03-01T04:00:00Z'));
      expect(fieldsOf(await record(0, { amount: 1_000, paid_on: '2026-03-01' }))).toEqual([
        'paid_on',
      ]);
      const after = await Promise.all(watched.map((i) => stored(ctx, f.clubId, pay(i))));
      expect(after).toEqual(before);
    });

    it('answers 400 naming the field for bad input', async () => {
      for (const [body, field] of [
        [{ amount: -5 }, 'amount'],
        [{ amount: 1.5 }, 'amount'],
        [{ amount: '1000' }, 'amount'],
        [{ amount: 0 }, 'amount'],
        [{ amount: 1_000, paid_on: '2026-02-30' }, 'paid_on'],
        [{ amount: 1_000, payment_method_id: 0 }, 'payment_method_id'],
        [{ amount: 1_000, note: 'a\u0000b' }, 'note'],
      ] as const) {
        const response = await record(0, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(fieldsOf(response)).toContain(field);
      }
      const noReason = await post(ctx, f.owner.token, f.clubId, pay(0), 'cancel', { reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(fieldsOf(noReason)).toEqual(['reason']);
      expect((await stored(ctx, f.clubId, pay(0))).payment.status).toBe('pending');
    });

    it('is refused to a guardian and a trainer (403) and hides another club’s payment (404)', async () => {
      const before = await stored(ctx, f.clubId, pay(0));
      for (const role of ['Padre/Acudiente', 'Entrenador'] as const) {
        const member = await memberOf(ctx, f.clubId, role);
        const response = await post(ctx, member.token, f.clubId, pay(0), 'records', {
          amount: 1_000,
          payment_method_id: methods.cash,
          paid_on: '2026-03-09',
        });
        expect(response.statusCode, response.body).toBe(403);
        expect(
          (await post(ctx, member.token, f.clubId, pay(0), 'cancel', { reason: 'x' })).statusCode,
        ).toBe(403);
      }
      const stranger = await registerUser(ctx);
      const other = await createClub(ctx, stranger.token, { name: 'Otro Club' });
      const foreign = await post(ctx, stranger.token, other.id, pay(0), 'cancel', { reason: 'x' });
      expect(foreign.statusCode).toBe(404);
      expect(JSON.parse(foreign.body)).toEqual({ message: m.paymentNotFound });
      const otherRecord = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
      const wrongPayment = await post(
        ctx,
        f.owner.token,
        f.clubId,
        pay(0),
        `records/${otherRecord}/approve`,
      );
      expect(wrongPayment.statusCode).toBe(404);
      expect(await stored(ctx, f.clubId, pay(0))).toEqual(before);
    });
  },
);
