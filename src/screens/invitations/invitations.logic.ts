import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  invitationMessages,
  type InvitationCreateInput,
} from '../../../contract/invitations.schema';
import { useCreateInvitation, useRevokeInvitation } from '../../api/invitations.api';
import {
  invitationCreateMachine,
  type SentInvitation,
} from '../../machines/invitation-create.machine';
import {
  invitationRevokeMachine,
  type InvitationToRevoke,
} from '../../machines/invitation-revoke.machine';

/*
 * The invitation dialogs' machines with their effects (STYLE.md §2), each made once per
 * screen: the API mutations (which refresh the pending list) and the toasts.
 */

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
