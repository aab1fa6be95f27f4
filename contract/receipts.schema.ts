import { z } from 'zod';
import { idSchema, textSchema } from './common.schema';
import { paymentActionParamsSchema } from './payment-actions.schema';

/*
 * Receipts (issue #12 item 3): the PDF of one approved record,
 * GET /api/pla_club_teams/{id}/payments/{paymentId}/receipt.pdf (payments.view and the
 * caller's payment scope), and the public links staff share by WhatsApp
 * (…/payments/{paymentId}/receipt-links, payments.update), read without a session at
 * GET /api/public/receipts/{token}. Only the token's sha256 is stored; a link expires
 * after RECEIPT_LINK_DAYS and staff can revoke it.
 */

/** Days a shared receipt link works. */
export const RECEIPT_LINK_DAYS = 30;

/** Where the public receipt is read: `<app url>${PUBLIC_RECEIPT_PATH}<token>`. */
export const PUBLIC_RECEIPT_PATH = '/api/public/receipts/';

export const receiptMessages = {
  paymentNotFound: 'El pago no existe en este club',
  noApprovedRecord: 'El pago no tiene abonos aprobados',
  recordNotFound: 'El abono no existe en este pago',
  recordNotApproved: 'El abono no está aprobado: no tiene recibo',
  linkNotFound: 'El enlace no existe en este pago',
  publicNotFound: 'El enlace del recibo no existe, expiró o fue revocado',
} as const;

/** `?record_id=`: the receipt of this approved record (default: the latest approved). */
export const receiptQuerySchema = z.strictObject(
  { record_id: idSchema('El abono').optional() },
  { error: 'Este parámetro no existe en el recibo' },
);
export type ReceiptQuery = z.output<typeof receiptQuerySchema>;

/** `POST …/receipt-links`: the record whose receipt is shared (default: the latest approved). */
export const receiptLinkCreateSchema = z.strictObject(
  { record_id: idSchema('El abono').optional() },
  { error: 'Este campo no existe en un enlace de recibo' },
);
export type ReceiptLinkCreate = z.output<typeof receiptLinkCreateSchema>;

export const receiptLinkParamsSchema = paymentActionParamsSchema.extend({
  linkId: idSchema('El enlace'),
});

/** The public token: anything malformed is answered like an unknown link (404). */
export const publicReceiptParamsSchema = z.object({
  token: textSchema('El enlace del recibo', { typeError: receiptMessages.publicNotFound }).max(
    200,
    receiptMessages.publicNotFound,
  ),
});

export const receiptLinkCreatedResponseSchema = z.object({
  data: z.object({
    id: z.number().int(),
    /** The public link; shown once, never stored. */
    url: z.string(),
    expires_at: z.string(),
    /** `https://wa.me/[phone]?text=…` with a Spanish message and the url. */
    whatsapp_url: z.string(),
  }),
});
export type ReceiptLinkCreated = z.infer<typeof receiptLinkCreatedResponseSchema>['data'];

export const receiptLinkSchema = z.object({
  id: z.number().int(),
  record_id: z.number().int(),
  receipt_number: z.number().int(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReceiptLink = z.infer<typeof receiptLinkSchema>;

/** Newest first. */
export const receiptLinkListResponseSchema = z.object({ data: z.array(receiptLinkSchema) });
