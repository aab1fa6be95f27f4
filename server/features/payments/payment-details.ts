import { type SQLWrapper, and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paymentActionMessages as m } from '../../../contract/payment-actions.schema';
import type { PaymentDetailResponse } from '../../../contract/payment-details.schema';
import { type Payment, paymentListQuerySchema } from '../../../contract/payments.schema';
import type { Db } from '../../db/client';
import { paymentEvents, paymentRecords, payments } from '../../db/schema/payments';
import { paymentMethods } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { scopeSql } from './money-figures';
import { recordOut } from './payment-actions.rules';
import type { PaymentScope } from './payment-scope';
import { proofContentTypeOf } from './payment-proofs';
import { listPayments } from './payments.queries';

/*
 * One payment with its history (GET …/payments/{paymentId}, the Pagos drawer): the
 * payment as the list shows it, its records newest first and its events oldest first,
 * each with the names of the people involved. A payment outside the caller's scope (a
 * family's other than its own or its authorised children's) answers 404, as one of
 * another club does.
 */

/** The club's payment `paymentId` within the caller's scope, or 404. */
export async function scopedPayment(
  db: Db,
  clubId: number,
  paymentId: number,
  scope: PaymentScope,
): Promise<{ id: number; userId: number; period: string }> {
  const [row] = await db
    .select({ id: payments.id, userId: payments.userId, period: payments.period })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.clubId, clubId),
        scopeSql(scope, payments.userId, clubId),
      ),
    );
  if (!row) throw new AppError(404, m.paymentNotFound);
  return row;
}

/** The payment as GET …/payments shows it (its player's rows of its period). */
export async function paymentAsListed(
  db: Db,
  clubId: number,
  payment: { id: number; userId: number; period: string },
  now: Date,
): Promise<Payment> {
  const query = paymentListQuerySchema.parse({
    player_id: payment.userId,
    period: payment.period.slice(0, 7),
    pageSize: 100,
  });
  const page = await listPayments(db, clubId, query, { scope: undefined, now });
  const row = page.data.find((p) => p.id === payment.id);
  if (!row) throw new Error(`payment ${payment.id} is missing from its own list`);
  return row;
}

/** Where a record's proof is read (an authenticated GET). */
export const proofUrlOf = (clubId: number, paymentId: number, recordId: number) =>
  `/api/pla_club_teams/${clubId}/payments/${paymentId}/records/${recordId}/proof`;

const nameOf = (person: { name: SQLWrapper; lastname: SQLWrapper }) =>
  sql<string>`${person.name} || ' ' || ${person.lastname}`;

/** The payment, its records (newest first) and its events (oldest first). */
export async function paymentDetail(
  db: Db,
  clubId: number,
  paymentId: number,
  { scope, now }: { scope: PaymentScope; now: Date },
): Promise<PaymentDetailResponse> {
  const found = await scopedPayment(db, clubId, paymentId, scope);
  const recorder = alias(users, 'recorder');
  const reviewer = alias(users, 'reviewer');
  const actor = alias(users, 'actor');
  const [payment, records, events] = await Promise.all([
    paymentAsListed(db, clubId, found, now),
    db
      .select({
        record: paymentRecords,
        methodName: paymentMethods.name,
        recordedByName: nameOf(recorder),
        reviewedByName: sql<string | null>`${nameOf(reviewer)}`,
      })
      .from(paymentRecords)
      .innerJoin(recorder, eq(recorder.id, paymentRecords.recordedBy))
      .leftJoin(reviewer, eq(reviewer.id, paymentRecords.reviewedBy))
      .leftJoin(paymentMethods, eq(paymentMethods.id, paymentRecords.paymentMethodId))
      .where(eq(paymentRecords.paymentId, found.id))
      .orderBy(desc(paymentRecords.createdAt), desc(paymentRecords.id)),
    db
      .select({
        id: paymentEvents.id,
        action: paymentEvents.action,
        actor_name: sql<string | null>`${nameOf(actor)}`,
        record_id: paymentEvents.recordId,
        amount: paymentEvents.amount,
        note: paymentEvents.note,
        at: paymentEvents.at,
      })
      .from(paymentEvents)
      .leftJoin(actor, eq(actor.id, paymentEvents.actorId))
      .where(eq(paymentEvents.paymentId, found.id))
      .orderBy(asc(paymentEvents.at), asc(paymentEvents.id)),
  ]);
  return {
    data: {
      payment,
      records: records.map(({ record: r, methodName, recordedByName, reviewedByName }) => ({
        ...recordOut(r),
        payment_method_name: methodName,
        recorded_by_name: recordedByName,
        reviewed_by_name: reviewedByName,
        created_at: r.createdAt.toISOString(),
        proof_url: r.proofPath ? proofUrlOf(clubId, found.id, r.id) : null,
        proof_content_type: r.proofPath ? proofContentTypeOf(r.proofPath) : null,
      })),
      events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    },
  };
}
