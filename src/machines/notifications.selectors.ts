import type { SnapshotFrom } from 'xstate';
import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';
import type { NotificationData } from './notifications.changes';
import { shown, type notificationsMachine } from './notifications.machine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/*
 * What the bell, the dropdown and the centre draw. The data is the server's with the
 * change in flight applied (optimistic), computed once per context so a `useSelector`
 * gets the same arrays until something changes.
 */

const shownByContext = new WeakMap<object, NotificationData>();

const shownOf = (snapshot: NotificationsSnapshot): NotificationData => {
  let data = shownByContext.get(snapshot.context);
  if (!data) {
    data = shown(snapshot.context);
    shownByContext.set(snapshot.context, data);
  }
  return data;
};

/** The bell's badge. */
export const selectUnreadCount = (snapshot: NotificationsSnapshot): number =>
  shownOf(snapshot).unreadCount;

/** The dropdown's latest notifications (5). */
export const selectDropdown = (snapshot: NotificationsSnapshot): NotificationItem[] =>
  shownOf(snapshot).dropdown;

/** Polling: signed in (the bell has data or is fetching it). */
export const selectIsPolling = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ polling: 'active' });

/** Whether the centre's dialog is open. */
export const selectCentreOpen = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ centre: 'open' });

/** The centre loads its list and tiles. */
export const selectCentreLoading = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ centre: { open: 'loading' } });

/** The centre's list could not load ('Reintentar'). */
export const selectCentreFailed = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ centre: { open: 'failed' } });

/** The centre's list (50), empty until loaded. */
const NO_ITEMS: NotificationItem[] = [];
export const selectCentreList = (snapshot: NotificationsSnapshot): NotificationItem[] =>
  shownOf(snapshot).list ?? NO_ITEMS;

/** The tiles: Total, Sin leer, Urgentes (high_priority), Recientes; null until loaded. */
export const selectStats = (snapshot: NotificationsSnapshot): NotificationStats | null =>
  shownOf(snapshot).stats;

/** A change is being sent: the item actions wait for it (one at a time). */
export const selectIsChanging = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ changes: 'running' });

/** 'Marcar todas' is offered: something is unread and no change is in flight. */
export const selectCanMarkAll = (snapshot: NotificationsSnapshot) =>
  snapshot.can({ type: 'notifications.markAll' });

/** 'Cargar más' is offered: the list holds fewer than the server counts. */
export const selectCanLoadMore = (snapshot: NotificationsSnapshot) =>
  snapshot.can({ type: 'notifications.centreMore' });

/** The next page is loading. */
export const selectLoadingMore = (snapshot: NotificationsSnapshot) =>
  snapshot.matches({ centre: { open: 'loadingMore' } });

/** The tabs of the centre: a filter of the loaded list, counted by the server. */
export type NotificationTab = 'all' | 'unread' | 'read';

/** The items of a tab. */
export const itemsOfTab = (items: NotificationItem[], tab: NotificationTab) =>
  tab === 'all' ? items : items.filter((item) => item.is_read === (tab === 'read'));

/**
 * The count each tab shows: the server's (stats, with the change in flight applied), not
 * the loaded page's (issue #34 item 6: tiles 137 / 105 beside tabs 50 / 50 / 0).
 */
export const tabCounts = (stats: NotificationStats | null): Record<NotificationTab, number> => {
  const all = stats?.total ?? 0;
  const unread = stats?.unread ?? 0;
  return { all, unread, read: Math.max(0, all - unread) };
};
