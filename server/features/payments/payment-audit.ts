import { recordAudit } from '../audit-log/record-audit';
import type { PaymentRow } from './payment-actions.rules';
import type { PaymentActor } from './payment-actions.types';
import type { Tx } from './receipts';

/** The audit row of a cancellation (issue #17), written in the cancelling transaction. */
export const auditCancel = (
  tx: Tx,
  who: PaymentActor,
  payment: PaymentRow,
  reason: string,
  at: Date,
) =>
  recordAudit(tx, {
    actorUserId: who.actorId,
    action: 'payment.cancelled',
    clubId: who.clubId,
    targetType: 'payment',
    targetId: payment.id,
    details: { reason, player_id: payment.userId, period: payment.period },
    at,
  });
