import { NotificationsContext } from '../../app/notifications-context';
import { selectUnreadCount } from '../../machines/notifications.selectors';

/**
 * The number of unread notifications for the bell's badge, from the app-wide
 * notifications actor (polled from `GET /api/notifications/unread-count` every 30 s).
 */
export function useUnreadNotificationCount(): number {
  return NotificationsContext.useSelector(selectUnreadCount);
}
