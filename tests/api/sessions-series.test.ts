import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  type SessionWriteResponse,
  sessionDeleteResponseSchema,
  sessionMessages,
  sessionWriteResponseSchema,
} from '../../contract/sessions.schema';
import { notifications } from '../../server/db/schema/notifications';
import {
  sessionAttendance,
  sessionCallUps,
  sessionSeries,
  sessions,
} from '../../server/db/schema/sessions';
import {
  type CalendarClub,
  calendarClub,
  errorsOf,
  insertSession,
  postSession,
  sessionsUrl,
  storedSessions,
} from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/** Sunday 1 November 2026, 07:00 in Bogotá. */
const NOW = new Date('2026-11-01T12:00:00Z');

/** A club (made at `now`) with a training series of A: Mondays and Wednesdays of November, 18:00. */
async function withSeries(ctx: TestContext, now = NOW) {
  ctx.clock.set(now);
  const club = await calendarClub(ctx);
  const response = await postSession(ctx, club.owner.token, club.clubId, {
    category_id: club.catA,
    starts_at: '2026-11-01T18:00:00-05:00',
    ends_at: '2026-11-01T19:30:00-05:00',
    recurrence: { weekdays: [1, 3], until: '2026-11-30' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const rows = await storedSessions(ctx, club.clubId);
  const on = (day: string) => rows.find((row) => row.occurrenceDate === `2026-11-${day}`)!.id;
  return { club, seriesId: rows[0]!.seriesId!, on };
}

const send = async (
  ctx: TestContext,
  token: string,
  method: 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => ctx.request({ method, url, token, ...(body === undefined ? {} : { body }) });

async function written(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return sessionWriteResponseSchema.parse(response.json()) as SessionWriteResponse;
}

const byDay = async (ctx: TestContext, clubId: number) =>
  (await storedSessions(ctx, clubId)).map((row) => ({
    day: row.occurrenceDate,
    at: row.startsAt.toISOString(),
    minutes: (row.endsAt.getTime() - row.startsAt.getTime()) / 60_000,
    title: row.title,
    status: row.status,
    series: row.seriesId,
  }));

/** Who got a notification of `type` about `subject`, by user id. */
const toldAbout = async (ctx: TestContext, subject: string) =>
  (
    await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.subject, subject))
      .orderBy(asc(notifications.userId))
  ).map((row) => row.userId);

const audienceOfA = (club: CalendarClub) =>
  [club.playerA.id, club.parent.id, club.trainerA.id].sort((a, b) => a - b);

async function attend(ctx: TestContext, club: CalendarClub, sessionId: number) {
  await ctx.db.insert(sessionAttendance).values({
    sessionId,
    playerUserId: club.playerA.id,
    clubId: club.clubId,
    status: 'present',
  });
}

describeEachDatabase('Sessions API: series edits, cancel, delete and results', (ctx) => {
  it("moves one occurrence ('this') to exact instants, keeping its place in the series, and tells its people", async () => {
    const { club, seriesId, on } = await withSeries(ctx);
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${on('09')}`, {
        starts_at: '2026-11-10T19:00:00-05:00',
        ends_at: '2026-11-10T20:30:00-05:00',
      }),
    );
    expect(answer).toMatchObject({ affected: 1, kept: 0 });
    expect(answer.session).toMatchObject({
      series_id: seriesId,
      occurrence_date: '2026-11-09',
      starts_at: '2026-11-11T00:00:00.000Z',
    });
    const days = await byDay(ctx, club.clubId);
    expect(days.filter((row) => row.at.endsWith('T23:00:00.000Z'))).toHaveLength(8);
    expect(await toldAbout(ctx, `session:${on('09')}:moved`)).toEqual(audienceOfA(club));
  });

  it('moves this and the following by the same wall-clock change, and notifies once', async () => {
    const { club, seriesId, on } = await withSeries(ctx);
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${on('16')}`, {
        scope: 'following',
        title: 'Técnica',
        starts_at: '2026-11-16T19:00:00-05:00',
        ends_at: '2026-11-16T20:00:00-05:00',
      }),
    );
    expect(answer).toMatchObject({ affected: 5, kept: 0 });
    const days = await byDay(ctx, club.clubId);
    expect(days.map((row) => [row.day, row.at, row.minutes, row.title])).toEqual([
      ['2026-11-02', '2026-11-02T23:00:00.000Z', 90, 'Entrenamiento'],
      ['2026-11-04', '2026-11-04T23:00:00.000Z', 90, 'Entrenamiento'],
      ['2026-11-09', '2026-11-09T23:00:00.000Z', 90, 'Entrenamiento'],
      ['2026-11-11', '2026-11-11T23:00:00.000Z', 90, 'Entrenamiento'],
      ['2026-11-16', '2026-11-17T00:00:00.000Z', 60, 'Técnica'],
      ['2026-11-18', '2026-11-19T00:00:00.000Z', 60, 'Técnica'],
      ['2026-11-23', '2026-11-24T00:00:00.000Z', 60, 'Técnica'],
      ['2026-11-25', '2026-11-26T00:00:00.000Z', 60, 'Técnica'],
      ['2026-11-30', '2026-12-01T00:00:00.000Z', 60, 'Técnica'],
    ]);
    const [series] = await ctx.db
      .select()
      .from(sessionSeries)
      .where(eq(sessionSeries.id, seriesId));
    expect(series).toMatchObject({ title: 'Técnica', startTime: '19:00', durationMinutes: 60 });
    const told = await ctx.db
      .select({ subject: notifications.subject })
      .from(notifications)
      .where(eq(notifications.clubId, club.clubId));
    expect(told.map((row) => row.subject)).toEqual(
      audienceOfA(club).map(() => `session:${on('16')}:moved`),
    );
  });

  it('edits the whole series but leaves a past occurrence with attendance as it was', async () => {
    // Thursday 5 November: the 2nd and the 4th are past; the 2nd has attendance.
    const { club, on } = await withSeries(ctx, new Date('2026-11-05T12:00:00Z'));
    await attend(ctx, club, on('02'));
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${on('11')}`, {
        scope: 'series',
        title: 'Nuevo',
        location: 'Cancha 3',
      }),
    );
    expect(answer).toMatchObject({ affected: 8, kept: 1 });
    const days = await byDay(ctx, club.clubId);
    expect(days.map((row) => row.title)).toEqual(['Entrenamiento', ...Array(8).fill('Nuevo')]);
    // The first occurrence still to come carries the one notice.
    expect(await toldAbout(ctx, `session:${on('09')}:changed`)).toEqual(audienceOfA(club));
  });

  it('tells the old and the new category when a session becomes club-wide', async () => {
    ctx.clock.set(NOW);
    const club = await calendarClub(ctx);
    const id = await insertSession(ctx, club.clubId, club.catB);
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${id}`, {
        category_id: null,
      }),
    );
    expect(answer.session).toMatchObject({ category_id: null, category_name: null });
    expect(await toldAbout(ctx, `session:${id}:changed`)).toEqual(
      [...audienceOfA(club), club.playerB.id].sort((a, b) => a - b),
    );
  });

  it('refuses a scope without a series, a rule with scope this, and what a trainer may not manage', async () => {
    const { club, on } = await withSeries(ctx);
    const single = await insertSession(ctx, club.clubId, club.catA);
    const ofB = await insertSession(ctx, club.clubId, club.catB);
    const wide = await insertSession(ctx, club.clubId, null);
    const url = (id: number) => `${sessionsUrl(club.clubId)}/${id}`;
    const before = await byDay(ctx, club.clubId);
    const scope = await send(ctx, club.owner.token, 'PATCH', url(single), {
      scope: 'series',
      title: 'X',
    });
    expect(scope.statusCode).toBe(422);
    expect(errorsOf(scope)).toEqual([['scope', sessionMessages.scopeNeedsSeries]]);
    const rule = await send(ctx, club.owner.token, 'PATCH', url(on('02')), {
      recurrence: { weekdays: [2], count: 2 },
    });
    expect(rule.statusCode).toBe(422);
    expect(errorsOf(rule)).toEqual([['recurrence', sessionMessages.recurrenceNeedsScope]]);
    const endFirst = await send(ctx, club.owner.token, 'PATCH', url(on('02')), {
      ends_at: '2026-11-02T17:00:00-05:00',
    });
    expect(endFirst.statusCode).toBe(422);
    expect(errorsOf(endFirst)).toEqual([['ends_at', sessionMessages.endBeforeStart]]);
    const unseen = await send(ctx, club.trainerA.token, 'PATCH', url(ofB), { title: 'X' });
    expect(unseen.statusCode).toBe(404);
    const clubWide = await send(ctx, club.trainerA.token, 'POST', `${url(wide)}/cancel`, {});
    expect(clubWide.statusCode).toBe(403);
    expect(clubWide.json()).toMatchObject({ message: sessionMessages.notYourCategory });
    const toB = await send(ctx, club.trainerA.token, 'PATCH', url(on('02')), {
      category_id: club.catB,
    });
    expect(toB.statusCode).toBe(403);
    expect(await byDay(ctx, club.clubId)).toEqual(before);
  });

  it('re-plans this and the following with a new rule: old series ends the day before, call-ups kept', async () => {
    const { club, seriesId, on } = await withSeries(ctx);
    await ctx.db
      .insert(sessionCallUps)
      .values({ sessionId: on('18'), playerUserId: club.playerA.id, clubId: club.clubId });
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${on('16')}`, {
        scope: 'following',
        recurrence: { weekdays: [2, 4], until: '2026-11-30' },
      }),
    );
    expect(answer).toMatchObject({ affected: 5, kept: 0 });
    const days = await byDay(ctx, club.clubId);
    const newSeries = days.find((row) => row.day === '2026-11-17')!.series!;
    expect(newSeries).not.toBe(seriesId);
    expect(days.map((row) => [row.day, row.series === seriesId ? 'old' : 'new'])).toEqual([
      ['2026-11-02', 'old'],
      ['2026-11-04', 'old'],
      ['2026-11-09', 'old'],
      ['2026-11-11', 'old'],
      ['2026-11-17', 'new'],
      ['2026-11-18', 'new'],
      ['2026-11-19', 'new'],
      ['2026-11-24', 'new'],
      ['2026-11-26', 'new'],
    ]);
    expect(days.every((row) => row.at.endsWith('T23:00:00.000Z'))).toBe(true);
    const series = await ctx.db
      .select({ id: sessionSeries.id, rrule: sessionSeries.rrule, start: sessionSeries.startDate })
      .from(sessionSeries)
      .where(eq(sessionSeries.clubId, club.clubId))
      .orderBy(asc(sessionSeries.id));
    expect(series).toEqual([
      { id: seriesId, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261115', start: '2026-11-01' },
      { id: newSeries, rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20261130', start: '2026-11-16' },
    ]);
  });

  it('re-plans the whole series with a count', async () => {
    const { club, seriesId, on } = await withSeries(ctx);
    const answer = await written(
      await send(ctx, club.owner.token, 'PATCH', `${sessionsUrl(club.clubId)}/${on('04')}`, {
        scope: 'series',
        recurrence: { weekdays: [5], count: 2 },
      }),
    );
    expect(answer.affected).toBe(2);
    const days = await byDay(ctx, club.clubId);
    expect(days.map((row) => [row.day, row.at, row.series])).toEqual([
      ['2026-11-06', '2026-11-06T23:00:00.000Z', seriesId],
      ['2026-11-13', '2026-11-13T23:00:00.000Z', seriesId],
    ]);
  });

  it('cancels one occurrence, refuses it twice, then the rest of the series with one notice', async () => {
    const { club, on } = await withSeries(ctx);
    const url = (id: number) => `${sessionsUrl(club.clubId)}/${id}/cancel`;
    const one = await written(
      await send(ctx, club.owner.token, 'POST', url(on('02')), { reason: 'Lluvia' }),
    );
    expect(one.session).toMatchObject({ status: 'cancelled', cancel_reason: 'Lluvia' });
    expect(await toldAbout(ctx, `session:${on('02')}:cancelled`)).toEqual(audienceOfA(club));
    const again = await send(ctx, club.owner.token, 'POST', url(on('02')), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: sessionMessages.alreadyCancelled });
    const rest = await written(
      await send(ctx, club.owner.token, 'POST', url(on('09')), { scope: 'series' }),
    );
    expect(rest).toMatchObject({ affected: 8, kept: 0 });
    const days = await byDay(ctx, club.clubId);
    expect(days.every((row) => row.status === 'cancelled')).toBe(true);
    expect(await toldAbout(ctx, `session:${on('04')}:cancelled`)).toEqual(audienceOfA(club));
    expect(await toldAbout(ctx, `session:${on('09')}:cancelled`)).toEqual([]);
    const none = await send(ctx, club.owner.token, 'POST', url(on('09')), { scope: 'series' });
    expect(none.statusCode).toBe(409);
  });

  it('deletes what has no attendance, keeps what has, and the series row with its last occurrence', async () => {
    const { club, seriesId, on } = await withSeries(ctx, new Date('2026-11-05T12:00:00Z'));
    const url = (id: number, scope = 'this') => `${sessionsUrl(club.clubId)}/${id}?scope=${scope}`;
    await attend(ctx, club, on('02'));
    const refused = await send(ctx, club.owner.token, 'DELETE', url(on('02')));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: sessionMessages.hasAttendance });
    const single = await insertSession(ctx, club.clubId, club.catA);
    const gone = await send(ctx, club.owner.token, 'DELETE', url(single));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(sessionDeleteResponseSchema.parse(gone.json())).toEqual({ affected: 1, kept: 0 });
    const series = await send(ctx, club.owner.token, 'DELETE', url(on('09'), 'series'));
    expect(sessionDeleteResponseSchema.parse(series.json())).toEqual({ affected: 8, kept: 1 });
    expect((await byDay(ctx, club.clubId)).map((row) => row.day)).toEqual(['2026-11-02']);
    const seriesRows = () =>
      ctx.db.select().from(sessionSeries).where(eq(sessionSeries.id, seriesId));
    expect(await seriesRows()).toHaveLength(1);
    await ctx.db.delete(sessionAttendance).where(eq(sessionAttendance.sessionId, on('02')));
    await send(ctx, club.owner.token, 'DELETE', url(on('02'), 'series'));
    expect(await seriesRows()).toHaveLength(0);
    expect(await storedSessions(ctx, club.clubId)).toEqual([]);
  });

  it("records a match's result, marks it done and tells the category's people", async () => {
    ctx.clock.set(NOW);
    const club = await calendarClub(ctx);
    const match = await insertSession(ctx, club.clubId, club.catA, {
      type: 'match',
      title: 'Partido',
      opponent: 'Halcones FC',
    });
    const training = await insertSession(ctx, club.clubId, club.catA);
    const url = (id: number) => `${sessionsUrl(club.clubId)}/${id}/result`;
    const notMatch = await send(ctx, club.owner.token, 'PUT', url(training), {
      score_ours: 1,
      score_theirs: 0,
    });
    expect(notMatch.statusCode).toBe(422);
    expect(errorsOf(notMatch)).toEqual([['score_ours', sessionMessages.resultOnlyMatch]]);
    const answer = await written(
      await send(ctx, club.trainerA.token, 'PUT', url(match), { score_ours: 3, score_theirs: 2 }),
    );
    expect(answer.session).toMatchObject({ status: 'done', score_ours: 3, score_theirs: 2 });
    // The trainer who recorded it is not told; the player and the parent are.
    expect(await toldAbout(ctx, `match:${match}:result`)).toEqual(
      [club.playerA.id, club.parent.id].sort((a, b) => a - b),
    );
    const cancelled = await insertSession(ctx, club.clubId, club.catA, {
      type: 'match',
      status: 'cancelled',
    });
    const refused = await send(ctx, club.owner.token, 'PUT', url(cancelled), {
      score_ours: 0,
      score_theirs: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: sessionMessages.resultOfCancelled });
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, cancelled), eq(sessions.clubId, club.clubId)));
    expect(row).toMatchObject({ status: 'cancelled', scoreOurs: null });
  });
});
