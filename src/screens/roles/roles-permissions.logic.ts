import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Role } from '../../../contract/roles.schema';
import { roleAdminCalls } from '../../api/roles.api';
import { AuthContext } from '../../app/auth-context';
import {
  rolePermissionsMachine,
  type ModuleSave,
  type RoleChoice,
  type RoleConfiguration,
} from '../../machines/role-permissions.machine';

/** The toast after a role was saved. */
export const savedMessage = (roleName: string) => `Permisos de ${roleName} guardados`;

/**
 * The role-permissions machine with this screen's effects (STYLE.md §2), made once per
 * club: calls through the query cache of that club; after a save, a toast and a reload of
 * the session (the person's own permissions may come from the role just changed).
 */
export function useRolePermissionsLogic(clubId: number) {
  const queryClient = useQueryClient();
  const auth = AuthContext.useActorRef();
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() => {
    const calls = roleAdminCalls(queryClient, clubId);
    return rolePermissionsMachine.provide({
      actors: {
        loadRoles: fromPromise<Role[]>(() => calls.loadRoles()),
        loadConfiguration: fromPromise<RoleConfiguration, RoleChoice>(({ input }) =>
          calls.loadConfiguration(input),
        ),
        saveModule: fromPromise<RoleConfiguration, ModuleSave>(({ input }) =>
          calls.saveModule(input),
        ),
      },
      actions: {
        notifySaved: (_, { roleName }) => {
          enqueueSnackbar(savedMessage(roleName));
          auth.send({ type: 'auth.refreshUser' });
        },
      },
    });
  });
  return logic;
}
