/**
 * The number of unread notifications for the bell's badge. The notifications issue feeds
 * it from `GET /api/notifications/unread-count`; until then there is nothing unread.
 */
export function useUnreadNotificationCount(): number {
  return 0;
}
