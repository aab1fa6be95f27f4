import { fromPromise } from 'xstate';
import type { NotificationType } from '../../contract/notifications.schema';
import {
  confirmActionFor,
  type ConfirmActionEvent,
  type ConfirmActionImplementations,
} from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * The 'También por correo' switch of one notification type (issue #13 item 5, the
 * preferences screen): the generic confirm-action machine, one actor per switch, run at
 * once (nothing to confirm). While the request runs the switch shows the asked-for value
 * (optimistic); a refusal shows the server's value again and its Spanish reason.
 */

/** One switch asked for: the type, its label (for the toasts) and the new choice. */
export interface EmailChoice {
  type: NotificationType;
  label: string;
  email: boolean;
}

/** One actor per type: a switch's request never waits for another's. */
export const emailPreferenceMachine = confirmActionFor<EmailChoice, unknown>();

/** The request of a switch: straight to the server, no question. */
export const emailChoiceRequest = (
  subject: { type: NotificationType; label: string },
  email: boolean,
): ConfirmActionEvent<EmailChoice> => ({
  type: 'action.request',
  subject: { ...subject, email },
  confirm: false,
});

/** Whether a switch shows on: the value being sent for it, else the server's. */
export const isShownByEmail = (
  row: { type: NotificationType; email: boolean },
  inFlight: EmailChoice | null,
) => (inFlight?.type === row.type ? inFlight.email : row.email);

/** The toast once the server saved it: 'Pago pendiente: también por correo'. */
export const emailChoiceSavedMessage = ({ label, email }: EmailChoice) =>
  `${label}: ${email ? 'también por correo' : 'solo en la aplicación'}`;

export interface EmailPreferenceDeps {
  /** The API call (`PUT /api/notifications/preferences`), which also refreshes the cache. */
  save: (type: NotificationType, email: boolean) => Promise<unknown>;
  toast: Toast;
}

export function createEmailPreferenceImplementations(deps: EmailPreferenceDeps) {
  return {
    actors: {
      run: fromPromise<unknown, { subject: EmailChoice }>(({ input }) =>
        deps.save(input.subject.type, input.subject.email),
      ),
    },
    actions: {
      notifyDone: (_, { subject }) => deps.toast(emailChoiceSavedMessage(subject)),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<EmailChoice, unknown>;
}
