import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import {
  type DiscountHolder,
  discountHoldersResponseSchema,
} from '../../contract/discount-holders.schema';
import {
  type Discount,
  type DiscountCreateInput,
  type DiscountListParams,
  type DiscountListResponse,
  type DiscountPlayersInput,
  type DiscountStatus,
  type DiscountUpdateInput,
  discountCreateSchema,
  discountListResponseSchema,
  discountPlayersResponseSchema,
  discountPlayersSchema,
  discountResponseSchema,
  discountUpdateSchema,
} from '../../contract/discounts.schema';
import { statusChangeSchema } from '../../contract/people.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes, useRefreshAfter } from './refresh';

/*
 * A club's discounts (issue #12): `/api/pla_club_teams/{id}/discounts`. Answers are
 * parsed with the contract; every failure is a RequestError.
 */

const discountsPath = (clubId: number) => `/pla_club_teams/${clubId}/discounts`;

/** `GET /api/pla_club_teams/{id}/discounts`: one page of discounts (the list contract). */
export const listDiscounts = (
  clubId: number,
  params: DiscountListParams,
): Promise<DiscountListResponse> =>
  describeFailures(async () =>
    discountListResponseSchema.parse(
      await authClient(discountsPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `POST /api/pla_club_teams/{id}/discounts`: the new discount. */
export const createDiscount = (clubId: number, values: DiscountCreateInput): Promise<Discount> =>
  describeFailures(async () => {
    const body = discountCreateSchema.parse(values);
    return discountResponseSchema.parse(
      await authClient(discountsPath(clubId), { method: 'POST', body }),
    ).data;
  });

/** `PATCH /api/pla_club_teams/{id}/discounts/{discountId}`: the fields sent change. */
export const updateDiscount = (
  clubId: number,
  discountId: number,
  values: DiscountUpdateInput,
): Promise<Discount> =>
  describeFailures(async () => {
    const body = discountUpdateSchema.parse(values);
    return discountResponseSchema.parse(
      await authClient(`${discountsPath(clubId)}/${discountId}`, { method: 'PATCH', body }),
    ).data;
  });

/** `PATCH …/discounts/{discountId}/status`: the discount as the server left it. */
export const changeDiscountStatus = (
  clubId: number,
  discountId: number,
  status: DiscountStatus,
): Promise<Discount> =>
  describeFailures(async () => {
    const body = statusChangeSchema.parse({ status });
    return discountResponseSchema.parse(
      await authClient(`${discountsPath(clubId)}/${discountId}/status`, { method: 'PATCH', body }),
    ).data;
  });

/**
 * `DELETE /api/pla_club_teams/{id}/discounts/{discountId}`: the discount removed. The
 * server refuses (409, saying to deactivate it) one a player or a charge uses.
 */
export const removeDiscount = (clubId: number, discountId: number): Promise<Discount> =>
  describeFailures(
    async () =>
      discountResponseSchema.parse(
        await authClient(`${discountsPath(clubId)}/${discountId}`, { method: 'DELETE' }),
      ).data,
  );

/** `PATCH …/discounts/{discountId}/players`: who got and who lost it (only real changes). */
export const assignDiscountPlayers = (
  clubId: number,
  discountId: number,
  change: DiscountPlayersInput,
): Promise<{ added: number[]; removed: number[] }> =>
  describeFailures(async () => {
    const body = discountPlayersSchema.parse(change);
    return discountPlayersResponseSchema.parse(
      await authClient(`${discountsPath(clubId)}/${discountId}/players`, { method: 'PATCH', body }),
    ).data;
  });

/** `GET …/discounts/{discountId}/players`: the club's current players who hold it. */
export const listDiscountHolders = (
  clubId: number,
  discountId: number,
): Promise<DiscountHolder[]> =>
  describeFailures(
    async () =>
      discountHoldersResponseSchema.parse(
        await authClient(`${discountsPath(clubId)}/${discountId}/players`),
      ).data,
  );

/** The holders of one discount (the assign dialog's starting point). */
export const discountHoldersQuery = (clubId: number, discountId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'discounts', { holders: discountId }),
    queryFn: () => listDiscountHolders(clubId, discountId),
    enabled: clubId > 0 && discountId > 0,
  });

/** The discounts of one club; the grid's params are part of the key. */
export const discountsKey = (clubId: number, params?: DiscountListParams) =>
  params ? clubKey(clubId, 'discounts', { ...params }) : clubScope(clubId, 'discounts');

/** One page of discounts for the grid's hook, the previous page kept while the next loads. */
export const discountsListQuery = (clubId: number) => (params: DiscountListParams) =>
  queryOptions({
    queryKey: discountsKey(clubId, params),
    queryFn: () => listDiscounts(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Refreshes every page of the club's discounts (after a save, a delete, a status change). */
export function useInvalidateDiscounts(clubId: number) {
  return useRefreshAfter('discounts', clubId);
}

/** Creates a discount and refreshes the club's discount pages. */
export function useCreateDiscount(clubId: number) {
  return useMutation({
    ...changes('discounts', clubId),
    mutationFn: (values: DiscountCreateInput) => createDiscount(clubId, values),
  });
}

/** Saves a discount's fields and refreshes the club's discount pages. */
export function useUpdateDiscount(clubId: number) {
  return useMutation({
    ...changes('discounts', clubId),
    mutationFn: ({ id, values }: { id: number; values: DiscountUpdateInput }) =>
      updateDiscount(clubId, id, values),
  });
}

/** Deletes a discount and refreshes the club's discount pages. */
export function useRemoveDiscount(clubId: number) {
  return useMutation({
    ...changes('discounts', clubId),
    mutationFn: (id: number) => removeDiscount(clubId, id),
  });
}

/**
 * Gives and takes a discount from players (the assign dialog, the players grid's selection,
 * the player form) and refreshes the club's discounts ('Jugadores: N', the holders).
 */
export function useAssignDiscountPlayers(clubId: number) {
  return useMutation({
    ...changes('discounts', clubId),
    mutationFn: ({ id, change }: { id: number; change: DiscountPlayersInput }) =>
      assignDiscountPlayers(clubId, id, change),
  });
}

/**
 * The club's active discounts a player can hold (not the sibling rules, which reach
 * families through their guardians), up to 100: the pickers of the players grid and form.
 */
export const useAssignableDiscounts = (clubId: number, enabled = true) =>
  useQuery({
    queryKey: discountsKey(clubId, { page: 1, pageSize: 100, sort: 'name', status: 'active' }),
    queryFn: () =>
      listDiscounts(clubId, { page: 1, pageSize: 100, sort: 'name', status: 'active' }),
    enabled: enabled && clubId > 0,
    select: (answer) => answer.data.filter((discount) => discount.kind !== 'siblings'),
  });
