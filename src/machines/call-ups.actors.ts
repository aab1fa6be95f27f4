import { fromPromise } from 'xstate';
import {
  type CallUpAnswerInput,
  type CallUpList,
  callUpAnswerLabels,
} from '../../contract/call-ups.schema';
import { confirmActionFor, type ConfirmActionImplementations } from './confirm-action.machine';
import { saveFor, type SaveImplementations, type SaveRequest } from './save.machine';
import type { Toast } from './toast';

/*
 * The call-ups (convocatorias) of a session in the calendar's side panel, with their
 * effects (STYLE.md §2): the API calls are plain functions described here;
 * src/api/call-ups.api.ts's mutations (which refresh the session's call-ups) satisfy them,
 * tests pass fakes. 'Convocar jugadores' and each player's answer are the save machine,
 * 'Recordar a los que no han respondido' is the confirm-action machine run without asking.
 */

/** "3 jugadores", "1 jugador". */
export const playersText = (count: number) => (count === 1 ? '1 jugador' : `${count} jugadores`);

/** 'Convocar jugadores' opens on who is called up now. */
export interface CallUpPickerSubject {
  calledIds: readonly number[];
}

/** The picker dialog: the checked players, sent once as the whole list; closes on success. */
export const callUpPickerMachine = saveFor<CallUpPickerSubject, number[], CallUpList>();

export const CALL_UP_PICKER_OPTIONS = { dialog: true, afterSave: 'close' } as const;

export function createCallUpPickerImplementations(deps: {
  setCallUps: (playerIds: number[]) => Promise<CallUpList>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<CallUpList, SaveRequest<CallUpPickerSubject, number[]>>(({ input }) =>
        deps.setCallUps(input.values),
      ),
    },
    actions: {
      notifySaved: (_, { output }) =>
        deps.toast(
          output.summary.called === 0
            ? 'Convocatoria vaciada'
            : `Convocatoria guardada: ${playersText(output.summary.called)}`,
        ),
    },
  } satisfies SaveImplementations<CallUpPickerSubject, number[], CallUpList>;
}

/** What one player's answer row sends. */
export interface CallUpAnswerRequest {
  playerId: number;
  values: CallUpAnswerInput;
}

/** What the server took: the answer given, for whom, and the list it answered with. */
export interface CallUpAnswered {
  playerId: number;
  answer: CallUpAnswerInput['answer'];
  list: CallUpList;
}

/** One player's Voy / No voy / Tal vez: a form that stays open and may answer again. */
export const callUpAnswerMachine = saveFor<null, CallUpAnswerRequest, CallUpAnswered>();

export const CALL_UP_ANSWER_OPTIONS = { dialog: false, afterSave: 'edit' } as const;

export function createCallUpAnswerImplementations(deps: {
  answerCallUp: (request: CallUpAnswerRequest) => Promise<CallUpList>;
  toast: Toast;
}) {
  return {
    actors: {
      save: fromPromise<CallUpAnswered, SaveRequest<null, CallUpAnswerRequest>>(
        async ({ input: { values } }) => ({
          playerId: values.playerId,
          answer: values.values.answer,
          list: await deps.answerCallUp(values),
        }),
      ),
    },
    actions: {
      notifySaved: (_, { output }) => {
        const name = output.list.data.find((row) => row.player_id === output.playerId)?.name;
        const label = callUpAnswerLabels[output.answer];
        deps.toast(name ? `Respuesta de ${name}: ${label}` : `Respuesta guardada: ${label}`);
      },
    },
  } satisfies SaveImplementations<null, CallUpAnswerRequest, CallUpAnswered>;
}

/** The text of the reminder's toast, from the server's count (DOMAIN.md trap 3). */
export const remindedText = (reminded: number) =>
  reminded === 0
    ? 'Nadie pendiente'
    : `Recordatorio enviado a ${reminded === 1 ? '1 persona' : `${reminded} personas`}`;

/** 'Recordar a los que no han respondido': the session's id, run at once (not asked). */
export const callUpRemindMachine = confirmActionFor<number, number>();

export function createCallUpRemindImplementations(deps: {
  remindCallUps: () => Promise<number>;
  toast: Toast;
}) {
  return {
    actors: {
      run: fromPromise<number, { subject: number }>(() => deps.remindCallUps()),
    },
    actions: {
      notifyDone: (_, { output }) => deps.toast(remindedText(output)),
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<number, number>;
}
