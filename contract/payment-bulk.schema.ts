import { z } from 'zod';
import { idSchema, requiredText } from './common.schema';
import { paymentStatuses } from './payments.schema';

/*
 * Bulk actions of Pagos (issue #12 item 6): POST /api/pla_club_teams/{id}/payments/bulk,
 * behind payments.update, on payments chosen by id (never "everything the filter
 * matches"). Each payment is handled on its own, in its own transaction; the answer says
 * for each id what happened, so the grid shows the server's per-row result.
 */

export const paymentBulkActions = ['approve', 'remind', 'exempt'] as const;
export type PaymentBulkAction = (typeof paymentBulkActions)[number];

export const paymentBulkActionLabels: Record<PaymentBulkAction, string> = {
  approve: 'Aprobar comprobantes',
  remind: 'Enviar recordatorio',
  exempt: 'Exonerar',
};

/** At most this many payments per request (a page of the grid). */
export const PAYMENT_BULK_MAX = 100;

export const paymentBulkMessages = {
  badAction: `La acción debe ser una de: ${paymentBulkActions.join(', ')}`,
  noIds: 'Seleccione al menos un pago',
  tooMany: `Seleccione como máximo ${PAYMENT_BULK_MAX} pagos`,
  repeated: 'Un pago aparece dos veces en la selección',
  reasonRequired: 'El motivo es obligatorio para exonerar',
  notFound: 'El pago no existe en este club',
  nothingInReview: 'El pago no tiene comprobantes en revisión',
  approved: (count: number) =>
    count === 1 ? 'Comprobante aprobado' : `${count} comprobantes aprobados`,
  exempted: 'Pago exonerado',
  reminded: (email: string) => `Recordatorio enviado a ${email}`,
  notOwing: 'El pago no tiene saldo pendiente',
  /** Kept for clients of the old answer; reminders now go to the family (issue #34). */
  noEmail: 'El jugador no tiene correo electrónico',
  noContact:
    'La familia no tiene correo, cuenta en la app ni celular registrados: agrega el correo o el celular del acudiente en la ficha del jugador',
  noContactPlayer:
    'El jugador no tiene correo, cuenta en la app ni celular registrados: agrégalos en su ficha',
  remindedToday: 'Ya se envió un recordatorio hoy',
} as const;

export const paymentBulkSchema = z
  .strictObject(
    {
      action: z.enum(paymentBulkActions, { error: paymentBulkMessages.badAction }),
      payment_ids: z
        .array(idSchema('El pago'), { error: paymentBulkMessages.noIds })
        .min(1, paymentBulkMessages.noIds)
        .max(PAYMENT_BULK_MAX, paymentBulkMessages.tooMany)
        .refine((ids) => new Set(ids).size === ids.length, paymentBulkMessages.repeated),
      reason: requiredText('El motivo', 500, { multiline: true }).optional(),
    },
    { error: 'Este campo no existe en una acción masiva' },
  )
  .refine((body) => body.action !== 'exempt' || body.reason !== undefined, {
    path: ['reason'],
    message: paymentBulkMessages.reasonRequired,
  });
export type PaymentBulk = z.output<typeof paymentBulkSchema>;

export const paymentBulkResultSchema = z.object({
  payment_id: z.number().int(),
  ok: z.boolean(),
  /** The payment's status after the action (null when it does not exist). */
  status: z.enum(paymentStatuses).nullable(),
  /** What happened, in Spanish (the refusal's message when not ok). */
  message: z.string(),
});
export type PaymentBulkResult = z.infer<typeof paymentBulkResultSchema>;

/**
 * What a reminder did for one family (issue #34): the authorised guardians of a minor (or,
 * before they have an account, the guardian contact on file), or the adult player himself.
 * One message per family lists every one of its children's payments of the request.
 */
export const paymentReminderFamilySchema = z.object({
  /** 'Familia de Pablo Padre Zúñiga', or the adult player's name. */
  name: z.string(),
  /** The players whose payments the message lists. */
  players: z.array(z.string()),
  payment_ids: z.array(z.number().int()),
  /** The addresses the e-mail was queued for (sent after commit). */
  emails: z.array(z.string()),
  /** Whether an in-app notification was created for the family's accounts. */
  in_app: z.boolean(),
  /** A `https://wa.me/[phone]?text=…` link with the amounts and the club's payment methods. */
  whatsapp_url: z.string(),
  /** Whether the link opens the family's chat (a phone is known) or lets you pick it. */
  whatsapp_phone: z.boolean(),
  /** Whether the reminder reached them by e-mail or in the app. */
  reached: z.boolean(),
  /** What went where, in Spanish, for the result list. */
  summary: z.string(),
});
export type PaymentReminderFamily = z.infer<typeof paymentReminderFamilySchema>;

export const paymentBulkResponseSchema = z.object({
  data: z.object({
    action: z.enum(paymentBulkActions),
    succeeded: z.number().int(),
    failed: z.number().int(),
    /** One per id, in the order sent. */
    results: z.array(paymentBulkResultSchema),
    /** For 'remind': one per family reached or to reach, in the order of their first payment. */
    families: z.array(paymentReminderFamilySchema).optional(),
  }),
});
export type PaymentBulkResponse = z.infer<typeof paymentBulkResponseSchema>;
