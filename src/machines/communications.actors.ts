import { fromPromise } from 'xstate';
import {
  type CommunicationResponse,
  type CommunicationSendInput,
  communicationMessages,
} from '../../contract/communications.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * 'Enviar' of Comunicaciones Masivas (issue #17): the confirm-action machine asks 'Enviar a
 * N personas', sends once and tells what the server did. The API call is a plain function
 * here; src/api/communications.api.ts's mutation (which refreshes the history) satisfies
 * it, tests pass fakes.
 */

/**
 * What is about to be sent (with the message's idempotency key, the same on a retry), and
 * to how many people the preview counted.
 */
export interface CommunicationToSend {
  values: CommunicationSendInput;
  recipients: number;
}

/** 'Enviar': always asked first. */
export const communicationSendMachine = confirmActionFor<
  CommunicationToSend,
  CommunicationResponse
>();

export interface CommunicationSendDeps {
  send: (values: CommunicationSendInput) => Promise<CommunicationResponse>;
  toast: Toast;
  /** After a send the server accepted (a new one or the same one again): clear the form. */
  sent: () => void;
}

export function createCommunicationSendImplementations(deps: CommunicationSendDeps) {
  return {
    actors: {
      run: fromPromise<CommunicationResponse, { subject: CommunicationToSend }>(({ input }) =>
        deps.send(input.subject.values),
      ),
    },
    actions: {
      // The server's count, not the preview's: people may have changed in between.
      notifyDone: (_, { output }) => {
        deps.toast(
          output.repeated
            ? communicationMessages.repeated
            : communicationMessages.sent(output.data.recipients),
        );
        deps.sent();
      },
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<CommunicationToSend, CommunicationResponse>;
}
