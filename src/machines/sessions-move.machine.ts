import { assign, fromPromise, setup } from 'xstate';
import type { SessionScope, SessionWriteResponse } from '../../contract/sessions.schema';
import { toRequestFailure } from '../lib/request-failure';

/** A session dragged or resized on the calendar: where it was dropped. */
export interface SessionMove {
  sessionId: number;
  title: string;
  /** An occurrence of a series: the scope is asked before saving. */
  inSeries: boolean;
  /** The new instants, ISO 8601. */
  startsAt: string;
  endsAt: string;
}

export interface CalendarMoveContext {
  /** The move asked about or being saved; the last one after it ended. */
  move: SessionMove | null;
  /** Which occurrences the save reaches ('this' for a single session). */
  scope: SessionScope;
  /** The server's refusal of the last move, until the next one. */
  refusal: string | null;
}

export type CalendarMoveEvent =
  | { type: 'move.request'; move: SessionMove }
  | { type: 'move.scope'; scope: SessionScope }
  | { type: 'move.cancel' };

/** What the `save` actor receives: the move and its scope. */
export interface MoveRequest {
  move: SessionMove;
  scope: SessionScope;
}

/** From every resting state alike: a series asks its scope, a single session saves at once. */
const request = [
  { guard: 'isSeries', target: 'askingScope', actions: 'assignMove' },
  { target: 'saving', actions: ['assignMove', 'assignSingle'] },
] as const;

const moveOf = (event: CalendarMoveEvent) => {
  if (event.type !== 'move.request') throw new Error('Not a move');
  return { move: event.move };
};

/** A drop while another move is asked about or saved is put back where it was. */
const refuseWhileBusy = {
  actions: { type: 'revert', params: ({ event }: { event: CalendarMoveEvent }) => moveOf(event) },
} as const;

/**
 * Dragging or resizing a session on the calendar (issue #14): a series occurrence asks
 * "Solo este / Este y los siguientes / Toda la serie" first; the move is saved once; a
 * refusal or a cancelled question puts the event back where it was (`revert`) and the
 * server's reason is told. Effects are the provided `save` actor and the `revert`,
 * `notifyMoved` and `notifyRefused` actions (src/machines/sessions.actors.ts).
 */
export const calendarMoveMachine = setup({
  types: {
    context: {} as CalendarMoveContext,
    events: {} as CalendarMoveEvent,
  },
  actors: {
    save: fromPromise<SessionWriteResponse, MoveRequest>(() =>
      Promise.reject(new Error('save is not provided')),
    ),
  },
  actions: {
    assignMove: assign(({ event }) =>
      event.type === 'move.request' ? { move: event.move, scope: 'this', refusal: null } : {},
    ),
    assignSingle: assign({ scope: 'this' as SessionScope }),
    assignScope: assign(({ event }) => (event.type === 'move.scope' ? { scope: event.scope } : {})),
    assignRefusal: assign((_, { message }: { message: string }) => ({ refusal: message })),
    /** Effect: the event goes back to where it was on the calendar. */
    revert: (_, _params: { move: SessionMove }) => {},
    /** Effect: the toast of what the server did, from its answer. */
    notifyMoved: (_, _params: { move: SessionMove; output: SessionWriteResponse }) => {},
    /** Effect: the server's reason, in a toast. */
    notifyRefused: (_, _params: { move: SessionMove; message: string }) => {},
  },
  guards: {
    isSeries: ({ event }) => event.type === 'move.request' && event.move.inSeries,
  },
}).createMachine({
  id: 'sessionsMove',
  description:
    'Moves a session dropped on the calendar: asks the scope of a series occurrence, saves once, and puts it back when refused or cancelled.',
  context: { move: null, scope: 'this', refusal: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'move.request': request },
    },
    askingScope: {
      description: 'The dialog asks "Solo este / Este y los siguientes / Toda la serie".',
      on: {
        'move.scope': { target: 'saving', actions: 'assignScope' },
        'move.cancel': {
          target: 'reverted',
          actions: { type: 'revert', params: ({ context }) => ({ move: context.move! }) },
        },
        'move.request': refuseWhileBusy,
      },
    },
    saving: {
      tags: ['loading'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          if (context.move === null) throw new Error('No move to save');
          return { move: context.move, scope: context.scope };
        },
        onDone: {
          target: 'idle',
          actions: {
            type: 'notifyMoved',
            params: ({ context, event }) => ({ move: context.move!, output: event.output }),
          },
        },
        onError: {
          target: 'reverted',
          actions: [
            {
              type: 'assignRefusal',
              params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
            },
            { type: 'revert', params: ({ context }) => ({ move: context.move! }) },
            {
              type: 'notifyRefused',
              params: ({ context, event }) => ({
                move: context.move!,
                message: toRequestFailure(event.error).message,
              }),
            },
          ],
        },
      },
      on: { 'move.request': refuseWhileBusy },
    },
    reverted: {
      description:
        'The event is back where it was: the question was cancelled or the server refused (its reason stays).',
      on: { 'move.request': request },
    },
  },
});
