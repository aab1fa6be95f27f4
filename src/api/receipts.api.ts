import { queryOptions } from '@tanstack/react-query';
import {
  type ReceiptLink,
  type ReceiptLinkCreated,
  receiptLinkCreatedResponseSchema,
  receiptLinkListResponseSchema,
} from '../../contract/receipts.schema';
import { authClient, describeFailures } from './http';
import { paymentPath } from './payments.api';
import { clubKey } from './query-keys';

/*
 * A payment's receipts (issue #12): the PDF of an approved record, read with the session
 * (`fetchPaymentFile` in payments.api.ts), and the public links that share it.
 */

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
