import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { attendanceFiguresSchema } from '../../contract/attendance.schema';
import { playerListResponseSchema } from '../../contract/players.schema';
import {
  LOW_ATTENDANCE_RATE,
  type TrainerDashboard,
  trainerDashboardResponseSchema,
} from '../../contract/dashboards.schema';
import { CLUB_HEADER } from '../../contract/names';
import { categories } from '../../server/db/schema/categories';
import { clubs } from '../../server/db/schema/clubs';
import { sessionAttendance } from '../../server/db/schema/sessions';
import { categoryTrainers } from '../../server/db/schema/trainers';
import { superAdmin } from './support/clubs';
import { type CalendarClub, calendarClub, insertSession, playerOf } from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * Issue #16: the trainer's dashboard within their categories (Sub-10 here; Sub-12 is
 * another trainer's), on Wednesday 11 March 2026, 10:00 in Bogotá (UTC−5). Its figures
 * equal the grids behind them as the trainer sees them: the Jugadores total and GET
 * …/attendance-figures; the session lists are the ones placed below, by hand.
 */

const NOW = new Date('2026-03-11T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase('the trainer dashboard', (ctx) => {
  let c: CalendarClub;
  const s: Record<string, number> = {};
  const p: Record<string, number> = {};

  const dashboard = async (token: string, clubId?: number): Promise<TrainerDashboard> => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/dashboard/trainer',
      token,
      ...(clubId ? { headers: { [CLUB_HEADER]: String(clubId) } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return trainerDashboardResponseSchema.parse(response.json()).data;
  };

  const session = (key: string, category: number | null, at: string, cancelled = false) =>
    insertSession(ctx, c.clubId, category, {
      startsAt: new Date(at),
      title: key,
      ...(cancelled ? { status: 'cancelled' } : {}),
    }).then((id) => (s[key] = id));

  const mark = (sessionKey: string, playerId: number, status: 'present' | 'late' | 'absent') =>
    ctx.db
      .insert(sessionAttendance)
      .values({ sessionId: s[sessionKey]!, playerUserId: playerId, clubId: c.clubId, status });

  beforeAll(async () => {
    ctx.clock.set(NOW);
    c = await calendarClub(ctx);
    const { catA, catB } = c;
    p.a = c.playerA.id;
    p.b = c.playerB.id;
    p.two = (await playerOf(ctx, c.clubId, catA)).id;
    p.three = (await playerOf(ctx, c.clubId, catA)).id;
    // Today (Bogotá): one early this morning (started, no marks), two tonight, one at 23:30.
    await session('early', catA, '2026-03-11T12:00:00Z');
    await session('tonight', catA, '2026-03-11T23:00:00Z');
    await session('wideTonight', null, '2026-03-12T01:00:00Z');
    await session('late', catA, '2026-03-12T04:30:00Z');
    await session('otherToday', catB, '2026-03-11T22:00:00Z');
    await session('cancelledToday', catA, '2026-03-11T21:00:00Z', true);
    // The rest of the week (Monday 9 to Sunday 15) and its edges.
    await session('monday', catA, '2026-03-09T23:00:00Z');
    await session('thursday', catA, '2026-03-12T05:30:00Z');
    await session('sunday', catA, '2026-03-16T01:00:00Z');
    await session('nextMonday', catA, '2026-03-16T17:00:00Z');
    await session('lastSunday', null, '2026-03-08T15:00:00Z');
    // The past fortnight: marked ones, an unmarked Sub-12 one, a cancelled one, an old one.
    await session('a1', catA, '2026-03-05T23:00:00Z');
    await session('a2', catA, '2026-03-02T23:00:00Z');
    await session('a3', catA, '2026-02-25T23:00:00Z');
    await session('wideMarked', null, '2026-03-07T15:00:00Z');
    await session('b1', catB, '2026-03-04T23:00:00Z');
    await session('b2', catB, '2026-03-06T23:00:00Z');
    await session('cancelledPast', catA, '2026-03-03T23:00:00Z', true);
    await session('old', catA, '2026-02-20T23:00:00Z');
    for (const [key, statuses] of Object.entries({
      a1: ['absent', 'present', 'present'],
      a2: ['absent', 'late', 'present'],
      a3: ['present', 'absent', 'present'],
    } as const)) {
      await mark(key, p.a, statuses[0]);
      await mark(key, p.two, statuses[1]);
      await mark(key, p.three, statuses[2]);
    }
    await mark('wideMarked', p.a, 'absent');
    await mark('wideMarked', p.three, 'absent');
    await mark('b1', p.b, 'absent');
  });

  const ids = (sessions: { id: number }[]) => sessions.map((row) => row.id);

  it('lists today, the week and the roll calls to take of the trainer’s categories', async () => {
    const data = await dashboard(c.trainerA.token);
    const [club] = await ctx.db
      .select({ timezone: clubs.timezone })
      .from(clubs)
      .where(eq(clubs.id, c.clubId));
    expect(data.club).toEqual({
      id: c.clubId,
      name: 'Club del Calendario',
      timezone: club!.timezone,
    });
    expect(data.today.date).toBe('2026-03-11');
    expect(ids(data.today.sessions)).toEqual([s.early, s.tonight, s.wideTonight, s.late]);
    expect(data.today.sessions[2]!.category).toBeNull();
    expect(data.today.sessions[1]!.category).toEqual({ id: c.catA, name: 'Sub-10' });
    expect([data.week.from, data.week.to]).toEqual(['2026-03-09', '2026-03-16']);
    expect(ids(data.week.sessions)).toEqual([
      s.monday,
      s.early,
      s.tonight,
      s.wideTonight,
      s.late,
      s.thursday,
      s.sunday,
    ]);
    expect(data.to_take.to).toBe(NOW.toISOString());
    expect(data.to_take.from).toBe(new Date(NOW.getTime() - 14 * DAY).toISOString());
    expect(ids(data.to_take.sessions)).toEqual([s.early, s.monday]);
    expect(data.to_take.sessions.every((row) => row.marks === 0)).toBe(true);
  });

  it('counts their categories and the Jugadores grid’s total they see', async () => {
    const data = await dashboard(c.trainerA.token);
    const trained = await ctx.db
      .select({ id: categoryTrainers.categoryId })
      .from(categoryTrainers)
      .innerJoin(categories, eq(categories.id, categoryTrainers.categoryId))
      .where(and(eq(categoryTrainers.userId, c.trainerA.id), eq(categories.clubId, c.clubId)));
    const list = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${c.clubId}/players`,
      token: c.trainerA.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const total = playerListResponseSchema.parse(list.json()).total;
    expect(data.counts).toEqual({ categories: trained.length, players: total });
    expect(total).toBe(3);
  });

  it('lists their players below the threshold with the rates of GET …/attendance-figures', async () => {
    const data = await dashboard(c.trainerA.token);
    const expected = await lowFrom(ctx, c, c.trainerA.token, data.low_attendance);
    expect(data.low_attendance.players).toEqual(expected);
    expect(data.low_attendance.threshold).toBe(LOW_ATTENDANCE_RATE);
    // Ana: 1 of 4 (the club-wide absence counts); the second: 2 of 3; the third, 3 of 4, is fine.
    expect(data.low_attendance.players.map((row) => [row.player_id, row.rate])).toEqual([
      [p.a, 1 / 4],
      [p.two, 2 / 3],
    ]);
  });

  it('shows a super admin every category, Sub-12’s and the club-wide roll calls too', async () => {
    const admin = await superAdmin(ctx);
    const data = await dashboard(admin.token, c.clubId);
    const all = await ctx.db.execute(
      sql`select count(*)::int as n from categories where club_id = ${c.clubId}`,
    );
    expect(data.counts.categories).toBe(
      Number((all as unknown as { rows: { n: number }[] }).rows[0]!.n),
    );
    expect(ids(data.to_take.sessions)).toEqual([s.early, s.monday, s.lastSunday, s.b2]);
    expect(ids(data.today.sessions)).toEqual([
      s.early,
      s.otherToday,
      s.tonight,
      s.wideTonight,
      s.late,
    ]);
    const expected = await lowFrom(ctx, c, c.owner.token, data.low_attendance);
    expect(data.low_attendance.players).toEqual(expected);
    expect(data.low_attendance.players.map((row) => row.player_id)).toEqual([p.b, p.a, p.two]);
  });
});

/** GET …/attendance-figures' players below the threshold for `span`, lowest first. */
async function lowFrom(
  ctx: TestContext,
  c: CalendarClub,
  token: string,
  span: { from: string; to: string },
) {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/pla_club_teams/${c.clubId}/attendance-figures?from=${span.from}&to=${span.to}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return attendanceFiguresSchema
    .parse(response.json())
    .by_player.filter((row) => row.rate !== null && row.rate < LOW_ATTENDANCE_RATE)
    .sort((x, y) => x.rate! - y.rate!);
}
