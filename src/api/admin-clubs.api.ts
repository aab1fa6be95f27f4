import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type AdminClub,
  type AdminClubListParams,
  type AdminClubListResponse,
  adminClubListResponseSchema,
  adminClubResponseSchema,
  clubSuspendSchema,
} from '../../contract/admin-clubs.schema';
import { listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';
import { changes } from './refresh';

/*
 * The clubs of the platform (issue #17, super admin): `/api/admin/clubs`. Answers are
 * parsed with the contract; every failure is a RequestError.
 */

/** `GET /api/admin/clubs`: one page of clubs (the list contract). */
export const listAdminClubs = (params: AdminClubListParams): Promise<AdminClubListResponse> =>
  describeFailures(async () =>
    adminClubListResponseSchema.parse(
      await authClient('/admin/clubs', { query: listQueryString(params) }),
    ),
  );

/** `POST /api/admin/clubs/{id}/suspend` with its reason: the club as the server left it. */
export const suspendClub = (id: number, reason: string): Promise<AdminClub> =>
  describeFailures(async () => {
    const body = clubSuspendSchema.parse({ reason });
    return adminClubResponseSchema.parse(
      await authClient(`/admin/clubs/${id}/suspend`, { method: 'POST', body }),
    ).data;
  });

/** `POST /api/admin/clubs/{id}/reactivate`. */
export const reactivateClub = (id: number): Promise<AdminClub> =>
  describeFailures(async () =>
    adminClubResponseSchema.parse(
      await authClient(`/admin/clubs/${id}/reactivate`, { method: 'POST' }),
    ),
  ).then((answer) => answer.data);

export const adminClubsKey = (params?: AdminClubListParams) =>
  params ? (['admin', 'clubs', { ...params }] as const) : (['admin', 'clubs'] as const);

/** One page of clubs for the grid's hook, the previous page kept while the next loads. */
export const adminClubsListQuery = (params: AdminClubListParams) =>
  queryOptions({
    queryKey: adminClubsKey(params),
    queryFn: () => listAdminClubs(params),
    placeholderData: keepPreviousData,
  });

/** Suspend (with a reason) or reactivate; refreshes the clubs and the audit log. */
export function useChangeClubSuspension() {
  return useMutation({
    ...changes('admin-clubs'),
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      reason === null ? reactivateClub(id) : suspendClub(id, reason),
  });
}
