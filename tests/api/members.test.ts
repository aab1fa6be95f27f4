import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import {
  type Member,
  memberListResponseSchema,
  memberMessages,
  memberResponseSchema,
} from '../../contract/members.schema';
import { clubMemberships } from '../../server/db/schema/memberships';
import { addMembership, createClub, superAdmin } from './support/clubs';
import { roleIdOf } from './support/members';
import {
  type TestContext,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
} from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

/** A club owned by a new account. */
async function ownedClub(ctx: TestContext, name = 'Club de Miembros') {
  const owner = await registerUser(ctx, { name: 'Olga', lastname: 'Dueña' });
  const club = await createClub(ctx, owner.token, { name });
  return { owner, club };
}

async function listMembers(ctx: TestContext, token: string, clubId: number, query = '') {
  return ctx.request({
    method: 'GET',
    url: `/api/pla_club_teams/${clubId}/members${query ? `?${query}` : ''}`,
    token,
  });
}

async function members(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await listMembers(ctx, token, clubId, query);
  expect(response.statusCode, response.body).toBe(200);
  return memberListResponseSchema.parse(response.json());
}

const emails = (list: Member[]) => list.map((member) => member.email);

function putRoles(ctx: TestContext, token: string, clubId: number, userId: number, body: unknown) {
  return ctx.request({
    method: 'PUT',
    url: `/api/pla_club_teams/${clubId}/members/${userId}/roles`,
    token,
    body,
  });
}

describeEachDatabase('Club members API (/api/pla_club_teams/:id/members)', (ctx) => {
  it("lists the club's people once each, with their roles in this club only, highest priority first", async () => {
    const { owner, club } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Otro club');
    const coach = await registerUser(ctx, { name: 'Carlos', lastname: 'Entrena' });
    await addMembership(ctx, coach.id, club.id, 'Jugador');
    await addMembership(ctx, coach.id, club.id, 'Entrenador');
    await addMembership(ctx, coach.id, other.club.id, 'Contador');
    const stranger = await registerUser(ctx, { name: 'Susana', lastname: 'Ajena' });
    await addMembership(ctx, stranger.id, other.club.id, 'Jugador');

    const page = await members(ctx, owner.token, club.id);

    expect(page.total).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(emails(page.data).sort()).toEqual([coach.email, owner.email].sort());
    const listedCoach = page.data.find((member) => member.user_id === coach.id);
    expect(listedCoach?.roles.map((role) => role.name)).toEqual(['Entrenador', 'Jugador']);
    expect(listedCoach?.name).toBe('Carlos');
    expect(Number.isNaN(Date.parse(listedCoach?.joined_at ?? ''))).toBe(false);
    expect(emails(page.data)).not.toContain(stranger.email);
    expect(emails(page.data)).not.toContain(other.owner.email);
  });

  it('pages on the server with a total that counts the filtered members', async () => {
    const { owner, club } = await ownedClub(ctx);
    for (let index = 0; index < 11; index++) {
      const player = await registerUser(ctx, {
        name: `Jugador ${String(index).padStart(2, '0')}`,
        lastname: 'Paginado',
      });
      await addMembership(ctx, player.id, club.id, 'Jugador');
    }

    const first = await members(ctx, owner.token, club.id, 'pageSize=10');
    const second = await members(ctx, owner.token, club.id, 'pageSize=10&page=2');
    const beyond = await members(ctx, owner.token, club.id, 'pageSize=10&page=5');

    expect(first.total).toBe(12);
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(2);
    expect(second.total).toBe(12);
    const ids = [...first.data, ...second.data].map((member) => member.user_id);
    expect(new Set(ids).size).toBe(12);
    expect(beyond).toEqual({ data: [], total: 12 });
  });

  it('searches name, last name, "name lastname" and e-mail ignoring case and accents', async () => {
    const { owner, club } = await ownedClub(ctx);
    const erika = await registerUser(ctx, { name: 'Erika', lastname: 'Gómez' });
    const erikaAccent = await registerUser(ctx, { name: 'Érika', lastname: 'Pérez' });
    const nunez = await registerUser(ctx, {
      name: 'Ana',
      lastname: 'Núñez',
      email: uniqueEmail('contacto.especial'),
    });
    for (const person of [erika, erikaAccent, nunez]) {
      await addMembership(ctx, person.id, club.id, 'Jugador');
    }
    const search = async (term: string) =>
      emails((await members(ctx, owner.token, club.id, `q=${encodeURIComponent(term)}`)).data);

    expect((await search('érika')).sort()).toEqual([erika.email, erikaAccent.email].sort());
    expect((await search('ERIKA')).sort()).toEqual([erika.email, erikaAccent.email].sort());
    expect(await search('erika perez')).toEqual([erikaAccent.email]);
    expect(await search('GOMEZ')).toEqual([erika.email]);
    expect(await search('nunez')).toEqual([nunez.email]);
    expect(await search('ana núñez')).toEqual([nunez.email]);
    expect(await search('CONTACTO.ESPECIAL')).toEqual([nunez.email]);
    expect(await search('100%')).toEqual([]);
    const counted = await members(ctx, owner.token, club.id, 'q=erika&pageSize=10');
    expect(counted.total).toBe(2);
  });

  it('filters by role and sorts by name, e-mail or joining date in both directions', async () => {
    const { owner, club } = await ownedClub(ctx);
    const zoe = await registerUser(ctx, {
      name: 'Zoe',
      lastname: 'Álvarez',
      email: `c.${uniqueEmail()}`,
    });
    const bruno = await registerUser(ctx, {
      name: 'Bruno',
      lastname: 'Álvarez',
      email: `a.${uniqueEmail()}`,
    });
    const mario = await registerUser(ctx, {
      name: 'Mario',
      lastname: 'Zapata',
      email: `b.${uniqueEmail()}`,
    });
    await addMembership(ctx, zoe.id, club.id, 'Entrenador');
    await addMembership(ctx, bruno.id, club.id, 'Jugador');
    await addMembership(ctx, mario.id, club.id, 'Entrenador');
    await addMembership(ctx, mario.id, club.id, 'Jugador');
    // Joined one second apart, in this order: inserts a moment apart may share a timestamp.
    for (const [seconds, person] of [zoe, bruno, mario].entries()) {
      await ctx.db
        .update(clubMemberships)
        .set({
          createdAt: sql`${clubMemberships.createdAt} + make_interval(secs => ${seconds + 1})`,
        })
        .where(and(eq(clubMemberships.userId, person.id), eq(clubMemberships.clubId, club.id)));
    }

    const trainerRole = await roleIdOf(ctx, 'Entrenador');
    const trainers = await members(ctx, owner.token, club.id, `role_id=${trainerRole}`);
    expect(trainers.total).toBe(2);
    expect(emails(trainers.data)).toEqual([zoe.email, mario.email]);
    // The filter picks people; their other roles are still listed.
    expect(trainers.data[1]?.roles.map((role) => role.name)).toEqual(['Entrenador', 'Jugador']);

    const ids = async (query: string) =>
      (await members(ctx, owner.token, club.id, query)).data.map((member) => member.user_id);
    // Name: last name, then first name ('Dueña' is the owner).
    expect(await ids('sort=name')).toEqual([bruno.id, zoe.id, owner.id, mario.id]);
    expect(await ids('sort=-name')).toEqual([mario.id, owner.id, zoe.id, bruno.id]);
    const byEmail = [owner, zoe, bruno, mario].sort((a, b) => (a.email < b.email ? -1 : 1));
    expect(await ids('sort=email')).toEqual(byEmail.map((person) => person.id));
    expect(await ids('sort=joined_at')).toEqual([owner.id, zoe.id, bruno.id, mario.id]);
    expect(await ids('sort=-joined_at')).toEqual([mario.id, bruno.id, zoe.id, owner.id]);
  });

  it('answers 400 with the field for a bad query, never 500', async () => {
    const { owner, club } = await ownedClub(ctx);
    for (const [query, path] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=7', 'pageSize'],
      ['sort=password', 'sort'],
      ['sort=--name', 'sort'],
      ['sort=-password', 'sort'],
      ['role_id=-1', 'role_id'],
      [`q=${'x'.repeat(101)}`, 'q'],
      // Parameters of no list contract (retired or misspelt) are refused by name.
      ['per_page=10', 'per_page'],
      ['search=ana&page=1', 'search'],
    ] as const) {
      const response = await listMembers(ctx, owner.token, club.id, query);
      expect(response.statusCode, query).toBe(400);
      expect(
        response.json().errors.map((error: { path: string }) => error.path),
        query,
      ).toContain(path);
    }
  });

  it('is refused to a trainer of the club (403) and to the owner of another club (404)', async () => {
    const { club } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Vecino');
    const coach = await registerUser(ctx);
    await addMembership(ctx, coach.id, club.id, 'Entrenador');

    expect((await listMembers(ctx, coach.token, club.id)).statusCode).toBe(403);
    const foreign = await listMembers(ctx, other.owner.token, club.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: clubMessages.notFound });
  });

  it("replaces a member's roles in this club only, in one go", async () => {
    const { owner, club } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club B');
    const person = await registerUser(ctx, { name: 'Pía', lastname: 'Roles' });
    await addMembership(ctx, person.id, club.id, 'Jugador');
    await addMembership(ctx, person.id, other.club.id, 'Jugador');
    const [trainer, accountant] = [
      await roleIdOf(ctx, 'Entrenador'),
      await roleIdOf(ctx, 'Contador'),
    ];

    const response = await putRoles(ctx, owner.token, club.id, person.id, {
      role_ids: [trainer, accountant, trainer],
    });

    expect(response.statusCode, response.body).toBe(200);
    const member = memberResponseSchema.parse(response.json()).data;
    expect(member).toMatchObject({ user_id: person.id, name: 'Pía', email: person.email });
    expect(member.roles).toEqual([
      { id: accountant, name: 'Contador' },
      { id: trainer, name: 'Entrenador' },
    ]);
    const elsewhere = await ctx.db
      .select({ roleId: clubMemberships.roleId })
      .from(clubMemberships)
      .where(and(eq(clubMemberships.userId, person.id), eq(clubMemberships.clubId, other.club.id)));
    expect(elsewhere).toEqual([{ roleId: await roleIdOf(ctx, 'Jugador') }]);
  });

  it('keeps at least one owner: removing the last one is 422, with a second owner it works', async () => {
    const { owner, club } = await ownedClub(ctx);
    const ownerRole = await roleIdOf(ctx, 'Propietario del Club');
    const trainerRole = await roleIdOf(ctx, 'Entrenador');

    const last = await putRoles(ctx, owner.token, club.id, owner.id, { role_ids: [trainerRole] });
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual({
      message: memberMessages.lastOwner,
      errors: [{ path: 'role_ids', message: memberMessages.lastOwner }],
    });
    // Nothing changed: the transaction rolled back.
    const unchanged = await members(ctx, owner.token, club.id);
    expect(unchanged.data[0]?.roles.map((role) => role.name)).toEqual(['Propietario del Club']);

    const partner: Account = await registerUser(ctx);
    await addMembership(ctx, partner.id, club.id, 'Propietario del Club');
    const handOver = await putRoles(ctx, owner.token, club.id, owner.id, {
      role_ids: [trainerRole],
    });
    expect(handOver.statusCode, handOver.body).toBe(200);
    expect(memberResponseSchema.parse(handOver.json()).data.roles).toEqual([
      { id: trainerRole, name: 'Entrenador' },
    ]);
    // The former owner lost settings.manage with the role; the partner gives it back.
    const back = await putRoles(ctx, partner.token, club.id, owner.id, {
      role_ids: [ownerRole, trainerRole],
    });
    expect(back.statusCode).toBe(200);
  });

  it('answers 404 for a person who is not a member of this club, even one of another club', async () => {
    const { owner, club } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club ajeno');
    const trainerRole = await roleIdOf(ctx, 'Entrenador');

    for (const userId of [other.owner.id, 999_999]) {
      const response = await putRoles(ctx, owner.token, club.id, userId, {
        role_ids: [trainerRole],
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: memberMessages.memberNotFound });
    }
  });

  it('refuses unknown roles, Super Admin and bad bodies with 400 and the field', async () => {
    const { owner, club } = await ownedClub(ctx);
    const person = await registerUser(ctx);
    await addMembership(ctx, person.id, club.id, 'Jugador');
    const superAdminRole = await roleIdOf(ctx, 'Super Admin');

    const unknown = await putRoles(ctx, owner.token, club.id, person.id, { role_ids: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'role_ids', message: memberMessages.roleNotFound },
    ]);
    const admin = await putRoles(ctx, owner.token, club.id, person.id, {
      role_ids: [superAdminRole],
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors).toEqual([
      { path: 'role_ids', message: memberMessages.superAdminRole },
    ]);
    for (const body of [{}, { role_ids: [] }, { role_ids: 'x' }, { role_ids: ['a'] }, []]) {
      const response = await putRoles(ctx, owner.token, club.id, person.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await putRoles(ctx, owner.token, club.id, person.id, { role_ids: [] });
    expect(empty.json().errors).toEqual([
      { path: 'role_ids', message: memberMessages.atLeastOneRole },
    ]);
  });

  it('lets a super admin who is not a member manage the club', async () => {
    const { club } = await ownedClub(ctx);
    const admin = await superAdmin(ctx);
    const person = await registerUser(ctx);
    await addMembership(ctx, person.id, club.id, 'Jugador');

    const listed = await members(ctx, admin.token, club.id);
    expect(listed.total).toBe(2);
    const response = await putRoles(ctx, admin.token, club.id, person.id, {
      role_ids: [await roleIdOf(ctx, 'Padre/Acudiente')],
    });
    expect(response.statusCode).toBe(200);
  });
});
