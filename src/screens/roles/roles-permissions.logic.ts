import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { roleAdminCalls } from '../../api/roles.api';
import { AuthContext } from '../../app/auth-context';
import {
  createRolePermissionsActions,
  createRolePermissionsActors,
} from '../../machines/roles-permissions.actors';
import { rolePermissionsMachine } from '../../machines/roles-permissions.machine';
import { toast } from '../../components/toaster';

/**
 * The roles-permissions machine with this screen's effects (STYLE.md §2), made once per
 * club: calls through the query cache of that club; after a save, a toast and a reload of
 * the session.
 */
export function useRolePermissionsLogic(clubId: number) {
  const queryClient = useQueryClient();
  const auth = AuthContext.useActorRef();
  const [logic] = useState(() =>
    rolePermissionsMachine.provide({
      actors: createRolePermissionsActors(roleAdminCalls(queryClient, clubId)),
      actions: createRolePermissionsActions({
        toast,
        refreshUser: () => auth.send({ type: 'auth.refreshUser' }),
      }),
    }),
  );
  return logic;
}
