import sharp from 'sharp';
import { beforeEach, expect, it } from 'vitest';
import { PROOF_MAX_BYTES, proofMessages } from '../../contract/payment-proofs.schema';
import { memberOf } from './support/clubs';
import { answered, clubMethods, fieldsOf, post, stored } from './support/payment-actions';
import { elf, form, getProof, pdf, postForm } from './support/payment-proofs';
import { MARCH_10, base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';
import { brokenMultiparts, png } from './support/uploads';

describeEachDatabase('Payment proofs (POST …/payments/:paymentId/proofs)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const fields = (amount: number) => ({
    amount,
    payment_method_id: methods.cash,
    paid_on: '2026-03-09',
    reference: 'Nequi 123',
  });
  const image = async () => ({
    filename: 'comprobante.png',
    contentType: 'image/png',
    bytes: await png(2400, 1200),
  });
  const send = async (token: string, i: number, amount: number) =>
    postForm(ctx, token, f.clubId, pay(i), fields(amount), await image());

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    ctx.storage.files.clear();
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('takes a PNG from the player: a record in review, the payment in review, a proof_sent event', async () => {
    // Juan's uniform: 80.000 pending.
    const done = answered(await send(f.juan.token, 7, 80_000), 201);
    expect(done.payment).toMatchObject({ id: pay(7), status: 'in_review', amount_paid: 0 });
    expect(done.record).toMatchObject({
      amount: 80_000,
      status: 'in_review',
      receipt_number: null,
      reference: 'Nequi 123',
      recorded_by: f.juan.id,
    });
    const s = await stored(ctx, f.clubId, pay(7));
    expect(s.payment).toMatchObject({ status: 'in_review', amountPaid: 0, statusReason: null });
    const key = s.records[0]!.proofPath!;
    expect(key).toMatch(new RegExp(`^proofs/${f.clubId}-[A-Za-z0-9_-]{22}\\.webp$`));
    expect(s.events.map((e) => [e.action, e.actorId, e.recordId, e.amount])).toEqual([
      ['proof_sent', f.juan.id, s.records[0]!.id, 80_000],
    ]);
    // Re-encoded as a WebP of at most 2000 px a side.
    const file = ctx.storage.files.get(key)!;
    expect(file.contentType).toBe('image/webp');
    const meta = await sharp(file.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2000, 1000]);
    expect(s.counter).toBe(3);
  });

  it('lets staff and the owning player read the proof, and no other player', async () => {
    const recordId = answered(await send(f.juan.token, 7, 80_000), 201).record!.id;
    for (const token of [f.owner.token, f.juan.token]) {
      const response = await getProof(ctx, token, f.clubId, pay(7), recordId);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-disposition': 'inline',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
    const other = await memberOf(ctx, f.clubId, 'Jugador');
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    for (const token of [other.token, guardian.token]) {
      expect((await getProof(ctx, token, f.clubId, pay(7), recordId)).statusCode).toBe(404);
    }
    // A record without a proof (the fixture's, in review) answers 404 too.
    const bare = (await stored(ctx, f.clubId, pay(2))).records[0]!.id;
    expect((await getProof(ctx, f.owner.token, f.clubId, pay(2), bare)).statusCode).toBe(404);
  });

  it('stores a PDF as it is, sent by staff', async () => {
    const bytes = pdf();
    const response = await postForm(ctx, f.owner.token, f.clubId, pay(0), fields(50_000), {
      filename: 'recibo.pdf',
      contentType: 'application/octet-stream',
      bytes,
    });
    const done = answered(response, 201);
    expect(done.payment.status).toBe('in_review');
    const key = (await stored(ctx, f.clubId, pay(0))).records[0]!.proofPath!;
    expect(key.endsWith('.pdf')).toBe(true);
    expect(ctx.storage.files.get(key)!.bytes.equals(bytes)).toBe(true);
    const read = await getProof(ctx, f.owner.token, f.clubId, pay(0), done.record!.id);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses files that are not an image or a PDF, too large or missing, and changes nothing', async () => {
    const cases: [Buffer | undefined, string][] = [
      [elf(), proofMessages.wrongType],
      [Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 1)]), proofMessages.wrongType],
      // A PDF cut short (no %%EOF) and a PNG header on garbage.
      [Buffer.from('%PDF-1.4\n1 0 obj\n'), proofMessages.wrongType],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), elf()]),
        proofMessages.unreadable,
      ],
      [Buffer.alloc(PROOF_MAX_BYTES + 1, 0xff), proofMessages.tooLarge],
      [undefined, proofMessages.missing],
    ];
    for (const [bytes, message] of cases) {
      const file = bytes && { filename: 'proof.jpg', contentType: 'image/jpeg', bytes };
      const response = await postForm(ctx, f.juan.token, f.clubId, pay(7), fields(80_000), file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ path: 'proof', message }] });
    }
    const json = await post(ctx, f.juan.token, f.clubId, pay(7), 'proofs', fields(80_000));
    expect([json.statusCode, fieldsOf(json)]).toEqual([400, ['proof']]);
    const s = await stored(ctx, f.clubId, pay(7));
    expect([s.payment.status, s.records, s.events]).toEqual(['pending', [], []]);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('refuses a multipart body cut short or without its boundary: 400 on proof, never a 500', async () => {
    for (const path of ['proofs', 'records']) {
      const body = form(fields(80_000), await image());
      for (const broken of brokenMultiparts(body)) {
        const response = await ctx.request({
          method: 'POST',
          url: `${base(f.clubId)}/payments/${pay(7)}/${path}`,
          token: f.owner.token,
          ...broken,
        });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          errors: [{ path: 'proof', message: proofMessages.unreadable }],
        });
      }
    }
    const s = await stored(ctx, f.clubId, pay(7));
    expect([s.payment.status, s.records, s.events]).toEqual(['pending', [], []]);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('refuses bad fields (400), an amount over the balance, a method not accepted or a future date (422), leaving no file', async () => {
    const bad = async (body: Record<string, string | number>, status: number, field: string) => {
      const response = await postForm(ctx, f.juan.token, f.clubId, pay(7), body, await image());
      expect(response.statusCode, response.body).toBe(status);
      expect(fieldsOf(response)).toContain(field);
    };
    await bad({ ...fields(80_000), amount: '12.5' }, 400, 'amount');
    await bad({ ...fields(80_000), paid_on: '2026-02-30' }, 400, 'paid_on');
    await bad({ ...fields(80_000), colour: 'rojo' }, 400, 'colour');
    await bad(fields(80_001), 422, 'amount');
    await bad({ ...fields(80_000), payment_method_id: methods.nequi }, 422, 'payment_method_id');
    await bad({ ...fields(80_000), paid_on: '2026-03-11' }, 422, 'paid_on');
    const s = await stored(ctx, f.clubId, pay(7));
    expect([s.payment.status, s.records.length, s.events.length]).toEqual(['pending', 0, 0]);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('refuses a cancelled, exempt or paid payment (409), and another family’s payment (404)', async () => {
    for (const i of [5, 6, 3]) {
      const response = await send(f.owner.token, i, 1_000);
      expect(response.statusCode, response.body).toBe(409);
      expect(fieldsOf(response)).toEqual(['payment_id']);
    }
    // Ana's payment, as Juan; and any payment as a guardian with no children linked yet.
    expect((await send(f.juan.token, 0, 1_000)).statusCode).toBe(404);
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    expect((await send(guardian.token, 7, 1_000)).statusCode).toBe(404);
    expect(ctx.storage.files.size).toBe(0);
  });

  it('approves a proof with the next receipt number, and the payment is paid', async () => {
    const recordId = answered(await send(f.juan.token, 7, 80_000), 201).record!.id;
    const approved = answered(
      await post(ctx, f.owner.token, f.clubId, pay(7), `records/${recordId}/approve`),
    );
    expect(approved.record).toMatchObject({ status: 'approved', receipt_number: 4 });
    expect(approved.payment).toMatchObject({ status: 'paid', amount_paid: 80_000, balance: 0 });
    // The proof stays readable after approval.
    expect((await getProof(ctx, f.juan.token, f.clubId, pay(7), recordId)).statusCode).toBe(200);
    expect((await send(f.juan.token, 7, 1_000)).statusCode).toBe(409);
  });

  it('rejects a proof: rejected with the reason, sent again, back to partial for a partly paid payment', async () => {
    const reason = { reason: 'El valor no coincide con la transferencia' };
    const first = answered(await send(f.juan.token, 7, 80_000), 201).record!.id;
    const rejected = answered(
      await post(ctx, f.owner.token, f.clubId, pay(7), `records/${first}/reject`, reason),
    );
    expect(rejected.payment).toMatchObject({ status: 'rejected', status_reason: reason.reason });
    expect(rejected.record).toMatchObject({ rejection_reason: reason.reason });
    // A rejected payment takes a new proof, which clears the old reason.
    const again = answered(await send(f.juan.token, 7, 80_000), 201);
    expect(again.payment).toMatchObject({ status: 'in_review', status_reason: null });
    // Beto's partial payment (40.000 of 85.000 paid) goes back to partial.
    const partial = answered(await send(f.owner.token, 1, 20_000), 201).record!.id;
    const back = answered(
      await post(ctx, f.owner.token, f.clubId, pay(1), `records/${partial}/reject`, reason),
    );
    expect(back.payment).toMatchObject({ status: 'partial', amount_paid: 40_000 });
    expect(ctx.storage.files.size).toBe(2 + 1);
  });

  it('lets staff record money with a proof as multipart: approved, numbered and readable; a bad file changes nothing', async () => {
    const record = async (i: number, amount: number, file?: Parameters<typeof postForm>[5]) =>
      postForm(ctx, f.owner.token, f.clubId, pay(i), fields(amount), file, 'records');
    const done = answered(await record(0, 60_000, await image()), 201);
    expect(done.record).toMatchObject({ status: 'approved', receipt_number: 4, amount: 60_000 });
    expect(done.payment).toMatchObject({ status: 'partial', amount_paid: 60_000 });
    const read = await getProof(ctx, f.juan.token, f.clubId, pay(0), done.record!.id);
    expect(read.statusCode).toBe(404);
    const own = await getProof(ctx, f.owner.token, f.clubId, pay(0), done.record!.id);
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/webp']);
    // Without a file (or an empty file input) it is a record without a proof.
    const empty = { filename: '', contentType: 'application/octet-stream', bytes: Buffer.alloc(0) };
    answered(await record(0, 10_000, empty), 201);
    answered(await record(0, 10_000), 201);
    const before = await stored(ctx, f.clubId, pay(0));
    expect(before.records.map((r) => r.proofPath === null)).toEqual([false, true, true]);

    const exe = { filename: 'proof.jpg', contentType: 'image/jpeg', bytes: elf() };
    const refused = await record(7, 1_000, exe);
    expect([refused.statusCode, fieldsOf(refused)]).toEqual([400, ['proof']]);
    const over = await record(7, 80_001, await image());
    expect([over.statusCode, fieldsOf(over)]).toEqual([422, ['amount']]);
    expect((await stored(ctx, f.clubId, pay(7))).records).toEqual([]);
    expect(ctx.storage.files.size).toBe(1);
    expect((await stored(ctx, f.clubId, pay(0))).counter).toBe(6);
  });
});
