import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { discountedAmount } from '../../contract/discounts.schema';
import {
  paymentGenerationPreviewSchema,
  paymentGenerationResultSchema,
} from '../../contract/payment-generation.schema';
import { paymentListResponseSchema } from '../../contract/payments.schema';
import { discounts } from '../../server/db/schema/money';
import { payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { linkGuardian } from './support/guardian-links';
import { addCharge, addDiscount, addPlayer, ownedClub } from './support/payment-generation';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const NOW = new Date('2026-03-10T15:00:00Z');
const FEE = 100_000;
const url = (clubId: number, preview = false) =>
  `/api/pla_club_teams/${clubId}/payments/generation${preview ? '/preview' : ''}`;

/**
 * Three siblings (Ana 2012, Beto 2014, Caro 2016: Ana and Beto share the mother, Beto and
 * Caro the father), an only child with her own guardian (Dani), a player without guardians
 * (Eva), and 'Plan Hermanos' (15 % the second child, 25 % the third) on the monthly fee.
 * Caro also has a fixed 'Convenio' of 90.000 so her discounts exceed the base.
 */
async function familyClub(ctx: TestContext) {
  const { owner, clubId } = await ownedClub(ctx, 'Club Hermanos');
  const add = (name: string) => addPlayer(ctx, owner.token, clubId, name);
  // Added youngest first: the order must come from the birth dates, not the ids.
  const caro = await add('Caro');
  const beto = await add('Beto');
  const ana = await add('Ana');
  const dani = await add('Dani');
  const eva = await add('Eva');
  const born = {
    [ana]: '2012-04-01',
    [beto]: '2014-04-01',
    [caro]: '2016-04-01',
    [dani]: '2013-01-01',
  };
  for (const [id, birthDate] of Object.entries(born)) {
    await ctx.db
      .update(users)
      .set({ birthDate })
      .where(eq(users.id, Number(id)));
  }
  const mother = await registerUser(ctx);
  const father = await registerUser(ctx);
  const other = await registerUser(ctx);
  const link = (playerId: number, guardianId: number) =>
    linkGuardian(ctx.db, { clubId, playerId, guardianId });
  await link(ana, mother.id);
  await link(beto, mother.id);
  await link(beto, father.id);
  await link(caro, father.id);
  await link(dani, other.id);
  // A pending link makes no sibling: Eva stays alone.
  await linkGuardian(ctx.db, { clubId, playerId: eva, guardianId: mother.id, status: 'pending' });

  const [rule] = await ctx.db
    .insert(discounts)
    .values({ clubId, name: 'Plan Hermanos', kind: 'siblings', value: 15, thirdValue: 25 })
    .returning();
  const convenio = await addDiscount(ctx, clubId, 'Convenio', 'fixed', 90_000, [caro]);
  const fee = await addCharge(ctx, clubId, {
    name: 'Mensualidad',
    amount: FEE,
    frequency: 'monthly',
    dueDay: 5,
    validFrom: '2026-01-01',
    discountIds: [rule!.id, convenio],
  });
  return { owner, clubId, fee, rule: rule!.id, convenio, people: { ana, beto, caro, dani, eva } };
}

describeEachDatabase('Payment generation: the sibling rule', (ctx) => {
  it('takes 15 % off the second child and 25 % off the third of a family, never an only child, with the reason on each payment', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId, fee, rule, convenio, people } = await familyClub(ctx);
    const { ana, beto, caro, dani, eva } = people;

    const preview = await ctx.request({
      method: 'POST',
      url: url(clubId, true),
      token: owner.token,
      body: { period: '2026-03' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [previewed] = paymentGenerationPreviewSchema.parse(preview.json()).charges;
    expect(previewed).toMatchObject({ to_create: 5 });
    expect(previewed!.discounts).toEqual([
      { id: convenio, name: 'Convenio', payments: 1, amount: 90_000 },
      // Beto 15.000 and Caro what the fixed one left of her base (10.000).
      { id: rule, name: 'Plan Hermanos', payments: 2, amount: 25_000 },
    ]);

    const run = () =>
      ctx.request({
        method: 'POST',
        url: url(clubId),
        token: owner.token,
        body: { period: '2026-03' },
      });
    const first = await run();
    expect(first.statusCode, first.body).toBe(200);
    expect(paymentGenerationResultSchema.parse(first.json()).created_total).toBe(5);

    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.clubId, clubId), eq(payments.chargeId, fee)))
      .orderBy(asc(payments.userId));
    const of = (userId: number) => rows.find((row) => row.userId === userId)!;
    expect(of(ana)).toMatchObject({ discountAmount: 0, amountDue: FEE, discountsApplied: [] });
    expect(of(dani)).toMatchObject({ discountAmount: 0, discountsApplied: [] });
    expect(of(eva)).toMatchObject({ discountAmount: 0, discountsApplied: [] });
    expect(of(beto)).toMatchObject({
      discountAmount: 15_000,
      amountDue: 85_000,
      discountsApplied: [
        {
          id: rule,
          name: 'Plan Hermanos',
          kind: 'siblings',
          value: 15,
          amount: 15_000,
          reason: '2.º hijo: 15 %',
        },
      ],
    });
    // The fixed one first, then the rule cut at what is left: never below 0.
    expect(of(caro)).toMatchObject({
      discountAmount: FEE,
      amountDue: 0,
      status: 'exempt',
      discountsApplied: [
        { id: convenio, name: 'Convenio', kind: 'fixed', value: 90_000, amount: 90_000 },
        {
          id: rule,
          name: 'Plan Hermanos',
          kind: 'siblings',
          value: 25,
          amount: 10_000,
          reason: '3.º hijo: 25 %',
        },
      ],
    });
    for (const row of rows) {
      const { discount, due } = discountedAmount(row.baseAmount, row.discountsApplied);
      expect({ discount, due }).toEqual({ discount: row.discountAmount, due: row.amountDue });
    }

    // The payments API answers the rule by name with its reason.
    const listed = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${clubId}/payments?player_id=${beto}`,
      token: owner.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(paymentListResponseSchema.parse(listed.json()).data[0]!.discounts_applied).toEqual([
      {
        id: rule,
        name: 'Plan Hermanos',
        kind: 'siblings',
        value: 15,
        amount: 15_000,
        reason: '2.º hijo: 15 %',
      },
    ]);

    // Running the month again creates nothing twice.
    const again = await run();
    expect(paymentGenerationResultSchema.parse(again.json()).created_total).toBe(0);
    expect(await ctx.db.select().from(payments).where(eq(payments.clubId, clubId))).toHaveLength(5);
  });

  it('applies nothing once the rule is inactive', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId, rule, people } = await familyClub(ctx);
    await ctx.db.update(discounts).set({ status: 'inactive' }).where(eq(discounts.id, rule));
    const response = await ctx.request({
      method: 'POST',
      url: url(clubId),
      token: owner.token,
      body: { period: '2026-03' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [beto] = await ctx.db.select().from(payments).where(eq(payments.userId, people.beto));
    expect(beto).toMatchObject({ discountAmount: 0, discountsApplied: [] });
  });
  it('takes the guardian e-mail or phone on file as the family before any guardian has an account (an import)', async () => {
    ctx.clock.set(NOW);
    const { owner, clubId } = await ownedClub(ctx, 'Club Importado');
    const add = (name: string) => addPlayer(ctx, owner.token, clubId, name);
    const [fede, gabi, hugo, iris, juan] = [
      await add('Fede'),
      await add('Gabi'),
      await add('Hugo'),
      await add('Iris'),
      await add('Juan'),
    ];
    const onFile = {
      [fede]: {
        birthDate: '2012-01-01',
        guardianEmail: 'Mama.Lopez@correo.co',
        guardianPhone: null,
      },
      [gabi]: {
        birthDate: '2015-01-01',
        guardianEmail: 'mama.lopez@correo.co ',
        guardianPhone: null,
      },
      [hugo]: { birthDate: '2011-01-01', guardianEmail: null, guardianPhone: '+57 300 111 2222' },
      [iris]: { birthDate: '2013-01-01', guardianEmail: null, guardianPhone: '300 111 2222' },
      [juan]: {
        birthDate: '2014-01-01',
        guardianEmail: 'otra@correo.co',
        guardianPhone: '3109998888',
      },
    };
    for (const [id, { birthDate, guardianEmail, guardianPhone }] of Object.entries(onFile)) {
      await ctx.db
        .update(users)
        .set({ birthDate })
        .where(eq(users.id, Number(id)));
      await ctx.db
        .update(players)
        .set({ guardianEmail, guardianPhone })
        .where(and(eq(players.clubId, clubId), eq(players.userId, Number(id))));
    }
    const [rule] = await ctx.db
      .insert(discounts)
      .values({ clubId, name: 'Plan Hermanos', kind: 'siblings', value: 15, thirdValue: 25 })
      .returning();
    const fee = await addCharge(ctx, clubId, {
      name: 'Mensualidad',
      amount: FEE,
      frequency: 'monthly',
      dueDay: 5,
      validFrom: '2026-01-01',
      discountIds: [rule!.id],
    });

    const response = await ctx.request({
      method: 'POST',
      url: url(clubId),
      token: owner.token,
      body: { period: '2026-03' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.clubId, clubId), eq(payments.chargeId, fee)));
    const off = (userId: number) => rows.find((row) => row.userId === userId)!.discountAmount;
    // The younger of each pair gets the rule; the elder and the child of another family do not.
    expect([fede, gabi, hugo, iris, juan].map(off)).toEqual([0, 15_000, 0, 15_000, 0]);
  });
});
