import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { authResponseSchema } from '../../contract/auth.schema';
import { coGuardianMessages } from '../../contract/co-guardians.schema';
import { parentMessages } from '../../contract/parents.schema';
import { guardianLinks } from '../../server/db/schema/parents';
import {
  NEW_GUARDIAN,
  addChild,
  familyClub,
  invitedGuardian,
  linkedGuardian,
  register,
  tokenMailedTo,
} from './support/guardian-invitations';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Issue #34 item 6: the child's authorised primary guardian invites another adult as
 * guardian of that child (POST /api/parents/child/{id}/invite-guardian); the other adult
 * is linked only once they accept; nobody else may (another guardian 403, a stranger 404).
 */

const inviteCo = (ctx: TestContext, token: string, childId: number, body: unknown) =>
  ctx.request({
    method: 'POST',
    url: `/api/parents/child/${childId}/invite-guardian`,
    token,
    body,
  });

describeEachDatabase('A guardian invites another guardian of their child (issue #34)', (ctx) => {
  it('lets the primary guardian invite another adult, who is linked and authorised once they accept', async () => {
    const { owner, club } = await familyClub(ctx, 'Club Coacudientes');
    const childId = await addChild(ctx, owner.token, club.id, { name: 'Lucía' });
    const primary = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: childId,
      status: 'authorized',
      isPrimary: true,
    });
    const body = {
      club_id: club.id,
      name: 'Pedro Papá',
      email: 'Pedro.Papa@familia.test',
      relationship: 'father',
    };

    const response = await inviteCo(ctx, primary.token, childId, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { email: 'pedro.papa@familia.test', player_id: childId },
      message: coGuardianMessages.invited('pedro.papa@familia.test', 'Lucía Pérez'),
    });
    const mail = ctx.mailer.lastTo('pedro.papa@familia.test')!;
    expect(mail.text).toMatch(/^Hola, Pedro Papá:/);
    expect(mail.text).toContain('como Padre/Acudiente (Padre) de Lucía Pérez');
    // Nothing is linked before the other adult accepts.
    const links = () =>
      ctx.db
        .select({ guardianId: guardianLinks.guardianId, status: guardianLinks.status })
        .from(guardianLinks)
        .where(and(eq(guardianLinks.clubId, club.id), eq(guardianLinks.playerId, childId)));
    expect(await links()).toHaveLength(1);

    const accepted = await register(
      ctx,
      tokenMailedTo(ctx, 'pedro.papa@familia.test'),
      NEW_GUARDIAN,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await links();
    expect(after).toHaveLength(2);
    expect(after.find((link) => link.guardianId !== primary.id)?.status).toBe('authorized');
  });

  it('refuses another guardian (403), a stranger (404), oneself, a guardian already linked (409) and bad fields (400)', async () => {
    const { owner, club } = await familyClub(ctx, 'Club Coacudientes Reglas');
    const childId = await addChild(ctx, owner.token, club.id, { name: 'Mateo' });
    const otherChild = await addChild(ctx, owner.token, club.id, { name: 'Sara' });
    const primary = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: childId,
      status: 'authorized',
      isPrimary: true,
    });
    const second = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: childId,
      status: 'authorized',
    });
    const stranger = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: otherChild,
      status: 'authorized',
      isPrimary: true,
    });
    const body = {
      club_id: club.id,
      name: 'Ana Tía',
      email: 'ana.tia@familia.test',
      relationship: 'uncle_aunt',
    };

    const notPrimary = await inviteCo(ctx, second.token, childId, body);
    expect(notPrimary.statusCode).toBe(403);
    expect(notPrimary.json()).toMatchObject({ message: coGuardianMessages.onlyPrimary });
    const notMine = await inviteCo(ctx, stranger.token, childId, body);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ message: parentMessages.childNotFound });
    const yourself = await inviteCo(ctx, primary.token, childId, { ...body, email: primary.email });
    expect(yourself.statusCode).toBe(422);
    expect(yourself.json()).toMatchObject({ errors: [{ path: 'email' }] });
    const already = await inviteCo(ctx, primary.token, childId, { ...body, email: second.email });
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({
      message: coGuardianMessages.alreadyGuardian,
      errors: [{ path: 'email' }],
    });
    const bad = await inviteCo(ctx, primary.token, childId, {
      ...body,
      relationship: 'vecino',
      name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(ctx.mailer.to('ana.tia@familia.test')).toEqual([]);
  });

  it("keeps waiting for the club when the e-mail's pending invitation names another family's child", async () => {
    const { owner, club } = await familyClub(ctx, 'Club Coacudientes Pendiente');
    const childId = await addChild(ctx, owner.token, club.id, { name: 'Tomás' });
    const otherChild = await addChild(ctx, owner.token, club.id, { name: 'Elena' });
    const primary = await linkedGuardian(ctx, {
      clubId: club.id,
      playerId: childId,
      status: 'authorized',
      isPrimary: true,
    });
    await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [otherChild],
      email: 'compartido@familia.test',
      authorize: false,
    });
    const response = await inviteCo(ctx, primary.token, childId, {
      club_id: club.id,
      name: 'Compartido',
      email: 'compartido@familia.test',
      relationship: 'other',
    });
    expect(response.statusCode, response.body).toBe(200);
    const accepted = await register(ctx, tokenMailedTo(ctx, 'compartido@familia.test'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const links = await ctx.db
      .select({ playerId: guardianLinks.playerId, status: guardianLinks.status })
      .from(guardianLinks)
      .where(
        and(
          eq(guardianLinks.clubId, club.id),
          eq(guardianLinks.guardianId, authResponseSchema.parse(accepted.json()).user.id),
        ),
      );
    expect(links.sort((a, b) => a.playerId - b.playerId)).toEqual(
      [
        { playerId: childId, status: 'pending' },
        { playerId: otherChild, status: 'pending' },
      ].sort((a, b) => a.playerId - b.playerId),
    );
  });
});
