import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AttendanceFigures } from '../../contract/attendance.schema';
import { sessionAttendance } from '../../server/db/schema/sessions';
import { users } from '../../server/db/schema/users';
import {
  attendanceRateByCategory,
  attendanceRateByMonth,
  attendanceRateByPlayer,
} from '../../server/features/attendance/attendance-figures';
import { calendarClub, insertSession, playerOf } from './support/sessions';
import { type TestContext, describeEachDatabase } from './support/test-app';

/*
 * The attendance figures (issue #14 item 4) against values computed by hand: rate =
 * (present + late) / (recorded − excused) over the marks of sessions not cancelled that
 * start in [from, to); months in the club's timezone (America/Bogota, UTC−5).
 */

type Mark = 'present' | 'absent' | 'late' | 'excused';

/** Ana, Beto (category A), Carla (category B) and eight sessions with their marks. */
async function season(ctx: TestContext) {
  const club = await calendarClub(ctx);
  const beto = await playerOf(ctx, club.clubId, club.catA);
  const ana = club.playerA;
  const carla = club.playerB;
  for (const [person, name] of [
    [ana, 'Ana'],
    [beto, 'Beto'],
    [carla, 'Carla'],
  ] as const) {
    await ctx.db.update(users).set({ name }).where(eq(users.id, person.id));
  }
  const mark = async (sessionId: number, marks: [number, Mark][]) => {
    await ctx.db.insert(sessionAttendance).values(
      marks.map(([playerUserId, status]) => ({
        sessionId,
        playerUserId,
        clubId: club.clubId,
        status,
      })),
    );
  };
  const at = (iso: string, categoryId: number | null, fields = {}) =>
    insertSession(ctx, club.clubId, categoryId, { startsAt: new Date(iso), ...fields });
  const { catA, catB } = club;
  await mark(await at('2026-11-03T22:00:00Z', catA), [
    [ana.id, 'present'],
    [beto.id, 'late'],
  ]);
  await mark(await at('2026-11-10T22:00:00Z', catA), [
    [ana.id, 'absent'],
    [beto.id, 'excused'],
  ]);
  await mark(await at('2026-12-01T22:00:00Z', catA), [
    [ana.id, 'present'],
    [beto.id, 'absent'],
  ]);
  // Cancelled: never counted.
  await mark(await at('2026-11-17T22:00:00Z', catA, { status: 'cancelled' }), [[ana.id, 'absent']]);
  await mark(await at('2026-11-05T22:00:00Z', catB), [[carla.id, 'present']]);
  // Club-wide.
  await mark(await at('2026-11-20T22:00:00Z', null), [
    [ana.id, 'late'],
    [carla.id, 'absent'],
  ]);
  // December 1 in UTC, November 30 at 23:30 in Bogotá: November for the club.
  await mark(await at('2026-12-01T04:30:00Z', catB), [[carla.id, 'excused']]);
  // After `to`: outside.
  await mark(await at('2027-01-05T22:00:00Z', catA), [[ana.id, 'absent']]);
  return {
    club,
    ana,
    beto,
    carla,
    filter: {
      clubId: club.clubId,
      from: new Date('2026-11-01T05:00:00Z'),
      to: new Date('2027-01-01T05:00:00Z'),
    },
  };
}

const counts = (
  sessions: number,
  [present, late, absent, excused]: [number, number, number, number],
  rate: number | null,
) => ({
  sessions,
  recorded: present + late + absent + excused,
  present,
  late,
  absent,
  excused,
  rate,
});

describeEachDatabase('Attendance figures (one query module)', (ctx) => {
  it('rates each player: (present + late) / (recorded − excused)', async () => {
    const { ana, beto, carla, filter } = await season(ctx);
    expect(await attendanceRateByPlayer(ctx.db, filter)).toEqual([
      { player_id: ana.id, name: 'Ana Del Calendario', ...counts(4, [2, 1, 1, 0], 3 / 4) },
      { player_id: beto.id, name: 'Beto Del Calendario', ...counts(3, [0, 1, 1, 1], 1 / 2) },
      { player_id: carla.id, name: 'Carla Del Calendario', ...counts(3, [1, 0, 1, 1], 1 / 2) },
    ]);
  });

  it('rates each category, club-wide sessions last', async () => {
    const { club, filter } = await season(ctx);
    expect(await attendanceRateByCategory(ctx.db, filter)).toEqual([
      { category_id: club.catA, category_name: 'Sub-10', ...counts(3, [2, 1, 2, 1], 3 / 5) },
      { category_id: club.catB, category_name: 'Sub-12', ...counts(2, [1, 0, 0, 1], 1) },
      { category_id: null, category_name: null, ...counts(1, [0, 1, 1, 0], 1 / 2) },
    ]);
  });

  it("rates each month in the club's timezone", async () => {
    const { filter } = await season(ctx);
    expect(await attendanceRateByMonth(ctx.db, filter)).toEqual([
      { month: '2026-11', ...counts(5, [2, 2, 2, 2], 4 / 6) },
      { month: '2026-12', ...counts(1, [1, 0, 1, 0], 1 / 2) },
    ]);
  });

  it('narrows to categories and players, and says null when nothing is rated', async () => {
    const { club, ana, beto, carla, filter } = await season(ctx);
    const inA = await attendanceRateByPlayer(ctx.db, { ...filter, categoryIds: [club.catA] });
    expect(inA.map((row) => [row.player_id, row.rate])).toEqual([
      [ana.id, 2 / 3],
      [beto.id, 1 / 2],
    ]);
    const onlyBeto = await attendanceRateByMonth(ctx.db, { ...filter, playerIds: [beto.id] });
    expect(onlyBeto).toEqual([
      { month: '2026-11', ...counts(2, [0, 1, 0, 1], 1) },
      { month: '2026-12', ...counts(1, [0, 0, 1, 0], 0) },
    ]);
    const excusedOnly = await attendanceRateByPlayer(ctx.db, {
      ...filter,
      from: new Date('2026-12-01T04:00:00Z'),
      to: new Date('2026-12-01T05:00:00Z'),
      playerIds: [carla.id],
    });
    expect(excusedOnly).toEqual([
      { player_id: carla.id, name: 'Carla Del Calendario', ...counts(1, [0, 0, 0, 1], null) },
    ]);
  });

  it("answers GET attendance-figures in the caller's scope: owner all, trainer their players, family their own", async () => {
    const { club, ana, beto, carla } = await season(ctx);
    const figures = async (token: string, query = '') => {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/pla_club_teams/${club.clubId}/attendance-figures?from=2026-11-01T00:00:00-05:00&to=2027-01-01T00:00:00-05:00${query}`,
        token,
      });
      expect(response.statusCode).toBe(200);
      return response.json<AttendanceFigures>();
    };
    const players = (answer: AttendanceFigures) =>
      answer.by_player.map((row) => [row.player_id, row.rate]);
    const all = await figures(club.owner.token);
    expect(players(all)).toEqual([
      [ana.id, 3 / 4],
      [beto.id, 1 / 2],
      [carla.id, 1 / 2],
    ]);
    expect(all.by_month.map((row) => row.month)).toEqual(['2026-11', '2026-12']);
    expect(all.from).toBe('2026-11-01T05:00:00.000Z');
    expect(players(await figures(club.owner.token, `&category_id=${club.catA}`))).toEqual([
      [ana.id, 2 / 3],
      [beto.id, 1 / 2],
    ]);
    expect(players(await figures(club.trainerA.token))).toEqual([
      [ana.id, 3 / 4],
      [beto.id, 1 / 2],
    ]);
    const family = await figures(club.parent.token);
    expect(players(family)).toEqual([[ana.id, 3 / 4]]);
    expect(family.by_category.map((row) => row.category_id)).toEqual([club.catA, null]);
    expect(players(await figures(carla.token))).toEqual([[carla.id, 1 / 2]]);
    const backwards = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${club.clubId}/attendance-figures?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z`,
      token: club.owner.token,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe('to');
  });
});
