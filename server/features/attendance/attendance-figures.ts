import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * THE attendance figures (issue #14 item 4; the dashboards issue reuses this module, so
 * there is one definition of "attendance rate", DOMAIN.md trap 9):
 *
 * - Counted: the marks (session_attendance rows) of the club's sessions that start in
 *   [from, to) and are not cancelled. A session without marks counts for nothing.
 * - `sessions`: how many such sessions have at least one counted mark in the group;
 *   `recorded`: how many marks; `present`, `late`, `absent`, `excused`: by status.
 * - `rate` = (present + late) / (recorded − excused): late counts as attended, an
 *   excused absence is left out of the denominator; null when that is 0 (nothing to
 *   rate, never 0 %). A fraction from 0 to 1, not rounded.
 * - Per player: by the marked player; per category: by the session's category (null =
 *   club-wide sessions); per month: by the month the session starts in the club's
 *   timezone ('YYYY-MM').
 *
 * Per category and per month of the whole club (no player filter, no scope) add up
 * session_attendance_counts, the same counts kept per session by triggers (migration
 * 0026): the same figures without reading every mark (issue #16's dashboards).
 */

export interface AttendanceFigureFilter {
  clubId: number;
  from: Date;
  to: Date;
  /** Only sessions of these categories (club-wide sessions have none, so they drop out). */
  categoryIds?: readonly number[];
  /** Only these players' marks. */
  playerIds?: readonly number[];
  /**
   * A caller's scope as a condition on `s` (sessions) and `a` (session_attendance), for
   * routes that narrow to what the caller sees.
   */
  scope?: SQL;
}

/** What every figure counts (see the file comment). */
export interface AttendanceCounts {
  sessions: number;
  recorded: number;
  present: number;
  late: number;
  absent: number;
  excused: number;
  /** (present + late) / (recorded − excused), or null when nothing is rated. */
  rate: number | null;
}

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const countColumns = sql`count(distinct a.session_id)::int as sessions, count(*)::int as recorded,
  (count(*) filter (where a.status = 'present'))::int as present,
  (count(*) filter (where a.status = 'late'))::int as late,
  (count(*) filter (where a.status = 'absent'))::int as absent,
  (count(*) filter (where a.status = 'excused'))::int as excused`;

/** The counted marks (see the file comment) of `filter`, as a FROM … WHERE. */
function counted(filter: AttendanceFigureFilter): SQL {
  const conditions: SQL[] = [
    sql`s.club_id = ${filter.clubId}`,
    sql`s.status <> 'cancelled'`,
    sql`s.starts_at >= ${filter.from.toISOString()}::timestamptz`,
    sql`s.starts_at < ${filter.to.toISOString()}::timestamptz`,
  ];
  if (filter.categoryIds)
    conditions.push(sql`s.category_id = any(${idArray(filter.categoryIds)}::int[])`);
  if (filter.playerIds)
    conditions.push(sql`a.player_user_id = any(${idArray(filter.playerIds)}::int[])`);
  if (filter.scope) conditions.push(filter.scope);
  return sql`from session_attendance a join sessions s on s.id = a.session_id
    left join categories c on c.id = s.category_id
    where a.club_id = ${filter.clubId} and ${sql.join(conditions, sql` and `)}`;
}

/**
 * The same counts for the whole club (no player filter, no scope) from
 * session_attendance_counts: one row per session instead of its marks (migration 0026).
 */
const sessionCountColumns = sql`(count(*) filter (where k.present + k.late + k.absent + k.excused > 0))::int as sessions,
  coalesce(sum(k.present + k.late + k.absent + k.excused), 0)::int as recorded,
  coalesce(sum(k.present), 0)::int as present, coalesce(sum(k.late), 0)::int as late,
  coalesce(sum(k.absent), 0)::int as absent, coalesce(sum(k.excused), 0)::int as excused`;

/** The counted sessions of `filter` (whole club) as a FROM … WHERE over their counts. */
function countedSessions(filter: AttendanceFigureFilter): SQL {
  const category = filter.categoryIds
    ? sql` and s.category_id = any(${idArray(filter.categoryIds)}::int[])`
    : sql``;
  return sql`from session_attendance_counts k join sessions s on s.id = k.session_id
    left join categories c on c.id = s.category_id
    where k.club_id = ${filter.clubId} and s.club_id = ${filter.clubId}
      and s.status <> 'cancelled'
      and s.starts_at >= ${filter.from.toISOString()}::timestamptz
      and s.starts_at < ${filter.to.toISOString()}::timestamptz${category}
      and k.present + k.late + k.absent + k.excused > 0`;
}

/** Counts and their FROM for `filter`: per session when it spans the whole club, else per mark. */
const sourceOf = (filter: AttendanceFigureFilter) =>
  filter.playerIds || filter.scope
    ? { columns: countColumns, from: counted(filter) }
    : { columns: sessionCountColumns, from: countedSessions(filter) };

type Counted = Omit<AttendanceCounts, 'rate'>;

/** The counts as numbers, plus the rate. */
function withRate<T extends Counted>(row: T): T & { rate: number | null } {
  const counts = {
    sessions: Number(row.sessions),
    recorded: Number(row.recorded),
    present: Number(row.present),
    late: Number(row.late),
    absent: Number(row.absent),
    excused: Number(row.excused),
  };
  const rated = counts.recorded - counts.excused;
  return { ...row, ...counts, rate: rated > 0 ? (counts.present + counts.late) / rated : null };
}

/** The rate of a group as SQL over `countColumns`' names (null when nothing is rated). */
const rateSql = sql`(present + late)::float8 / nullif(recorded - excused, 0)`;

/**
 * Per marked player (counted first, then named: the names are read for the rows kept),
 * `having` a condition on the counts and their `rate`, in `order` (by last name then name
 * by default), at most `limit`.
 */
async function byPlayer(
  db: Db,
  filter: AttendanceFigureFilter,
  options: { having?: SQL; order?: SQL; limit?: number } = {},
) {
  const byName = sql`u.lastname collate "und-x-icu", u.name collate "und-x-icu", x.player_id`;
  const rows = rowsOf<Counted & { player_id: number; name: string }>(
    await db.execute(sql`select x.*, u.name || ' ' || u.lastname as name
      from (select a.player_user_id as player_id, ${countColumns} ${counted(filter)}
             group by a.player_user_id) x
      join users u on u.id = x.player_id
      where ${options.having ?? sql`true`}
      order by ${options.order ?? byName}
      ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}`),
  );
  return rows.map((row) => withRate({ ...row, player_id: Number(row.player_id) }));
}

/** Per marked player, by last name then name. */
export const attendanceRateByPlayer = (db: Db, filter: AttendanceFigureFilter) =>
  byPlayer(db, filter);

/**
 * The players of `filter` rated below `below` (a rate, 0 to 1), lowest first (then by
 * name), at most `limit`: attendanceRateByPlayer's rows, chosen in the database.
 */
export const attendanceBelow = (
  db: Db,
  filter: AttendanceFigureFilter,
  { below, limit }: { below: number; limit: number },
) =>
  byPlayer(db, filter, {
    having: sql`${rateSql} < ${below}`,
    order: sql`${rateSql}, u.lastname collate "und-x-icu", u.name collate "und-x-icu", x.player_id`,
    limit,
  });

/** Per session category (null = club-wide sessions), by category name. */
export async function attendanceRateByCategory(db: Db, filter: AttendanceFigureFilter) {
  const { columns, from } = sourceOf(filter);
  const rows = rowsOf<Counted & { category_id: number | null; category_name: string | null }>(
    await db.execute(sql`select s.category_id, min(c.name) as category_name, ${columns}
      ${from}
      group by s.category_id
      order by min(c.name) collate "und-x-icu" nulls last, s.category_id`),
  );
  return rows.map((row) =>
    withRate({
      ...row,
      category_id: row.category_id === null ? null : Number(row.category_id),
    }),
  );
}

/** Per month of the session's start in the club's timezone ('YYYY-MM'), oldest first. */
export async function attendanceRateByMonth(db: Db, filter: AttendanceFigureFilter) {
  const month = sql`to_char(s.starts_at at time zone (select timezone from pla_club_teams where id = ${filter.clubId}), 'YYYY-MM')`;
  const { columns, from } = sourceOf(filter);
  const rows = rowsOf<Counted & { month: string }>(
    await db.execute(sql`select ${month} as month, ${columns}
      ${from}
      group by 1 order by 1`),
  );
  return rows.map(withRate);
}
