import { type SQL, and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  Session,
  SessionListQuery,
  SessionListResponse,
} from '../../../contract/sessions.schema';
import { sessionMessages } from '../../../contract/sessions.schema';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { sessionSeries, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { applyList, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';
import type { SessionAccess } from './session-scope';

/*
 * Reading sessions as the API answers them (contract/sessions.schema.ts `sessionSchema`):
 * the row with its category's and trainer's names, its series' rule, and whether the
 * caller may manage it, computed in SQL from the caller's SessionAccess.
 */

/** The columns of one answered session; `can_manage` from `access`. */
function sessionFields(access: SessionAccess) {
  const manageable = access.manageable(sessions.categoryId);
  return {
    id: sessions.id,
    series_id: sessions.seriesId,
    occurrence_date: sessions.occurrenceDate,
    category_id: sessions.categoryId,
    category_name: categories.name,
    type: sessions.type,
    title: sessions.title,
    starts_at: sessions.startsAt,
    ends_at: sessions.endsAt,
    location: sessions.location,
    trainer_id: sessions.trainerUserId,
    trainer_name: sql<string | null>`${users.name} || ' ' || ${users.lastname}`,
    notes: sessions.notes,
    status: sessions.status,
    cancel_reason: sessions.cancelReason,
    opponent: sessions.opponent,
    home_away: sessions.homeAway,
    competition: sessions.competition,
    score_ours: sessions.scoreOurs,
    score_theirs: sessions.scoreTheirs,
    attendance_closed_at: sessions.attendanceClosedAt,
    weekdays: sessionSeries.weekdays,
    until: sessionSeries.untilDate,
    count: sessionSeries.occurrenceCount,
    can_manage: manageable ? sql<boolean>`coalesce(${manageable}, false)` : sql<boolean>`true`,
  };
}

/** A select of answered sessions with their joins, and the window count for a page. */
function selectSessions(db: Db, access: SessionAccess) {
  return db
    .select({ ...sessionFields(access), total: totalCount() })
    .from(sessions)
    .leftJoin(categories, eq(categories.id, sessions.categoryId))
    .leftJoin(users, eq(users.id, sessions.trainerUserId))
    .leftJoin(sessionSeries, eq(sessionSeries.id, sessions.seriesId))
    .$dynamic();
}

type SessionRow = Omit<
  Awaited<ReturnType<ReturnType<typeof selectSessions>['execute']>>[number],
  'total'
>;

/** One row as the contract's Session. */
function toSession(row: SessionRow): Session {
  const { weekdays, until, count, total: _total, ...rest } = row as SessionRow & { total?: number };
  return {
    ...rest,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    attendance_closed_at: row.attendance_closed_at?.toISOString() ?? null,
    can_manage: Boolean(row.can_manage),
    recurrence: weekdays ? { weekdays, until, count } : null,
  };
}

/** Session `sessionId` of club `clubId` if the caller sees it, else 404 'Sesión no encontrada'. */
export async function getSession(
  db: Db,
  clubId: number,
  sessionId: number,
  access: SessionAccess,
): Promise<Session> {
  const [row] = await selectSessions(db, access).where(
    and(
      eq(sessions.clubId, clubId),
      eq(sessions.id, sessionId),
      access.visible(sessions.categoryId),
    ),
  );
  if (!row) throw new AppError(404, sessionMessages.notFound);
  return toSession(row);
}

/**
 * The range query: club `clubId`'s sessions the caller sees starting in [from, to),
 * filtered by categories (club-wide ones always included), types and status, by start.
 */
export async function listSessions(
  db: Db,
  clubId: number,
  query: SessionListQuery,
  access: SessionAccess,
): Promise<SessionListResponse> {
  const conditions: (SQL | undefined)[] = [
    eq(sessions.clubId, clubId),
    gte(sessions.startsAt, new Date(query.from)),
    lt(sessions.startsAt, new Date(query.to)),
    query.category_ids
      ? or(inArray(sessions.categoryId, query.category_ids), isNull(sessions.categoryId))
      : undefined,
    query.types ? inArray(sessions.type, query.types) : undefined,
    query.status ? eq(sessions.status, query.status) : undefined,
    access.visible(sessions.categoryId),
  ];
  const clauses = listClauses(
    query,
    {
      sortKeys: { starts_at: [sessions.startsAt] },
      searchColumns: [sessions.title, sessions.location],
      id: sessions.id,
    },
    ...conditions,
  );
  const page = await applyList(selectSessions(db, access), clauses);
  const { rows, total } = await pageWithTotal(page, clauses, async () => {
    const [counted] = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(sessions)
      .where(clauses.where);
    return counted?.n ?? 0;
  });
  return { data: rows.map((row) => toSession(row)), total };
}
