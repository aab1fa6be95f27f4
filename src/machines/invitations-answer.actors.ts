import { fromPromise } from 'xstate';
import type { AuthResponse } from '../../contract/auth.schema';
import {
  invitationMessages,
  type InvitationAcceptNewAccount,
  type PublicInvitation,
} from '../../contract/invitations.schema';
import type { GuardianRegisterInput } from '../../contract/parents.schema';
import type { AcceptInput, invitationMachine } from './invitations-answer.machine';

/**
 * The public invitation calls the page needs, described here (machines may not import
 * src/api); src/api/invitations.api.ts satisfies it, tests fake it at the fetch level.
 */
export interface InvitationApi {
  getPublicInvitation(token: string): Promise<PublicInvitation>;
  acceptInvitation(token: string, account?: InvitationAcceptNewAccount): Promise<AuthResponse>;
  rejectInvitation(token: string): Promise<void>;
  /** A guardian invitation: the acceptance plus the data-processing consent. */
  registerGuardian(token: string, body: GuardianRegisterInput): Promise<AuthResponse>;
}

type InvitationImplementations = Parameters<typeof invitationMachine.provide>[0];

/** The invitations-answer machine's actors on top of the API. */
export function createInvitationActors(api: InvitationApi) {
  return {
    load: fromPromise<PublicInvitation, string>(({ input }) => api.getPublicInvitation(input)),
    accept: fromPromise<AuthResponse, AcceptInput>(({ input }) =>
      input.consent
        ? api.registerGuardian(input.token, {
            ...input.account,
            accept_data_policy: true,
            data_policy_version: input.consent.version,
          })
        : api.acceptInvitation(input.token, input.account),
    ),
    reject: fromPromise<void, string>(({ input }) => api.rejectInvitation(input)),
  } satisfies InvitationImplementations['actors'];
}

/** What the page's actions act on: the router, the stored return path, the session, toasts. */
export interface InvitationEffectDeps {
  navigate: (to: string) => void;
  /** Stores the page to come back to after the login (`redirectAfterLogin`). */
  rememberPage: (path: string) => void;
  /** The auth actor's `send`. */
  sendToAuth: (
    event: { type: 'auth.logout' } | { type: 'auth.sessionStarted'; response: AuthResponse },
  ) => void;
  toast: (message: string) => void;
}

/** The invitations-answer machine's effect actions. */
export function createInvitationActions(deps: InvitationEffectDeps) {
  const comeBackTo = (token: string) => deps.rememberPage(`/invitation/${token}`);
  return {
    goToLogin: (_: unknown, { token }: { token: string }) => {
      comeBackTo(token);
      deps.navigate('/login');
    },
    logout: (_: unknown, { token }: { token: string }) => {
      comeBackTo(token);
      deps.sendToAuth({ type: 'auth.logout' });
    },
    startSession: (_: unknown, { response }: { response: AuthResponse }) =>
      deps.sendToAuth({ type: 'auth.sessionStarted', response }),
    notifyAccepted: (_: unknown, { club, home }: { club: string; home: string }) => {
      deps.toast(invitationMessages.accepted(club));
      // The route guard sends a new account on to its onboarding.
      deps.navigate(home);
    },
    notifyRejected: () => deps.toast(invitationMessages.rejected),
  } satisfies InvitationImplementations['actions'];
}
