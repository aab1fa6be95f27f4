import type { SnapshotFrom } from 'xstate';
import type { invitationCreateMachine } from './invitation-create.machine';

type InvitationCreateSnapshot = SnapshotFrom<typeof invitationCreateMachine>;

export const selectIsOpen = (snapshot: InvitationCreateSnapshot) => !snapshot.matches('closed');

export const selectIsSending = (snapshot: InvitationCreateSnapshot) => snapshot.hasTag('loading');

/** The created invitation and its link, once sent. */
export const selectSent = (snapshot: InvitationCreateSnapshot) => snapshot.context.sent;

export const selectFailure = (snapshot: InvitationCreateSnapshot) => snapshot.context.failure;
