import { and } from 'xstate';
import type { PublicInvitation } from '../../contract/invitations.schema';

/*
 * The `pending` state of the invitation machine (invitation.machine.ts) and the action
 * lists it shares: plain data naming the machine's actions and guards, which `setup`
 * checks there. Kept apart so the machine file stays a readable statechart (STYLE.md §12).
 */

/** Where an accepted invitation leads: a guardian to their children, anyone else home. */
export const homeAfterAccepting = (invitation: PublicInvitation | null) =>
  invitation?.type === 'guardian' ? '/home/parent-dashboard' : '/home';

type SessionChanged = { event: { email: string | null } };
type Token = { context: { token: string } };

/** Keeps why a call failed, for the page to show. */
export const assignFailure = {
  type: 'assignFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** The invitation can be answered: what the page offers depends on who is signed in. */
export const pendingState = {
  initial: 'deciding',
  on: {
    'invitation.sessionChanged': {
      target: '.deciding',
      actions: {
        type: 'assignSession',
        params: ({ event }: SessionChanged) => ({ email: event.email }),
      },
    },
    'invitation.reject': 'confirmingReject',
  },
  states: {
    deciding: {
      always: [
        { guard: 'isInvitee', target: 'ready' },
        // Signed in as someone else: whatever the invitee's account, this session cannot accept.
        { guard: 'isSignedIn', target: 'needsLogin' },
        { guard: 'accountExists', target: 'needsLogin' },
        { target: 'newAccount' },
      ],
    },
    needsLogin: {
      description: "'Esta invitación es para {email}…': log in (or out of another account) first.",
      on: {
        'invitation.login': {
          actions: {
            type: 'goToLogin',
            params: ({ context }: Token) => ({ token: context.token }),
          },
        },
        'invitation.logout': {
          guard: 'isSignedIn',
          actions: { type: 'logout', params: ({ context }: Token) => ({ token: context.token }) },
        },
      },
    },
    newAccount: {
      description: 'The form of the new account: name, last name, password.',
      on: {
        'invitation.accept': {
          guard: and(['hasAccountFields', 'consentGiven']),
          target: '#invitation.accepting',
        },
      },
    },
    ready: {
      description: "Signed in as the invitee: 'Aceptar invitación'.",
      on: { 'invitation.accept': { guard: 'consentGiven', target: '#invitation.accepting' } },
    },
  },
} as const;
