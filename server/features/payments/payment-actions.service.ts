import { eq } from 'drizzle-orm';
import {
  type PaymentActionResponse,
  type PaymentRecordCreate,
  paymentActionMessages as m,
} from '../../../contract/payment-actions.schema';
import { paymentListQuerySchema } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { paymentRecords } from '../../db/schema/payments';
import { conflictOn } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  type PaymentRow,
  type RecordRow,
  lockPayment,
  othersInReview,
  recordInReview,
  recordOut,
  refuseClosed,
  refuseFutureDate,
  refuseMethod,
  refuseOverBalance,
  statusByPaid,
  writeChange,
} from './payment-actions.rules';
import type { PaymentActor } from './payment-actions.types';
import { auditCancel } from './payment-audit';
import { listPayments } from './payments.queries';
import { type Tx, nextReceiptNumber } from './receipts';

/*
 * The staff's actions on a payment (issue #12 item 3; DOMAIN.md "Money", traps 3, 6, 8,
 * 11). Each is ONE transaction that first locks the payment row (SELECT … FOR UPDATE), so
 * two actions on one payment run one after the other and the second sees what the first
 * did (the same record approved twice at once is approved once). An approval takes the
 * club's next receipt number inside that transaction (receipts.ts): a refusal after it
 * rolls the number back. Every action writes a payment_events row; `status` stays the one
 * source of truth (trap 8) and a cancelled or exempt payment changes only through these
 * explicit actions (trap 11). The answer is what the server stored (trap 3): the payment
 * re-read as the list shows it, and the record the action touched.
 */

export type PaymentActionsService = ReturnType<typeof createPaymentActionsService>;

export function createPaymentActionsService({ db, clock }: { db: Db; clock: Clock }) {
  /** The payment as GET …/payments shows it (its player's rows of its period), after commit. */
  async function answer(
    clubId: number,
    payment: PaymentRow,
    record: RecordRow | null,
  ): Promise<PaymentActionResponse> {
    const query = paymentListQuerySchema.parse({
      player_id: payment.userId,
      period: payment.period.slice(0, 7),
      pageSize: 100,
    });
    const page = await listPayments(db, clubId, query, { scope: undefined, now: clock.now() });
    const row = page.data.find((p) => p.id === payment.id);
    if (!row) throw new Error(`payment ${payment.id} is missing from its own list`);
    return { data: { payment: row, record: record ? recordOut(record) : null } };
  }

  /** Runs `action` in one transaction on the locked payment, then answers what it stored. */
  async function act(
    { clubId, paymentId }: PaymentActor,
    action: (tx: Tx, payment: PaymentRow, now: Date) => Promise<RecordRow | null>,
  ) {
    const now = clock.now();
    const { payment, record } = await db.transaction(async (tx) => {
      const locked = await lockPayment(tx, clubId, paymentId);
      return { payment: locked, record: await action(tx, locked, now) };
    });
    return answer(clubId, payment, record);
  }

  /** A reason-only action that sets a closing status. */
  const close = (
    who: PaymentActor,
    reason: string,
    status: 'cancelled' | 'exempt',
    refuse: (payment: PaymentRow) => void,
  ) =>
    act(who, async (tx, payment, now) => {
      refuse(payment);
      await writeChange(
        tx,
        payment,
        { status, reason },
        {
          action: status === 'cancelled' ? 'cancelled' : 'exempted',
          actorId: who.actorId,
          note: reason,
        },
        now,
      );
      if (status === 'cancelled') await auditCancel(tx, who, payment, reason, now);
      return null;
    });

  return {
    /** Money the club received, recorded by staff: approved at once, with a receipt number. */
    record: (who: PaymentActor, input: PaymentRecordCreate, proofPath: string | null = null) =>
      act(who, async (tx, payment, now) => {
        refuseClosed(payment);
        refuseOverBalance(payment, input.amount);
        await refuseMethod(tx, who.clubId, input.payment_method_id);
        await refuseFutureDate(tx, who.clubId, input.paid_on, now);
        const receiptNumber = await nextReceiptNumber(tx, who.clubId);
        const [row] = await tx
          .insert(paymentRecords)
          .values({
            clubId: who.clubId,
            paymentId: payment.id,
            amount: input.amount,
            paymentMethodId: input.payment_method_id,
            paidOn: input.paid_on,
            reference: input.reference ?? null,
            note: input.note ?? null,
            proofPath,
            status: 'approved',
            receiptNumber,
            reviewedAt: now,
            reviewedBy: who.actorId,
            recordedBy: who.actorId,
          })
          .returning();
        const record = row!;
        const paid = payment.amountPaid + input.amount;
        const inReview = await othersInReview(tx, payment.id);
        const status = statusByPaid(payment.amountDue, paid, inReview);
        await writeChange(
          tx,
          payment,
          { status, amountPaid: paid, reason: null },
          {
            action: 'recorded',
            actorId: who.actorId,
            recordId: record.id,
            amount: input.amount,
            note: input.note,
          },
          now,
        );
        return record;
      }),

    /** Approves a record in review (a family's proof): the same effects as a staff record. */
    approve: (who: PaymentActor, recordId: number) =>
      act(who, async (tx, payment, now) => {
        refuseClosed(payment);
        const pending = await recordInReview(tx, payment, recordId);
        refuseOverBalance(payment, pending.amount);
        const receiptNumber = await nextReceiptNumber(tx, who.clubId);
        const [row] = await tx
          .update(paymentRecords)
          .set({ status: 'approved', receiptNumber, reviewedAt: now, reviewedBy: who.actorId })
          .where(eq(paymentRecords.id, pending.id))
          .returning();
        const paid = payment.amountPaid + pending.amount;
        const inReview = await othersInReview(tx, payment.id, pending.id);
        await writeChange(
          tx,
          payment,
          {
            status: statusByPaid(payment.amountDue, paid, inReview),
            amountPaid: paid,
            reason: null,
          },
          {
            action: 'approved',
            actorId: who.actorId,
            recordId: pending.id,
            amount: pending.amount,
          },
          now,
        );
        return row!;
      }),

    /** Rejects a record in review with a reason; the payment goes back by what is paid. */
    reject: (who: PaymentActor, recordId: number, reason: string) =>
      act(who, async (tx, payment, now) => {
        const pending = await recordInReview(tx, payment, recordId);
        const [row] = await tx
          .update(paymentRecords)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            reviewedAt: now,
            reviewedBy: who.actorId,
          })
          .where(eq(paymentRecords.id, pending.id))
          .returning();
        const inReview = await othersInReview(tx, payment.id, pending.id);
        // A cancelled or exempt payment keeps its status; else nothing paid and nothing
        // else in review makes it 'rejected' with the reason.
        const closed = payment.status === 'cancelled' || payment.status === 'exempt';
        const rejected = !closed && !inReview && payment.amountPaid === 0 && payment.amountDue > 0;
        const change = closed
          ? { status: payment.status }
          : rejected
            ? { status: 'rejected' as const, reason }
            : { status: statusByPaid(payment.amountDue, payment.amountPaid, inReview) };
        await writeChange(
          tx,
          payment,
          change,
          {
            action: 'rejected',
            actorId: who.actorId,
            recordId: pending.id,
            amount: pending.amount,
            note: reason,
          },
          now,
        );
        return row!;
      }),

    /** Cancels a payment nothing was paid of, with a reason. */
    cancel: (who: PaymentActor, reason: string) =>
      close(who, reason, 'cancelled', (payment) => {
        if (payment.status === 'cancelled') throw conflictOn('payment_id', m.alreadyCancelled);
        if (payment.status === 'exempt') throw conflictOn('payment_id', m.alreadyExempt);
        if (payment.amountPaid > 0) throw conflictOn('payment_id', m.paidCannotCancel);
      }),

    /** Exempts a payment (its balance is forgiven), with a reason. */
    exempt: (who: PaymentActor, reason: string) =>
      close(who, reason, 'exempt', (payment) => {
        if (payment.status === 'exempt') throw conflictOn('payment_id', m.alreadyExempt);
        if (payment.status === 'cancelled') throw conflictOn('payment_id', m.cancelledCannotExempt);
        if (payment.status === 'paid') throw conflictOn('payment_id', m.paidCannotExempt);
      }),
  };
}
