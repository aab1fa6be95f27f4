import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Member } from '../../../contract/members.schema';
import { useUpdateMemberRoles } from '../../api/members.api';
import { memberRolesMachine, type SaveRolesInput } from '../../machines/member-roles.machine';
import { fullName } from './members.columns';

/*
 * The members screen's dialogs' machines with their effects (STYLE.md §2), each made once per
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
