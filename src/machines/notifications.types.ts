import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';
import {
  findNotification,
  shownData,
  type NotificationChange,
  type NotificationData,
} from './notifications.changes';

/* The notifications machine's context, events and what its calls answer (notifications.machine.ts). */

export interface NotificationsContext {
  /** What the server last said (the change in flight is not in it). */
  data: NotificationData;
  /** The change sent and not yet answered; the screens show it as done (optimistic). */
  pending: NotificationChange | null;
  /** Whether the tab is hidden (document.visibilityState): no polling then. */
  hidden: boolean;
  /** The last poll failed: its toast was shown and is not repeated until a poll succeeds. */
  pollFailed: boolean;
}

export type NotificationsEvent =
  | { type: 'notifications.start' }
  | { type: 'notifications.stop' }
  | { type: 'notifications.visibility'; hidden: boolean }
  | { type: 'notifications.clubChanged' }
  /** A write elsewhere made or read the person's notifications (src/api/refresh.ts): poll now. */
  | { type: 'notifications.refresh' }
  | { type: 'notifications.centreOpen' }
  | { type: 'notifications.centreClose' }
  | { type: 'notifications.centreRetry' }
  /** 'Cargar más': the next page of the centre's list. */
  | { type: 'notifications.centreMore' }
  | { type: 'notifications.read'; id: number }
  | { type: 'notifications.archive'; id: number }
  | { type: 'notifications.remove'; id: number }
  | { type: 'notifications.markAll' }
  /** A click on an item: marks it read (no success toast) and opens its action_url. */
  | { type: 'notifications.open'; id: number };

/** What one poll brings: the bell's count and the latest few. */
export interface PollResult {
  unreadCount: number;
  dropdown: NotificationItem[];
}

/** What the centre loads when it opens. */
export interface CentreResult {
  list: NotificationItem[];
  stats: NotificationStats;
}

/** What the screens show: the server's data with the change in flight applied. */
export const shown = (context: NotificationsContext) => shownData(context.data, context.pending);

/** The notification an item event names, as the screens show it. */
export const itemOf = (context: NotificationsContext, event: NotificationsEvent) =>
  'id' in event ? findNotification(shown(context), event.id) : null;
