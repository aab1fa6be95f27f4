import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  ATTENDANCE_WINDOW_DAYS,
  DASHBOARD_LIST_MAX,
  LOW_ATTENDANCE_RATE,
  TO_TAKE_DAYS,
  type TrainerDashboard,
} from '../../../contract/dashboards.schema';
import { memberRoles } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { clubs } from '../../db/schema/clubs';
import { clubMemberships } from '../../db/schema/memberships';
import { players } from '../../db/schema/players';
import { attendanceBelow } from '../attendance/attendance-figures';
import { clubTodaySql } from '../payments/money-figures';
import { categoryScopeFor, withinScope } from '../players/player-scope';
import { playerOfMembership, playerRoleId } from '../players/players-list.sql';
import { dashboardSessions } from './dashboard-sessions';
import { rowsOf } from '../../db/rows';

/*
 * The trainer's dashboard (issue #16): what a trainer needs today, within their
 * categories. Whose categories: the caller's scope for reading players (player-scope.ts),
 * so the dashboard covers what their Jugadores grid shows:
 *
 * - a trainer only: the categories they train (category_trainers), none while the club has
 *   made them inactive; sessions of those plus the club-wide ones are listed, but "to
 *   take" only theirs (a trainer takes no roll call of a club-wide session);
 * - a super admin, or someone whose other role reads the whole club (the owner who also
 *   trains): every category of the club and every session, club-wide ones included.
 *
 * The figures: counts.players is the Jugadores grid's total (the club's Jugador members
 * whose players row is in those categories, as players-list.ts counts); today and week
 * are the club's calendar in its timezone (a week from Monday); to_take the sessions
 * started in the last TO_TAKE_DAYS days up to now without marks (latest first);
 * low_attendance attendance-figures.ts's rate per player over the last
 * ATTENDANCE_WINDOW_DAYS days, counting the sessions the trainer sees (theirs and the
 * club-wide ones) and the marks of the current players of their categories (the rates
 * GET …/attendance-figures gives that trainer), below LOW_ATTENDANCE_RATE, lowest first.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Who asks: the caller of the trainer dashboard in their working club. */
export interface TrainerCaller {
  userId: number;
  clubId: number;
  isSuperAdmin: boolean;
}

/** The trainer whose categories bound the dashboard, or undefined for the whole club. */
async function trainerOf(db: Db, caller: TrainerCaller) {
  if (caller.isSuperAdmin) return undefined;
  const held = await memberRoles(db, caller.userId, caller.clubId);
  const scope = await categoryScopeFor(
    db,
    { clubId: caller.clubId, userId: caller.userId, held },
    'players.view',
  );
  return scope && { trainerId: scope.trainerId };
}

interface Header {
  name: string;
  timezone: string;
  today: string;
  today_from: Date;
  today_to: Date;
  week_from: string;
  week_to: string;
  week_from_at: Date;
  week_to_at: Date;
  category_ids: number[] | string | null;
  players: number;
}

/** The club, its calendar at `now`, the categories in scope and their players, in one statement. */
async function headerOf(
  db: Db,
  clubId: number,
  trainer: { trainerId: number } | undefined,
  now: Date,
) {
  const inScope = (column: SQLWrapper): SQL => withinScope(trainer, column) ?? sql`true`;
  const today = clubTodaySql(clubId, now);
  const week = sql`date_trunc('week', ${today})::date`;
  const at = (day: SQL) => sql`(${day}::timestamp at time zone ${clubs.timezone})`;
  const [row] = rowsOf<Header>(
    await db.execute(sql`select ${clubs.name} as name, ${clubs.timezone} as timezone, to_char(${today}, 'YYYY-MM-DD') as today,
        ${at(today)} as today_from, ${at(sql`(${today} + 1)`)} as today_to,
        to_char(${week}, 'YYYY-MM-DD') as week_from, to_char(${week} + 7, 'YYYY-MM-DD') as week_to,
        ${at(week)} as week_from_at, ${at(sql`(${week} + 7)`)} as week_to_at,
        (select coalesce(array_agg(${categories.id} order by ${categories.id}), '{}')
          from ${categories} where ${categories.clubId} = ${clubId} and ${inScope(categories.id)}
        ) as category_ids,
        (select count(*)::int from ${clubMemberships} left join ${players} on ${playerOfMembership}
          where ${clubMemberships.clubId} = ${clubId} and ${clubMemberships.roleId} = ${playerRoleId}
            and ${inScope(players.categoryId)}) as players
      from ${clubs} where ${clubs.id} = ${clubId}`),
  );
  if (!row) throw new Error('trainerDashboardOf: the working club exists');
  const ids = row.category_ids;
  const categoryIds =
    typeof ids === 'string'
      ? ids.slice(1, -1).split(',').filter(Boolean).map(Number)
      : (ids ?? []).map(Number);
  return { ...row, categoryIds, players: Number(row.players) };
}

/** The marks the trainer's low-attendance list rates (see the file comment). */
function attendanceScope(clubId: number, trainer: { trainerId: number } | undefined): SQL {
  const theirPlayers = sql`select ${players.userId} from ${players}
    where ${players.clubId} = ${clubId} and ${players.inClub} and ${withinScope(trainer, players.categoryId) ?? sql`true`}`;
  const marks = sql`a.player_user_id in (${theirPlayers})`;
  if (!trainer) return marks;
  return sql`(s.category_id is null or ${withinScope(trainer, sql`s.category_id`)}) and ${marks}`;
}

type LowAttendance = TrainerDashboard['low_attendance'];
/** A trainer whose categories bound the figures, or undefined for the whole club. */
type Scope = { trainerId: number } | undefined;

/** The players of `scope` below LOW_ATTENDANCE_RATE over the ATTENDANCE_WINDOW_DAYS up to `now`. */
export async function lowAttendanceOf(
  db: Db,
  clubId: number,
  trainer: Scope,
  now: Date,
): Promise<LowAttendance> {
  const from = new Date(now.getTime() - ATTENDANCE_WINDOW_DAYS * DAY);
  const players = await attendanceBelow(
    db,
    { clubId, from, to: now, scope: attendanceScope(clubId, trainer) },
    { below: LOW_ATTENDANCE_RATE, limit: DASHBOARD_LIST_MAX },
  );
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    threshold: LOW_ATTENDANCE_RATE,
    players: players.map((row) => ({
      player_id: row.player_id,
      name: row.name,
      sessions: row.sessions,
      recorded: row.recorded,
      present: row.present,
      late: row.late,
      absent: row.absent,
      excused: row.excused,
      rate: row.rate,
    })),
  };
}

/**
 * The trainer dashboard of `caller` at `now` (see the file comment); `lowAttendance`
 * answers the low-attendance list (lowAttendanceOf, or a recent copy of it).
 */
export async function trainerDashboardOf(
  db: Db,
  caller: TrainerCaller,
  now: Date,
  lowAttendance: (clubId: number, trainer: Scope) => Promise<LowAttendance> = (clubId, trainer) =>
    lowAttendanceOf(db, clubId, trainer, now),
): Promise<TrainerDashboard> {
  const { clubId } = caller;
  const trainer = await trainerOf(db, caller);
  const header = await headerOf(db, clubId, trainer, now);
  const categoryIds = trainer ? header.categoryIds : undefined;
  const takeFrom = new Date(now.getTime() - TO_TAKE_DAYS * DAY);
  const span = (from: Date, to: Date) => ({ clubId, from, to, categoryIds });
  const [today, week, toTake, low] = await Promise.all([
    dashboardSessions(db, span(new Date(header.today_from), new Date(header.today_to))),
    dashboardSessions(db, span(new Date(header.week_from_at), new Date(header.week_to_at))),
    dashboardSessions(db, {
      ...span(takeFrom, now),
      clubWide: !trainer,
      onlyUnmarked: true,
      order: 'desc',
    }),
    lowAttendance(clubId, trainer),
  ]);
  return {
    club: { id: clubId, name: header.name, timezone: header.timezone },
    generated_at: now.toISOString(),
    counts: { categories: header.categoryIds.length, players: header.players },
    today: { date: header.today, sessions: today },
    week: { from: header.week_from, to: header.week_to, sessions: week },
    to_take: { from: takeFrom.toISOString(), to: now.toISOString(), sessions: toTake },
    low_attendance: low,
  };
}
