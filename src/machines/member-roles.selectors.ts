import type { SnapshotFrom } from 'xstate';
import type { memberRolesMachine } from './member-roles.machine';

type MemberRolesSnapshot = SnapshotFrom<typeof memberRolesMachine>;

/** The member the dialog edits while it is open, else null. */
export const selectMemberToEdit = (snapshot: MemberRolesSnapshot) => snapshot.context.member;

export const selectIsSaving = (snapshot: MemberRolesSnapshot) => snapshot.hasTag('loading');

export const selectFailure = (snapshot: MemberRolesSnapshot) => snapshot.context.failure;
