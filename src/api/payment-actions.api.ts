import { queryOptions } from '@tanstack/react-query';
import {
  type PaymentAction,
  type PaymentActionResponse,
  paymentActionResponseSchema,
} from '../../contract/payment-actions.schema';
import {
  type PaymentBulk,
  type PaymentBulkResponse,
  paymentBulkResponseSchema,
} from '../../contract/payment-bulk.schema';
import {
  type PaymentDetailResponse,
  paymentDetailResponseSchema,
} from '../../contract/payment-details.schema';
import {
  type ReceiptLink,
  type ReceiptLinkCreated,
  receiptLinkCreatedResponseSchema,
  receiptLinkListResponseSchema,
} from '../../contract/receipts.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';

/*
 * What staff do to payments from Pagos (issue #12): one payment with its history, the
 * actions on it (record, approve, reject, cancel, exempt), the bulk actions, and the
 * files (proof, receipt PDF) read with the session and handed to the browser as a blob.
 */

const paymentPath = (clubId: number, paymentId: number) =>
  `/pla_club_teams/${clubId}/payments/${paymentId}`;

/** `GET …/payments/{paymentId}`: the payment, its records and its events. */
export const paymentDetail = (
  clubId: number,
  paymentId: number,
): Promise<PaymentDetailResponse['data']> =>
  describeFailures(
    async () =>
      paymentDetailResponseSchema.parse(await authClient(paymentPath(clubId, paymentId))).data,
  );

/** The drawer's payment, under the payments key: any action refreshes it with the list. */
export const paymentDetailQuery = (clubId: number, paymentId: number | null) =>
  queryOptions({
    queryKey: clubKey(clubId, 'payments', 'detail', paymentId ?? 0),
    queryFn: () => paymentDetail(clubId, paymentId ?? 0),
    enabled: clubId > 0 && paymentId !== null,
  });

const actionRequest = (action: PaymentAction): { path: string; body?: unknown } => {
  switch (action.kind) {
    case 'record':
      return { path: 'records', body: action.values };
    case 'approve':
      return { path: `records/${action.recordId}/approve` };
    case 'reject':
      return { path: `records/${action.recordId}/reject`, body: { reason: action.reason } };
    case 'cancel':
    case 'exempt':
      return { path: action.kind, body: { reason: action.reason } };
  }
};

/** Sends `action`; the server answers the payment as the list shows it and the record. */
export const actOnPayment = (
  clubId: number,
  action: PaymentAction,
): Promise<PaymentActionResponse['data']> =>
  describeFailures(async () => {
    const { path, body } = actionRequest(action);
    return paymentActionResponseSchema.parse(
      await authClient(`${paymentPath(clubId, action.paymentId)}/${path}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
      }),
    ).data;
  });

/** `POST …/payments/bulk`: the server's result for each chosen payment. */
export const bulkPayments = (
  clubId: number,
  body: PaymentBulk,
): Promise<PaymentBulkResponse['data']> =>
  describeFailures(
    async () =>
      paymentBulkResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/payments/bulk`, { method: 'POST', body }),
      ).data,
  );

/** A file of the API read with the session (proof, receipt), as a blob. */
export const fetchPaymentFile = (url: string): Promise<Blob> =>
  describeFailures(async () =>
    authClient<Blob, 'blob'>(url.replace(/^\/api/, ''), { responseType: 'blob' }),
  );

/** `…/receipt.pdf?record_id=`: the receipt of one approved record. */
export const receiptPdfUrl = (clubId: number, paymentId: number, recordId: number) =>
  `${paymentPath(clubId, paymentId)}/receipt.pdf?record_id=${recordId}`;

/** `POST …/receipt-links`: a public link to the record's receipt and its WhatsApp message. */
export const createReceiptLink = (
  clubId: number,
  paymentId: number,
  recordId: number,
): Promise<ReceiptLinkCreated> =>
  describeFailures(
    async () =>
      receiptLinkCreatedResponseSchema.parse(
        await authClient(`${paymentPath(clubId, paymentId)}/receipt-links`, {
          method: 'POST',
          body: { record_id: recordId },
        }),
      ).data,
  );

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

/** Hands a blob to the browser: opened in a new tab, or saved under `fileName`. */
export function handOver(blob: Blob, fileName?: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  if (fileName) link.download = fileName;
  else link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `GET …/receipt-links`: the payment's shared links, newest first (never their tokens). */
export const receiptLinksQuery = (clubId: number, paymentId: number, enabled: boolean) =>
  queryOptions({
    queryKey: clubKey(clubId, 'payments', 'receipt-links', paymentId),
    queryFn: (): Promise<ReceiptLink[]> =>
      describeFailures(
        async () =>
          receiptLinkListResponseSchema.parse(
            await authClient(`${paymentPath(clubId, paymentId)}/receipt-links`),
          ).data,
      ),
    enabled: enabled && clubId > 0,
  });

/** `DELETE …/receipt-links/{linkId}`: the link stops working at once. */
export const revokeReceiptLink = (clubId: number, paymentId: number, linkId: number) =>
  describeFailures(async () => {
    await authClient(`${paymentPath(clubId, paymentId)}/receipt-links/${linkId}`, {
      method: 'DELETE',
    });
  });
