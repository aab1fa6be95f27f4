import { and, eq, ne } from 'drizzle-orm';
import {
  type PaymentRecord,
  paymentActionMessages as m,
} from '../../../contract/payment-actions.schema';
import type { PaymentStatus } from '../../../contract/payments.schema';
import { clubs } from '../../db/schema/clubs';
import { clubPaymentMethods } from '../../db/schema/money';
import { paymentEvents, paymentRecords, payments } from '../../db/schema/payments';
import { AppError, conflictOn, fieldError } from '../../lib/app-error';
import { clubTodaySql } from './money-figures';
import type { Tx } from './receipts';

/*
 * The pieces of the payment actions (payment-actions.service.ts), each run inside the
 * action's transaction: the payment locked, the refusals (each a Spanish message on its
 * field), the status a payment takes by what is paid, and the write of its new state with
 * its payment_events row.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type RecordRow = typeof paymentRecords.$inferSelect;

const CLOSED: Partial<Record<PaymentStatus, string>> = {
  cancelled: 'anulado',
  exempt: 'exonerado',
};

/** The club's payment, its row locked until the transaction ends (404 for another club's). */
export async function lockPayment(tx: Tx, clubId: number, paymentId: number): Promise<PaymentRow> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.clubId, clubId)))
    .for('update');
  if (!row) throw new AppError(404, m.paymentNotFound);
  return row;
}

/** A record of the payment still in review (404 if not its record, 409 if reviewed). */
export async function recordInReview(
  tx: Tx,
  payment: PaymentRow,
  recordId: number,
): Promise<RecordRow> {
  const [row] = await tx
    .select()
    .from(paymentRecords)
    .where(and(eq(paymentRecords.id, recordId), eq(paymentRecords.paymentId, payment.id)));
  if (!row) throw new AppError(404, m.recordNotFound);
  if (row.status !== 'in_review') throw conflictOn('record_id', m.notInReview);
  return row;
}

/** Whether a record of the payment other than `except` waits for review. */
export async function othersInReview(tx: Tx, paymentId: number, except?: number) {
  const [row] = await tx
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.paymentId, paymentId),
        eq(paymentRecords.status, 'in_review'),
        except === undefined ? undefined : ne(paymentRecords.id, except),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The status of a payment with `paid` approved (another record may still be in review). */
export const statusByPaid = (due: number, paid: number, inReview: boolean): PaymentStatus =>
  paid >= due ? 'paid' : inReview ? 'in_review' : paid > 0 ? 'partial' : 'pending';

/** A cancelled or exempt payment takes no money and no approval (409). */
export function refuseClosed(payment: PaymentRow) {
  const label = CLOSED[payment.status];
  if (label) throw conflictOn('payment_id', m.closed(label));
}

/** No record may pay more than the payment's balance (422 on amount). */
export function refuseOverBalance(payment: PaymentRow, amount: number) {
  const balance = payment.amountDue - payment.amountPaid;
  if (amount > balance) throw fieldError('amount', m.overBalance(balance));
}

/** The method must be one the club accepts now (422 on payment_method_id). */
export async function refuseMethod(tx: Tx, clubId: number, methodId: number) {
  const [method] = await tx
    .select({ accepted: clubPaymentMethods.accepted })
    .from(clubPaymentMethods)
    .where(
      and(eq(clubPaymentMethods.clubId, clubId), eq(clubPaymentMethods.paymentMethodId, methodId)),
    );
  if (!method?.accepted) throw fieldError('payment_method_id', m.methodNotAccepted);
}

/** Money cannot have been paid after the club's today (422 on paid_on). */
export async function refuseFutureDate(tx: Tx, clubId: number, paidOn: string, now: Date) {
  const [row] = await tx
    .select({ today: clubTodaySql(clubId, now).mapWith(String) })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  if (!row || paidOn > row.today) throw fieldError('paid_on', m.futureDate);
}

export interface PaymentChange {
  status: PaymentStatus;
  amountPaid?: number;
  /** undefined keeps status_reason; null clears it. */
  reason?: string | null;
}

export interface PaymentEvent {
  action: 'recorded' | 'proof_sent' | 'approved' | 'rejected' | 'cancelled' | 'exempted';
  actorId: number;
  recordId?: number;
  amount?: number;
  note?: string | null;
}

/** Writes the payment's new state and its event row. */
export async function writeChange(
  tx: Tx,
  payment: PaymentRow,
  change: PaymentChange,
  event: PaymentEvent,
  now: Date,
) {
  const changed = change.status !== payment.status;
  await tx
    .update(payments)
    .set({
      status: change.status,
      amountPaid: change.amountPaid ?? payment.amountPaid,
      ...(change.reason === undefined ? {} : { statusReason: change.reason }),
      ...(changed ? { statusChangedAt: now, statusChangedBy: event.actorId } : {}),
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  await tx.insert(paymentEvents).values({
    paymentId: payment.id,
    action: event.action,
    actorId: event.actorId,
    recordId: event.recordId ?? null,
    amount: event.amount ?? null,
    note: event.note ?? null,
    at: now,
  });
}

export const recordOut = (row: RecordRow): PaymentRecord => ({
  id: row.id,
  payment_id: row.paymentId,
  amount: row.amount,
  payment_method_id: row.paymentMethodId,
  paid_on: row.paidOn,
  reference: row.reference,
  note: row.note,
  status: row.status,
  receipt_number: row.receiptNumber,
  reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  reviewed_by: row.reviewedBy,
  rejection_reason: row.rejectionReason,
  recorded_by: row.recordedBy,
});
