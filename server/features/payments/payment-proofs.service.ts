import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  type PaymentActionResponse,
  paymentActionMessages as am,
} from '../../../contract/payment-actions.schema';
import {
  type PaymentProofFields,
  proofMessages as m,
} from '../../../contract/payment-proofs.schema';
import type { Db } from '../../db/client';
import { paymentRecords } from '../../db/schema/payments';
import { AppError, conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../storage/storage';
import type { PaymentActor } from './payment-actions.types';
import {
  lockPayment,
  recordOut,
  refuseClosed,
  refuseFutureDate,
  refuseMethod,
  refuseOverBalance,
  writeChange,
} from './payment-actions.rules';
import { paymentAsListed, scopedPayment } from './payment-details';
import type { CheckedProof } from './payment-proofs';
import type { PaymentScope } from './payment-scope';

/*
 * Proofs of payment (issue #12 item 3; DOMAIN.md "Money": families send proof). Sending
 * one stores the checked file first, then in ONE transaction on the locked payment
 * inserts a record in review pointing at it, puts the payment in review and writes a
 * 'proof_sent' event; when anything refuses, the file is deleted again, so a refusal
 * leaves neither a row nor a file. Staff then approve it (receipt number) or reject it
 * with the actions of payment-actions.service.ts. A rejected payment may be sent again.
 */

const PROOF_FOLDER = 'proofs/';

export type PaymentProofsService = ReturnType<typeof createPaymentProofsService>;

export function createPaymentProofsService({
  db,
  clock,
  storage,
}: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}) {
  /**
   * Stores `proof` under `proofs/<clubId>-<22 random base64url>.<ext>`, runs `work` with
   * its key, and deletes the file again when `work` fails.
   */
  async function withStoredProof<T>(
    clubId: number,
    proof: CheckedProof,
    work: (key: string) => Promise<T>,
  ): Promise<T> {
    const key = `${PROOF_FOLDER}${clubId}-${randomBytes(16).toString('base64url')}${proof.extension}`;
    await storage.put(key, proof.bytes, proof.contentType);
    try {
      return await work(key);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  return {
    withStoredProof,

    /** A proof sent for a payment: a record in review, the payment in review, an event. */
    async send(
      who: PaymentActor,
      input: PaymentProofFields,
      proof: CheckedProof,
    ): Promise<PaymentActionResponse> {
      const now = clock.now();
      const { payment, record } = await withStoredProof(who.clubId, proof, (key) =>
        db.transaction(async (tx) => {
          const locked = await lockPayment(tx, who.clubId, who.paymentId);
          refuseClosed(locked);
          if (locked.status === 'paid') throw conflictOn('payment_id', m.paid);
          refuseOverBalance(locked, input.amount);
          await refuseMethod(tx, who.clubId, input.payment_method_id);
          await refuseFutureDate(tx, who.clubId, input.paid_on, now);
          const [row] = await tx
            .insert(paymentRecords)
            .values({
              clubId: who.clubId,
              paymentId: locked.id,
              amount: input.amount,
              paymentMethodId: input.payment_method_id,
              paidOn: input.paid_on,
              reference: input.reference ?? null,
              note: input.note ?? null,
              proofPath: key,
              status: 'in_review',
              recordedBy: who.actorId,
            })
            .returning();
          // A new proof supersedes the reason its rejected predecessor left.
          await writeChange(
            tx,
            locked,
            { status: 'in_review', reason: null },
            { action: 'proof_sent', actorId: who.actorId, recordId: row!.id, amount: input.amount },
            now,
          );
          return { payment: locked, record: row! };
        }),
      );
      return {
        data: {
          payment: await paymentAsListed(db, who.clubId, payment, now),
          record: recordOut(record),
        },
      };
    },

    /** The proof file of a record of a payment within the caller's scope, or 404. */
    async read(
      { clubId, paymentId, recordId }: { clubId: number; paymentId: number; recordId: number },
      scope: PaymentScope,
    ) {
      const payment = await scopedPayment(db, clubId, paymentId, scope);
      const [record] = await db
        .select({ proofPath: paymentRecords.proofPath })
        .from(paymentRecords)
        .where(and(eq(paymentRecords.id, recordId), eq(paymentRecords.paymentId, payment.id)));
      if (!record) throw new AppError(404, am.recordNotFound);
      const file = record.proofPath ? await storage.get(record.proofPath) : null;
      if (!file) throw new AppError(404, m.noProof);
      return file;
    },
  };
}
