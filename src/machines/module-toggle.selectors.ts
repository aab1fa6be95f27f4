import type { SnapshotFrom } from 'xstate';
import type { Module } from '../../contract/modules.schema';
import type { ModuleSwitch, moduleToggleMachine } from './module-toggle.machine';

type ModuleToggleSnapshot = SnapshotFrom<typeof moduleToggleMachine>;

/**
 * The module the "¿Desactivar…?" dialog asks about: while asking, and while switching it off
 * (the dialog waits, busy); else null.
 */
export const selectModuleToSwitchOff = (snapshot: ModuleToggleSnapshot) => {
  const { request } = snapshot.context;
  const asking =
    snapshot.matches('confirmingOff') || (snapshot.matches('toggling') && !request?.isActive);
  return asking ? request : null;
};

/** True while the server is switching a module: every switch and the dialog wait. */
export const selectIsToggling = (snapshot: ModuleToggleSnapshot) => snapshot.hasTag('loading');

/** The switch being sent, whose value the screen shows before the server answers; else null. */
export const selectSwitchInFlight = (snapshot: ModuleToggleSnapshot) =>
  snapshot.matches('toggling') ? snapshot.context.request : null;

/** Whether a module's switch shows on: the value being sent for it, else the server's. */
export const isShownActive = (module: Module, inFlight: ModuleSwitch | null) =>
  inFlight?.id === module.id ? inFlight.isActive : module.is_active;
