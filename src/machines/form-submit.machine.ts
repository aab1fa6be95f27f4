import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageResponse } from '../../contract/auth.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

export interface FormSubmitContext {
  /** The server's message after a successful submit. */
  message: string | null;
  /** The server's message and field errors after a failed submit. */
  failure: RequestFailure | null;
}

/** The values of the form, as react-hook-form hands them over; the submit actor parses them. */
export type FormValues = Record<string, unknown>;

export type FormSubmitEvent = { type: 'form.submit'; values: FormValues };

/**
 * A form whose submit calls the server once and shows its answer: the password forms
 * (forgot, reset). The `submit` actor is provided per form and parses its own values.
 */
export const formSubmitMachine = setup({
  types: {
    context: {} as FormSubmitContext,
    events: {} as FormSubmitEvent,
  },
  actors: {
    submit: fromPromise<MessageResponse, FormValues>(() =>
      Promise.reject(new Error('submit is not provided')),
    ),
  },
  actions: {
    assignMessage: assign((_, { message }: { message: string }) => ({ message, failure: null })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'formSubmit',
  description: 'A form that sends its values once and shows the answer or the refusal.',
  context: { message: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return event.values;
        },
        onDone: {
          target: 'succeeded',
          actions: {
            type: 'assignMessage',
            params: ({ event }) => ({ message: event.output.message }),
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    succeeded: {
      description: 'Shows the server message; the form is done.',
    },
    failed: {
      description: 'Shows the message and field errors; the user may correct and resend.',
      on: { 'form.submit': 'submitting' },
    },
  },
});
