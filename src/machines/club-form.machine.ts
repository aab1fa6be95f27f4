import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Club } from '../../contract/clubs.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

export interface ClubFormContext {
  /** The server's message and field errors after a refused save; null otherwise. */
  failure: RequestFailure | null;
}

/** The form's values as react-hook-form hands them over (already checked with the contract). */
export type ClubFormValues = Record<string, unknown>;

export type ClubFormEvent = { type: 'club.save'; values: ClubFormValues };

/**
 * The create/edit club form (issue #4): each save calls the server once; a success runs
 * `notifySaved` (toast, select the new club, navigate: provided by the screen) and the
 * form stays usable, so an edited club can be saved again.
 */
export const clubFormMachine = setup({
  types: {
    context: {} as ClubFormContext,
    events: {} as ClubFormEvent,
  },
  actors: {
    save: fromPromise<Club, ClubFormValues>(() =>
      Promise.reject(new Error('save is not provided')),
    ),
  },
  actions: {
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
    notifySaved: (_, _params: { club: Club }) => {},
  },
}).createMachine({
  id: 'clubForm',
  description: 'Creates or edits a club: one save at a time, the refusal shown on the form.',
  context: { failure: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is open; a refusal from the last save is shown, if any.',
      on: { 'club.save': 'saving' },
    },
    saving: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => {
          assertEvent(event, 'club.save');
          return event.values;
        },
        onDone: {
          target: 'editing',
          actions: { type: 'notifySaved', params: ({ event }) => ({ club: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
