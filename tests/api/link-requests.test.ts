import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categoryResponseSchema } from '../../contract/categories.schema';
import {
  clubLinkRequestListResponseSchema,
  clubLinkRequestSchema,
  incomingLinkRequestListResponseSchema,
  incomingLinkRequestResponseSchema,
  linkRequestAnswerResponseSchema,
  linkRequestCreatedResponseSchema,
  linkRequestMessages,
} from '../../contract/link-requests.schema';
import {
  DATA_POLICY_VERSION,
  childIdentityResponseSchema,
  dataPolicyText,
} from '../../contract/parents.schema';
import { peopleMessages } from '../../contract/people.schema';
import type { PlayerCreateInput } from '../../contract/players.schema';
import { playerResponseSchema } from '../../contract/players.schema';
import { roles } from '../../server/db/schema/access';
import { linkRequests } from '../../server/db/schema/link-requests';
import { clubMemberships } from '../../server/db/schema/memberships';
import { notifications } from '../../server/db/schema/notifications';
import { dataConsents, guardianLinks } from '../../server/db/schema/parents';
import { players } from '../../server/db/schema/players';
import { categoryTrainers } from '../../server/db/schema/trainers';
import { createClub, superAdmin } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

/*
 * Issue #33 item 1: a club that finds a person who belongs elsewhere sends a request; the
 * person (or, for a minor, an authorised guardian) answers it. The reproduction of the
 * defect first: a stranger's club used to get the child, with their birth date.
 */

const THIS_YEAR = new Date().getUTCFullYear();
const base = (clubId: number) => `/api/pla_club_teams/${clubId}`;
let sequence = 0;
const ti = () => String(1_100_000_000 + ++sequence);
const cc = () => String(30_000_000 + ++sequence);

const child = (): PlayerCreateInput => ({
  name: 'Valentina',
  lastname: 'Quintero',
  document_type: 'TI',
  document_number: ti(),
  birth_date: `${THIS_YEAR - 11}-03-15`,
  gender: 'female',
  guardian_name: 'Laura Quintero',
  guardian_phone: '3001112233',
});

async function ownedClub(ctx: TestContext, name: string) {
  const owner = await registerUser(ctx);
  const club = await createClub(ctx, owner.token, { name });
  return { owner, clubId: club.id };
}

async function category(ctx: TestContext, token: string, clubId: number, name: string) {
  const response = await ctx.request({
    method: 'POST',
    url: `${base(clubId)}/categories`,
    token,
    body: { name, gender: 'mixed', birth_year_from: 1950 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return categoryResponseSchema.parse(response.json()).data;
}

const postPlayer = (ctx: TestContext, token: string, clubId: number, body: unknown) =>
  ctx.request({ method: 'POST', url: `${base(clubId)}/players`, token, body });

async function addPlayer(ctx: TestContext, token: string, clubId: number, body: PlayerCreateInput) {
  const response = await postPlayer(ctx, token, clubId, body);
  expect(response.statusCode, response.body).toBe(201);
  return playerResponseSchema.parse(response.json()).data;
}

/** A minor player of a home club with an authorised guardian who has an account. */
async function childWithGuardian(ctx: TestContext) {
  const home = await ownedClub(ctx, 'Club Casa');
  const input = child();
  const player = await addPlayer(ctx, home.owner.token, home.clubId, input);
  const guardian = await registerUser(ctx, { name: 'Laura', lastname: 'Quintero' });
  await linkGuardian(ctx.db, { clubId: home.clubId, playerId: player.id, guardianId: guardian.id });
  return { home, input, player, guardian };
}

async function clubsOf(ctx: TestContext, userId: number) {
  const rows = await ctx.db
    .select({ clubId: clubMemberships.clubId, role: roles.name })
    .from(clubMemberships)
    .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
    .where(eq(clubMemberships.userId, userId));
  return rows.map((row) => `${row.clubId}:${row.role}`).sort();
}

/** The data-processing authorisations `userId` gave, per club. */
const consentsOf = (ctx: TestContext, userId: number) =>
  ctx.db
    .select({ clubId: dataConsents.clubId, version: dataConsents.version })
    .from(dataConsents)
    .where(eq(dataConsents.userId, userId))
    .orderBy(dataConsents.id);

const tokenIn = (text: string) => {
  const match = /\/link-request\/([A-Za-z0-9_-]{64})/.exec(text);
  if (!match) throw new Error(`No link-request link in: ${text}`);
  return match[1]!;
};

async function mailTokenTo(ctx: TestContext, email: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = ctx.mailer.lastTo(email);
    if (mail && /\/link-request\//.test(mail.text)) return tokenIn(mail.text);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No link-request e-mail to ${email}`);
}

const mine = async (ctx: TestContext, token: string) => {
  const response = await ctx.request({ method: 'GET', url: '/api/link-requests', token });
  expect(response.statusCode, response.body).toBe(200);
  return incomingLinkRequestListResponseSchema.parse(response.json()).data;
};

/** The data-processing authorisation an acceptance carries (Ley 1581). */
const CONSENT = { accept_data_policy: true, data_policy_version: DATA_POLICY_VERSION };

const answer = (ctx: TestContext, token: string, id: number, what: 'accept' | 'decline') =>
  ctx.request({
    method: 'POST',
    url: `/api/link-requests/${id}/${what}`,
    token,
    ...(what === 'accept' ? { body: CONSENT } : {}),
  });

describeEachDatabase('Link requests (issue #33 item 1)', (ctx) => {
  it('reproduction: a stranger club asking for a minor of another club gets a 202 and nothing of the child', async () => {
    const { home, input, player, guardian } = await childWithGuardian(ctx);
    const stranger = await ownedClub(ctx, 'Club Extraño');
    const sub = await category(ctx, stranger.owner.token, stranger.clubId, 'Sub-12 extraños');

    const asked = await postPlayer(ctx, stranger.owner.token, stranger.clubId, {
      name: 'Nombre',
      lastname: 'Cualquiera',
      document_type: 'TI',
      document_number: input.document_number,
      birth_date: `${THIS_YEAR - 10}-01-01`,
      gender: 'female',
      guardian_name: 'Alguien',
      guardian_phone: '3009998877',
      category_id: sub.id,
      position: 'Delantera',
      link_existing: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const body = linkRequestCreatedResponseSchema.parse(asked.json());
    expect(body.message).toBe(linkRequestMessages.sent);
    expect(body.data).toMatchObject({
      kind: 'player',
      status: 'pending',
      typed_name: 'Nombre Cualquiera',
    });
    // Nothing of the stored child: no id, name or birth date.
    expect(asked.body).not.toContain('Valentina');
    expect(asked.body).not.toContain(input.birth_date!);
    expect(Object.keys(asked.json().data).sort()).toEqual(
      Object.keys(clubLinkRequestSchema.shape).sort(),
    );

    const list = await ctx.request({
      method: 'GET',
      url: `${base(stranger.clubId)}/players`,
      token: stranger.owner.token,
    });
    expect(list.json().total).toBe(0);
    expect(await clubsOf(ctx, player.id)).toEqual([`${home.clubId}:Jugador`]);
    const patched = await ctx.request({
      method: 'PATCH',
      url: `${base(stranger.clubId)}/players/${player.id}`,
      token: stranger.owner.token,
      body: { name: 'Robada' },
    });
    expect(patched.statusCode).toBe(404);

    // The guardian sees it, has a notification and an e-mail with their own link.
    const incoming = await mine(ctx, guardian.token);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]).toMatchObject({
      id: body.data.id,
      kind: 'player',
      as_guardian: true,
      club: { id: stranger.clubId, name: 'Club Extraño' },
      person: { id: player.id, name: 'Valentina' },
    });
    const notes = await ctx.db
      .select({ type: notifications.type, priority: notifications.priority })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, guardian.id),
          eq(notifications.subject, `link-request:${body.data.id}`),
        ),
      );
    expect(notes).toEqual([{ type: 'system_alert', priority: 'high' }]);
    const token = await mailTokenTo(ctx, guardian.email);
    expect(token).toHaveLength(64);

    // A non-recipient answering gets 404; the club's own owner too.
    const nosy = await registerUser(ctx);
    expect((await answer(ctx, nosy.token, body.data.id, 'accept')).statusCode).toBe(404);
    expect((await answer(ctx, stranger.owner.token, body.data.id, 'accept')).statusCode).toBe(404);
    expect(await mine(ctx, nosy.token)).toEqual([]);

    const accepted = await answer(ctx, guardian.token, body.data.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(linkRequestAnswerResponseSchema.parse(accepted.json())).toMatchObject({
      data: { status: 'accepted' },
      message: linkRequestMessages.acceptedForChild('Valentina Quintero', 'Club Extraño'),
    });
    expect(await clubsOf(ctx, player.id)).toEqual(
      [`${home.clubId}:Jugador`, `${stranger.clubId}:Jugador`].sort(),
    );
    const [row] = await ctx.db
      .select({ categoryId: players.categoryId, position: players.position })
      .from(players)
      .where(and(eq(players.clubId, stranger.clubId), eq(players.userId, player.id)));
    expect(row).toEqual({ categoryId: sub.id, position: 'Delantera' });
    // The guardian who accepted is the child's authorised guardian in the new club too.
    const links = await ctx.db
      .select({ status: guardianLinks.status, isPrimary: guardianLinks.isPrimary })
      .from(guardianLinks)
      .where(
        and(
          eq(guardianLinks.clubId, stranger.clubId),
          eq(guardianLinks.playerId, player.id),
          eq(guardianLinks.guardianId, guardian.id),
        ),
      );
    expect(links).toEqual([{ status: 'authorized', isPrimary: true }]);
    expect(await clubsOf(ctx, guardian.id)).toContain(`${stranger.clubId}:Padre/Acudiente`);
    // The child's identity is unchanged by what the stranger typed.
    const detail = await ctx.request({
      method: 'GET',
      url: `${base(stranger.clubId)}/players/${player.id}`,
      token: stranger.owner.token,
    });
    expect(playerResponseSchema.parse(detail.json()).data).toMatchObject({
      name: 'Valentina',
      identity_editable: false,
    });
    // The token of the e-mail is spent; the club sees the answer and was told.
    const byToken = await ctx.request({
      method: 'GET',
      url: `/api/link-requests/by-token/${token}`,
    });
    expect(byToken.statusCode).toBe(404);
    const clubList = await ctx.request({
      method: 'GET',
      url: `${base(stranger.clubId)}/link-requests`,
      token: stranger.owner.token,
    });
    expect(clubLinkRequestListResponseSchema.parse(clubList.json()).data[0]).toMatchObject({
      id: body.data.id,
      status: 'accepted',
    });
    const told = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, stranger.owner.id));
    expect(told.length).toBeGreaterThan(0);
  });

  it('accepting by the e-mailed token links the child; declining leaves nothing', async () => {
    const { input, player, guardian } = await childWithGuardian(ctx);
    const first = await ownedClub(ctx, 'Club Token');
    const second = await ownedClub(ctx, 'Club Rechazado');
    const ask = (clubId: number, token: string) =>
      postPlayer(ctx, token, clubId, {
        ...child(),
        document_number: input.document_number,
        link_existing: true,
      });

    expect((await ask(first.clubId, first.owner.token)).statusCode).toBe(202);
    const token = await mailTokenTo(ctx, guardian.email);
    const seen = await ctx.request({ method: 'GET', url: `/api/link-requests/by-token/${token}` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(incomingLinkRequestResponseSchema.parse(seen.json()).data).toMatchObject({
      club: { id: first.clubId },
      as_guardian: true,
    });
    const accepted = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/by-token/${token}/accept`,
      body: CONSENT,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await clubsOf(ctx, player.id)).includes(`${first.clubId}:Jugador`)).toBe(true);
    const again = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/by-token/${token}/accept`,
      body: CONSENT,
    });
    expect(again.statusCode).toBe(404);

    const declinedAsk = await ask(second.clubId, second.owner.token);
    expect(declinedAsk.statusCode).toBe(202);
    const id = linkRequestCreatedResponseSchema.parse(declinedAsk.json()).data.id;
    // A decline has no body: a stray one (the fuzzer sent a bare number) is ignored.
    const declined = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/${id}/decline`,
      token: guardian.token,
      headers: { 'content-type': 'application/json' },
      payload: '2147483648',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ data: { status: 'declined' } });
    expect(
      (await clubsOf(ctx, player.id)).some((entry) => entry.startsWith(`${second.clubId}:`)),
    ).toBe(false);
    const late = await answer(ctx, guardian.token, id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(linkRequestMessages.notPending);
  });

  it('a suspended club takes nobody in: its requests answer like unknown ones until it is reactivated', async () => {
    const { input, player, guardian } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Suspendido');
    const asked = await postPlayer(ctx, club.owner.token, club.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = linkRequestCreatedResponseSchema.parse(asked.json()).data.id;
    const token = await mailTokenTo(ctx, guardian.email);
    const admin = await superAdmin(ctx);
    const act = (action: 'suspend' | 'reactivate') =>
      ctx.request({
        method: 'POST',
        url: `/api/admin/clubs/${club.clubId}/${action}`,
        token: admin.token,
        ...(action === 'suspend' ? { body: { reason: 'Falta de pago' } } : {}),
      });
    const byToken = () =>
      ctx.request({ method: 'GET', url: `/api/link-requests/by-token/${token}` });

    expect((await act('suspend')).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(404);
    expect((await mine(ctx, guardian.token)).map((request) => request.id)).not.toContain(id);
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/by-token/${token}/accept`,
      body: CONSENT,
    });
    expect(refused.statusCode).toBe(404);
    expect((await answer(ctx, guardian.token, id, 'accept')).statusCode).toBe(404);
    expect(await clubsOf(ctx, player.id)).not.toContain(`${club.clubId}:Jugador`);

    expect((await act('reactivate')).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(200);
    expect((await answer(ctx, guardian.token, id, 'accept')).statusCode).toBe(200);
    expect(await clubsOf(ctx, player.id)).toContain(`${club.clubId}:Jugador`);
  });

  it('a trainer found by e-mail who has an account is asked, and joins with the categories on accepting', async () => {
    const coach = await registerUser(ctx, { name: 'Carlos', lastname: 'Entrenador' });
    const club = await ownedClub(ctx, 'Club Entrenadores');
    const sub = await category(ctx, club.owner.token, club.clubId, 'Sub-15 E');
    const asked = await ctx.request({
      method: 'POST',
      url: `${base(club.clubId)}/trainers`,
      token: club.owner.token,
      body: {
        name: 'Carlitos',
        lastname: 'X',
        email: coach.email,
        category_ids: [sub.id],
        link_existing: true,
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.body).not.toContain('Carlos');
    expect(await clubsOf(ctx, coach.id)).toEqual([]);

    const incoming = await mine(ctx, coach.token);
    expect(incoming).toMatchObject([{ kind: 'trainer', as_guardian: false }]);
    const accepted = await answer(ctx, coach.token, incoming[0]!.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(linkRequestMessages.accepted('Club Entrenadores'));
    expect(await clubsOf(ctx, coach.id)).toEqual([`${club.clubId}:Entrenador`]);
    const categories = await ctx.db
      .select({ id: categoryTrainers.categoryId })
      .from(categoryTrainers)
      .where(eq(categoryTrainers.userId, coach.id));
    expect(categories).toEqual([{ id: sub.id }]);
  });

  /** An adult player of a home club with an e-mail on file and no account, asked by another club. */
  async function accountlessAdultAsked() {
    const home = await ownedClub(ctx, 'Club Adultos');
    const email = `adulto.${++sequence}@prueba.test`;
    const adultInput: PlayerCreateInput = {
      name: 'Andrés',
      lastname: 'Mayor',
      document_type: 'CC',
      document_number: cc(),
      birth_date: '1990-02-02',
      gender: 'male',
      email,
    };
    const adult = await addPlayer(ctx, home.owner.token, home.clubId, adultInput);
    const other = await ownedClub(ctx, 'Club Vecino Adultos');
    const asked = await postPlayer(ctx, other.owner.token, other.clubId, {
      ...adultInput,
      name: 'Otro',
      email: undefined,
      link_existing: true,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    return { home, adult, other, email, token: await mailTokenTo(ctx, email) };
  }

  const NEW_PASSWORD = { password: 'Cancha2026x', password_confirmation: 'Cancha2026x' };

  it('an adult player of another club without an account accepts by the e-mail on file and chooses a password that opens their account', async () => {
    const { home, adult, other, email, token } = await accountlessAdultAsked();
    const seen = await ctx.request({ method: 'GET', url: `/api/link-requests/by-token/${token}` });
    expect(incomingLinkRequestResponseSchema.parse(seen.json()).data).toMatchObject({
      as_guardian: false,
      set_password_for: email,
    });
    const url = `/api/link-requests/by-token/${token}/accept`;

    const withoutPassword = await ctx.request({ method: 'POST', url, body: CONSENT });
    expect(withoutPassword.statusCode, withoutPassword.body).toBe(422);
    expect(withoutPassword.json().errors).toEqual([
      { path: 'password', message: linkRequestMessages.passwordRequired },
    ]);
    const weak = await ctx.request({
      method: 'POST',
      url,
      body: { ...CONSENT, password: 'corta', password_confirmation: 'corta' },
    });
    expect(weak.statusCode, weak.body).toBe(400);
    expect(weak.json().errors.map((e: { path: string }) => e.path)).toContain('password');
    expect(await clubsOf(ctx, adult.id)).toEqual([`${home.clubId}:Jugador`]);
    expect((await login(ctx, email, NEW_PASSWORD.password)).statusCode).toBe(401);

    const accepted = await ctx.request({
      method: 'POST',
      url,
      body: { ...CONSENT, ...NEW_PASSWORD },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(
      linkRequestMessages.acceptedWithPassword('Club Vecino Adultos', email),
    );
    expect(await clubsOf(ctx, adult.id)).toEqual(
      [`${home.clubId}:Jugador`, `${other.clubId}:Jugador`].sort(),
    );
    const signedIn = await login(ctx, email, NEW_PASSWORD.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The person themself gave the new club the authorisation.
    expect(await consentsOf(ctx, adult.id)).toEqual([
      { clubId: other.clubId, version: DATA_POLICY_VERSION },
    ]);
    // Single use: the spent link opens nothing, and can never reset the password.
    const again = await ctx.request({
      method: 'POST',
      url,
      body: { ...CONSENT, password: 'Otra2026clave', password_confirmation: 'Otra2026clave' },
    });
    expect(again.statusCode).toBe(404);
    expect((await login(ctx, email, NEW_PASSWORD.password)).statusCode).toBe(200);
  });

  it('the same e-mailed accept with a password 20 times at once: one account opened, one acceptance, the rest 404/409, never 500', async () => {
    const { adult, other, email, token } = await accountlessAdultAsked();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request({
          method: 'POST',
          url: `/api/link-requests/by-token/${token}/accept`,
          body: { ...CONSENT, ...NEW_PASSWORD },
        }),
      ),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => code === 200 || code === 404 || code === 409)).toBe(true);
    expect((await clubsOf(ctx, adult.id)).filter((e) => e.startsWith(`${other.clubId}:`))).toEqual([
      `${other.clubId}:Jugador`,
    ]);
    expect(await consentsOf(ctx, adult.id)).toHaveLength(1);
    expect((await login(ctx, email, NEW_PASSWORD.password)).statusCode).toBe(200);
  });

  it('accepting needs the data-processing authorisation for the new club (422 on accept_data_policy, 409 on an older text); the acceptor’s consent is then recorded', async () => {
    const { input, player, guardian } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Consentido');
    const asked = await postPlayer(ctx, club.owner.token, club.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    const id = linkRequestCreatedResponseSchema.parse(asked.json()).data.id;
    const [incoming] = await mine(ctx, guardian.token);
    expect(incoming?.data_policy).toEqual({
      version: DATA_POLICY_VERSION,
      text: dataPolicyText('Club Consentido'),
    });
    expect(incoming?.set_password_for).toBeNull();
    const url = `/api/link-requests/${id}/accept`;

    for (const body of [undefined, {}, { ...CONSENT, accept_data_policy: false }]) {
      const refused = await ctx.request({ method: 'POST', url, token: guardian.token, body });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual({
        message: linkRequestMessages.consentRequired,
        errors: [{ path: 'accept_data_policy', message: linkRequestMessages.consentRequired }],
      });
    }
    const outdated = await ctx.request({
      method: 'POST',
      url,
      token: guardian.token,
      body: { ...CONSENT, data_policy_version: '2020-01-01' },
    });
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().errors).toEqual([
      { path: 'data_policy_version', message: linkRequestMessages.consentOutdated },
    ]);
    // Nothing was written by the refusals.
    expect((await clubsOf(ctx, player.id)).some((e) => e.startsWith(`${club.clubId}:`))).toBe(
      false,
    );
    expect(await consentsOf(ctx, guardian.id)).toEqual([]);

    const accepted = await answer(ctx, guardian.token, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The guardian authorises, as the child's legal representative, for the new club.
    expect(await consentsOf(ctx, guardian.id)).toEqual([
      { clubId: club.clubId, version: DATA_POLICY_VERSION },
    ]);
  });

  it('the e-mailed link refuses an acceptance without the authorisation too (422), and the token stays usable', async () => {
    const { input, guardian } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Enlace Consentido');
    await postPlayer(ctx, club.owner.token, club.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    const token = await mailTokenTo(ctx, guardian.email);
    const url = `/api/link-requests/by-token/${token}/accept`;
    const refused = await ctx.request({ method: 'POST', url });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: 'accept_data_policy', message: linkRequestMessages.consentRequired },
    ]);
    const accepted = await ctx.request({ method: 'POST', url, body: CONSENT });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await consentsOf(ctx, guardian.id)).toEqual([
      { clubId: club.clubId, version: DATA_POLICY_VERSION },
    ]);
  });

  it('a person who belongs to this club alone and has no account is still linked directly (201)', async () => {
    const club = await ownedClub(ctx, 'Club Directo');
    const input = child();
    const player = await addPlayer(ctx, club.owner.token, club.clubId, input);
    // Remove them as a player; they stay a person of this club only.
    const removed = await ctx.request({
      method: 'DELETE',
      url: `${base(club.clubId)}/players/${player.id}`,
      token: club.owner.token,
    });
    expect(removed.statusCode).toBe(204);
    const again = await postPlayer(ctx, club.owner.token, club.clubId, {
      ...input,
      link_existing: true,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a club cannot edit a person of another club (422); the guardian edits the child and every club sees it', async () => {
    const { home, input, player, guardian } = await childWithGuardian(ctx);
    const other = await ownedClub(ctx, 'Club Segundo');
    const asked = await postPlayer(ctx, other.owner.token, other.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    const id = linkRequestCreatedResponseSchema.parse(asked.json()).data.id;
    expect((await answer(ctx, guardian.token, id, 'accept')).statusCode).toBe(200);

    const refused = await ctx.request({
      method: 'PATCH',
      url: `${base(home.clubId)}/players/${player.id}`,
      token: home.owner.token,
      body: { name: 'Cambiado' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(peopleMessages.ownProfileOnly);
    // The club's own fields still change.
    const clubField = await ctx.request({
      method: 'PATCH',
      url: `${base(home.clubId)}/players/${player.id}`,
      token: home.owner.token,
      body: { position: 'Arquera' },
    });
    expect(clubField.statusCode, clubField.body).toBe(200);

    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/parents/child/${player.id}/identity`,
      token: guardian.token,
      body: { name: 'Valeria' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(childIdentityResponseSchema.parse(edited.json()).data).toMatchObject({
      id: player.id,
      name: 'Valeria',
      document_number: input.document_number,
    });
    for (const club of [home, other]) {
      const seen = await ctx.request({
        method: 'GET',
        url: `${base(club.clubId)}/players/${player.id}`,
        token: club.owner.token,
      });
      expect(playerResponseSchema.parse(seen.json()).data.name).toBe('Valeria');
    }
    const stranger = await registerUser(ctx);
    const notMine = await ctx.request({
      method: 'PUT',
      url: `/api/parents/child/${player.id}/identity`,
      token: stranger.token,
      body: { name: 'Intrusa' },
    });
    expect(notMine.statusCode).toBe(404);
    const children = await ctx.request({
      method: 'GET',
      url: '/api/parents/children',
      token: guardian.token,
    });
    expect(children.json().data[0].identity).toMatchObject({ id: player.id, name: 'Valeria' });
  });

  it('the same accept 20 times at once: one membership, one accepted, the rest 409/404, never 500', async () => {
    const { input, player, guardian } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Carrera');
    const asked = await postPlayer(ctx, club.owner.token, club.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    const id = linkRequestCreatedResponseSchema.parse(asked.json()).data.id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => answer(ctx, guardian.token, id, 'accept')),
    );
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => code === 200 || code === 409 || code === 404)).toBe(true);
    expect((await clubsOf(ctx, player.id)).filter((e) => e.startsWith(`${club.clubId}:`))).toEqual([
      `${club.clubId}:Jugador`,
    ]);
    const statuses = await ctx.db
      .select({ status: linkRequests.status })
      .from(linkRequests)
      .where(eq(linkRequests.id, id));
    expect(statuses).toEqual([{ status: 'accepted' }]);
  });

  it('the same POST players 20 times at once: exactly one pending request, the rest 409', async () => {
    const { input, player } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Prisa');
    const body = { ...child(), document_number: input.document_number, link_existing: true };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postPlayer(ctx, club.owner.token, club.clubId, body)),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 202)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const refused = answers.find((response) => response.statusCode === 409)!;
    expect(refused.json().message).toBe(linkRequestMessages.alreadyPending);
    const pending = await ctx.db
      .select({ id: linkRequests.id })
      .from(linkRequests)
      .where(and(eq(linkRequests.clubId, club.clubId), eq(linkRequests.personId, player.id)));
    expect(pending).toHaveLength(1);
  });

  it('the club withdraws a pending request; the token then answers 404', async () => {
    const { input, guardian } = await childWithGuardian(ctx);
    const club = await ownedClub(ctx, 'Club Arrepentido');
    const asked = await postPlayer(ctx, club.owner.token, club.clubId, {
      ...child(),
      document_number: input.document_number,
      link_existing: true,
    });
    const id = linkRequestCreatedResponseSchema.parse(asked.json()).data.id;
    const token = await mailTokenTo(ctx, guardian.email);
    const withdrawn = await ctx.request({
      method: 'DELETE',
      url: `${base(club.clubId)}/link-requests/${id}`,
      token: club.owner.token,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ data: { status: 'cancelled' } });
    const late = await ctx.request({
      method: 'POST',
      url: `/api/link-requests/by-token/${token}/accept`,
      body: CONSENT,
    });
    expect(late.statusCode).toBe(404);
    expect(await mine(ctx, guardian.token)).toEqual([]);
    // Another club cannot see or withdraw it.
    const other = await ownedClub(ctx, 'Club Ajeno');
    const foreign = await ctx.request({
      method: 'DELETE',
      url: `${base(other.clubId)}/link-requests/${id}`,
      token: other.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
