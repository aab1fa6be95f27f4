import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import {
  type PaymentGenerationPreview,
  type PaymentGenerationResult,
  paymentGenerationPreviewSchema,
  paymentGenerationRequestSchema,
  paymentGenerationResultSchema,
} from '../../contract/payment-generation.schema';
import {
  type PaymentListParams,
  type PaymentListResponse,
  type PaymentSummary,
  paymentListResponseSchema,
  paymentSummaryResponseSchema,
} from '../../contract/payments.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes, useRefreshAfter } from './refresh';

/*
 * A club's payments (issue #12): the list, the header figures and the generation of a
 * period, under `/api/pla_club_teams/{id}/payments`. Answers are parsed with the
 * contract; every failure is a RequestError.
 */

const paymentsPath = (clubId: number) => `/pla_club_teams/${clubId}/payments`;

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

/** `POST …/payments/generation/preview`: what generating `period` would create (no write). */
export const previewPaymentGeneration = (
  clubId: number,
  period: string,
): Promise<PaymentGenerationPreview> =>
  describeFailures(async () => {
    const body = paymentGenerationRequestSchema.parse({ period });
    return paymentGenerationPreviewSchema.parse(
      await authClient(`${paymentsPath(clubId)}/generation/preview`, { method: 'POST', body }),
    );
  });

/** `POST …/payments/generation`: the payments the server created for `period`. */
export const generatePayments = (
  clubId: number,
  period: string,
): Promise<PaymentGenerationResult> =>
  describeFailures(async () => {
    const body = paymentGenerationRequestSchema.parse({ period });
    return paymentGenerationResultSchema.parse(
      await authClient(`${paymentsPath(clubId)}/generation`, { method: 'POST', body }),
    );
  });

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

/**
 * What generating `period` would create, asked each time the dialog opens on it (a
 * read: nothing is written; `enabled` false while the dialog is closed).
 */
export const paymentGenerationPreviewQuery = (clubId: number, period: string, enabled: boolean) =>
  queryOptions({
    queryKey: clubKey(clubId, 'payment-generation-preview', period),
    queryFn: () => previewPaymentGeneration(clubId, period),
    enabled: enabled && clubId > 0,
    staleTime: 0,
    gcTime: 0,
  });

/** Refreshes every page of the club's payments and its figures. */
export function useInvalidatePayments(clubId: number) {
  return useRefreshAfter('payments', clubId);
}

/** Generates a period's payments, then refreshes the list and the figures. */
export function useGeneratePayments(clubId: number) {
  return useMutation({
    ...changes('payments', clubId),
    mutationFn: (period: string) => generatePayments(clubId, period),
  });
}
