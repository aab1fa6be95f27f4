import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type CallUpAnswerInput,
  type CallUpList,
  callUpAnswerSchema,
  callUpListSchema,
  callUpRemindResponseSchema,
  callUpSetSchema,
} from '../../contract/call-ups.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { refreshAfter } from './refresh';

/*
 * A session's call-ups (convocatorias, issue #14):
 * `/api/pla_club_teams/{id}/sessions/{sessionId}/call-ups`. Answers are parsed with the
 * contract; every failure is a RequestError.
 */

const callUpsPath = (clubId: number, sessionId: number) =>
  `/pla_club_teams/${clubId}/sessions/${sessionId}/call-ups`;

/** `GET …/call-ups`: the summary, the rows the caller may see and whom they may answer for. */
export const getCallUps = (clubId: number, sessionId: number): Promise<CallUpList> =>
  describeFailures(async () =>
    callUpListSchema.parse(await authClient(callUpsPath(clubId, sessionId))),
  );

/** `PUT …/call-ups`: exactly these players called up (new ones told, missing ones removed). */
export const setCallUps = (
  clubId: number,
  sessionId: number,
  playerIds: readonly number[],
): Promise<CallUpList> =>
  describeFailures(async () => {
    const body = callUpSetSchema.parse({ player_ids: [...playerIds] });
    return callUpListSchema.parse(
      await authClient(callUpsPath(clubId, sessionId), { method: 'PUT', body }),
    );
  });

/** `POST …/call-ups/{playerId}/answer`: Voy / No voy / Tal vez with an optional reason. */
export const answerCallUp = (
  clubId: number,
  sessionId: number,
  playerId: number,
  values: CallUpAnswerInput,
): Promise<CallUpList> =>
  describeFailures(async () => {
    const body = callUpAnswerSchema.parse(values);
    return callUpListSchema.parse(
      await authClient(`${callUpsPath(clubId, sessionId)}/${playerId}/answer`, {
        method: 'POST',
        body,
      }),
    );
  });

/** `POST …/call-ups/remind`: how many players who had not answered were reminded. */
export const remindCallUps = (clubId: number, sessionId: number): Promise<number> =>
  describeFailures(
    async () =>
      callUpRemindResponseSchema.parse(
        await authClient(`${callUpsPath(clubId, sessionId)}/remind`, { method: 'POST' }),
      ).reminded,
  );

/** One session's call-ups. */
export const callUpsKey = (clubId: number, sessionId: number) =>
  clubKey(clubId, 'call-ups', sessionId);

/** The call-ups of the session the side panel shows. */
export const callUpsQuery = (clubId: number, sessionId: number) =>
  queryOptions({
    queryKey: callUpsKey(clubId, sessionId),
    queryFn: () => getCallUps(clubId, sessionId),
    enabled: clubId > 0 && sessionId > 0,
  });

/** Keeps the list a write answered with, and asks again (others may have answered). */
function useRefreshCallUps(clubId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (list?: CallUpList) => {
      if (list) queryClient.setQueryData(callUpsKey(clubId, sessionId), list);
      return refreshAfter(queryClient, { resource: 'call-ups', clubId });
    },
    [queryClient, clubId, sessionId],
  );
}

/** Sets who is called up and refreshes the session's call-ups. */
export function useSetCallUps(clubId: number, sessionId: number) {
  const refresh = useRefreshCallUps(clubId, sessionId);
  return useMutation({
    mutationFn: (playerIds: readonly number[]) => setCallUps(clubId, sessionId, playerIds),
    onSuccess: (list) => refresh(list),
  });
}

/** Answers for one player and refreshes the session's call-ups. */
export function useAnswerCallUp(clubId: number, sessionId: number) {
  const refresh = useRefreshCallUps(clubId, sessionId);
  return useMutation({
    mutationFn: ({ playerId, values }: { playerId: number; values: CallUpAnswerInput }) =>
      answerCallUp(clubId, sessionId, playerId, values),
    onSuccess: (list) => refresh(list),
  });
}

/** Reminds the silent ones and refreshes the session's call-ups (their reminded_at). */
export function useRemindCallUps(clubId: number, sessionId: number) {
  const refresh = useRefreshCallUps(clubId, sessionId);
  return useMutation({
    mutationFn: () => remindCallUps(clubId, sessionId),
    onSuccess: () => refresh(),
  });
}
