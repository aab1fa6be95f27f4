import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  RECEIPT_LINK_DAYS,
  receiptLinkCreatedResponseSchema,
  receiptLinkListResponseSchema,
  receiptMessages,
} from '../../contract/receipts.schema';
import { receiptLinks } from '../../server/db/schema/payments';
import { users } from '../../server/db/schema/users';
import { whatsappPhone } from '../../server/features/payments/receipt-share';
import { safeUrl } from '../../server/lib/log-safety';
import { RATE_LIMITS, rateLimitMessage } from '../../server/lib/rate-limits';
import { stored } from './support/payment-actions';
import { MARCH_10, base, moneyClub } from './support/payments';
import { pdfText } from './support/pdf-text';
import { describeEachDatabase } from './support/test-app';

const DAY = 86_400_000;

describe('whatsappPhone', () => {
  it('keeps the digits, puts 57 before a Colombian number of 10 digits and drops what is no number', () => {
    expect(whatsappPhone('300 123 4567')).toBe('573001234567');
    expect(whatsappPhone('(300) 123-4567')).toBe('573001234567');
    expect(whatsappPhone('+57 300 123 4567')).toBe('573001234567');
    expect(whatsappPhone('+1 415 555 0100')).toBe('14155550100');
    expect(whatsappPhone('123')).toBeNull();
    expect(whatsappPhone('')).toBeNull();
    expect(whatsappPhone(null)).toBeNull();
  });
});

describeEachDatabase(
  'Receipt links (…/payments/:paymentId/receipt-links, /api/public/receipts/:token)',
  (ctx) => {
    let f: Awaited<ReturnType<typeof moneyClub>>;
    const pay = (i: number) => f.list[i]!.id;
    const links = (paymentId: number) => `${base(f.clubId)}/payments/${paymentId}/receipt-links`;
    const create = (paymentId: number, body: unknown = {}, token = f.owner.token) =>
      ctx.request({ method: 'POST', url: links(paymentId), token, body });
    const created = async (paymentId: number, body: unknown = {}) => {
      const response = await create(paymentId, body);
      expect(response.statusCode, response.body).toBe(201);
      return receiptLinkCreatedResponseSchema.parse(response.json()).data;
    };
    const tokenOf = (url: string) => url.split('/').at(-1)!;
    const open = (url: string, remoteAddress?: string) =>
      ctx.request({
        method: 'GET',
        url: new URL(url).pathname,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    const expectGone = (response: { statusCode: number; json: () => unknown }) => {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: receiptMessages.publicNotFound });
    };

    beforeEach(async () => {
      ctx.clock.set(MARCH_10);
      f = await moneyClub(ctx);
    });

    it('creates a 30-day link whose WhatsApp message names the club, receipt, amount, concept, period and link', async () => {
      const link = await created(pay(1));
      expect(link.url).toMatch(/^http:\/\/app\.test\/api\/public\/receipts\/[A-Za-z0-9_-]{43}$/);
      expect(RECEIPT_LINK_DAYS).toBe(30);
      expect(link.expires_at).toBe(new Date(MARCH_10.getTime() + 30 * DAY).toISOString());
      expect(link.whatsapp_url.startsWith('https://wa.me/?text=')).toBe(true);
      const text = decodeURIComponent(link.whatsapp_url.split('?text=')[1]!).replace(
        /\u00a0/g,
        ' ',
      );
      for (const part of [
        'Club de Pagos',
        'N.º 3',
        '$ 40.000',
        'Mensualidad',
        'marzo de 2026',
        link.url,
      ]) {
        expect(text).toContain(part);
      }
      expect(text).toContain('09/04/2026');
    });

    it("opens the chat of the player's phone, with 57 before a 10-digit number", async () => {
      await ctx.db.update(users).set({ phone: '300 123 4567' }).where(eq(users.id, f.beto.id));
      const link = await created(pay(1));
      expect(link.whatsapp_url.startsWith('https://wa.me/573001234567?text=')).toBe(true);
    });

    it('stores only the sha256 of the token, never the token', async () => {
      const link = await created(pay(1));
      const token = tokenOf(link.url);
      const [row] = await ctx.db.select().from(receiptLinks).where(eq(receiptLinks.id, link.id));
      expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(row).toMatchObject({ clubId: f.clubId, createdBy: f.owner.id, revokedAt: null });
    });

    it('serves the receipt inline without a session, until it expires (fake clock)', async () => {
      const link = await created(pay(1));
      const response = await open(link.url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('inline; filename="recibo-3.pdf"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(pdfText(response.rawPayload)).toContain('Recibo de caja N.º 3');

      ctx.clock.set(new Date(MARCH_10.getTime() + 30 * DAY - 1000));
      expect((await open(link.url)).statusCode).toBe(200);
      ctx.clock.set(new Date(MARCH_10.getTime() + 30 * DAY));
      expectGone(await open(link.url));
    });

    it('lists the links without tokens and revokes one (idempotent): its url then answers 404', async () => {
      const link = await created(pay(1));
      const list = await ctx.request({ method: 'GET', url: links(pay(1)), token: f.owner.token });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(tokenOf(link.url));
      const rows = receiptLinkListResponseSchema.parse(list.json()).data;
      const recordId = (await stored(ctx, f.clubId, pay(1))).records[0]!.id;
      expect(rows).toEqual([
        {
          id: link.id,
          record_id: recordId,
          receipt_number: 3,
          expires_at: link.expires_at,
          revoked_at: null,
          created_at: MARCH_10.toISOString(),
        },
      ]);

      const revoke = () =>
        ctx.request({ method: 'DELETE', url: `${links(pay(1))}/${link.id}`, token: f.owner.token });
      ctx.clock.advance(60_000);
      expect((await revoke()).statusCode).toBe(204);
      expectGone(await open(link.url));
      ctx.clock.advance(60_000);
      expect((await revoke()).statusCode).toBe(204);
      const [row] = await ctx.db.select().from(receiptLinks).where(eq(receiptLinks.id, link.id));
      expect(row).toMatchObject({
        revokedAt: new Date(MARCH_10.getTime() + 60_000),
        revokedBy: f.owner.id,
      });

      const other = await ctx.request({
        method: 'DELETE',
        url: `${links(pay(3))}/${link.id}`,
        token: f.owner.token,
      });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: receiptMessages.linkNotFound });
    });

    it('refuses a link to a payment without approved records (404) or to a record in review (409)', async () => {
      const none = await create(pay(0));
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: receiptMessages.noApprovedRecord });
      const inReview = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
      const refused = await create(pay(2), { record_id: inReview });
      expect(refused.statusCode).toBe(409);
      const unknownField = await create(pay(1), { token: 'x' });
      expect(unknownField.statusCode).toBe(400);
      expect(
        await ctx.db.select().from(receiptLinks).where(eq(receiptLinks.clubId, f.clubId)),
      ).toEqual([]);
    });

    it('refuses a Jugador who asks for a link to their own receipt (403)', async () => {
      const response = await create(pay(3), {}, f.juan.token);
      expect(response.statusCode).toBe(403);
      const list = await ctx.request({ method: 'GET', url: links(pay(3)), token: f.juan.token });
      expect(list.statusCode).toBe(403);
    });

    it('answers 404 to an unknown or malformed token and keeps the token out of logged URLs', async () => {
      const token = randomBytes(32).toString('base64url');
      expectGone(await open(`http://app.test/api/public/receipts/${token}`));
      expectGone(await open('http://app.test/api/public/receipts/abc'));
      expect(safeUrl(`/api/public/receipts/${token}`)).not.toContain(token.slice(0, 12));
    });

    it('limits the public receipts per IP (429 in Spanish)', async () => {
      const token = randomBytes(32).toString('base64url');
      const url = `http://app.test/api/public/receipts/${token}`;
      const address = '198.51.100.7';
      for (let i = 0; i < RATE_LIMITS.publicReceipt.max; i += 1)
        expectGone(await open(url, address));
      const refused = await open(url, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: rateLimitMessage });
      expectGone(await open(url, '198.51.100.8'));
    });
  },
);
