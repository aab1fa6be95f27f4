import { useState } from 'react';
import { useChangeClubSuspension } from '../../api/admin-clubs.api';
import { useChangeUserLock, useSendUserPasswordReset } from '../../api/admin-users.api';
import { toast } from '../../components/toaster';
import {
  type AdminClubsDeps,
  clubSuspensionMachine,
  createClubSuspensionImplementations,
} from '../../machines/admin-clubs.actors';
import {
  type AdminUsersDeps,
  createPasswordResetImplementations,
  createUserLockImplementations,
  passwordResetMachine,
  userLockMachine,
} from '../../machines/admin-users.actors';

/*
 * 'Administración del Sistema''s machines with this screen's dependencies, each made once
 * per screen (STYLE.md §2); what they do is in src/machines/admin-clubs.actors.ts and
 * admin-users.actors.ts.
 */

function useDeps(): AdminClubsDeps & AdminUsersDeps {
  const suspension = useChangeClubSuspension();
  const lock = useChangeUserLock();
  const reset = useSendUserPasswordReset();
  return {
    changeSuspension: (change) => suspension.mutateAsync(change),
    changeLock: (change) => lock.mutateAsync(change),
    sendReset: (id) => reset.mutateAsync(id),
    toast,
  };
}

export function useClubSuspensionLogic() {
  const deps = useDeps();
  const [logic] = useState(() =>
    clubSuspensionMachine.provide(createClubSuspensionImplementations(deps)),
  );
  return logic;
}

export function useUserRowLogic() {
  const deps = useDeps();
  const [logic] = useState(() => ({
    lock: userLockMachine.provide(createUserLockImplementations(deps)),
    reset: passwordResetMachine.provide(createPasswordResetImplementations(deps)),
  }));
  return logic;
}
