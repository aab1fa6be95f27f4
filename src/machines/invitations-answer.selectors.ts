import type { SnapshotFrom } from 'xstate';
import type { invitationMachine } from './invitations-answer.machine';

type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;

/** What the page shows: one view per state of the invitations-answer machine. */
export type InvitationView =
  | 'loading'
  | 'notFound'
  | 'loadFailed'
  | 'unavailable'
  | 'needsLogin'
  | 'newAccount'
  | 'ready'
  | 'confirmingReject'
  | 'accepted'
  | 'rejected'
  | 'failed';

export const selectView = (snapshot: InvitationSnapshot): InvitationView => {
  if (snapshot.matches({ pending: 'needsLogin' })) return 'needsLogin';
  if (snapshot.matches({ pending: 'newAccount' })) return 'newAccount';
  if (snapshot.matches({ pending: 'ready' })) return 'ready';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.matches('confirmingReject') || snapshot.matches('rejecting')) {
    return 'confirmingReject';
  }
  if (snapshot.matches('accepted')) return 'accepted';
  if (snapshot.matches('rejected')) return 'rejected';
  if (snapshot.matches('failed')) return 'failed';
  // Accepting keeps the view it came from (busy, see selectIsBusy): the form without a session.
  return snapshot.context.sessionEmail ? 'ready' : 'newAccount';
};

export const selectInvitation = (snapshot: InvitationSnapshot) => snapshot.context.invitation;

/** A guardian invitation's children and data-processing text, else null. */
export const selectGuardian = (snapshot: InvitationSnapshot) =>
  snapshot.context.invitation?.guardian ?? null;

export const selectFailure = (snapshot: InvitationSnapshot) => snapshot.context.failure;

/** The signed-in user's e-mail, or null. */
export const selectSessionEmail = (snapshot: InvitationSnapshot) => snapshot.context.sessionEmail;

/** Accepting or rejecting (or loading): buttons wait. */
export const selectIsBusy = (snapshot: InvitationSnapshot) => snapshot.hasTag('loading');

export const selectIsRejecting = (snapshot: InvitationSnapshot) => snapshot.matches('rejecting');

export const selectCanReject = (snapshot: InvitationSnapshot) =>
  snapshot.can({ type: 'invitation.reject' });
