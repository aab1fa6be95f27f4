import { and, assign, fromPromise, setup, type NonReducibleUnknown } from 'xstate';
import type { NotificationItem, NotificationStats } from '../../contract/notifications.schema';
import {
  applyChange,
  emptyNotificationData,
  findNotification,
  shownData,
  type ItemChangeKind,
  type NotificationChange,
  type NotificationData,
} from './notifications.changes';

/* The machine's context, events and what its calls answer. */

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

/*
 * The `centre` and `changes` regions: plain data naming the actions and guards below,
 * which `setup` checks.
 */

interface Args {
  context: NotificationsContext;
  event: NotificationsEvent;
}

const itemChange = (kind: ItemChangeKind, silent = false) => ({
  type: 'assignPending' as const,
  params: ({ context, event }: Args) => {
    const item = itemOf(context, event);
    if (!item) throw new Error('No notification to change');
    return { change: { kind, item, silent } };
  },
});

const navigate = {
  type: 'navigate' as const,
  params: ({ context, event }: Args) => ({
    url: itemOf(context, event)?.data.action_url ?? '',
  }),
};

/** The centre's dialog: its list and tiles load each time it opens. */
const centreRegion = {
  initial: 'closed',
  states: {
    closed: { on: { 'notifications.centreOpen': 'open' } },
    open: {
      initial: 'loading',
      on: {
        'notifications.centreClose': 'closed',
        'notifications.stop': 'closed',
      },
      states: {
        loading: {
          tags: ['loading'],
          description: 'The stats tiles and the list (50), at once.',
          invoke: {
            id: 'loadCentre',
            src: 'loadCentre',
            onDone: {
              target: 'ready',
              actions: {
                type: 'assignCentre',
                params: ({ event }: { event: { output: CentreResult } }) => ({
                  result: event.output,
                }),
              },
            },
            onError: { target: 'failed', actions: 'notifyLoadFailed' },
          },
          on: { 'notifications.clubChanged': { target: 'loading', reenter: true } },
        },
        ready: {
          on: {
            'notifications.clubChanged': 'loading',
            'notifications.centreMore': { guard: 'hasMore', target: 'loadingMore' },
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          description: "'Cargar más': the page after the last one shown (50).",
          invoke: {
            id: 'loadMore',
            src: 'loadMore',
            input: ({ context }: Pick<Args, 'context'>) => ({
              before: shown(context).list?.at(-1)?.id ?? 0,
            }),
            onDone: {
              target: 'ready',
              actions: {
                type: 'appendList',
                params: ({ event }: { event: { output: NotificationItem[] } }) => ({
                  items: event.output,
                }),
              },
            },
            onError: { target: 'ready', actions: 'notifyLoadFailed' },
          },
          on: { 'notifications.clubChanged': 'loading' },
        },
        failed: {
          on: {
            'notifications.centreRetry': 'loading',
            'notifications.clubChanged': 'loading',
          },
        },
      },
    },
  },
} as const;

/** Read / archive / delete / mark all: one at a time, shown at once, dropped when refused. */
const changesRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notifications.read': {
          guard: 'itemIsUnread',
          target: 'running',
          actions: itemChange('read'),
        },
        'notifications.archive': {
          guard: 'itemShown',
          target: 'running',
          actions: itemChange('archive'),
        },
        'notifications.remove': {
          guard: 'itemShown',
          target: 'running',
          actions: itemChange('remove'),
        },
        'notifications.markAll': {
          guard: 'hasUnread',
          target: 'running',
          actions: { type: 'assignPending', params: { change: { kind: 'markAll' } } },
        },
        'notifications.open': [
          {
            guard: and(['itemIsUnread', 'itemHasLink']),
            target: 'running',
            actions: [itemChange('read', true), navigate],
          },
          { guard: 'itemIsUnread', target: 'running', actions: itemChange('read', true) },
          { guard: 'itemHasLink', actions: navigate },
        ],
      },
    },
    running: {
      description: 'One change at a time: shown as done while the server does it.',
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }: Pick<Args, 'context'>) => {
          if (!context.pending) throw new Error('No change to send');
          return { change: context.pending };
        },
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notifyChanged',
              params: ({
                context,
                event,
              }: {
                context: NotificationsContext;
                event: { output: unknown };
              }) => ({
                change: context.pending!,
                output: event.output,
              }),
            },
            'commitChange',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyChangeFailed',
              params: ({ context }: Pick<Args, 'context'>) => ({ change: context.pending! }),
            },
            'dropChange',
          ],
        },
      },
      on: {
        'notifications.open': { guard: 'itemHasLink', actions: navigate },
        'notifications.stop': 'idle',
      },
    },
  },
} as const;

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
