import { fromPromise } from 'xstate';
import type {
  CalendarFeed,
  CalendarFeedCreateInput,
  CalendarFeedCreated,
} from '../../contract/calendar-feeds.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * 'Suscribirse al calendario' with its effects (STYLE.md §2): the API calls are plain
 * functions described here; src/api/calendar-feeds.api.ts's mutations (which refresh the
 * list of feeds) satisfy them, tests pass fakes.
 */

/** The dialog opens on nothing in particular and then shows the new URL, this once. */
export const calendarFeedCreateMachine = saveFor<
  null,
  CalendarFeedCreateInput,
  CalendarFeedCreated
>();

export const CALENDAR_FEED_CREATE_OPTIONS = { dialog: true, afterSave: 'show' } as const;

export function createCalendarFeedCreateImplementations(deps: {
  createFeed: (values: CalendarFeedCreateInput) => Promise<CalendarFeedCreated>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<CalendarFeedCreated, SaveRequest<null, CalendarFeedCreateInput>>(
        ({ input }) => deps.createFeed(input.values),
      ),
    },
    actions: {
      notifySaved: (_, { output }) =>
        deps.toast(
          output.category_name
            ? `Enlace del calendario de ${output.category_name} creado`
            : 'Enlace de tu calendario creado',
        ),
    },
  } satisfies SaveImplementations<null, CalendarFeedCreateInput, CalendarFeedCreated>;
}

/** The feed 'Revocar' is about. */
export type CalendarFeedToRevoke = Pick<CalendarFeed, 'id' | 'kind' | 'category_name'>;

/** 'Revocar' on a feed: always asked first (every subscribed calendar loses it). */
export const calendarFeedRevokeMachine = confirmActionFor<CalendarFeedToRevoke, void>();

export function createCalendarFeedRevokeImplementations(deps: {
  revokeFeed: (feedId: number) => Promise<void>;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<void, { subject: CalendarFeedToRevoke }>(({ input }) =>
        deps.revokeFeed(input.subject.id),
      ),
    },
    actions: {
      notifyDone: () => deps.toast('Enlace revocado'),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<CalendarFeedToRevoke, void>;
}
