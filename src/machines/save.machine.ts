import { assign, fromPromise, setup } from 'xstate';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/** What a successful save leads to: close the dialog, show the answer, or keep editing. */
export type AfterSave = 'close' | 'show' | 'edit';

/** How a form uses the machine, given as the actor's input. */
export interface SaveOptions {
  /** A dialog starts closed and opens on the subject it edits (`save.open`). */
  dialog: boolean;
  /**
   * 'close': the dialog closes (member roles); 'show': the server's answer stays on screen
   * (the invitation link, the password screens' message); 'edit': the form stays open and may
   * be saved again (the club form).
   */
  afterSave: AfterSave;
}

export interface SaveContext<Subject, Output> extends SaveOptions {
  /** What the open dialog edits; null for forms that are not dialogs and while closed. */
  subject: Subject | null;
  /** The server's answer once saved with `afterSave: 'show'`. */
  saved: Output | null;
  /** The server's message and field errors after a refused save; null otherwise. */
  failure: RequestFailure | null;
}

export type SaveEvent<Subject, Values> =
  | { type: 'save.open'; subject: Subject }
  | { type: 'save.close' }
  | { type: 'save.submit'; values: Values };

/** What the `save` actor receives: the subject edited (null outside dialogs) and the values. */
export interface SaveRequest<Subject, Values> {
  subject: Subject | null;
  values: Values;
}

const close = { guard: 'isDialog', target: 'closed', actions: 'clear' } as const;

/** The one definition; `saveFor` types it for each use without a second machine. */
function defineSave<Subject, Values, Output>() {
  return setup({
    types: {
      input: {} as SaveOptions,
      context: {} as SaveContext<Subject, Output>,
      events: {} as SaveEvent<Subject, Values>,
    },
    actors: {
      save: fromPromise<Output, SaveRequest<Subject, Values>>(() =>
        Promise.reject(new Error('save is not provided')),
      ),
    },
    actions: {
      assignSubject: assign((_, { subject }: { subject: Subject }) => ({
        subject,
        saved: null,
        failure: null,
      })),
      assignSaved: assign((_, { saved }: { saved: Output }) => ({ saved })),
      assignFailure: assign((_, { error }: { error: unknown }) => ({
        failure: toRequestFailure(error),
      })),
      clearFailure: assign({ failure: null }),
      clear: assign({ subject: null, saved: null, failure: null }),
      /** Effect: the toast (and what follows) from the server's answer. */
      notifySaved: (_, _params: { subject: Subject | null; output: Output }) => {},
    },
    guards: {
      isDialog: ({ context }) => context.dialog,
      closesAfterSave: ({ context }) => context.afterSave === 'close',
      showsAnswer: ({ context }) => context.afterSave === 'show',
      /** Provided per form: whether the values may go to the server (roles: at least one). */
      valuesAcceptable: (_, _params: { values: Values }) => true,
    },
  }).createMachine({
    id: 'save',
    description:
      'A form or dialog that saves its values once at a time and shows the refusal or the answer.',
    context: ({ input }) => ({ ...input, subject: null, saved: null, failure: null }),
    initial: 'start',
    states: {
      start: {
        description: 'A dialog starts closed; a form starts open.',
        always: [{ guard: 'isDialog', target: 'closed' }, { target: 'editing' }],
      },
      closed: {
        on: {
          'save.open': {
            target: 'editing',
            actions: { type: 'assignSubject', params: ({ event }) => ({ subject: event.subject }) },
          },
        },
      },
      editing: {
        description: 'The form is open; a refusal from the last save is shown, if any.',
        on: {
          'save.close': close,
          'save.submit': {
            guard: { type: 'valuesAcceptable', params: ({ event }) => ({ values: event.values }) },
            target: 'saving',
          },
        },
      },
      saving: {
        tags: ['loading'],
        entry: 'clearFailure',
        invoke: {
          id: 'save',
          src: 'save',
          input: ({ context, event }) => {
            if (event.type !== 'save.submit') throw new Error('Saving needs the values');
            return { subject: context.subject, values: event.values };
          },
          onDone: [
            {
              guard: 'closesAfterSave',
              target: 'closed',
              actions: [
                {
                  type: 'notifySaved',
                  params: ({ context, event }) => ({
                    subject: context.subject,
                    output: event.output,
                  }),
                },
                'clear',
              ],
            },
            {
              guard: 'showsAnswer',
              target: 'saved',
              actions: [
                { type: 'assignSaved', params: ({ event }) => ({ saved: event.output }) },
                {
                  type: 'notifySaved',
                  params: ({ context, event }) => ({
                    subject: context.subject,
                    output: event.output,
                  }),
                },
              ],
            },
            {
              target: 'editing',
              actions: {
                type: 'notifySaved',
                params: ({ context, event }) => ({
                  subject: context.subject,
                  output: event.output,
                }),
              },
            },
          ],
          onError: {
            target: 'editing',
            actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      saved: {
        description: "The server's answer is shown (the link, the message); a dialog may close.",
        on: { 'save.close': close },
      },
    },
  });
}

/** The machine of one use: what a dialog edits, the form's values and the server's answer. */
export type SaveMachine<Subject, Values, Output> = ReturnType<
  typeof defineSave<Subject, Values, Output>
>;

/**
 * Save once, show the refusal (issue #9): the club form, the member roles dialog, the
 * invitation dialog and the password screens. The actor's input (`SaveOptions`) says whether
 * it is a dialog and what a success leads to; effects are the provided `save` actor, the
 * `valuesAcceptable` guard and the `notifySaved` action (src/machines/<resource>.actors.ts).
 */
export const saveMachine = defineSave<unknown, unknown, unknown>();

/** What a use provides: its `save` actor, `valuesAcceptable` guard and `notifySaved` action. */
export type SaveImplementations<Subject, Values, Output> = Parameters<
  SaveMachine<Subject, Values, Output>['provide']
>[0];

/** The one machine, typed for a use; the same object at run time. */
export const saveFor = <Subject, Values, Output>() =>
  saveMachine as unknown as SaveMachine<Subject, Values, Output>;
