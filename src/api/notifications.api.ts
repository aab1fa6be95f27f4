import {
  NOTIFICATION_DROPDOWN_LIMIT,
  NOTIFICATION_LIST_LIMIT,
  notificationDropdownResponseSchema,
  notificationListResponseSchema,
  notificationMarkAllResponseSchema,
  notificationRemovedResponseSchema,
  notificationResponseSchema,
  notificationStatsResponseSchema,
  notificationUnreadCountResponseSchema,
  type NotificationItem,
  type NotificationPriority,
  type NotificationStats,
  type NotificationStatus,
  type NotificationType,
} from '../../contract/notifications.schema';
import { authClient, describeFailures } from './http';

/*
 * The signed-in user's notifications (issue #13): `/api/notifications`, behind the session,
 * for the working club the http client sends (X-Club-Id) plus the platform-wide ones.
 * Answers are parsed with the contract; every failure is a RequestError.
 */

/** The filters of `GET /api/notifications`; the server's default limit is 50. */
export interface NotificationListFilters {
  status?: NotificationStatus;
  type?: NotificationType;
  priority?: NotificationPriority;
  limit?: number;
  /** The id of the last one already shown: the next page. */
  before?: number;
}

/** `GET /api/notifications`: newest first. */
export const listNotifications = (
  filters: NotificationListFilters = {},
): Promise<NotificationItem[]> =>
  describeFailures(
    async () =>
      notificationListResponseSchema.parse(
        await authClient('/notifications', {
          query: { limit: NOTIFICATION_LIST_LIMIT, ...filters },
        }),
      ).data,
  );

/** `GET /api/notifications/stats`: total, unread, high_priority, recent. */
export const getNotificationStats = (): Promise<NotificationStats> =>
  describeFailures(
    async () =>
      notificationStatsResponseSchema.parse(await authClient('/notifications/stats')).data,
  );

/** What the bell's dropdown shows: the latest few and how many are unread. */
export interface NotificationDropdown {
  items: NotificationItem[];
  unreadCount: number;
}

/** `GET /api/notifications/dropdown?limit=5`. */
export const getNotificationDropdown = (
  limit = NOTIFICATION_DROPDOWN_LIMIT,
): Promise<NotificationDropdown> =>
  describeFailures(async () => {
    const answer = notificationDropdownResponseSchema.parse(
      await authClient('/notifications/dropdown', { query: { limit } }),
    );
    return { items: answer.data, unreadCount: answer.unread_count };
  });

/** `GET /api/notifications/unread-count`. */
export const getUnreadNotificationCount = (): Promise<number> =>
  describeFailures(
    async () =>
      notificationUnreadCountResponseSchema.parse(await authClient('/notifications/unread-count'))
        .data.count,
  );

/** `PATCH /api/notifications/{id}/read`: the notification as it now is. */
export const markNotificationRead = (id: number): Promise<NotificationItem> =>
  describeFailures(
    async () =>
      notificationResponseSchema.parse(
        await authClient(`/notifications/${id}/read`, { method: 'PATCH' }),
      ).data,
  );

/** `PATCH /api/notifications/mark-all-read`: how many were marked. */
export const markAllNotificationsRead = (): Promise<number> =>
  describeFailures(
    async () =>
      notificationMarkAllResponseSchema.parse(
        await authClient('/notifications/mark-all-read', { method: 'PATCH' }),
      ).data.updated_count,
  );

/** `PATCH /api/notifications/{id}/archive`. */
export const archiveNotification = (id: number): Promise<number> =>
  describeFailures(
    async () =>
      notificationRemovedResponseSchema.parse(
        await authClient(`/notifications/${id}/archive`, { method: 'PATCH' }),
      ).data.id,
  );

/** `DELETE /api/notifications/{id}`. */
export const deleteNotification = (id: number): Promise<number> =>
  describeFailures(
    async () =>
      notificationRemovedResponseSchema.parse(
        await authClient(`/notifications/${id}`, { method: 'DELETE' }),
      ).data.id,
  );

/** Every call, as the notifications actor's factory takes them (src/machines/notifications.actors.ts). */
export const notificationsApi = {
  list: (before?: number) => listNotifications(before === undefined ? {} : { before }),
  stats: getNotificationStats,
  dropdown: getNotificationDropdown,
  unreadCount: getUnreadNotificationCount,
  markRead: markNotificationRead,
  markAllRead: markAllNotificationsRead,
  archive: archiveNotification,
  remove: deleteNotification,
};
