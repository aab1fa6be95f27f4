import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  chargeCreateSchema,
  chargeListResponseSchema,
  chargeResponseSchema,
  chargeStatusSchema,
  chargeUpdateSchema,
  type Charge,
  type ChargeCreateInput,
  type ChargeListParams,
  type ChargeListResponse,
  type ChargeStatus,
  type ChargeUpdateInput,
} from '../../contract/charges.schema';
import { listQueryString } from '../../contract/common.schema';
import { discountListResponseSchema } from '../../contract/discounts.schema';
import { type Frequency, frequencyListResponseSchema } from '../../contract/reference.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes, useRefreshAfter } from './refresh';

/*
 * What a club bills (issue #12): `/api/pla_club_teams/{id}/charges`, plus the lists its
 * dialog picks from (frequencies, the club's discounts). Answers are parsed with the
 * contract; every failure is a RequestError.
 */

const chargesPath = (clubId: number) => `/pla_club_teams/${clubId}/charges`;

/** `GET …/charges`: one page of charges (the list contract). */
export const listCharges = (
  clubId: number,
  params: ChargeListParams,
): Promise<ChargeListResponse> =>
  describeFailures(async () =>
    chargeListResponseSchema.parse(
      await authClient(chargesPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `POST …/charges`: the new charge. */
export const createCharge = (clubId: number, values: ChargeCreateInput): Promise<Charge> =>
  describeFailures(async () => {
    const body = chargeCreateSchema.parse(values);
    return chargeResponseSchema.parse(
      await authClient(chargesPath(clubId), { method: 'POST', body }),
    ).data;
  });

/** `PATCH …/charges/{chargeId}`: a new amount needs `price_change_reason`. */
export const updateCharge = (
  clubId: number,
  chargeId: number,
  values: ChargeUpdateInput,
): Promise<Charge> =>
  describeFailures(async () => {
    const body = chargeUpdateSchema.parse(values);
    return chargeResponseSchema.parse(
      await authClient(`${chargesPath(clubId)}/${chargeId}`, { method: 'PATCH', body }),
    ).data;
  });

/** `PATCH …/charges/{chargeId}/status`. */
export const changeChargeStatus = (
  clubId: number,
  chargeId: number,
  status: ChargeStatus,
): Promise<Charge> =>
  describeFailures(async () => {
    const body = chargeStatusSchema.parse({ status });
    return chargeResponseSchema.parse(
      await authClient(`${chargesPath(clubId)}/${chargeId}/status`, { method: 'PATCH', body }),
    ).data;
  });

/** `DELETE …/charges/{chargeId}`: refused (409) for a charge with price history. */
export const removeCharge = (clubId: number, chargeId: number): Promise<Charge> =>
  describeFailures(
    async () =>
      chargeResponseSchema.parse(
        await authClient(`${chargesPath(clubId)}/${chargeId}`, { method: 'DELETE' }),
      ).data,
  );

/** `GET /api/admin/frequencies`: Pago único, Mensual, … (`months` null = one-off). */
export const listFrequencies = (): Promise<Frequency[]> =>
  describeFailures(
    async () => frequencyListResponseSchema.parse(await authClient('/admin/frequencies')).data,
  );

/** The club's discounts a charge may apply: the first 100 by name. */
export const listChargeDiscounts = (clubId: number) =>
  describeFailures(async () =>
    discountListResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/discounts`, {
        query: { page: 1, pageSize: 100, sort: 'name' },
      }),
    ),
  );

export const chargesKey = (clubId: number, params?: ChargeListParams) =>
  params ? clubKey(clubId, 'charges', { ...params }) : clubScope(clubId, 'charges');

/** One page of charges for the grid's hook, the previous page kept while the next loads. */
export const chargesListQuery = (clubId: number) => (params: ChargeListParams) =>
  queryOptions({
    queryKey: chargesKey(clubId, params),
    queryFn: () => listCharges(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

export const useFrequencies = () =>
  useQuery({
    queryKey: ['reference', 'frequencies'],
    queryFn: listFrequencies,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useChargeDiscounts = (clubId: number) =>
  useQuery({
    queryKey: clubKey(clubId, 'discounts', 'charge-options'),
    queryFn: () => listChargeDiscounts(clubId),
  });

/** Refreshes every page of the club's charges once a change is saved. */
export function useInvalidateCharges(clubId: number) {
  return useRefreshAfter('charges', clubId);
}

export function useCreateCharge(clubId: number) {
  return useMutation({
    ...changes('charges', clubId),
    mutationFn: (values: ChargeCreateInput) => createCharge(clubId, values),
  });
}

export function useUpdateCharge(clubId: number) {
  return useMutation({
    ...changes('charges', clubId),
    mutationFn: ({ id, values }: { id: number; values: ChargeUpdateInput }) =>
      updateCharge(clubId, id, values),
  });
}

export function useRemoveCharge(clubId: number) {
  return useMutation({
    ...changes('charges', clubId),
    mutationFn: (id: number) => removeCharge(clubId, id),
  });
}
