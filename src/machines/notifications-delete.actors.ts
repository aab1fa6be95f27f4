import { fromPromise } from 'xstate';
import type { NotificationItem } from '../../contract/notifications.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';

/*
 * 'Eliminar' in the notification centre asks first (the confirm-action machine, as every
 * delete of the app); once confirmed, the notifications actor deletes it optimistically
 * and tells success or failure itself, so this machine's own toasts stay silent.
 */

/** The notification 'Eliminar' is about. */
export type NotificationToDelete = Pick<NotificationItem, 'id' | 'title'>;

export const notificationDeleteMachine = confirmActionFor<NotificationToDelete, void>();

export interface NotificationDeleteDeps {
  /** Sends `notifications.remove` to the app-wide notifications actor. */
  remove: (id: number) => void;
}

export function createNotificationDeleteImplementations(deps: NotificationDeleteDeps) {
  return {
    actors: {
      run: fromPromise<void, { subject: NotificationToDelete }>(async ({ input }) => {
        deps.remove(input.subject.id);
      }),
    },
    actions: {
      notifyDone: () => {},
      notifyRefused: () => {},
    },
  } satisfies ConfirmActionImplementations<NotificationToDelete, void>;
}
