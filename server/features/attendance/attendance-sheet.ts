import { and, eq, or, sql } from 'drizzle-orm';
import type { AttendanceSheet } from '../../../contract/attendance.schema';
import type { Db } from '../../db/client';
import { players } from '../../db/schema/players';
import { sessionAttendance, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { byName } from '../../lib/list-query';
import { type SessionTarget, populationOf } from './session-target';

/*
 * The roll-call sheet of a session (issue #14): its population (the category's current,
 * active players, or the whole club's for a club-wide session) plus anyone who already
 * has a mark (a player who left keeps their history), in name order as the players list
 * sorts (last name, then name, COLLATE "und-x-icu"), narrowed to the caller's rows.
 */

/** The sheet of `target` as its caller reads it, in two statements. */
export async function readSheet(db: Db, target: SessionTarget): Promise<AttendanceSheet> {
  const closer = sql`(select ${users.name} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${sessions.attendanceClosedBy})`;
  const [head] = await db
    .select({
      version: sessions.attendanceVersion,
      closedAt: sessions.attendanceClosedAt,
      closedByName: sql<string | null>`${closer}`,
    })
    .from(sessions)
    .where(eq(sessions.id, target.id));
  const rows = await db
    .select({
      player_id: players.userId,
      name: sql<string>`${users.name} || ' ' || ${users.lastname}`,
      photo_url: users.photoUrl,
      jersey_number: players.jerseyNumber,
      status: sessionAttendance.status,
      note: sessionAttendance.note,
    })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .leftJoin(
      sessionAttendance,
      and(
        eq(sessionAttendance.sessionId, target.id),
        eq(sessionAttendance.playerUserId, players.userId),
      ),
    )
    .where(
      and(
        eq(players.clubId, target.clubId),
        or(populationOf(target, players), sql`${sessionAttendance.sessionId} is not null`),
        target.rowsOf(players.userId, players.categoryId),
      ),
    )
    .orderBy(byName(players.sortLastname), byName(players.sortName), players.userId);
  return {
    session_id: target.id,
    version: head?.version ?? target.attendanceVersion,
    closed_at: head?.closedAt ? head.closedAt.toISOString() : null,
    closed_by_name: head?.closedByName ?? null,
    can_manage: target.canManage,
    records: rows,
  };
}
