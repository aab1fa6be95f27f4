import {
  type CoGuardianInviteInput,
  type CoGuardianInviteResponse,
  coGuardianInviteResponseSchema,
  coGuardianInviteSchema,
} from '../../contract/co-guardians.schema';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  childIdentityUpdateSchema,
  type ChildIdentityUpdateInput,
} from '../../contract/child-identity.schema';
import { authResponseSchema, type AuthResponse } from '../../contract/auth.schema';
import { z } from 'zod';
import {
  guardianAuthorizeSchema,
  guardianInviteResponseSchema,
  guardianInviteSchema,
  guardianRegisterSchema,
  parentChildrenResponseSchema,
  parentDashboardResponseSchema,
  photoConsentResponseSchema,
  photoConsentSchema,
  playerDashboardResponseSchema,
  playerGuardianListResponseSchema,
  playerGuardianResponseSchema,
  type GuardianAuthorizeInput,
  type GuardianInviteInput,
  type GuardianInviteResponse,
  type GuardianRegisterInput,
  type ParentChild,
  type PhotoConsentInput,
  type PhotoConsentState,
  type PlayerDashboardEntry,
  type PlayerGuardian,
} from '../../contract/parents.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { changes } from './refresh';

/*
 * Families (issue #15, DOMAIN.md "Parent–child links"): a guardian's children under
 * /api/parents, the player's own dashboard, and the club's side: a player's guardians,
 * inviting guardians and authorising their links. Answers are parsed with the contract;
 * every failure is a RequestError.
 */

/** `GET /api/parents/children`: the signed-in guardian's children, in every club. */
export const listChildren = (): Promise<ParentChild[]> =>
  describeFailures(
    async () => parentChildrenResponseSchema.parse(await authClient('/parents/children')).data,
  );

/** `GET /api/dashboard/player`: the signed-in player's own summary in each club. */
export const playerDashboard = (): Promise<PlayerDashboardEntry[]> =>
  describeFailures(
    async () => playerDashboardResponseSchema.parse(await authClient('/dashboard/player')).data,
  );

/** `GET /api/dashboard/parent`: the guardian's children in every club, with their charts. */
export const parentDashboardQuery = () =>
  queryOptions({
    queryKey: ['parents', 'dashboard'] as const,
    queryFn: () =>
      describeFailures(
        async () => parentDashboardResponseSchema.parse(await authClient('/dashboard/parent')).data,
      ),
  });

/** `PUT /api/parents/child/{id}/authorize`: the club (or the primary guardian) decides. */
export const authorizeGuardian = (
  playerId: number,
  values: GuardianAuthorizeInput,
): Promise<PlayerGuardian> =>
  describeFailures(async () => {
    const body = guardianAuthorizeSchema.parse(values);
    return playerGuardianResponseSchema.parse(
      await authClient(`/parents/child/${playerId}/authorize`, { method: 'PUT', body }),
    ).data;
  });

/**
 * `POST /api/parents/child/{id}/invite-guardian`: the primary guardian invites another
 * adult as guardian of their child; answers the server's message.
 */
export const inviteCoGuardian = (
  playerId: number,
  values: CoGuardianInviteInput,
): Promise<CoGuardianInviteResponse> =>
  describeFailures(async () => {
    const body = coGuardianInviteSchema.parse(values);
    return coGuardianInviteResponseSchema.parse(
      await authClient(`/parents/child/${playerId}/invite-guardian`, { method: 'POST', body }),
    );
  });

/** `POST /api/parents/invite`: what was sent, and which players were skipped and why. */
export const inviteGuardians = (values: GuardianInviteInput): Promise<GuardianInviteResponse> =>
  describeFailures(async () => {
    const body = guardianInviteSchema.parse(values);
    return guardianInviteResponseSchema.parse(
      await authClient('/parents/invite', { method: 'POST', body }),
    ).data;
  });

/**
 * `POST /api/parents/register/{token}`: a guardian invitation's acceptance with the
 * data-processing consent; the account's fields only without a session. Answers like login.
 */
export const registerGuardian = (
  token: string,
  values: GuardianRegisterInput,
): Promise<AuthResponse> =>
  describeFailures(async () => {
    const body = guardianRegisterSchema.parse(values);
    return authResponseSchema.parse(
      await authClient(`/parents/register/${encodeURIComponent(token)}`, { method: 'POST', body }),
    );
  });

/**
 * `PUT /api/parents/child/{id}/photo-consent`: one channel's consent for a child (by an
 * authorised guardian) or for oneself (an adult player); answers every channel's state.
 */
export const savePhotoConsent = (
  playerId: number,
  values: PhotoConsentInput,
): Promise<PhotoConsentState> =>
  describeFailures(async () => {
    const body = photoConsentSchema.parse(values);
    return photoConsentResponseSchema.parse(
      await authClient(`/parents/child/${playerId}/photo-consent`, { method: 'PUT', body }),
    ).data;
  });

/** `GET /api/pla_club_teams/{id}/players/{playerId}/guardians`: as the club's staff see them. */
export const listPlayerGuardians = (clubId: number, playerId: number): Promise<PlayerGuardian[]> =>
  describeFailures(
    async () =>
      playerGuardianListResponseSchema.parse(
        await authClient(`/pla_club_teams/${clubId}/players/${playerId}/guardians`),
      ).data,
  );

/** A guardian's children span clubs: not under one club's key. */
export const childrenKey = ['parents', 'children'] as const;
export const playerDashboardKey = ['dashboard', 'player'] as const;

export const childrenQuery = () => queryOptions({ queryKey: childrenKey, queryFn: listChildren });

export const useChildren = () => useQuery(childrenQuery());

export const usePlayerDashboard = () =>
  useQuery({ queryKey: playerDashboardKey, queryFn: playerDashboard });

/** Under the club's players, so whatever refreshes the players refreshes these too. */
export const playerGuardiansKey = (clubId: number, playerId: number) =>
  clubKey(clubId, 'players', 'guardians', playerId);

export const usePlayerGuardians = (clubId: number, playerId: number) =>
  useQuery({
    queryKey: playerGuardiansKey(clubId, playerId),
    queryFn: () => listPlayerGuardians(clubId, playerId),
    enabled: clubId > 0 && playerId > 0,
  });

/** Invites guardians; the players list may show new links afterwards. */
export function useInviteGuardians(clubId: number) {
  return useMutation({
    ...changes('players', clubId),
    mutationFn: (values: Omit<GuardianInviteInput, 'club_id'>) =>
      inviteGuardians({ ...values, club_id: clubId }),
  });
}

/** A photo consent per channel; the children (and the player's own summary) read again. */
export function useSavePhotoConsent() {
  return useMutation({
    ...changes('children'),
    mutationFn: ({ playerId, ...values }: PhotoConsentInput & { playerId: number }) =>
      savePhotoConsent(playerId, values),
  });
}

/**
 * `PUT /api/parents/child/{id}/identity` (issue #33): an authorised guardian changes the
 * child's names, document, birth date or gender. Only the server's message is read.
 */
export const updateChildIdentity = (
  playerId: number,
  values: ChildIdentityUpdateInput,
): Promise<{ message?: string }> =>
  describeFailures(async () => {
    const body = childIdentityUpdateSchema.parse(values);
    return z
      .object({ message: z.string().optional() })
      .parse(await authClient(`/parents/child/${playerId}/identity`, { method: 'PUT', body }));
  });
