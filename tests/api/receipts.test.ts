import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.format';
import { receiptMessages } from '../../contract/receipts.schema';
import { clubs } from '../../server/db/schema/clubs';
import { payments } from '../../server/db/schema/payments';
import { users } from '../../server/db/schema/users';
import { periodText, receiptData } from '../../server/features/payments/receipt-data';
import { stored, answered, clubMethods, post } from './support/payment-actions';
import { MARCH_10, base, moneyClub } from './support/payments';
import { pdfText } from './support/pdf-text';
import { describeEachDatabase } from './support/test-app';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('periodText', () => {
  it("writes one month as 'noviembre de 2026' and a longer period from its first to its last month", () => {
    expect(periodText('2026-11-01', '2026-11-30')).toBe('noviembre de 2026');
    expect(periodText('2026-01-01', '2026-03-31')).toBe('enero de 2026 a marzo de 2026');
    expect(periodText('2026-12-01', '2027-02-28')).toBe('diciembre de 2026 a febrero de 2027');
  });
});

describeEachDatabase('Receipts (GET …/payments/:paymentId/receipt.pdf)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const receipt = (token: string, paymentId: number, query = '') =>
    ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments/${paymentId}/receipt.pdf${query}`,
      token,
    });
  const recordIdOf = async (i: number, receiptNumber: number) =>
    (await stored(ctx, f.clubId, pay(i))).records.find((r) => r.receiptNumber === receiptNumber)!
      .id;

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('gathers what a receipt says: club, number, player, concept, period, amounts with discounts, who', async () => {
    const data = await receiptData(ctx.db, await recordIdOf(1, 3));
    expect(data).toMatchObject({
      club: { name: 'Club de Pagos', logoUrl: null },
      receiptNumber: 3,
      approvedOn: '02/03/2026',
      player: { name: 'Beto Álvarez', document: `CC ${f.beto.document}` },
      concept: 'Mensualidad',
      period: 'marzo de 2026',
      baseAmount: 100_000,
      discounts: [{ name: 'Plan Hermanos', amount: 15_000 }],
      amountDue: 85_000,
      received: 40_000,
      totalPaid: 40_000,
      balance: 45_000,
      method: null,
      paidOn: '01/03/2026',
      recordedBy: 'María José Núñez Ríos',
      approvedBy: 'María José Núñez Ríos',
    });
  });

  it('gives each receipt the total paid and the balance right after it, with its method and reference', async () => {
    const record = (amount: number, reference: string | null) =>
      post(ctx, f.owner.token, f.clubId, pay(0), 'records', {
        amount,
        payment_method_id: methods.cash,
        paid_on: '2026-03-09',
        reference,
      });
    const first = answered(await record(60_000, 'R-1'), 201).record!;
    const second = answered(await record(40_000, null), 201).record!;
    expect(await receiptData(ctx.db, first.id)).toMatchObject({
      receiptNumber: 4,
      received: 60_000,
      totalPaid: 60_000,
      balance: 40_000,
      method: 'Efectivo',
      reference: 'R-1',
      approvedOn: '10/03/2026',
    });
    expect(await receiptData(ctx.db, second.id)).toMatchObject({
      receiptNumber: 5,
      received: 40_000,
      totalPaid: 100_000,
      balance: 0,
      reference: null,
    });
  });

  it("answers the latest approved record's PDF as a download that is never cached", async () => {
    const response = await receipt(f.owner.token, pay(1));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="recibo-3.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Club de Pagos',
      'Recibo de caja N.º 3',
      'Beto Álvarez',
      'Mensualidad',
      'marzo de 2026',
      'Plan Hermanos',
      nbsp(formatMoney(40_000)),
      nbsp(formatMoney(45_000)),
      'María José Núñez Ríos',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('$ 40.000');
  });

  it('answers the receipt of the record asked for by record_id', async () => {
    await post(ctx, f.owner.token, f.clubId, pay(1), 'records', {
      amount: 45_000,
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
    });
    const latest = await receipt(f.owner.token, pay(1));
    expect(latest.headers['content-disposition']).toContain('recibo-4.pdf');
    const older = await receipt(f.owner.token, pay(1), `?record_id=${await recordIdOf(1, 3)}`);
    expect(older.statusCode).toBe(200);
    expect(older.headers['content-disposition']).toContain('recibo-3.pdf');
    expect(pdfText(older.rawPayload)).toContain('Recibo de caja N.º 3');
  });

  it("refuses a payment without approved records (404), another payment's record (404) and a record not approved (409)", async () => {
    const none = await receipt(f.owner.token, pay(0));
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: receiptMessages.noApprovedRecord });

    const others = await receipt(f.owner.token, pay(1), `?record_id=${await recordIdOf(3, 1)}`);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: receiptMessages.recordNotFound });

    const inReview = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    const notApproved = await receipt(f.owner.token, pay(2), `?record_id=${inReview}`);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({
      message: receiptMessages.recordNotApproved,
      errors: [{ path: 'record_id' }],
    });

    const bad = await receipt(f.owner.token, pay(1), '?record_id=abc');
    expect(bad.statusCode).toBe(400);
  });

  it("lets a Jugador download their own receipt and hides another player's payment (404)", async () => {
    const own = await receipt(f.juan.token, pay(3));
    expect(own.statusCode, own.body).toBe(200);
    expect(pdfText(own.rawPayload)).toContain('Juan Pérez');

    const others = await receipt(f.juan.token, pay(1));
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: receiptMessages.paymentNotFound });
  });

  it("draws the club's logo from storage (a WebP converted for the PDF) and the name alone for an outside address", async () => {
    const webp = await sharp({
      create: { width: 80, height: 40, channels: 3, background: { r: 10, g: 90, b: 200 } },
    })
      .webp()
      .toBuffer();
    await ctx.storage.put('logos/club.webp', webp, 'image/webp');
    await ctx.db
      .update(clubs)
      .set({
        logoUrl: '/api/files/logos/club.webp',
        address: 'Calle 10 # 5-20',
        phone: '6015550000',
      })
      .where(eq(clubs.id, f.clubId));
    const withLogo = await receipt(f.owner.token, pay(1));
    expect(withLogo.statusCode).toBe(200);
    expect(withLogo.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(pdfText(withLogo.rawPayload)).toContain('Calle 10 # 5-20');

    await ctx.db
      .update(clubs)
      .set({ logoUrl: 'https://example.com/logo.png' })
      .where(eq(clubs.id, f.clubId));
    const outside = await receipt(f.owner.token, pay(1));
    expect(outside.statusCode).toBe(200);
    expect(outside.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    expect(pdfText(outside.rawPayload)).toContain('Club de Pagos');
  });

  it('writes a period longer than a month from its first to its last month', async () => {
    await ctx.db
      .update(payments)
      .set({ coversFrom: '2026-01-01', coversTo: '2026-03-31' })
      .where(eq(payments.id, pay(1)));
    await ctx.db.update(users).set({ documentNumber: null }).where(eq(users.id, f.beto.id));
    const data = await receiptData(ctx.db, await recordIdOf(1, 3));
    expect(data.period).toBe('enero de 2026 a marzo de 2026');
    expect(data.player.document).toBeNull();
  });
});
