import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  clubPaymentMethodListResponseSchema,
  clubPaymentMethodRequestSchema,
  clubPaymentMethodResponseSchema,
  type ClubPaymentMethod,
  type ClubPaymentMethodRequest,
} from '../../contract/payment-methods.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { changes } from './refresh';

/*
 * The payment methods a club accepts (issue #12): `/api/pla_club_teams/{id}/payment-methods`.
 * Answers are parsed with the contract; every failure is a RequestError.
 */

/** `GET /api/pla_club_teams/{id}/payment-methods`: every method of the club's country. */
export const listPaymentMethods = (clubId: number): Promise<ClubPaymentMethod[]> =>
  describeFailures(
    async () =>
      clubPaymentMethodListResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/payment-methods`),
      ).data,
  );

/** `PUT /api/pla_club_teams/{id}/payment-methods/{methodId}`: the club's choice for one method. */
export const updatePaymentMethod = (
  clubId: number,
  methodId: number,
  change: ClubPaymentMethodRequest,
): Promise<ClubPaymentMethod> =>
  describeFailures(async () => {
    const body = clubPaymentMethodRequestSchema.parse(change);
    return clubPaymentMethodResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/payment-methods/${methodId}`, {
        method: 'PUT',
        body,
      }),
    ).data;
  });

/** The payment methods of one club (a handful: one key, no paging). */
export const paymentMethodsKey = (clubId: number) => clubKey(clubId, 'payment-methods');

export const paymentMethodsQuery = (clubId: number) =>
  queryOptions({
    queryKey: paymentMethodsKey(clubId),
    queryFn: () => listPaymentMethods(clubId),
    enabled: clubId > 0,
  });

export const usePaymentMethods = (clubId: number) => useQuery(paymentMethodsQuery(clubId));

/** What the screen saves for one method. */
export interface PaymentMethodChange extends ClubPaymentMethodRequest {
  methodId: number;
}

/** Saves one method's choice and refreshes the club's methods. */
export function useUpdatePaymentMethod(clubId: number) {
  return useMutation({
    ...changes('payment-methods', clubId),
    mutationFn: ({ methodId, ...change }: PaymentMethodChange) =>
      updatePaymentMethod(clubId, methodId, change),
  });
}
