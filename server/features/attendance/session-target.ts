import { type SQL, type SQLWrapper, and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessionMessages } from '../../../contract/sessions.labels';
import { currentUserOf } from '../../auth/require-user';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { AppError } from '../../lib/app-error';
import { authorisedChildren } from '../parents/authorised-links';
import { withinScope } from '../players/player-scope';
import { type SessionAccess, sessionAccessOf } from '../sessions/session-scope';

/*
 * The session a roll call or a call-up is about, as the caller reaches it (issue #14):
 * 404 when they do not see it (another club's, another category's), 403 'Solo puedes
 * gestionar sesiones de tus categorías' when a write needs to manage it and they only see
 * it. Whose rows they read: everyone's when they manage the session or see the whole
 * club; otherwise only their own, their authorised children's and, for a trainer,
 * their categories' players.
 */

/** A session with what its attendance and call-ups need. */
export interface SessionTarget {
  id: number;
  clubId: number;
  categoryId: number | null;
  status: 'scheduled' | 'cancelled' | 'done';
  title: string;
  startsAt: Date;
  location: string | null;
  attendanceVersion: number;
  attendanceClosedAt: Date | null;
  /** The caller's user id. */
  callerId: number;
  /** The caller may take attendance, close it and call players up. */
  canManage: boolean;
  access: SessionAccess;
  /**
   * The condition on a player's user id (and their category) for the rows the caller
   * reads; undefined = every row.
   */
  rowsOf: (playerColumn: SQLWrapper, categoryColumn: SQLWrapper) => SQL | undefined;
}

/** The players of club `clubId` whose authorised guardian is `userId` (guardian_links). */
export const childrenOf = (clubId: number, userId: number) => authorisedChildren(clubId, userId);

/**
 * Session `sessionId` of club `:id` as the caller reaches it; `manage` demands that they
 * manage it (403 otherwise). 404 when they do not see it.
 */
export async function sessionTarget(
  db: Db,
  request: FastifyRequest,
  sessionId: number,
  { manage }: { manage: boolean },
): Promise<SessionTarget> {
  const clubId = (request.params as { id: number }).id;
  const callerId = currentUserOf(request).id;
  const access = await sessionAccessOf(db, request);
  const manageable = access.manageable(sessions.categoryId) ?? sql`true`;
  const [row] = await db
    .select({
      id: sessions.id,
      clubId: sessions.clubId,
      categoryId: sessions.categoryId,
      status: sessions.status,
      title: sessions.title,
      startsAt: sessions.startsAt,
      location: sessions.location,
      attendanceVersion: sessions.attendanceVersion,
      attendanceClosedAt: sessions.attendanceClosedAt,
      canManage: sql<boolean>`coalesce(${manageable}, false)`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.clubId, clubId),
        eq(sessions.id, sessionId),
        access.visible(sessions.categoryId),
      ),
    );
  if (!row) throw new AppError(404, sessionMessages.notFound);
  const canManage = Boolean(row.canManage);
  if (manage && !canManage) throw new AppError(403, sessionMessages.notYourCategory);
  const everyRow = canManage || access.visible(sessions.categoryId) === undefined;
  const rowsOf = (playerColumn: SQLWrapper, categoryColumn: SQLWrapper) =>
    everyRow
      ? undefined
      : sql`(${playerColumn} = ${callerId} or ${playerColumn} in (${childrenOf(clubId, callerId)}) or ${withinScope({ trainerId: callerId }, categoryColumn)})`;
  return { ...row, canManage, callerId, access, rowsOf };
}

/**
 * The session's population as a condition on `players` (aliased or not): its category's
 * current, active players, or the whole club's for a club-wide session.
 */
export function populationOf(
  target: Pick<SessionTarget, 'clubId' | 'categoryId'>,
  p: { clubId: SQLWrapper; categoryId: SQLWrapper; inClub: SQLWrapper; status: SQLWrapper },
): SQL {
  const ofCategory =
    target.categoryId === null ? sql`true` : sql`${p.categoryId} = ${target.categoryId}`;
  return sql`(${p.clubId} = ${target.clubId} and ${p.inClub} and ${p.status} = 'active' and ${ofCategory})`;
}
