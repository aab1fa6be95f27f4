import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  invitationMessages,
  type InvitationCreateInput,
} from '../../../contract/invitation.schema';
import type { Member } from '../../../contract/member.schema';
import { useCreateInvitation, useRevokeInvitation } from '../../api/invitations.api';
import { useUpdateMemberRoles } from '../../api/members.api';
import {
  invitationCreateMachine,
  type SentInvitation,
} from '../../machines/invitation-create.machine';
import {
  invitationRevokeMachine,
  type InvitationToRevoke,
} from '../../machines/invitation-revoke.machine';
import { memberRolesMachine, type SaveRolesInput } from '../../machines/member-roles.machine';
import { fullName } from './users-roles.columns';

/*
 * The users-roles dialogs' machines with their effects (STYLE.md §2), each made once per
 * screen: the API mutations (which refresh the grid or the pending list) and the toasts.
 */

export function useMemberRolesLogic(clubId: number) {
  const update = useUpdateMemberRoles(clubId);
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    memberRolesMachine.provide({
      actors: {
        save: fromPromise<Member, SaveRolesInput>(({ input }) => update.mutateAsync(input)),
      },
      actions: {
        notifySaved: (_, { member }) =>
          enqueueSnackbar(`Roles de ${fullName(member)} actualizados`),
      },
    }),
  );
  return logic;
}

export function useInvitationCreateLogic(clubId: number) {
  const create = useCreateInvitation(clubId);
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    invitationCreateMachine.provide({
      actors: {
        send: fromPromise<SentInvitation, InvitationCreateInput>(({ input }) =>
          create.mutateAsync(input),
        ),
      },
      actions: {
        notifySent: (_, { email }) => enqueueSnackbar(invitationMessages.sent(email)),
      },
    }),
  );
  return logic;
}

export function useInvitationRevokeLogic(clubId: number) {
  const revoke = useRevokeInvitation(clubId);
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    invitationRevokeMachine.provide({
      actors: {
        revoke: fromPromise<void, InvitationToRevoke>(({ input }) => revoke.mutateAsync(input.id)),
      },
      actions: {
        notifyRevoked: (_, { email }) => enqueueSnackbar(`Invitación a ${email} anulada`),
        notifyRefused: (_, { message }) => enqueueSnackbar(message, { variant: 'destructive' }),
      },
    }),
  );
  return logic;
}
