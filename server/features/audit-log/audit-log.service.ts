import { asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AuditLogQuery, AuditLogResponse } from '../../../contract/audit-log.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';
import { applyList, listClauses, pageWithTotal, totalCount } from '../../lib/list-query';

/** The platform's days are Colombia's (UTC−5, no daylight saving). */
const dayStart = (day: string) => new Date(`${day}T00:00:00-05:00`);
const DAY_MS = 86_400_000;

/**
 * `GET /api/admin/audit-log`: one page of audit rows, newest first (id breaks ties), with
 * the actor's and the club's names joined; `q` searches the action and the names.
 */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<AuditLogResponse> {
  const actorName = sql<string | null>`${users.name} || ' ' || ${users.lastname}`;
  const clauses = listClauses(
    query,
    {
      sortKeys: { at: [auditLog.at] },
      searchColumns: [auditLog.action, users.name, users.lastname, users.email, clubs.name],
      id: auditLog.id,
    },
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.club_id ? eq(auditLog.clubId, query.club_id) : undefined,
    query.actor_user_id ? eq(auditLog.actorUserId, query.actor_user_id) : undefined,
    query.from ? gte(auditLog.at, dayStart(query.from)) : undefined,
    query.to ? lt(auditLog.at, new Date(dayStart(query.to).getTime() + DAY_MS)) : undefined,
  );
  // Newest first also among rows of the same instant: the id follows the sort's direction.
  const direction = query.sort.direction === 'desc' ? desc : asc;
  clauses.orderBy = [direction(auditLog.at), direction(auditLog.id)];
  const page = await applyList(
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        actorName,
        clubId: auditLog.clubId,
        clubName: clubs.name,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        ip: auditLog.ip,
        total: totalCount(),
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(clubs, eq(clubs.id, auditLog.clubId))
      .$dynamic(),
    clauses,
  );
  const { rows, total } = await pageWithTotal(page, clauses, async () => {
    const [counted] = await db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(clubs, eq(clubs.id, auditLog.clubId))
      .where(clauses.where);
    return counted?.n ?? 0;
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor_user_id: row.actorUserId,
      actor_name: row.actorName,
      club_id: row.clubId,
      club_name: row.clubName,
      target_type: row.targetType,
      target_id: row.targetId,
      details: (row.details ?? {}) as Record<string, unknown>,
      ip: row.ip,
    })),
    total,
  };
}
