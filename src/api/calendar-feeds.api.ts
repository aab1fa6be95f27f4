import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CalendarFeed,
  type CalendarFeedCreateInput,
  type CalendarFeedCreated,
  calendarFeedCreateSchema,
  calendarFeedCreatedSchema,
  calendarFeedListResponseSchema,
} from '../../contract/calendar-feeds.schema';
import { authClient, describeFailures } from './http';
import { clubKey } from './query-keys';
import { changes } from './refresh';

/*
 * The caller's calendar subscriptions (ICS feeds, issue #14):
 * `/api/pla_club_teams/{id}/calendar-feeds`. The URL comes only in the answer of a create
 * (the server keeps the token's hash). Answers are parsed with the contract; every failure
 * is a RequestError.
 */

const feedsPath = (clubId: number) => `/pla_club_teams/${clubId}/calendar-feeds`;

/** `GET …/calendar-feeds`: the caller's feeds, newest first, revoked ones marked. */
export const listCalendarFeeds = (clubId: number): Promise<CalendarFeed[]> =>
  describeFailures(
    async () => calendarFeedListResponseSchema.parse(await authClient(feedsPath(clubId))).data,
  );

/** `POST …/calendar-feeds`: a category's feed or the caller's own, with its URL (shown once). */
export const createCalendarFeed = (
  clubId: number,
  values: CalendarFeedCreateInput,
): Promise<CalendarFeedCreated> =>
  describeFailures(async () => {
    const body = calendarFeedCreateSchema.parse(values);
    return calendarFeedCreatedSchema.parse(
      await authClient(feedsPath(clubId), { method: 'POST', body }),
    );
  });

/** `DELETE …/calendar-feeds/{feedId}`: the URL stops working (revoking twice changes nothing). */
export const revokeCalendarFeed = (clubId: number, feedId: number): Promise<void> =>
  describeFailures(async () => {
    await authClient(`${feedsPath(clubId)}/${feedId}`, { method: 'DELETE' });
  });

/** The caller's feeds in the club. */
export const calendarFeedsKey = (clubId: number) => clubKey(clubId, 'calendar-feeds');

/** The caller's feeds, for the subscription dialog while it is open. */
export const calendarFeedsQuery = (clubId: number, enabled = true) =>
  queryOptions({
    queryKey: calendarFeedsKey(clubId),
    queryFn: () => listCalendarFeeds(clubId),
    enabled: enabled && clubId > 0,
  });

/** Creates a feed and refreshes the list. */
export function useCreateCalendarFeed(clubId: number) {
  return useMutation({
    ...changes('calendar-feeds', clubId),
    mutationFn: (values: CalendarFeedCreateInput) => createCalendarFeed(clubId, values),
  });
}

/** Revokes a feed and refreshes the list. */
export function useRevokeCalendarFeed(clubId: number) {
  return useMutation({
    ...changes('calendar-feeds', clubId),
    mutationFn: (feedId: number) => revokeCalendarFeed(clubId, feedId),
  });
}
