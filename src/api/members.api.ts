import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  memberListResponseSchema,
  memberResponseSchema,
  memberRolesRequestSchema,
  type Member,
  type MemberListResponse,
  type MemberSortField,
} from '../../contract/members.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';

/*
 * A club's members and their roles (issue #4): `/api/pla_club_teams/{id}/members`.
 * Answers are parsed with the contract; every failure is a RequestError.
 */

/** What the grid asks for: its pagination (page from 1), sort and filters. */
export interface MemberListParams {
  page: number;
  page_size: number;
  search?: string;
  role_id?: number;
  sort: MemberSortField;
  order: 'asc' | 'desc';
}

/** `GET /api/pla_club_teams/{id}/members`: one page of members. */
export const listMembers = (
  clubId: number,
  params: MemberListParams,
): Promise<MemberListResponse> =>
  describeFailures(async () => {
    const query: Record<string, string | number> = {
      page: params.page,
      page_size: params.page_size,
      sort: params.sort,
      order: params.order,
    };
    if (params.search) query.search = params.search;
    if (params.role_id) query.role_id = params.role_id;
    return memberListResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/members`, { query }),
    );
  });

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

/** The members of one club under its scope; the grid's model is part of the key. */
export const membersKey = (clubId: number, params?: MemberListParams) =>
  params ? clubKey(clubId, 'members', { ...params }) : clubScope(clubId, 'members');

/** One page of members, the previous page kept on screen while the next one loads. */
export const useMembers = (clubId: number, params: MemberListParams) =>
  useQuery({
    queryKey: membersKey(clubId, params),
    queryFn: () => listMembers(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Saves a member's roles and refreshes the club's member pages. */
export function useUpdateMemberRoles(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
      updateMemberRoles(clubId, userId, roleIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(clubId) }),
  });
}
