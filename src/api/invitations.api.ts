import { useMutation, useQuery } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse } from '../../contract/auth.schema';
import {
  clubInvitationListResponseSchema,
  invitationAcceptNewAccountSchema,
  invitationCreateSchema,
  invitationCreatedResponseSchema,
  publicInvitationResponseSchema,
  type ClubInvitation,
  type InvitationAcceptNewAccount,
  type InvitationCreateInput,
  type PublicInvitation,
} from '../../contract/invitations.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { changes } from './refresh';

/*
 * Invitations to join a club (issue #4, DOMAIN.md "Invitations"): the club's side under
 * `/api/pla_club_teams/{id}/invitations` and the public page's `/api/invitations/{token}`.
 */

/** A created invitation with its link, shown once to whoever sent it. */
export type CreatedInvitation = ClubInvitation & { invitation_url: string };

/** `POST /api/pla_club_teams/{id}/invitations`. */
export const createInvitation = (
  clubId: number,
  values: InvitationCreateInput,
): Promise<CreatedInvitation> =>
  describeFailures(async () => {
    const body = invitationCreateSchema.parse(values);
    return invitationCreatedResponseSchema.parse(
      await authClient(`/pla_club_teams/${clubId}/invitations`, { method: 'POST', body }),
    ).data;
  });

/** `GET /api/pla_club_teams/{id}/invitations`: the pending ones, newest first. */
export const listInvitations = (clubId: number): Promise<ClubInvitation[]> =>
  describeFailures(
    async () =>
      clubInvitationListResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/invitations`),
      ).data,
  );

/** `DELETE /api/pla_club_teams/{id}/invitations/{invitationId}`: the link stops working. */
export const revokeInvitation = (clubId: number, invitationId: number): Promise<void> =>
  describeFailures(async () => {
    await authClient(`/pla_club_teams/${clubId}/invitations/${invitationId}`, {
      method: 'DELETE',
    });
  });

/** `GET /api/invitations/{token}` (public). */
export const getPublicInvitation = (token: string): Promise<PublicInvitation> =>
  describeFailures(
    async () =>
      publicInvitationResponseSchema.parse(
        await authClient(`/invitations/${encodeURIComponent(token)}`),
      ).data,
  );

/**
 * `POST /api/invitations/{token}/accept`: with no fields as the signed-in invitee, with
 * the new account's fields otherwise. Answers like login.
 */
export const acceptInvitation = (
  token: string,
  account?: InvitationAcceptNewAccount,
): Promise<AuthResponse> =>
  describeFailures(async () => {
    const body = account ? invitationAcceptNewAccountSchema.parse(account) : {};
    return authResponseSchema.parse(
      await authClient(`/invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body,
      }),
    );
  });

/** `POST /api/invitations/{token}/reject`. */
export const rejectInvitation = (token: string): Promise<void> =>
  describeFailures(async () => {
    await authClient(`/invitations/${encodeURIComponent(token)}/reject`, { method: 'POST' });
  });

/** The club's pending invitations, under its scope. */
export const invitationsKey = (clubId: number) => clubKey(clubId, 'invitations');

export const useInvitations = (clubId: number) =>
  useQuery({
    queryKey: invitationsKey(clubId),
    queryFn: () => listInvitations(clubId),
    enabled: clubId > 0,
  });

export function useCreateInvitation(clubId: number) {
  return useMutation({
    ...changes('invitations', clubId),
    mutationFn: (values: InvitationCreateInput) => createInvitation(clubId, values),
  });
}

export function useRevokeInvitation(clubId: number) {
  return useMutation({
    ...changes('invitations', clubId),
    mutationFn: (invitationId: number) => revokeInvitation(clubId, invitationId),
  });
}
