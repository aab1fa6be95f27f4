import { z } from 'zod';
import {
  choiceIdSchema,
  idSchema,
  isRealIsoDate,
  optionalText,
  requiredText,
  textSchema,
} from './common.schema';
import { positiveMoneySchema } from './money.schema';
import { paymentSchema } from './payments.schema';

/*
 * What staff do to a payment (issue #12 item 3), under /api/pla_club_teams/{id}/payments/
 * {paymentId}, behind payments.update: record money received (approved at once, with the
 * club's next receipt number), approve or reject a record in review, cancel, exempt. Each
 * is one transaction that writes a payment_events row and answers the payment as the list
 * shows it, and the record it touched.
 */

export const paymentActionMessages = {
  paymentNotFound: 'El pago no existe en este club',
  recordNotFound: 'El abono no existe en este pago',
  noMethod: 'Elige un medio de pago',
  badDate: 'Elige una fecha de pago válida',
  futureDate: 'La fecha de pago no puede ser posterior a hoy',
  overBalance: (balance: number) =>
    `El valor supera el saldo del pago (${balance} pesos por pagar)`,
  methodNotAccepted: 'El club no acepta este medio de pago',
  closed: (label: string) => `El pago está ${label}: no admite abonos ni aprobaciones`,
  notInReview: 'El abono no está en revisión: ya fue aprobado o rechazado',
  paidCannotCancel: 'El pago tiene abonos aprobados: no se puede anular',
  alreadyCancelled: 'El pago ya está anulado',
  alreadyExempt: 'El pago ya está exonerado',
  paidCannotExempt: 'El pago ya está pagado: no se puede exonerar',
  cancelledCannotExempt: 'El pago está anulado: no se puede exonerar',
} as const;

export const paymentActionParamsSchema = z.object({
  id: idSchema('El identificador del club'),
  paymentId: idSchema('El pago'),
});

export const paymentRecordParamsSchema = paymentActionParamsSchema.extend({
  recordId: idSchema('El abono'),
});

/** `POST …/records`: money the club received. */
export const paymentRecordCreateSchema = z.strictObject(
  {
    amount: positiveMoneySchema('El valor'),
    payment_method_id: choiceIdSchema(paymentActionMessages.noMethod),
    paid_on: textSchema('La fecha de pago').refine(isRealIsoDate, paymentActionMessages.badDate),
    reference: optionalText('La referencia', 120),
    note: optionalText('La nota', 1000, { multiline: true }),
  },
  { error: 'Este campo no existe en un abono' },
);
export type PaymentRecordCreate = z.output<typeof paymentRecordCreateSchema>;

/** `POST …/reject`, `…/cancel`, `…/exempt`: why. */
export const paymentReasonSchema = z.strictObject(
  { reason: requiredText('El motivo', 500, { multiline: true }) },
  { error: 'Este campo no existe en esta acción' },
);
export type PaymentReason = z.output<typeof paymentReasonSchema>;

export const paymentRecordStatuses = ['in_review', 'approved', 'rejected'] as const;

/** One record of money received or claimed for a payment. */
export const paymentRecordSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  amount: z.number().int(),
  payment_method_id: z.number().int().nullable(),
  paid_on: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(paymentRecordStatuses),
  /** The club's receipt number, once approved (never edited). */
  receipt_number: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  recorded_by: z.number().int(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** What an action did: the payment as the list shows it, and the record it touched. */
export const paymentActionResponseSchema = z.object({
  data: z.object({ payment: paymentSchema, record: paymentRecordSchema.nullable() }),
});
export type PaymentActionResponse = z.infer<typeof paymentActionResponseSchema>;

/** One action on a payment as a client sends it (the Pagos drawer's dialogs). */
export type PaymentAction =
  | { kind: 'record'; paymentId: number; values: PaymentRecordCreate }
  | { kind: 'approve'; paymentId: number; recordId: number }
  | { kind: 'reject'; paymentId: number; recordId: number; reason: string }
  | { kind: 'cancel'; paymentId: number; reason: string }
  | { kind: 'exempt'; paymentId: number; reason: string };
