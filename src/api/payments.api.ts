import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import {
  type PaymentListParams,
  type PaymentListResponse,
  type PaymentSummary,
  paymentListResponseSchema,
  paymentSummaryResponseSchema,
} from '../../contract/payments.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { useRefreshAfter } from './refresh';

/*
 * A club's payments (issue #12): the list and the header figures, under
 * `/api/pla_club_teams/{id}/payments`, and the paths and files its sub-resources share
 * (payment-details, payment-actions, payment-bulk, payment-proofs, receipts and
 * payment-generation each have their own `<r>.api.ts`). Answers are parsed with the
 * contract; every failure is a RequestError.
 */

/** `/pla_club_teams/{id}/payments`: the club's payments. */
export const paymentsPath = (clubId: number) => `/pla_club_teams/${clubId}/payments`;

/** `/pla_club_teams/{id}/payments/{paymentId}`: one payment, under which its parts live. */
export const paymentPath = (clubId: number, paymentId: number) =>
  `${paymentsPath(clubId)}/${paymentId}`;

/** `GET …/payments`: one page of payments (the list contract and its filters). */
export const listPayments = (
  clubId: number,
  params: PaymentListParams,
): Promise<PaymentListResponse> =>
  describeFailures(async () =>
    paymentListResponseSchema.parse(
      await authClient(paymentsPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `GET …/payments/summary?period=YYYY-MM`: the figures of the month. */
export const paymentSummary = (clubId: number, period: string): Promise<PaymentSummary> =>
  describeFailures(
    async () =>
      paymentSummaryResponseSchema.parse(
        await authClient(`${paymentsPath(clubId)}/summary`, { query: { period } }),
      ).data,
  );

/** A file of a payment read with the session (its proof, its receipt), as a blob. */
export const fetchPaymentFile = (url: string): Promise<Blob> =>
  describeFailures(async () =>
    authClient<Blob, 'blob'>(url.replace(/^\/api/, ''), { responseType: 'blob' }),
  );

/** The payments of one club (list pages, figures, previews); the params are part of the key. */
export const paymentsKey = (clubId: number, params?: PaymentListParams) =>
  params ? clubKey(clubId, 'payments', { ...params }) : clubScope(clubId, 'payments');

/** One page of payments for the grid's hook, the previous page kept while the next loads. */
export const paymentsListQuery = (clubId: number) => (params: PaymentListParams) =>
  queryOptions({
    queryKey: paymentsKey(clubId, params),
    queryFn: () => listPayments(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** The header figures of `period` (under the payments key: a generation refreshes them). */
export const paymentSummaryQuery = (clubId: number, period: string) =>
  queryOptions({
    queryKey: clubKey(clubId, 'payments', 'summary', period),
    queryFn: () => paymentSummary(clubId, period),
    enabled: clubId > 0,
  });

/** Refreshes every page of the club's payments and its figures. */
export function useInvalidatePayments(clubId: number) {
  return useRefreshAfter('payments', clubId);
}
