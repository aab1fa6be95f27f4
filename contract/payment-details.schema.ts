import { z } from 'zod';
import { paymentRecordSchema } from './payment-actions.schema';
import { paymentSchema } from './payments.schema';

/*
 * One payment with its history (issue #12 item 6, the Pagos drawer):
 * GET /api/pla_club_teams/{id}/payments/{paymentId}, behind payments.view and the caller's
 * payment scope (a family reaches only its own payments; another's id answers 404).
 */

/** What happened to a payment, as payment_events store it. */
export const paymentEventActions = [
  'generated',
  'recorded',
  'proof_sent',
  'approved',
  'rejected',
  'cancelled',
  'exempted',
  'reminded',
] as const;
export type PaymentEventAction = (typeof paymentEventActions)[number];

/** The Spanish name of each event in the history. */
export const paymentEventLabels: Record<PaymentEventAction, string> = {
  generated: 'Generado',
  recorded: 'Abono registrado',
  proof_sent: 'Comprobante enviado',
  approved: 'Abono aprobado',
  rejected: 'Comprobante rechazado',
  cancelled: 'Anulado',
  exempted: 'Exonerado',
  reminded: 'Recordatorio enviado',
};

/** A record with the names the drawer shows. */
export const paymentDetailRecordSchema = paymentRecordSchema.extend({
  payment_method_name: z.string().nullable(),
  recorded_by_name: z.string(),
  reviewed_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Where to read the proof (an authenticated GET), or null without one. */
  proof_url: z.string().nullable(),
  proof_content_type: z.string().nullable(),
});
export type PaymentDetailRecord = z.infer<typeof paymentDetailRecordSchema>;

export const paymentEventSchema = z.object({
  id: z.number().int(),
  /** One of paymentEventActions (an unknown one is shown as it is). */
  action: z.string(),
  /** Null for the server's own jobs (the daily generation). */
  actor_name: z.string().nullable(),
  record_id: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const paymentDetailResponseSchema = z.object({
  data: z.object({
    payment: paymentSchema,
    /** Newest first. */
    records: z.array(paymentDetailRecordSchema),
    /** Oldest first. */
    events: z.array(paymentEventSchema),
  }),
});
export type PaymentDetailResponse = z.infer<typeof paymentDetailResponseSchema>;
