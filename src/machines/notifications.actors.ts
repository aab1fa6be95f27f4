import { fromPromise } from 'xstate';
// Types only from the contract: the shell loads this file, and the contract's values would
// bring zod and the schemas into the first load.
import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';
import type { NotificationChange } from './notifications.changes';
import type { CentreResult, notificationsMachine, PollResult } from './notifications.machine';
import type { Toast } from './toast';

/**
 * The notification endpoints the machine needs, described here (machines may not import
 * src/api); src/api/notifications.api.ts's `notificationsApi` satisfies it and tests pass
 * fakes. Every method rejects with a RequestError when the call fails.
 */
export interface NotificationsApi {
  /** Without a limit: the spec's 50; `before`: the page after that notification. */
  list(before?: number): Promise<NotificationItem[]>;
  stats(): Promise<NotificationStats>;
  /** Without a limit: the spec's 5. */
  dropdown(): Promise<{ items: NotificationItem[]; unreadCount: number }>;
  unreadCount(): Promise<number>;
  markRead(id: number): Promise<unknown>;
  /** Answers how many were marked (`updated_count`). */
  markAllRead(): Promise<number>;
  archive(id: number): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

type NotificationsImplementations = Parameters<typeof notificationsMachine.provide>[0];

/** The spec's toasts (SPEC §8): the failures are shown as destructive toasts. */
/** Spec §8: the notification failures are destructive toasts titled 'Error'. */
const FAILED = { variant: 'destructive', title: 'Error' } as const;

export const notificationToasts = {
  loadFailed: 'Error al cargar notificaciones',
  readFailed: 'No se pudo marcar como leída',
  markAllFailed: 'No se pudieron marcar todas como leídas',
  archiveFailed: 'No se pudo archivar la notificación',
  removeFailed: 'No se pudo eliminar la notificación',
  read: 'Marcada como leída',
  markAll: (count: number) => `Todas marcadas como leídas (${count})`,
  archive: 'Archivada',
  remove: 'Eliminada',
} as const;

/** The toast of a change the server did (none for opening an item), from its answer. */
export function changedMessage(change: NotificationChange, output: unknown): string | null {
  switch (change.kind) {
    case 'markAll':
      return notificationToasts.markAll(typeof output === 'number' ? output : 0);
    case 'read':
      return change.silent ? null : notificationToasts.read;
    default:
      return notificationToasts[change.kind];
  }
}

/** The destructive toast of a change the server refused. */
export const refusedMessage = (change: NotificationChange): string =>
  ({
    read: notificationToasts.readFailed,
    markAll: notificationToasts.markAllFailed,
    archive: notificationToasts.archiveFailed,
    remove: notificationToasts.removeFailed,
  })[change.kind];

/** The notifications machine's actors on top of an API. */
export function createNotificationsActors(api: NotificationsApi) {
  return {
    poll: fromPromise<PollResult>(async () => {
      // One call (SPEC §7): the dropdown's latest 5 carry the badge's count (unread_count),
      // so 10,000 signed-in browsers make 333 requests a second, not twice that.
      const dropdown = await api.dropdown();
      return { unreadCount: dropdown.unreadCount, dropdown: dropdown.items };
    }),
    loadCentre: fromPromise<CentreResult>(async () => {
      const [stats, list] = await Promise.all([api.stats(), api.list()]);
      return { stats, list };
    }),
    loadMore: fromPromise<NotificationItem[], { before: number }>(({ input }) =>
      api.list(input.before),
    ),
    change: fromPromise<unknown, { change: NotificationChange }>(({ input: { change } }) => {
      if (change.kind === 'markAll') return api.markAllRead();
      if (change.kind === 'read') return api.markRead(change.item.id);
      if (change.kind === 'archive') return api.archive(change.item.id);
      return api.remove(change.item.id);
    }),
  } satisfies NotificationsImplementations['actors'];
}

/** What the machine's effects act on; the provider passes the real ones. */
export interface NotificationsEffectDeps {
  toast: Toast;
  /** Opens a screen of the app (the router's navigate). */
  navigate: (to: string) => void;
}

export function createNotificationsActions(deps: NotificationsEffectDeps) {
  return {
    notifyLoadFailed: () => deps.toast(notificationToasts.loadFailed, FAILED),
    notifyChanged: (_, { change, output }) => {
      const message = changedMessage(change, output);
      if (message) deps.toast(message);
    },
    notifyChangeFailed: (_, { change }) => deps.toast(refusedMessage(change), FAILED),
    navigate: (_, { url }) => deps.navigate(url),
  } satisfies NotificationsImplementations['actions'];
}
