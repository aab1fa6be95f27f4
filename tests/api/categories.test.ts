import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type Category,
  type CategoryCreateInput,
  categoryFitResponseSchema,
  categoryListResponseSchema,
  categoryMessages,
  categoryResponseSchema,
} from '../../contract/categories.schema';
import { clubMessages } from '../../contract/clubs.schema';
import { invitations } from '../../server/db/schema/invitations';
import { payments } from '../../server/db/schema/payments';
import { players } from '../../server/db/schema/players';
import { createClub, memberOf } from './support/clubs';
import { roleIdOf } from './support/members';
import { addCharge, addPayment } from './support/payments';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

const THIS_YEAR = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;

/** A club owned by a new account. */
async function ownedClub(ctx: TestContext, name = 'Club de Categorías') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

const post = (ctx: TestContext, token: string, clubId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/categories`, token, body });

async function created(
  ctx: TestContext,
  owner: Account,
  clubId: number,
  body: Partial<CategoryCreateInput> = {},
): Promise<Category> {
  const response = await post(ctx, owner.token, clubId, {
    name: 'Sub-10',
    gender: 'mixed',
    birth_year_from: THIS_YEAR - 10,
    birth_year_to: THIS_YEAR - 9,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return categoryResponseSchema.parse(response.json()).data;
}

async function list(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/categories${query ? `?${query}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return categoryListResponseSchema.parse(response.json());
}

const names = (categories: Category[]) => categories.map((category) => category.name);
const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

/** A player created through the API in `categoryId`; answers their user id. */
async function playerIn(
  ctx: TestContext,
  token: string,
  clubId: number,
  categoryId: number,
  number: string,
) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/players`,
    token,
    body: {
      name: 'Jugador',
      lastname: number,
      document_type: 'CC',
      document_number: number,
      birth_date: '1990-01-01',
      gender: 'male',
      category_id: categoryId,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: number } }>().data.id;
}

describeEachDatabase('Categories API (/api/pla_club_teams/:id/categories)', (ctx) => {
  it('creates, edits and deletes a category of the club', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const category = await created(ctx, owner, clubId, {
      name: '  Sub-12 Femenino ',
      sport: 'Fútbol',
      gender: 'female',
      birth_year_from: 2014,
      birth_year_to: 2015,
    });
    expect(category).toMatchObject({
      club_id: clubId,
      name: 'Sub-12 Femenino',
      sport: 'Fútbol',
      gender: 'female',
      birth_year_from: 2014,
      birth_year_to: 2015,
      status: 'active',
    });

    const patched = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
      body: { birth_year_to: null, status: 'inactive', sport: '' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(categoryResponseSchema.parse(patched.json()).data).toMatchObject({
      name: 'Sub-12 Femenino',
      birth_year_from: 2014,
      birth_year_to: null,
      sport: null,
      status: 'inactive',
    });

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.id).toBe(category.id);
    expect((await list(ctx, owner.token, clubId)).total).toBe(0);
  });

  it('names its trainers and counts its current players; trainer_ids sets the trainers in the same write', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const addTrainer = async (name: string, document: string) => {
      const response = await ctx.request({
        method: 'POST',
        url: `${base(clubId)}/trainers`,
        token: owner.token,
        body: { name, lastname: 'Ríos', document_type: 'CC', document_number: document },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { data: { id: number } }).data.id;
    };
    const ana = await addTrainer('Ana', '52123456');
    const beto = await addTrainer('Beto', '79123456');
    const category = await created(ctx, owner, clubId, { trainer_ids: [beto, ana] });
    expect(category.trainers).toEqual([
      { id: ana, name: 'Ana Ríos' },
      { id: beto, name: 'Beto Ríos' },
    ]);
    expect(category.player_count).toBe(0);

    const player = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/players`,
      token: owner.token,
      body: {
        name: 'Lía',
        lastname: 'Ríos',
        document_type: 'CC',
        document_number: '1012345678',
        birth_date: `${THIS_YEAR - 30}-01-15`,
        gender: 'female',
        category_id: category.id,
      },
    });
    expect(player.statusCode, player.body).toBe(201);

    const edited = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
      body: { trainer_ids: [beto] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = (await list(ctx, owner.token, clubId)).data;
    expect(row).toMatchObject({ trainers: [{ id: beto, name: 'Beto Ríos' }], player_count: 1 });

    // The owner is no trainer: refused on the field, and nothing of the write is kept.
    const refused = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
      body: { name: 'Renombrada', trainer_ids: [beto, owner.id] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(fieldsOf(refused.json())).toEqual(['trainer_ids']);
    const [after] = (await list(ctx, owner.token, clubId)).data;
    expect(after).toMatchObject({ name: 'Sub-10', trainers: [{ id: beto }] });
  });

  it('takes a deleted category out of the invitations that name it, in the same transaction', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const gone = await created(ctx, owner, clubId, { name: 'Sub-9' });
    const kept = await created(ctx, owner, clubId, { name: 'Sub-11' });
    const now = ctx.clock.now();
    const [invitation] = await ctx.db
      .insert(invitations)
      .values({
        tokenHash: `hash-${gone.id}`,
        type: 'trainer',
        clubId,
        roleId: await roleIdOf(ctx, 'Entrenador'),
        email: 'entrenadora@demo.club',
        categoryIds: [gone.id, kept.id],
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
      })
      .returning();

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/categories/${gone.id}`,
      token: owner.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [after] = await ctx.db
      .select({ categoryIds: invitations.categoryIds })
      .from(invitations)
      .where(eq(invitations.id, invitation!.id));
    expect(after?.categoryIds).toEqual([kept.id]);
  });

  it('refuses to delete a category its current players are in (409 with the count); former players do not count', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const category = await created(ctx, owner, clubId, { name: 'Sub-13' });
    const addPlayer = (number: string) => playerIn(ctx, owner.token, clubId, category.id, number);
    const remove = () =>
      ctx.request({
        method: 'DELETE',
        url: `${base(clubId)}/categories/${category.id}`,
        token: owner.token,
      });
    const first = await addPlayer('51000001');
    const second = await addPlayer('51000002');

    const two = await remove();
    expect(two.statusCode, two.body).toBe(409);
    expect(two.json()).toEqual({ message: categoryMessages.hasPlayers(2) });
    expect(two.json().message).toBe(
      'La categoría tiene 2 jugadores. Muévelos a otra categoría antes de eliminarla.',
    );

    // One leaves the club (their row keeps the category): one current player left.
    const left = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/players/${first}`,
      token: owner.token,
    });
    expect(left.statusCode, left.body).toBe(204);
    const one = await remove();
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(
      'La categoría tiene 1 jugador. Muévelo a otra categoría antes de eliminarla.',
    );

    const moved = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}/players`,
      token: owner.token,
      body: { remove: [second] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const deleted = await remove();
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [former] = await ctx.db
      .select({ categoryId: players.categoryId })
      .from(players)
      .where(and(eq(players.clubId, clubId), eq(players.userId, first)));
    expect(former).toEqual({ categoryId: null });
  });

  it('refuses to delete a category payments were billed under (409): they keep it', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const category = await created(ctx, owner, clubId, { name: 'Sub-15' });
    const player = await playerIn(ctx, owner.token, clubId, category.id, '52000001');
    const chargeId = await addCharge(ctx, clubId, 'Mensualidad', 90_000);
    const payment = await addPayment(ctx, clubId, {
      userId: player,
      chargeId,
      period: '2026-03',
      due: '2026-03-05',
      base: 90_000,
      status: 'pending',
    });
    const moved = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}/players`,
      token: owner.token,
      body: { remove: [player] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'La categoría tiene 1 pago facturado y su historial se conserva. Desactívala en lugar de eliminarla.',
    );
    const [kept] = await ctx.db
      .select({ categoryId: payments.categoryId })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(kept).toEqual({ categoryId: category.id });
  });

  it('pages, sorts, searches (ignoring case and accents) and filters by gender and status', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    await created(ctx, other.owner, other.clubId, { name: 'Ajena' });
    const specs: [string, 'male' | 'female' | 'mixed', number][] = [
      ['Sub-8', 'mixed', 2018],
      ['Sub-10', 'male', 2016],
      ['Sub-12', 'female', 2014],
      ['Sub-14 Élite', 'male', 2012],
      ['Sub-17', 'female', 2009],
      ['Juvenil', 'mixed', 2007],
    ];
    for (const [name, gender, from] of specs) {
      await created(ctx, owner, clubId, {
        name,
        gender,
        birth_year_from: from,
        birth_year_to: from + 1,
      });
    }

    const first = await list(ctx, owner.token, clubId, 'pageSize=10&sort=name');
    expect(first.total).toBe(6);
    expect(names(first.data)).toEqual([
      'Juvenil',
      'Sub-10',
      'Sub-12',
      'Sub-14 Élite',
      'Sub-17',
      'Sub-8',
    ]);
    const byYear = await list(ctx, owner.token, clubId, 'sort=-birth_year_from&pageSize=10');
    expect(names(byYear.data)).toEqual([
      'Sub-8',
      'Sub-10',
      'Sub-12',
      'Sub-14 Élite',
      'Sub-17',
      'Juvenil',
    ]);
    const paged = await list(ctx, owner.token, clubId, 'pageSize=10&page=2');
    expect(paged).toEqual({ data: [], total: 6 });

    expect(names((await list(ctx, owner.token, clubId, 'q=ELITE')).data)).toEqual(['Sub-14 Élite']);
    const female = await list(ctx, owner.token, clubId, 'gender=female&sort=name');
    expect(names(female.data)).toEqual(['Sub-12', 'Sub-17']);
    expect(female.total).toBe(2);
    expect((await list(ctx, owner.token, clubId, 'status=inactive')).total).toBe(0);
  });

  it('refuses bad years and genders with 400 on the field', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [
        { birth_year_from: 2015, birth_year_to: 2012 },
        'birth_year_to',
        categoryMessages.yearsBackwards,
      ],
      [
        { birth_year_from: THIS_YEAR + 1, birth_year_to: null },
        'birth_year_from',
        categoryMessages.futureYear,
      ],
      [{ birth_year_to: THIS_YEAR + 2 }, 'birth_year_to', categoryMessages.futureYear],
      [{ birth_year_from: 1850 }, 'birth_year_from', undefined],
      [{ birth_year_from: '20x5' }, 'birth_year_from', undefined],
      [{ gender: 'other' }, 'gender', categoryMessages.badGender],
      [{ name: '   ' }, 'name', undefined],
    ];
    for (const [change, field, message] of cases) {
      const body = {
        name: 'Sub-9',
        gender: 'mixed',
        birth_year_from: 2016,
        birth_year_to: 2017,
        ...change,
      };
      const response = await post(ctx, owner.token, clubId, body);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(response.json()), JSON.stringify(change)).toEqual([field]);
      if (message) expect(response.json().errors[0].message).toBe(message);
    }

    const category = await created(ctx, owner, clubId, {
      birth_year_from: 2014,
      birth_year_to: 2015,
    });
    const backwards = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${category.id}`,
      token: owner.token,
      body: { birth_year_from: 2016 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([
      { path: 'birth_year_from', message: categoryMessages.yearsBackwards },
    ]);
  });

  it('refuses a second category with the same name in the club, ignoring case, also at once', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    await created(ctx, owner, clubId, { name: 'Sub-10' });
    const duplicate = await post(ctx, owner.token, clubId, {
      name: 'SUB-10',
      gender: 'male',
      birth_year_from: 2015,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(categoryMessages.duplicateName);
    await created(ctx, other.owner, other.clubId, { name: 'Sub-10' });

    const second = await created(ctx, owner, clubId, { name: 'Sub-12' });
    const rename = await ctx.request({
      method: 'PATCH',
      url: `${base(clubId)}/categories/${second.id}`,
      token: owner.token,
      body: { name: 'sub-10' },
    });
    expect(rename.statusCode).toBe(409);

    const body = { name: 'Sub-15', gender: 'mixed', birth_year_from: 2011 };
    const both = await Promise.all([
      post(ctx, owner.token, clubId, body),
      post(ctx, owner.token, clubId, body),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it("answers 404 for another club's category and 403 to a role without the permission", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const foreign = await created(ctx, other.owner, other.clubId);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await ctx.request({
        method,
        url: `${base(clubId)}/categories/${foreign.id}`,
        token: owner.token,
        ...(method === 'PATCH' ? { body: { name: 'Robada' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: categoryMessages.notFound });
    }
    expect(names((await list(ctx, other.owner.token, other.clubId)).data)).toEqual(['Sub-10']);

    const player = await memberOf(ctx, clubId, 'Jugador');
    const listed = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/categories`,
      token: player.token,
    });
    expect(listed.statusCode).toBe(403);
    const posted = await post(ctx, player.token, clubId, {
      name: 'X',
      gender: 'mixed',
      birth_year_from: 2010,
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().message).toBe(clubMessages.forbidden);
  });

  it('proposes the active categories a birth date and gender fit; mixed fits every gender', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    await created(ctx, other.owner, other.clubId, {
      name: 'Ajena',
      birth_year_from: 2010,
      birth_year_to: 2015,
    });
    await created(ctx, owner, clubId, {
      name: 'Mixta',
      gender: 'mixed',
      birth_year_from: 2012,
      birth_year_to: 2013,
    });
    await created(ctx, owner, clubId, {
      name: 'Niñas',
      gender: 'female',
      birth_year_from: 2010,
      birth_year_to: 2012,
    });
    await created(ctx, owner, clubId, {
      name: 'Niños',
      gender: 'male',
      birth_year_from: 2012,
      birth_year_to: 2012,
    });
    await created(ctx, owner, clubId, {
      name: 'Abierta',
      gender: 'female',
      birth_year_from: 2011,
      birth_year_to: null,
    });
    await created(ctx, owner, clubId, {
      name: 'Mayores',
      gender: 'mixed',
      birth_year_from: 1990,
      birth_year_to: 2005,
    });
    await created(ctx, owner, clubId, {
      name: 'Archivada',
      gender: 'mixed',
      birth_year_from: 2012,
      status: 'inactive',
    });

    const fits = async (birthday: string, gender: string) => {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(clubId)}/categories-birthday/${birthday}/gender/${gender}`,
        token: owner.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return names(categoryFitResponseSchema.parse(response.json()).data).sort();
    };
    expect(await fits('2012-12-31', 'female')).toEqual(['Abierta', 'Mixta', 'Niñas']);
    expect(await fits('2012-01-01', 'male')).toEqual(['Mixta', 'Niños']);
    expect(await fits('2012-06-15', 'other')).toEqual(['Mixta']);
    expect(await fits('2000-02-29', 'male')).toEqual(['Mayores']);
    expect(await fits('2009-05-05', 'female')).toEqual([]);
  });

  it('refuses a bad date or gender in the birthday route with 400 on the field', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const cases: [string, string, string][] = [
      ['2013-02-29', 'female', 'birthday'],
      ['2013-13-01', 'female', 'birthday'],
      ['15-03-2013', 'female', 'birthday'],
      [`${THIS_YEAR + 1}-01-01`, 'female', 'birthday'],
      ['2013-03-15', 'mixed', 'gender'],
      ['2013-03-15', 'x', 'gender'],
    ];
    for (const [birthday, gender, field] of cases) {
      const response = await ctx.request({
        method: 'GET',
        url: `${base(clubId)}/categories-birthday/${birthday}/gender/${gender}`,
        token: owner.token,
      });
      expect(response.statusCode, `${birthday} ${gender}`).toBe(400);
      expect(fieldsOf(response.json()), `${birthday} ${gender}`).toEqual([field]);
    }
  });
});
