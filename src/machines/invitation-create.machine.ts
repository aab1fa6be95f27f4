import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ClubInvitation, InvitationCreateInput } from '../../contract/invitations.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

/** The invitation the server created, with the link it shows once. */
export type SentInvitation = ClubInvitation & { invitation_url: string };

export interface InvitationCreateContext {
  sent: SentInvitation | null;
  /** The server's message and field errors after a refused invitation. */
  failure: RequestFailure | null;
}

export type InvitationCreateEvent =
  | { type: 'invite.open' }
  | { type: 'invite.close' }
  | { type: 'invite.submit'; values: InvitationCreateInput };

/**
 * 'Invitar usuario' (issue #4): the dialog's form sends the invitation once, then shows the
 * link to copy (`notifySent` toasts it) or keeps the form with the server's reasons.
 */
export const invitationCreateMachine = setup({
  types: {
    context: {} as InvitationCreateContext,
    events: {} as InvitationCreateEvent,
  },
  actors: {
    send: fromPromise<SentInvitation, InvitationCreateInput>(() =>
      Promise.reject(new Error('send is not provided')),
    ),
  },
  actions: {
    notifySent: (_, _params: { email: string }) => {},
    assignSent: assign((_, { sent }: { sent: SentInvitation }) => ({ sent, failure: null })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clear: assign({ sent: null, failure: null }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'invitationCreate',
  description: "The 'Invitar usuario' dialog: e-mail and role, sent once, then the link to share.",
  context: { sent: null, failure: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'invite.open': { target: 'editing', actions: 'clear' } },
    },
    editing: {
      description: 'Correo and Rol; a refusal shows its message and field errors here.',
      on: {
        'invite.close': { target: 'closed', actions: 'clear' },
        'invite.submit': 'sending',
      },
    },
    sending: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }) => {
          assertEvent(event, 'invite.submit');
          return event.values;
        },
        onDone: {
          target: 'sent',
          actions: [
            { type: 'assignSent', params: ({ event }) => ({ sent: event.output }) },
            { type: 'notifySent', params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sent: {
      description: "'Le enviamos un correo a {email}…' and the link with 'Copiar enlace'.",
      on: { 'invite.close': { target: 'closed', actions: 'clear' } },
    },
  },
});
