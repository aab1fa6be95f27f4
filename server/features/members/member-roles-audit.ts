import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles } from '../../db/schema/access';
import { recordAudit } from '../audit-log/record-audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One audit row per role a member gained ('role.assigned') or lost ('role.removed') in
 * the club, written in the transaction of the change (issue #17).
 */
export async function auditRoleChanges(
  tx: Tx,
  change: {
    actorUserId: number | undefined;
    clubId: number;
    userId: number;
    assigned: { roleId: number }[];
    removed: { roleId: number }[];
    at: Date;
  },
): Promise<void> {
  const ids = [...change.assigned, ...change.removed].map((row) => row.roleId);
  if (ids.length === 0) return;
  const named = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.id, ids));
  const nameOf = new Map(named.map((role) => [role.id, role.name]));
  const rows = [
    ...change.assigned.map((row) => ({ action: 'role.assigned' as const, roleId: row.roleId })),
    ...change.removed.map((row) => ({ action: 'role.removed' as const, roleId: row.roleId })),
  ];
  for (const row of rows) {
    await recordAudit(tx, {
      actorUserId: change.actorUserId ?? null,
      action: row.action,
      clubId: change.clubId,
      targetType: 'user',
      targetId: change.userId,
      details: { role_id: row.roleId, role_name: nameOf.get(row.roleId) ?? null },
      at: change.at,
    });
  }
}
