import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { players } from '../../server/db/schema/players';
import { sessions } from '../../server/db/schema/sessions';
import { trainers } from '../../server/db/schema/trainers';
import { guardiansOf, sessionAudience } from '../../server/features/sessions/session-audience';
import { sessionAccessOf } from '../../server/features/sessions/session-scope';
import { addMembership, superAdmin } from './support/clubs';
import { linkGuardian } from './support/guardian-links';
import {
  type CalendarClub,
  calendarClub,
  fakeRequest,
  insertSession,
  personIn,
} from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** One session of A, one of B and one club-wide, in club `club`. */
async function threeSessions(ctx: TestContext, club: CalendarClub) {
  return {
    a: await insertSession(ctx, club.clubId, club.catA),
    b: await insertSession(ctx, club.clubId, club.catB),
    wide: await insertSession(ctx, club.clubId, null),
  };
}

/** The ids of club `clubId`'s sessions the user sees and manages, by the helper's SQL. */
async function reach(ctx: TestContext, userId: number, clubId: number, isSuperAdmin = false) {
  const access = await sessionAccessOf(ctx.db, fakeRequest(userId, clubId, isSuperAdmin));
  const ids = async (condition: ReturnType<typeof access.visible>) =>
    (
      await ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.clubId, clubId), condition))
        .orderBy(asc(sessions.id))
    ).map((row) => row.id);
  return {
    visible: await ids(access.visible(sessions.categoryId)),
    manageable: await ids(access.manageable(sessions.categoryId)),
    managesClubWide: access.managesClubWide,
  };
}

describeEachDatabase('Session scope and audience (server/features/sessions)', (ctx) => {
  it('gives the owner and a super admin the whole club', async () => {
    const club = await calendarClub(ctx);
    const { a, b, wide } = await threeSessions(ctx, club);
    const all = [a, b, wide];
    expect(await reach(ctx, club.owner.id, club.clubId)).toEqual({
      visible: all,
      manageable: all,
      managesClubWide: true,
    });
    const admin = await superAdmin(ctx);
    expect(await reach(ctx, admin.id, club.clubId, true)).toMatchObject({ manageable: all });
  });

  it('lets a trainer manage their categories and see them plus the club-wide ones', async () => {
    const club = await calendarClub(ctx);
    const { a, wide } = await threeSessions(ctx, club);
    expect(await reach(ctx, club.trainerA.id, club.clubId)).toEqual({
      visible: [a, wide],
      manageable: [a],
      managesClubWide: false,
    });
  });

  it('leaves an inactive trainer managing nothing', async () => {
    const club = await calendarClub(ctx);
    const { wide } = await threeSessions(ctx, club);
    await ctx.db
      .update(trainers)
      .set({ status: 'inactive' })
      .where(and(eq(trainers.clubId, club.clubId), eq(trainers.userId, club.trainerA.id)));
    expect(await reach(ctx, club.trainerA.id, club.clubId)).toEqual({
      visible: [wide],
      manageable: [],
      managesClubWide: false,
    });
  });

  it('shows a player their category and the club-wide sessions, managing none', async () => {
    const club = await calendarClub(ctx);
    const { b, wide } = await threeSessions(ctx, club);
    expect(await reach(ctx, club.playerB.id, club.clubId)).toEqual({
      visible: [b, wide],
      manageable: [],
      managesClubWide: false,
    });
  });

  it("shows a parent their authorised child's category and the club-wide sessions", async () => {
    const club = await calendarClub(ctx);
    const { a, wide } = await threeSessions(ctx, club);
    expect(await reach(ctx, club.parent.id, club.clubId)).toEqual({
      visible: [a, wide],
      manageable: [],
      managesClubWide: false,
    });
  });

  it.each(['pending', 'denied'] as const)(
    "shows a %s guardian, or one matched by e-mail alone, no child's category",
    async (status) => {
      const club = await calendarClub(ctx);
      const { wide } = await threeSessions(ctx, club);
      const waiting = await personIn(ctx, club.clubId, 'Padre/Acudiente');
      const byEmail = await personIn(ctx, club.clubId, 'Padre/Acudiente');
      await linkGuardian(ctx.db, {
        clubId: club.clubId,
        playerId: club.playerA.id,
        guardianId: waiting.id,
        status,
      });
      await ctx.db
        .update(players)
        .set({ guardianEmail: byEmail.email })
        .where(eq(players.userId, club.playerB.id));
      for (const guardian of [waiting, byEmail]) {
        expect(await reach(ctx, guardian.id, club.clubId)).toEqual({
          visible: [wide],
          manageable: [],
          managesClubWide: false,
        });
      }
      expect(await sessionAudience(ctx.db, club.clubId, club.catA)).not.toContain(waiting.id);
      expect(await sessionAudience(ctx.db, club.clubId, club.catB)).not.toContain(byEmail.id);
    },
  );

  it('gives a person with several narrow roles the union', async () => {
    const club = await calendarClub(ctx);
    const { a, b, wide } = await threeSessions(ctx, club);
    // A guardian of the player of A who also plays in B.
    const both = await personIn(ctx, club.clubId, 'Padre/Acudiente');
    await linkGuardian(ctx.db, {
      clubId: club.clubId,
      playerId: club.playerA.id,
      guardianId: both.id,
    });
    await addMembership(ctx, both.id, club.clubId, 'Jugador');
    await ctx.db
      .insert(players)
      .values({ clubId: club.clubId, userId: both.id, categoryId: club.catB });
    expect(await reach(ctx, both.id, club.clubId)).toEqual({
      visible: [a, b, wide],
      manageable: [],
      managesClubWide: false,
    });
  });

  it("reaches a category's players, their guardians and trainers; club-wide reaches all", async () => {
    const club = await calendarClub(ctx);
    expect(await sessionAudience(ctx.db, club.clubId, club.catA)).toEqual(
      sorted([club.playerA.id, club.parent.id, club.trainerA.id]),
    );
    expect(await sessionAudience(ctx.db, club.clubId, club.catB)).toEqual([club.playerB.id]);
    expect(await sessionAudience(ctx.db, club.clubId, null)).toEqual(
      sorted([club.playerA.id, club.parent.id, club.trainerA.id, club.playerB.id]),
    );
    expect(await guardiansOf(ctx.db, club.clubId, [club.playerA.id, club.playerB.id])).toEqual(
      new Map([[club.playerA.id, [club.parent.id]]]),
    );
  });
});
