import { fromPromise } from 'xstate';
import type { PersonStatus } from '../../contract/people.schema';
import {
  confirmActionFor,
  type ConfirmActionEvent,
  type ConfirmActionImplementations,
} from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * The status switch of a grid row (trainers, players): the confirm-action machine, one
 * actor per row, with its effects (STYLE.md §2). The API call and the list refresh are
 * plain functions the row's component passes; tests pass fakes.
 */

/** One switch asked for: the person (to name them and call the server) and the new status. */
export interface StatusSwitch {
  id: number;
  name: string;
  status: PersonStatus;
}

/** One actor per row: a row's request never waits for another row's. */
export const statusToggleMachine = confirmActionFor<StatusSwitch, unknown>();

/**
 * The request of a switch: turning someone off takes them out of the club's daily work,
 * so that asks first ('¿Desactivar a Ana Pérez?'); turning them on goes straight to the
 * server.
 */
export const statusSwitchRequest = (
  subject: { id: number; name: string },
  active: boolean,
): ConfirmActionEvent<StatusSwitch> => ({
  type: 'action.request',
  subject: { id: subject.id, name: subject.name, status: active ? 'active' : 'inactive' },
  confirm: !active,
});

/** Whether a row's switch shows on: the value being sent for it, else the server's. */
export const isShownActive = (
  row: { id: number; active: boolean },
  inFlight: StatusSwitch | null,
) => (inFlight?.id === row.id ? inFlight.status === 'active' : row.active);

/** The toast once the server changed it: 'Estado de Ana Pérez: Inactivo'. */
export const statusChangedMessage = ({ name, status }: StatusSwitch) =>
  `Estado de ${name}: ${status === 'active' ? 'Activo' : 'Inactivo'}`;

export interface StatusToggleDeps {
  /** The API call: the person's new status (`PATCH …/{id}/status`). */
  change: (id: number, status: PersonStatus) => Promise<unknown>;
  /** The list is read again once the server changed it, before the switch rests. */
  refresh: () => unknown;
  toast: Toast;
}

export function createStatusToggleImplementations(deps: StatusToggleDeps) {
  return {
    actors: {
      run: fromPromise<unknown, { subject: StatusSwitch }>(async ({ input }) => {
        const output = await deps.change(input.subject.id, input.subject.status);
        // Awaited so the row shows the server's new value as the optimistic one ends; a
        // failed reload is not a refused change (the grid shows its own error).
        await Promise.resolve(deps.refresh()).catch(() => undefined);
        return output;
      }),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(statusChangedMessage(subject)),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<StatusSwitch, unknown>;
}
