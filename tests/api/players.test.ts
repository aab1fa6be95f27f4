import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categoryResponseSchema, type CategoryCreateInput } from '../../contract/categories.schema';
import { clubMessages } from '../../contract/clubs.schema';
import { invitationCreatedResponseSchema } from '../../contract/invitations.schema';
import { clubLinkRequestSchema, linkRequestMessages } from '../../contract/link-requests.schema';
import { peopleMessages } from '../../contract/people.schema';
import {
  type PlayerCreateInput,
  type PlayerDetail,
  playerListResponseSchema,
  playerSchema,
  playerMessages,
  playerResponseSchema,
} from '../../contract/players.schema';
import { clubMemberships } from '../../server/db/schema/memberships';
import { players } from '../../server/db/schema/players';
import { categoryTrainers } from '../../server/db/schema/trainers';
import { users } from '../../server/db/schema/users';
import { addMembership, createClub, memberOf } from './support/clubs';
import { grantWholeModule, roleIdOf } from './support/members';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

const THIS_YEAR = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;
const fieldsOf = (body: { errors?: { path: string }[] }) =>
  (body.errors ?? []).map((error) => error.path).sort();

let sequence = 0;
/** A fresh CC number (8 digits) or TI number (10 digits). */
const cc = () => String(20_000_000 + ++sequence);
const ti = () => String(1_000_000_000 + ++sequence);

const adult = (overrides: Partial<PlayerCreateInput> = {}): PlayerCreateInput => ({
  name: 'Juan Camilo',
  lastname: 'Pérez',
  document_type: 'CC',
  document_number: cc(),
  birth_date: '1995-04-10',
  gender: 'male',
  ...overrides,
});

const minor = (overrides: Partial<PlayerCreateInput> = {}): PlayerCreateInput => ({
  name: 'Sofía',
  lastname: 'Ramírez',
  document_type: 'TI',
  document_number: ti(),
  birth_date: `${THIS_YEAR - 12}-06-01`,
  gender: 'female',
  guardian_name: 'Ana Ramírez',
  guardian_phone: '3001234567',
  ...overrides,
});

async function ownedClub(ctx: TestContext, name = 'Club de Jugadores') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

async function category(
  ctx: TestContext,
  token: string,
  clubId: number,
  body: Partial<CategoryCreateInput> = {},
) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/categories`,
    token,
    body: { name: `Sub-${++sequence}`, gender: 'mixed', birth_year_from: 1950, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return categoryResponseSchema.parse(response.json()).data;
}

const post = (ctx: TestContext, token: string, clubId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/players`, token, body });

async function created(
  ctx: TestContext,
  token: string,
  clubId: number,
  body: PlayerCreateInput = adult(),
): Promise<PlayerDetail> {
  const response = await post(ctx, token, clubId, body);
  expect(response.statusCode, response.body).toBe(201);
  return playerResponseSchema.parse(response.json()).data;
}

async function list(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/players${query ? `?${query}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  // The list's serializer writes exactly the contract's fields (nothing more, nothing less).
  const body = response.json() as { data: object[] };
  for (const row of body.data) {
    expect(Object.keys(row).sort()).toEqual(Object.keys(playerSchema.shape).sort());
  }
  return playerListResponseSchema.parse(body);
}

const request = (
  ctx: TestContext,
  token: string,
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => ctx.request({ method, url, token, ...(body === undefined ? {} : { body }) });

async function usersWithDocument(ctx: TestContext, number: string) {
  return ctx.db.select({ id: users.id }).from(users).where(eq(users.documentNumber, number));
}

async function playerRow(ctx: TestContext, clubId: number, userId: number) {
  const [row] = await ctx.db
    .select()
    .from(players)
    .where(and(eq(players.clubId, clubId), eq(players.userId, userId)));
  return row;
}

/** A trainer of `categoryIds`: the Entrenador role and category_trainers rows, set directly. */
async function trainerOf(
  ctx: TestContext,
  clubId: number,
  categoryIds: number[],
): Promise<Account> {
  const trainer = await memberOf(ctx, clubId, 'Entrenador');
  if (categoryIds.length > 0) {
    await ctx.db
      .insert(categoryTrainers)
      .values(categoryIds.map((categoryId) => ({ categoryId, userId: trainer.id })));
  }
  return trainer;
}

describeEachDatabase('Players API (/api/pla_club_teams/:id/players)', (ctx) => {
  it('creates a player with the club fields and the guardian, in the list and in the detail', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub12 = await category(ctx, owner.token, clubId, { name: 'Sub-12' });
    const body = minor({
      category_id: sub12.id,
      position: 'Delantera',
      dominant_foot: 'left',
      jersey_number: 9,
      enrollment_date: `${THIS_YEAR}-01-15`,
      payment_modality: 'monthly',
      eps: 'Sura',
      blood_type: 'O+',
      allergies: 'Penicilina',
      guardian_email: 'Ana.Ramirez@Correo.test',
      guardian_relationship: 'mother',
    });
    const player = await created(ctx, owner.token, clubId, body);

    expect(player).toMatchObject({
      name: 'Sofía',
      lastname: 'Ramírez',
      document_type: 'TI',
      document_number: body.document_number,
      has_account: false,
      email: null,
      status: 'active',
      category: { id: sub12.id, name: 'Sub-12' },
      position: 'Delantera',
      dominant_foot: 'left',
      jersey_number: 9,
      enrollment_date: `${THIS_YEAR}-01-15`,
      payment_modality: 'monthly',
      eps: 'Sura',
      blood_type: 'O+',
      allergies: 'Penicilina',
      guardian_name: 'Ana Ramírez',
      guardian_phone: '3001234567',
      guardian_email: 'ana.ramirez@correo.test',
      guardian_relationship: 'mother',
    });
    const held = await ctx.db
      .select({ roleId: clubMemberships.roleId })
      .from(clubMemberships)
      .where(and(eq(clubMemberships.userId, player.id), eq(clubMemberships.clubId, clubId)));
    expect(held).toEqual([{ roleId: await roleIdOf(ctx, 'Jugador') }]);

    const detail = await request(ctx, owner.token, 'GET', `${base(clubId)}/players/${player.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(playerResponseSchema.parse(detail.json()).data).toEqual(player);

    const page = await list(ctx, owner.token, clubId);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: player.id, category: { id: sub12.id } });
  });

  it('refuses bad input with 400 on the field, and saves nothing', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const foreign = await category(ctx, other.owner.token, other.clubId);
    const inactive = await category(ctx, owner.token, clubId, { status: 'inactive' });
    const cases: [string, PlayerCreateInput, string[]][] = [
      ['letters in a CC', adult({ document_number: '12AB5678' }), ['document_number']],
      ['a future birth date', adult({ birth_date: `${THIS_YEAR + 1}-01-01` }), ['birth_date']],
      [
        'a minor without guardian',
        minor({ guardian_name: null, guardian_phone: undefined }),
        ['guardian_name', 'guardian_phone'],
      ],
      ['a category of another club', adult({ category_id: foreign.id }), ['category_id']],
      ['an inactive category', adult({ category_id: inactive.id }), ['category_id']],
      ['jersey 1000', adult({ jersey_number: 1000 }), ['jersey_number']],
      [
        'an enrollment date that is no day',
        adult({ enrollment_date: '2024-02-30' }),
        ['enrollment_date'],
      ],
    ];
    for (const [label, body, fields] of cases) {
      const response = await post(ctx, owner.token, clubId, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(fieldsOf(response.json()), label).toEqual(fields);
      expect(await usersWithDocument(ctx, body.document_number!), label).toEqual([]);
    }
    expect((await list(ctx, owner.token, clubId)).total).toBe(0);
    const members = await ctx.db
      .select({ userId: clubMemberships.userId })
      .from(clubMemberships)
      .where(eq(clubMemberships.clubId, clubId));
    expect(members).toEqual([{ userId: owner.id }]);
  });

  it('checks the guardian rule with its own clock: a player who turned 18 needs none', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const now = ctx.clock.now();
    const birth = new Date(now.getTime() - 5 * 86_400_000);
    const eighteenToday = `${birth.getUTCFullYear() - 18}-${String(birth.getUTCMonth() + 1).padStart(2, '0')}-${String(birth.getUTCDate()).padStart(2, '0')}`;
    const body = adult({ birth_date: eighteenToday });
    expect((await post(ctx, owner.token, clubId, body)).statusCode).toBe(201);
    // Move the server's clock back a year: the same person is 17 there.
    ctx.clock.set(new Date(now.getTime() - 366 * 86_400_000));
    try {
      const young = await post(ctx, owner.token, clubId, adult({ birth_date: eighteenToday }));
      expect(young.statusCode, young.body).toBe(400);
      expect(fieldsOf(young.json())).toEqual(['guardian_name', 'guardian_phone']);
    } finally {
      ctx.clock.set(now);
    }
  });

  it('refuses a document already a player of the club (409) and one elsewhere unless asked; asking (202) links nothing and makes no duplicate', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club vecino');
    const body = adult({ name: 'Marta', lastname: 'Gil' });
    const first = await created(ctx, owner.token, clubId, body);

    const again = await post(ctx, owner.token, clubId, { ...body, link_existing: true });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      message: playerMessages.alreadyPlayer,
      errors: [{ path: 'document_number' }],
    });
    const duplicate = await post(ctx, owner.token, clubId, body);
    expect(duplicate.statusCode).toBe(409);
    expect(fieldsOf(duplicate.json())).toEqual(['document_number']);

    const elsewhere = await post(ctx, other.owner.token, other.clubId, { ...body, name: 'Otra' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      message: peopleMessages.existsElsewhere,
      errors: [{ path: 'document_number' }],
    });

    // Issue #33: Marta belongs to this club, so the other club only sends her a request.
    const asked = await post(ctx, other.owner.token, other.clubId, {
      ...body,
      name: 'Nombre ignorado',
      link_existing: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      message: linkRequestMessages.sent,
      data: { status: 'pending', typed_name: 'Nombre ignorado Gil' },
    });
    expect(asked.body).not.toContain('Marta');
    // Only the request's own fields: no person id (the data id is the request's).
    expect(Object.keys(asked.json().data).sort()).toEqual(
      Object.keys(clubLinkRequestSchema.shape).sort(),
    );
    expect(asked.body).not.toContain(body.birth_date!);
    expect((await list(ctx, other.owner.token, other.clubId)).total).toBe(0);
    expect(await usersWithDocument(ctx, body.document_number!)).toEqual([{ id: first.id }]);
  });

  it('lists an invited player (accepted invitation) with no club row yet, and edits them', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const invited = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/invitations`,
      token: owner.token,
      body: { email: 'jugadora.invitada@prueba.test', role_id: await roleIdOf(ctx, 'Jugador') },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invitationCreatedResponseSchema.parse(invited.json()).data;
    expect(invitation.type).toBe('player_adult');
    const token = invitation.invitation_url.split('/').pop()!;
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      body: {
        name: 'Íngrid',
        lastname: 'Invitada',
        password: 'ClaveNueva2025',
        password_confirmation: 'ClaveNueva2025',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const page = await list(ctx, owner.token, clubId);
    expect(page.total).toBe(1);
    const [player] = page.data;
    expect(player).toMatchObject({
      name: 'Íngrid',
      email: 'jugadora.invitada@prueba.test',
      has_account: true,
      status: 'active',
      category: null,
      position: null,
    });
    expect(await playerRow(ctx, clubId, player!.id)).toBeUndefined();

    const patched = await request(
      ctx,
      owner.token,
      'PATCH',
      `${base(clubId)}/players/${player!.id}`,
      {
        position: 'Portera',
        jersey_number: 1,
      },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(playerResponseSchema.parse(patched.json()).data).toMatchObject({
      position: 'Portera',
      jersey_number: 1,
    });
    // Her identity is hers to change from her profile.
    const identity = await request(
      ctx,
      owner.token,
      'PATCH',
      `${base(clubId)}/players/${player!.id}`,
      {
        name: 'Otra',
      },
    );
    expect(identity.statusCode, identity.body).toBe(422);
    expect(identity.json().message).toBe(peopleMessages.ownProfileOnly);
  });

  it('edits identity and club fields in one transaction, checking the guardian against the stored birth date', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub = await category(ctx, owner.token, clubId);
    const player = await created(ctx, owner.token, clubId, minor());
    const url = `${base(clubId)}/players/${player.id}`;

    const cleared = await request(ctx, owner.token, 'PATCH', url, { guardian_phone: null });
    expect(cleared.statusCode, cleared.body).toBe(400);
    expect(fieldsOf(cleared.json())).toEqual(['guardian_phone']);

    const refused = await request(ctx, owner.token, 'PATCH', url, {
      lastname: 'Cambiado',
      guardian_name: '',
    });
    expect(refused.statusCode).toBe(400);
    const unchanged = await request(ctx, owner.token, 'GET', url);
    expect(unchanged.json().data).toMatchObject({
      lastname: 'Ramírez',
      guardian_name: 'Ana Ramírez',
    });

    const patched = await request(ctx, owner.token, 'PATCH', url, {
      lastname: 'Ramírez Díaz',
      birth_date: '2000-01-01',
      guardian_name: null,
      guardian_phone: null,
      category_id: sub.id,
      jersey_number: 7,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(playerResponseSchema.parse(patched.json()).data).toMatchObject({
      lastname: 'Ramírez Díaz',
      birth_date: '2000-01-01',
      guardian_name: null,
      category: { id: sub.id },
      jersey_number: 7,
    });

    const teammate = await created(ctx, owner.token, clubId, adult({ category_id: sub.id }));
    const taken = await request(
      ctx,
      owner.token,
      'PATCH',
      `${base(clubId)}/players/${teammate.id}`,
      {
        jersey_number: 7,
      },
    );
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      errors: [{ path: 'jersey_number', message: playerMessages.jerseyTaken }],
    });

    const otherClub = await ownedClub(ctx, 'Club ajeno');
    const foreign = await category(ctx, otherClub.owner.token, otherClub.clubId);
    const moved = await request(ctx, owner.token, 'PATCH', url, { category_id: foreign.id });
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved.json())).toEqual(['category_id']);
  });

  it('toggles the status and lets a player leave the club (role gone, row kept inactive)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const player = await created(ctx, owner.token, clubId);
    const url = `${base(clubId)}/players/${player.id}`;

    const inactive = await request(ctx, owner.token, 'PATCH', `${url}/status`, {
      status: 'inactive',
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect(inactive.json().data.status).toBe('inactive');
    expect((await list(ctx, owner.token, clubId, 'status=inactive')).total).toBe(1);
    expect((await list(ctx, owner.token, clubId, 'status=active')).total).toBe(0);
    const active = await request(ctx, owner.token, 'PATCH', `${url}/status`, { status: 'active' });
    expect(active.json().data.status).toBe('active');

    const left = await request(ctx, owner.token, 'DELETE', url);
    expect(left.statusCode, left.body).toBe(204);
    expect((await request(ctx, owner.token, 'GET', url)).statusCode).toBe(404);
    expect((await list(ctx, owner.token, clubId)).total).toBe(0);
    expect((await playerRow(ctx, clubId, player.id))?.status).toBe('inactive');
    expect((await request(ctx, owner.token, 'DELETE', url)).statusCode).toBe(404);

    // Coming back: linked again, the row is active again.
    const back = await created(ctx, owner.token, clubId, {
      ...adult({ document_number: player.document_number! }),
      link_existing: true,
    });
    expect(back).toMatchObject({ id: player.id, status: 'active' });
  });

  it('answers 404 for a person who is not a player of this club', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club de otros');
    const foreign = await created(ctx, other.owner.token, other.clubId);
    for (const id of [owner.id, foreign.id, 999_999]) {
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['PATCH', '', { position: 'Defensa' }],
        ['PATCH', '/status', { status: 'inactive' }],
        ['DELETE', '', undefined],
      ] as const) {
        const response = await request(
          ctx,
          owner.token,
          method,
          `${base(clubId)}/players/${id}${suffix}`,
          body,
        );
        expect(response.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(response.json()).toEqual({ message: playerMessages.notFound });
      }
    }
  });

  it('pages, sorts, searches (accents, guardian name) and filters in SQL', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await category(ctx, owner.token, clubId, { name: 'Sub-10' });
    const sub12 = await category(ctx, owner.token, clubId, { name: 'Sub-12' });
    const gomez = await created(
      ctx,
      owner.token,
      clubId,
      adult({
        name: 'Luis',
        lastname: 'Gómez',
        document_number: '30000001',
        birth_date: '1990-02-02',
        category_id: sub10.id,
      }),
    );
    const alvarez = await created(
      ctx,
      owner.token,
      clubId,
      minor({
        name: 'Ana',
        lastname: 'Álvarez',
        document_number: '1100000002',
        birth_date: `${THIS_YEAR - 10}-05-05`,
        guardian_name: 'Pedro Núñez',
        category_id: sub12.id,
      }),
    );
    const zapata = await created(
      ctx,
      owner.token,
      clubId,
      adult({
        name: 'Eva',
        lastname: 'Zapata',
        document_number: '30000003',
        birth_date: '1990-09-09',
        gender: 'female',
      }),
    );
    await request(ctx, owner.token, 'PATCH', `${base(clubId)}/players/${zapata.id}/status`, {
      status: 'inactive',
    });
    const ids = (page: { data: { id: number }[] }) => page.data.map((player) => player.id);

    expect(ids(await list(ctx, owner.token, clubId))).toEqual([alvarez.id, gomez.id, zapata.id]);
    expect(ids(await list(ctx, owner.token, clubId, 'sort=-name'))).toEqual([
      zapata.id,
      gomez.id,
      alvarez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'sort=birth_date'))).toEqual([
      gomez.id,
      zapata.id,
      alvarez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'sort=-document_number'))).toEqual([
      zapata.id,
      gomez.id,
      alvarez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'sort=joined_at'))).toEqual([
      gomez.id,
      alvarez.id,
      zapata.id,
    ]);

    expect(await list(ctx, owner.token, clubId, 'page=5&pageSize=10')).toEqual({
      data: [],
      total: 3,
    });

    expect(ids(await list(ctx, owner.token, clubId, 'q=gomez'))).toEqual([gomez.id]);
    expect(ids(await list(ctx, owner.token, clubId, `q=${encodeURIComponent('GÓMEZ')}`))).toEqual([
      gomez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'q=nunez'))).toEqual([alvarez.id]);
    expect(ids(await list(ctx, owner.token, clubId, 'q=0000003'))).toEqual([zapata.id]);
    expect(
      ids(await list(ctx, owner.token, clubId, `q=${encodeURIComponent('luis gómez')}`)),
    ).toEqual([gomez.id]);

    expect(ids(await list(ctx, owner.token, clubId, `categorySection=${sub12.id}`))).toEqual([
      alvarez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'categorySection=none'))).toEqual([zapata.id]);
    expect(ids(await list(ctx, owner.token, clubId, 'status=active'))).toEqual([
      alvarez.id,
      gomez.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'gender=female'))).toEqual([
      alvarez.id,
      zapata.id,
    ]);
    expect(ids(await list(ctx, owner.token, clubId, 'birth_year=1990'))).toEqual([
      gomez.id,
      zapata.id,
    ]);
    expect(
      ids(await list(ctx, owner.token, clubId, 'birth_year=1990&gender=male&status=active')),
    ).toEqual([gomez.id]);
    const bad = await request(ctx, owner.token, 'GET', `${base(clubId)}/players?categorySection=x`);
    expect(bad.statusCode).toBe(400);

    // Eight more (all named Vargas): page 2 of 10 holds the eleventh, the last by name.
    for (let n = 0; n < 8; n += 1) {
      await created(ctx, owner.token, clubId, adult({ lastname: 'Vargas' }));
    }
    const second = await list(ctx, owner.token, clubId, 'page=2&pageSize=10');
    expect(second.total).toBe(11);
    expect(ids(second)).toEqual([zapata.id]);
    const first = await list(ctx, owner.token, clubId, 'pageSize=10');
    expect(first.data).toHaveLength(10);
    expect(ids(first)).not.toContain(zapata.id);
  });

  it('shows a trainer only the players of their categories, whatever the filters', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const mine = await category(ctx, owner.token, clubId, { name: 'Sub-14' });
    const theirs = await category(ctx, owner.token, clubId, { name: 'Sub-16' });
    const inMine = await created(
      ctx,
      owner.token,
      clubId,
      adult({ lastname: 'Mía', category_id: mine.id }),
    );
    const inTheirs = await created(
      ctx,
      owner.token,
      clubId,
      adult({ lastname: 'Ajena', category_id: theirs.id }),
    );
    const without = await created(ctx, owner.token, clubId, adult({ lastname: 'Sin categoría' }));
    const trainer = await trainerOf(ctx, clubId, [mine.id]);
    const ids = (page: { data: { id: number }[] }) => page.data.map((player) => player.id);

    expect(await list(ctx, trainer.token, clubId)).toMatchObject({ total: 1 });
    expect(ids(await list(ctx, trainer.token, clubId))).toEqual([inMine.id]);
    expect((await list(ctx, trainer.token, clubId, `categorySection=${theirs.id}`)).total).toBe(0);
    expect((await list(ctx, trainer.token, clubId, 'categorySection=none')).total).toBe(0);
    expect((await list(ctx, trainer.token, clubId, 'q=Ajena')).total).toBe(0);
    expect(
      (await request(ctx, trainer.token, 'GET', `${base(clubId)}/players/${inMine.id}`)).statusCode,
    ).toBe(200);
    for (const outside of [inTheirs, without]) {
      const response = await request(
        ctx,
        trainer.token,
        'GET',
        `${base(clubId)}/players/${outside.id}`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: playerMessages.notFound });
    }

    // Being a guardian of nobody widens nothing (only authorised links add children).
    await addMembership(ctx, trainer.id, clubId, 'Padre/Acudiente');
    expect((await list(ctx, trainer.token, clubId)).total).toBe(1);
    // A guardian alone, without an authorised link, holds players.view and sees nobody.
    const guardian = await memberOf(ctx, clubId, 'Padre/Acudiente');
    expect(await list(ctx, guardian.token, clubId)).toMatchObject({ total: 0, data: [] });
    const detail = await request(
      ctx,
      guardian.token,
      'GET',
      `${base(clubId)}/players/${inMine.id}`,
    );
    expect(detail.statusCode).toBe(404);
    // Another role of theirs that grants players.view on its own: the whole club.
    await addMembership(ctx, trainer.id, clubId, 'Propietario del Club');
    expect((await list(ctx, trainer.token, clubId)).total).toBe(3);
    const unassigned = await trainerOf(ctx, clubId, []);
    expect((await list(ctx, unassigned.token, clubId)).total).toBe(0);
  });

  it('shows an inactive trainer nobody until the club reactivates them', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const mine = await category(ctx, owner.token, clubId, { name: 'Sub-14' });
    const player = await created(ctx, owner.token, clubId, adult({ category_id: mine.id }));
    const trainer = await trainerOf(ctx, clubId, [mine.id]);
    const status = (value: 'active' | 'inactive') =>
      request(ctx, owner.token, 'PATCH', `${base(clubId)}/trainers/${trainer.id}/status`, {
        status: value,
      });

    expect((await list(ctx, trainer.token, clubId)).total).toBe(1);
    expect((await status('inactive')).statusCode).toBe(200);
    expect(await list(ctx, trainer.token, clubId)).toMatchObject({ total: 0, data: [] });
    const detail = await request(ctx, trainer.token, 'GET', `${base(clubId)}/players/${player.id}`);
    expect(detail.statusCode).toBe(404);
    expect((await status('active')).statusCode).toBe(200);
    expect((await list(ctx, trainer.token, clubId)).total).toBe(1);
  });

  it('moves players into a category and out of it (PATCH categories/{id}/players)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const from = await category(ctx, owner.token, clubId);
    const to = await category(ctx, owner.token, clubId);
    const a = await created(ctx, owner.token, clubId, adult({ category_id: from.id }));
    const b = await created(ctx, owner.token, clubId, adult());
    const c = await created(ctx, owner.token, clubId, adult({ category_id: to.id }));
    const assign = (categoryId: number, body: unknown, token = owner.token) =>
      ctx.request({
        method: 'PATCH',
        url: `${base(clubId)}/categories/${categoryId}/players`,
        token,
        body,
      });

    const moved = await assign(to.id, { add: [a.id, b.id, c.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      data: { added: [a.id, b.id].sort((x, y) => x - y), removed: [] },
    });
    expect((await list(ctx, owner.token, clubId, `categorySection=${to.id}`)).total).toBe(3);
    expect((await list(ctx, owner.token, clubId, `categorySection=${from.id}`)).total).toBe(0);

    const removed = await assign(to.id, { remove: [c.id] });
    expect(removed.json()).toEqual({ data: { added: [], removed: [c.id] } });
    expect((await assign(to.id, { remove: [c.id] })).json()).toEqual({
      data: { added: [], removed: [] },
    });
    expect(
      (await list(ctx, owner.token, clubId, 'categorySection=none')).data.map((p) => p.id),
    ).toEqual([c.id]);

    const notPlayer = await assign(to.id, { add: [owner.id] });
    expect(notPlayer.statusCode).toBe(400);
    expect(fieldsOf(notPlayer.json())).toEqual(['add']);
    const notPlayerRemoved = await assign(to.id, { remove: [owner.id] });
    expect(fieldsOf(notPlayerRemoved.json())).toEqual(['remove']);
    const other = await ownedClub(ctx, 'Club externo');
    const foreignCategory = await category(ctx, other.owner.token, other.clubId);
    const foreign = await assign(foreignCategory.id, { add: [a.id] });
    expect(foreign.statusCode).toBe(404);
    const foreignPlayer = await created(ctx, other.owner.token, other.clubId);
    expect(fieldsOf((await assign(to.id, { add: [foreignPlayer.id] })).json())).toEqual(['add']);
    const trainer = await trainerOf(ctx, clubId, [to.id]);
    expect((await assign(to.id, { add: [c.id] }, trainer.token)).statusCode).toBe(403);
  });

  it('two identical POSTs at once: one 201, one 409, one person', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const body = adult();
    const answers = await Promise.all([
      post(ctx, owner.token, clubId, body),
      post(ctx, owner.token, clubId, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await usersWithDocument(ctx, body.document_number!)).toHaveLength(1);
    const linked = await Promise.all([
      post(ctx, owner.token, clubId, { ...body, link_existing: true }),
      post(ctx, owner.token, clubId, { ...body, link_existing: true }),
    ]);
    expect(linked.map((answer) => answer.statusCode)).toEqual([409, 409]);
    expect((await list(ctx, owner.token, clubId)).total).toBe(1);
  });

  it('answers 404 "Club no encontrado" to a member of another club', async () => {
    const { clubId } = await ownedClub(ctx);
    const outsider = await ownedClub(ctx, 'Club de fuera');
    const response = await request(ctx, outsider.owner.token, 'GET', `${base(clubId)}/players`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: clubMessages.notFound });
  });

  it('keeps a trainer the club lets edit players to their categories: edit, status and leave are 404 outside', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const mine = await category(ctx, owner.token, clubId);
    const theirs = await category(ctx, owner.token, clubId);
    const inMine = await created(ctx, owner.token, clubId, adult({ category_id: mine.id }));
    const inTheirs = await created(ctx, owner.token, clubId, adult({ category_id: theirs.id }));
    // The club gives Entrenador the whole players module (an override of the defaults).
    await grantWholeModule(ctx, clubId, 'Entrenador', 'players');
    const trainer = await trainerOf(ctx, clubId, [mine.id]);
    const url = (id: number) => `${base(clubId)}/players/${id}`;

    for (const [method, suffix, body] of [
      ['PATCH', '', { position: 'Lateral' }],
      ['PATCH', '/status', { status: 'inactive' }],
      ['DELETE', '', undefined],
    ] as const) {
      const outside = await request(
        ctx,
        trainer.token,
        method,
        `${url(inTheirs.id)}${suffix}`,
        body,
      );
      expect(outside.statusCode, `${method}${suffix}`).toBe(404);
    }
    const untouched = await request(ctx, owner.token, 'GET', url(inTheirs.id));
    expect(untouched.json().data).toMatchObject({ position: null, status: 'active' });

    const edited = await request(ctx, trainer.token, 'PATCH', url(inMine.id), {
      position: 'Lateral',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Nor can they put a player into a category they do not train.
    const moved = await request(ctx, trainer.token, 'PATCH', url(inMine.id), {
      category_id: theirs.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved.json())).toEqual(['category_id']);
    const refused = await post(ctx, trainer.token, clubId, adult({ category_id: theirs.id }));
    expect(refused.statusCode).toBe(400);
    const status = await request(ctx, trainer.token, 'PATCH', `${url(inMine.id)}/status`, {
      status: 'inactive',
    });
    expect(status.statusCode).toBe(200);
    expect((await request(ctx, trainer.token, 'DELETE', url(inMine.id))).statusCode).toBe(204);
  });
});
