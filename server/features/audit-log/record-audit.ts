import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/platform';
import type { AuditAction } from '../../../contract/audit-log.schema';

/** A database or an open transaction: an audit row is written with the change it records. */
type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** One sensitive action, as the service that did it knows it. */
export interface AuditInput {
  /** Null for an anonymous action (a failed sign-in). */
  actorUserId: number | null;
  action: AuditAction;
  clubId?: number | null;
  targetType?: string | null;
  targetId?: number | null;
  /** What changed: ids, names, a reason; never a body, a password or a token. */
  details?: Record<string, unknown>;
  ip?: string | null;
  /** When it happened (the service's clock); the database's time otherwise. */
  at?: Date;
}

/**
 * Writes one audit row (issue #17, Security). Pass the transaction of the change so the
 * row and the change commit together or not at all. Rows are immutable (a trigger).
 */
export async function recordAudit(db: DbOrTx, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: input.actorUserId,
    action: input.action,
    clubId: input.clubId ?? null,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    details: input.details ?? {},
    ip: input.ip ?? null,
    ...(input.at ? { at: input.at } : {}),
  });
}
