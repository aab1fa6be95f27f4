import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { parentMessages, photoConsentResponseSchema } from '../../contract/parents.schema';
import { photoConsents } from '../../server/db/schema/parents';
import { auditLog } from '../../server/db/schema/platform';
import { players } from '../../server/db/schema/players';
import { users } from '../../server/db/schema/users';
import { addMembership, memberOf } from './support/clubs';
import { addChild, familyClub, linkedGuardian } from './support/guardian-invitations';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

/*
 * PUT /api/parents/child/{id}/photo-consent (issue #15): a family decides a child's
 * photos per channel (the child's authorised guardian, or the adult player themself);
 * nobody else learns the child exists. And every /api/parents route refuses an anonymous
 * caller, read from the route table so a new route cannot be added unguarded.
 */

type Account = { id: number; token: string };

const consent = (
  ctx: TestContext,
  caller: Account | undefined,
  childId: number,
  body: { club_id: number; channel: string; granted: boolean },
) =>
  ctx.request({
    method: 'PUT',
    url: `/api/parents/child/${childId}/photo-consent`,
    token: caller?.token,
    body,
  });

describeEachDatabase('Parents API: photo consent and the routes', (ctx) => {
  let clubId = 0;
  let owner: Account;
  let child = 0;

  beforeAll(async () => {
    const made = await familyClub(ctx, 'Club de Fotos');
    owner = made.owner;
    clubId = made.club.id;
    child = await addChild(ctx, owner.token, clubId, { name: 'Isabella' });
  });

  it("records an authorised guardian's consent per channel with who and when, and answers every channel", async () => {
    const guardian = await linkedGuardian(ctx, { clubId, playerId: child, status: 'authorized' });

    const granted = await consent(ctx, guardian, child, {
      club_id: clubId,
      channel: 'social',
      granted: true,
    });
    const withdrawn = await consent(ctx, guardian, child, {
      club_id: clubId,
      channel: 'internal',
      granted: false,
    });

    expect(granted.statusCode, granted.body).toBe(200);
    expect(photoConsentResponseSchema.parse(granted.json())).toEqual({
      data: { internal: false, public_web: false, social: true },
      message: parentMessages.photoConsentSaved,
    });
    expect(photoConsentResponseSchema.parse(withdrawn.json()).data).toEqual({
      internal: false,
      public_web: false,
      social: true,
    });
    const rows = await ctx.db
      .select()
      .from(photoConsents)
      .where(and(eq(photoConsents.clubId, clubId), eq(photoConsents.playerId, child)))
      .orderBy(photoConsents.channel);
    expect(rows).toEqual([
      expect.objectContaining({ channel: 'internal', granted: false, decidedBy: guardian.id }),
      expect.objectContaining({ channel: 'social', granted: true, decidedBy: guardian.id }),
    ]);
    const audits = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo_consent.changed'), eq(auditLog.targetId, child)));
    expect(audits.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        { channel: 'social', granted: true },
        { channel: 'internal', granted: false },
      ]),
    );
  });

  it('answers 404 to a pending or denied guardian, another family, the staff and a stranger, and changes nothing', async () => {
    const pending = await linkedGuardian(ctx, { clubId, playerId: child, status: 'pending' });
    const denied = await linkedGuardian(ctx, { clubId, playerId: child, status: 'denied' });
    const sibling = await addChild(ctx, owner.token, clubId, { name: 'Otro' });
    const otherFamily = await linkedGuardian(ctx, {
      clubId,
      playerId: sibling,
      status: 'authorized',
    });
    const trainer = await memberOf(ctx, clubId, 'Entrenador');
    const stranger = await registerUser(ctx);
    const body = { club_id: clubId, channel: 'public_web', granted: true };

    for (const caller of [pending, denied, otherFamily, owner, trainer, stranger]) {
      const response = await consent(ctx, caller, child, body);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: parentMessages.childNotFound });
    }
    const publicWeb = await ctx.db
      .select()
      .from(photoConsents)
      .where(and(eq(photoConsents.playerId, child), eq(photoConsents.channel, 'public_web')));
    expect(publicWeb).toHaveLength(0);
  });

  it('lets an adult player decide their own photos, not a minor player', async () => {
    const adult = await registerUser(ctx);
    const minor = await registerUser(ctx);
    await ctx.db.update(users).set({ birthDate: '1995-03-02' }).where(eq(users.id, adult.id));
    await ctx.db.update(users).set({ birthDate: '2013-03-02' }).where(eq(users.id, minor.id));
    for (const person of [adult, minor]) {
      await ctx.db.insert(players).values({ clubId, userId: person.id });
      await addMembership(ctx, person.id, clubId, 'Jugador');
    }
    const body = { club_id: clubId, channel: 'internal', granted: true };

    const own = await consent(ctx, adult, adult.id, body);
    const minors = await consent(ctx, minor, minor.id, body);

    expect(own.statusCode, own.body).toBe(200);
    expect(photoConsentResponseSchema.parse(own.json()).data.internal).toBe(true);
    expect(minors.statusCode, minors.body).toBe(404);
  });

  it('refuses an anonymous caller on every /api/parents route but the public registration, which answers 404 or 400 for a bad token', async () => {
    const parentRoutes = ctx.routes.filter(
      (route) => route.url.startsWith('/api/parents/') && route.method !== 'HEAD',
    );
    const signatures = parentRoutes.map((route) => `${route.method} ${route.url}`);
    expect(signatures).toEqual(
      expect.arrayContaining([
        'POST /api/parents/invite',
        'POST /api/parents/register/:token',
        'PUT /api/parents/child/:id/authorize',
        'PUT /api/parents/child/:id/photo-consent',
      ]),
    );

    for (const route of parentRoutes) {
      const isRegister = route.url === '/api/parents/register/:token';
      const url = route.url.replace(':token', '0'.repeat(64)).replace(/:[A-Za-z_]+/g, '1');
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const response = await ctx.request({
        method: route.method as 'GET',
        url,
        ...(withBody ? { body: {} } : {}),
      });
      const expected = isRegister ? [400, 404] : [401];
      expect(expected, `${route.method} ${route.url}: ${response.statusCode}`).toContain(
        response.statusCode,
      );
    }
  });
});
