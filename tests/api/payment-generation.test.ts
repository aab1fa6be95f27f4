import { and, asc, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { expectPaymentCountsAgree } from './support/payment-counts';
import { expectPaymentDebtorsAgree } from './support/payment-debtors';
import { discountedAmount } from '../../contract/discounts.schema';
import {
  type PaymentGenerationResult,
  paymentGenerationMessages,
  paymentGenerationPreviewSchema,
  paymentGenerationResultSchema,
} from '../../contract/payment-generation.schema';
import { buildApp } from '../../server/app';
import { openDb } from '../../server/db/client';
import { clubs } from '../../server/db/schema/clubs';
import { paymentEvents, payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { memberOf } from './support/clubs';
import {
  addCategory,
  addCharge,
  addDiscount,
  addPlayer,
  joinedOn,
  ownedClub,
} from './support/payment-generation';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const NOW = new Date('2026-03-10T15:00:00Z');
const url = (clubId: number, preview = false) =>
  `/api/pla_club_teams/${clubId}/payments/generation${preview ? '/preview' : ''}`;
const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

/** The scenario of most tests: what each player owes in March 2026 is spelled out below. */
async function billingClub(ctx: TestContext, name: string) {
  const { owner, clubId } = await ownedClub(ctx, name);
  const sub10 = await addCategory(ctx, clubId, 'Sub-10');
  const sub12 = await addCategory(ctx, clubId, 'Sub-12');
  const add = (player: string, category: number) =>
    addPlayer(ctx, owner.token, clubId, player, category);
  const ana = await add('Ana', sub10);
  const beto = await add('Beto', sub10);
  const caro = await add('Caro', sub12);
  const dani = await add('Dani', sub12);
  const eva = await add('Eva', sub10);
  const fede = await add('Fede', sub10);
  const gabi = await add('Gabi', sub12);
  await joinedOn(ctx, clubId, [ana, beto, caro, dani, eva, fede], new Date('2025-06-01T12:00Z'));
  await joinedOn(ctx, clubId, [gabi], new Date('2026-02-01T12:00Z'));
  await ctx.db.update(players).set({ status: 'inactive' }).where(eq(players.userId, eva));
  const left = await ctx.request({
    method: 'DELETE',
    url: `/api/pla_club_teams/${clubId}/players/${fede}`,
    token: owner.token,
  });
  expect(left.statusCode, left.body).toBe(204);

  const hermanos = await addDiscount(ctx, clubId, 'Plan Hermanos', 'percentage', 15, [ana, fede]);
  const beca = await addDiscount(ctx, clubId, 'Beca', 'percentage', 100, [beto]);
  const fijo = await addDiscount(ctx, clubId, 'Convenio', 'fixed', 200_000, [caro]);
  const off = await addDiscount(ctx, clubId, 'Viejo', 'percentage', 50, [gabi]);
  await ctx.db.execute(`update discounts set status = 'inactive' where id = ${off}`);

  const charge = {
    mensualidad: await addCharge(ctx, clubId, {
      name: 'Mensualidad',
      amount: 120_000,
      frequency: 'monthly',
      dueDay: 31,
      validFrom: '2026-01-15',
      excludedIds: [dani],
      discountIds: [hermanos, beca, fijo, off],
    }),
    sub12: await addCharge(ctx, clubId, {
      name: 'Mensualidad Sub-12',
      amount: 90_000,
      frequency: 'monthly',
      dueDay: 5,
      validFrom: '2026-01-01',
      scope: 'categories',
      categoryIds: [sub12],
    }),
    torneo: await addCharge(ctx, clubId, {
      name: 'Torneo',
      amount: 50_000,
      frequency: 'one_time',
      dueDate: '2026-03-20',
      validFrom: '2026-03-01',
      scope: 'players',
      playerIds: [ana, caro, eva],
    }),
    viejos: await addCharge(ctx, clubId, {
      name: 'Seguro',
      amount: 10_000,
      frequency: 'monthly',
      dueDay: 10,
      validFrom: '2026-01-01',
      appliesToNewPlayers: false,
      createdAt: new Date('2026-01-01T12:00Z'),
    }),
    trimestral: await addCharge(ctx, clubId, {
      name: 'Trimestre',
      amount: 30_000,
      frequency: 'quarterly',
      dueDay: 15,
      validFrom: '2026-02-01',
    }),
    apagado: await addCharge(ctx, clubId, {
      name: 'Apagado',
      amount: 1_000,
      frequency: 'monthly',
      dueDay: 1,
      validFrom: '2026-01-01',
      status: 'inactive',
    }),
  };
  const people = { ana, beto, caro, dani, eva, fede, gabi };
  // Each payment keeps the category its player was in when billed (migration 0021).
  const billedIn = { [ana]: sub10, [beto]: sub10, [caro]: sub12, [dani]: sub12, [gabi]: sub12 };
  return { owner, clubId, charge, people, billedIn, discount: { hermanos, beca, fijo } };
}

const generate = (ctx: TestContext, token: string, clubId: number, period: string) =>
  ctx.request({ method: 'POST', url: url(clubId), token, body: { period } });

async function generated(ctx: TestContext, token: string, clubId: number, period: string) {
  const response = await generate(ctx, token, clubId, period);
  expect(response.statusCode, response.body).toBe(200);
  return paymentGenerationResultSchema.parse(response.json());
}

const createdBy = (result: PaymentGenerationResult) =>
  Object.fromEntries(result.charges.map((row) => [row.charge.name, row.created]));

const paymentsOf = (ctx: TestContext, clubId: number, period: string) =>
  ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.clubId, clubId), eq(payments.period, period)))
    .orderBy(asc(payments.chargeId), asc(payments.userId));

async function countPayments(ctx: TestContext, clubId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.clubId, clubId));
  return row!.n;
}

describeEachDatabase('Payment generation (/api/pla_club_teams/:id/payments/generation)', (ctx) => {
  it('previews without writing, then creates each payment with its exact amounts', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId, charge, people, billedIn, discount } = await billingClub(
      ctx,
      'Club Marzo',
    );
    const { ana, beto, caro, dani, gabi } = people;

    const preview = await ctx.request({
      method: 'POST',
      url: url(clubId, true),
      token: owner.token,
      body: { period: '2026-03' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(paymentGenerationPreviewSchema.parse(preview.json())).toEqual({
      period: '2026-03',
      non_billing_month: false,
      charges: [
        {
          charge: { id: charge.mensualidad, name: 'Mensualidad' },
          to_create: 4,
          existing: 0,
          skipped_excluded: 1,
          // By name, with what the payments to create get off.
          discounts: [
            { id: discount.beca, name: 'Beca', payments: 1, amount: 120_000 },
            { id: discount.fijo, name: 'Convenio', payments: 1, amount: 120_000 },
            { id: discount.hermanos, name: 'Plan Hermanos', payments: 1, amount: 18_000 },
          ],
        },
        {
          charge: { id: charge.sub12, name: 'Mensualidad Sub-12' },
          to_create: 3,
          existing: 0,
          skipped_excluded: 0,
          discounts: [],
        },
        {
          charge: { id: charge.torneo, name: 'Torneo' },
          to_create: 2,
          existing: 0,
          skipped_excluded: 0,
          discounts: [],
        },
        {
          charge: { id: charge.viejos, name: 'Seguro' },
          to_create: 4,
          existing: 0,
          skipped_excluded: 0,
          discounts: [],
        },
      ],
      to_create_total: 13,
    });
    expect(await countPayments(ctx, clubId)).toBe(0);

    const result = await generated(ctx, owner.token, clubId, '2026-03');
    expect(result.created_total).toBe(13);
    expect(createdBy(result)).toEqual({
      Mensualidad: 4,
      'Mensualidad Sub-12': 3,
      Torneo: 2,
      Seguro: 4,
    });

    const rows = await paymentsOf(ctx, clubId, '2026-03-01');
    const march = { period: '2026-03-01', coversFrom: '2026-03-01', coversTo: '2026-03-31' };
    const plain = (chargeId: number, userId: number, base: number, dueDate: string) => ({
      chargeId,
      userId,
      categoryId: billedIn[userId],
      ...march,
      dueDate,
      baseAmount: base,
      discountAmount: 0,
      amountDue: base,
      discountsApplied: [],
    });
    const monthly = (userId: number, off: number, applied: object[]) => ({
      chargeId: charge.mensualidad,
      userId,
      categoryId: billedIn[userId],
      ...march,
      dueDate: '2026-03-31',
      baseAmount: 120_000,
      discountAmount: off,
      amountDue: 120_000 - off,
      discountsApplied: applied,
    });
    expect(
      rows.map(
        ({
          id: _id,
          clubId: _club,
          createdAt,
          updatedAt: _updated,
          amountPaid,
          status,
          statusReason,
          statusChangedAt: _changed,
          statusChangedBy,
          ...row
        }) => {
          // Nothing to pay (a 100 % discount, or a fixed one over the base): exempt, never owed.
          const owes = row.amountDue > 0;
          expect([amountPaid, status, statusReason, statusChangedBy]).toEqual([
            0,
            owes ? 'pending' : 'exempt',
            owes ? null : 'Sin valor a pagar: los descuentos cubren el total',
            null,
          ]);
          expect(createdAt.toISOString()).toBe(NOW.toISOString());
          return row;
        },
      ),
    ).toEqual([
      monthly(ana, 18_000, [
        {
          id: discount.hermanos,
          name: 'Plan Hermanos',
          kind: 'percentage',
          value: 15,
          amount: 18_000,
        },
      ]),
      // A 100 % discount and a fixed one bigger than the base: payments of 0 (exempt), not none.
      monthly(beto, 120_000, [
        { id: discount.beca, name: 'Beca', kind: 'percentage', value: 100, amount: 120_000 },
      ]),
      monthly(caro, 120_000, [
        { id: discount.fijo, name: 'Convenio', kind: 'fixed', value: 200_000, amount: 120_000 },
      ]),
      // Gabi's discount is inactive; Dani is excluded; Eva is inactive; Fede left the club.
      monthly(gabi, 0, []),
      // Caro's discount is not linked to this charge.
      plain(charge.sub12, caro, 90_000, '2026-03-05'),
      plain(charge.sub12, dani, 90_000, '2026-03-05'),
      plain(charge.sub12, gabi, 90_000, '2026-03-05'),
      plain(charge.torneo, ana, 50_000, '2026-03-20'),
      plain(charge.torneo, caro, 50_000, '2026-03-20'),
      // Gabi joined after this charge was made and it does not apply to new players.
      ...[ana, beto, caro, dani].map((id) => plain(charge.viejos, id, 10_000, '2026-03-10')),
    ]);

    const events = await ctx.db
      .select({
        paymentId: paymentEvents.paymentId,
        action: paymentEvents.action,
        actorId: paymentEvents.actorId,
        amount: paymentEvents.amount,
      })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.clubId, clubId))
      .orderBy(asc(paymentEvents.paymentId));
    expect(events).toEqual(
      [...rows]
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          paymentId: row.id,
          action: 'generated',
          actorId: owner.id,
          amount: row.amountDue,
        })),
    );
  });

  it('creates nothing twice: a second run, a later month and the one-off charge', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId, charge } = await billingClub(ctx, 'Club Abril');
    expect((await generated(ctx, owner.token, clubId, '2026-03')).created_total).toBe(13);
    const again = await generated(ctx, owner.token, clubId, '2026-03');
    expect(again.created_total).toBe(0);
    expect(again.charges.every((row) => row.created === 0)).toBe(true);
    expect(await countPayments(ctx, clubId)).toBe(13);

    const preview = await ctx.request({
      method: 'POST',
      url: url(clubId, true),
      token: owner.token,
      body: { period: '2026-04' },
    });
    const torneo = preview
      .json()
      .charges.find((row: { charge: { id: number } }) => row.charge.id === charge.torneo);
    expect(torneo).toMatchObject({ to_create: 0, existing: 2 });
    const april = await generated(ctx, owner.token, clubId, '2026-04');
    expect(createdBy(april)).toEqual({
      Mensualidad: 4,
      'Mensualidad Sub-12': 3,
      Torneo: 0,
      Seguro: 4,
    });
    const torneoRows = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.chargeId, charge.torneo));
    expect(torneoRows.map((row) => row.period)).toEqual(['2026-03-01', '2026-03-01']);
    expect(await countPayments(ctx, clubId)).toBe(24);
  });

  it('bills nothing in a month without billing, and a quarter in its months only', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId } = await billingClub(ctx, 'Club Vacaciones');
    await ctx.db
      .update(clubs)
      .set({ nonBillingMonths: [6, 12] })
      .where(eq(clubs.id, clubId));
    const preview = await ctx.request({
      method: 'POST',
      url: url(clubId, true),
      token: owner.token,
      body: { period: '2026-06' },
    });
    expect(preview.json()).toEqual({
      period: '2026-06',
      non_billing_month: true,
      charges: [],
      to_create_total: 0,
    });
    const june = await generated(ctx, owner.token, clubId, '2026-06');
    expect(june).toEqual({
      period: '2026-06',
      non_billing_month: true,
      created_total: 0,
      charges: [],
    });
    expect(await countPayments(ctx, clubId)).toBe(0);

    const may = await generated(ctx, owner.token, clubId, '2026-05');
    // The one-off catches up; the quarter (from February) bills May: the 5 current players.
    expect(createdBy(may)).toEqual({
      Mensualidad: 4,
      'Mensualidad Sub-12': 3,
      Torneo: 2,
      Seguro: 4,
      Trimestre: 5,
    });
    const quarter = (await paymentsOf(ctx, clubId, '2026-05-01')).find(
      (row) => row.baseAmount === 30_000,
    );
    expect(quarter).toMatchObject({
      coversFrom: '2026-05-01',
      coversTo: '2026-07-31',
      dueDate: '2026-05-15',
    });
  });

  it('computes the same amounts in SQL as discountedAmount', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId } = await ownedClub(ctx, 'Club Descuentos');
    const base = 99_999;
    const combos: { kind: 'percentage' | 'fixed'; value: number }[][] = [
      [],
      [{ kind: 'percentage', value: 15 }],
      [
        { kind: 'percentage', value: 10 },
        { kind: 'fixed', value: 5_000 },
      ],
      [
        { kind: 'percentage', value: 33 },
        { kind: 'percentage', value: 33 },
        { kind: 'percentage', value: 33 },
      ],
      [
        { kind: 'fixed', value: 90_000 },
        { kind: 'percentage', value: 15 },
      ],
      [
        { kind: 'percentage', value: 100 },
        { kind: 'fixed', value: 1 },
      ],
    ];
    const discountIds: number[] = [];
    const expected = new Map<number, ReturnType<typeof discountedAmount>>();
    for (const [i, combo] of combos.entries()) {
      const userId = await addPlayer(ctx, owner.token, clubId, `Jugador ${i}`);
      expected.set(userId, discountedAmount(base, combo));
      for (const [j, terms] of combo.entries()) {
        discountIds.push(
          await addDiscount(ctx, clubId, `D${i}-${j}`, terms.kind, terms.value, [userId]),
        );
      }
    }
    await addCharge(ctx, clubId, {
      name: 'Cuota',
      amount: base,
      frequency: 'monthly',
      dueDay: 5,
      validFrom: '2026-03-01',
      discountIds,
    });
    await generated(ctx, owner.token, clubId, '2026-03');
    const rows = await paymentsOf(ctx, clubId, '2026-03-01');
    expect(rows).toHaveLength(combos.length);
    for (const row of rows) {
      const rule = expected.get(row.userId)!;
      expect([row.discountAmount, row.amountDue]).toEqual([rule.discount, rule.due]);
      expect(row.discountsApplied.reduce((sum, d) => sum + d.amount, 0)).toBe(rule.discount);
    }
  });

  it('creates each payment once when the same request comes twice at once', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId } = await billingClub(ctx, 'Club Carrera');
    const answers = await Promise.all(
      [0, 1].map(() => generated(ctx, owner.token, clubId, '2026-05')),
    );
    expect(answers[0]!.created_total + answers[1]!.created_total).toBe(18);
    expect(await countPayments(ctx, clubId)).toBe(18);
    const [events] = await ctx.db
      .select({ n: count() })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(eq(payments.clubId, clubId));
    expect(events!.n).toBe(18);
  });

  // PGlite is one process's database: two servers share only PostgreSQL, so this test
  // exists on the PostgreSQL run only (not skipped on PGlite: never defined there).
  const onPostgres = ctx.driver === 'postgres' ? it : undefined;
  onPostgres?.(
    'creates each payment once when two app instances generate the same period at once',
    async () => {
      ctx.clock.set(NOW);
      const { owner, clubId } = await billingClub(ctx, 'Club Dos Servidores');
      const pool = (ctx.db as unknown as { $client: { options: { connectionString: string } } })
        .$client;
      const second = await openDb({ url: pool.options.connectionString });
      const other = buildApp({
        db: second,
        config: ctx.config,
        clock: ctx.clock,
        mailer: ctx.mailer,
        storage: ctx.storage,
      });
      try {
        await other.ready();
        const inject = (app: typeof other) =>
          app.inject({
            method: 'POST',
            url: url(clubId),
            headers: { authorization: `Bearer ${owner.token}` },
            payload: { period: '2026-07' },
          });
        const answers = await Promise.all([
          inject(ctx.app),
          inject(other),
          inject(ctx.app),
          inject(other),
        ]);
        const totals = answers.map((answer) => {
          expect(answer.statusCode, answer.body).toBe(200);
          return paymentGenerationResultSchema.parse(answer.json()).created_total;
        });
        // July: 11 monthly payments, and the one-off of March catching up (2).
        expect(totals.reduce((a, b) => a + b, 0)).toBe(13);
        expect(await countPayments(ctx, clubId)).toBe(13);
        await expectPaymentCountsAgree(ctx, clubId);
        await expectPaymentDebtorsAgree(ctx, clubId);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it('refuses a role without payments.update (403: a trainer, a guardian), another club (404) and a bad period (400)', async () => {
    ctx.clock.set(NOW);
    const { clubId } = await billingClub(ctx, 'Club Permisos');
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    // A guardian holds payments.create (to send proofs) but may not bill the club.
    const guardian = await memberOf(ctx, clubId, 'Padre/Acudiente');
    const accountant = await memberOf(ctx, clubId, 'Contador');
    const stranger = await registerUser(ctx);
    for (const preview of [true, false]) {
      const ask = (token: string, period: unknown = '2026-03') =>
        ctx.request({
          method: 'POST',
          url: url(clubId, preview),
          token,
          body: { period },
        });
      expect((await ask(trainer.token)).statusCode).toBe(403);
      expect((await ask(guardian.token)).statusCode).toBe(403);
      expect((await ask(stranger.token)).statusCode).toBe(404);
      for (const period of ['2026-13', '2026-3', '26-03', '', 202603, null, '2027-05']) {
        const response = await ask(accountant.token, period);
        expect(response.statusCode, `${String(period)}: ${response.body}`).toBe(400);
        expect(fieldsOf(response.json())).toEqual(['period']);
        expect(response.json().errors[0].message).toBe(
          period === '2027-05'
            ? paymentGenerationMessages.tooFarAhead
            : paymentGenerationMessages.badPeriod,
        );
      }
      const missing = await ctx.request({
        method: 'POST',
        url: url(clubId, preview),
        token: accountant.token,
        body: {},
      });
      expect(fieldsOf(missing.json())).toEqual(['period']);
      // Nothing refused wrote anything; twelve months ahead of March 2026 is the furthest.
      expect(await countPayments(ctx, clubId)).toBe(0);
      expect((await ask(accountant.token, '2027-03')).statusCode).toBe(200);
    }
    expect(await countPayments(ctx, clubId)).toBe(13);
  });
});
