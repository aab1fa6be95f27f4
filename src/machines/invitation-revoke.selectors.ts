import type { SnapshotFrom } from 'xstate';
import type { invitationRevokeMachine } from './invitation-revoke.machine';

type InvitationRevokeSnapshot = SnapshotFrom<typeof invitationRevokeMachine>;

/** The invitation the confirmation asks about while it is open (asking or revoking), else null. */
export const selectInvitationToRevoke = (snapshot: InvitationRevokeSnapshot) =>
  snapshot.context.invitation;

export const selectIsRevoking = (snapshot: InvitationRevokeSnapshot) => snapshot.hasTag('loading');
