import { useState } from 'react';
import { useUpdateMemberRoles } from '../../api/members.api';
import {
  createMemberRolesImplementations,
  memberRolesMachine,
} from '../../machines/members.actors';
import { toast } from '../../components/toaster';

/** The 'Cambiar roles' dialog's machine with this screen's dependencies, made once per screen. */
export function useMemberRolesLogic(clubId: number) {
  const update = useUpdateMemberRoles(clubId);
  const [logic] = useState(() =>
    memberRolesMachine.provide(
      createMemberRolesImplementations({
        updateMemberRoles: (change) => update.mutateAsync(change),
        toast,
      }),
    ),
  );
  return logic;
}
