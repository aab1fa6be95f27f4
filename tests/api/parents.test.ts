import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { clubMessages } from '../../contract/clubs.schema';
import { publicInvitationResponseSchema } from '../../contract/invitations.schema';
import {
  DATA_POLICY_VERSION,
  dataPolicyText,
  guardianInviteResponseSchema,
} from '../../contract/parents.schema';
import { roles } from '../../server/db/schema/access';
import { invitations } from '../../server/db/schema/invitations';
import { auditLog } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { memberOf } from './support/clubs';
import {
  addChild,
  familyClub,
  invite,
  invitedGuardian,
  linkedGuardian,
  tokenMailedTo,
} from './support/guardian-invitations';
import { describeEachDatabase, registerUser, uniqueEmail } from './support/test-app';

/* POST /api/parents/invite and the guardian invitation's public page (issue #15). */

describeEachDatabase('Parents API: guardian invitations', (ctx) => {
  it('invites one guardian by e-mail for two children: one invitation of type guardian, a mail naming both with its link, an audit row without the token', async () => {
    const { owner, club } = await familyClub(ctx, 'Club Semillero');
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana', lastname: 'Gil' });
    const luis = await addChild(ctx, owner.token, club.id, { name: 'Luis', lastname: 'Gil' });
    const email = uniqueEmail('mama');

    const response = await invite(ctx, owner.token, {
      club_id: club.id,
      player_ids: [luis, ana, luis],
      email: `  ${email.toUpperCase()} `,
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(guardianInviteResponseSchema.parse(response.json()).data).toEqual({
      sent: [{ email, player_ids: [ana, luis] }],
      skipped: [],
    });
    const mail = ctx.mailer.lastTo(email);
    expect(mail?.text).toMatch(/http:\/\/app\.test\/invitation\/[0-9a-f]{64}\b/);
    expect(mail?.text).toContain('como Padre/Acudiente de Ana Gil y Luis Gil');
    const token = tokenMailedTo(ctx, email);
    const [row] = await ctx.db
      .select({ invitation: invitations, role: roles.name })
      .from(invitations)
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .where(and(eq(invitations.clubId, club.id), eq(invitations.email, email)));
    expect(row?.role).toBe('Padre/Acudiente');
    expect(row?.invitation).toMatchObject({
      type: 'guardian',
      status: 'pending',
      playerIds: [ana, luis],
      authorizeOnAccept: true,
      invitedBy: owner.id,
    });
    const expires = row!.invitation.expiresAt.getTime() - row!.invitation.createdAt.getTime();
    expect(expires).toBe(7 * 24 * 60 * 60 * 1000);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guardian.invited'), eq(auditLog.clubId, club.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: owner.id,
      targetType: 'invitation',
      targetId: row!.invitation.id,
      details: { email, player_ids: [ana, luis], authorize_on_accept: true },
    });
    expect(JSON.stringify(audits[0])).not.toContain(token);
  });

  it('invites in bulk by the guardian e-mail typed on each player, skipping who has none, who is no player of the club and who is already linked', async () => {
    const { owner, club } = await familyClub(ctx);
    const other = await familyClub(ctx, 'Otro Club');
    const [first, second, linkedMail] = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana', guardianEmail: first });
    const eva = await addChild(ctx, owner.token, club.id, {
      name: 'Eva',
      guardianEmail: first.toUpperCase(),
    });
    const teo = await addChild(ctx, owner.token, club.id, { name: 'Teo', guardianEmail: second });
    const noMail = await addChild(ctx, owner.token, club.id, { name: 'Sin Correo' });
    const linked = await addChild(ctx, owner.token, club.id, {
      name: 'Vinculado',
      guardianEmail: linkedMail,
    });
    const stranger = await addChild(ctx, other.owner.token, other.club.id, {
      name: 'Ajeno',
      guardianEmail: uniqueEmail('ajeno'),
    });
    const guardian = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: linked,
      status: 'pending',
    });
    await ctx.db.update(users).set({ email: linkedMail }).where(eq(users.id, guardian.id));

    const response = await invite(ctx, owner.token, {
      club_id: club.id,
      player_ids: [teo, ana, noMail, linked, stranger, eva],
      authorize: false,
    });

    expect(response.statusCode, response.body).toBe(200);
    const { sent, skipped } = guardianInviteResponseSchema.parse(response.json()).data;
    expect(sent).toEqual(
      [
        { email: first, player_ids: [ana, eva] },
        { email: second, player_ids: [teo] },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(skipped).toEqual([
      { player_id: noMail, reason: 'no_email' },
      { player_id: linked, reason: 'already_linked' },
      { player_id: stranger, reason: 'not_a_player' },
    ]);
    expect(tokenMailedTo(ctx, first)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenMailedTo(ctx, second)).toMatch(/^[0-9a-f]{64}$/);
    expect(ctx.mailer.to(linkedMail)).toHaveLength(0);
    const rows = await ctx.db
      .select({ authorize: invitations.authorizeOnAccept })
      .from(invitations)
      .where(and(eq(invitations.clubId, club.id), eq(invitations.type, 'guardian')));
    expect(rows).toEqual([{ authorize: false }, { authorize: false }]);
  });

  it('refuses a member without players.update (403), hides the club from a non-member (404) and asks an anonymous caller to sign in (401)', async () => {
    const { owner, club } = await familyClub(ctx);
    const child = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const body = { club_id: club.id, player_ids: [child], email: uniqueEmail('x') };
    const trainer = await memberOf(ctx, club.id, 'Entrenador');
    const outsider = await registerUser(ctx);

    expect((await invite(ctx, trainer.token, body)).statusCode).toBe(403);
    const hidden = await invite(ctx, outsider.token, body);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: clubMessages.notFound });
    expect((await invite(ctx, undefined, body)).statusCode).toBe(401);
    expect(ctx.mailer.to(body.email)).toHaveLength(0);
  });

  it('carries the children of an older pending invitation to the same e-mail into the new one, which replaces it', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const luis = await addChild(ctx, owner.token, club.id, { name: 'Luis' });
    const email = uniqueEmail('papa');
    const older = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email,
    });

    const newer = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [luis],
      email,
    });

    const view = await ctx.request({ method: 'GET', url: `/api/invitations/${older}` });
    expect(publicInvitationResponseSchema.parse(view.json()).data.status).toBe('revoked');
    const current = await ctx.request({ method: 'GET', url: `/api/invitations/${newer}` });
    const names = publicInvitationResponseSchema
      .parse(current.json())
      .data.guardian?.players.map((child) => child.name);
    expect(names).toEqual(['Ana', 'Luis']);
  });

  it("shows a guardian invitation on the public page with its children, the club's choice and the data-processing text; other invitations have guardian null", async () => {
    const { owner, club } = await familyClub(ctx, 'Club Los Pinos');
    const child = await addChild(ctx, owner.token, club.id, { name: 'Sara', lastname: 'Ruiz' });
    const token = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [child],
      email: uniqueEmail('tia'),
      authorize: false,
    });
    const trainerMail = uniqueEmail('entrenador');
    const trainerInvite = await ctx.request({
      method: 'POST',
      url: `/api/pla_club_teams/${club.id}/invitations`,
      token: owner.token,
      body: { email: trainerMail, type: 'trainer' },
    });
    expect(trainerInvite.statusCode, trainerInvite.body).toBe(201);

    const view = await ctx.request({ method: 'GET', url: `/api/invitations/${token}` });
    const other = await ctx.request({
      method: 'GET',
      url: `/api/invitations/${tokenMailedTo(ctx, trainerMail)}`,
    });

    expect(view.statusCode, view.body).toBe(200);
    expect(publicInvitationResponseSchema.parse(view.json()).data).toMatchObject({
      type: 'guardian',
      role: { name: 'Padre/Acudiente' },
      guardian: {
        players: [{ name: 'Sara', lastname: 'Ruiz' }],
        authorize_on_accept: false,
        data_policy: { version: DATA_POLICY_VERSION, text: dataPolicyText('Club Los Pinos') },
      },
    });
    expect(publicInvitationResponseSchema.parse(other.json()).data).toMatchObject({
      type: 'trainer',
      guardian: null,
    });
  });
});
