import { assign, fromPromise, setup } from 'xstate';
import { toRequestFailure } from '../lib/request-failure';

/** The pending invitation the confirmation is about. */
export interface InvitationToRevoke {
  id: number;
  email: string;
}

export interface InvitationRevokeContext {
  invitation: InvitationToRevoke | null;
}

export type InvitationRevokeEvent =
  | { type: 'revoke.ask'; invitation: InvitationToRevoke }
  | { type: 'revoke.cancel' }
  | { type: 'revoke.confirm' };

/**
 * 'Anular' on a pending invitation (issue #4): ask first, then revoke once; the outcome is
 * told by `notifyRevoked` / `notifyRefused` (toasts, provided by the screen).
 */
export const invitationRevokeMachine = setup({
  types: {
    context: {} as InvitationRevokeContext,
    events: {} as InvitationRevokeEvent,
  },
  actors: {
    revoke: fromPromise<void, InvitationToRevoke>(() =>
      Promise.reject(new Error('revoke is not provided')),
    ),
  },
  actions: {
    assignInvitation: assign((_, { invitation }: { invitation: InvitationToRevoke }) => ({
      invitation,
    })),
    clearInvitation: assign({ invitation: null }),
    notifyRevoked: (_, _params: { email: string }) => {},
    notifyRefused: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'invitationRevoke',
  description:
    'Asks before revoking an invitation, then revokes it or says why the server refused.',
  context: { invitation: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'revoke.ask': {
          target: 'confirming',
          actions: {
            type: 'assignInvitation',
            params: ({ event }) => ({ invitation: event.invitation }),
          },
        },
      },
    },
    confirming: {
      description: 'The dialog asks "¿Anular la invitación de {email}?".',
      on: {
        'revoke.cancel': { target: 'idle', actions: 'clearInvitation' },
        'revoke.confirm': 'revoking',
      },
    },
    revoking: {
      tags: ['loading'],
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => {
          if (!context.invitation) throw new Error('No invitation to revoke');
          return context.invitation;
        },
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notifyRevoked',
              params: ({ context }) => ({ email: context.invitation?.email ?? '' }),
            },
            'clearInvitation',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyRefused',
              params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
            },
            'clearInvitation',
          ],
        },
      },
    },
  },
});
