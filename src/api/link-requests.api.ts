import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clubLinkRequestListResponseSchema,
  incomingLinkRequestListResponseSchema,
  incomingLinkRequestResponseSchema,
  linkRequestAnswerResponseSchema,
  linkRequestCreatedResponseSchema,
  type ClubLinkRequest,
  type IncomingLinkRequest,
  type LinkRequestAcceptInput,
  type LinkRequestAnswerResponse,
  type LinkRequestKind,
} from '../../contract/link-requests.schema';
import type { SavedOrRequested } from '../lib/saved-or-requested';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { refreshAfter } from './refresh';

/*
 * Link requests (issue #33 item 1, contract/link-requests.schema.ts): the club's sent
 * requests under `/api/pla_club_teams/{id}/link-requests`, the signed-in person's incoming
 * ones under `/api/link-requests`, and the e-mailed link's `/api/link-requests/by-token/{token}`.
 */

export type { SavedOrRequested };

/**
 * A POST that answers 201 with the saved person or 202 with a link request: `parseSaved`
 * reads the 201's body; the 202 is read with the link request contract.
 */
export async function postSavedOrRequested<T>(
  path: string,
  body: unknown,
  parseSaved: (body: unknown) => T,
): Promise<SavedOrRequested<T>> {
  const response = await authClient.raw(path, { method: 'POST', body: body as never });
  if (response.status === 202) {
    return { kind: 'requested', request: linkRequestCreatedResponseSchema.parse(response._data) };
  }
  return { kind: 'saved', saved: parseSaved(response._data) };
}

const clubRequestsPath = (clubId: number) => `/pla_club_teams/${clubId}/link-requests`;

/** `GET /api/pla_club_teams/{id}/link-requests`: the club's requests, newest first. */
export const listClubLinkRequests = (clubId: number): Promise<ClubLinkRequest[]> =>
  describeFailures(
    async () =>
      clubLinkRequestListResponseSchema.parse(await authClient(clubRequestsPath(clubId))).data,
  );

/** `DELETE …/link-requests/{requestId}`: the club withdraws a pending request. */
export const withdrawClubLinkRequest = (clubId: number, requestId: number): Promise<void> =>
  describeFailures(async () => {
    await authClient(`${clubRequestsPath(clubId)}/${requestId}`, { method: 'DELETE' });
  });

/** The key of a club's sent requests (refreshed after a 202 and a withdrawal). */
export const clubLinkRequestsKey = (clubId: number) => clubScope(clubId, 'link-requests');

/** The club's requests of one kind (players or trainers). */
export const useClubLinkRequests = (clubId: number, kind: LinkRequestKind, enabled = true) =>
  useQuery({
    queryKey: clubKey(clubId, 'link-requests'),
    queryFn: () => listClubLinkRequests(clubId),
    enabled: enabled && clubId > 0,
    select: (requests: ClubLinkRequest[]) => requests.filter((each) => each.kind === kind),
  });

/** `GET /api/link-requests`: what the signed-in person may answer (for themself or a child). */
export const listIncomingLinkRequests = (): Promise<IncomingLinkRequest[]> =>
  describeFailures(
    async () =>
      incomingLinkRequestListResponseSchema.parse(await authClient('/link-requests')).data,
  );

/** The key of the signed-in person's incoming requests (not club-scoped: any user has them). */
export const incomingLinkRequestsKey = ['link-requests', 'incoming'] as const;

export const useIncomingLinkRequests = () =>
  useQuery({ queryKey: incomingLinkRequestsKey, queryFn: listIncomingLinkRequests });

/** The two answers a request takes. */
export type LinkRequestAnswer = 'accept' | 'decline';

/**
 * `POST /api/link-requests/{requestId}/accept|decline`; an acceptance carries the club's
 * data-processing authorisation (`acceptance`).
 */
export const answerLinkRequest = (
  requestId: number,
  answer: LinkRequestAnswer,
  acceptance?: LinkRequestAcceptInput,
): Promise<LinkRequestAnswerResponse> =>
  describeFailures(async () =>
    linkRequestAnswerResponseSchema.parse(
      await authClient(`/link-requests/${requestId}/${answer}`, {
        method: 'POST',
        ...(answer === 'accept' ? { body: acceptance ?? {} } : {}),
      }),
    ),
  );

const tokenPath = (token: string) => `/link-requests/by-token/${encodeURIComponent(token)}`;

/** `GET /api/link-requests/by-token/{token}` (public): the request the e-mail is about. */
export const getLinkRequestByToken = (token: string): Promise<IncomingLinkRequest> =>
  describeFailures(
    async () => incomingLinkRequestResponseSchema.parse(await authClient(tokenPath(token))).data,
  );

/** The request of an e-mailed link; an unknown or malformed link is not asked again. */
export const useLinkRequestByToken = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['link-requests', 'by-token', token],
    queryFn: () => getLinkRequestByToken(token),
    enabled,
    retry: false,
  });

/**
 * `POST …/by-token/{token}/accept|decline` (public); an acceptance carries the
 * authorisation, and the new password of an adult without an account.
 */
export const answerLinkRequestByToken = (
  token: string,
  answer: LinkRequestAnswer,
  acceptance?: LinkRequestAcceptInput,
): Promise<LinkRequestAnswerResponse> =>
  describeFailures(async () =>
    linkRequestAnswerResponseSchema.parse(
      await authClient(`${tokenPath(token)}/${answer}`, {
        method: 'POST',
        ...(answer === 'accept' ? { body: acceptance ?? {} } : {}),
      }),
    ),
  );

/** Withdraws a pending request and reads the club's requests again. */
export function useWithdrawClubLinkRequest(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => withdrawClubLinkRequest(clubId, requestId),
    // Also after a refusal: the request may have been answered meanwhile.
    onSettled: () => refreshAfter(queryClient, { resource: 'link-requests', clubId }),
  });
}

/**
 * Answers an incoming request and reads the incoming requests again; an acceptance also the
 * user's clubs (the club joined appears in /home/club-team).
 */
export function useAnswerLinkRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      answer,
      acceptance,
    }: {
      id: number;
      answer: LinkRequestAnswer;
      acceptance?: LinkRequestAcceptInput;
    }) => answerLinkRequest(id, answer, acceptance),
    // Also after a failure: the request may have been answered meanwhile.
    onSettled: (_answer, _error, { answer }) =>
      refreshAfter(queryClient, {
        resource: answer === 'accept' ? 'link-request-accepted' : 'link-request-declined',
      }),
  });
}
