import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';

/*
 * The notifications the browser holds and the changes the user makes to them, as pure
 * functions: the machine keeps the server's data and the one change in flight, and what
 * the screens show is the change applied to the data (optimistic); a refused change is
 * simply dropped, so a poll that answered meanwhile is not undone by the rollback.
 */

/** What the server last said: the bell's count and dropdown, and the centre's list and tiles. */
export interface NotificationData {
  unreadCount: number;
  /** The latest few (SPEC §9: 5), read or not. */
  dropdown: NotificationItem[];
  /** The centre's list (50), null until the centre loads it. */
  list: NotificationItem[] | null;
  stats: NotificationStats | null;
}

export const emptyNotificationData: NotificationData = {
  unreadCount: 0,
  dropdown: [],
  list: null,
  stats: null,
};

/** What the user asked for on one notification. */
export type ItemChangeKind = 'read' | 'archive' | 'remove';

/**
 * A change in flight. `silent`: opening an item marks it read without a success toast.
 */
export type NotificationChange =
  { kind: ItemChangeKind; item: NotificationItem; silent: boolean } | { kind: 'markAll' };

/** Unread urgent or high ones: the 'Urgentes' tile (stats.high_priority). */
export const isHighPriority = (item: NotificationItem) =>
  item.priority === 'urgent' || item.priority === 'high';

/** Created in the last 24 hours, as the server's `time_ago` says ('Hace un momento', '… min', '…h'). */
export const isRecent = (item: NotificationItem) =>
  /^Hace (un momento|\d+ min|\d+h)$/.test(item.time_ago);

/** The notification with this id in the data (dropdown or list), else null. */
export function findNotification(data: NotificationData, id: number): NotificationItem | null {
  return (
    data.dropdown.find((item) => item.id === id) ??
    data.list?.find((item) => item.id === id) ??
    null
  );
}

const asRead = (item: NotificationItem): NotificationItem =>
  item.is_read ? item : { ...item, is_read: true, status: 'read' };

/** Subtracts from the counts what one notification contributed to them. */
function withoutCounts(
  data: NotificationData,
  item: NotificationItem,
  leaves: boolean,
): Pick<NotificationData, 'unreadCount' | 'stats'> {
  const unread = item.is_read ? 0 : 1;
  const urgent = unread && isHighPriority(item) ? 1 : 0;
  const stats = data.stats && {
    total: data.stats.total - (leaves ? 1 : 0),
    unread: Math.max(0, data.stats.unread - unread),
    high_priority: Math.max(0, data.stats.high_priority - urgent),
    recent: data.stats.recent - (leaves && isRecent(item) ? 1 : 0),
  };
  return { unreadCount: Math.max(0, data.unreadCount - unread), stats };
}

/** The data as it is once the change is done (what the screens show while it runs). */
export function applyChange(data: NotificationData, change: NotificationChange): NotificationData {
  if (change.kind === 'markAll') {
    return {
      unreadCount: 0,
      dropdown: data.dropdown.map(asRead),
      list: data.list && data.list.map(asRead),
      stats: data.stats && { ...data.stats, unread: 0, high_priority: 0 },
    };
  }
  const { id } = change.item;
  // The item as the data holds it now: a poll may have answered since the click.
  const current = findNotification(data, id);
  if (!current) return data;
  if (change.kind === 'read') {
    const mark = (item: NotificationItem) => (item.id === id ? asRead(item) : item);
    return {
      ...withoutCounts(data, current, false),
      dropdown: data.dropdown.map(mark),
      list: data.list && data.list.map(mark),
    };
  }
  const keep = (item: NotificationItem) => item.id !== id;
  return {
    ...withoutCounts(data, current, true),
    dropdown: data.dropdown.filter(keep),
    list: data.list && data.list.filter(keep),
  };
}

/** What the screens show: the server's data with the change in flight, if any, applied. */
export const shownData = (data: NotificationData, pending: NotificationChange | null) =>
  pending ? applyChange(data, pending) : data;
