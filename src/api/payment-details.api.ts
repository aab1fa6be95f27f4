import { queryOptions } from '@tanstack/react-query';
import {
  type PaymentDetailResponse,
  paymentDetailResponseSchema,
} from '../../contract/payment-details.schema';
import { authClient, describeFailures } from './http';
import { paymentPath } from './payments.api';
import { clubKey } from './query-keys';

/*
 * One payment as the staff's drawer in Pagos shows it (issue #12): what it bills, its
 * records and its history.
 */

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
