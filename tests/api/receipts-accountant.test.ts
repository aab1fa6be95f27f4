import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { paymentRecords } from '../../server/db/schema/payments';
import { users } from '../../server/db/schema/users';
import { receiptData } from '../../server/features/payments/receipt-data';
import { addMembership } from './support/clubs';
import { addChild } from './support/guardian-invitations';
import { linkGuardian } from './support/guardian-links';
import { answered, clubMethods, post, stored } from './support/payment-actions';
import { MARCH_10, addCharge, addPayment, base, moneyClub } from './support/payments';
import { pdfFonts, pdfText } from './support/pdf-text';
import { describeEachDatabase, registerUser } from './support/test-app';

/*
 * Issue #34 item 5: a receipt for any name, one a club can hand to an accountant. The PDF
 * embeds fonts that write Polish, Czech, Vietnamese and Chinese letters, wraps long text
 * inside the margins, and names the club's NIT, who paid (a minor's authorised guardian)
 * and the amount received in words. The PDF is read back with poppler's pdftotext and
 * pdffonts, as a viewer would.
 */

/** Every word of `pdf` with its box, as `pdftotext -bbox` places it (points). */
function wordBoxes(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-words-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    const page = /<page width="([\d.]+)"/.exec(html);
    const words = [
      ...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">/g),
    ].map((m) => ({ xMin: Number(m[1]), xMax: Number(m[2]) }));
    return { pageWidth: Number(page?.[1]), words };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FULL_NAME = 'Łukasz Nguyễn Gómez Čapek 李';

describeEachDatabase('Receipts an accountant can read, for any name', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const receipt = (paymentId: number) =>
    ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments/${paymentId}/receipt.pdf`,
      token: f.owner.token,
    });
  const setClub = async (body: Record<string, unknown>) => {
    const response = await ctx.request({
      method: 'PATCH',
      url: `/api/pla_club_teams/${f.clubId}`,
      token: f.owner.token,
      body,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it("writes a minor's full name in any script, the club's NIT, the guardian who paid and the amount in words, with embedded fonts", async () => {
    await setClub({ nit: '900.123.456-7', address: 'Calle 10 # 5-20' });
    const child = await addChild(ctx, f.owner.token, f.clubId, {
      name: 'Łukasz Nguyễn',
      lastname: 'Gómez Čapek 李',
    });
    // Two authorised guardians: the primary one is the payer of a payment staff record.
    const other = await registerUser(ctx, { name: 'Tomás', lastname: 'Otro' });
    const primary = await registerUser(ctx, { name: 'Zofia', lastname: 'Čapek Wiśniewska' });
    for (const [guardian, isPrimary] of [
      [other, false],
      [primary, true],
    ] as const) {
      await addMembership(ctx, guardian.id, f.clubId, 'Padre/Acudiente');
      await linkGuardian(ctx.db, {
        clubId: f.clubId,
        playerId: child,
        guardianId: guardian.id,
        isPrimary,
      });
    }
    const charge = await addCharge(ctx, f.clubId, 'Mensualidad Sub-12', 121_350);
    const payment = await addPayment(ctx, f.clubId, {
      userId: child,
      chargeId: charge,
      period: '2026-03',
      due: '2026-03-05',
      base: 121_350,
      status: 'pending',
    });
    answered(
      await post(ctx, f.owner.token, f.clubId, payment.id, 'records', {
        amount: 121_350,
        payment_method_id: methods.cash,
        paid_on: '2026-03-09',
      }),
      201,
    );

    const response = await receipt(payment.id);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(FULL_NAME);
    expect(text).toContain('NIT 900.123.456-7');
    expect(text).toContain('Calle 10 # 5-20');
    expect(text).toContain('Pagado por Zofia Čapek Wiśniewska');
    expect(text).not.toContain('Tomás Otro');
    expect(text).toContain('Ciento veintiún mil trescientos cincuenta pesos m/cte');
    expect(text).toContain('$ 121.350');

    const fonts = pdfFonts(response.rawPayload);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts)
      expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
    const names = fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toContain('NotoSans-Regular');
    expect(names).toContain('NotoSansSC-Regular');
    expect(names.some((name) => name.startsWith('Helvetica'))).toBe(false);

    // A guardian who sent the payment themselves is its payer, primary or not.
    const [record] = (await stored(ctx, f.clubId, payment.id)).records;
    await ctx.db
      .update(paymentRecords)
      .set({ recordedBy: other.id })
      .where(eq(paymentRecords.id, record!.id));
    expect((await receiptData(ctx.db, record!.id)).payer).toEqual({
      name: 'Tomás Otro',
      document: null,
    });
  });

  it('names the adult player as the payer and leaves the NIT out when the club has none', async () => {
    const record = (await stored(ctx, f.clubId, f.list[1]!.id)).records.find(
      (r) => r.status === 'approved',
    )!;
    const data = await receiptData(ctx.db, record.id);
    expect(data.club.nit).toBeNull();
    expect(data.payer).toEqual({ name: 'Beto Álvarez', document: `CC ${f.beto.document}` });
    expect(data.receivedInWords).toBe('Cuarenta mil pesos m/cte');

    const text = pdfText((await receipt(f.list[1]!.id)).rawPayload);
    expect(text).toContain(`Pagado por Beto Álvarez (CC ${f.beto.document})`);
    expect(text).toContain('Cuarenta mil pesos m/cte');
    expect(text).not.toContain('NIT');
    // Only the fonts a receipt needs: no Chinese font without a Chinese character.
    const names = pdfFonts((await receipt(f.list[1]!.id)).rawPayload).map((font) => font.name);
    expect(names.some((name) => name.includes('NotoSansSC'))).toBe(false);
  });

  it('wraps long names inside the margins: no word passes the right edge', async () => {
    const long = `${FULL_NAME} Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegtundsorgfaltigkeitbeschutzen 李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李李`;
    await ctx.db.update(users).set({ lastname: long }).where(eq(users.id, f.beto.id));
    await setClub({ name: `${FULL_NAME} Club Deportivo de las Tres Provincias Unidas` });

    const pdf = (await receipt(f.list[1]!.id)).rawPayload;
    const { pageWidth, words } = wordBoxes(pdf);
    expect(pageWidth).toBeGreaterThan(0);
    expect(words.length).toBeGreaterThan(20);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(36 - 0.5);
      expect(word.xMax).toBeLessThanOrEqual(pageWidth - 36 + 0.5);
    }
    // Cut between its letters, the long word is all there.
    expect(pdfText(pdf).replace(/ /g, '')).toContain(long.replace(/ /g, ''));
  });
});
