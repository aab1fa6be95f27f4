import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type PaymentGenerationPreview,
  type PaymentGenerationResult,
  paymentGenerationPreviewSchema,
  paymentGenerationRequestSchema,
  paymentGenerationResultSchema,
} from '../../contract/payment-generation.schema';
import { authClient, describeFailures } from './http';
import { paymentsPath } from './payments.api';
import { clubKey } from './query-keys';
import { changes } from './refresh';

/*
 * The generation of a period's payments (issue #12): what it would create, and creating
 * it, under `/api/pla_club_teams/{id}/payments/generation`.
 */

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

/** Generates a period's payments, then refreshes the list and the figures. */
export function useGeneratePayments(clubId: number) {
  return useMutation({
    ...changes('payments', clubId),
    mutationFn: (period: string) => generatePayments(clubId, period),
  });
}
