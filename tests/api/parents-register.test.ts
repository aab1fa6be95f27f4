import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authResponseSchema } from '../../contract/auth.schema';
import { publicInvitationResponseSchema } from '../../contract/invitations.schema';
import { DATA_POLICY_VERSION, parentMessages } from '../../contract/parents.schema';
import { roles } from '../../server/db/schema/access';
import { clubMemberships } from '../../server/db/schema/memberships';
import { dataConsents, guardianLinks } from '../../server/db/schema/parents';
import { addMembership } from './support/clubs';
import {
  NEW_GUARDIAN,
  addChild,
  familyClub,
  invitedGuardian,
  linkedGuardian,
  register,
  tokenMailedTo,
} from './support/guardian-invitations';
import {
  type TestContext,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
} from './support/test-app';

/* POST /api/parents/register/{token}: the guardian's acceptance with the consent (issue #15). */

async function linksOf(ctx: TestContext, guardianId: number) {
  return ctx.db
    .select()
    .from(guardianLinks)
    .where(eq(guardianLinks.guardianId, guardianId))
    .orderBy(guardianLinks.playerId);
}

const statusOf = async (ctx: TestContext, token: string) =>
  publicInvitationResponseSchema.parse(
    (await ctx.request({ method: 'GET', url: `/api/invitations/${token}` })).json(),
  ).data.status;

describeEachDatabase('Parents API: guardian registration', (ctx) => {
  it('creates the account, the Padre/Acudiente membership, authorised primary links and the consent with its version, IP and browser', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const luis = await addChild(ctx, owner.token, club.id, { name: 'Luis' });
    const email = uniqueEmail('madre');
    const token = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana, luis],
      email,
    });
    const browser = `Mozilla/5.0 ${'x'.repeat(400)}`;

    const response = await register(ctx, token, NEW_GUARDIAN, {
      headers: { 'user-agent': browser },
      remoteAddress: '10.20.30.40',
    });

    expect(response.statusCode, response.body).toBe(200);
    const { user } = authResponseSchema.parse(response.json());
    expect(user).toMatchObject({ email, name: 'Gloria', lastname: 'Acudiente' });
    const [membership] = await ctx.db
      .select({ role: roles.name })
      .from(clubMemberships)
      .innerJoin(roles, eq(roles.id, clubMemberships.roleId))
      .where(and(eq(clubMemberships.userId, user.id), eq(clubMemberships.clubId, club.id)));
    expect(membership?.role).toBe('Padre/Acudiente');
    const links = await linksOf(ctx, user.id);
    expect(links).toHaveLength(2);
    for (const [index, playerId] of [ana, luis].entries()) {
      expect(links[index]).toMatchObject({
        clubId: club.id,
        playerId,
        status: 'authorized',
        isPrimary: true,
        decidedBy: owner.id,
        decidedAt: ctx.clock.now(),
      });
    }
    const consents = await ctx.db
      .select()
      .from(dataConsents)
      .where(eq(dataConsents.userId, user.id));
    expect(consents).toEqual([
      expect.objectContaining({
        clubId: club.id,
        version: DATA_POLICY_VERSION,
        acceptedAt: ctx.clock.now(),
        ip: '10.20.30.40',
        userAgent: browser.slice(0, 300),
      }),
    ]);
    expect(await statusOf(ctx, token)).toBe('accepted');
  });

  it('leaves the links pending when the club chose so, and never takes the primary flag from a child who has one', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const luis = await addChild(ctx, owner.token, club.id, { name: 'Luis' });
    const primary = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: ana,
      status: 'authorized',
      isPrimary: true,
    });
    const waiting = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: uniqueEmail('pendiente'),
      authorize: false,
    });
    const second = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana, luis],
      email: uniqueEmail('segundo'),
    });

    const pending = authResponseSchema.parse((await register(ctx, waiting)).json()).user;
    const authorised = authResponseSchema.parse((await register(ctx, second)).json()).user;

    expect(await linksOf(ctx, pending.id)).toEqual([
      expect.objectContaining({
        playerId: ana,
        status: 'pending',
        isPrimary: false,
        decidedAt: null,
      }),
    ]);
    expect(await linksOf(ctx, authorised.id)).toEqual([
      expect.objectContaining({ playerId: ana, status: 'authorized', isPrimary: false }),
      expect.objectContaining({ playerId: luis, status: 'authorized', isPrimary: true }),
    ]);
    expect(await linksOf(ctx, primary.id)).toEqual([
      expect.objectContaining({ playerId: ana, isPrimary: true }),
    ]);
  });

  it('links new children of a guardian who already holds Padre/Acudiente: invited again, registered with their session', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const guardian = await registerUser(ctx);
    await addMembership(ctx, guardian.id, club.id, 'Padre/Acudiente');
    const token = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: guardian.email,
    });

    const consentOnly = { accept_data_policy: true, data_policy_version: DATA_POLICY_VERSION };
    const response = await register(ctx, token, consentOnly, { session: guardian.token });

    expect(response.statusCode, response.body).toBe(200);
    expect(await linksOf(ctx, guardian.id)).toEqual([
      expect.objectContaining({ playerId: ana, status: 'authorized' }),
    ]);
  });

  it('refuses a registration without the consent (400 on accept_data_policy) or with an outdated text (409 on data_policy_version), and the invitation stays pending', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const token = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: uniqueEmail('sin-consentimiento'),
    });

    const { accept_data_policy: _omitted, ...withoutConsent } = NEW_GUARDIAN;
    const missing = await register(ctx, token, withoutConsent);
    const refused = await register(ctx, token, { ...NEW_GUARDIAN, accept_data_policy: false });
    const outdated = await register(ctx, token, {
      ...NEW_GUARDIAN,
      data_policy_version: '2020-01-01',
    });

    for (const response of [missing, refused]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'accept_data_policy', message: parentMessages.consentRequired },
        ]),
      );
    }
    expect(outdated.statusCode, outdated.body).toBe(409);
    expect(outdated.json()).toEqual({
      message: parentMessages.consentOutdated,
      errors: [{ path: 'data_policy_version', message: parentMessages.consentOutdated }],
    });
    expect(await statusOf(ctx, token)).toBe('pending');
  });

  it('lets nobody skip the consent: the generic accept refuses a guardian invitation (422), the guardian registration another invitation (404)', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const guardianToken = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: uniqueEmail('atajo'),
    });
    const trainerMail = uniqueEmail('entrenador');
    const sent = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${club.id}/invitations`,
      token: owner.token,
      body: { email: trainerMail, type: 'trainer' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { accept_data_policy: _a, data_policy_version: _v, ...account } = NEW_GUARDIAN;

    const generic = await ctx.request({
      method: 'POST',
      url: `/api/invitations/${guardianToken}/accept`,
      body: account,
    });
    const wrongDoor = await register(ctx, tokenMailedTo(ctx, trainerMail));

    expect(generic.statusCode, generic.body).toBe(422);
    expect(generic.json().message).toBe(parentMessages.consentRequired);
    expect(await statusOf(ctx, guardianToken)).toBe('pending');
    expect(wrongDoor.statusCode, wrongDoor.body).toBe(404);
    expect(wrongDoor.json()).toEqual({ message: parentMessages.notGuardianInvitation });
    expect(await statusOf(ctx, tokenMailedTo(ctx, trainerMail))).toBe('pending');
  });
});
