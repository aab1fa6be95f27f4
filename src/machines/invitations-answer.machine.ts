import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AuthResponse } from '../../contract/auth.schema';
import type {
  InvitationAcceptNewAccount,
  PublicInvitation,
} from '../../contract/invitations.schema';
import { toRequestFailure, type RequestFailure } from '../lib/request-failure';

export interface InvitationInput {
  token: string;
  /** The e-mail of the signed-in user, or null when nobody is signed in. */
  sessionEmail: string | null;
}

export interface InvitationContext extends InvitationInput {
  invitation: PublicInvitation | null;
  /** Why loading, accepting or rejecting failed. */
  failure: RequestFailure | null;
}

export type InvitationEvent =
  | { type: 'invitation.sessionChanged'; email: string | null }
  | { type: 'invitation.retry' }
  | { type: 'invitation.login' }
  | { type: 'invitation.logout' }
  | {
      type: 'invitation.accept';
      account?: InvitationAcceptNewAccount;
      /** A guardian invitation: the data-processing text was accepted (Ley 1581). */
      acceptDataPolicy?: boolean;
    }
  | { type: 'invitation.reject' }
  | { type: 'reject.cancel' }
  | { type: 'reject.confirm' };

/**
 * What the accept call needs: the token, the new account's fields when there is none, and
 * for a guardian invitation the version of the data-processing text accepted (the call
 * then goes to /api/parents/register/{token}).
 */
export interface AcceptInput {
  token: string;
  account?: InvitationAcceptNewAccount;
  consent?: { version: string };
}

const statusOf = (error: unknown) => toRequestFailure(error).status;

/*
 * The `pending` state and the action lists the machine shares: plain data naming the
 * actions and guards below, which `setup` checks.
 */

/** Where an accepted invitation leads: a guardian to their children, anyone else home. */
export const homeAfterAccepting = (invitation: PublicInvitation | null) =>
  invitation?.type === 'guardian' ? '/home/parent-dashboard' : '/home';

type SessionChanged = { event: { email: string | null } };
type Token = { context: { token: string } };

/** Keeps why a call failed, for the page to show. */
const assignFailure = {
  type: 'assignFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** The invitation can be answered: what the page offers depends on who is signed in. */
const pendingState = {
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
          target: '#invitationsAnswer.accepting',
        },
      },
    },
    ready: {
      description: "Signed in as the invitee: 'Aceptar invitación'.",
      on: {
        'invitation.accept': { guard: 'consentGiven', target: '#invitationsAnswer.accepting' },
      },
    },
  },
} as const;

/**
 * The public page /invitation/{token} (issue #4): load the invitation, then let the invitee
 * accept it (signed in as the invited e-mail, or creating the account) or reject it. The
 * session comes from the auth actor (`invitation.sessionChanged`); a new session after
 * accepting is handed back to it by `startSession`.
 */
export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as InvitationInput,
  },
  actors: {
    load: fromPromise<PublicInvitation, string>(() =>
      Promise.reject(new Error('load is not provided')),
    ),
    accept: fromPromise<AuthResponse, AcceptInput>(() =>
      Promise.reject(new Error('accept is not provided')),
    ),
    reject: fromPromise<void, string>(() => Promise.reject(new Error('reject is not provided'))),
  },
  actions: {
    /** Remembers /invitation/{token} as `redirectAfterLogin` and goes to /login. */
    goToLogin: (_, _params: { token: string }) => {},
    /** Remembers /invitation/{token} and ends the other person's session. */
    logout: (_, _params: { token: string }) => {},
    /** Hands `{ token, user }` to the auth actor (`auth.sessionStarted`). */
    startSession: (_, _params: { response: AuthResponse }) => {},
    /** Toasts "Ya eres parte de {club}" and goes to `home` (homeAfterAccepting). */
    notifyAccepted: (_, _params: { club: string; home: string }) => {},
    notifyRejected: () => {},

    assignInvitation: assign((_, { invitation }: { invitation: PublicInvitation }) => ({
      invitation,
      failure: null,
    })),
    assignFailure: assign((_, { error }: { error: unknown }) => ({
      failure: toRequestFailure(error),
    })),
    clearFailure: assign({ failure: null }),
    assignSession: assign((_, { email }: { email: string | null }) => ({ sessionEmail: email })),
  },
  guards: {
    isPending: (_, { invitation }: { invitation: PublicInvitation }) =>
      invitation.status === 'pending',
    isMissing: (_, { error }: { error: unknown }) => [400, 404].includes(statusOf(error) ?? 0),
    mustLogIn: (_, { error }: { error: unknown }) => [401, 403].includes(statusOf(error) ?? 0),
    /** 422/404/410: expired, already answered or revoked meanwhile; nothing left to do here. */
    isClosed: (_, { error }: { error: unknown }) => [404, 410, 422].includes(statusOf(error) ?? 0),
    isInvitee: ({ context }) =>
      context.sessionEmail !== null &&
      context.sessionEmail.toLowerCase() === context.invitation?.email.toLowerCase(),
    isSignedIn: ({ context }) => context.sessionEmail !== null,
    accountExists: ({ context }) => context.invitation?.account_exists === true,
    hasAccountFields: ({ event }) => event.type === 'invitation.accept' && !!event.account,
    /** A guardian invitation is accepted only with its data-processing text. */
    consentGiven: ({ context, event }) =>
      !context.invitation?.guardian ||
      (event.type === 'invitation.accept' && event.acceptDataPolicy === true),
  },
}).createMachine({
  id: 'invitationsAnswer',
  description:
    'The public invitation page: load, then accept (logging in or creating the account; a guardian also accepts the data-processing text) or reject.',
  context: ({ input }) => ({ ...input, invitation: null, failure: null }),
  initial: 'loading',
  on: {
    'invitation.sessionChanged': {
      actions: { type: 'assignSession', params: ({ event }) => ({ email: event.email }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.token,
        onDone: [
          {
            guard: { type: 'isPending', params: ({ event }) => ({ invitation: event.output }) },
            target: 'pending',
            actions: {
              type: 'assignInvitation',
              params: ({ event }) => ({ invitation: event.output }),
            },
          },
          {
            target: 'unavailable',
            actions: {
              type: 'assignInvitation',
              params: ({ event }) => ({ invitation: event.output }),
            },
          },
        ],
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: assignFailure,
          },
        ],
      },
    },
    notFound: { description: 'No invitation has this token.' },
    loadFailed: {
      description: 'The server could not be asked; the page offers to try again.',
      on: { 'invitation.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    unavailable: {
      description: 'Expired, accepted, rejected or revoked: the page says which.',
    },
    pending: pendingState,
    confirmingReject: {
      description: '¿Rechazar la invitación?',
      on: {
        'reject.cancel': 'pending',
        'reject.confirm': 'rejecting',
      },
    },
    accepting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context, event }) => {
          assertEvent(event, 'invitation.accept');
          // Signed in as the invitee, the body is empty whatever the event carried.
          const guardian = context.invitation?.guardian;
          return {
            token: context.token,
            account: context.sessionEmail ? undefined : event.account,
            ...(guardian ? { consent: { version: guardian.data_policy.version } } : {}),
          };
        },
        onDone: {
          target: 'accepted',
          actions: [
            { type: 'startSession', params: ({ event }) => ({ response: event.output }) },
            {
              type: 'notifyAccepted',
              params: ({ context }) => ({
                club: context.invitation?.club.name ?? '',
                home: homeAfterAccepting(context.invitation),
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'mustLogIn', params: ({ event }) => ({ error: event.error }) },
            target: 'pending.needsLogin',
            actions: assignFailure,
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: assignFailure,
          },
          {
            description: 'Refused fields or no connection: back to the form with the reason.',
            target: 'pending',
            actions: assignFailure,
          },
        ],
      },
    },
    rejecting: {
      tags: ['loading'],
      entry: 'clearFailure',
      invoke: {
        id: 'reject',
        src: 'reject',
        input: ({ context }) => context.token,
        onDone: { target: 'rejected', actions: 'notifyRejected' },
        onError: [
          {
            guard: { type: 'isClosed', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: assignFailure,
          },
          {
            target: 'pending',
            actions: assignFailure,
          },
        ],
      },
    },
    accepted: { type: 'final', description: 'The session is started; the app goes home.' },
    rejected: { type: 'final', description: 'Rechazaste la invitación.' },
    failed: {
      type: 'final',
      description: 'The invitation expired or was answered or revoked meanwhile: says why.',
    },
  },
});
