import { useState } from 'react';
import { useAnswerCallUp, useRemindCallUps, useSetCallUps } from '../../api/call-ups.api';
import { toast } from '../../components/toaster';
import {
  callUpAnswerMachine,
  callUpPickerMachine,
  callUpRemindMachine,
  createCallUpAnswerImplementations,
  createCallUpPickerImplementations,
  createCallUpRemindImplementations,
} from '../../machines/call-ups.actors';

/*
 * The side panel's call-up machines with this session's dependencies, each made once per
 * component (STYLE.md §2); what they do is in src/machines/call-ups.actors.ts.
 */

/** 'Convocar jugadores': the picker dialog on the save machine. */
export function useCallUpPickerLogic(clubId: number, sessionId: number) {
  const set = useSetCallUps(clubId, sessionId);
  const [logic] = useState(() =>
    callUpPickerMachine.provide(
      createCallUpPickerImplementations({
        setCallUps: (playerIds) => set.mutateAsync(playerIds),
        toast,
      }),
    ),
  );
  return logic;
}

/** One player's Voy / No voy / Tal vez. */
export function useCallUpAnswerLogic(clubId: number, sessionId: number) {
  const answer = useAnswerCallUp(clubId, sessionId);
  const [logic] = useState(() =>
    callUpAnswerMachine.provide(
      createCallUpAnswerImplementations({
        answerCallUp: (request) => answer.mutateAsync(request),
        toast,
      }),
    ),
  );
  return logic;
}

/** 'Recordar a los que no han respondido'. */
export function useCallUpRemindLogic(clubId: number, sessionId: number) {
  const remind = useRemindCallUps(clubId, sessionId);
  const [logic] = useState(() =>
    callUpRemindMachine.provide(
      createCallUpRemindImplementations({ remindCallUps: () => remind.mutateAsync(), toast }),
    ),
  );
  return logic;
}
