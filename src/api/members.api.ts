import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { listQueryString } from '../../contract/common.schema';
import {
  memberListResponseSchema,
  memberResponseSchema,
  memberRolesRequestSchema,
  type Member,
  type MemberListParams,
  type MemberListResponse,
} from '../../contract/members.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes } from './refresh';

/*
 * A club's members and their roles (issue #4): `/api/pla_club_teams/{id}/members`.
 * Answers are parsed with the contract; every failure is a RequestError.
 */

/** `GET /api/pla_club_teams/{id}/members`: one page of members (the list contract). */
export const listMembers = (
  clubId: number,
  params: MemberListParams,
): Promise<MemberListResponse> =>
  describeFailures(async () =>
    memberListResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/members`, { query: listQueryString(params) }),
    ),
  );

/** `PUT /api/pla_club_teams/{id}/members/{userId}/roles`: the member's roles become exactly these. */
export const updateMemberRoles = (
  clubId: number,
  userId: number,
  roleIds: number[],
): Promise<Member> =>
  describeFailures(async () => {
    const body = memberRolesRequestSchema.parse({ role_ids: roleIds });
    return memberResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/members/${userId}/roles`, {
        method: 'PUT',
        body,
      }),
    ).data;
  });

/** The members of one club under its scope; the grid's params are part of the key. */
export const membersKey = (clubId: number, params?: MemberListParams) =>
  params ? clubKey(clubId, 'members', { ...params }) : clubScope(clubId, 'members');

/**
 * One page of members for the grid's hook (`useServerGrid`), the previous page kept on
 * screen while the next one loads.
 */
export const membersListQuery = (clubId: number) => (params: MemberListParams) =>
  queryOptions({
    queryKey: membersKey(clubId, params),
    queryFn: () => listMembers(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Saves a member's roles and refreshes the club's member pages. */
export function useUpdateMemberRoles(clubId: number) {
  return useMutation({
    ...changes('members', clubId),
    mutationFn: ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
      updateMemberRoles(clubId, userId, roleIds),
  });
}
