import { type SQL, and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DashboardSession } from '../../../contract/dashboards.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { attendanceCounts } from '../../db/schema/attendance-counts';
import { sessions, sessionStatuses } from '../../db/schema/sessions';

/*
 * The session lists of the dashboards (issue #16): the owner's upcoming sessions and the
 * trainer's today / week / to-take lists, each a club's sessions starting in [from, to)
 * with their category and how many marks they have, in ONE statement.
 */

type SessionStatus = (typeof sessionStatuses)[number];

export interface DashboardSessionFilter {
  clubId: number;
  /** Sessions starting at or after this instant… */
  from: Date;
  /** …and before this one. */
  to: Date;
  /**
   * Only these categories' sessions, plus the club-wide ones unless `clubWide` is false
   * (as the calendar's category filter does). Absent: every category.
   */
  categoryIds?: readonly number[];
  /** With `categoryIds`: whether club-wide sessions (no category) are listed; default true. */
  clubWide?: boolean;
  /** Only these statuses; default every status but 'cancelled'. */
  statuses?: readonly SessionStatus[];
  /** Only sessions with no attendance mark yet (no roll call). */
  onlyUnmarked?: boolean;
  /** At most this many sessions. */
  limit?: number;
  /** By start: 'asc' (soonest first, the default) or 'desc' (latest first). */
  order?: 'asc' | 'desc';
}

const notCancelled = sessionStatuses.filter((s) => s !== 'cancelled');

/** The marks recorded for the session of the outer row (its per-session counts, migration 0026). */
const k = attendanceCounts;
const marksSql = sql<number>`coalesce((select ${k.present} + ${k.late} + ${k.absent} + ${k.excused}
  from ${k} where ${k.sessionId} = ${sessions.id}), 0)`.mapWith(Number);

/** The category condition of `filter`, undefined for every category. */
function categoryCondition(filter: DashboardSessionFilter): SQL | undefined {
  if (!filter.categoryIds) return undefined;
  const chosen =
    filter.categoryIds.length > 0
      ? inArray(sessions.categoryId, [...filter.categoryIds])
      : sql`false`;
  return filter.clubWide === false ? chosen : or(chosen, isNull(sessions.categoryId));
}

/**
 * Club `clubId`'s sessions starting in [from, to) as the dashboards list them (see
 * `DashboardSessionFilter`), ordered by start then id.
 */
export async function dashboardSessions(
  db: Db,
  filter: DashboardSessionFilter,
): Promise<DashboardSession[]> {
  const statuses = filter.statuses ?? notCancelled;
  if (statuses.length === 0 || (filter.limit !== undefined && filter.limit <= 0)) return [];
  const conditions = and(
    eq(sessions.clubId, filter.clubId),
    gte(sessions.startsAt, filter.from),
    lt(sessions.startsAt, filter.to),
    inArray(sessions.status, [...statuses]),
    categoryCondition(filter),
    filter.onlyUnmarked ? sql`${marksSql} = 0` : undefined,
  );
  const order = filter.order === 'desc' ? desc : asc;
  const query = db
    .select({
      id: sessions.id,
      title: sessions.title,
      type: sessions.type,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      location: sessions.location,
      categoryId: sessions.categoryId,
      categoryName: categories.name,
      marks: marksSql,
    })
    .from(sessions)
    .leftJoin(categories, eq(categories.id, sessions.categoryId))
    .where(conditions)
    .orderBy(order(sessions.startsAt), order(sessions.id))
    .$dynamic();
  const rows = await (filter.limit === undefined ? query : query.limit(filter.limit));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    location: row.location,
    category: row.categoryId === null ? null : { id: row.categoryId, name: row.categoryName ?? '' },
    marks: row.marks,
  }));
}
