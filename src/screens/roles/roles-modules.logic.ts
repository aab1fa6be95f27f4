import { useState } from 'react';
import { useToggleModule } from '../../api/modules.api';
import { AuthContext } from '../../app/auth-context';
import {
  createModuleToggleImplementations,
  moduleToggleMachine,
} from '../../machines/modules.actors';
import { toast } from '../../components/toaster';

/** The module switches' machine with this screen's dependencies, made once (STYLE.md §2). */
export function useModuleToggleLogic() {
  const toggle = useToggleModule();
  const auth = AuthContext.useActorRef();
  const [logic] = useState(() =>
    moduleToggleMachine.provide(
      createModuleToggleImplementations({
        toggleModule: (change) => toggle.mutateAsync(change),
        refreshSession: () => auth.send({ type: 'auth.refreshUser' }),
        toast,
      }),
    ),
  );
  return logic;
}
