import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type Session,
  type SessionCancelInput,
  type SessionCreateInput,
  type SessionDeleteResponse,
  type SessionListResponse,
  type SessionResultInput,
  type SessionScope,
  type SessionType,
  type SessionUpdateInput,
  type SessionWriteResponse,
  sessionCancelSchema,
  sessionCreateSchema,
  sessionDeleteResponseSchema,
  sessionListResponseSchema,
  sessionResultSchema,
  sessionSchema,
  sessionUpdateSchema,
  sessionWriteResponseSchema,
} from '../../contract/sessions.schema';
import { type SessionChoices, sessionChoicesSchema } from '../../contract/session-choices.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes, useRefreshAfter } from './refresh';

/*
 * A club's calendar (issue #14): `/api/pla_club_teams/{id}/sessions`. Answers are parsed
 * with the contract; every failure is a RequestError.
 */

const sessionsPath = (clubId: number) => `/pla_club_teams/${clubId}/sessions`;

/** What the calendar asks for: the visible range and its filters. */
export interface SessionRange {
  /** ISO 8601 instants; the sessions starting in [from, to). */
  from: string;
  to: string;
  categoryIds?: readonly number[];
  types?: readonly SessionType[];
}

/** The range as the list contract's query string (the largest page: a month fits). */
const rangeQuery = ({ from, to, categoryIds, types }: SessionRange) => ({
  from,
  to,
  pageSize: 500,
  ...(categoryIds?.length ? { category_ids: categoryIds.join(',') } : {}),
  ...(types?.length ? { types: types.join(',') } : {}),
});

/** `GET …/sessions?from&to&category_ids&types`: the sessions of a range, series expanded. */
export const listSessions = (clubId: number, range: SessionRange): Promise<SessionListResponse> =>
  describeFailures(async () =>
    sessionListResponseSchema.parse(
      await authClient(sessionsPath(clubId), { query: rangeQuery(range) }),
    ),
  );

/** `GET …/sessions/{sessionId}`: one session (404 when the caller may not see it). */
export const getSession = (clubId: number, sessionId: number): Promise<Session> =>
  describeFailures(async () =>
    sessionSchema.parse(await authClient(`${sessionsPath(clubId)}/${sessionId}`)),
  );

/** `GET …/sessions/choices`: the categories and trainers the calendar offers the caller. */
export const getSessionChoices = (clubId: number): Promise<SessionChoices> =>
  describeFailures(async () =>
    sessionChoicesSchema.parse(await authClient(`${sessionsPath(clubId)}/choices`)),
  );

/** `POST …/sessions`: one session, or a weekly series with `recurrence`. */
export const createSession = (
  clubId: number,
  values: SessionCreateInput,
): Promise<SessionWriteResponse> =>
  describeFailures(async () => {
    const body = sessionCreateSchema.parse(values);
    return sessionWriteResponseSchema.parse(
      await authClient(sessionsPath(clubId), { method: 'POST', body }),
    );
  });

/** `PATCH …/sessions/{sessionId}`: the fields sent change, over the occurrences of `scope`. */
export const updateSession = (
  clubId: number,
  sessionId: number,
  values: SessionUpdateInput,
): Promise<SessionWriteResponse> =>
  describeFailures(async () => {
    const body = sessionUpdateSchema.parse(values);
    return sessionWriteResponseSchema.parse(
      await authClient(`${sessionsPath(clubId)}/${sessionId}`, { method: 'PATCH', body }),
    );
  });

/** `POST …/sessions/{sessionId}/cancel`: cancelled with a reason, over `scope`. */
export const cancelSession = (
  clubId: number,
  sessionId: number,
  values: SessionCancelInput,
): Promise<SessionWriteResponse> =>
  describeFailures(async () => {
    const body = sessionCancelSchema.parse(values);
    return sessionWriteResponseSchema.parse(
      await authClient(`${sessionsPath(clubId)}/${sessionId}/cancel`, { method: 'POST', body }),
    );
  });

/** `DELETE …/sessions/{sessionId}?scope=`: occurrences with attendance are kept. */
export const removeSession = (
  clubId: number,
  sessionId: number,
  scope: SessionScope,
): Promise<SessionDeleteResponse> =>
  describeFailures(async () =>
    sessionDeleteResponseSchema.parse(
      await authClient(`${sessionsPath(clubId)}/${sessionId}`, {
        method: 'DELETE',
        query: { scope },
      }),
    ),
  );

/** `PUT …/sessions/{sessionId}/result`: a match's score; the session becomes done. */
export const recordSessionResult = (
  clubId: number,
  sessionId: number,
  values: SessionResultInput,
): Promise<SessionWriteResponse> =>
  describeFailures(async () => {
    const body = sessionResultSchema.parse(values);
    return sessionWriteResponseSchema.parse(
      await authClient(`${sessionsPath(clubId)}/${sessionId}/result`, { method: 'PUT', body }),
    );
  });

/** Every cached range and session of the club, or one range. */
export const sessionsKey = (clubId: number, range?: SessionRange) =>
  range
    ? clubKey(clubId, 'sessions', 'range', {
        from: range.from,
        to: range.to,
        categoryIds: [...(range.categoryIds ?? [])],
        types: [...(range.types ?? [])],
      })
    : clubScope(clubId, 'sessions');

/** One session's key, under the sessions scope so a write refreshes it too. */
export const sessionKey = (clubId: number, sessionId: number) =>
  clubKey(clubId, 'sessions', 'one', sessionId);

/** The sessions of the calendar's visible range, the previous range kept while the next loads. */
export const sessionsRangeQuery = (clubId: number, range: SessionRange) =>
  queryOptions({
    queryKey: sessionsKey(clubId, range),
    queryFn: () => listSessions(clubId, range),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** One session for the side panel; null asks for nothing. */
export const sessionDetailQuery = (clubId: number, sessionId: number | null) =>
  queryOptions({
    queryKey: sessionKey(clubId, sessionId ?? 0),
    queryFn: () => getSession(clubId, sessionId ?? 0),
    enabled: clubId > 0 && sessionId !== null,
  });

/** The calendar's filter and form choices for the caller (any role that sees the calendar). */
export const sessionChoicesQuery = (clubId: number) =>
  queryOptions({
    queryKey: clubKey(clubId, 'session-choices'),
    queryFn: () => getSessionChoices(clubId),
    enabled: clubId > 0,
  });

/** Refreshes every range and session of the club's calendar (after any write). */
export function useInvalidateSessions(clubId: number) {
  return useRefreshAfter('sessions', clubId);
}

/** Creates a session or a series and refreshes the calendar. */
export function useCreateSession(clubId: number) {
  return useMutation({
    ...changes('sessions', clubId),
    mutationFn: (values: SessionCreateInput) => createSession(clubId, values),
  });
}

/** Edits (or moves) a session over a scope and refreshes the calendar. */
export function useUpdateSession(clubId: number) {
  return useMutation({
    ...changes('sessions', clubId),
    mutationFn: ({ id, values }: { id: number; values: SessionUpdateInput }) =>
      updateSession(clubId, id, values),
  });
}

/** Cancels a session over a scope and refreshes the calendar. */
export function useCancelSession(clubId: number) {
  return useMutation({
    ...changes('sessions', clubId),
    mutationFn: ({ id, values }: { id: number; values: SessionCancelInput }) =>
      cancelSession(clubId, id, values),
  });
}

/** Deletes a session over a scope and refreshes the calendar. */
export function useRemoveSession(clubId: number) {
  return useMutation({
    ...changes('sessions', clubId),
    mutationFn: ({ id, scope }: { id: number; scope: SessionScope }) =>
      removeSession(clubId, id, scope),
  });
}

/** Records a match's result and refreshes the calendar. */
export function useRecordSessionResult(clubId: number) {
  return useMutation({
    ...changes('sessions', clubId),
    mutationFn: ({ id, values }: { id: number; values: SessionResultInput }) =>
      recordSessionResult(clubId, id, values),
  });
}
