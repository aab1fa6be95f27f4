import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Module } from '../../../contract/modules.schema';
import { useToggleModule } from '../../api/modules.api';
import { AuthContext } from '../../app/auth-context';
import { moduleToggleMachine, type ModuleSwitch } from '../../machines/module-toggle.machine';

/** The toast after a module was switched. */
export const toggledMessage = (module: Pick<Module, 'name' | 'is_active'>) =>
  `Módulo ${module.name} ${module.is_active ? 'activado' : 'desactivado'}`;

/**
 * The module-toggle machine with this screen's effects (STYLE.md §2), made once: the switch
 * through the modules API (which refreshes the modules and the roles' configurations), a
 * toast either way, and the session read again (the sidebar lists the active modules).
 */
export function useModuleToggleLogic() {
  const toggle = useToggleModule();
  const auth = AuthContext.useActorRef();
  const { enqueueSnackbar } = useSnackbar();
  const [logic] = useState(() =>
    moduleToggleMachine.provide({
      actors: {
        toggle: fromPromise<Module, ModuleSwitch>(({ input }) =>
          toggle.mutateAsync({ id: input.id, isActive: input.isActive }),
        ),
      },
      actions: {
        notifyToggled: (_, { module }) => {
          enqueueSnackbar(toggledMessage(module));
          auth.send({ type: 'auth.refreshUser' });
        },
        notifyRefused: (_, { message }) => enqueueSnackbar(message, { variant: 'destructive' }),
      },
    }),
  );
  return logic;
}
