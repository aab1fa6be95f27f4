import { z } from 'zod';
import { wholeNumberSchema } from './common.schema';
import { paymentRecordCreateSchema } from './payment-actions.schema';

/*
 * A family's proof of payment (issue #12 item 3): POST /api/pla_club_teams/{id}/payments/
 * {paymentId}/proofs as multipart/form-data, with the fields of a record (amount,
 * payment_method_id, paid_on, reference?, note?) and the file `proof`: an image (JPEG,
 * PNG or WebP) or a PDF of at most PROOF_MAX_BYTES, its type read from its bytes. The
 * record waits in review until staff approve it (receipt number) or reject it (reason).
 * Staff may also attach a proof to money they record: POST …/records as multipart with
 * the same fields and an optional `proof`.
 */

/** The largest proof file: 5 MiB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** A proof image is stored as a WebP fitted inside this many pixels a side. */
export const PROOF_MAX_SIDE = 2000;

/** The multipart field that carries the file. */
export const PROOF_FIELD = 'proof';

export const proofMessages = {
  missing: 'Adjunta el comprobante: una imagen (JPG, PNG o WebP) o un PDF de máximo 5 MB',
  tooLarge: 'El comprobante no puede pesar más de 5 MB',
  wrongType: 'El comprobante debe ser una imagen (JPG, PNG o WebP) o un PDF de máximo 5 MB',
  unreadable: 'No pudimos leer la imagen del comprobante. Prueba con otra imagen o con un PDF.',
  notMultipart:
    'Envía el comprobante como formulario con archivo (Content-Type: multipart/form-data)',
  badFields: 'Revisa los datos del comprobante',
  /** Families type the amount: what to write, not a number type. */
  badAmount: 'Escribe el valor en pesos, sin decimales',
  fieldTooLong: 'Este campo es demasiado largo',
  paid: 'El pago ya está pagado: no admite más comprobantes',
  noProof: 'Este abono no tiene comprobante',
  staffOnly:
    'Solo el personal con permiso para actualizar pagos puede enviar comprobantes de otros jugadores',
} as const;

const record = paymentRecordCreateSchema.shape;

/**
 * The text fields of a proof (multipart sends each as a string): the rules of a record
 * (contract/payment-actions.schema.ts), the amount read from its decimal digits.
 */
export const paymentProofFieldsSchema = z.strictObject(
  {
    amount: wholeNumberSchema(proofMessages.badAmount).pipe(record.amount),
    payment_method_id: record.payment_method_id,
    paid_on: record.paid_on,
    reference: record.reference,
    note: record.note,
  },
  { error: 'Este campo no existe en un comprobante' },
);
/** What a form sends (strings), and what the server reads from it. */
export type PaymentProofFieldsInput = z.input<typeof paymentProofFieldsSchema>;
export type PaymentProofFields = z.output<typeof paymentProofFieldsSchema>;

/** The types a stored proof is served with. */
export const proofContentTypes = ['image/webp', 'application/pdf'] as const;
export type ProofContentType = (typeof proofContentTypes)[number];
