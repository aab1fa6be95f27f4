import { and, asc, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type CallUpList, callUpMessages } from '../../contract/call-ups.schema';
import { notifications } from '../../server/db/schema/notifications';
import { users } from '../../server/db/schema/users';
import {
  type CalendarClub,
  calendarClub,
  insertSession,
  playerOf,
  tokenOf,
  trainerOf,
} from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Call-ups (issue #14): the manager sets who is called up (new ones told, with their
 * guardians), the player, a guardian or a manager answers, the silent ones are reminded
 * once a day; a family reads its own rows and the whole summary.
 */

const DAY = 24 * 60 * 60 * 1000;

const url = (club: CalendarClub, sessionId: number, tail = '') =>
  `/api/pla_club_teams/${club.clubId}/sessions/${sessionId}/call-ups${tail}`;

/** Club A's match with player A (guardian: the parent) and a teammate. */
async function matchClub(ctx: TestContext) {
  const club = await calendarClub(ctx);
  const teammate = await playerOf(ctx, club.clubId, club.catA);
  await ctx.db.update(users).set({ name: 'Zoe' }).where(eq(users.id, teammate.id));
  await ctx.db.update(users).set({ name: 'Ana' }).where(eq(users.id, club.playerA.id));
  const match = await insertSession(ctx, club.clubId, club.catA, {
    type: 'match',
    title: 'Partido vs Tigres',
    location: 'Cancha 2',
    startsAt: new Date(ctx.clock.now().getTime() + 3 * DAY),
  });
  return { club, teammate, match };
}

const setCallUps = (ctx: TestContext, token: string, path: string, playerIds: number[]) =>
  ctx.request({ method: 'PUT', url: path, token, body: { player_ids: playerIds } });

const answer = (ctx: TestContext, token: string, path: string, body: object) =>
  ctx.request({ method: 'POST', url: path, token, body });

const callUpNotices = (ctx: TestContext, userId: number) =>
  ctx.db
    .select({
      subject: notifications.subject,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.subject, 'callup:%')))
    .orderBy(asc(notifications.id));

describeEachDatabase('Call-ups API', (ctx) => {
  it('calls players up, telling them and their guardians once; drops the ones left out', async () => {
    const { club, teammate, match } = await matchClub(ctx);
    const set = await setCallUps(ctx, club.trainerA.token, url(club, match), [
      club.playerA.id,
      teammate.id,
      teammate.id,
    ]);
    expect(set.statusCode).toBe(200);
    expect(set.json<CallUpList>()).toMatchObject({
      summary: { called: 2, yes: 0, no: 0, maybe: 0, pending: 2 },
      can_manage: true,
      answerable_player_ids: [club.playerA.id, teammate.id],
      data: [
        { player_id: club.playerA.id, name: 'Ana Del Calendario', answer: 'pending' },
        { player_id: teammate.id, answer: 'pending', reason: null, reminded_at: null },
      ],
    });
    for (const person of [club.playerA, club.parent, teammate]) {
      const [notice, ...more] = await callUpNotices(ctx, person.id);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        subject: `callup:${match}`,
        title: 'Convocatoria: Partido vs Tigres',
        data: { action_url: `/home/calendar?session=${match}`, session_id: match },
      });
      expect(notice!.message).toContain('Cancha 2');
      expect(notice!.message).toContain('¿Vas? Responde en el calendario');
    }
    expect(await callUpNotices(ctx, club.playerB.id)).toEqual([]);
    const narrowed = await setCallUps(ctx, club.owner.token, url(club, match), [teammate.id]);
    expect(narrowed.json<CallUpList>()).toMatchObject({
      summary: { called: 1, pending: 1 },
      data: [{ player_id: teammate.id }],
    });
    expect(await callUpNotices(ctx, teammate.id)).toHaveLength(1);
  });

  it('refuses a player of another category (422 on player_ids), a cancelled session (409) and a stranger trainer (404)', async () => {
    const { club, match } = await matchClub(ctx);
    const foreign = await setCallUps(ctx, club.owner.token, url(club, match), [
      club.playerA.id,
      club.playerB.id,
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].path).toBe('player_ids');
    expect(foreign.json().errors[0].message).toContain(String(club.playerB.id));
    const cancelled = await insertSession(ctx, club.clubId, club.catA, { status: 'cancelled' });
    const refused = await setCallUps(ctx, club.owner.token, url(club, cancelled), [
      club.playerA.id,
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(callUpMessages.cancelledSession);
    const trainerB = await trainerOf(ctx, club.clubId, [club.catB]);
    expect(
      (await ctx.request({ method: 'GET', url: url(club, match), token: trainerB.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await setCallUps(ctx, trainerB.token, url(club, match), [club.playerA.id])).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.request({ method: 'GET', url: url(club, match), token: club.owner.token })
      ).json<CallUpList>().summary.called,
    ).toBe(0);
  });

  it('lets the player, their guardian or a manager answer, and nobody else', async () => {
    const { club, teammate, match } = await matchClub(ctx);
    await setCallUps(ctx, club.owner.token, url(club, match), [club.playerA.id, teammate.id]);
    const byParent = await answer(
      ctx,
      club.parent.token,
      url(club, match, `/${club.playerA.id}/answer`),
      {
        answer: 'no',
        reason: ' Viaje familiar ',
      },
    );
    expect(byParent.statusCode).toBe(200);
    expect(byParent.json<CallUpList>()).toMatchObject({
      summary: { called: 2, no: 1, pending: 1 },
      can_manage: false,
      answerable_player_ids: [club.playerA.id],
      data: [
        {
          player_id: club.playerA.id,
          answer: 'no',
          reason: 'Viaje familiar',
          answered_by_name: 'Persona Del Calendario',
          answered_at: ctx.clock.now().toISOString(),
        },
      ],
    });
    expect(byParent.json<CallUpList>().data).toHaveLength(1);
    const bySelf = await answer(
      ctx,
      club.playerA.token,
      url(club, match, `/${club.playerA.id}/answer`),
      {
        answer: 'maybe',
      },
    );
    expect(bySelf.json<CallUpList>().data[0]).toMatchObject({ answer: 'maybe', reason: null });
    const byTeammate = await answer(
      ctx,
      teammate.token,
      url(club, match, `/${club.playerA.id}/answer`),
      {
        answer: 'yes',
      },
    );
    expect(byTeammate.statusCode).toBe(403);
    expect(byTeammate.json().message).toBe(callUpMessages.notYourPlayer);
    const byTrainer = await answer(
      ctx,
      club.trainerA.token,
      url(club, match, `/${teammate.id}/answer`),
      {
        answer: 'yes',
      },
    );
    expect(byTrainer.json<CallUpList>().summary).toEqual({
      called: 2,
      yes: 1,
      no: 0,
      maybe: 1,
      pending: 0,
    });
    const badAnswer = await answer(
      ctx,
      club.owner.token,
      url(club, match, `/${teammate.id}/answer`),
      {
        answer: 'pending',
      },
    );
    expect(badAnswer.statusCode).toBe(400);
    await setCallUps(ctx, club.owner.token, url(club, match), [teammate.id]);
    const notCalled = await answer(
      ctx,
      club.parent.token,
      url(club, match, `/${club.playerA.id}/answer`),
      {
        answer: 'yes',
      },
    );
    expect(notCalled.statusCode).toBe(404);
    expect(notCalled.json().message).toBe(callUpMessages.notCalledUp);
  });

  it('reminds the pending ones and their guardians once a day', async () => {
    const { club, teammate, match } = await matchClub(ctx);
    await setCallUps(ctx, club.owner.token, url(club, match), [club.playerA.id, teammate.id]);
    await answer(ctx, teammate.token, url(club, match, `/${teammate.id}/answer`), {
      answer: 'yes',
    });
    const remind = (token: string) =>
      ctx.request({ method: 'POST', url: url(club, match, '/remind'), token });
    const first = await remind(club.trainerA.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reminded: 1 });
    const reminders = async (userId: number) =>
      (await callUpNotices(ctx, userId)).filter((row) => row.subject.endsWith(':reminder'));
    expect(await reminders(club.playerA.id)).toMatchObject([
      { title: 'Recordatorio de convocatoria: Partido vs Tigres' },
    ]);
    expect(await reminders(club.parent.id)).toHaveLength(1);
    expect(await reminders(teammate.id)).toEqual([]);
    expect((await remind(club.trainerA.token)).json()).toEqual({ reminded: 0 });
    expect(await reminders(club.playerA.id)).toHaveLength(1);
    const list = await ctx.request({
      method: 'GET',
      url: url(club, match),
      token: club.owner.token,
    });
    expect(list.json<CallUpList>().data[0]!.reminded_at).toBe(ctx.clock.now().toISOString());
    // Reminding needs sessions.update: a guardian may not.
    expect((await remind(club.parent.token)).statusCode).toBe(403);
    ctx.clock.advance(DAY);
    const nextDay = await remind(await tokenOf(ctx, club.trainerA.id));
    expect(nextDay.json()).toEqual({ reminded: 1 });
    expect(await reminders(club.playerA.id)).toHaveLength(2);
  });
});
