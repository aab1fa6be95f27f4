import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import {
  type Announcement,
  type AnnouncementCreateInput,
  type AnnouncementListResponse,
  type SystemAlertCreateInput,
  announcementCreateSchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  systemAlertCreateSchema,
} from '../../contract/announcements.schema';
import { type ListParams, listQueryString } from '../../contract/common.schema';
import { authClient, describeFailures } from './http';
import { clubKey, clubScope } from './query-keys';
import { changes } from './refresh';

/*
 * Club announcements and system alerts (issue #13 item 2):
 * `/api/pla_club_teams/{id}/announcements` and `/api/admin/system-alerts`. Answers are
 * parsed with the contract; every failure is a RequestError.
 */

const announcementsPath = (clubId: number) => `/pla_club_teams/${clubId}/announcements`;
const ALERTS_PATH = '/admin/system-alerts';

/** `POST /api/pla_club_teams/{id}/announcements`: the announcement sent, with its reach. */
export const sendAnnouncement = (
  clubId: number,
  values: AnnouncementCreateInput,
): Promise<Announcement> =>
  describeFailures(async () => {
    const body = announcementCreateSchema.parse(values);
    return announcementResponseSchema.parse(
      await authClient(announcementsPath(clubId), { method: 'POST', body }),
    ).data;
  });

/** `POST /api/admin/system-alerts` (super admin): one club's members, or everyone. */
export const sendSystemAlert = (values: SystemAlertCreateInput): Promise<Announcement> =>
  describeFailures(async () => {
    const body = systemAlertCreateSchema.parse(values);
    return announcementResponseSchema.parse(await authClient(ALERTS_PATH, { method: 'POST', body }))
      .data;
  });

/** `GET /api/pla_club_teams/{id}/announcements`: one page of the club's sent announcements. */
export const listAnnouncements = (
  clubId: number,
  params: ListParams<'created_at'>,
): Promise<AnnouncementListResponse> =>
  describeFailures(async () =>
    announcementListResponseSchema.parse(
      await authClient(announcementsPath(clubId), { query: listQueryString(params) }),
    ),
  );

/** `GET /api/admin/system-alerts`: one page of the alerts sent (super admin). */
export const listSystemAlerts = (
  params: ListParams<'created_at'>,
): Promise<AnnouncementListResponse> =>
  describeFailures(async () =>
    announcementListResponseSchema.parse(
      await authClient(ALERTS_PATH, { query: listQueryString(params) }),
    ),
  );

export const announcementsKey = (clubId: number, params?: ListParams<'created_at'>) =>
  params ? clubKey(clubId, 'announcements', { ...params }) : clubScope(clubId, 'announcements');

/** One page of the club's announcements, the previous page kept while the next loads. */
export const announcementsListQuery = (clubId: number) => (params: ListParams<'created_at'>) =>
  queryOptions({
    queryKey: announcementsKey(clubId, params),
    queryFn: () => listAnnouncements(clubId, params),
    enabled: clubId > 0,
    placeholderData: keepPreviousData,
  });

/** Sends an announcement to the club and refreshes its history. */
export function useSendAnnouncement(clubId: number) {
  return useMutation({
    ...changes('announcements', clubId),
    mutationFn: (values: AnnouncementCreateInput) => sendAnnouncement(clubId, values),
  });
}

/** Sends a system alert (super admin). */
export function useSendSystemAlert() {
  return useMutation({ mutationFn: (values: SystemAlertCreateInput) => sendSystemAlert(values) });
}
