import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import {
  type Discount,
  type DiscountCreateInput,
  discountListResponseSchema,
  discountMessages,
  discountPlayersResponseSchema,
  discountResponseSchema,
} from '../../contract/discounts.schema';
import { positiveMoneySchema } from '../../contract/money.schema';
import { chargeDiscounts, charges, discounts, playerDiscounts } from '../../server/db/schema/money';
import { frequencies } from '../../server/db/schema/reference';
import { createClub, memberOf } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;

async function ownedClub(ctx: TestContext, name = 'Club de Descuentos') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

const post = (ctx: TestContext, token: string, clubId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/discounts`, token, body });

const patch = (ctx: TestContext, token: string, url: string, body: unknown) =>
  ctx.request({ method: 'PATCH', url, token, body });

async function created(
  ctx: TestContext,
  owner: Account,
  clubId: number,
  body: Partial<DiscountCreateInput> = {},
): Promise<Discount> {
  const response = await post(ctx, owner.token, clubId, {
    name: 'Plan Hermanos',
    kind: 'percentage',
    value: 15,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return discountResponseSchema.parse(response.json()).data;
}

async function list(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/discounts${query ? `?${query}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return discountListResponseSchema.parse(response.json());
}

const stored = async (ctx: TestContext, id: number) =>
  (await ctx.db.select().from(discounts).where(eq(discounts.id, id)))[0];

const names = (rows: Discount[]) => rows.map((row) => row.name);
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map(({ path, message }) => [path, message]);

describeEachDatabase('Discounts API (/api/pla_club_teams/:id/discounts)', (ctx) => {
  it('creates, edits, switches off and deletes a discount of the club', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const beca = await created(ctx, owner, clubId, {
      name: '  Beca ',
      description: 'Deportistas destacados',
      kind: 'fixed',
      value: 50_000,
    });
    expect(beca).toMatchObject({
      name: 'Beca',
      description: 'Deportistas destacados',
      kind: 'fixed',
      value: 50_000,
      status: 'active',
      player_count: 0,
    });
    expect(await stored(ctx, beca.id)).toMatchObject({ clubId, name: 'Beca', value: 50_000 });

    const url = `${base(clubId)}/discounts/${beca.id}`;
    const edited = await patch(ctx, owner.token, url, {
      kind: 'percentage',
      value: 100,
      description: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(discountResponseSchema.parse(edited.json()).data).toMatchObject({
      name: 'Beca',
      kind: 'percentage',
      value: 100,
      description: null,
    });
    expect(await stored(ctx, beca.id)).toMatchObject({ kind: 'percentage', value: 100 });

    const off = await patch(ctx, owner.token, `${url}/status`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.status).toBe('inactive');
    expect((await stored(ctx, beca.id))?.status).toBe('inactive');

    const deleted = await ctx.request({ method: 'DELETE', url, token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.id).toBe(beca.id);
    expect(await stored(ctx, beca.id)).toBeUndefined();
  });

  it('pages, sorts, searches (ignoring case and accents) and filters by status and kind', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    await created(ctx, other.owner, other.clubId, { name: 'Ajeno' });
    await created(ctx, owner, clubId, { name: 'Plan Hermanos', value: 15 });
    const beca = await created(ctx, owner, clubId, { name: 'Beca', value: 100 });
    await created(ctx, owner, clubId, {
      name: 'Pronto pago',
      description: 'Pago antes del día 5',
      kind: 'fixed',
      value: 10_000,
    });
    await patch(ctx, owner.token, `${base(clubId)}/discounts/${beca.id}/status`, {
      status: 'inactive',
    });

    const all = await list(ctx, owner.token, clubId);
    expect(all.total).toBe(3);
    expect(names(all.data)).toEqual(['Beca', 'Plan Hermanos', 'Pronto pago']);
    expect(names((await list(ctx, owner.token, clubId, 'sort=-value')).data)).toEqual([
      'Beca',
      'Plan Hermanos',
      'Pronto pago',
    ]);
    expect(names((await list(ctx, owner.token, clubId, 'sort=kind')).data)).toEqual([
      'Pronto pago',
      'Beca',
      'Plan Hermanos',
    ]);
    const paged = await list(ctx, owner.token, clubId, 'pageSize=10&page=2');
    expect(paged).toEqual({ data: [], total: 3 });
    expect(names((await list(ctx, owner.token, clubId, 'q=DIA')).data)).toEqual(['Pronto pago']);
    expect(names((await list(ctx, owner.token, clubId, 'q=hérmanos')).data)).toEqual([
      'Plan Hermanos',
    ]);
    expect(names((await list(ctx, owner.token, clubId, 'status=inactive')).data)).toEqual(['Beca']);
    expect(
      names((await list(ctx, owner.token, clubId, 'kind=percentage&status=active')).data),
    ).toEqual(['Plan Hermanos']);

    const bad = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/discounts?kind=gratis&sort=player_count`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.json()).map(([path]) => path)).toEqual(
      expect.arrayContaining(['kind', 'sort']),
    );
  });

  it('refuses a bad name, kind or value with 400 on the field, and writes nothing', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const wholeAmount = positiveMoneySchema('El valor').safeParse(10.5).error!.issues[0]!.message;
    const cases: [unknown, string, string][] = [
      [{ name: '  ', kind: 'fixed', value: 100 }, 'name', 'El nombre es obligatorio'],
      [{ kind: 'fixed', value: 100 }, 'name', 'El nombre es obligatorio'],
      [{ name: 'X', kind: 'gratis', value: 1 }, 'kind', discountMessages.badKind],
      [{ name: 'X', kind: 'percentage', value: 0 }, 'value', discountMessages.percentageRange],
      [{ name: 'X', kind: 'percentage', value: 101 }, 'value', discountMessages.percentageRange],
      [{ name: 'X', kind: 'percentage', value: 12.5 }, 'value', discountMessages.percentageRange],
      [{ name: 'X', kind: 'fixed', value: 0 }, 'value', 'El valor debe ser mayor que cero'],
      [{ name: 'X', kind: 'fixed', value: -5 }, 'value', 'El valor no puede ser negativo'],
      [{ name: 'X', kind: 'fixed', value: 10.5 }, 'value', wholeAmount],
      [{ name: 'X', kind: 'fixed', value: '100' }, 'value', discountMessages.badValue],
      [{ name: 'X', kind: 'fixed' }, 'value', discountMessages.valueRequired],
      [
        { name: 'X\u0000', kind: 'fixed', value: 100 },
        'name',
        'El nombre tiene caracteres no permitidos',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(ctx, owner.token, clubId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorsOf(response.json()), JSON.stringify(body)).toContainEqual([field, message]);
    }
    expect(await ctx.db.select().from(discounts).where(eq(discounts.clubId, clubId))).toEqual([]);

    // A kind or a value sent alone is checked against the stored other half.
    const fixed = await created(ctx, owner, clubId, { name: 'Fijo', kind: 'fixed', value: 500 });
    const url = `${base(clubId)}/discounts/${fixed.id}`;
    const kindAlone = await patch(ctx, owner.token, url, { kind: 'percentage' });
    expect(kindAlone.statusCode).toBe(400);
    expect(errorsOf(kindAlone.json())).toEqual([['kind', discountMessages.percentageRange]]);
    const percent = await created(ctx, owner, clubId, { name: 'Porc', value: 20 });
    const valueAlone = await patch(ctx, owner.token, `${base(clubId)}/discounts/${percent.id}`, {
      value: 250,
    });
    expect(valueAlone.statusCode).toBe(400);
    expect(errorsOf(valueAlone.json())).toEqual([['value', discountMessages.percentageRange]]);
    expect(await stored(ctx, fixed.id)).toMatchObject({ kind: 'fixed', value: 500 });
    expect(await stored(ctx, percent.id)).toMatchObject({ value: 20 });

    const status = await patch(ctx, owner.token, `${url}/status`, { status: 'archived' });
    expect(status.statusCode).toBe(400);
    expect(errorsOf(status.json()).map(([path]) => path)).toEqual(['status']);
  });

  it('refuses a second discount with the same name in the club, ignoring case, also at once', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    await created(ctx, owner, clubId, { name: 'Beca' });
    const duplicate = await post(ctx, owner.token, clubId, {
      name: 'BECA',
      kind: 'fixed',
      value: 100,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorsOf(duplicate.json())).toEqual([['name', discountMessages.duplicateName]]);
    await created(ctx, other.owner, other.clubId, { name: 'Beca' });

    const second = await created(ctx, owner, clubId, { name: 'Hermanos' });
    const rename = await patch(ctx, owner.token, `${base(clubId)}/discounts/${second.id}`, {
      name: 'beca',
    });
    expect(rename.statusCode).toBe(409);
    expect(errorsOf(rename.json())).toEqual([['name', discountMessages.duplicateName]]);
    expect((await stored(ctx, second.id))?.name).toBe('Hermanos');

    const body = { name: 'Pronto pago', kind: 'fixed', value: 20_000 };
    const both = await Promise.all([
      post(ctx, owner.token, clubId, body),
      post(ctx, owner.token, clubId, body),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const conflict = both.find((response) => response.statusCode === 409)!;
    expect(errorsOf(conflict.json())).toEqual([['name', discountMessages.duplicateName]]);
    const rows = await ctx.db
      .select()
      .from(discounts)
      .where(and(eq(discounts.clubId, clubId), eq(discounts.name, 'Pronto pago')));
    expect(rows).toHaveLength(1);
  });

  it('links and unlinks players of the club, answers what changed and counts current players', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const hermanos = await created(ctx, owner, clubId);
    const url = `${base(clubId)}/discounts/${hermanos.id}/players`;
    const ana = await memberOf(ctx, clubId, 'Jugador');
    const beto = await memberOf(ctx, clubId, 'Jugador');
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const foreign = await memberOf(ctx, other.clubId, 'Jugador');

    const first = await patch(ctx, owner.token, url, { add: [beto.id, ana.id, ana.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(discountPlayersResponseSchema.parse(first.json()).data).toEqual({
      added: [ana.id, beto.id].sort((a, b) => a - b),
      removed: [],
    });
    const again = await patch(ctx, owner.token, url, { add: [ana.id], remove: [beto.id] });
    expect(again.json().data).toEqual({ added: [], removed: [beto.id] });
    const linked = await ctx.db
      .select({ userId: playerDiscounts.userId, clubId: playerDiscounts.clubId })
      .from(playerDiscounts)
      .where(eq(playerDiscounts.discountId, hermanos.id));
    expect(linked).toEqual([{ userId: ana.id, clubId }]);
    expect((await list(ctx, owner.token, clubId)).data[0]?.player_count).toBe(1);

    for (const [body, field, ids] of [
      [{ add: [trainer.id] }, 'add', [trainer.id]],
      [{ add: [ana.id], remove: [foreign.id] }, 'remove', [foreign.id]],
    ] as const) {
      const refused = await patch(ctx, owner.token, url, body);
      expect(refused.statusCode).toBe(400);
      expect(errorsOf(refused.json())).toEqual([[field, discountMessages.notPlayers([...ids])]]);
    }
    const both = await patch(ctx, owner.token, url, { add: [beto.id], remove: [beto.id] });
    expect(errorsOf(both.json())).toEqual([['remove', discountMessages.addAndRemove]]);
    const badId = await patch(ctx, owner.token, url, { add: ['x'] });
    expect(badId.statusCode).toBe(400);
    expect(errorsOf(badId.json())[0]?.[0]).toBe('add.0');
    expect(
      await ctx.db
        .select()
        .from(playerDiscounts)
        .where(eq(playerDiscounts.discountId, hermanos.id)),
    ).toHaveLength(1);
  });

  it('refuses to delete a discount linked to a player or a charge (409, deactivate instead)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const hermanos = await created(ctx, owner, clubId);
    const url = `${base(clubId)}/discounts/${hermanos.id}`;
    const ana = await memberOf(ctx, clubId, 'Jugador');
    await patch(ctx, owner.token, `${url}/players`, { add: [ana.id] });

    const withPlayer = await ctx.request({ method: 'DELETE', url, token: owner.token });
    expect(withPlayer.statusCode).toBe(409);
    expect(withPlayer.json()).toEqual({ message: discountMessages.inUse(1, 0) });
    expect(withPlayer.json().message).toBe(
      'El descuento está asignado a 1 jugador. Desactívalo en lugar de eliminarlo.',
    );

    await patch(ctx, owner.token, `${url}/players`, { remove: [ana.id] });
    const [frequency] = await ctx.db.select({ id: frequencies.id }).from(frequencies).limit(1);
    const [charge] = await ctx.db
      .insert(charges)
      .values({
        clubId,
        name: 'Mensualidad',
        concept: 'training_fee',
        amount: 120_000,
        frequencyId: frequency!.id,
        dueDay: 5,
        validFrom: '2026-01-01',
      })
      .returning();
    await ctx.db.insert(chargeDiscounts).values({ chargeId: charge!.id, discountId: hermanos.id });
    const withCharge = await ctx.request({ method: 'DELETE', url, token: owner.token });
    expect(withCharge.statusCode).toBe(409);
    expect(withCharge.json().message).toBe(discountMessages.inUse(0, 1));
    expect(await stored(ctx, hermanos.id)).toBeDefined();

    await ctx.db.delete(chargeDiscounts).where(eq(chargeDiscounts.discountId, hermanos.id));
    const deleted = await ctx.request({ method: 'DELETE', url, token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stored(ctx, hermanos.id)).toBeUndefined();
  });

  it("answers 404 for another club's discount on every route", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const foreign = await created(ctx, other.owner, other.clubId, { name: 'Ajeno' });
    const url = `${base(clubId)}/discounts/${foreign.id}`;
    for (const [method, path, body] of [
      ['PATCH', url, { name: 'Robado' }],
      ['PATCH', `${url}/status`, { status: 'inactive' }],
      ['PATCH', `${url}/players`, { add: [] }],
      ['DELETE', url, undefined],
    ] as const) {
      const response = await ctx.request({ method, url: path, token: owner.token, body });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual({ message: discountMessages.notFound });
    }
    expect(await stored(ctx, foreign.id)).toMatchObject({ name: 'Ajeno', status: 'active' });
  });

  it('answers 403 to a role without the payments permission (an Entrenador)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const hermanos = await created(ctx, owner, clubId);
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const url = `${base(clubId)}/discounts/${hermanos.id}`;
    for (const [method, path, body] of [
      ['GET', `${base(clubId)}/discounts`, undefined],
      ['POST', `${base(clubId)}/discounts`, { name: 'X', kind: 'fixed', value: 1 }],
      ['PATCH', url, { name: 'X' }],
      ['PATCH', `${url}/status`, { status: 'inactive' }],
      ['PATCH', `${url}/players`, { add: [] }],
      ['DELETE', url, undefined],
    ] as const) {
      const response = await ctx.request({ method, url: path, token: trainer.token, body });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().message).toBe(clubMessages.forbidden);
    }
    expect(await stored(ctx, hermanos.id)).toMatchObject({
      name: 'Plan Hermanos',
      status: 'active',
    });

    // A Contador holds payments.*: the same calls go through.
    const accountant = await memberOf(ctx, clubId, 'Contador');
    expect((await list(ctx, accountant.token, clubId)).total).toBe(1);
  });
});
