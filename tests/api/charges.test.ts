import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categoryMessages } from '../../contract/categories.schema';
import {
  type Charge,
  type ChargeCreateInput,
  chargeListResponseSchema,
  chargeMessages,
  chargeResponseSchema,
} from '../../contract/charges.schema';
import { clubMessages } from '../../contract/clubs.schema';
import {
  chargeCategories,
  chargeDiscounts,
  chargePlayers,
  chargePriceChanges,
  charges,
  discounts,
} from '../../server/db/schema/money';
import { payments } from '../../server/db/schema/payments';
import { frequencies } from '../../server/db/schema/reference';
import { createClub, memberOf } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;
const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

async function ownedClub(ctx: TestContext, name = 'Club de Cobros') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

async function frequencyId(ctx: TestContext, code: string) {
  const [row] = await ctx.db.select().from(frequencies).where(eq(frequencies.code, code));
  return row!.id;
}

async function addCategory(ctx: TestContext, token: string, clubId: number, name: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/categories`,
    token,
    body: { name, gender: 'mixed', birth_year_from: 2010 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

let documents = 1_000_000_000;
async function addPlayer(ctx: TestContext, token: string, clubId: number, name: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/players`,
    token,
    body: {
      name,
      lastname: 'Ríos',
      document_type: 'CC',
      document_number: String(documents++),
      birth_date: '2000-01-15',
      gender: 'female',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

async function addDiscount(ctx: TestContext, clubId: number, name: string) {
  const [row] = await ctx.db
    .insert(discounts)
    .values({ clubId, name, kind: 'percentage', value: 15 })
    .returning();
  return row!.id;
}

const write = (ctx: TestContext, token: string, clubId: number, body: unknown, id?: number) =>
  ctx.request({
    method: id ? 'PATCH' : 'POST',
    url: `${base(clubId)}/charges${id ? `/${id}` : ''}`,
    token,
    body,
  });

async function monthly(ctx: TestContext): Promise<ChargeCreateInput> {
  return {
    name: 'Mensualidad 2026',
    concept: 'training_fee',
    amount: 12_000_000,
    frequency_id: await frequencyId(ctx, 'monthly'),
    due_day: 5,
    valid_from: '2026-01-01',
  };
}

async function created(ctx: TestContext, token: string, clubId: number, body: object) {
  const response = await write(ctx, token, clubId, { ...(await monthly(ctx)), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return chargeResponseSchema.parse(response.json()).data;
}

describeEachDatabase('Charges API (/api/pla_club_teams/:id/charges)', (ctx) => {
  it('creates a charge with its links in minor units, lists, filters and sorts it', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await addCategory(ctx, owner.token, clubId, 'Sub-10');
    const ana = await addPlayer(ctx, owner.token, clubId, 'Ana');
    const hermanos = await addDiscount(ctx, clubId, 'Plan Hermanos');
    const charge = await created(ctx, owner.token, clubId, {
      name: '  Mensualidad Sub-10 ',
      scope: 'categories',
      category_ids: [sub10],
      excluded_player_ids: [ana],
      discount_ids: [hermanos],
    });
    expect(charge).toMatchObject({
      name: 'Mensualidad Sub-10',
      amount: 12_000_000,
      frequency: { code: 'monthly', name: 'Mensual' },
      due_day: 5,
      due_date: null,
      scope: 'categories',
      status: 'active',
      categories: [{ id: sub10, name: 'Sub-10' }],
      player_ids: [],
      excluded_player_ids: [ana],
      excluded_players: [{ id: ana, name: 'Ana Ríos' }],
      discounts: [{ id: hermanos, name: 'Plan Hermanos' }],
      price_changes: 0,
    });
    const [row] = await ctx.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(row).toMatchObject({ amount: 12_000_000, createdBy: owner.id, clubId });
    const links = await ctx.db
      .select()
      .from(chargePlayers)
      .where(eq(chargePlayers.chargeId, charge.id));
    expect(links).toEqual([{ chargeId: charge.id, userId: ana, excluded: true }]);

    const once = await created(ctx, owner.token, clubId, {
      name: 'Uniforme',
      concept: 'uniform',
      amount: 8_000_000,
      frequency_id: await frequencyId(ctx, 'one_time'),
      due_day: null,
      due_date: '2026-03-01',
      scope: 'players',
      player_ids: [ana],
    });
    expect(once).toMatchObject({ due_day: null, due_date: '2026-03-01', player_ids: [ana] });

    const list = async (query: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(clubId)}/charges?${query}`,
        token: owner.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return chargeListResponseSchema.parse(response.json());
    };
    expect((await list('sort=-amount')).data.map((c) => c.name)).toEqual([
      'Mensualidad Sub-10',
      'Uniforme',
    ]);
    expect((await list('concept=uniform')).data.map((c) => c.id)).toEqual([once.id]);
    expect((await list('q=mensu')).total).toBe(1);
    const freq = await list(`frequency_id=${once.frequency.id}`);
    expect(freq.data.map((c) => c.id)).toEqual([once.id]);
    expect((await list('status=inactive')).total).toBe(0);
  });

  it('refuses each bad input on its field', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const good = await monthly(ctx);
    const oneOff = await frequencyId(ctx, 'one_time');
    const cases: [object, number, string, string?][] = [
      [{ amount: -1 }, 400, 'amount'],
      [{ amount: 10.5 }, 400, 'amount'],
      [{ concept: 'beer' }, 400, 'concept'],
      [{ name: '  ' }, 400, 'name'],
      [{ frequency_id: 999_999 }, 422, 'frequency_id', chargeMessages.noFrequency],
      [{ due_day: 32 }, 400, 'due_day', chargeMessages.dueDay],
      [{ due_day: null }, 400, 'due_day', chargeMessages.dueDay],
      [{ frequency_id: oneOff }, 400, 'due_date', chargeMessages.dueDateNeeded],
      [{ valid_until: '2025-12-31' }, 400, 'valid_until', chargeMessages.validityBackwards],
      [{ valid_from: '2026-02-30' }, 400, 'valid_from'],
      [{ scope: 'categories' }, 400, 'category_ids', chargeMessages.categoriesNeeded],
      [{ scope: 'players' }, 400, 'player_ids', chargeMessages.playersNeeded],
      [{ scope: 'some' }, 400, 'scope'],
    ];
    for (const [change, status, field, message] of cases) {
      const response = await write(ctx, owner.token, clubId, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(fieldsOf(response.json()), JSON.stringify(change)).toContain(field);
      const said = (response.json() as { errors: { path: string; message: string }[] }).errors;
      if (message) expect(said.find((each) => each.path === field)?.message).toBe(message);
    }

    const inactive = await addCategory(ctx, owner.token, clubId, 'Vieja');
    await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${inactive}`,
      token: owner.token,
      body: { status: 'inactive' },
    });
    const refused = await write(ctx, owner.token, clubId, {
      ...good,
      scope: 'categories',
      category_ids: [inactive],
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldsOf(refused.json())).toEqual(['category_ids']);

    // A trainer of the club is no player; a player both billed and excluded is refused.
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const notPlayer = await write(ctx, owner.token, clubId, {
      ...good,
      excluded_player_ids: [trainer.id],
    });
    expect(notPlayer.statusCode).toBe(404);
    expect(fieldsOf(notPlayer.json())).toEqual(['excluded_player_ids']);
    const ana = await addPlayer(ctx, owner.token, clubId, 'Ana');
    const both = await write(ctx, owner.token, clubId, {
      ...good,
      scope: 'players',
      player_ids: [ana],
      excluded_player_ids: [ana],
    });
    expect(both.statusCode).toBe(400);
    expect(fieldsOf(both.json())).toEqual(['excluded_player_ids']);
    expect(await ctx.db.select().from(charges).where(eq(charges.clubId, clubId))).toEqual([]);
  });

  it("answers 404 for another club's charge, category, player and discount; 403 to an Entrenador", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const foreign = await created(ctx, other.owner.token, other.clubId, {});
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await ctx.request({
        method,
        url: `${base(clubId)}/charges/${foreign.id}`,
        token: owner.token,
        ...(method === 'PATCH' ? { body: { name: 'Robado' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: chargeMessages.notFound });
    }
    const status = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/charges/${foreign.id}/status`,
      token: owner.token,
      body: { status: 'inactive' },
    });
    expect(status.statusCode).toBe(404);

    const good = await monthly(ctx);
    const theirCategory = await addCategory(ctx, other.owner.token, other.clubId, 'Ajena');
    const theirPlayer = await addPlayer(ctx, other.owner.token, other.clubId, 'Ajeno');
    const theirDiscount = await addDiscount(ctx, other.clubId, 'Ajeno');
    for (const [body, field] of [
      [{ scope: 'categories', category_ids: [theirCategory] }, 'category_ids'],
      [{ scope: 'players', player_ids: [theirPlayer] }, 'player_ids'],
      [{ excluded_player_ids: [theirPlayer] }, 'excluded_player_ids'],
      [{ discount_ids: [theirDiscount] }, 'discount_ids'],
    ] as const) {
      const response = await write(ctx, owner.token, clubId, { ...good, ...body });
      expect(response.statusCode, field).toBe(404);
      expect(fieldsOf(response.json())).toEqual([field]);
    }
    const [kept] = await ctx.db.select().from(charges).where(eq(charges.id, foreign.id));
    expect(kept!.name).toBe(foreign.name);

    const coach = await memberOf(ctx, clubId, 'Entrenador');
    const listed = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/charges`,
      token: coach.token,
    });
    expect(listed.statusCode).toBe(403);
    const posted = await write(ctx, coach.token, clubId, good);
    expect(posted.statusCode).toBe(403);
    expect(posted.json().message).toBe(clubMessages.forbidden);
  });

  it('records a price change with its reason and author; later the delete is refused', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const charge = await created(ctx, owner.token, clubId, {});
    const noReason = await write(ctx, owner.token, clubId, { amount: 13_000_000 }, charge.id);
    expect(noReason.statusCode).toBe(400);
    expect(fieldsOf(noReason.json())).toEqual(['price_change_reason']);
    const same = await write(ctx, owner.token, clubId, { amount: 12_000_000 }, charge.id);
    expect(same.statusCode, same.body).toBe(200);

    const changed = await write(
      ctx,
      owner.token,
      clubId,
      { amount: 13_000_000, price_change_reason: 'Ajuste anual' },
      charge.id,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(chargeResponseSchema.parse(changed.json()).data).toMatchObject({
      amount: 13_000_000,
      price_changes: 1,
    });
    const history = await ctx.db
      .select()
      .from(chargePriceChanges)
      .where(eq(chargePriceChanges.chargeId, charge.id));
    expect(history).toMatchObject([
      { oldAmount: 12_000_000, newAmount: 13_000_000, reason: 'Ajuste anual', changedBy: owner.id },
    ]);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/charges/${charge.id}`,
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(chargeMessages.hasPriceChanges);
    expect(await ctx.db.select().from(charges).where(eq(charges.id, charge.id))).toHaveLength(1);
  });

  it('refuses to delete a charge that billed a payment, and keeps both', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const charge = await created(ctx, owner.token, clubId, {});
    const playerId = await addPlayer(ctx, owner.token, clubId, 'Paula');
    const [payment] = await ctx.db
      .insert(payments)
      .values({
        clubId,
        userId: playerId,
        chargeId: charge.id,
        period: '2026-03-01',
        coversFrom: '2026-03-01',
        coversTo: '2026-03-31',
        dueDate: '2026-03-05',
        baseAmount: 12_000_000,
        amountDue: 12_000_000,
      })
      .returning({ id: payments.id });

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/charges/${charge.id}`,
      token: owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(deleted.json().message).toBe(chargeMessages.hasPayments);
    expect(await ctx.db.select().from(charges).where(eq(charges.id, charge.id))).toHaveLength(1);
    expect(await ctx.db.select().from(payments).where(eq(payments.id, payment!.id))).toHaveLength(
      1,
    );
  });

  it('switches the status, edits the links and deletes a charge with its link rows', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await addCategory(ctx, owner.token, clubId, 'Sub-10');
    const discount = await addDiscount(ctx, clubId, 'Beca');
    const charge = await created(ctx, owner.token, clubId, { discount_ids: [discount] });
    const off = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/charges/${charge.id}/status`,
      token: owner.token,
      body: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const [row] = await ctx.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(row!.status).toBe('inactive');

    const edited = await write(
      ctx,
      owner.token,
      clubId,
      { scope: 'categories', category_ids: [sub10] },
      charge.id,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const linked = await ctx.db
      .select()
      .from(chargeCategories)
      .where(eq(chargeCategories.chargeId, charge.id));
    expect(linked).toEqual([{ chargeId: charge.id, categoryId: sub10 }]);

    // The category is billed: its delete is a 409 naming the charge, not a foreign-key 500.
    const categoryGone = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/categories/${sub10}`,
      token: owner.token,
    });
    expect(categoryGone.statusCode).toBe(409);
    expect(categoryGone.json().message).toBe(categoryMessages.inCharge(charge.name));

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/charges/${charge.id}`,
      token: owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.select().from(charges).where(eq(charges.id, charge.id))).toEqual([]);
    const discountLinks = await ctx.db
      .select()
      .from(chargeDiscounts)
      .where(eq(chargeDiscounts.chargeId, charge.id));
    expect(discountLinks).toEqual([]);
  });

  it('keeps names unique per club ignoring case, also for two requests at once', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const first: Charge = await created(ctx, owner.token, clubId, { name: 'Mensualidad' });
    const duplicate = await write(ctx, owner.token, clubId, {
      ...(await monthly(ctx)),
      name: 'MENSUALIDAD',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(fieldsOf(duplicate.json())).toEqual(['name']);
    await created(ctx, other.owner.token, other.clubId, { name: 'Mensualidad' });
    const second = await created(ctx, owner.token, clubId, { name: 'Inscripción' });
    const rename = await write(ctx, owner.token, clubId, { name: 'mensualidad' }, second.id);
    expect(rename.statusCode).toBe(409);
    expect(first.id).not.toBe(second.id);

    const body = { ...(await monthly(ctx)), name: 'Torneo' };
    const both = await Promise.all([
      write(ctx, owner.token, clubId, body),
      write(ctx, owner.token, clubId, body),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(charges).where(eq(charges.clubId, clubId));
    expect(rows.filter((each) => each.name === 'Torneo')).toHaveLength(1);
  });
});
