import { beforeEach, expect, it } from 'vitest';
import { paymentDetailResponseSchema } from '../../contract/payment-details.schema';
import { paymentEvents } from '../../server/db/schema/payments';
import { memberOf } from './support/clubs';
import { answered, clubMethods, post } from './support/payment-actions';
import { getProof, pdf, postForm } from './support/payment-proofs';
import { MARCH_10, base, moneyClub } from './support/payments';
import { describeEachDatabase } from './support/test-app';
import { png } from './support/uploads';

describeEachDatabase('Payment detail (GET …/payments/:paymentId)', (ctx) => {
  let f: Awaited<ReturnType<typeof moneyClub>>;
  let methods: Awaited<ReturnType<typeof clubMethods>>;
  const pay = (i: number) => f.list[i]!.id;
  const OWNER = 'María José Núñez Ríos';
  const detail = (token: string, paymentId: number) =>
    ctx.request({ method: 'GET', url: `${base(f.clubId)}/payments/${paymentId}`, token });
  const read = async (token: string, paymentId: number) => {
    const response = await detail(token, paymentId);
    expect(response.statusCode, response.body).toBe(200);
    return paymentDetailResponseSchema.parse(response.json()).data;
  };

  beforeEach(async () => {
    ctx.clock.set(MARCH_10);
    ctx.storage.files.clear();
    f = await moneyClub(ctx);
    methods = await clubMethods(ctx, f.clubId);
  });

  it('shows the payment as the list does, with its records and their names', async () => {
    const d = await read(f.owner.token, pay(1));
    const list = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments?player_id=${f.beto.id}&period=2026-03`,
      token: f.owner.token,
    });
    const listed = (list.json() as { data: { id: number }[] }).data.find((p) => p.id === pay(1));
    expect(d.payment).toEqual(listed);
    expect(d.records).toHaveLength(1);
    expect(d.records[0]).toMatchObject({
      amount: 40_000,
      status: 'approved',
      receipt_number: 3,
      recorded_by_name: OWNER,
      reviewed_by_name: OWNER,
      payment_method_name: null,
      proof_url: null,
      proof_content_type: null,
    });
    expect(d.events).toEqual([]);
  });

  it('tells the history of proofs sent, rejected and approved: records newest first, events oldest first', async () => {
    const fields = (amount: number) => ({
      amount,
      payment_method_id: methods.cash,
      paid_on: '2026-03-09',
    });
    // A generation event written by the server's job (no actor).
    await ctx.db
      .insert(paymentEvents)
      .values({ paymentId: pay(10), action: 'generated', at: new Date('2026-02-01T10:00:00Z') });
    const image = { filename: 'foto.png', contentType: 'image/png', bytes: await png(40, 30) };
    const sent = answered(
      await postForm(ctx, f.juan.token, f.clubId, pay(10), fields(60_000), image),
      201,
    );
    ctx.clock.advanceMinutes(30);
    await post(ctx, f.owner.token, f.clubId, pay(10), `records/${sent.record!.id}/reject`, {
      reason: 'Falta la mitad',
    });
    ctx.clock.advanceMinutes(30);
    const file = { filename: 'recibo.pdf', contentType: 'application/pdf', bytes: pdf() };
    const again = answered(
      await postForm(ctx, f.juan.token, f.clubId, pay(10), fields(100_000), file),
      201,
    );
    ctx.clock.advanceMinutes(30);
    await post(ctx, f.owner.token, f.clubId, pay(10), `records/${again.record!.id}/approve`);

    const d = await read(f.juan.token, pay(10));
    expect(d.payment).toMatchObject({ id: pay(10), status: 'paid', amount_paid: 100_000 });
    const url = (id: number) =>
      `/api/pla_club_teams/${f.clubId}/payments/${pay(10)}/records/${id}/proof`;
    expect(d.records.map((r) => [r.id, r.status, r.receipt_number, r.reviewed_by_name])).toEqual([
      [again.record!.id, 'approved', 4, OWNER],
      [sent.record!.id, 'rejected', null, OWNER],
    ]);
    expect(d.records[0]).toMatchObject({
      payment_method_name: 'Efectivo',
      recorded_by_name: 'Juan Pérez',
      proof_url: url(again.record!.id),
      proof_content_type: 'application/pdf',
    });
    expect(d.records[1]).toMatchObject({
      rejection_reason: 'Falta la mitad',
      proof_url: url(sent.record!.id),
      proof_content_type: 'image/webp',
    });
    expect(d.events.map((e) => [e.action, e.actor_name, e.record_id, e.amount, e.note])).toEqual([
      ['generated', null, null, null, null],
      ['proof_sent', 'Juan Pérez', sent.record!.id, 60_000, null],
      ['rejected', OWNER, sent.record!.id, 60_000, 'Falta la mitad'],
      ['proof_sent', 'Juan Pérez', again.record!.id, 100_000, null],
      ['approved', OWNER, again.record!.id, 100_000, null],
    ]);
    expect(d.events.at(-1)!.at).toBe('2026-03-10T16:30:00.000Z');
    // The proof_url is the route that serves the file.
    const proof = await ctx.request({
      method: 'GET',
      url: d.records[0]!.proof_url!,
      token: f.juan.token,
    });
    expect(proof.rawPayload.equals(pdf())).toBe(true);
    expect(
      (await getProof(ctx, f.owner.token, f.clubId, pay(10), sent.record!.id)).statusCode,
    ).toBe(200);
  });

  it('answers 404 for another family’s payment, one of another club or one that does not exist', async () => {
    expect((await read(f.juan.token, pay(7))).payment.id).toBe(pay(7));
    expect((await detail(f.juan.token, pay(0))).statusCode).toBe(404);
    const guardian = await memberOf(ctx, f.clubId, 'Padre/Acudiente');
    expect((await detail(guardian.token, pay(7))).statusCode).toBe(404);
    const other = await moneyClub(ctx);
    const foreign = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments/${other.list[0]!.id}`,
      token: f.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(f.owner.token, 2_000_000_000)).statusCode).toBe(404);
    // The summary keeps its own route.
    const summary = await ctx.request({
      method: 'GET',
      url: `${base(f.clubId)}/payments/summary`,
      token: f.owner.token,
    });
    expect(summary.statusCode).toBe(200);
  });
});
