import { count, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  type Session,
  sessionListResponseSchema,
  sessionMessages,
  sessionSchema,
  sessionWriteResponseSchema,
} from '../../contract/sessions.schema';
import { clubs } from '../../server/db/schema/clubs';
import { sessionSeries, sessions } from '../../server/db/schema/sessions';
import {
  type CalendarClub,
  addCategory,
  calendarClub,
  errorsOf,
  insertSession,
  postSession,
  sessionsUrl,
  storedSessions,
} from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';
import { createClub } from './support/clubs';

/** Sunday 1 November 2026, 07:00 in Bogotá. */
const NOW = new Date('2026-11-01T12:00:00Z');

async function created(ctx: TestContext, token: string, clubId: number, body = {}) {
  const response = await postSession(ctx, token, clubId, body);
  expect(response.statusCode, response.body).toBe(201);
  return sessionWriteResponseSchema.parse(response.json());
}

async function list(ctx: TestContext, token: string, clubId: number, query: string) {
  const response = await ctx.request({
    method: 'GET',
    url: `${sessionsUrl(clubId)}?${query}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionListResponseSchema.parse(response.json());
}

const NOVEMBER = 'from=2026-11-01T00:00:00-05:00&to=2026-12-01T00:00:00-05:00';
const titles = (rows: Session[]) => rows.map((row) => row.title);

/** One session of A, one of B, one club-wide and a match of A, in November. */
async function month(ctx: TestContext, club: CalendarClub) {
  const { owner, clubId, catA, catB } = club;
  const at = (day: string, hour: string) => ({
    starts_at: `2026-11-${day}T${hour}:00:00-05:00`,
    ends_at: `2026-11-${day}T${hour}:45:00-05:00`,
  });
  await created(ctx, owner.token, clubId, {
    title: 'B lunes',
    category_id: catB,
    ...at('02', '17'),
  });
  await created(ctx, owner.token, clubId, {
    title: 'A lunes',
    category_id: catA,
    ...at('02', '16'),
  });
  await created(ctx, owner.token, clubId, { title: 'Reunión', type: 'meeting', ...at('05', '19') });
  await created(ctx, owner.token, clubId, {
    title: 'Partido A',
    type: 'match',
    category_id: catA,
    opponent: 'Halcones FC',
    home_away: 'home',
    ...at('07', '10'),
  });
  // Outside the month.
  await created(ctx, owner.token, clubId, {
    title: 'Diciembre',
    ...at('02', '17'),
    starts_at: '2026-12-01T08:00:00-05:00',
    ends_at: '2026-12-01T09:00:00-05:00',
  });
}

describeEachDatabase('Sessions API (/api/pla_club_teams/:id/sessions)', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  it('creates a single session with its category and trainer, and reads it back', async () => {
    const club = await calendarClub(ctx);
    const answer = await created(ctx, club.owner.token, club.clubId, {
      title: 'Técnica',
      category_id: club.catA,
      trainer_id: club.trainerA.id,
      location: ' Cancha 2 ',
      notes: 'Traer petos',
    });
    expect(answer).toMatchObject({ affected: 1, kept: 0 });
    expect(answer.session).toMatchObject({
      title: 'Técnica',
      category_id: club.catA,
      category_name: 'Sub-10',
      trainer_id: club.trainerA.id,
      trainer_name: 'Persona Del Calendario',
      location: 'Cancha 2',
      starts_at: '2026-11-02T23:00:00.000Z',
      ends_at: '2026-11-03T00:30:00.000Z',
      status: 'scheduled',
      series_id: null,
      recurrence: null,
      can_manage: true,
    });
    const detail = await ctx.request({
      method: 'GET',
      url: `${sessionsUrl(club.clubId)}/${answer.session.id}`,
      token: club.trainerA.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(sessionSchema.parse(detail.json())).toEqual(answer.session);
  });

  it('expands a weekly series from a Sunday on ISO 1 and 3 into Mondays and Wednesdays, until inclusive, at 18:00 Bogotá', async () => {
    const club = await calendarClub(ctx);
    const answer = await created(ctx, club.owner.token, club.clubId, {
      category_id: club.catA,
      starts_at: '2026-11-01T18:00:00-05:00',
      ends_at: '2026-11-01T19:30:00-05:00',
      recurrence: { weekdays: [3, 1], until: '2026-11-30' },
    });
    expect(answer.affected).toBe(9);
    expect(answer.session).toMatchObject({
      occurrence_date: '2026-11-02',
      starts_at: '2026-11-02T23:00:00.000Z',
      recurrence: { weekdays: [1, 3], until: '2026-11-30', count: null },
    });
    const rows = await storedSessions(ctx, club.clubId);
    expect(rows.map((row) => row.occurrenceDate)).toEqual([
      '2026-11-02',
      '2026-11-04',
      '2026-11-09',
      '2026-11-11',
      '2026-11-16',
      '2026-11-18',
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
    ]);
    // A DST-free zone: 18:00 local is always 23:00 UTC, 90 minutes long.
    for (const row of rows) {
      expect(row.startsAt.toISOString()).toBe(`${row.occurrenceDate}T23:00:00.000Z`);
      expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(90 * 60_000);
      expect(row.seriesId).toBe(answer.session.series_id);
    }
    const [series] = await ctx.db
      .select()
      .from(sessionSeries)
      .where(eq(sessionSeries.id, answer.session.series_id!));
    expect(series).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261130',
      weekdays: [1, 3],
      startDate: '2026-11-01',
      untilDate: '2026-11-30',
      startTime: '18:00',
      durationMinutes: 90,
      timezone: 'America/Bogota',
    });
  });

  it('ends a series after count occurrences, across month ends', async () => {
    const club = await calendarClub(ctx);
    // Monday 26 January, on Saturdays: the 31st, then February.
    const answer = await created(ctx, club.owner.token, club.clubId, {
      starts_at: '2027-01-26T09:00:00-05:00',
      ends_at: '2027-01-26T10:00:00-05:00',
      recurrence: { weekdays: [6], count: 3 },
    });
    expect(answer.affected).toBe(3);
    const rows = await storedSessions(ctx, club.clubId);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([
      '2027-01-30T14:00:00.000Z',
      '2027-02-06T14:00:00.000Z',
      '2027-02-13T14:00:00.000Z',
    ]);
  });

  it('keeps the local start time across a DST change in the club timezone (Madrid)', async () => {
    const club = await calendarClub(ctx);
    await ctx.db.update(clubs).set({ timezone: 'Europe/Madrid' }).where(eq(clubs.id, club.clubId));
    await created(ctx, club.owner.token, club.clubId, {
      starts_at: '2027-03-22T18:00:00+01:00',
      ends_at: '2027-03-22T19:00:00+01:00',
      recurrence: { weekdays: [1], until: '2027-04-05' },
    });
    const rows = await storedSessions(ctx, club.clubId);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([
      '2027-03-22T17:00:00.000Z',
      '2027-03-29T16:00:00.000Z',
      '2027-04-05T16:00:00.000Z',
    ]);
  });

  it('answers the range query with its filters, by start, club-wide sessions always in', async () => {
    const club = await calendarClub(ctx);
    await month(ctx, club);
    const all = await list(ctx, club.owner.token, club.clubId, NOVEMBER);
    expect(all.total).toBe(4);
    expect(titles(all.data)).toEqual(['A lunes', 'B lunes', 'Reunión', 'Partido A']);
    const ofB = await list(
      ctx,
      club.owner.token,
      club.clubId,
      `${NOVEMBER}&category_ids=${club.catB}`,
    );
    expect(titles(ofB.data)).toEqual(['B lunes', 'Reunión']);
    const matches = await list(
      ctx,
      club.owner.token,
      club.clubId,
      `${NOVEMBER}&types=match,meeting`,
    );
    expect(titles(matches.data)).toEqual(['Reunión', 'Partido A']);
    const firstWeek = await list(
      ctx,
      club.owner.token,
      club.clubId,
      'from=2026-11-02T16:30:00-05:00&to=2026-11-06T00:00:00-05:00',
    );
    expect(titles(firstWeek.data)).toEqual(['B lunes', 'Reunión']);
    const paged = await list(
      ctx,
      club.owner.token,
      club.clubId,
      `${NOVEMBER}&pageSize=25&page=1&sort=-starts_at`,
    );
    expect(titles(paged.data)).toEqual(['Partido A', 'Reunión', 'B lunes', 'A lunes']);
    await ctx.db.update(sessions).set({ status: 'cancelled' }).where(eq(sessions.title, 'Reunión'));
    const cancelled = await list(
      ctx,
      club.owner.token,
      club.clubId,
      `${NOVEMBER}&status=cancelled`,
    );
    expect(titles(cancelled.data)).toEqual(['Reunión']);
  });

  it('shows each role its part: trainer, player and parent their categories plus club-wide', async () => {
    const club = await calendarClub(ctx);
    await month(ctx, club);
    const seen = async (token: string) => {
      const page = await list(ctx, token, club.clubId, NOVEMBER);
      return page.data.map((row) => [row.title, row.can_manage]);
    };
    expect(await seen(club.trainerA.token)).toEqual([
      ['A lunes', true],
      ['Reunión', false],
      ['Partido A', true],
    ]);
    expect(await seen(club.playerB.token)).toEqual([
      ['B lunes', false],
      ['Reunión', false],
    ]);
    expect(await seen(club.parent.token)).toEqual([
      ['A lunes', false],
      ['Reunión', false],
      ['Partido A', false],
    ]);
    expect((await list(ctx, club.trainerA.token, club.clubId, NOVEMBER)).total).toBe(3);
  });

  it('answers 404 for a session the caller does not see or of another club', async () => {
    const club = await calendarClub(ctx);
    const ofB = await insertSession(ctx, club.clubId, club.catB);
    const other = await calendarClub(ctx, 'Otro Club');
    const foreign = await insertSession(ctx, other.clubId, other.catA);
    for (const [token, id] of [
      [club.trainerA.token, ofB],
      [club.parent.token, ofB],
      [club.owner.token, foreign],
    ] as const) {
      const response = await ctx.request({
        method: 'GET',
        url: `${sessionsUrl(club.clubId)}/${id}`,
        token,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: sessionMessages.notFound });
    }
  });

  it('refuses a trainer creating outside their categories or for the whole club (403), writing nothing', async () => {
    const club = await calendarClub(ctx);
    for (const categoryId of [club.catB, null]) {
      const response = await postSession(ctx, club.trainerA.token, club.clubId, {
        category_id: categoryId,
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(errorsOf(response)).toEqual([['category_id', sessionMessages.notYourCategory]]);
    }
    await created(ctx, club.trainerA.token, club.clubId, { category_id: club.catA });
    expect(await storedSessions(ctx, club.clubId)).toHaveLength(1);
  });

  it('refuses each bad input of the issue with its status, Spanish message and field, and changes nothing', async () => {
    const club = await calendarClub(ctx);
    const foreign = await createClub(ctx, club.owner.token, { name: 'Club Ajeno' });
    const foreignCategory = await addCategory(ctx, foreign.id, 'Ajena');
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ends_at: '2026-11-02T17:00:00-05:00' }, 400, 'ends_at', sessionMessages.endBeforeStart],
      [{ recurrence: { weekdays: [1] } }, 400, 'recurrence.until', sessionMessages.seriesEndNeeded],
      [
        { recurrence: { weekdays: [0], count: 3 } },
        400,
        'recurrence.weekdays.0',
        sessionMessages.badWeekday,
      ],
      [
        { recurrence: { weekdays: [1, 8], count: 3 } },
        400,
        'recurrence.weekdays.1',
        sessionMessages.badWeekday,
      ],
      [{ category_id: foreignCategory }, 422, 'category_id', sessionMessages.unknownCategory],
      [{ trainer_id: club.playerA.id }, 422, 'trainer_id', sessionMessages.unknownTrainer],
      [
        { recurrence: { weekdays: [1], until: '2026-10-01' } },
        422,
        'recurrence.until',
        sessionMessages.untilBeforeStart,
      ],
      [
        { recurrence: { weekdays: [1, 2, 3, 4, 5], until: '2028-06-30' } },
        422,
        'recurrence.until',
        sessionMessages.seriesTooLong,
      ],
      // 200 Mondays span almost four years.
      [
        { recurrence: { weekdays: [1], count: 200 } },
        422,
        'recurrence.count',
        sessionMessages.seriesTooLong,
      ],
      [
        {
          starts_at: '2026-11-03T18:00:00-05:00',
          ends_at: '2026-11-03T19:00:00-05:00',
          recurrence: { weekdays: [1], until: '2026-11-08' },
        },
        422,
        'recurrence.weekdays',
        sessionMessages.seriesEmpty,
      ],
    ];
    for (const [body, status, field, message] of cases) {
      const response = await postSession(ctx, club.owner.token, club.clubId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (status === 422) expect(response.json().message, JSON.stringify(body)).toBe(message);
      expect(errorsOf(response), JSON.stringify(body)).toContainEqual([field, message]);
    }
    const [rows] = await ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.clubId, club.clubId));
    const [series] = await ctx.db
      .select({ n: count() })
      .from(sessionSeries)
      .where(eq(sessionSeries.clubId, club.clubId));
    expect({ sessions: rows!.n, series: series!.n }).toEqual({ sessions: 0, series: 0 });
  });
});
