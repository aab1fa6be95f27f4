import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type AdminMembership,
  type AdminUser,
  type AdminUserListParams,
  adminMembershipsResponseSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
  passwordResetSentSchema,
  userLockSchema,
} from '../../contract/admin-users.schema';
import { listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';
import { useRefreshAfter } from './refresh';

/*
 * The users of the platform (issue #17, super admin): `/api/admin/users`. Answers are
 * parsed with the contract; every failure is a RequestError.
 */

/** `GET /api/admin/users`: one page of users (the list contract). */
export const listAdminUsers = (params: AdminUserListParams) =>
  describeFailures(async () =>
    adminUserListResponseSchema.parse(
      await authClient('/admin/users', { query: listQueryString(params) }),
    ),
  );

/** `GET /api/admin/users/{id}/memberships`: the person's clubs with their roles. */
export const listUserMemberships = (id: number): Promise<AdminMembership[]> =>
  describeFailures(async () =>
    adminMembershipsResponseSchema.parse(await authClient(`/admin/users/${id}/memberships`)),
  ).then((answer) => answer.data);

/** `POST …/{id}/lock` with a reason, or `…/unlock` when `reason` is null. */
export const changeUserLock = (id: number, reason: string | null): Promise<AdminUser> =>
  describeFailures(async () => {
    const path = `/admin/users/${id}/${reason === null ? 'unlock' : 'lock'}`;
    const body = reason === null ? undefined : userLockSchema.parse({ reason });
    return adminUserResponseSchema.parse(await authClient(path, { method: 'POST', body })).data;
  });

/** `POST …/{id}/password-reset`: the forgot-password e-mail, sent now. */
export const sendUserPasswordReset = (id: number): Promise<string> =>
  describeFailures(async () =>
    passwordResetSentSchema.parse(
      await authClient(`/admin/users/${id}/password-reset`, { method: 'POST' }),
    ),
  ).then((answer) => answer.message);

export const adminUsersKey = (params?: AdminUserListParams) =>
  params ? (['admin', 'users', { ...params }] as const) : (['admin', 'users'] as const);

export const adminUsersListQuery = (params: AdminUserListParams) =>
  queryOptions({
    queryKey: adminUsersKey(params),
    queryFn: () => listAdminUsers(params),
    placeholderData: keepPreviousData,
  });

export const userMembershipsQuery = (id: number) =>
  queryOptions({
    queryKey: [...adminUsersKey(), 'memberships', id] as const,
    queryFn: () => listUserMemberships(id),
  });

function useRefresh() {
  return useRefreshAfter('admin-users');
}

export function useChangeUserLock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      changeUserLock(id, reason),
    onSuccess: refresh,
  });
}

export function useSendUserPasswordReset() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: sendUserPasswordReset, onSuccess: refresh });
}
