import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  type GuardianLinkStatus,
  parentMessages,
  playerGuardianListResponseSchema,
  playerGuardianResponseSchema,
} from '../../contract/parents.schema';
import { guardianLinks } from '../../server/db/schema/parents';
import { auditLog } from '../../server/db/schema/platform';
import { memberOf, superAdmin } from './support/clubs';
import { addChild, familyClub, linkedGuardian } from './support/guardian-invitations';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * PUT /api/parents/child/{id}/authorize (issue #15, Security): the staff or the child's
 * authorised primary guardian decide a link; any other guardian of the child gets 403,
 * anyone else 404 (the child is never revealed). And the club's list of the guardians.
 */

type Account = { id: number; token: string };

const authorize = (
  ctx: TestContext,
  caller: Account | undefined,
  childId: number,
  body: { club_id: number; guardian_id: number; status: 'authorized' | 'denied' },
) =>
  ctx.request({
    method: 'PUT',
    url: `/api/parents/child/${childId}/authorize`,
    token: caller?.token,
    body,
  });

async function linkOf(ctx: TestContext, clubId: number, playerId: number, guardianId: number) {
  const [link] = await ctx.db
    .select()
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.clubId, clubId),
        eq(guardianLinks.playerId, playerId),
        eq(guardianLinks.guardianId, guardianId),
      ),
    );
  return link;
}

describeEachDatabase('Parents API: who decides a guardian link', (ctx) => {
  let clubId = 0;
  let owner: Account;
  let child = 0;
  const guardianOf = (status: GuardianLinkStatus, isPrimary = false) =>
    linkedGuardian(ctx, { clubId, playerId: child, status, isPrimary });

  beforeAll(async () => {
    const made = await familyClub(ctx, 'Club de Vínculos');
    owner = made.owner;
    clubId = made.club.id;
  });

  it('lets the staff authorise a pending guardian, who becomes primary of a child without one, with who and when and an audit row', async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Mateo' });
    const pending = await guardianOf('pending');

    const response = await authorize(ctx, owner, child, {
      club_id: clubId,
      guardian_id: pending.id,
      status: 'authorized',
    });

    expect(response.statusCode, response.body).toBe(200);
    const answer = playerGuardianResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      message: parentMessages.authorized,
      data: { guardian_id: pending.id, status: 'authorized', is_primary: true },
    });
    expect(await linkOf(ctx, clubId, child, pending.id)).toMatchObject({
      decidedBy: owner.id,
      decidedAt: ctx.clock.now(),
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'guardian.authorized'), eq(auditLog.targetId, child)));
    expect(audit).toMatchObject({
      actorUserId: owner.id,
      clubId,
      details: { guardian_id: pending.id },
    });
  });

  it("lets the child's authorised primary guardian decide another guardian, never their own link", async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Lucía' });
    const primary = await guardianOf('authorized', true);
    const other = await guardianOf('pending');

    const decided = await authorize(ctx, primary, child, {
      club_id: clubId,
      guardian_id: other.id,
      status: 'authorized',
    });
    const own = await authorize(ctx, primary, child, {
      club_id: clubId,
      guardian_id: primary.id,
      status: 'denied',
    });

    expect(decided.statusCode, decided.body).toBe(200);
    expect(playerGuardianResponseSchema.parse(decided.json()).data).toMatchObject({
      status: 'authorized',
      is_primary: false,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: parentMessages.cannotAuthorize });
  });

  it('refuses a pending guardian authorising themself and an authorised non-primary guardian (403)', async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Tomás' });
    const pending = await guardianOf('pending');
    const secondary = await guardianOf('authorized');
    const denied = await guardianOf('denied');

    const attempts = [
      await authorize(ctx, pending, child, {
        club_id: clubId,
        guardian_id: pending.id,
        status: 'authorized',
      }),
      await authorize(ctx, secondary, child, {
        club_id: clubId,
        guardian_id: pending.id,
        status: 'authorized',
      }),
      await authorize(ctx, denied, child, {
        club_id: clubId,
        guardian_id: denied.id,
        status: 'authorized',
      }),
    ];

    for (const attempt of attempts) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json()).toEqual({ message: parentMessages.cannotAuthorize });
    }
    expect(await linkOf(ctx, clubId, child, pending.id)).toMatchObject({ status: 'pending' });
    expect(await linkOf(ctx, clubId, child, denied.id)).toMatchObject({ status: 'denied' });
  });

  it('answers 404 to a stranger, a trainer of the club and an unknown child id, and notGuardian for a person with no link', async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Emma' });
    const pending = await guardianOf('pending');
    const stranger = await registerUser(ctx);
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const body = { club_id: clubId, guardian_id: pending.id, status: 'authorized' as const };

    for (const caller of [stranger, trainer]) {
      const response = await authorize(ctx, caller, child, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: parentMessages.childNotFound });
    }
    const unknown = await authorize(ctx, owner, 2_000_000_000, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: parentMessages.childNotFound });
    const notLinked = await authorize(ctx, owner, child, { ...body, guardian_id: stranger.id });
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json()).toEqual({ message: parentMessages.notGuardian });
    expect(await linkOf(ctx, clubId, child, pending.id)).toMatchObject({ status: 'pending' });
  });

  it('lets a super admin deny the primary guardian, which clears the primary flag', async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Samuel' });
    const primary = await guardianOf('authorized', true);
    const admin = await superAdmin(ctx);

    const response = await authorize(ctx, admin, child, {
      club_id: clubId,
      guardian_id: primary.id,
      status: 'denied',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(playerGuardianResponseSchema.parse(response.json())).toMatchObject({
      message: parentMessages.denied,
      data: { status: 'denied', is_primary: false },
    });
  });

  it("lists a player's guardians for the staff, primary first, and hides the player from a trainer of other categories", async () => {
    child = await addChild(ctx, owner.token, clubId, { name: 'Valeria' });
    const pending = await guardianOf('pending');
    const primary = await guardianOf('authorized', true);
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const url = `/api/pla_club_teams/${clubId}/players/${child}/guardians`;

    const listed = await ctx.request({ method: 'GET', url, token: owner.token });
    const scoped = await ctx.request({ method: 'GET', url, token: trainer.token });

    expect(listed.statusCode, listed.body).toBe(200);
    const rows = playerGuardianListResponseSchema.parse(listed.json()).data;
    expect(rows.map((row) => [row.guardian_id, row.status, row.is_primary])).toEqual([
      [primary.id, 'authorized', true],
      [pending.id, 'pending', false],
    ]);
    expect(scoped.statusCode, scoped.body).toBe(404);
  });
});
