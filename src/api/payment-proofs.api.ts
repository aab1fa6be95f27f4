import {
  type PaymentActionResponse,
  paymentActionResponseSchema,
} from '../../contract/payment-actions.schema';
import {
  PROOF_FIELD,
  type PaymentProofFieldsInput,
  paymentProofFieldsSchema,
} from '../../contract/payment-proofs.schema';
import { authClient, describeFailures } from './http';

/** What a family sends with its proof: the record's fields and the file. */
export interface PaymentProofInput {
  amount: number;
  payment_method_id: number;
  paid_on: string;
  reference?: string | null;
  note?: string | null;
  file: File;
}

/**
 * `POST /api/pla_club_teams/{id}/payments/{paymentId}/proofs` (issue #12 item 3): the
 * fields as multipart strings and the file under `proof`; the record waits in review.
 */
export const sendPaymentProof = (
  clubId: number,
  paymentId: number,
  { file, ...values }: PaymentProofInput,
): Promise<PaymentActionResponse['data']> =>
  describeFailures(async () => {
    const fields: PaymentProofFieldsInput = {
      amount: String(values.amount),
      payment_method_id: values.payment_method_id,
      paid_on: values.paid_on,
      reference: values.reference ?? null,
      note: values.note ?? null,
    };
    paymentProofFieldsSchema.parse(fields);
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (value !== null && value !== undefined && value !== '') body.append(name, String(value));
    }
    body.append(PROOF_FIELD, file);
    return paymentActionResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/payments/${paymentId}/proofs`, {
        method: 'POST',
        body,
      }),
    ).data;
  });

/** The raster images a proof may be, the only files opened in a tab. */
const VIEWABLE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg']);

/**
 * The name a proof is saved under, or undefined for an image (opened in a new tab). A
 * blob: URL is the app's own origin, so a PDF (which may carry JavaScript) is never
 * opened there: it is saved, as the server's `attachment` says (issue #33 item 7).
 */
export const proofFileName = (blob: Blob, recordId: number): string | undefined =>
  VIEWABLE_TYPES.has(blob.type)
    ? undefined
    : `comprobante-${recordId}${blob.type === 'application/pdf' ? '.pdf' : ''}`;
