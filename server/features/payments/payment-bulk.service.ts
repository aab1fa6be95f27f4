import { and, eq } from 'drizzle-orm';
import {
  type PaymentBulk,
  type PaymentBulkResponse,
  type PaymentBulkResult,
  paymentBulkMessages as m,
} from '../../../contract/payment-bulk.schema';
import type { PaymentStatus } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { paymentRecords, payments } from '../../db/schema/payments';
import { AppError } from '../../lib/app-error';
import type { PaymentActionsService } from './payment-actions.service';
import type { PaymentActor } from './payment-actions.types';
import type { PaymentReminders } from './payment-reminders';

/*
 * Pagos' bulk actions (issue #12 item 6) on payments chosen by id. Each payment goes
 * through the same single-payment action a click on its row would run (its own
 * transaction, its own event), one after the other; a refusal of one is its row's result,
 * not the request's: the answer lists, per id, what the server did or why it refused.
 */

interface Outcome {
  status: PaymentStatus;
  message: string;
}

export type PaymentBulkService = ReturnType<typeof createPaymentBulkService>;

export function createPaymentBulkService(deps: {
  db: Db;
  actions: PaymentActionsService;
  reminders: PaymentReminders;
}) {
  const { db, actions, reminders } = deps;

  /** The status of a payment of the club now (null when it is not one). */
  async function statusOf(clubId: number, paymentId: number): Promise<PaymentStatus | null> {
    const [row] = await db
      .select({ status: payments.status })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.clubId, clubId)));
    return row?.status ?? null;
  }

  /** Approves every record of the payment that waits for review, oldest first. */
  async function approveAll(who: PaymentActor): Promise<Outcome> {
    const waiting = await db
      .select({ id: paymentRecords.id })
      .from(paymentRecords)
      .where(
        and(
          eq(paymentRecords.paymentId, who.paymentId),
          eq(paymentRecords.clubId, who.clubId),
          eq(paymentRecords.status, 'in_review'),
        ),
      )
      .orderBy(paymentRecords.id);
    if (waiting.length === 0) {
      if ((await statusOf(who.clubId, who.paymentId)) === null) throw new AppError(404, m.notFound);
      throw new AppError(409, m.nothingInReview);
    }
    let status: PaymentStatus = 'in_review';
    for (const record of waiting) {
      status = (await actions.approve(who, record.id)).data.payment.status;
    }
    return { status, message: m.approved(waiting.length) };
  }

  const run: Record<
    Exclude<PaymentBulk['action'], 'remind'>,
    (who: PaymentActor, reason?: string) => Promise<Outcome>
  > = {
    approve: approveAll,
    exempt: async (who, reason) => ({
      status: (await actions.exempt(who, reason ?? '')).data.payment.status,
      message: m.exempted,
    }),
  };

  return {
    async apply(
      clubId: number,
      actorId: number,
      { action, payment_ids, reason }: PaymentBulk,
    ): Promise<PaymentBulkResponse> {
      if (action === 'remind') {
        // One message per family, whatever rows of it were chosen (issue #34).
        const { outcomes, families } = await reminders.remindMany(clubId, actorId, payment_ids);
        const results = payment_ids.map((paymentId) => ({
          payment_id: paymentId,
          ...outcomes.get(paymentId)!,
        }));
        const succeeded = results.filter((r) => r.ok).length;
        return {
          data: { action, succeeded, failed: results.length - succeeded, results, families },
        };
      }
      const results: PaymentBulkResult[] = [];
      for (const paymentId of payment_ids) {
        const who = { clubId, paymentId, actorId };
        try {
          const outcome = await run[action](who, reason);
          results.push({ payment_id: paymentId, ok: true, ...outcome });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({
            payment_id: paymentId,
            ok: false,
            status: await statusOf(clubId, paymentId),
            message: error.message,
          });
        }
      }
      const succeeded = results.filter((r) => r.ok).length;
      return { data: { action, succeeded, failed: results.length - succeeded, results } };
    },
  };
}
