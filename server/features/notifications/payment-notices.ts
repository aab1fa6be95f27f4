import { and, eq, exists, sql } from 'drizzle-orm';
import type { PaymentActionResponse } from '../../../contract/payment-actions.schema';
import { formatMoney } from '../../../contract/money.format';
import { grantCondition } from '../../auth/club-permissions';
import type { Db } from '../../db/client';
import { modules, permissions } from '../../db/schema/access';
import { clubMemberships } from '../../db/schema/memberships';
import type { PaymentActionsService } from '../payments/payment-actions.service';
import type { PaymentActor } from '../payments/payment-actions.types';
import type { PaymentProofsService } from '../payments/payment-proofs.service';
import { guardiansOf } from '../sessions/session-audience';
import type { createNotifier } from './notify';

/*
 * What a payment's reviews tell people (issue #13 item 2): 'Comprobante recibido' to the
 * club's staff who can review it (payments.update) when a family sends a proof, and
 * 'Pago aprobado' / 'Comprobante rechazado' to the family: the payment's player and their
 * authorised guardians (whose copy starts with the player's name). Sent after the action commits, once per record
 * and outcome (the subject), so a notification that cannot be written never undoes a
 * payment: the failure is logged and the action stands.
 */

type Notifier = ReturnType<typeof createNotifier>;
type Answer = PaymentActionResponse['data'];
interface Log {
  error: (details: object, message: string) => void;
}

const monthOf = (period: string) =>
  new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );
const what = ({ payment }: Answer) => `${payment.charge.name} de ${monthOf(payment.period)}`;
const ACTION_URL = '/home/payments';

/** The members of club `clubId` whose roles grant payments.update there. */
async function reviewersOf(db: Db, clubId: number): Promise<number[]> {
  const granted = db
    .select({ one: sql`1` })
    .from(permissions)
    .leftJoin(modules, eq(modules.id, permissions.moduleId))
    .where(
      grantCondition(db, {
        roleIn: (roleColumn) => sql`${roleColumn} = ${clubMemberships.roleId}`,
        clubId: sql`${clubId}`,
        name: sql`${'payments.update'}`,
      }),
    );
  const rows = await db
    .selectDistinct({ userId: clubMemberships.userId })
    .from(clubMemberships)
    .where(and(eq(clubMemberships.clubId, clubId), exists(granted)));
  return rows.map((row) => row.userId);
}

export function createPaymentNotices({
  db,
  notifier,
  log,
}: {
  db: Db;
  notifier: Notifier;
  log: Log;
}) {
  const send = async (recipients: number[], clubId: number, answer: Answer, notice: Notice) => {
    const result = await notifier.notify(db, recipients, {
      clubId,
      type: 'payment_due',
      actionUrl: ACTION_URL,
      data: { payment_id: answer.payment.id, record_id: answer.record?.id ?? null },
      ...notice,
    });
    result.dispatch();
  };
  /** Runs a notice after the action; a failure is logged, never thrown. */
  const after = (what: string, notice: () => Promise<void>) =>
    notice().catch((error: unknown) => log.error({ err: error }, `${what} notification failed`));

  return {
    proofReceived: (who: PaymentActor, answer: Answer) =>
      after('proof received', async () =>
        send(await reviewersOf(db, who.clubId), who.clubId, answer, {
          priority: 'high',
          title: 'Comprobante recibido',
          message: `${answer.payment.player.name} ${answer.payment.player.lastname} envió un comprobante de ${formatMoney(answer.record?.amount ?? 0)} por ${what(answer)}.`,
          subject: `record:${answer.record?.id}:received`,
        }),
      ),
    reviewed: (who: PaymentActor, answer: Answer, approved: boolean) =>
      after('payment reviewed', async () => {
        const { player } = answer.payment;
        const notice = {
          priority: approved ? 'medium' : 'high',
          title: approved ? 'Pago aprobado' : 'Comprobante rechazado',
          message: approved
            ? `Se aprobó su pago de ${formatMoney(answer.record?.amount ?? 0)} por ${what(answer)}${answer.record?.receipt_number ? `: recibo N.º ${answer.record.receipt_number}` : ''}.`
            : `Su comprobante por ${what(answer)} fue rechazado: ${answer.record?.rejection_reason ?? ''}. Puede enviar otro.`,
          subject: `record:${answer.record?.id}:${approved ? 'approved' : 'rejected'}`,
        } as const;
        await send([player.id], who.clubId, answer, notice);
        const guardians = (await guardiansOf(db, who.clubId, [player.id])).get(player.id) ?? [];
        const forGuardians = `${player.name} ${player.lastname}: ${notice.message}`;
        if (guardians.length > 0) {
          await send(guardians, who.clubId, answer, { ...notice, message: forGuardians });
        }
      }),
  };
}

interface Notice {
  priority: 'high' | 'medium';
  title: string;
  message: string;
  subject: string;
}

export type PaymentNotices = ReturnType<typeof createPaymentNotices>;

/** The staff's actions, telling the family when a proof is approved or rejected. */
export const withReviewNotices = (
  actions: PaymentActionsService,
  notices: PaymentNotices,
): PaymentActionsService => ({
  ...actions,
  approve: async (who, recordId) => {
    const answer = await actions.approve(who, recordId);
    await notices.reviewed(who, answer.data, true);
    return answer;
  },
  reject: async (who, recordId, reason) => {
    const answer = await actions.reject(who, recordId, reason);
    await notices.reviewed(who, answer.data, false);
    return answer;
  },
});

/** A family's proof, telling the club's reviewers it arrived. */
export const withProofNotices = (
  proofs: PaymentProofsService,
  notices: PaymentNotices,
): PaymentProofsService => ({
  ...proofs,
  send: async (who, input, proof) => {
    const answer = await proofs.send(who, input, proof);
    await notices.proofReceived(who, answer.data);
    return answer;
  },
});
