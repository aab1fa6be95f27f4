import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { notifications } from '../../server/db/schema/notifications';
import { addMembership } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { clubMethods, post, stored } from './support/payment-actions';
import { pdf, postForm } from './support/payment-proofs';
import { MARCH_10, moneyClub } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * What a payment's reviews tell people (issue #13 item 2): a family's proof reaches the
 * club's reviewers (payments.update), and its approval or rejection reaches the family,
 * once per record and outcome.
 */
describeEachDatabase('Payment notices (proof received, approved, rejected)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const notificationsOf = (userId: number) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.clubId, f.clubId)))
      .orderBy(asc(notifications.id));
  const sendProof = () =>
    postForm(
      ctx,
      f.juan.token,
      f.clubId,
      pay(10),
      { amount: 100_000, payment_method_id: methods.cash, paid_on: '2026-03-09' },
      { filename: 'pago.pdf', contentType: 'application/pdf', bytes: pdf() },
    );

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it("tells the club's reviewers a proof arrived, and not the other members", async () => {
    const accountant = await registerUser(ctx);
    await addMembership(ctx, accountant.id, f.clubId, 'Contador');
    const trainer = await registerUser(ctx);
    await addMembership(ctx, trainer.id, f.clubId, 'Entrenador');
    expect((await sendProof()).statusCode).toBe(201);

    for (const reviewer of [f.owner.id, accountant.id]) {
      const [notice] = await notificationsOf(reviewer);
      expect(notice).toMatchObject({
        type: 'payment_due',
        priority: 'high',
        title: 'Comprobante recibido',
        data: { action_url: '/home/payments', payment_id: pay(10) },
      });
      expect(notice!.message).toMatch(
        /^Juan Pérez envió un comprobante de \$\s100\.000 por Mensualidad de febrero de 2026\.$/,
      );
    }
    expect(await notificationsOf(trainer.id)).toEqual([]);
    expect(await notificationsOf(f.juan.id)).toEqual([]);
  });

  it('tells the family its proof was approved with the receipt number, or rejected and why', async () => {
    expect((await sendProof()).statusCode).toBe(201);
    const recordId = (await stored(ctx, f.clubId, pay(10))).records[0]!.id;
    const approved = await post(
      ctx,
      f.owner.token,
      f.clubId,
      pay(10),
      `records/${recordId}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    const [notice] = await notificationsOf(f.juan.id);
    expect(notice).toMatchObject({ title: 'Pago aprobado', priority: 'medium' });
    expect(notice!.message).toMatch(/recibo N\.º 4\.$/);

    // Another payment's proof, rejected.
    const other = await postForm(
      ctx,
      f.juan.token,
      f.clubId,
      pay(7),
      { amount: 80_000, payment_method_id: methods.cash, paid_on: '2026-03-09' },
      { filename: 'pago.pdf', contentType: 'application/pdf', bytes: pdf() },
    );
    expect(other.statusCode).toBe(201);
    const rejectedId = (await stored(ctx, f.clubId, pay(7))).records[0]!.id;
    await post(ctx, f.owner.token, f.clubId, pay(7), `records/${rejectedId}/reject`, {
      reason: 'No se lee el valor',
    });
    const [, rejected] = await notificationsOf(f.juan.id);
    expect(rejected).toMatchObject({ title: 'Comprobante rechazado', priority: 'high' });
    expect(rejected!.message).toContain('No se lee el valor');
  });

  it("tells the player's authorised guardians too, named after the player, and no pending one", async () => {
    const guardian = await registerUser(ctx);
    const pending = await registerUser(ctx);
    await linkGuardian(ctx.db, { clubId: f.clubId, playerId: f.juan.id, guardianId: guardian.id });
    await linkGuardian(ctx.db, {
      clubId: f.clubId,
      playerId: f.juan.id,
      guardianId: pending.id,
      status: 'pending',
    });
    expect((await sendProof()).statusCode).toBe(201);
    const recordId = (await stored(ctx, f.clubId, pay(10))).records[0]!.id;
    await post(ctx, f.owner.token, f.clubId, pay(10), `records/${recordId}/approve`);
    const [notice] = await notificationsOf(guardian.id);
    expect(notice).toMatchObject({ title: 'Pago aprobado', data: { payment_id: pay(10) } });
    expect(notice!.message).toMatch(/^Juan Pérez: Se aprobó su pago de /);
    expect(await notificationsOf(pending.id)).toEqual([]);
    expect(await notificationsOf(f.juan.id)).toHaveLength(1);
  });

  it('a refused review tells nobody', async () => {
    expect((await sendProof()).statusCode).toBe(201);
    const recordId = (await stored(ctx, f.clubId, pay(10))).records[0]!.id;
    await post(ctx, f.owner.token, f.clubId, pay(10), `records/${recordId}/approve`);
    const again = await post(ctx, f.owner.token, f.clubId, pay(10), `records/${recordId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(await notificationsOf(f.juan.id)).toHaveLength(1);
  });
});
