import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  paymentListResponseSchema,
  paymentSummaryResponseSchema,
} from '../../contract/payments.schema';
import { players } from '../../server/db/schema/players';
import { addMembership, memberOf } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { answered, clubMethods } from './support/payment-actions';
import { getProof, postForm } from './support/payment-proofs';
import { MARCH_10, type PaymentRow, base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';
import { png } from './support/uploads';

/*
 * Issue #15: a Padre/Acudiente sees, reviews and pays (sends proofs for) the payments of
 * the children they are authorised for, and nothing of anyone else's: a pending or denied
 * link, or an e-mail typed on the player, reaches nothing (list, summary, detail, proof,
 * receipt: empty or 404).
 */
describeEachDatabase('Payments of a guardian’s children', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  let guardian: Awaited<ReturnType<typeof memberOf>>;
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
  const of = (...userIds: number[]) => f.list.filter((p) => userIds.includes(p.userId));
  const get = (token: string, path: string) =>
    ctx.request({ method: 'GET', url: `${base(f.clubId)}/payments${path}`, token });
  const list = async (token: string, query = '') => {
    const response = await get(token, `?pageSize=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return paymentListResponseSchema.parse(response.json());
  };
  const summary = async (token: string) => {
    const response = await get(token, '/summary?period=2026-03');
    expect(response.statusCode, response.body).toBe(200);
    return paymentSummaryResponseSchema.parse(response.json()).data;
  };
  const sendProof = async (token: string, payment: PaymentRow, amount: number) =>
    postForm(
      ctx,
      token,
      f.clubId,
      payment.id,
      { amount, payment_method_id: methods.cash, paid_on: '2026-03-09' },
      { filename: 'comprobante.png', contentType: 'image/png', bytes: await png(400, 300) },
    );

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    ctx.storage.files.clear();
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
    guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    for (const child of [f.ana, f.beto]) {
      await linkGuardian(ctx.db, { clubId: f.clubId, playerId: child.id, guardianId: guardian.id });
    }
  });

  it('lists exactly the authorised children’s payments, with their figures', async () => {
    const mine = await list(guardian.token);
    expect(ids(mine.data)).toEqual(ids(of(f.ana.id, f.beto.id)));
    expect(mine.total).toBe(of(f.ana.id, f.beto.id).length);
    expect((await list(guardian.token, `&player_id=${f.carla.id}`)).total).toBe(0);
    expect((await list(guardian.token, '&q=Carla')).total).toBe(0);
    expect(ids((await list(guardian.token, '&q=Ana')).data)).toEqual(ids(of(f.ana.id)));

    const march = of(f.ana.id, f.beto.id).filter((p) => p.period.startsWith('2026-03'));
    const billed = march
      .filter((p) => p.status !== 'cancelled')
      .reduce((sum, p) => sum + p.amountDue, 0);
    const debt = march
      .filter((p) => ['pending', 'partial', 'in_review', 'rejected'].includes(p.status))
      .reduce((sum, p) => sum + p.amountDue - p.amountPaid, 0);
    expect(await summary(guardian.token)).toMatchObject({ period: '2026-03', billed, debt });
    expect(billed).toBeGreaterThan(0);
  });

  it('lets the guardian read a child’s payment, its receipt, and send a proof for it', async () => {
    const [anaMarch] = of(f.ana.id);
    expect((await get(guardian.token, `/${anaMarch!.id}`)).statusCode).toBe(200);
    const anaPaid = of(f.ana.id).find((p) => p.status === 'paid')!;
    expect((await get(guardian.token, `/${anaPaid.id}/receipt.pdf`)).statusCode).toBe(200);
    const sent = answered(await sendProof(guardian.token, anaMarch!, 50_000), 201);
    expect(sent.payment).toMatchObject({ id: anaMarch!.id, status: 'in_review' });
    expect(sent.record).toMatchObject({ recorded_by: guardian.id, status: 'in_review' });
    const proof = await getProof(ctx, guardian.token, f.clubId, anaMarch!.id, sent.record!.id);
    expect(proof.statusCode).toBe(200);
  });

  it('shows a pending, a denied and an e-mail-only guardian nothing, and refuses them', async () => {
    const pending = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    const denied = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    const byEmail = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    for (const [who, status] of [
      [pending, 'pending'],
      [denied, 'denied'],
    ] as const) {
      await linkGuardian(ctx.db, {
        clubId: f.clubId,
        playerId: f.ana.id,
        guardianId: who.id,
        status,
      });
    }
    await ctx.db
      .update(players)
      .set({ guardianEmail: byEmail.email })
      .where(eq(players.userId, f.ana.id));
    const [anaMarch] = of(f.ana.id);
    const anaPaid = of(f.ana.id).find((p) => p.status === 'paid')!;
    for (const nobody of [pending, denied, byEmail]) {
      expect(await list(nobody.token)).toEqual({ data: [], total: 0 });
      expect(await summary(nobody.token)).toMatchObject({ billed: 0, debt: 0 });
      expect((await get(nobody.token, `/${anaMarch!.id}`)).statusCode).toBe(404);
      expect((await get(nobody.token, `/${anaPaid.id}/receipt.pdf`)).statusCode).toBe(404);
      expect((await sendProof(nobody.token, anaMarch!, 1_000)).statusCode).toBe(404);
    }
    // The authorised guardian is refused another family's payment the same way.
    const [carlaMarch] = of(f.carla.id);
    expect((await get(guardian.token, `/${carlaMarch!.id}`)).statusCode).toBe(404);
    expect((await sendProof(guardian.token, of(f.juan.id).at(-1)!, 1_000)).statusCode).toBe(404);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('gives a Jugador who is also a guardian their own payments and their child’s', async () => {
    await addMembership(ctx, f.juan.id, f.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.carla.id, guardianId: f.juan.id });
    const both = await list(f.juan.token);
    expect(ids(both.data)).toEqual(ids(of(f.juan.id, f.carla.id)));
    // Only as a Jugador (the link aside), their own alone.
    const onlyPlayer = await memberOf(ctx, f.clubId, 'Jugador');
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.carla.id,
      guardianId: onlyPlayer.id,
    });
    expect(await list(onlyPlayer.token)).toEqual({ data: [], total: 0 });
  });
});
