import {
  type PaymentBulk,
  type PaymentBulkResponse,
  paymentBulkResponseSchema,
} from '../../contract/payment-bulk.schema';
import { authClient, describeFailures } from './http';
import { paymentsPath } from './payments.api';

/** `POST …/payments/bulk` (issue #12): the server's result for each chosen payment. */
export const bulkPayments = (
  clubId: number,
  body: PaymentBulk,
): Promise<PaymentBulkResponse['data']> =>
  describeFailures(
    async () =>
      paymentBulkResponseSchema.parse(
        await authClient(`${paymentsPath(clubId)}/bulk`, { method: 'POST', body }),
      ).data,
  );
