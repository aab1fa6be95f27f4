import { assign, fromPromise, setup } from 'xstate';
import { toRequestFailure } from '../lib/request-failure';

export interface ConfirmActionContext<Subject> {
  /** What the action is about (the club, the invitation, the module switch); null when idle. */
  subject: Subject | null;
  /** Whether the current request asked first: the dialog stays open, busy, while it runs. */
  confirm: boolean;
  /** The server's refusal of the last run, shown until the next request. */
  refusal: string | null;
}

export type ConfirmActionEvent<Subject> =
  | { type: 'action.request'; subject: Subject; confirm: boolean }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' };

/** From every resting state alike: a request asks first when it says so, else runs at once. */
const request = [
  { guard: 'needsConfirmation', target: 'confirming', actions: 'assignRequest' },
  { target: 'running', actions: 'assignRequest' },
] as const;

/** The one definition; `confirmActionFor` types it for each use without a second machine. */
function defineConfirmAction<Subject, Output>() {
  return setup({
    types: {
      context: {} as ConfirmActionContext<Subject>,
      events: {} as ConfirmActionEvent<Subject>,
    },
    actors: {
      run: fromPromise<Output, { subject: Subject }>(() =>
        Promise.reject(new Error('run is not provided')),
      ),
    },
    actions: {
      assignRequest: assign(({ event }) =>
        event.type === 'action.request'
          ? { subject: event.subject, confirm: event.confirm, refusal: null }
          : {},
      ),
      clearRequest: assign({ subject: null, confirm: false, refusal: null }),
      assignRefusal: assign((_, { message }: { message: string }) => ({ refusal: message })),
      /** Effect: the toast of what the server did, from its answer (DOMAIN.md trap 3). */
      notifyDone: (_, _params: { subject: Subject; output: Output }) => {},
      /** Effect: the server's reason, in a toast. */
      notifyRefused: (_, _params: { subject: Subject; message: string }) => {},
    },
    guards: {
      needsConfirmation: ({ event }) => event.type === 'action.request' && event.confirm,
    },
  }).createMachine({
    id: 'confirmAction',
    description:
      'Runs one action on a subject, asking first when the request says so; tells what the server did or why it refused.',
    context: { subject: null, confirm: false, refusal: null },
    initial: 'idle',
    states: {
      idle: {
        on: { 'action.request': request },
      },
      confirming: {
        description: 'The dialog asks "¿Archivar {nombre}?", "¿Anular…?", "¿Desactivar…?".',
        on: {
          'action.confirm': 'running',
          'action.cancel': { target: 'idle', actions: 'clearRequest' },
        },
      },
      running: {
        tags: ['loading'],
        description: 'The server runs it once; a confirmed request keeps its dialog open, busy.',
        invoke: {
          id: 'run',
          src: 'run',
          input: ({ context }) => {
            if (context.subject === null) throw new Error('No subject to run the action on');
            return { subject: context.subject as Subject };
          },
          onDone: {
            target: 'done',
            actions: {
              type: 'notifyDone',
              params: ({ context, event }) => ({
                subject: context.subject as Subject,
                output: event.output as Output,
              }),
            },
          },
          onError: {
            target: 'failed',
            actions: [
              {
                type: 'assignRefusal',
                params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
              },
              {
                type: 'notifyRefused',
                params: ({ context, event }) => ({
                  subject: context.subject as Subject,
                  message: toRequestFailure(event.error).message,
                }),
              },
            ],
          },
        },
      },
      done: {
        description:
          'The server did it; the screen shows its fresh data. A new request may follow.',
        on: { 'action.request': request },
      },
      failed: {
        description:
          'Refused: the message stays for the screen, which shows the previous value again.',
        on: { 'action.request': request },
      },
    },
  });
}

/** The machine of one use: what it acts on (`Subject`) and what the server answers (`Output`). */
export type ConfirmActionMachine<Subject, Output> = ReturnType<
  typeof defineConfirmAction<Subject, Output>
>;

/**
 * Ask → confirm → run → done | failed, once (issue #9): archiving a club, revoking an
 * invitation, switching a module. A request names its subject and whether it asks first
 * (switching a module off asks, on does not). Effects are the provided `run` actor and the
 * `notifyDone` / `notifyRefused` actions (src/machines/<resource>.actors.ts).
 *
 * Status toggles of a grid (trainers, players, discounts, charges) use one actor per row:
 * the row component holds `useActorRef(logic)` of the same provided machine, sends
 * `{ type: 'action.request', subject: { id, status }, confirm: status === 'inactive' }`,
 * shows `selectInFlight` while it runs and its server value again in `failed`, next to
 * `selectRefusal`; a row's request never waits for another row's.
 */
export const confirmActionMachine = defineConfirmAction<unknown, unknown>();

/** What a use provides: its `run` actor and its `notifyDone` / `notifyRefused` actions. */
export type ConfirmActionImplementations<Subject, Output> = Parameters<
  ConfirmActionMachine<Subject, Output>['provide']
>[0];

/** The one machine, typed for a use; the same object at run time. */
export const confirmActionFor = <Subject, Output>() =>
  confirmActionMachine as unknown as ConfirmActionMachine<Subject, Output>;
