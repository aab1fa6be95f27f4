import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authResponseSchema } from '../../contract/auth.schema';
import {
  categoryAssignmentResponseSchema,
  categoryMessages,
  categoryResponseSchema,
} from '../../contract/categories.schema';
import { linkRequestMessages } from '../../contract/link-requests.schema';
import { DATA_POLICY_VERSION } from '../../contract/parents.schema';
import { peopleMessages } from '../../contract/people.schema';
import {
  type Trainer,
  type TrainerCreateInput,
  trainerListResponseSchema,
  trainerMessages,
  trainerResponseSchema,
} from '../../contract/trainers.schema';
import { invitations } from '../../server/db/schema/invitations';
import { emailOutbox } from '../../server/db/schema/mail';
import { clubMemberships } from '../../server/db/schema/memberships';
import { categoryTrainers, trainers as trainerRows } from '../../server/db/schema/trainers';
import { users } from '../../server/db/schema/users';
import { createClub, memberOf } from './support/clubs';
import { invitationLinkFrom, roleIdOf } from './support/members';
import {
  type TestContext,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
} from './support/test-app';

type Account = Awaited<ReturnType<typeof registerUser>>;

const THIS_YEAR = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;

let documentSequence = 0;
/** A CC number no other test uses (documents are unique on the whole platform). */
const nextDocument = () => {
  documentSequence += 1;
  return String(70_000_000 + documentSequence * 37 + Math.floor(Math.random() * 30));
};

async function ownedClub(ctx: TestContext, name = 'Club de Entrenadores') {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

async function category(ctx: TestContext, owner: Account, clubId: number, name: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/categories`,
    token: owner.token,
    body: { name, gender: 'mixed', birth_year_from: THIS_YEAR - 10, birth_year_to: THIS_YEAR - 9 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return categoryResponseSchema.parse(response.json()).data;
}

/** The token of the newest link-request e-mail to `email` (sent after commit). */
async function linkRequestTokenTo(ctx: TestContext, email: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const match = /\/link-request\/([0-9a-f]{64})/.exec(ctx.mailer.lastTo(email)?.text ?? '');
    if (match) return match[1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No link-request e-mail to ${email}`);
}

const post = (ctx: TestContext, token: string, clubId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/trainers`, token, body });

const patch = (ctx: TestContext, token: string, url: string, body: unknown) =>
  ctx.request({ method: 'PATCH', url, token, body });

async function added(
  ctx: TestContext,
  owner: Account,
  clubId: number,
  body: Partial<TrainerCreateInput> = {},
): Promise<Trainer> {
  const response = await post(ctx, owner.token, clubId, {
    name: 'Ana',
    lastname: 'Gómez',
    document_type: 'CC',
    document_number: nextDocument(),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return trainerResponseSchema.parse(response.json()).data;
}

async function list(ctx: TestContext, token: string, clubId: number, query = '') {
  const response = await ctx.request({
    method: 'GET',
    url: `${base(clubId)}/trainers${query ? `?${query}` : ''}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return trainerListResponseSchema.parse(response.json());
}

const lastnames = (rows: Trainer[]) => rows.map((row) => row.lastname);
const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

async function isEntrenador(ctx: TestContext, userId: number, clubId: number) {
  const rows = await ctx.db
    .select({ id: clubMemberships.id })
    .from(clubMemberships)
    .where(
      and(
        eq(clubMemberships.userId, userId),
        eq(clubMemberships.clubId, clubId),
        eq(clubMemberships.roleId, await roleIdOf(ctx, 'Entrenador')),
      ),
    );
  return rows.length > 0;
}

describeEachDatabase('Trainers API (/api/pla_club_teams/:id/trainers)', (ctx) => {
  it('adds a trainer with categories and an e-mail: the invitation goes out, the list shows them', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await category(ctx, owner, clubId, 'Sub-10');
    const sub12 = await category(ctx, owner, clubId, 'Sub-12');
    const email = uniqueEmail('profe');
    const document = nextDocument();

    const response = await post(ctx, owner.token, clubId, {
      name: ' Ana ',
      lastname: 'Gómez',
      document_type: 'CC',
      document_number: document,
      phone: '300 123 4567',
      email: email.toUpperCase(),
      category_ids: [sub12.id, sub10.id],
    });

    expect(response.statusCode, response.body).toBe(201);
    const body = trainerResponseSchema.parse(response.json());
    expect(body.message).toBe(trainerMessages.invitationSent(email));
    expect(body.data).toMatchObject({
      name: 'Ana',
      lastname: 'Gómez',
      email,
      document_type: 'CC',
      document_number: document,
      has_account: false,
      status: 'active',
      categories: [
        { id: sub10.id, name: 'Sub-10' },
        { id: sub12.id, name: 'Sub-12' },
      ],
    });
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(invitationLinkFrom(mails[0]!.text).token).toHaveLength(64);
    const [invitation] = await ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    expect(invitation).toMatchObject({ type: 'trainer', status: 'pending', clubId });

    const page = await list(ctx, owner.token, clubId);
    expect(page.total).toBe(1);
    expect(page.data[0]).toEqual(body.data);
  });

  it('re-invites a trainer without an account at a new e-mail, revoking the old invitation', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const first = uniqueEmail('profe-antes');
    const created = await post(ctx, owner.token, clubId, {
      name: 'Marta',
      lastname: 'Ríos',
      document_type: 'CC',
      document_number: nextDocument(),
      email: first,
    });
    expect(created.statusCode, created.body).toBe(201);
    const trainerId = trainerResponseSchema.parse(created.json()).data.id;
    const patch = (body: object) =>
      ctx.request({
        method: 'PATCH',
        url: `${base(clubId)}/trainers/${trainerId}`,
        token: owner.token,
        body,
      });

    // A change that keeps the e-mail sends nothing.
    const renamed = trainerResponseSchema.parse((await patch({ name: 'Marta Lucía' })).json());
    expect(renamed.message).toBeUndefined();

    const second = uniqueEmail('profe-despues');
    const moved = await patch({ email: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(trainerResponseSchema.parse(moved.json()).message).toBe(
      trainerMessages.invitationSent(second),
    );
    const byEmail = async (email: string) =>
      (
        await ctx.db
          .select({ status: invitations.status })
          .from(invitations)
          .where(and(eq(invitations.email, email), eq(invitations.clubId, clubId)))
      ).map((row) => row.status);
    expect(await byEmail(first)).toEqual(['revoked']);
    expect(await byEmail(second)).toEqual(['pending']);
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, second))).toHaveLength(
      1,
    );
  });

  it('adds a trainer without e-mail: no invitation and no message', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const response = await post(ctx, owner.token, clubId, {
      name: 'Luis',
      lastname: 'Pérez',
      document_type: 'CC',
      document_number: nextDocument(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = trainerResponseSchema.parse(response.json());
    expect(body.message).toBeUndefined();
    expect(body.data.email).toBeNull();
    expect(await ctx.db.select().from(invitations).where(eq(invitations.clubId, clubId))).toEqual(
      [],
    );
  });

  it('lists a trainer who joined through an accepted invitation, with an account', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const email = uniqueEmail('invitado');
    const invited = await ctx.request({
      method: 'POST',
      url: `${base(clubId)}/invitations`,
      token: owner.token,
      body: { email, type: 'trainer' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = invitationLinkFrom(ctx.mailer.lastTo(email)!.text).token;
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      body: {
        name: 'Inés',
        lastname: 'Álvarez',
        password: 'ClaveNueva2025',
        password_confirmation: 'ClaveNueva2025',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const userId = authResponseSchema.parse(accepted.json()).user.id;

    const page = await list(ctx, owner.token, clubId);
    expect(page.data).toEqual([
      expect.objectContaining({
        id: userId,
        name: 'Inés',
        lastname: 'Álvarez',
        email,
        has_account: true,
        status: 'active',
        categories: [],
      }),
    ]);
  });

  it('asks a person of another club found by document: 409 without link_existing, 202 (a request) with it, one user row', async () => {
    const other = await ownedClub(ctx, 'Otro Club');
    const { owner, clubId } = await ownedClub(ctx);
    const document = nextDocument();
    const original = await added(ctx, other.owner, other.clubId, {
      name: 'Carlos',
      lastname: 'Rendón',
      document_number: document,
    });

    const refused = await post(ctx, owner.token, clubId, {
      name: 'Otro',
      lastname: 'Nombre',
      document_type: 'CC',
      document_number: document,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: peopleMessages.existsElsewhere });
    expect(fieldsOf(refused.json())).toEqual(['document_number']);

    const body = {
      name: 'Otro',
      lastname: 'Nombre',
      document_type: 'CC',
      document_number: document,
      link_existing: true,
    };
    // Issue #33: Carlos belongs to another club, so he is asked, not linked.
    const asked = await post(ctx, owner.token, clubId, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ message: linkRequestMessages.sent });
    expect(asked.body).not.toContain('Carlos');
    expect(asked.json().data.typed_name).toBe('Otro Nombre');
    expect(await isEntrenador(ctx, original.id, clubId)).toBe(false);
    expect(
      await ctx.db.select().from(users).where(eq(users.documentNumber, document)),
    ).toHaveLength(1);

    const again = await post(ctx, owner.token, clubId, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: linkRequestMessages.alreadyPending });
    expect(fieldsOf(again.json())).toEqual(['document_number']);

    const inOwnClub = await post(ctx, other.owner.token, other.clubId, body);
    expect(inOwnClub.statusCode).toBe(409);
    expect(inOwnClub.json()).toMatchObject({ message: trainerMessages.alreadyTrainer });
  });

  it('refuses bad input with 400 on the field, and an e-mail of another person with 409', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club Ajeno');
    const foreign = await category(ctx, other.owner, other.clubId, 'Sub-14');

    const letters = await post(ctx, owner.token, clubId, {
      name: 'Ana',
      lastname: 'Gómez',
      document_type: 'CC',
      document_number: '12AB5678',
    });
    expect(letters.statusCode).toBe(400);
    expect(fieldsOf(letters.json())).toEqual(['document_number']);

    const foreignCategory = await post(ctx, owner.token, clubId, {
      name: 'Ana',
      lastname: 'Gómez',
      document_type: 'CC',
      document_number: nextDocument(),
      category_ids: [foreign.id],
    });
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json()).toMatchObject({ message: trainerMessages.categoryNotFound });
    expect(fieldsOf(foreignCategory.json())).toEqual(['category_ids']);
    expect((await list(ctx, owner.token, clubId)).total).toBe(0);

    const someone = await registerUser(ctx);
    const emailTaken = await post(ctx, owner.token, clubId, {
      name: 'Ana',
      lastname: 'Gómez',
      document_type: 'CC',
      document_number: nextDocument(),
      email: someone.email,
    });
    expect(emailTaken.statusCode).toBe(409);
    expect(fieldsOf(emailTaken.json())).toEqual(['email']);
  });

  it('adds the same trainer twice at once: one 201, one 409, one user row', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const document = nextDocument();
    const body = { name: 'Doble', lastname: 'Vez', document_type: 'CC', document_number: document };
    const answers = await Promise.all([
      post(ctx, owner.token, clubId, body),
      post(ctx, owner.token, clubId, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(
      await ctx.db.select().from(users).where(eq(users.documentNumber, document)),
    ).toHaveLength(1);
    expect((await list(ctx, owner.token, clubId)).total).toBe(1);
  });

  it('edits identity and categories of a trainer without an account; 422 for one with an account', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub8 = await category(ctx, owner, clubId, 'Sub-8');
    const sub10 = await category(ctx, owner, clubId, 'Sub-10');
    const trainer = await added(ctx, owner, clubId, { category_ids: [sub8.id] });
    const url = `${base(clubId)}/trainers/${trainer.id}`;

    const edited = await patch(ctx, owner.token, url, {
      name: 'Ana María',
      phone: '3109876543',
      category_ids: [sub10.id],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(trainerResponseSchema.parse(edited.json()).data).toMatchObject({
      id: trainer.id,
      name: 'Ana María',
      lastname: 'Gómez',
      phone: '3109876543',
      categories: [{ id: sub10.id, name: 'Sub-10' }],
    });
    const cleared = await patch(ctx, owner.token, url, { category_ids: [] });
    expect(trainerResponseSchema.parse(cleared.json()).data.categories).toEqual([]);

    const coach = await memberOf(ctx, clubId, 'Entrenador');
    const withAccount = `${base(clubId)}/trainers/${coach.id}`;
    const refused = await patch(ctx, owner.token, withAccount, { name: 'Cambiado' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: peopleMessages.ownProfileOnly });
    const categoriesOnly = await patch(ctx, owner.token, withAccount, { category_ids: [sub8.id] });
    expect(categoriesOnly.statusCode, categoriesOnly.body).toBe(200);
    expect(trainerResponseSchema.parse(categoriesOnly.json()).data).toMatchObject({
      name: 'María José',
      has_account: true,
      categories: [{ id: sub8.id, name: 'Sub-8' }],
    });
  });

  it('toggles the status, filters by it, and keeps it', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const trainer = await added(ctx, owner, clubId);
    const invitedCoach = await memberOf(ctx, clubId, 'Entrenador');

    const off = await patch(ctx, owner.token, `${base(clubId)}/trainers/${trainer.id}/status`, {
      status: 'inactive',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(trainerResponseSchema.parse(off.json()).data.status).toBe('inactive');
    const inactive = await list(ctx, owner.token, clubId, 'status=inactive');
    expect(inactive.data.map((row) => row.id)).toEqual([trainer.id]);
    const active = await list(ctx, owner.token, clubId, 'status=active');
    expect(active.data.map((row) => row.id)).toEqual([invitedCoach.id]);

    const on = await patch(ctx, owner.token, `${base(clubId)}/trainers/${invitedCoach.id}/status`, {
      status: 'inactive',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await list(ctx, owner.token, clubId, 'status=inactive')).total).toBe(2);
    const bad = await patch(ctx, owner.token, `${base(clubId)}/trainers/${trainer.id}/status`, {
      status: 'paused',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(['status']);
  });

  it('removes a trainer: the role, their categories here and pending invitations go; the person stays', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Segundo Club');
    const mine = await category(ctx, owner, clubId, 'Sub-10');
    const theirs = await category(ctx, other.owner, other.clubId, 'Sub-10');
    const email = uniqueEmail('sale');
    const trainer = await added(ctx, owner, clubId, { email, category_ids: [mine.id] });
    // The other club asks; the trainer accepts from the e-mail on file (issue #33).
    const asked = await post(ctx, other.owner.token, other.clubId, {
      name: 'Igual',
      lastname: 'Persona',
      document_type: 'CC',
      document_number: trainer.document_number!,
      link_existing: true,
      category_ids: [theirs.id],
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/by-token/${await linkRequestTokenTo(ctx, email)}/accept`,
      // The consent for the club, and the password that opens their account (no account yet).
      body: {
        accept_data_policy: true,
        data_policy_version: DATA_POLICY_VERSION,
        password: 'Cancha2026x',
        password_confirmation: 'Cancha2026x',
      },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const response = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/trainers/${trainer.id}`,
      token: owner.token,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await isEntrenador(ctx, trainer.id, clubId)).toBe(false);
    expect(await isEntrenador(ctx, trainer.id, other.clubId)).toBe(true);
    expect(await ctx.db.select().from(users).where(eq(users.id, trainer.id))).toHaveLength(1);
    const links = await ctx.db
      .select({ categoryId: categoryTrainers.categoryId })
      .from(categoryTrainers)
      .where(eq(categoryTrainers.userId, trainer.id));
    expect(links).toEqual([{ categoryId: theirs.id }]);
    const [history] = await ctx.db
      .select()
      .from(trainerRows)
      .where(and(eq(trainerRows.clubId, clubId), eq(trainerRows.userId, trainer.id)));
    expect(history).toBeDefined();
    const sent = await ctx.db
      .select({ status: invitations.status })
      .from(invitations)
      .where(and(eq(invitations.email, email), eq(invitations.clubId, clubId)));
    expect(sent).toEqual([{ status: 'revoked' }]);
    expect((await list(ctx, owner.token, clubId)).total).toBe(0);

    const twice = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/trainers/${trainer.id}`,
      token: owner.token,
    });
    expect(twice.statusCode).toBe(404);
  });

  it("answers 404 for another club's trainer and for a member who is not a trainer", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const other = await ownedClub(ctx, 'Club Vecino');
    const theirs = await added(ctx, other.owner, other.clubId);
    const player = await memberOf(ctx, clubId, 'Jugador');

    for (const id of [theirs.id, player.id]) {
      const url = `${base(clubId)}/trainers/${id}`;
      const answers = [
        await patch(ctx, owner.token, url, { phone: '3001112233' }),
        await patch(ctx, owner.token, `${url}/status`, { status: 'inactive' }),
        await ctx.request({ method: 'DELETE', url, token: owner.token }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: trainerMessages.notFound });
      }
    }
    const untouched = await list(ctx, other.owner.token, other.clubId);
    expect(untouched.data[0]).toMatchObject({ id: theirs.id, status: 'active', phone: null });
  });

  it('pages, sorts, searches (ignoring case and accents, by document and e-mail) and filters by category', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await category(ctx, owner, clubId, 'Sub-10');
    const people = [
      { name: 'Zoe', lastname: 'Álvarez' },
      { name: 'Bruno', lastname: 'Zapata' },
      { name: 'Carla', lastname: 'Núñez', email: uniqueEmail('carla') },
      { name: 'Ana', lastname: 'Muñoz', category_ids: [sub10.id] },
    ];
    const created: Trainer[] = [];
    for (const person of people) {
      created.push(await added(ctx, owner, clubId, person));
      ctx.clock.advance(1000);
    }

    expect(lastnames((await list(ctx, owner.token, clubId)).data)).toEqual([
      'Álvarez',
      'Muñoz',
      'Núñez',
      'Zapata',
    ]);
    expect(lastnames((await list(ctx, owner.token, clubId, 'sort=-name')).data)).toEqual([
      'Zapata',
      'Núñez',
      'Muñoz',
      'Álvarez',
    ]);
    const joined = await list(ctx, owner.token, clubId, 'sort=joined_at');
    expect(joined.data.map((row) => row.joined_at)).toEqual(
      [...joined.data.map((row) => row.joined_at)].sort(),
    );

    for (const name of ['Gael', 'Fabio', 'Eva', 'Dora', 'Ciro', 'Beto', 'Abel']) {
      await added(ctx, owner, clubId, { name, lastname: 'Ortiz' });
    }
    const first = await list(ctx, owner.token, clubId, 'page=1&pageSize=10');
    const second = await list(ctx, owner.token, clubId, 'page=2&pageSize=10');
    expect(first.total).toBe(11);
    expect(second.total).toBe(11);
    expect(first.data.map((row) => `${row.lastname} ${row.name}`)).toEqual([
      'Álvarez Zoe',
      'Muñoz Ana',
      'Núñez Carla',
      ...['Abel', 'Beto', 'Ciro', 'Dora', 'Eva', 'Fabio', 'Gael'].map((name) => `Ortiz ${name}`),
    ]);
    expect(lastnames(second.data)).toEqual(['Zapata']);
    const past = await list(ctx, owner.token, clubId, 'page=5&pageSize=10');
    expect(past).toEqual({ data: [], total: 11 });

    expect(lastnames((await list(ctx, owner.token, clubId, 'q=ALVAREZ')).data)).toEqual([
      'Álvarez',
    ]);
    expect(lastnames((await list(ctx, owner.token, clubId, 'q=nunez')).data)).toEqual(['Núñez']);
    expect(lastnames((await list(ctx, owner.token, clubId, 'q=carla.')).data)).toEqual(['Núñez']);
    const byDocument = await list(ctx, owner.token, clubId, `q=${created[1]!.document_number}`);
    expect(lastnames(byDocument.data)).toEqual(['Zapata']);
    expect(lastnames((await list(ctx, owner.token, clubId, 'q=ana%20mu')).data)).toEqual(['Muñoz']);

    const inSub10 = await list(ctx, owner.token, clubId, `category_id=${sub10.id}`);
    expect(inSub10.data).toEqual([
      expect.objectContaining({
        lastname: 'Muñoz',
        categories: [{ id: sub10.id, name: 'Sub-10' }],
      }),
    ]);
    const badSort = await ctx.request({
      method: 'GET',
      url: `${base(clubId)}/trainers?sort=email`,
      token: owner.token,
    });
    expect(badSort.statusCode).toBe(400);
  });

  it("assigns and removes a category's trainers, answering only what changed", async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const sub10 = await category(ctx, owner, clubId, 'Sub-10');
    const ana = await added(ctx, owner, clubId, { lastname: 'Uno' });
    const beto = await added(ctx, owner, clubId, { lastname: 'Dos', category_ids: [sub10.id] });
    const url = `${base(clubId)}/categories/${sub10.id}/trainers`;

    const first = await patch(ctx, owner.token, url, { add: [ana.id, beto.id], remove: [] });
    expect(first.statusCode, first.body).toBe(200);
    expect(categoryAssignmentResponseSchema.parse(first.json()).data).toEqual({
      added: [ana.id],
      removed: [],
    });
    const second = await patch(ctx, owner.token, url, { remove: [beto.id, ana.id] });
    expect(second.json()).toEqual({
      data: { added: [], removed: [ana.id, beto.id].sort((a, b) => a - b) },
    });
    expect((await list(ctx, owner.token, clubId, `category_id=${sub10.id}`)).total).toBe(0);

    const player = await memberOf(ctx, clubId, 'Jugador');
    const stranger = await patch(ctx, owner.token, url, { add: [ana.id, player.id] });
    expect(stranger.statusCode).toBe(400);
    expect(fieldsOf(stranger.json())).toEqual(['add']);
    expect(stranger.json().message).toContain(String(player.id));
    expect((await list(ctx, owner.token, clubId, `category_id=${sub10.id}`)).total).toBe(0);

    const other = await ownedClub(ctx, 'Club de Otra Categoría');
    const foreign = await category(ctx, other.owner, other.clubId, 'Sub-12');
    const notHere = await patch(
      ctx,
      owner.token,
      `${base(clubId)}/categories/${foreign.id}/trainers`,
      {
        add: [ana.id],
      },
    );
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json()).toEqual({ message: categoryMessages.notFound });
  });

  it('refuses the trainer routes to a role without the permission (403)', async () => {
    const { owner, clubId } = await ownedClub(ctx);
    const trainer = await added(ctx, owner, clubId);
    const player = await memberOf(ctx, clubId, 'Jugador');
    const refused = await post(ctx, player.token, clubId, {
      name: 'X',
      lastname: 'Y',
      document_type: 'CC',
      document_number: nextDocument(),
    });
    expect(refused.statusCode).toBe(403);
    const removal = await ctx.request({
      method: 'DELETE',
      url: `${base(clubId)}/trainers/${trainer.id}`,
      token: player.token,
    });
    expect(removal.statusCode).toBe(403);
    expect(await isEntrenador(ctx, trainer.id, clubId)).toBe(true);
  });
});
