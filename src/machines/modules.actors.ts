import { fromPromise } from 'xstate';
import type { Module } from '../../contract/modules.schema';
import {
  confirmActionFor,
  type ConfirmActionEvent,
  type ConfirmActionImplementations,
} from './confirm-action.machine';
import type { Toast } from './toast';

/*
 * 'Módulos activos' in Gestión de Roles with its effects (STYLE.md §2): the API call is a
 * plain function described here; src/api/modules.api.ts's mutation (which refreshes the
 * modules and the roles' configurations) satisfies it, tests pass fakes.
 */

/** One switch asked for: the module (enough to name it and call the server) and its new value. */
export interface ModuleSwitch {
  id: number;
  name: string;
  isActive: boolean;
}

/** One actor for the section: while a switch is sent, every switch waits. */
export const moduleToggleMachine = confirmActionFor<ModuleSwitch, Module>();

/**
 * The request of a switch: a module switched off disappears for every club, so that asks
 * first; switching one on goes straight to the server.
 */
export const moduleSwitchRequest = (
  module: Pick<Module, 'id' | 'name'>,
  isActive: boolean,
): ConfirmActionEvent<ModuleSwitch> => ({
  type: 'action.request',
  subject: { id: module.id, name: module.name, isActive },
  confirm: !isActive,
});

/** Whether a module's switch shows on: the value being sent for it, else the server's. */
export const isShownActive = (module: Module, inFlight: ModuleSwitch | null) =>
  inFlight?.id === module.id ? inFlight.isActive : module.is_active;

/** The toast after a module was switched, from the server's answer. */
export const toggledMessage = (module: Pick<Module, 'name' | 'is_active'>) =>
  `Módulo ${module.name} ${module.is_active ? 'activado' : 'desactivado'}`;

export interface ModuleToggleDeps {
  toggleModule: (change: { id: number; isActive: boolean }) => Promise<Module>;
  /** The session is read again: the sidebar lists the active modules. */
  refreshSession: () => void;
  toast: Toast;
}

export function createModuleToggleImplementations(deps: ModuleToggleDeps) {
  return {
    actors: {
      run: fromPromise<Module, { subject: ModuleSwitch }>(({ input }) =>
        deps.toggleModule({ id: input.subject.id, isActive: input.subject.isActive }),
      ),
    },
    actions: {
      notifyDone: (_, { output }) => {
        deps.toast(toggledMessage(output));
        deps.refreshSession();
      },
      notifyRefused: (_, { message }) => deps.toast(message, { variant: 'destructive' }),
    },
  } satisfies ConfirmActionImplementations<ModuleSwitch, Module>;
}
