import { and } from 'xstate';
import type { CentreResult, NotificationsContext, NotificationsEvent } from './notifications.types';
import { itemOf, shown } from './notifications.types';
import type { NotificationItem } from '../../contract/notifications.schema';
import type { ItemChangeKind } from './notifications.changes';

/*
 * Two regions of the notifications machine (notifications.machine.ts), kept apart so the
 * machine file stays under 250 lines (STYLE.md §12): plain data naming the machine's
 * actions and guards, which `setup` checks there.
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
export const centreRegion = {
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
export const changesRegion = {
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
