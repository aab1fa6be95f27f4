import { beforeEach, expect, it } from 'vitest';
import { paymentBulkMessages, paymentBulkResponseSchema } from '../../contract/payment-bulk.schema';
import { clubMethods, fieldsOf, receiptNumbers, stored } from './support/payment-actions';
import { MARCH_10, base, moneyClub } from './support/payments';
import { describeEachDatabase, registerUser } from './support/test-app';

describeEachDatabase('Bulk payment actions (POST /api/pla_club_teams/:id/payments/bulk)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  const pay = (i: number) => f.list[i]!.id;
  const bulk = (body: unknown, token = f.owner.token) =>
    ctx.request({ method: 'POST', url: `${base(f.clubId)}/payments/bulk`, token, body });
  const results = (response: { statusCode: number; body: string }) => {
    expect(response.statusCode, response.body).toBe(200);
    return paymentBulkResponseSchema.parse(JSON.parse(response.body)).data;
  };

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    await clubMethods(ctx, f.clubId);
  });

  it('approves the proofs in review of each chosen payment and says per row what it did', async () => {
    const answer = results(
      await bulk({ action: 'approve', payment_ids: [pay(2), pay(0), 999_999] }),
    );
    expect(answer).toMatchObject({ action: 'approve', succeeded: 1, failed: 2 });
    expect(answer.results).toEqual([
      { payment_id: pay(2), ok: true, status: 'paid', message: 'Comprobante aprobado' },
      {
        payment_id: pay(0),
        ok: false,
        status: 'pending',
        message: 'El pago no tiene comprobantes en revisión',
      },
      { payment_id: 999_999, ok: false, status: null, message: 'El pago no existe en este club' },
    ]);
    // The club had receipts 1..3: the approval took 4.
    expect(await receiptNumbers(ctx, f.clubId)).toEqual([1, 2, 3, 4]);
    expect((await stored(ctx, f.clubId, pay(0))).events).toEqual([]);
  });

  it('exempts with the reason; a paid or cancelled payment is refused on its row only', async () => {
    const answer = results(
      await bulk({
        action: 'exempt',
        payment_ids: [pay(0), pay(3), pay(5)],
        reason: 'Beca deportiva',
      }),
    );
    expect(answer.results.map((r) => [r.payment_id, r.ok, r.status])).toEqual([
      [pay(0), true, 'exempt'],
      [pay(3), false, 'paid'],
      [pay(5), false, 'cancelled'],
    ]);
    expect(answer.results[1]!.message).toBe('El pago ya está pagado: no se puede exonerar');
    const s = await stored(ctx, f.clubId, pay(0));
    expect(s.payment).toMatchObject({ status: 'exempt', statusReason: 'Beca deportiva' });
    expect(s.events.map((e) => [e.action, e.note])).toEqual([['exempted', 'Beca deportiva']]);
  });

  it('e-mails a reminder to an adult player with an e-mail, once a day, with what is owed', async () => {
    const first = results(await bulk({ action: 'remind', payment_ids: [pay(10), pay(0), pay(3)] }));
    expect(first.results.map((r) => [r.ok, r.message])).toEqual([
      [
        true,
        `Juan Pérez (jugador): correo a ${f.juan.email}, notificación en la app; WhatsApp sin número (elige el contacto al abrirlo)`,
      ],
      [false, paymentBulkMessages.noContactPlayer],
      [false, 'El pago no tiene saldo pendiente'],
    ]);
    await ctx.app.ready();
    const mails = ctx.mailer.to(f.juan.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Recordatorio de pago: Mensualidad de febrero de 2026');
    expect(mails[0]!.text).toMatch(/\$\s100\.000/);
    expect(mails[0]!.text).toContain('Club de Pagos');
    expect(mails[0]!.text).toContain('Efectivo');
    expect(mails[0]!.text).not.toContain('Nequi');

    const again = results(await bulk({ action: 'remind', payment_ids: [pay(10)] }));
    expect(again.results[0]).toMatchObject({
      ok: false,
      message: 'Ya se envió un recordatorio hoy',
    });
    // The next day (the session of the day before has expired: sign in again).
    ctx.clock.set(new Date(MARCH_10.getTime() + 24 * 3600_000));
    const login = await ctx.request({
      method: 'POST',
      url: '/api/login',
      body: { email: f.owner.email, password: f.owner.password },
    });
    const token = (login.json() as { token: string }).token;
    expect(results(await bulk({ action: 'remind', payment_ids: [pay(10)] }, token)).succeeded).toBe(
      1,
    );
    const events = (await stored(ctx, f.clubId, pay(10))).events;
    expect(events.map((e) => [e.action, e.amount, e.note])).toEqual([
      ['reminded', 100_000, `${f.juan.email}, notificación en la app`],
      ['reminded', 100_000, `${f.juan.email}, notificación en la app`],
    ]);
  });

  it('sends one reminder when the same request arrives twice at once', async () => {
    const both = await Promise.all([
      bulk({ action: 'remind', payment_ids: [pay(10)] }),
      bulk({ action: 'remind', payment_ids: [pay(10)] }),
    ]);
    const oks = both.map((r) => results(r).results[0]!.ok).sort();
    expect(oks).toEqual([false, true]);
    expect((await stored(ctx, f.clubId, pay(10))).events).toHaveLength(1);
  });

  it('refuses bad input in Spanish naming the field, a Jugador (403) and a non-member (404)', async () => {
    const cases: [unknown, string][] = [
      [{ action: 'delete', payment_ids: [pay(0)] }, 'action'],
      [{ action: 'approve', payment_ids: [] }, 'payment_ids'],
      [{ action: 'approve', payment_ids: [pay(0), pay(0)] }, 'payment_ids'],
      [
        { action: 'approve', payment_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        'payment_ids',
      ],
      [{ action: 'exempt', payment_ids: [pay(0)] }, 'reason'],
      [{ action: 'approve', payment_ids: [pay(0)], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(response)).toContain(field);
    }
    const stranger = await registerUser(ctx);
    expect(
      (await bulk({ action: 'approve', payment_ids: [pay(2)] }, f.juan.token)).statusCode,
    ).toBe(403);
    const outsider = await bulk({ action: 'approve', payment_ids: [pay(2)] }, stranger.token);
    expect(outsider.statusCode).toBe(404);
    expect((await stored(ctx, f.clubId, pay(2))).payment.status).toBe('in_review');
  });
});
