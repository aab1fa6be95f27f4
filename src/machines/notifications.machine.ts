import { assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import type { NotificationItem } from '../../contract/notifications.schema';
import {
  applyChange,
  emptyNotificationData,
  type NotificationChange,
} from './notifications.changes';
import { centreRegion, changesRegion } from './notifications.regions';
import {
  itemOf,
  shown,
  type CentreResult,
  type NotificationsContext,
  type NotificationsEvent,
  type PollResult,
} from './notifications.types';

export type {
  CentreResult,
  NotificationsContext,
  NotificationsEvent,
  PollResult,
} from './notifications.types';

const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(() => Promise.reject(new Error(`${name} is not provided`)));

const goHidden = { guard: 'goesHidden', target: 'hidden', actions: 'assignHidden' } as const;

/**
 * The notifications of the signed-in user (issue #13, SPEC §2 "Notification centre"), one
 * app-wide actor with three regions: `polling` (the bell's count and dropdown every 30 s
 * while signed in and the tab is visible), `centre` (the dialog's list and tiles) and
 * `changes` (read / archive / delete / mark all, one at a time, shown at once and dropped
 * when the server refuses). Effects are provided by src/machines/notifications.actors.ts.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    poll: notProvided<PollResult>('poll'),
    loadCentre: notProvided<CentreResult>('loadCentre'),
    /** The page of the list after the notification `before`. */
    loadMore: notProvided<NotificationItem[], { before: number }>('loadMore'),
    /** Sends the change; answers mark-all's `updated_count`, anything for the others. */
    change: notProvided<unknown, { change: NotificationChange }>('change'),
  },
  delays: {
    pollInterval: 30_000,
  },
  actions: {
    // Effects: implemented by notifications.actors.ts, faked by the tests.
    /** The destructive toast 'Error al cargar notificaciones'. */
    notifyLoadFailed: () => {},
    /** The success toast of a change (none for a silent one). */
    notifyChanged: (_, _params: { change: NotificationChange; output: unknown }) => {},
    /** The destructive toast of a refused change. */
    notifyChangeFailed: (_, _params: { change: NotificationChange }) => {},
    /** Opens the notification's screen (its data.action_url). */
    navigate: (_, _params: { url: string }) => {},

    // Pure context updates.
    assignHidden: assign(({ event }) =>
      event.type === 'notifications.visibility' ? { hidden: event.hidden } : {},
    ),
    assignPolled: assign(({ context }, { result }: { result: PollResult }) => ({
      data: { ...context.data, unreadCount: result.unreadCount, dropdown: result.dropdown },
      pollFailed: false,
    })),
    markPollFailed: assign({ pollFailed: true }),
    assignCentre: assign(({ context }, { result }: { result: CentreResult }) => ({
      data: { ...context.data, list: result.list, stats: result.stats },
    })),
    appendList: assign(({ context }, { items }: { items: NotificationItem[] }) => {
      const list = context.data.list ?? [];
      // A notification the list holds already (a new one pushed the page) is not repeated.
      const known = new Set(list.map((item) => item.id));
      return {
        data: { ...context.data, list: [...list, ...items.filter((item) => !known.has(item.id))] },
      };
    }),
    assignPending: assign((_, { change }: { change: NotificationChange }) => ({ pending: change })),
    commitChange: assign(({ context }) => ({
      data: context.pending ? applyChange(context.data, context.pending) : context.data,
      pending: null,
    })),
    dropChange: assign({ pending: null }),
    clearData: assign({ data: emptyNotificationData, pending: null, pollFailed: false }),
  },
  guards: {
    isHidden: ({ context }) => context.hidden,
    goesHidden: ({ event }) => event.type === 'notifications.visibility' && event.hidden,
    goesVisible: ({ event }) => event.type === 'notifications.visibility' && !event.hidden,
    pollFailedBefore: ({ context }) => context.pollFailed,
    itemShown: ({ context, event }) => itemOf(context, event) !== null,
    itemIsUnread: ({ context, event }) => itemOf(context, event)?.is_read === false,
    itemHasLink: ({ context, event }) => Boolean(itemOf(context, event)?.data.action_url),
    hasUnread: ({ context }) => shown(context).unreadCount > 0,
    /** The list holds fewer than the server counts (stats.total). */
    hasMore: ({ context }) => {
      const { list, stats } = shown(context);
      return list !== null && stats !== null && list.length > 0 && list.length < stats.total;
    },
  },
}).createMachine({
  id: 'notifications',
  description:
    "The signed-in user's notifications: the bell polled every 30 s while the tab is visible, the centre's list, and optimistic changes rolled back on failure.",
  type: 'parallel',
  context: { data: emptyNotificationData, pending: null, hidden: false, pollFailed: false },
  states: {
    polling: {
      initial: 'idle',
      states: {
        idle: {
          description: 'Signed out: no calls, no data.',
          on: {
            'notifications.start': 'active',
            'notifications.visibility': { actions: 'assignHidden' },
          },
        },
        active: {
          initial: 'resuming',
          on: { 'notifications.stop': { target: 'idle', actions: 'clearData' } },
          states: {
            resuming: {
              always: [{ guard: 'isHidden', target: 'hidden' }, { target: 'fetching' }],
            },
            fetching: {
              description: 'The unread count and the latest 5, at once.',
              invoke: {
                id: 'poll',
                src: 'poll',
                onDone: {
                  target: 'waiting',
                  actions: {
                    type: 'assignPolled',
                    params: ({ event }) => ({ result: event.output }),
                  },
                },
                onError: [
                  { guard: 'pollFailedBefore', target: 'waiting' },
                  { target: 'waiting', actions: ['markPollFailed', 'notifyLoadFailed'] },
                ],
              },
              on: {
                'notifications.visibility': goHidden,
                'notifications.clubChanged': { target: 'fetching', reenter: true },
                'notifications.refresh': { target: 'fetching', reenter: true },
              },
            },
            waiting: {
              description: 'Until the next poll (pollInterval, 30 s).',
              after: { pollInterval: 'fetching' },
              on: {
                'notifications.visibility': goHidden,
                'notifications.clubChanged': 'fetching',
                'notifications.refresh': 'fetching',
              },
            },
            hidden: {
              description: 'The tab is hidden: no timer; showing it again polls at once.',
              on: {
                'notifications.visibility': {
                  guard: 'goesVisible',
                  target: 'fetching',
                  actions: 'assignHidden',
                },
              },
            },
          },
        },
      },
    },
    centre: centreRegion,
    changes: changesRegion,
  },
});
