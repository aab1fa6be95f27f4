import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { invitationMessages } from '../../contract/invitations.schema';
import { guardianLinks } from '../../server/db/schema/parents';
import { users } from '../../server/db/schema/users';
import {
  DAY_MS,
  addChild,
  familyClub,
  invitedGuardian,
  register,
} from './support/guardian-invitations';
import { describeEachDatabase, uniqueEmail } from './support/test-app';

/* A guardian invitation's token is single-use and expires (issue #15, Security). */

describeEachDatabase('Parents API: the registration token', (ctx) => {
  it('registers once when the same registration arrives twice at once: one 200, one 422, one account, each link once', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const luis = await addChild(ctx, owner.token, club.id, { name: 'Luis' });
    const email = uniqueEmail('doble');
    const token = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana, luis],
      email,
    });

    const answers = await Promise.all([register(ctx, token), register(ctx, token)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const loser = answers.find((answer) => answer.statusCode === 422);
    expect(loser?.json()).toEqual({ message: invitationMessages.alreadyAnswered });
    const accounts = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    const links = await ctx.db
      .select({ playerId: guardianLinks.playerId })
      .from(guardianLinks)
      .where(eq(guardianLinks.guardianId, accounts[0]!.id))
      .orderBy(guardianLinks.playerId);
    expect(links).toEqual([{ playerId: ana }, { playerId: luis }]);
  });

  it('refuses a token already used (422) and one past its 7 days (422 expired), creating nothing', async () => {
    const { owner, club } = await familyClub(ctx);
    const ana = await addChild(ctx, owner.token, club.id, { name: 'Ana' });
    const used = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: uniqueEmail('usado'),
    });
    expect((await register(ctx, used)).statusCode).toBe(200);
    const lateEmail = uniqueEmail('tarde');
    const late = await invitedGuardian(ctx, owner.token, {
      club_id: club.id,
      player_ids: [ana],
      email: lateEmail,
    });

    const again = await register(ctx, used);
    const sentAt = ctx.clock.now();
    ctx.clock.advance(7 * DAY_MS);
    const expired = await register(ctx, late);
    ctx.clock.set(sentAt);

    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toEqual({ message: invitationMessages.alreadyAnswered });
    expect(expired.statusCode, expired.body).toBe(422);
    expect(expired.json()).toEqual({ message: invitationMessages.expired });
    const accounts = await ctx.db.select().from(users).where(eq(users.email, lateEmail));
    expect(accounts).toHaveLength(0);
  });

  it('answers 404 for a well-formed token no invitation has, and 400 for a malformed one', async () => {
    const unknown = await register(ctx, 'a'.repeat(64));
    const malformed = await register(ctx, 'nope');

    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json()).toEqual({ message: invitationMessages.notFound });
    expect(malformed.statusCode, malformed.body).toBe(400);
  });
});
