import { fromPromise } from 'xstate';
import { confirmActionFor, type ConfirmActionEvent } from './confirm-action.machine';

/*
 * Closing a form dialog by Esc or a click outside it (issue #34 item 6): the confirm-action
 * machine, one actor per dialog, with its one effect (STYLE.md §2). A changed form asks
 * «¿Descartar los cambios?» first; an untouched one closes at once.
 */

/** What a request closes: the dialog's own close, the one its 'Cancelar' calls. */
export interface DiscardSubject {
  close: () => void;
}

/** The machine with its effect: running the request closes the dialog; no server call. */
export const discardChangesMachine = confirmActionFor<DiscardSubject, void>().provide({
  actors: {
    run: fromPromise<void, { subject: DiscardSubject }>(async ({ input }) => input.subject.close()),
  },
});

/** The request of an Esc or a click outside: it asks first when the form was changed. */
export const discardRequest = (
  dirty: boolean,
  close: () => void,
): ConfirmActionEvent<DiscardSubject> => ({
  type: 'action.request',
  subject: { close },
  confirm: dirty,
});
