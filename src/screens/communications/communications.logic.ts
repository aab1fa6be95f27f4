import { useState } from 'react';
import { useSendCommunication } from '../../api/communications.api';
import { toast } from '../../components/toaster';
import {
  communicationSendMachine,
  createCommunicationSendImplementations,
} from '../../machines/communications.actors';

/*
 * Comunicaciones Masivas's machine with this screen's dependencies, made once per screen
 * (STYLE.md §2); what it does is in src/machines/communications.actors.ts.
 */

/** 'Enviar': asks 'Enviar a N personas', sends once, clears the form through `sent`. */
export function useCommunicationSendLogic(sent: () => void) {
  const send = useSendCommunication();
  const [logic] = useState(() =>
    communicationSendMachine.provide(
      createCommunicationSendImplementations({
        send: (values) => send.mutateAsync(values),
        toast,
        sent: () => sent(),
      }),
    ),
  );
  return logic;
}
