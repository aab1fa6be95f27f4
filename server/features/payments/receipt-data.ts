import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatDay, formatInstantDay } from '../../../contract/dates.format';
import { receiptMessages as m } from '../../../contract/receipts.schema';
import type { Db } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { charges } from '../../db/schema/money';
import { paymentRecords, payments } from '../../db/schema/payments';
import { players } from '../../db/schema/players';
import { paymentMethods } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { AppError, conflictOn } from '../../lib/app-error';
import { pesosInWords } from './amount-in-words';
import { type Payer, documentText, fullName, payerOf } from './receipt-payer';
import { scopeSql } from './money-figures';
import type { PaymentScope } from './payment-scope';

/*
 * What a receipt says (issue #12 item 3), gathered in one place so the PDF renderer
 * (receipt-pdf.ts) only lays it out and the WhatsApp text (receipt-share.ts) quotes the
 * same facts. A receipt is one approved record: its number, the payment it paid (amounts
 * and discounts as generated), and the total paid and balance right after it (the
 * payment's approved records up to this receipt number: numbers grow in approval order).
 * For an accountant (issue #34 item 5) it also names the club's NIT, who paid and the
 * amount received in words.
 */

/** The facts on a receipt; amounts in minor units, dates already written in Spanish. */
export interface ReceiptData {
  club: {
    name: string;
    /** The club's NIT ('900.123.456-7'), or null when the club has not given it. */
    nit: string | null;
    address: string | null;
    city: string | null;
    phone: string | null;
    email: string | null;
    logoUrl: string | null;
  };
  recordId: number;
  receiptNumber: number;
  /** '10 de marzo de 2026' in the club's time zone. */
  approvedOn: string;
  player: { name: string; document: string | null; phone: string | null };
  /**
   * Who paid (see `payerOf`): the player when an adult, else their authorised guardian;
   * null for a minor with no guardian known.
   */
  payer: Payer | null;
  /** The charge's name ('Mensualidad'). */
  concept: string;
  /** 'noviembre de 2026', or 'enero de 2026 a marzo de 2026' for a longer period. */
  period: string;
  baseAmount: number;
  discounts: { name: string; amount: number }[];
  amountDue: number;
  /** This record's amount ('Valor recibido'). */
  received: number;
  /** `received` in words: 'Ciento veinte mil pesos m/cte'. */
  receivedInWords: string;
  /** Paid on the payment once this record was approved, and what was left. */
  totalPaid: number;
  balance: number;
  method: string | null;
  reference: string | null;
  paidOn: string;
  recordedBy: string;
  approvedBy: string | null;
}

const monthLabel = (iso: string) =>
  new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 7)}-01T00:00:00Z`),
  );

/** The months a payment covers: one month's name, or 'from a to'. */
export function periodText(coversFrom: string, coversTo: string): string {
  const from = monthLabel(coversFrom);
  const to = monthLabel(coversTo);
  return from === to ? from : `${from} a ${to}`;
}

/** A calendar day ('YYYY-MM-DD') as '05/03/2026'. */
export const dayText = (iso: string) => formatDay(iso);

/** An instant as the club's day: '10/03/2026'. */
export const clubDayText = (at: Date, timeZone: string) => formatInstantDay(at, timeZone);

/**
 * The approved record whose receipt is asked for: `recordId` when given (404 if not this
 * payment's, 409 if not approved), else the payment's latest approved one (404 when it has
 * none). The payment must be the club's and inside the caller's scope (404 otherwise: a
 * family never learns another's payment exists).
 */
export async function receiptRecordId(
  db: Db,
  clubId: number,
  paymentId: number,
  { recordId, scope }: { recordId?: number | undefined; scope: PaymentScope },
): Promise<number> {
  const [payment] = await db
    .select({ userId: payments.userId })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.clubId, clubId),
        scopeSql(scope, payments.userId, clubId),
      ),
    );
  if (!payment) throw new AppError(404, m.paymentNotFound);
  if (recordId !== undefined) {
    const [record] = await db
      .select({ status: paymentRecords.status })
      .from(paymentRecords)
      .where(and(eq(paymentRecords.id, recordId), eq(paymentRecords.paymentId, paymentId)));
    if (!record) throw new AppError(404, m.recordNotFound);
    if (record.status !== 'approved') throw conflictOn('record_id', m.recordNotApproved);
    return recordId;
  }
  const [latest] = await db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.paymentId, paymentId), eq(paymentRecords.status, 'approved')))
    .orderBy(desc(paymentRecords.receiptNumber))
    .limit(1);
  if (!latest) throw new AppError(404, m.noApprovedRecord);
  return latest.id;
}

const recorder = alias(users, 'receipt_recorder');
const reviewer = alias(users, 'receipt_reviewer');
const sameRecords = alias(paymentRecords, 'receipt_same_payment');

/** Everything receipt `recordId` (an approved record) says. */
export async function receiptData(db: Db, recordId: number): Promise<ReceiptData> {
  const [row] = await db
    .select({
      record: paymentRecords,
      payment: payments,
      club: clubs,
      charge: charges.name,
      player: {
        name: users.name,
        lastname: users.lastname,
        documentType: users.documentType,
        documentNumber: users.documentNumber,
        phone: users.phone,
        birthDate: users.birthDate,
      },
      guardianPhone: players.guardianPhone,
      guardianName: players.guardianName,
      method: paymentMethods.name,
      recorder: { name: recorder.name, lastname: recorder.lastname },
      reviewer: { name: reviewer.name, lastname: reviewer.lastname },
      totalPaid: sql<number>`(${db
        .select({ total: sql`coalesce(sum(${sameRecords.amount}), 0)` })
        .from(sameRecords)
        .where(
          and(
            eq(sameRecords.paymentId, paymentRecords.paymentId),
            eq(sameRecords.status, 'approved'),
            lte(sameRecords.receiptNumber, paymentRecords.receiptNumber),
          ),
        )})`.mapWith(Number),
    })
    .from(paymentRecords)
    .innerJoin(payments, eq(payments.id, paymentRecords.paymentId))
    .innerJoin(clubs, eq(clubs.id, paymentRecords.clubId))
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(players, and(eq(players.clubId, payments.clubId), eq(players.userId, users.id)))
    .leftJoin(paymentMethods, eq(paymentMethods.id, paymentRecords.paymentMethodId))
    .innerJoin(recorder, eq(recorder.id, paymentRecords.recordedBy))
    .leftJoin(reviewer, eq(reviewer.id, paymentRecords.reviewedBy))
    .where(eq(paymentRecords.id, recordId));
  if (!row || row.record.receiptNumber === null || row.record.reviewedAt === null) {
    throw new Error(`receiptData: record ${recordId} is not an approved record`);
  }
  const { record, payment, club, player } = row;
  const playerName = fullName(player.name, player.lastname);
  const playerDocument = documentText(player.documentType, player.documentNumber);
  const payer = await payerOf(
    db,
    {
      clubId: payment.clubId,
      userId: payment.userId,
      recordedBy: record.recordedBy,
      paidOn: record.paidOn,
    },
    {
      name: playerName,
      document: playerDocument,
      birthDate: player.birthDate,
      guardianName: row.guardianName,
    },
  );
  return {
    club: {
      name: club.name,
      nit: club.nit,
      address: club.address,
      city: club.city,
      phone: club.phone,
      email: club.email,
      logoUrl: club.logoUrl,
    },
    recordId: record.id,
    receiptNumber: record.receiptNumber!,
    approvedOn: clubDayText(record.reviewedAt!, club.timezone),
    player: {
      name: playerName,
      document: playerDocument,
      phone: player.phone ?? row.guardianPhone ?? null,
    },
    payer,
    concept: row.charge,
    period: periodText(payment.coversFrom, payment.coversTo),
    baseAmount: payment.baseAmount,
    discounts: payment.discountsApplied.map((d) => ({ name: d.name, amount: d.amount })),
    amountDue: payment.amountDue,
    received: record.amount,
    receivedInWords: pesosInWords(record.amount),
    totalPaid: row.totalPaid,
    balance: payment.amountDue - row.totalPaid,
    method: row.method,
    reference: record.reference,
    paidOn: dayText(record.paidOn),
    recordedBy: fullName(row.recorder.name, row.recorder.lastname),
    approvedBy: row.reviewer ? fullName(row.reviewer.name, row.reviewer.lastname) : null,
  };
}
